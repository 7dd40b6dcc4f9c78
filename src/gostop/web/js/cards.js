// Cards: names (from cards/names.json, written by the deck generator), images and kinds.
import { getLang } from "./i18n.js";

let NAMES = {};

export async function loadNames() {
  const res = await fetch("/cards/names.json");
  NAMES = await res.json();
}

// The deck style: "clear" (light, for learners: cards/) or "traditional" (the saturated colours
// of printed hwatu: cards/trad/), remembered in localStorage.
const STYLES = { clear: "/cards/", traditional: "/cards/trad/" };
let style = STYLES[localStorage.getItem("gostop.deck")] ? localStorage.getItem("gostop.deck") : "clear";

export function deckStyle() { return style; }

export function setDeckStyle(value) {
  style = STYLES[value] ? value : "clear";
  localStorage.setItem("gostop.deck", style);
}

/** Base code of a card: a joker copy JK1-2 is drawn as JK1. */
export function baseCode(code) { return code.startsWith("JK") ? code.slice(0, 3) : code; }

/** Accessible name, e.g. "January bright, crane and sun". A second copy of a joker (JK2-2:
 * Matgo plays two JK2) is the same card and has the same name: the copy's number is the
 * engine's, never the player's ("조커 2 (2) 공개" read as a second kind of joker). */
export function cardName(code) {
  const entry = NAMES[baseCode(code)];
  if (!entry) return code;
  return entry[getLang()] || entry.en;
}

/** A card's name in `lang` ("en" or "ko"), whatever the page's language. */
export function cardNameIn(code, lang) {
  const entry = NAMES[baseCode(code)];
  return entry ? entry[lang] || entry.en : code;
}

export function cardMonth(code) { return code.startsWith("JK") ? 0 : parseInt(code.slice(0, 2), 10); }

/** Capture group of a card: bright, animal, ribbon or junk (double junk and jokers are junk). */
export function cardGroup(code) {
  if (code.startsWith("JK")) return "junk";
  return { B: "bright", A: "animal", R: "ribbon" }[code[2]] || "junk";
}

/** Printed junk value (RULES.md SCORE-7 defaults; the server's scores are authoritative). */
export function junkValue(code) {
  if (code.startsWith("JK")) return { 1: 1, 2: 2, 3: 3 }[code[2]] || 0;
  if (code[2] === "D") return 2;
  return code[2] === "J" ? 1 : 0;
}

/**
 * An element showing one card. `opts.size` is a CSS class (sm, md, lg); `opts.button` makes it
 * a <button>. Every card carries its accessible name and its code in data-code.
 */
export function cardEl(code, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = `card ${opts.size || "md"}`;
  if (code === "back" || !code) {
    el.classList.add("back");
    el.setAttribute("aria-label", cardName("back"));
  } else {
    el.dataset.code = code;
    el.dataset.month = String(cardMonth(code));
    el.setAttribute("aria-label", cardName(code));
    el.title = cardName(code);
  }
  if (!opts.button) el.setAttribute("role", "img");
  const img = document.createElement("img");
  // The card's bitmap (cards/CODE.png, drawn from CODE.svg by scripts/card_bitmaps.py): an SVG
  // shown in the page is drawn anew, every shape of it, whenever the table is painted (and the
  // table is drawn anew on every update); a bitmap is only copied. In Chromium that is about a
  // fifth of the renderer's work in a hand against bots (docs/benchmarks.md).
  img.src = `${STYLES[style]}${code === "back" || !code ? "back" : baseCode(code)}.png`;
  img.alt = "";
  img.draggable = false;
  el.appendChild(img);
  return el;
}
