// Entry point: routes by the URL hash. #/ lobby, #/room/{id} table (join by link), #/guide.
import { getLang, setLang, t } from "./i18n.js";
import { deckStyle, loadNames, setDeckStyle } from "./cards.js";
import { setSound, soundOn } from "./sound.js";
import { loadPresets, showLobby } from "./lobby.js";
import { banner } from "./dom.js";

let current = null; // the page object with a dispose() method
let routes = 0; // the routes taken so far: a page that finished loading after a newer one is dropped
// the table this page showed last (its hash): the guide, opened from the top bar during a game,
// leads back to it (QA 19: only the browser's back button did)
let lastTable = null;

function chrome() {
  document.documentElement.lang = getLang();
  document.title = t("title");
  document.getElementById("nav-lobby").textContent = t("lobby");
  document.getElementById("nav-guide").textContent = t("guide");
  document.getElementById("lang-toggle").textContent = t("lang");
  const snd = document.getElementById("sound-toggle");
  snd.textContent = soundOn() ? t("soundOn") : t("soundOff");
  snd.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  snd.title = t("soundTitle");
  const deck = document.getElementById("deck-toggle");
  deck.textContent = deckStyle() === "traditional" ? t("deckTraditional") : t("deckClear");
  deck.title = t("deckTitle");
  // the narrow bar's CSS drops the logo for the longest label (English, "Traditional deck")
  document.querySelector(".topbar").dataset.deck = deckStyle();
}

document.getElementById("sound-toggle").addEventListener("click", () => { setSound(!soundOn()); chrome(); });
document.addEventListener("gostop-sound", chrome);
document.getElementById("deck-toggle").addEventListener("click", () => {
  setDeckStyle(deckStyle() === "traditional" ? "clear" : "traditional");
  if (current && current.relabel) { chrome(); current.relabel(); } else route();
});

async function route() {
  const mine = ++routes;
  // whether this route is still the page's: one taken while this one loaded (the lobby waits
  // for the presets; a link clicked meanwhile) replaces it, and it draws nothing any more (it
  // drew its lobby under the newer page, whose sockets and timers were then never disposed)
  const live = () => mine === routes;
  if (current && current.dispose) current.dispose();
  current = null;
  banner(null);
  const main = document.getElementById("app");
  main.replaceChildren();
  const hash = location.hash.replace(/^#/, "") || "/";
  const parts = hash.split("/").filter(Boolean);
  chrome();
  try {
    // the table and the guide load when asked for (index.html preloads them after the lobby's
    // modules): the lobby does not wait on them
    let page;
    if (parts[0] === "room" && parts[1]) {
      const room = await import("./room.js");
      if (!live()) return;
      lastTable = `#/${parts.join("/")}`;
      page = await room.showRoom(main, decodeURIComponent(parts[1]), live);
    } else if (parts[0] === "guide") {
      const guide = await import("./guide.js");
      if (!live()) return;
      page = await guide.showGuide(main, parts[1] || "", live, lastTable);
    } else page = await showLobby(main, live);
    if (!live()) { if (page && page.dispose) page.dispose(); return; }
    current = page;
  } catch (err) {
    if (!live()) return;
    console.error(err);
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = `${t("error")}: ${err.message}`;
    main.appendChild(p);
  }
}

document.getElementById("lang-toggle").addEventListener("click", () => {
  setLang(getLang() === "ko" ? "en" : "ko");
  if (current && current.relabel) { chrome(); current.relabel(); } else route();
});

window.addEventListener("hashchange", route);
// the card names and the presets load side by side (both are preloaded by index.html)
loadPresets().catch(() => null);
loadNames().then(route, route);
