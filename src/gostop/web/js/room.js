// A room page (#/room/{id}, #/room/{id}/watch): join by link, friendly pages for unknown, full
// and finished rooms, then the live table over the WebSocket with reconnects, the event feed,
// call-outs, the settlement step by step, the standings, and keyboard play.
import { bakName, botName, errorText, getLang, itemName, levelOf, liabilityName, levelText, PHRASE_IDS, phraseText, presetTitle, reasonText, roomTitle, strings, t, tx } from "./i18n.js";
import { banner, h } from "./dom.js";
import { loadPresets } from "./lobby.js";
import { api, ApiError, forgetSeat, leftRoom, markLeft, playerName, saveSeat, savedSeat, setPlayerName } from "./api.js";
import { TableSocket } from "./socket.js";
import { narrate } from "./narrate.js";
import { HAND_KEYS, renderTable, seatName, tableSeat, timerText, turnText } from "./table.js";
import { actionLabel } from "./actions.js";
import { cardEl, cardGroup, cardMonth, cardName } from "./cards.js";
import { alikePick, cheapest, paidInShots, setSetting, setting } from "./table.js";
import { firstPlay, soundFor } from "./sound.js";
import { animateUpdate, reducedMotion, snapshot } from "./motion.js";

const w = strings("room");
/** How long past its timer the next update waits at most for the cards still moving, in ms. */
const LAND_MS = 400;
/** How long a quick phrase's bubble stays beside its speaker's seat, in ms. */
const BUBBLE_MS = 4000;
/** How long a call-out pop-up stays, and at least before the next one takes its place, in ms. */
const CALLOUT_MS = 1800;
const CALLOUT_MIN_MS = 1000;
/** At most this many updates' call-outs wait for the pop-up (a page catching up on many moves
 * at once shows the newest, not a minute of old news). */
const CALLOUT_WAITING = 2;

function friendly(main, title, text, room, transfer = false) {
  const watch = room && room.spectators;
  // a full table (a friend opening its link): watching first, what they came for; moving one's
  // own seat from another device after it
  const full = transfer && room;
  main.replaceChildren(h("section.panel.friendly", { role: "alert" },
    h("h1", {}, title), text ? h("p", {}, text) : full && watch ? h("p", {}, t("roomFullWatch")) : null,
    watch ? h("p", {}, h(`a.button#watch-room${full ? ".primary" : ""}`, { href: `#/room/${encodeURIComponent(room.id)}/watch` }, t("spectate"))) : null,
    full ? transferBox(room) : null,
    h("p", {}, h(`a.button${full && watch ? "" : ".primary"}`, { href: "#/" }, t("backToLobby")))));
  return {};
}

/** Defect 10: on a device that opens the link of a full room, the seat can be moved here with
 * the one-time code shown on the device that holds it (POST /api/rooms/{id}/transfer/redeem). */
function transferBox(room) {
  const input = h("input#transfer-input", { type: "text", autocomplete: "one-time-code", maxlength: "12",
    autocapitalize: "characters", spellcheck: "false", "aria-label": t("codeLabel") });
  const err = h("p.error", { role: "alert", hidden: true });
  const btn = h("button.primary#transfer-redeem", { type: "submit" }, t("takeMySeat"));
  const form = h("form.transfer#transfer-form", {}, h("label", { for: "transfer-input" }, t("haveCode")),
    h("div.row", {}, input, btn), err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const code = input.value.trim();
    if (!code) { input.focus(); return; }
    btn.disabled = true;
    try {
      const res = await api.redeem(room.id, code);
      saveSeat(room.id, res.seat, res.token);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (e) { err.textContent = e.message; err.hidden = false; btn.disabled = false; }
  });
  return form;
}

function joinPage(main, room) {
  const open = room.seats.filter((s) => s.kind === "human" && !s.taken);
  const input = h("input#join-name", { type: "text", maxlength: "24", value: playerName(), placeholder: t("guest"), "aria-label": t("yourName") });
  const err = h("p.error", { role: "alert", hidden: true });
  const btn = h("button.primary#take-seat", { type: "submit" }, t("takeSeat"));
  const form = h("form.panel.join", {},
    h("h1", {}, roomTitle(room)),
    h("p", {}, `${presetTitle(room.preset)} · ${t("seatsN", room.seats.length)} · ${t("openSeats", open.length)}`),
    h("ul", {}, room.seats.map((s) => h("li", {}, `${t("seat")} ${s.seat + 1}: ${s.kind === "bot" ? `${botName(s.name)} (${t("bot_")} ${levelText(s.level)})` : s.name || t("openSeat")}`))),
    h("label.field", {}, h("span", {}, t("yourName")), input), btn, err,
    room.spectators ? h("p", {}, h("a.button", { href: `#/room/${encodeURIComponent(room.id)}/watch` }, t("spectate"))) : null);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    btn.disabled = true;
    // no name: "Guest" (numbered by the server when taken), never "you", which every other
    // player would read as themselves ("Waiting for you…")
    const typed = input.value.trim();
    if (typed) setPlayerName(typed);
    const name = typed || t("guest");
    try {
      const res = await api.join(room.id, { name });
      saveSeat(room.id, res.seat, res.token);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (e) {
      err.textContent = e.message; err.hidden = false; btn.disabled = false;
    }
  });
  main.replaceChildren(form);
  return {};
}

export async function showRoom(main, roomId, live = () => true) {
  const watch = location.hash.endsWith("/watch");
  const mine = savedSeat(roomId);
  if (mine || watch) {
    // a seat kept in this browser, or watching: straight to the socket (its welcome brings the
    // room; an unknown room or a bad token closes it with a reason), the presets' knobs later
    const page = new TablePage(main, { id: roomId }, watch || !mine ? null : mine, []);
    loadPresets().then((p) => { page.ctx.knobs = p.knobs || []; page.render(); }, () => null);
    return page;
  }
  let room;
  try { room = await api.room(roomId); } catch (e) {
    if (!live()) return null; // another page was opened meanwhile (app.js)
    if (e instanceof ApiError && e.status === 404) return friendly(main, t("roomUnknown"), "");
    throw e;
  }
  if (!live()) return null;
  const open = room.seats.some((s) => s.kind === "human" && !s.taken);
  if (room.state === "over") return friendly(main, t("roomOver"), "", room);
  // QA 15: this browser left the match (POST .../leave): its seat is a bot's to the end, and
  // the page says so, not "every seat is taken" with a box to move "my seat" here
  if (room.state === "playing" && leftRoom(roomId)) {
    return friendly(main, w("leftTitle"), room.spectators ? `${w("leftText")} ${t("roomFullWatch")}` : w("leftText"), room);
  }
  if (!open || room.state !== "waiting") return friendly(main, t("roomFull"), "", room, true);
  return joinPage(main, room);
}

class TablePage {
  constructor(main, room, mine, knobs) {
    this.main = main;
    this.room = room;
    this.mine = mine;
    this.view = null;
    this.previous = null;
    this.feedLines = [];
    this.shownSettlement = null;
    this.queue = []; // updates waiting for the animation of the one before
    this.busy = false;
    this.sentFor = null; // the version this seat last acted at
    this.ctx = { knobs, act: (a) => this.act(a), touch: window.matchMedia("(hover: none)").matches, selected: null, buttonKeys: new Map() };
    this.tableBox = h("div.tablebox");
    // the feed is a list to read back; a screen reader is told each move by `news`: a live
    // region that stays on the page (one drawn anew with the table is not read, and a narrow
    // screen folds the feed away). The big call-out repeats a line of the feed: not read twice.
    this.feed = h("ul.feed", { "aria-label": t("events") });
    this.news = h("div.visually-hidden#table-news", { role: "log", "aria-live": "polite" });
    this.saidTurn = null;
    this.callout = h("div.callout", { "aria-hidden": "true" });
    this.calloutQueue = []; // call-outs waiting for the one shown (showCallout)
    this.calloutNext = null;
    this.calloutUntil = 0;
    this.overlay = h("div.overlay", { hidden: true });
    this.side = h("aside.side#side");
    this.page = h("div.room-page", {}, this.tableBox, this.side);
    // the event feed and the invite box fold away behind this button on small screens
    this.ctx.sideButton = h("button.sidebtn#side-toggle", { type: "button", "aria-controls": "side", "aria-expanded": "false", onclick: () => this.toggleSide() }, w("side"));
    // a finished match whose standings were closed: the status bar brings them back (the
    // rematch with them); the table alone said "Hand 1 of 1" and offered nothing to do
    this.ctx.standings = () => this.showStandings();
    // quick phrases (상용구): a seated person's "Say…" button and its menu (kept from one
    // drawing of the table to the next, as the side panel's button), and the bubbles of the
    // phrases said, in a layer over the table (they never move it)
    this.bubbles = new Map(); // seat -> {id, timer}
    this.bubbleLayer = h("div.bubbles", { "aria-hidden": "true" });
    // (a spectator says nothing, but may hide the phrases the people say: the switch alone)
    this.ctx.sayBox = mine ? this.sayBox() : this.muteSwitch();
    this.drawSide();
    this.ctx.recent = [];
    this.restoreFeed();
    main.replaceChildren(this.page, this.callout, this.overlay, this.news, this.bubbleLayer);
    // a dialog that scrolls (the standings on a phone) carries its bubbles along
    this.overlay.addEventListener("scroll", () => { if (this.bubbles.size) this.placeBubbles(); }, true);
    this.onResize = () => { this.closeSay(false); this.placeBubbles(); };
    window.addEventListener("resize", this.onResize);
    // the table moves under the bubbles (a banner comes or goes): they follow their seats
    if (typeof ResizeObserver !== "undefined") {
      this.boxObserver = new ResizeObserver(() => { if (this.bubbles.size) this.placeBubbles(); });
      this.boxObserver.observe(this.tableBox);
    }
    if (!mine) banner(t("spectating"), "info");
    this.onKey = (ev) => this.key(ev);
    // the per-decision turn timer, when the room has one: seconds left before a bot decides
    this.tick = setInterval(() => {
      const el = this.tableBox.querySelector(".timer");
      if (el) timerText(el);
    }, 500);
    document.addEventListener("keydown", this.onKey);
    this.socket = new TableSocket(room.id, mine ? { token: mine.token } : { spectate: true }, {
      onWelcome: (msg) => this.welcome(msg),
      onUpdate: (msg) => this.enqueue(msg),
      onState: (msg) => { this.resetQueue(); this.setView(msg.view, []); this.redrawOverlay(msg.view); },
      onPresence: (msg) => this.presence(msg),
      onRematch: (msg) => this.rematchState(msg),
      onRematchSeat: (msg) => this.rematchSeat(msg),
      onMoved: () => this.moved(),
      onSaid: (msg) => this.heard(msg),
      onError: (msg) => {
        if (msg.code === "rematch_refused") this.drawRematch(); // its buttons usable again
        // a seat is said by its player's name (the view knows it), its number only failing that
        const player = Number.isInteger(msg.seat) && this.view ? seatName(this.view, msg.seat) : null;
        // a phrase said too soon after the last: a polite word, not a warning
        if (msg.code === "too_fast" || msg.code === "alone") banner(errorText(msg), "info", 3000);
        else if (!["stale_version", "duplicate", "conflict"].includes(msg.code)) banner(errorText({ ...msg, player }), "warn", 4000);
        // the move in flight was refused: the table's controls are usable again (the error said)
        if (this.sent && msg.seq === this.sent.seq) { this.sent = null; this.render(); this.focusTurn(); }
      },
      onConnection: (state, info) => this.connection(state, info),
    });
  }

  welcome(msg) {
    this.room = msg.room || this.room;
    // a move sent before the connection went may not have arrived: the welcome's view says
    // (a new version if it counted, the same decision to make again if not)
    this.sent = null;
    // the server of the rematch-by-acceptance protocol sends "rematch" (null until an offer)
    this.serverRematch = Object.prototype.hasOwnProperty.call(msg, "rematch");
    this.resetQueue();
    this.refillFeed(msg.recent, msg.view);
    this.setView(msg.view, []);
    if (msg.rematch) this.rematchState(msg.rematch);
    // QA 15: back after the grace period (a bot played the seat meanwhile): said, not only
    // "reconnected" (the server's welcome says the seat was away)
    if (msg.came_back && this.mine) banner(w("backFromAway"), "ok", 8000);
  }

  /** Defect 10: the event feed of a reloaded page is refilled from the welcome's recent
   * actions (each as its update told it); after a reconnect only the actions not yet shown. */
  refillFeed(recent, view) {
    if (!Array.isArray(recent) || !recent.length) return;
    const fresh = this.feedVersion === undefined;
    const todo = recent.filter((r) => fresh || r.version > this.feedVersion);
    if (!todo.length) return;
    if (fresh) this.feed.replaceChildren();
    for (const r of todo) this.narrateInto(view, r.events || []);
    this.feedVersion = recent[recent.length - 1].version;
    this.saveFeed();
  }

  narrateInto(view, events) {
    const { lines } = narrate(events, (wrapper, e) => {
      if (e.seat === null || e.seat === undefined) return "";
      const seat = wrapper.type === "hand" ? tableSeat(view, e.seat) ?? wrapper.seat : e.seat;
      return seat === null || seat === undefined ? "" : seatName(view, seat);
    });
    for (const l of lines) this.feed.prepend(h(`li.ev-${l.type}`, {}, l.text));
    while (this.feed.children.length > 80) this.feed.lastChild.remove();
    return lines;
  }

  /** This seat was moved to another device: this page holds no seat any more. */
  moved() {
    if (this.movedAway) return;
    this.movedAway = true;
    this.socket.close();
    forgetSeat(this.room.id);
    friendly(this.main, t("seatMoved"), "", this.room);
  }

  /** A one-time code that moves this seat to another device (shown here, typed there). */
  transferButton() {
    const out = h("div.transfer-code#transfer-code", { "aria-live": "polite", hidden: true });
    const btn = h("button.link#move-seat", { type: "button" }, t("moveSeat"));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        const res = await api.transfer(this.room.id, this.mine.token);
        out.replaceChildren(h("p", {}, t("moveSeatCode", Math.max(1, Math.round((res.expires_in || 300) / 60)))),
          h("output.code", { "aria-label": t("codeLabel") }, res.code));
        out.hidden = false;
      } catch (e) { banner(e.message, "warn", 5000); }
      btn.disabled = false;
    });
    return h("div.move-seat", {}, btn, out);
  }

  /** The side panel (invite, leave, move my seat, the record, the event feed) in the page's
   * language; the feed keeps its lines. */
  drawSide() {
    this.sideLang = getLang();
    this.feed.setAttribute("aria-label", t("events"));
    this.side.replaceChildren(h("button.link.closeside", { type: "button", onclick: () => this.toggleSide(false) }, w("closeSide")),
      this.inviteBox(), h("h2", {}, t("events")), this.feed);
    this.ctx.sideButton.textContent = w("side");
  }

  inviteBox() {
    this.inviteEl = h("div.invite-link", {}, ...this.inviteLinkFor());
    return h("div.invite", {}, this.inviteEl,
      this.mine ? h("button.link#leave", { type: "button", onclick: () => this.leave() }, t("leave")) : null,
      this.mine ? this.transferButton() : null,
      this.mine ? this.downloadLink("download-record-side") : null);
  }

  /** The side panel's link, as the room is (its welcome says): while a seat is open, the link
   * to take it; a table with every seat taken (against bots, or full), the link to watch it if
   * it lets spectators in, else words that say it is full. */
  inviteLinkFor() {
    const seats = this.room.seats;
    // the view says it as it is now (the room's info is that of the welcome)
    const waiting = this.view ? this.view.phase === "waiting" : this.room.state === "waiting";
    const open = !seats || (waiting && seats.some((s) => s.kind === "human" && !s.taken));
    this.inviteMode = open ? "join" : this.room.spectators ? "watch" : "full";
    if (open) return this.inviteLink("invite-link", "copy-link");
    if (this.room.spectators) return this.inviteLink("invite-link", "copy-link", true);
    return [h("p.tablefull", {}, t("tableFull"))];
  }

  /** The room's link with its copy button (ids `inputId`, `buttonId`): its label and row; the
   * link to watch the table if `watch`. */
  inviteLink(inputId, buttonId, watch = false) {
    const url = `${location.origin}/#/room/${encodeURIComponent(this.room.id)}${watch ? "/watch" : ""}`;
    const label = watch ? t("inviteWatch") : t("inviteLink");
    const input = h(`input#${inputId}`, { type: "text", readonly: true, value: url, "aria-label": label });
    const btn = h(`button#${buttonId}`, { type: "button" }, t("copy"));
    const copied = () => {
      btn.textContent = t("copied");
      clearTimeout(btn.copyTimer);
      btn.copyTimer = setTimeout(() => { btn.textContent = t("copy"); }, 2500);
    };
    btn.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url); // only on https or localhost
        copied();
      } catch (e) {
        input.focus();
        input.select();
        let ok = false;
        try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
        if (ok) copied(); else banner(t("copyFailed"), "info", 3000);
      }
    });
    return [h("label", { for: inputId }, label), h("div.row", {}, input, btn)];
  }

  toggleSide(open) {
    const on = open ?? !this.page.classList.contains("side-open");
    this.page.classList.toggle("side-open", on);
    this.ctx.sideButton.setAttribute("aria-expanded", on ? "true" : "false");
  }

  async leave() {
    const v = this.view;
    const playing = v && v.phase !== "waiting" && !v.over;
    if (playing && !window.confirm(w("leaveConfirm"))) return;
    this.socket.close(); // the server closes it too: no "reconnecting" banner on the way out
    try { await api.leave(this.room.id, this.mine.token); } catch (e) { /* the seat is given up either way */ }
    forgetSeat(this.room.id);
    if (playing) {
      markLeft(this.room.id);
      // said on the lobby (after its route, which clears the banner: app.js)
      window.addEventListener("hashchange", () => banner(w("leftBanner"), "ok", 8000), { once: true });
    }
    location.hash = "#/";
  }

  connection(state, info) {
    this.lost = state === "lost";
    if (state === "lost") { if (Date.now() >= (this.notSentUntil || 0)) banner(t("reconnecting"), "warn"); }
    else if (state === "open") { this.notSentUntil = 0; if (info) banner(t("reconnected"), "ok", 3000); else if (this.mine) banner(null); }
    else if (state === "closed") {
      if (info === 4410) this.moved();
      else if (info === 4401) { forgetSeat(this.room.id); friendly(this.main, t("roomFull"), "", this.room, true); }
      else if (info === 4404) friendly(this.main, t("roomUnknown"), "");
      else friendly(this.main, t("roomOver"), "", null);
    }
  }

  // -- quick phrases (상용구, docs/protocol.md `say` / `said`) --------------------------------

  /** The "Say…" button and its menu: the phrases, then the switch that mutes the others'. A
   * menu by keyboard (arrows, Home, End; Escape closes it and gives the focus back to the
   * button) and by touch (44 px rows on a phone, app.css). */
  sayBox() {
    const btn = h("button.saybtn#say-open", { type: "button", "aria-haspopup": "menu", "aria-expanded": "false", "aria-controls": "say-menu",
      onclick: () => (this.sayOpen ? this.closeSay(true) : this.openSay()) });
    const items = PHRASE_IDS.map((id) => h("button.sayitem", { type: "button", id: `say-${id.replace(/_/g, "-")}`, role: "menuitem", tabindex: "-1",
      dataset: { phrase: id }, onclick: () => this.speak(id) }));
    const mute = h("button.saymute#say-mute", { type: "button", role: "menuitemcheckbox", tabindex: "-1", onclick: () => this.toggleMute() });
    const menu = h("div.saymenu#say-menu", { role: "menu", hidden: true }, items, mute);
    menu.addEventListener("keydown", (ev) => this.sayKey(ev));
    this.sayEls = { btn, menu, items, mute };
    this.onOutside = (ev) => { if (this.sayOpen && !this.sayEls.btn.parentNode?.contains(ev.target)) this.closeSay(false); };
    document.addEventListener("pointerdown", this.onOutside, true);
    const box = h("div.saybox", {}, btn, menu);
    this.labelSay();
    return box;
  }

  /** A spectator's "Mute phrases": the switch of the say menu, alone in the status bar. */
  muteSwitch() {
    const mute = h("button.saymute.muteswitch#say-mute", { type: "button", role: "switch", onclick: () => this.toggleMute() });
    this.sayEls = { mute };
    this.labelSay();
    return h("div.saybox", {}, mute);
  }

  /** The say box's words in the page's language. */
  labelSay() {
    if (this.standingsSay) for (const b of this.standingsSay.querySelectorAll("button[data-phrase]")) b.textContent = phraseText(b.dataset.phrase);
    if (!this.sayEls) return;
    const { btn, menu, items, mute } = this.sayEls;
    mute.textContent = w("mutePhrases");
    mute.setAttribute("aria-checked", setting("mutePhrases") ? "true" : "false");
    if (!btn) return; // a spectator's switch alone
    btn.textContent = w("say");
    menu.setAttribute("aria-label", w("sayMenu"));
    for (const b of items) b.textContent = phraseText(b.dataset.phrase);
  }

  openSay() {
    const { btn, menu, items } = this.sayEls;
    this.sayOpen = true;
    menu.hidden = false;
    btn.setAttribute("aria-expanded", "true");
    this.placeSay();
    items[0].focus();
  }

  /** The open menu beside its button: under it, inside the screen (a fixed box: the table's
   * rows never move for it); above it when it has more room there (the waiting room's button
   * low on a sideways phone). Again after each drawing of the table or the waiting room (the
   * button moved: a line more in the waiting list, the status bar of the table that began). */
  placeSay() {
    const { btn, menu } = this.sayEls;
    const r = btn.getBoundingClientRect();
    const width = menu.offsetWidth;
    menu.style.removeProperty("max-height");
    const natural = menu.offsetHeight;
    const below = innerHeight - r.bottom - 8;
    const above = r.top - 8;
    const up = natural > below && above > below;
    const room = up ? above : below;
    menu.style.setProperty("left", `${Math.max(4, Math.min(r.right - width, innerWidth - width - 4))}px`);
    menu.style.setProperty("top", `${up ? Math.max(4, r.top - 4 - Math.min(natural, room)) : r.bottom + 4}px`);
    menu.style.setProperty("max-height", `${Math.max(120, room)}px`);
  }

  /** Close the menu; the focus goes back to the button when `refocus` (Escape, a choice). */
  closeSay(refocus) {
    if (!this.sayEls || !this.sayOpen) return;
    const { btn, menu } = this.sayEls;
    this.sayOpen = false;
    menu.hidden = true;
    btn.setAttribute("aria-expanded", "false");
    if (refocus && btn.isConnected) btn.focus({ preventScroll: true });
  }

  sayKey(ev) {
    const all = [...this.sayEls.items, this.sayEls.mute];
    const i = all.indexOf(document.activeElement);
    let next = null;
    if (ev.key === "ArrowDown" || ev.key === "ArrowRight") next = all[(i + 1) % all.length];
    else if (ev.key === "ArrowUp" || ev.key === "ArrowLeft") next = all[(i - 1 + all.length) % all.length];
    else if (ev.key === "Home") next = all[0];
    else if (ev.key === "End") next = all[all.length - 1];
    else if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); this.closeSay(true); return; }
    else if (ev.key === "Tab") { this.closeSay(false); return; }
    if (next) { ev.preventDefault(); next.focus(); }
  }

  /** Say phrase `id` to the table; the bubble comes with the server's `said` (to every socket,
   * this one too). A refusal (too fast) is said by the error handler. */
  speak(id) {
    this.closeSay(true);
    if (!this.socket.say(id)) banner(t("reconnecting"), "warn", 3000);
  }

  toggleMute() {
    const on = !setting("mutePhrases");
    setSetting("mutePhrases", on);
    this.sayEls.mute.setAttribute("aria-checked", on ? "true" : "false");
    this.placeBubbles();
  }

  /** Whether another seat than mine is a person's who took it and is still in the match (one
   * who left it is gone for good, a bot plays the seat: nobody listens there): somebody to say
   * a phrase to. */
  company() {
    const v = this.view;
    return Boolean(v && (v.players || []).some((p) => p.kind === "human" && p.seat !== v.seat && p.status !== "left" && (p.name || p.connected)));
  }

  /** The phrases said at the end of a match, in the standings dialog (the table's "Say…" menu is
   * behind it): good game, one more game, thanks. */
  standingsPhrases() {
    if (!this.mine || !this.company()) { this.standingsSay = null; return null; }
    const ids = ["good_game", "one_more", "thanks"];
    this.standingsSay = h("div.row.sayrow#standings-say", { role: "group", "aria-label": w("sayMenu") },
      ids.map((id) => h("button.sayitem", { type: "button", id: `standings-say-${id.replace(/_/g, "-")}`, dataset: { phrase: id },
        onclick: () => { if (!this.socket.say(id)) banner(t("reconnecting"), "warn", 3000); } }, phraseText(id))));
    return this.standingsSay;
  }

  /** A phrase said at the table: a bubble beside the speaker's seat for a few seconds, a line
   * for screen readers and in the feed. Muted: the others' phrases are not shown at all. */
  heard(msg) {
    const text = phraseText(msg.phrase);
    if (!text || !this.view || !Number.isInteger(msg.seat)) return;
    const own = msg.seat === this.view.seat;
    if (!own && setting("mutePhrases")) return;
    const line = w("saidBy", seatName(this.view, msg.seat), text);
    this.say([line]);
    this.feed.prepend(h("li.ev-said", {}, line));
    while (this.feed.children.length > 80) this.feed.lastChild.remove();
    this.saveFeed();
    const old = this.bubbles.get(msg.seat);
    if (old) clearTimeout(old.timer);
    const timer = setTimeout(() => { this.bubbles.delete(msg.seat); this.placeBubbles(); }, BUBBLE_MS);
    this.bubbles.set(msg.seat, { id: msg.phrase, timer });
    this.placeBubbles();
  }

  /** The bubbles drawn again beside their seats' names (after every drawing of the table): on
   * the name's line, in the first free room after the name and what stands beside it (its tags,
   * on a sideways phone its score), so that a bubble hides neither a score nor a card; where the
   * line has no room (five seats on a phone), under an opponent's whole plate, above my own.
   * With a dialog open, beside the seat's line in it (the standings), else atop the dialog with
   * the speaker's name. Always inside the screen. */
  placeBubbles() {
    const layer = this.bubbleLayer;
    if (!layer) return;
    layer.replaceChildren();
    layer.classList.toggle("over", Boolean(this.overlayOpen));
    const muted = setting("mutePhrases");
    for (const [seat, b] of this.bubbles) {
      if (muted && seat !== this.view?.seat) continue;
      const text = phraseText(b.id);
      if (this.overlayOpen) {
        const line = this.overlay.querySelector(`[data-bubble-seat="${seat}"]`);
        const top = this.overlay.querySelector(".modal h2");
        if (line && line.offsetParent) this.bubbleBeside(layer, seat, b.id, text, line, [...line.children]);
        else if (top && this.view) this.bubbleBeside(layer, seat, b.id, w("saidBy", seatName(this.view, seat), text), top, [top]);
        continue;
      }
      const plate = this.tableBox.querySelector(`section.player[data-seat="${seat}"], [data-bubble-seat="${seat}"]`);
      if (!plate || !plate.offsetParent) continue;
      const items = plate.matches("section.player") ? [...this.tableBox.querySelectorAll("section.player :is(header, .score) > *, section.player .capgroup > *")]
        : [...plate.children];
      this.bubbleBeside(layer, seat, b.id, text, plate, items);
    }
  }

  /** One bubble on the line of `box`'s name (its first item), clear of `items`. */
  bubbleBeside(layer, seat, id, text, box, items) {
    const el = h("div.bubble", { dataset: { seat: String(seat), phrase: id } }, text);
    layer.appendChild(el);
    const bw = el.offsetWidth;
    const bh = el.offsetHeight;
    const name = box.querySelector(".pname") || items[0] || box;
    const n = name.getBoundingClientRect();
    // the obstacles on the name's line, left to right
    const band = items.map((x) => x.getBoundingClientRect())
      .filter((q) => q.width && q.bottom > n.top + 2 && q.top < n.bottom - 2).sort((a, c) => a.left - c.left);
    let x = n.right + 12;
    for (const q of band) if (q.right > n.left && q.left < x + bw + 8 && q.right + 12 > x) x = q.right + 12;
    let left;
    let top;
    let cls;
    if (x + bw <= innerWidth - 4) {
      left = x;
      // in the middle of the name's line; a bubble taller than the line grows upwards (into the
      // plate's edge), never down over the score under the name
      top = Math.min(n.top + n.height / 2 - bh / 2, n.bottom + 1 - bh);
      cls = "beside";
    } else {
      const r = box.getBoundingClientRect();
      const below = r.top + r.height / 2 < innerHeight / 2;
      left = Math.max(4, Math.min(r.left + 6, innerWidth - bw - 4));
      top = below ? r.bottom + 8 : r.top - bh - 8;
      cls = below ? "below" : "above";
    }
    el.classList.add(cls);
    el.style.setProperty("left", `${left}px`);
    el.style.setProperty("top", `${Math.max(4, Math.min(top, innerHeight - bh - 4))}px`);
  }

  presence(msg) {
    if (!this.view) return;
    const p = this.view.players.find((x) => x.seat === msg.seat);
    if (p) { p.connected = msg.connected; p.away = msg.away; this.render(); }
  }

  /** Whether a move of the decision on the table was sent and the server has not answered it
   * (no view of another version, no error): the decision is made, its controls stay off. */
  moveInFlight() {
    return Boolean(this.sent && this.view && this.sent.version === this.view.version);
  }

  /** The table's controls wait for the server's answer; the side panel's button is not one. */
  lockControls() {
    this.tableBox.querySelectorAll("button, select").forEach((b) => { if (b !== this.ctx.sideButton && !b.closest(".saybox")) b.disabled = true; });
  }

  act(action) {
    if (!this.view || !this.view.to_move) return;
    if (!this.view.legal.some((e) => e.action === action)) return;
    if (this.moveInFlight()) return; // one move a decision: a second click or key is not sent
    const seq = this.socket.act(action, this.view.version);
    if (!seq) {
      // Defect 10: a move made while disconnected is said, and nothing is queued; the next
      // failed reconnect does not cover the sentence before it is read (five seconds)
      this.notSentUntil = Date.now() + 5000;
      banner(w("notSent"), "warn", 5000);
      setTimeout(() => { if (this.lost && Date.now() + 50 >= this.notSentUntil) banner(t("reconnecting"), "warn"); }, 5000);
      return;
    }
    if (action.startsWith("play ")) firstPlay();
    this.ctx.selected = null;
    this.ctx.pending = null; // the choice is made: the next decision starts afresh
    this.sentFor = this.view.version;
    this.sent = { version: this.view.version, seq };
    this.lockControls();
  }

  /**
   * Updates are shown in order, each after the animation of the one before (a short wait: the
   * table is live as soon as an update is drawn); with several waiting they go quicker, and
   * with many they are drawn at once.
   */
  enqueue(msg) {
    this.queue.push(msg);
    if (!this.busy) this.drain();
  }

  drain() {
    const msg = this.queue.shift();
    if (!msg) { this.busy = false; return; }
    const behind = this.queue.length;
    const speed = reducedMotion() || behind >= 3 ? 0 : behind >= 1 ? 0.5 : 1;
    this.busy = true;
    const ms = this.setView(msg.view, msg.events || [], speed, msg);
    // the timer may fire before the browser has drawn the last frames (a loaded machine starts
    // animations late): the next update waits for the cards to land, a short while at most
    const until = Date.now() + ms + LAND_MS;
    const next = () => {
      if (Date.now() < until && this.tableBox.querySelector(".table-page[data-anim=running]")) this.drainTimer = setTimeout(next, 20);
      else this.drain();
    };
    this.drainTimer = setTimeout(next, ms);
  }

  resetQueue() {
    this.queue = [];
    clearTimeout(this.drainTimer);
    this.busy = false;
  }

  /** The turn timer ran out and a bot decided for this seat: say so. */
  noteTimeout(msg) {
    const before = this.previous;
    const seat = this.view.seat;
    if (!msg || !before || seat === null || seat === undefined || msg.seat !== seat) return;
    if (this.sentFor === msg.version - 1 || !before.deadline || Date.now() / 1000 < before.deadline - 2) return;
    const entry = (before.legal || []).find((e) => e.action === msg.action);
    const what = !entry ? msg.action : entry.kind === "play" ? cardName(entry.cards[0]) : actionLabel(entry);
    const text = w("timeUp", what);
    banner(text, "warn", 6000);
    this.feed.prepend(h("li.ev-timeout", {}, text));
  }

  setView(view, events, speed = 0, msg = null) {
    // Defect 7: while a settlement is open the finished hand stays on screen; the next views
    // are drawn when it is closed.
    if (this.overlayOpen && this.frozen) {
      this.pending = { view, events };
      this.frozen.version = view.version;
      this.tableBox.querySelector(".table-page")?.setAttribute("data-version", String(view.version));
      // (the new hand's call-outs are not shown behind the dialog: the feed keeps them)
      this.noteEvents(view, events, false);
      return 0;
    }
    this.previous = this.view;
    this.view = view;
    // a new hand: a call-out of the hand before (its stop, its last sseul) is not left over it
    if (dealOf(view) !== dealOf(this.previous)) this.clearCallout();
    this.keepForReview(view, events);
    this.noteTimeout(msg);
    this.noteEvents(view, events);
    if (this.previous) soundFor(events, view.to_move && !(this.previous && this.previous.to_move));
    const before = speed > 0 && !reducedMotion() && view.phase !== "waiting" ? snapshot(this.tableBox, this.previous) : null;
    // Defect 4: a decision shows once the cards of another seat's move have landed
    this.ctx.holdDecisions = Boolean(before && msg && msg.seat !== view.seat);
    const focused = document.activeElement;
    const refocus = !focused || focused === document.body || !document.contains(focused) || this.tableBox.contains(focused);
    this.render();
    const ms = before ? animateUpdate(this.tableBox, before, view, events, speed) : 0;
    clearTimeout(this.holdTimer);
    const release = () => {
      this.ctx.holdDecisions = false;
      this.tableBox.querySelectorAll(".decisions.held").forEach((d) => d.classList.remove("held"));
      if (refocus) this.focusTurn();
      this.autoGive();
    };
    if (ms && this.ctx.holdDecisions) this.holdTimer = setTimeout(release, ms); else release();
    clearTimeout(this.settleTimer);
    if (ms) this.settleTimer = setTimeout(() => this.maybeSettlement(), ms);
    else this.maybeSettlement();
    return ms;
  }

  /** Every view of the hand being played, for "review this hand" once it is over. */
  keepForReview(view, events) {
    const deal = view.match ? view.match.deal : null;
    if (!view.hand) return;
    if (this.reviewDeal !== deal) {
      if (this.handViews && this.handViews.length) this.lastHandViews = { deal: this.reviewDeal, views: this.handViews };
      this.handViews = [];
      this.reviewDeal = deal;
    }
    const lastKept = this.handViews[this.handViews.length - 1];
    if (lastKept && lastKept.view.version === view.version) return; // the same view again (a resync)
    this.handViews.push({ view, events });
  }

  /** "Review this hand": the finished hand move by move with every card face up, built by the
   * server from the hand record (GET /api/rooms/{id}/hands/{deal}); the views this page
   * received are the fallback (a spectator during the match). */
  async showReview(last) {
    // a spectator during the match: the server shows the record to the seats only (403), so the
    // page does not ask it (the views it kept are the review); once the match is over it may
    const over = Boolean((this.view && this.view.over) || (this.pending && this.pending.view.over));
    if (!this.mine && !over) { this.showKeptReview(last); return; }
    this.openOverlay(h("section.review", { "aria-label": w("review") }, h("h2", {}, w("review")), h("p", {}, t("reviewLoading"))));
    const headers = this.mine ? { Authorization: `Bearer ${this.mine.token}` } : {};
    let review = null;
    try {
      const res = await fetch(`/api/rooms/${encodeURIComponent(this.room.id)}/hands/${last.deal}?lang=${getLang()}`, { headers });
      if (res.ok) review = await res.json();
    } catch (e) { review = null; }
    if (!this.overlayOpen) return;
    if (review && review.steps) this.showRecordReview(last, review); else this.showKeptReview(last);
  }

  showRecordReview(last, review) {
    const v = this.view;
    const seatOf = (hs) => (hs === null || hs === undefined ? null : review.seats[hs]);
    const who = (wrapper, e) => (e.seat === null || e.seat === undefined ? "" : seatName(v, seatOf(e.seat)));
    const frames = [{ table: review.start, events: review.deal_events || [], text: null, seat: null }, ...review.steps];
    let i = 0;
    const box = h("div.review-table.record-review");
    const counter = h("span.counter");
    const line = h("div.review-line", { "aria-live": "polite" });
    const prev = h("button#review-prev", { type: "button" }, w("prev"));
    const next = h("button.primary#review-next", { type: "button" }, w("nextMove"));
    const finals = h("div.final-hands", { hidden: true }, h("h3", {}, w("finalHands")),
      (last.hands || review.steps[review.steps.length - 1]?.table.hands || []).map((cards, hs) =>
        h("div.final", {}, h("b", {}, `${seatName(v, seatOf(hs))}: `), cards.map((c) => cardEl(c, { size: "sm" })))));
    const draw = () => {
      const f = frames[i];
      const before = i > 0 ? frames[i - 1].table : null;
      box.replaceChildren(...this.reviewFrame(f.table, before, (hs) => seatName(v, seatOf(hs)), f.seat));
      const { lines } = narrate(f.events, who);
      reviewLines(line, i === 0 ? [`${t("reviewDeal")}.`, ...lines.map((l) => l.text)] : lines.map((l) => l.text));
      counter.textContent = w("moveOf", i + 1, frames.length);
      prev.disabled = i === 0;
      next.disabled = i >= frames.length - 1;
      finals.hidden = i < frames.length - 1;
    };
    prev.addEventListener("click", () => { i = Math.max(0, i - 1); draw(); });
    next.addEventListener("click", () => { i = Math.min(frames.length - 1, i + 1); draw(); });
    const back = h("button#review-close", { type: "button", onclick: () => this.closeReview(last) }, w("reviewClose"));
    this.openOverlay(h("section.review", { "aria-label": w("review") }, h("h2", {}, w("review")),
      h("div.row", {}, prev, counter, next, back), line, box, finals));
    this.overlay.firstChild.classList.add("wide");
    draw();
    next.focus();
  }

  /** One moment of a finished hand, every card face up: each seat's hand and captures (by
   * kind), the field and the stock; the cards that moved since the moment before are marked. */
  reviewFrame(table, before, nameOf, mover) {
    const seen = new Set(before ? [...before.layout, ...before.captures.flat()] : []);
    const card = (c, where) => {
      const el = cardEl(c, { size: "sm" });
      if (before && where !== "hand" && !seen.has(c)) el.classList.add("fresh");
      return el;
    };
    const seats = table.hands.map((hand, hs) => {
      const groups = { bright: [], animal: [], ribbon: [], junk: [] };
      for (const c of table.captures[hs] || []) groups[cardGroup(c)].push(c);
      return h("div.rv-seat", { dataset: { seat: String(hs) }, class: hs === mover ? "rv-seat mover" : "rv-seat" },
        h("b.rv-name", {}, `${nameOf(hs)} · ${t("pointsN", (table.stop_points || [])[hs] || 0)}`),
        h("div.rv-row", {}, h("small", {}, t("reviewHand")), h("span.caprow.rv-hand", {}, hand.map((c) => card(c, "hand")))),
        h("div.rv-row", {}, h("small", {}, t("reviewCaptures")),
          Object.entries(groups).filter(([, cs]) => cs.length).map(([g, cs]) =>
            h("span.caprow.rv-caps", { dataset: { group: g } }, cs.map((c) => card(c, "caps"))))));
    });
    const field = h("div.rv-field", {}, h("small", {}, `${t("table")} · ${t("reviewStock", table.stock.length)}`),
      h("span.caprow", {}, table.layout.map((c) => card(c, "layout"))));
    return [field, ...seats];
  }

  closeReview(last) {
    if (this.lastShown === last && this.view && this.view.over && this.shownStandings) this.showStandings();
    else this.showSettlement(last);
  }

  /** Step through the finished hand move by move, then every hand's last cards. */
  showKeptReview(last) {
    const kept = this.lastHandViews && this.lastHandViews.deal === last.deal ? this.lastHandViews.views
      : this.reviewDeal === last.deal ? this.handViews : [];
    const views = kept.map((k) => ({ ...k, view: { ...k.view, legal: [], to_move: false, deadline: null } }));
    const first = views.length && views[0].view.match ? views[0].view.match : null;
    const hand = first ? first.hands_played + 1 : null; // (its number while it was dealt and played)
    let i = 0;
    const box = h("div.tablebox.review-table");
    const counter = h("span.counter");
    const line = h("div.review-line", { "aria-live": "polite" });
    const seats = last.seats || [];
    const finals = h("div.final-hands", { hidden: true }, h("h3", {}, w("finalHands")),
      (last.hands || []).map((cards, hs) => h("div.final", {}, h("b", {}, `${seatName(this.view, seats[hs])}: `), cards.map((c) => cardEl(c, { size: "sm" })))));
    const prev = h("button#review-prev", { type: "button" }, w("prev"));
    const next = h("button.primary#review-next", { type: "button" }, w("nextMove"));
    const draw = () => {
      const k = views[i];
      if (k) renderTable(box, k.view, { knobs: this.ctx.knobs, act: () => {}, buttonKeys: new Map(), recent: [], review: { hand } });
      const { lines } = narrate(k ? k.events : [], (wrapper, e) => {
        const seat = wrapper.type === "hand" ? tableSeat(this.view, e.seat) ?? wrapper.seat : e.seat;
        return seat === null || seat === undefined ? "" : seatName(this.view, seat);
      });
      reviewLines(line, lines.map((l) => l.text));
      counter.textContent = w("moveOf", i + 1, views.length);
      prev.disabled = i === 0;
      next.disabled = i >= views.length - 1;
      finals.hidden = i < views.length - 1;
    };
    prev.addEventListener("click", () => { i = Math.max(0, i - 1); draw(); });
    next.addEventListener("click", () => { i = Math.min(views.length - 1, i + 1); draw(); });
    const back = h("button#review-close", { type: "button", onclick: () => this.showSettlement(last) }, w("reviewClose"));
    this.openOverlay(h("section.review", { "aria-label": w("review") }, h("h2", {}, w("review")),
      h("div.row", {}, prev, counter, next, back), line, box, finals));
    this.overlay.firstChild.classList.add("wide");
    draw();
    next.focus();
  }

  noteEvents(view, events, callout = true) {
    const { lines, callouts } = narrate(events, (wrapper, e) => {
      if (e.seat === null || e.seat === undefined) return "";
      const seat = wrapper.type === "hand" ? tableSeat(view, e.seat) ?? wrapper.seat : e.seat;
      return seat === null || seat === undefined ? "" : seatName(view, seat);
    });
    for (const l of lines) this.feed.prepend(h(`li.ev-${l.type}`, {}, l.text));
    while (this.feed.children.length > 80) this.feed.lastChild.remove();
    this.say(lines.map((l) => l.text));
    if (events && events.length && view) this.feedVersion = view.version;
    // QA 23: every call-out of the update, not only its last (a sweep on the last play before
    // a nagari, a ppuk and a bomb...): one pop-up names them all, a line each
    if (callout && callouts.length) this.showCallout(callouts);
    if (lines.length) this.saveFeed();
    this.ctx.recent = [...this.ctx.recent, ...(events || [])].slice(-40);
  }

  /** Defect 10: the event feed outlives a reload of the page (kept for this tab). */
  saveFeed() {
    const items = [...this.feed.children].map((li) => [li.className, li.textContent]);
    try { sessionStorage.setItem(`gostop.feed.${this.room.id}`, JSON.stringify(items)); } catch (e) { /* full: not kept */ }
  }

  restoreFeed() {
    let items = [];
    try { items = JSON.parse(sessionStorage.getItem(`gostop.feed.${this.room.id}`) || "[]"); } catch (e) { items = []; }
    this.feed.replaceChildren(...items.map(([cls, text]) => h("li", { class: cls }, text)));
  }

  /** Defect 11: after each move the focus goes to what can be played now, not to the page. */
  focusTurn() {
    const v = this.view;
    if (!v || !v.to_move || this.overlayOpen) return;
    if (this.sayOpen) return; // choosing a phrase: the menu keeps the focus
    // QA 18: a control of the status bar the player is on (the "Say…" button tabbed to, the
    // events' button), found again in the new drawing, keeps the focus: the turn's coming took
    // a keyboard player off the Say button before they could open its menu
    const at = document.activeElement;
    if (at && at.isConnected && this.tableBox.contains(at) && at.closest(".status")) return;
    // the first one shown: an offer folded under "more" (shodang) is not the turn's first control
    const el = [...this.tableBox.querySelectorAll(".decisions:not(.held) button.decision, .myhand button.card.playable")]
      .find((b) => !b.disabled && b.offsetParent && !b.closest("details:not([open])"));
    if (el) el.focus({ preventScroll: true });
  }

  /** The "always give the cheapest" setting (defect 6) answers a junk request by itself; a
   * pick between cards nobody can tell apart (QA 16: a month's two plain junk, the copies of a
   * joker) is not asked either: the first is taken, and a screen reader told why. */
  autoGive() {
    const v = this.view;
    if (!v || !v.to_move) return;
    const legal = v.legal || [];
    const alike = alikePick(legal);
    if (alike) {
      if (this.moveInFlight()) return;
      this.say([w("alikeTaken", cardName(alike.cards[0]))]);
      this.act(alike.action);
      return;
    }
    if (!setting("alwaysCheapest")) return;
    if (legal.length && legal.every((e) => e.kind === "surrender")) this.act(cheapest(legal).action);
  }

  /** Say `texts` to a screen reader, after what it is saying (the `news` live region). */
  say(texts) {
    const added = texts.filter(Boolean);
    for (const x of added) this.news.appendChild(h("p", {}, x));
    // the oldest lines go, never one given in this call (it is yet to be read)
    while (this.news.children.length > Math.max(12, added.length)) this.news.firstChild.remove();
  }

  /** The call-outs of one update (a list, or one), shown at once in the pop-up, a line each in
   * their order: the table does not wait on them, and with reduced motion each is read too
   * (the screen reader hears them in the event lines: the pop-up is hidden from it). A pop-up
   * stays at least CALLOUT_MIN_MS: the call-outs of an update that comes sooner (a bot's move
   * 0.6 s after mine) wait for their turn in order, and none replaces another unseen. */
  showCallout(cs) {
    const list = (Array.isArray(cs) ? cs : [cs]).filter((c) => c && c.text);
    if (!list.length) return;
    if (this.calloutQueue.length || this.callout.classList.contains("show") && performance.now() < this.calloutUntil) {
      this.calloutQueue.push(list);
      if (this.calloutQueue.length > CALLOUT_WAITING) this.calloutQueue.shift();
      if (!this.calloutNext) this.nextCallout();
      return;
    }
    this.drawCallout(list);
  }

  /** Show `list` in the pop-up now, for CALLOUT_MS. */
  drawCallout(list) {
    this.callout.replaceChildren(...list.map((c) => h(`span.callout-line.ev-${c.type}`, {}, c.text)));
    // (over a dialog open now: the settlement that the hand's last move opens with its call-outs)
    this.callout.className = `callout show ev-${list[list.length - 1].type}${list.length > 1 ? " many" : ""}${this.overlayOpen ? " over" : ""}`;
    this.calloutUntil = performance.now() + CALLOUT_MIN_MS;
    clearTimeout(this.calloutTimer);
    this.calloutTimer = setTimeout(() => this.clearCallout(), CALLOUT_MS);
  }

  /** The next waiting call-outs, once the pop-up shown has had its CALLOUT_MIN_MS. */
  nextCallout() {
    this.calloutNext = setTimeout(() => {
      this.calloutNext = null;
      const list = this.calloutQueue.shift();
      if (!list) return;
      this.drawCallout(list);
      if (this.calloutQueue.length) this.nextCallout();
    }, Math.max(0, this.calloutUntil - performance.now()));
  }

  /** No call-out on the table (a new hand, or its settlement closed: the last one was about
   * the hand before), and none waiting. */
  clearCallout() {
    clearTimeout(this.calloutTimer);
    clearTimeout(this.calloutNext);
    this.calloutNext = null;
    this.calloutQueue = [];
    this.callout.className = "callout";
  }

  render() {
    if (!this.view) return;
    if (this.view.phase === "waiting") { this.renderWaiting(); return; }
    // the table filled up (or its welcome came): the side panel's link is to watch it
    if (this.inviteEl && this.inviteMode === "join") this.inviteEl.replaceChildren(...this.inviteLinkFor());
    this.ctx.previous = this.previous;
    this.ctx.sideButton.disabled = false;
    // the table is drawn anew: the control that had the focus has it again (a presence change
    // or the page's language must not throw a keyboard player back to the top of the page)
    const focused = focusedControl(this.tableBox);
    renderTable(this.tableBox, this.view, this.ctx);
    // drawn again (a presence change, the language) while a move of this decision is on its
    // way: its controls stay off, or a second click would send a second move
    if (this.moveInFlight()) this.lockControls();
    this.keepFocus(focused);
    // whose turn it is, said when it changes ("Your turn", "Bo is away — a bot plays for them…")
    const turn = this.view.current_seat === null || this.view.current_seat === undefined || this.view.over ? null : turnText(this.view);
    if (turn !== this.saidTurn && !this.overlayOpen) { this.saidTurn = turn; this.say([turn]); }
    this.placeBubbles();
  }

  /** After a drawing of the table or the waiting room: the "Say…" menu, open, stays open by its
   * button (closed when the button went: nobody left to talk to), and the control that had the
   * focus has it again (QA 17: someone joining the waiting room threw a keyboard player choosing
   * a phrase out of the menu, to the top of the page); failing that, the turn's first control. */
  keepFocus(focused) {
    if (this.sayOpen && !this.sayEls.btn.isConnected) this.closeSay(false);
    if (this.sayOpen) this.placeSay();
    if (!focused) return;
    const again = this.tableBox.querySelector(focused);
    // (a phrase of the open menu has no offsetParent: the menu is a fixed box)
    if (again && !again.disabled && (again.offsetParent || (this.sayOpen && again.closest(".saymenu")))) { again.focus({ preventScroll: true }); return; }
    this.focusTurn();
    // the "Say…" button went with the last person who would hear it, and it is not my turn: the
    // status bar's first button (the waiting room's), not the top of the page
    if (!focused.startsWith("#say-") || this.tableBox.contains(document.activeElement)) return;
    const near = [...this.tableBox.querySelectorAll(".status button, .waiting button")].find((b) => !b.disabled && b.offsetParent);
    if (near) near.focus({ preventScroll: true });
  }

  renderWaiting() {
    const v = this.view;
    const focused = focusedControl(this.tableBox);
    // the room's link is here, where the people waiting look: a phone folds the side panel
    // (with its invite box) away, and a waiting room draws no button that opens it
    this.tableBox.replaceChildren(h("section.panel.waiting", {},
      h("h1", {}, roomTitle(this.room)), h("p", {}, t("waitingForPlayers")),
      h("ul", {}, v.players.map((p) => h("li", { dataset: { bubbleSeat: String(p.seat) } },
        h("span.pname", {}, `${t("seat")} ${p.seat + 1}: ${(p.kind === "bot" ? botName(p.name) : p.name) || t("openSeat")}${p.kind === "bot" ? ` (${t("bot_")} ${levelText(p.level)})` : ""}`)))),
      // the people already seated greet each other while they wait (the "Say…" menu of the table)
      this.mine && this.company() && this.ctx.sayBox ? h("div.waiting-say", {}, this.ctx.sayBox) : null,
      h("div.invite.waiting-invite", {}, ...this.inviteLink("waiting-invite-link", "waiting-copy-link")),
      this.mine ? h("p", {}, h("button.link#waiting-leave", { type: "button", onclick: () => this.leave() }, t("leave"))) : null));
    this.keepFocus(focused);
    this.placeBubbles();
  }

  maybeSettlement() {
    const v = this.view;
    const last = v.last_hand;
    if (last && this.shownSettlement !== last.deal) {
      // Defect 2: every hand's result is shown once, also one decided at the deal and one that
      // ended while this page was away; a result already seen in this browser is not repeated.
      const key = `gostop.seen.${this.room.id}`;
      const seen = Number(localStorage.getItem(key) ?? -1);
      this.shownSettlement = last.deal;
      if (last.deal > seen && this.mine) {
        localStorage.setItem(key, String(last.deal));
        // the finished hand as it was before its last move, nothing to decide in it, at the
        // version of the newest view (the table has moved on underneath)
        const old = this.previous && this.previous.hand && (!v.hand || (v.match && v.match.deal !== last.deal)) ? this.previous : null;
        this.frozen = old ? { ...old, legal: [], to_move: false, deadline: null, version: v.version } : null;
        if (this.frozen) { this.pending = { view: v, events: [] }; this.view = this.frozen; this.render(); }
        this.showSettlement(last, v);
      } else if (!this.mine && this.previous !== null) this.showSettlement(last, v);
    }
    if (v.over && !this.shownOver) { this.shownOver = true; if (!this.overlayOpen) this.showStandings(); }
  }

  openOverlay(content) {
    clearInterval(this.stepTimer); // the steps of a settlement this dialog replaces are not revealed behind it
    this.closeSay(false); // (the table behind the dialog is inert: its menu too)
    this.overlayOpen = true;
    this.overlayLang = getLang();
    // the call-outs of the move that opens it (the hand's last: "Stop!", a sweep and the nagari)
    // are shown over it for their time, not behind it (on a phone it hid all but their first line)
    if (this.callout.classList.contains("show")) this.callout.classList.add("over");
    // a screen reader says the dialog's result line with its name ("Settlement: Ann wins…")
    const result = content.querySelector(".result");
    if (result) result.id = "overlay-result";
    this.overlay.replaceChildren(h("div.modal", { role: "dialog", "aria-modal": "true", "aria-label": content.getAttribute("aria-label"),
      "aria-describedby": result ? result.id : null }, content));
    this.page.inert = true; // the table behind the dialog is seen, not used
    this.overlay.hidden = false;
    this.placeBubbles(); // a phrase said now is shown in the dialog, over it
  }

  closeOverlay() {
    clearInterval(this.stepTimer);
    this.clearCallout(); // the finished hand's last call-out does not linger over the next one
    this.overlayOpen = false;
    this.page.inert = false;
    this.overlay.hidden = true;
    this.overlay.replaceChildren();
    this.placeBubbles();
    if (this.frozen) {
      this.frozen = null;
      const p = this.pending;
      this.pending = null;
      if (p) { this.previous = this.view; this.view = p.view; this.keepForReview(p.view, p.events); this.render(); this.focusTurn(); this.autoGive(); }
    }
    if (this.view && this.view.over && !this.shownStandings) this.showStandings();
  }

  showSettlement(last, latest = null) {
    this.lastShown = last;
    // the newest view (the table behind a settlement may be frozen at the hand's end)
    const newest = latest || (this.pending && this.pending.view) || this.view;
    const v = this.view;
    const r = last.result || {};
    const seats = last.seats || (v.match ? v.match.hand_seats : []);
    const name = (hs) => (hs === null || hs === undefined ? "" : seatName(v, seats[hs]));
    const title = r.winner === null || r.winner === undefined
      ? (r.nagari ? t("nagari") : reasonText(last))
      : `${name(r.winner)} ${t("winner")} — ${reasonText(last)}${r.points ? `, ${t("pointsN", r.points)}` : ""}`;
    // plain_steps: the settlement in words (the raw steps are for record authors)
    const plain = tx(last, "plain_steps");
    const steps = (plain && plain.length ? plain : (r.settlement && r.settlement.steps)) || [];
    const list = h("ol.steps");
    const chips = this.chipsBeforeAfter(last, r, name);
    const next = h("button#settle-next", { type: "button" }, t("next"));
    // what closing leads to: the standings of a match that is over, the next hand (already
    // dealt behind this dialog), or a decision between hands (a push, VAR-PUSH); a spectator
    // only goes back to the table (QA 19: "Next hand" promised them a hand to play)
    const closeLabel = newest.over ? t("seeStandings") : !this.mine ? t("keepWatching")
      : newest.phase === "push" ? t("continue") : t("nextHand");
    const done = h("button.primary#settle-close", { type: "button" }, closeLabel);
    let shown = 0;
    // each step is said through the live region as it is revealed, once: the same settlement
    // drawn again (back from the review, the page's language changed) says no step again
    if (!this.saidSteps || this.saidSteps.deal !== last.deal) this.saidSteps = { deal: last.deal, count: 0 };
    const said = this.saidSteps;
    const reveal = () => {
      if (shown < steps.length) {
        const text = steps[shown++];
        list.appendChild(h("li", {}, text));
        if (shown > said.count) { said.count = shown; this.say([text]); }
      }
      if (shown >= steps.length) { next.hidden = true; chips.hidden = false; }
    };
    chips.hidden = steps.length > 0;
    next.addEventListener("click", reveal);
    done.addEventListener("click", () => this.closeOverlay());
    this.openOverlay(h("section.settlement", { "aria-label": t("settlement") },
      h("h2", {}, t("settlement")), h("p.result", {}, title),
      h("div.settle-body", {}, this.scoreCards(last, r, name), h("div.settle-words", {}, list, this.losers(last, name), this.during(last, name), this.sales(last))), chips,
      h("div.row", {}, next, done, h("button#review-hand", { type: "button", onclick: () => this.showReview(last) }, w("review")),
        // a spectator gets the record once the match is over (before, only a seat's own view
        // is served: the link failed with "HTTP 403")
        this.mine || newest.over ? this.downloadLink() : null)));
    this.overlay.firstChild.classList.add("settle");
    if (reducedMotion()) { while (shown < steps.length) reveal(); } else {
      reveal();
      // (a dialog that replaces this one, the review, stops it: openOverlay)
      const timer = setInterval(() => { if (shown >= steps.length || !this.overlayOpen) clearInterval(timer); else reveal(); }, 700);
      this.stepTimer = timer;
    }
    if (!steps.length) next.hidden = true;
    this.focusTop(done);
  }

  /** Focus `el` in the dialog without scrolling to it: a long dialog (a settlement on a
   * phone) opens at its top, its heading in view. */
  focusTop(el) {
    el.focus({ preventScroll: true });
    const modal = this.overlay.querySelector(".modal");
    if (modal) modal.scrollTop = 0;
    this.overlay.scrollTop = 0;
  }

  /** The winner's scoring cards grouped by what they scored (SCORE-1..6: 5 brights, godori,
   * hong-dan, 10 junk…), from the settlement's facts; by kind when there are none. */
  scoreCards(last, r, name) {
    const items = last.score_items || [];
    if (!items.length) return this.winnerCards(r, name, last);
    return h("div.wincards.scoreitems", { role: "group", "aria-label": w("winnerCards", name(r.winner)) },
      items.map((it) => h("div.wingroup.scoreitem", { dataset: { item: it.item } },
        h("small", {}, `${itemName(it)} · ${t("pointsN", it.points)}`),
        h("span.caprow", {}, it.cards.map((c) => cardEl(c, { size: "sm" }))))));
  }

  /** Each loser's bak stamps (PAY-6) and payment, from the settlement's facts. */
  losers(last, name) {
    const losers = last.losers || [];
    if (!losers.length) return null;
    // QA 22: the one whose share another pays (go-bak...) pays nothing, not "0 chips"; the
    // stamps are words apart ("pays 12 chips pays for both" ran together as "chipspays")
    const covered = losers.some((o) => o.liable);
    const pays = (lo) => lo.exempt ? t("paysNothing") : covered && !lo.liable && !lo.pays ? t("paysNothingCovered")
      : this.inShots() ? t("takesShotsN", lo.pays) : t("paysChipsN", lo.pays);
    // QA 23: the one who pays for both is not stamped "no penalty" beside "pays for both": their
    // stamp says why they pay for both (go-bak...)
    const settlement = (last.result && last.result.settlement) || {};
    const why = liabilityName(settlement.liability);
    const stamps = (lo) => {
      const out = lo.bak.flatMap((b, i) => [i ? " " : null, h("span.stamp.bakstamp", { dataset: { kind: b.kind } }, bakName(b))]);
      if (lo.liable && why) out.push(out.length ? " " : null, h("span.stamp.liastamp", { dataset: { kind: settlement.liability } }, why));
      if (!out.length && !lo.liable) out.push(h("span.nobak", {}, t("noBak")));
      return out.length ? [...out, " "] : [];
    };
    return h("div.losers", {}, h("h3", {}, t("losers")), h("ul", {}, losers.map((lo) => h("li.loser", { dataset: { seat: String(lo.hand_seat) } },
      h("b", {}, name(lo.hand_seat)), " ", ...stamps(lo),
      h("span.pays", {}, pays(lo)),
      lo.liable ? [" ", h("span.stamp", {}, t("paysForBoth"))] : null))));
  }

  /** The flat payments made during the hand (a first-turn ppuk, a ttadak on the first turn...,
   * PAY-12): the chips before → after count them, so the settlement says them too. */
  during(last, name) {
    const paid = ((last.result && last.result.fixed_payments) || []).filter((p) => p.amount);
    if (!paid.length) return null;
    const why = (p) => (last.fixed_payments || []).find((q) => q.reason === p.reason)?.reason_text || p.reason.replace(/-/g, " ");
    return h("div.during", {}, h("h3", {}, t("paidDuring")), h("ul", {}, paid.map((p) => h("li.during-pay", { dataset: { payer: String(p.payer), reason: p.reason } },
      p.unit === "shots" ? t("tookDuringN", name(p.payer), p.amount, why(p))
        : t("paidDuringN", name(p.payer), p.payee === null || p.payee === undefined ? "" : name(p.payee), p.amount, why(p))))));
  }

  /** Gwangpalli's compensation (GWANG-5/6): who sold which cards, and what each seat got or
   * paid for them (the ledger entry's compensation part); with the hand's payments they make
   * the chips after the hand. */
  sales(last) {
    const entry = last.ledger;
    const part = entry && entry.parts ? entry.parts.compensation : null;
    if (!Array.isArray(part) || !part.some((x) => x)) return null;
    const v = this.view;
    const claims = last.claims || [];
    return h("div.sales", {}, h("h3", {}, t("brightSales")), h("ul", {}, part.map((c, seat) => {
      if (!c) return null;
      const sold = claims.filter((x) => x.seat === seat).flatMap((x) => x.cards || []);
      return h("li.sale", { dataset: { seat: String(seat), chips: String(c) } },
        h("b", {}, seatName(v, seat)), " ", c > 0 ? t("soldFor", t("chipsN", c)) : t("paidForSales", t("chipsN", c)),
        sold.length ? h("span.caprow", { "aria-label": sold.map(cardName).join(", ") }, sold.map((code) => cardEl(code, { size: "sm" }))) : null);
    })));
  }

  /** Every table seat's chips before and after the hand (the match ledger's entry), with what
   * made the change when more than the hand's payments did (compensation, the boar pot). */
  chipsBeforeAfter(last, r, name) {
    if (this.inShots()) return h("div.handchips"); // no chips change hands (GOO-1): the losers' shots say it
    const entry = last.ledger;
    if (!entry || !entry.totals || !entry.chips) {
      return h("ul.handchips", {}, (r.chips || []).map((c, hs) => h("li", {}, `${name(hs)}: ${t("chipsN", c)}`)));
    }
    const v = this.view;
    const parts = Object.entries(entry.parts || {}).filter(([, vec]) => Array.isArray(vec));
    const signed = (x) => `${x > 0 ? "+" : ""}${x}`;
    return h("div.handchips", {}, h("h3", {}, t("chipsBeforeAfter")), h("ul", {}, entry.totals.map((after, seat) => {
      const change = entry.chips[seat] || 0;
      const made = parts.filter(([, vec]) => vec[seat]);
      const why = made.length > 1 || (made.length === 1 && made[0][0] !== "hand")
        ? `: ${made.map(([k, vec]) => `${partName(k)} ${signed(vec[seat])}`).join(", ")}` : "";
      return h("li.chipline", { dataset: { seat: String(seat), before: String(after - change), after: String(after) } },
        `${seatName(v, seat)}: ${after - change} → ${after} (${t("chipsN", change)}${why})`);
    })));
  }

  /** The winner's captured cards grouped by kind (brights, animals, ribbons, junk); for a hand
   * won by chongtong at the deal (DEAL-7: nobody has captured a card), the four of a month in
   * the winner's hand. */
  winnerCards(r, name, last) {
    if (r.winner === null || r.winner === undefined) return null;
    const quad = r.reason === "chongtong" ? quads((last && last.hands && last.hands[r.winner]) || []) : [];
    if (quad.length) {
      return h("div.wincards", { "aria-label": w("winnerCards", name(r.winner)) },
        h("div.wingroup", { dataset: { group: "chongtong" } }, h("small", {}, w("chongtongCards")),
          h("span.caprow", {}, quad.map((c) => cardEl(c, { size: "sm" })))));
    }
    if (!r.captures || !r.captures[r.winner]) return null;
    const groups = { bright: [], animal: [], ribbon: [], junk: [] };
    for (const c of r.captures[r.winner]) groups[cardGroup(c)].push(c);
    return h("div.wincards", { "aria-label": w("winnerCards", name(r.winner)) },
      Object.entries(groups).filter(([, cs]) => cs.length).map(([g, cs]) =>
        h("div.wingroup", { dataset: { group: g } }, h("small", {}, `${t(g)} ${cs.length}`), h("span.caprow", {}, cs.map((c) => cardEl(c, { size: "sm" }))))));
  }

  /** The match record, downloaded from the table (the seat's token while the match is on). */
  downloadLink(id = "download-record") {
    const a = h(`a.button#${id}`, { href: "#", download: `gostop-${this.room.id}.json` }, w("download"));
    a.addEventListener("click", async (ev) => {
      if (a.dataset.ready) return;
      ev.preventDefault();
      const headers = this.mine ? { Authorization: `Bearer ${this.mine.token}` } : {};
      try {
        const res = await fetch(`/api/rooms/${encodeURIComponent(this.room.id)}/record`, { headers });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        a.href = URL.createObjectURL(await res.blob());
        a.dataset.ready = "1";
        a.click();
      } catch (e) { banner(`${t("error")}: ${e.message}`, "warn", 4000); }
    });
    return a;
  }

  /** Rematch: a new table with the same rules and seats (bots at their levels; the other
   * people's seats open for them by the new link). */
  async rematch(btn) {
    btn.disabled = true;
    const r = this.room;
    const seats = r.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: levelOf(s.level) } : { kind: "human" }));
    try {
      const res = await api.create({ name: r.name, preset: r.preset, rules: r.rules || {}, seats, hands: r.hands || 3,
        target_chips: r.target_chips ?? undefined, public: false, spectators: r.spectators, cut: r.cut,
        turn_seconds: r.turn_seconds, join: { name: playerName() || t("you") } });
      saveSeat(res.room.id, res.seat, res.token);
      location.hash = `#/room/${encodeURIComponent(res.room.id)}`;
    } catch (e) { btn.disabled = false; banner(e.message, "warn", 5000); }
  }

  /** Rematch where each person accepts (docs/protocol.md `rematch`): who accepted, declined or
   * has not answered; offer or accept, decline; the new room once everybody accepted. */
  rematchBox() {
    const box = h("div.rematch#rematch-box", { role: "group", "aria-label": t("rematchTitle") });
    this.rematchEl = box;
    this.drawRematch();
    return box;
  }

  drawRematch() {
    const box = this.rematchEl;
    if (!box) return;
    const st = this.rematch_ || { accepted: [], declined: [], waiting: [], next: null };
    const me = this.mine ? this.mine.seat : null;
    const offered = st.accepted.length > 0;
    const status = (seat) => (st.accepted.includes(seat) ? "accepted" : st.declined.includes(seat) ? "declined" : "waiting");
    const label = { accepted: t("rematchAccepted"), declined: t("rematchDeclined"), waiting: t("rematchWaiting") };
    const humans = [...st.accepted, ...st.declined, ...st.waiting].sort((a, b) => a - b);
    const list = offered || st.declined.length ? h("ul.rematch-who", {}, humans.map((seat) =>
      h("li", { dataset: { seat: String(seat), answer: status(seat) } }, `${seatName(this.view, seat)}: ${label[status(seat)]}`))) : null;
    const mine = me === null ? null : status(me);
    const accept = me !== null && mine !== "accepted" && !st.next
      ? h("button.primary#rematch", { type: "button", onclick: (ev) => { this.rematchPressed = true; ev.currentTarget.disabled = true; this.socket.rematch(true); } },
        offered ? t("rematchAccept") : t("rematchOffer")) : null;
    const decline = me !== null && offered && mine !== "declined" && !st.next
      ? h("button#rematch-decline", { type: "button", onclick: () => { this.rematchPressed = true; this.socket.rematch(false); } }, t("rematchDecline")) : null;
    const go = st.next ? h("a.button.primary#rematch-go", { href: `#/room/${encodeURIComponent(st.next)}${savedSeat(st.next) ? "" : "/watch"}` },
      savedSeat(st.next) ? t("rematchGo") : t("rematchWatch")) : null;
    // QA 21: the button pressed (offer, accept, decline) is redrawn away: the focus fell to the
    // page's body, under the open dialog, and Tab started over from the top of the page behind
    // (a button disabled as it is pressed has let the focus go already: the press is remembered)
    const had = box.contains(document.activeElement) || (this.rematchPressed && this.overlayOpen);
    this.rematchPressed = false;
    const head = h("h3", { tabindex: "-1" }, t("rematchTitle"));
    box.replaceChildren(...[head, list, h("div.row", {}, accept, decline, go)].filter(Boolean));
    if (had) (go || accept || head).focus(); // (never "Decline" under a key pressed twice)
    // a spectator has nothing to answer: the box shows only who answered and the new table
    // (a heading over nothing read as a missing button)
    box.hidden = !list && !accept && !decline && !go;
  }

  rematchState(msg) {
    this.rematch_ = { accepted: msg.accepted || [], declined: msg.declined || [], waiting: msg.waiting || [], next: msg.next || null };
    const me = this.mine ? this.mine.seat : null;
    // everybody accepted and this seat has its token in the new room: go there
    if (this.rematch_.next && me !== null && savedSeat(this.rematch_.next) && this.rematch_.accepted.includes(me)) {
      location.hash = `#/room/${encodeURIComponent(this.rematch_.next)}`;
      return;
    }
    // an offer this seat has not answered: the standings (with the rematch box) come up
    if (this.view && this.view.over && !this.overlayOpen) this.showStandings();
    else this.drawRematch();
  }

  rematchSeat(msg) {
    saveSeat(msg.room, msg.seat, msg.token);
    if (this.rematch_ && this.rematch_.next === msg.room) location.hash = `#/room/${encodeURIComponent(msg.room)}`;
    else this.drawRematch();
  }

  /** Whether this match is paid in shots (goo-stupe, GOO-1), not chips: the server's view says
   * it (``match.unit``). */
  inShots() {
    return paidInShots(this.view);
  }

  showStandings() {
    this.shownStandings = true;
    const v = this.view;
    const st = (v.over && v.over.standings) || (v.match && v.match.standings) || [];
    this.openOverlay(h("section.standings", { "aria-label": t("standings") },
      h("h2", {}, t("matchOver")), h("h3", {}, t("standings")),
      h("ol", {}, st.map((s) => h("li", { dataset: { seat: String(s.seat), bubbleSeat: String(s.seat) } },
        h("span", {}, `${s.seat === undefined || s.seat === null ? botName(s.name) : seatName(v, s.seat)}: ${this.inShots() ? t("shotsN", s.shots ?? 0) : t("chipsN", s.chips)}`)))),
      this.standingsPhrases(),
      this.serverRematch ? this.rematchBox() : null,
      h("div.row", {}, this.serverRematch ? null : h("button.primary#rematch", { type: "button", onclick: (ev) => this.rematch(ev.currentTarget) }, w("rematch")),
        h("a.button#new-match", { href: "#/" }, t("backToLobby")), this.downloadLink(),
        this.lastShown ? h("button#review-last", { type: "button", onclick: () => this.showReview(this.lastShown) }, w("review")) : null,
        h("button#standings-close", { type: "button", onclick: () => this.closeStandings() }, t("close")))));
  }

  /** The standings closed: the table behind them, and the focus on the status bar's button
   * that brings them back (QA 17: it fell to the top of the page with the hidden dialog). */
  closeStandings() {
    this.overlayOpen = false;
    this.page.inert = false;
    this.overlay.hidden = true;
    this.placeBubbles();
    this.tableBox.querySelector("#standings-open")?.focus({ preventScroll: true });
  }

  key(ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    // the phrases' open menu has its own keys; on the "Say…" button itself the table's keys play
    // (QA 18: the button keeps the focus when the turn comes, and "1" played nothing there)
    if (ev.target && ev.target.closest && ev.target.closest(".saymenu")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (this.overlayOpen) {
      // Enter on a button of the dialog (review, next step, rematch) is that button's; Enter
      // elsewhere and Escape close the dialog
      const onControl = ev.target && ev.target.closest && ev.target.closest("button, a[href], summary, [role=button]");
      if (ev.key === "Escape" || (ev.key === "Enter" && !onControl)) {
        ev.preventDefault();
        this.overlay.querySelector("#settle-close, #standings-close, #review-close")?.click();
      }
      return;
    }
    const v = this.view;
    if (!v || !v.to_move) return;
    const k = ev.key.toLowerCase();
    const idx = HAND_KEYS.indexOf(k);
    if (idx >= 0 && v.hand && idx < v.hand.hand.length) {
      const code = v.hand.hand[idx];
      const entry = v.legal.find((e) => e.kind === "play" && e.cards[0] === code);
      if (entry) { ev.preventDefault(); this.act(entry.action); }
      return;
    }
    const action = this.ctx.buttonKeys.get(k);
    if (action) { ev.preventDefault(); this.act(action); }
  }

  /** The language changed while a settlement or the standings were open: said again in it
   * (the settlement's words come with the table the server sends again in that language). */
  redrawOverlay(view) {
    if (!this.overlayOpen || this.overlayLang === getLang()) return;
    if (this.overlay.querySelector(".standings")) this.showStandings();
    else if (this.overlay.querySelector(".settlement") && view.last_hand && this.lastShown && view.last_hand.deal === this.lastShown.deal) {
      this.showSettlement(view.last_hand);
    }
  }

  /** The page's language changed: the server says the table again in it (a `state`). */
  relabel() {
    this.socket.setLang(getLang());
    if (this.sideLang !== getLang()) this.drawSide(); // (not for a new deck style: a code shown stays)
    this.labelSay();
    if (!this.mine) banner(t("spectating"), "info");
    this.render();
  }

  dispose() {
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("pointerdown", this.onOutside, true);
    window.removeEventListener("resize", this.onResize);
    if (this.boxObserver) this.boxObserver.disconnect();
    for (const b of this.bubbles.values()) clearTimeout(b.timer);
    this.socket.close();
    clearTimeout(this.calloutTimer);
    clearTimeout(this.calloutNext);
    clearInterval(this.tick);
    clearTimeout(this.drainTimer);
    clearTimeout(this.settleTimer);
    clearInterval(this.stepTimer);
  }
}

/** The deal number of a view (null before the match has one, or for no view). */
function dealOf(view) {
  return view && view.match ? view.match.deal ?? null : null;
}

/** A part of a hand's chip changes (the ledger's parts): the hand, compensation, the boar pot. */
function partName(key) {
  const said = t(`part_${key}`);
  return said === `part_${key}` ? key.replace(/_/g, " ") : said;
}

/** The events of one moment of a reviewed hand, one line each (a Korean line has no full
 * stop of its own: run together they read as one). */
function reviewLines(box, texts) {
  box.replaceChildren(...texts.filter(Boolean).map((x) => h("span.rline", {}, x)));
}

/** The cards of every month held four times in ``codes`` (jokers have no month). */
function quads(codes) {
  const byMonth = new Map();
  for (const c of codes) {
    const m = cardMonth(c);
    if (m) byMonth.set(m, [...(byMonth.get(m) || []), c]);
  }
  return [...byMonth.values()].filter((cs) => cs.length >= 4).flat();
}

/** The control of the table `box` that has the focus, as a selector that finds it again in a
 * new drawing of the table (a card by its code, a decision by its action), or null. */
function focusedControl(box) {
  const el = document.activeElement;
  if (!el || el === box || !box.contains(el)) return null;
  const q = (v) => JSON.stringify(String(v));
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el.dataset.code && el.closest(".myhand")) return `.myhand button.card[data-code=${q(el.dataset.code)}]`;
  if (el.dataset.action) return `.decisions button[data-action=${q(el.dataset.action)}]`;
  if (el.dataset.choice) return `.giveopt[data-choice=${q(el.dataset.choice)}]`;
  if (el.dataset.kind) return `.decisions button[data-kind=${q(el.dataset.kind)}]`;
  if (el.matches("summary")) return ".decisions details.more > summary";
  if (el.matches(".decisions select")) return ".decisions select";
  return ".myhand button.card.playable"; // something else of the table: the turn's first control
}
