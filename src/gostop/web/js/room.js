// A room page (#/room/{id}, #/room/{id}/watch): join by link, friendly pages for unknown, full
// and finished rooms, then the live table over the WebSocket with reconnects, the event feed,
// call-outs, the settlement step by step, the standings, and keyboard play.
import { botName, errorText, getLang, levelOf, levelText, reasonText, strings, t, tx } from "./i18n.js";
import { banner, h } from "./dom.js";
import { loadPresets } from "./lobby.js";
import { api, ApiError, forgetSeat, playerName, saveSeat, savedSeat, setPlayerName } from "./api.js";
import { TableSocket } from "./socket.js";
import { narrate } from "./narrate.js";
import { HAND_KEYS, renderTable, seatName, tableSeat, timerText } from "./table.js";
import { actionLabel } from "./actions.js";
import { cardEl, cardGroup, cardName } from "./cards.js";
import { cheapest, setting } from "./table.js";
import { firstPlay, soundFor } from "./sound.js";
import { animateUpdate, reducedMotion, snapshot } from "./motion.js";

const w = strings("room");

function friendly(main, title, text, room) {
  main.replaceChildren(h("section.panel.friendly", { role: "alert" },
    h("h1", {}, title), text ? h("p", {}, text) : null,
    room && room.spectators ? h("p", {}, h("a.button", { href: `#/room/${encodeURIComponent(room.id)}/watch` }, t("spectate"))) : null,
    h("p", {}, h("a.button.primary", { href: "#/" }, t("backToLobby")))));
  return {};
}

function joinPage(main, room) {
  const open = room.seats.filter((s) => s.kind === "human" && !s.taken);
  const input = h("input#join-name", { type: "text", maxlength: "24", value: playerName(), placeholder: t("you"), "aria-label": t("yourName") });
  const err = h("p.error", { role: "alert", hidden: true });
  const btn = h("button.primary#take-seat", { type: "submit" }, t("takeSeat"));
  const form = h("form.panel.join", {},
    h("h1", {}, room.name || room.id),
    h("p", {}, `${room.preset} · ${room.seats.length} ${t("seats").toLowerCase()} · ${t("openSeats", open.length)}`),
    h("ul", {}, room.seats.map((s) => h("li", {}, `${t("seat")} ${s.seat + 1}: ${s.kind === "bot" ? `${botName(s.name)} (${t("bot_")} ${levelText(s.level)})` : s.name || "—"}`))),
    h("label.field", {}, h("span", {}, t("yourName")), input), btn, err,
    room.spectators ? h("p", {}, h("a.button", { href: `#/room/${encodeURIComponent(room.id)}/watch` }, t("spectate"))) : null);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    btn.disabled = true;
    const name = input.value.trim() || t("you");
    setPlayerName(name);
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

export async function showRoom(main, roomId) {
  const watch = location.hash.endsWith("/watch");
  let room;
  try { room = await api.room(roomId); } catch (e) {
    if (e instanceof ApiError && e.status === 404) return friendly(main, t("roomUnknown"), "");
    throw e;
  }
  const mine = savedSeat(roomId);
  if (!mine && !watch) {
    const open = room.seats.some((s) => s.kind === "human" && !s.taken);
    if (room.state === "over") return friendly(main, t("roomOver"), "", room);
    if (!open || room.state !== "waiting") return friendly(main, t("roomFull"), "", room);
    return joinPage(main, room);
  }
  let knobs = [];
  try { knobs = (await loadPresets()).knobs || []; } catch (e) { knobs = []; } // only for the targets shown
  return new TablePage(main, room, watch || !mine ? null : mine, knobs);
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
    this.feed = h("ul.feed", { "aria-live": "polite", "aria-label": t("events") });
    this.callout = h("div.callout", { "aria-live": "assertive" });
    this.overlay = h("div.overlay", { hidden: true });
    this.side = h("aside.side#side", {}, h("button.link.closeside", { type: "button", onclick: () => this.toggleSide(false) }, w("closeSide")),
      this.inviteBox(), h("h2", {}, t("events")), this.feed);
    this.page = h("div.room-page", {}, this.tableBox, this.side);
    // the event feed and the invite box fold away behind this button on small screens
    this.ctx.sideButton = h("button.sidebtn#side-toggle", { type: "button", "aria-controls": "side", "aria-expanded": "false", onclick: () => this.toggleSide() }, w("side"));
    this.ctx.recent = [];
    this.restoreFeed();
    main.replaceChildren(this.page, this.callout, this.overlay);
    if (!mine) banner(t("spectating"), "info");
    this.onKey = (ev) => this.key(ev);
    // the per-decision turn timer, when the room has one: seconds left before a bot decides
    this.tick = setInterval(() => {
      const el = this.tableBox.querySelector(".timer");
      if (el) timerText(el);
    }, 500);
    document.addEventListener("keydown", this.onKey);
    this.socket = new TableSocket(room.id, mine ? { token: mine.token } : { spectate: true }, {
      onWelcome: (msg) => { this.room = msg.room || this.room; this.resetQueue(); this.setView(msg.view, []); },
      onUpdate: (msg) => this.enqueue(msg),
      onState: (msg) => { this.resetQueue(); this.setView(msg.view, []); },
      onPresence: (msg) => this.presence(msg),
      onError: (msg) => { if (!["stale_version", "duplicate", "conflict"].includes(msg.code)) banner(errorText(msg), "warn", 4000); },
      onConnection: (state, info) => this.connection(state, info),
    });
  }

  inviteBox() {
    const url = `${location.origin}/#/room/${encodeURIComponent(this.room.id)}`;
    const input = h("input#invite-link", { type: "text", readonly: true, value: url, "aria-label": t("inviteLink") });
    const btn = h("button#copy-link", { type: "button" }, t("copy"));
    const copied = () => {
      btn.textContent = t("copied");
      clearTimeout(this.copyTimer);
      this.copyTimer = setTimeout(() => { btn.textContent = t("copy"); }, 2500);
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
    return h("div.invite", {}, h("label", { for: "invite-link" }, t("inviteLink")), h("div.row", {}, input, btn),
      this.mine ? h("button.link#leave", { type: "button", onclick: () => this.leave() }, t("leave")) : null);
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
    location.hash = "#/";
  }

  connection(state, info) {
    if (state === "lost") banner(t("reconnecting"), "warn");
    else if (state === "open") { if (info) banner(t("reconnected"), "ok", 3000); else if (this.mine) banner(null); }
    else if (state === "closed") {
      if (info === 4401) { forgetSeat(this.room.id); friendly(this.main, t("roomFull"), "", this.room); }
      else if (info === 4404) friendly(this.main, t("roomUnknown"), "");
      else friendly(this.main, t("roomOver"), "", null);
    }
  }

  presence(msg) {
    if (!this.view) return;
    const p = this.view.players.find((x) => x.seat === msg.seat);
    if (p) { p.connected = msg.connected; p.away = msg.away; this.render(); }
  }

  act(action) {
    if (!this.view || !this.view.to_move) return;
    if (!this.view.legal.some((e) => e.action === action)) return;
    if (!this.socket.act(action, this.view.version)) {
      // Defect 10: a move made while disconnected is said, and nothing is queued
      banner(w("notSent"), "warn", 5000);
      return;
    }
    if (action.startsWith("play ")) firstPlay();
    this.ctx.selected = null;
    this.sentFor = this.view.version;
    this.tableBox.querySelectorAll("button").forEach((b) => { b.disabled = true; });
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
    this.drainTimer = setTimeout(() => this.drain(), ms);
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
      this.noteEvents(view, events);
      return 0;
    }
    this.previous = this.view;
    this.view = view;
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

  /** Step through the finished hand move by move, then every hand's last cards. */
  showReview(last) {
    const kept = this.lastHandViews && this.lastHandViews.deal === last.deal ? this.lastHandViews.views
      : this.reviewDeal === last.deal ? this.handViews : [];
    const views = kept.map((k) => ({ ...k, view: { ...k.view, legal: [], to_move: false, deadline: null } }));
    let i = 0;
    const box = h("div.tablebox.review-table");
    const counter = h("span.counter");
    const line = h("p.review-line", { "aria-live": "polite" });
    const seats = last.seats || [];
    const finals = h("div.final-hands", { hidden: true }, h("h3", {}, w("finalHands")),
      (last.hands || []).map((cards, hs) => h("div.final", {}, h("b", {}, `${seatName(this.view, seats[hs])}: `), cards.map((c) => cardEl(c, { size: "sm" })))));
    const prev = h("button#review-prev", { type: "button" }, w("prev"));
    const next = h("button.primary#review-next", { type: "button" }, w("nextMove"));
    const draw = () => {
      const k = views[i];
      if (k) renderTable(box, k.view, { knobs: this.ctx.knobs, act: () => {}, buttonKeys: new Map(), recent: [] });
      const { lines } = narrate(k ? k.events : [], (wrapper, e) => {
        const seat = wrapper.type === "hand" ? tableSeat(this.view, e.seat) ?? wrapper.seat : e.seat;
        return seat === null || seat === undefined ? "" : seatName(this.view, seat);
      });
      line.textContent = lines.map((l) => l.text).join(" ");
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

  noteEvents(view, events) {
    const { lines, callouts } = narrate(events, (wrapper, e) => {
      if (e.seat === null || e.seat === undefined) return "";
      const seat = wrapper.type === "hand" ? tableSeat(view, e.seat) ?? wrapper.seat : e.seat;
      return seat === null || seat === undefined ? "" : seatName(view, seat);
    });
    for (const l of lines) this.feed.prepend(h(`li.ev-${l.type}`, {}, l.text));
    while (this.feed.children.length > 80) this.feed.lastChild.remove();
    if (callouts.length) this.showCallout(callouts[callouts.length - 1]);
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
    const el = this.tableBox.querySelector(".decisions:not(.held) button.decision, .myhand button.card.playable");
    if (el) el.focus({ preventScroll: true });
  }

  /** The "always give the cheapest" setting (defect 6) answers a junk request by itself. */
  autoGive() {
    const v = this.view;
    if (!v || !v.to_move || !setting("alwaysCheapest")) return;
    const legal = v.legal || [];
    if (legal.length && legal.every((e) => e.kind === "surrender")) this.act(cheapest(legal).action);
  }

  showCallout(c) {
    this.callout.textContent = c.text;
    this.callout.className = `callout show ev-${c.type}`;
    clearTimeout(this.calloutTimer);
    this.calloutTimer = setTimeout(() => { this.callout.className = "callout"; }, 1800);
  }

  render() {
    if (!this.view) return;
    if (this.view.phase === "waiting") { this.renderWaiting(); return; }
    this.ctx.previous = this.previous;
    renderTable(this.tableBox, this.view, this.ctx);
  }

  renderWaiting() {
    const v = this.view;
    this.tableBox.replaceChildren(h("section.panel.waiting", {},
      h("h1", {}, this.room.name || this.room.id), h("p", {}, t("waitingForPlayers")),
      h("ul", {}, v.players.map((p) => h("li", {}, `${t("seat")} ${p.seat + 1}: ${(p.kind === "bot" ? botName(p.name) : p.name) || "—"}${p.kind === "bot" ? ` (${t("bot_")} ${levelText(p.level)})` : ""}`)))));
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
    this.overlayOpen = true;
    this.overlay.replaceChildren(h("div.modal", { role: "dialog", "aria-modal": "true", "aria-label": content.getAttribute("aria-label") }, content));
    this.page.inert = true; // the table behind the dialog is seen, not used
    this.overlay.hidden = false;
  }

  closeOverlay() {
    this.overlayOpen = false;
    this.page.inert = false;
    this.overlay.hidden = true;
    this.overlay.replaceChildren();
    if (this.frozen) {
      this.frozen = null;
      const p = this.pending;
      this.pending = null;
      if (p) { this.previous = this.view; this.view = p.view; this.keepForReview(p.view, p.events); this.render(); this.focusTurn(); this.autoGive(); }
    }
    if (this.view && this.view.over && !this.shownStandings) this.showStandings();
  }

  showSettlement(last) {
    this.lastShown = last;
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
    const chips = h("ul.handchips", {}, (r.chips || []).map((c, hs) => h("li", {}, `${name(hs)}: ${t("chipsN", c)}`)));
    const next = h("button#settle-next", { type: "button" }, t("next"));
    const done = h("button.primary#settle-close", { type: "button" }, t("continue"));
    let shown = 0;
    const reveal = () => {
      if (shown < steps.length) list.appendChild(h("li", {}, steps[shown++]));
      if (shown >= steps.length) { next.hidden = true; chips.hidden = false; }
    };
    chips.hidden = steps.length > 0;
    next.addEventListener("click", reveal);
    done.addEventListener("click", () => this.closeOverlay());
    this.openOverlay(h("section.settlement", { "aria-label": t("settlement") },
      h("h2", {}, t("settlement")), h("p.result", {}, title), this.winnerCards(r, name), list, chips,
      h("div.row", {}, next, done, h("button#review-hand", { type: "button", onclick: () => this.showReview(last) }, w("review")), this.downloadLink())));
    if (reducedMotion()) { while (shown < steps.length) reveal(); } else {
      reveal();
      const timer = setInterval(() => { if (shown >= steps.length || !this.overlayOpen) clearInterval(timer); else reveal(); }, 700);
    }
    if (!steps.length) next.hidden = true;
    done.focus();
  }

  /** The winner's captured cards grouped by kind (brights, animals, ribbons, junk). */
  winnerCards(r, name) {
    if (r.winner === null || r.winner === undefined || !r.captures || !r.captures[r.winner]) return null;
    const groups = { bright: [], animal: [], ribbon: [], junk: [] };
    for (const c of r.captures[r.winner]) groups[cardGroup(c)].push(c);
    return h("div.wincards", { "aria-label": w("winnerCards", name(r.winner)) },
      Object.entries(groups).filter(([, cs]) => cs.length).map(([g, cs]) =>
        h("div.wingroup", { dataset: { group: g } }, h("small", {}, `${t(g)} ${cs.length}`), h("span.caprow", {}, cs.map((c) => cardEl(c, { size: "sm" }))))));
  }

  /** The match record, downloaded from the table (the seat's token while the match is on). */
  downloadLink() {
    const a = h("a.button#download-record", { href: "#", download: `gostop-${this.room.id}.json` }, w("download"));
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

  showStandings() {
    this.shownStandings = true;
    const v = this.view;
    const st = (v.over && v.over.standings) || (v.match && v.match.standings) || [];
    this.openOverlay(h("section.standings", { "aria-label": t("standings") },
      h("h2", {}, t("matchOver")), h("h3", {}, t("standings")),
      h("ol", {}, st.map((s) => h("li", {}, `${botName(s.name)}: ${t("chipsN", s.chips)}`))),
      h("div.row", {}, h("button.primary#rematch", { type: "button", onclick: (ev) => this.rematch(ev.currentTarget) }, w("rematch")),
        h("a.button#new-match", { href: "#/" }, t("backToLobby")), this.downloadLink(),
        this.lastShown ? h("button#review-last", { type: "button", onclick: () => this.showReview(this.lastShown) }, w("review")) : null,
        h("button#standings-close", { type: "button", onclick: () => { this.overlayOpen = false; this.page.inert = false; this.overlay.hidden = true; } }, t("continue")))));
  }

  key(ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (this.overlayOpen) {
      if (ev.key === "Enter" || ev.key === "Escape") { ev.preventDefault(); this.overlay.querySelector("#settle-close, #standings-close, #review-close")?.click(); }
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

  /** The page's language changed: the server says the table again in it (a `state`). */
  relabel() { this.socket.setLang(getLang()); this.render(); }

  dispose() {
    document.removeEventListener("keydown", this.onKey);
    this.socket.close();
    clearTimeout(this.calloutTimer);
    clearInterval(this.tick);
    clearTimeout(this.drainTimer);
    clearTimeout(this.settleTimer);
    clearTimeout(this.copyTimer);
  }
}
