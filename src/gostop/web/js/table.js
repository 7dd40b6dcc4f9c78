// The table: rendering one view (docs/protocol.md "The view") for a seat or a spectator.
import { levelText, monthName, stampLabel, t, tx } from "./i18n.js";
import { h, words } from "./dom.js";
import { cardEl, cardGroup, cardMonth, cardName, junkValue } from "./cards.js";
import { actionLabel } from "./actions.js";

const w = words({
  en: { turnTimer: "Seconds left before a bot decides for this seat", left: (n) => `${n} s left` },
  ko: { turnTimer: "봇이 대신 정하기까지 남은 초", left: (n) => `${n}초 남음` },
});

export const HAND_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
const BUTTON_KEYS = "abcdefhijklmnopqrtuvwxyz".split(""); // no g, s (go / stop)

/** Table seat -> player entry, and names. */
function playerOf(view, seat) { return (view.players || []).find((p) => p.seat === seat) || null; }

export function seatName(view, seat) {
  const p = playerOf(view, seat);
  if (!p) return `${t("seat")} ${seat + 1}`;
  const name = p.name || `${t("seat")} ${seat + 1}`;
  return seat === view.seat && name.toLowerCase() !== "you" ? `${name} (${t("you")})` : name;
}

/** Table seat of a hand seat. */
export function tableSeat(view, hs) {
  const seats = view.match ? view.match.hand_seats : [];
  return seats && hs !== null && hs !== undefined && hs < seats.length ? seats[hs] : null;
}

/** The stop target of this hand: the room's override, else the preset's default (GOSTOP-1). */
function stopTarget(hand, knobs) {
  if (!hand) return null;
  const name = hand.players === 2 ? "stop_target_two_player" : "stop_target_three_player";
  const r = hand.rules || {};
  if (r.overrides && r.overrides[name] !== undefined) return r.overrides[name];
  const knob = (knobs || []).find((k) => k.name === name);
  return knob && knob.defaults ? knob.defaults[r.preset || hand.preset] ?? null : null;
}

function captureGroups(cards) {
  const groups = { bright: [], animal: [], ribbon: [], junk: [] };
  for (const c of cards) groups[cardGroup(c)].push(c);
  return groups;
}

function capturesEl(cards, hs) {
  const groups = captureGroups(cards);
  const box = h("div.captures", { "aria-label": t("captures"), dataset: { handSeat: String(hs) } });
  for (const g of ["bright", "animal", "ribbon", "junk"]) {
    const cs = groups[g];
    const count = g === "junk" ? cs.reduce((a, c) => a + junkValue(c), 0) : cs.length;
    const pile = h("div.capgroup", { dataset: { group: g } },
      h("span.caplabel", {}, `${t(g)} `, h("b.count", {}, String(count))));
    const row = h("span.caprow");
    for (const c of cs) {
      row.appendChild(cardEl(c, { size: "sm" }));
    }
    pile.appendChild(row);
    box.appendChild(pile);
  }
  return box;
}

function scorePanel(view, hs, p, knobs) {
  const hand = view.hand;
  const score = (view.scores || []).find((s) => s.hand_seat === hs);
  const points = score ? score.points : hand ? hand.stop_points[hs] : 0;
  const target = stopTarget(hand, knobs);
  const cell = (label, value, cls = "") => h(`span.stat${cls}`, {}, h("small", {}, label), " ", h("b", {}, String(value)));
  const panel = h("div.score", { "aria-label": "score" },
    cell(t("points"), target ? `${points}/${target}` : points, ".pts"),
    cell(t("goes"), hand ? hand.goes[hs] : 0),
    cell(t("shake"), hand ? (hand.declared_months[hs] || []).length : 0),
    cell(t("bomb"), hand ? hand.bombs[hs] : 0),
    cell(t("ppuk"), hand ? hand.ppuk[hs] : 0),
    cell(t("chips"), p ? (p.chips > 0 ? `+${p.chips}` : p.chips) : 0, ".chips"));
  if (score && score.items && score.items.length) panel.appendChild(h("span.items", {}, tx(score, "items").join(" · ")));
  const baks = (view.bak || []).filter((b) => b.seat === hs);
  for (const b of baks) {
    panel.appendChild(h(`span.stamp${b.live ? ".live" : ""}`, { title: tx(b, "text") }, stampLabel(b)));
  }
  return panel;
}

function hintsEl(view, hs) {
  const near = (view.near_sets || []).filter((n) => n.seat === hs);
  if (!near.length) return null;
  return h("ul.hints", { "aria-label": t("hints") },
    near.map((n) => h("li", {}, `${tx(n, "name")} (+${n.points}): `, cardEl(n.missing, { size: "xs" }), ` ${cardName(n.missing)} — ${tx(n, "where")}`)));
}

function playerBox(view, p, knobs) {
  const hs = p.hand_seat;
  const hand = view.hand;
  const tags = [];
  if (view.match && view.match.dealer === p.seat) tags.push(t("dealer"));
  if (p.kind === "bot") tags.push(`${t("bot_")} ${levelText(p.level)}`.trim());
  if (p.away) tags.push(t("away"));
  else if (p.kind === "human" && !p.connected && p.name) tags.push(t("offline"));
  const turn = view.current_seat === p.seat;
  const box = h(`section.player${turn ? ".turn" : ""}${p.seat === view.seat ? ".me" : ""}`, { dataset: { seat: String(p.seat) }, "aria-label": seatName(view, p.seat) },
    h("header", {}, h("span.pname", {}, seatName(view, p.seat)), ...tags.map((x) => h("span.tag", {}, x)),
      hs === null || hs === undefined ? h("span.tag", {}, t("sitsOut")) : null,
      hand && hs !== null && hs !== undefined && p.seat !== view.seat ? h("span.handcount", { "aria-label": `${hand.hand_sizes[hs]} ${t("cardsInHand")}` }, cardEl("back", { size: "xs" }), ` ×${hand.hand_sizes[hs]}`) : null));
  if (hand && hs !== null && hs !== undefined) {
    box.appendChild(scorePanel(view, hs, p, knobs));
    const shown = (hand.shown_hand_cards[hs] || []);
    if (shown.length && p.seat !== view.seat) box.appendChild(h("div.shown", {}, h("small", {}, t("shown")), shown.map((c) => cardEl(c, { size: "xs" }))));
    box.appendChild(capturesEl(hand.captures[hs], hs));
    const hints = hintsEl(view, hs);
    if (hints) box.appendChild(hints);
  } else if (p) {
    box.appendChild(h("div.score", {}, h("span.stat.chips", {}, h("small", {}, t("chips")), " ", h("b", {}, String(p.chips)))));
  }
  return box;
}

function layoutEl(view) {
  const hand = view.hand;
  const byMonth = new Map();
  // the card waiting for its owner to pick which of two it takes sits on its month's pile
  const choosing = hand.choosing_for && !hand.layout.includes(hand.choosing_for) ? hand.choosing_for : null;
  for (const c of choosing ? [...hand.layout, choosing] : hand.layout) {
    const m = cardMonth(c);
    if (!byMonth.has(m)) byMonth.set(m, []);
    byMonth.get(m).push(c);
  }
  const stacks = new Set((hand.stacks || []).map((s) => s.month));
  const box = h("div.layout", { "aria-label": t("table") });
  for (const m of [...byMonth.keys()].sort((a, b) => a - b)) {
    const pile = h(`div.pile${stacks.has(m) ? ".stack" : ""}`, { dataset: { month: String(m) }, "aria-label": monthName(m) });
    for (const c of byMonth.get(m)) {
      const el = cardEl(c, { size: "md" });
      if ((hand.pending || []).includes(c)) el.classList.add("pending");
      if (c === choosing) el.classList.add("choosing");
      pile.appendChild(el);
    }
    box.appendChild(pile);
  }
  if (!byMonth.size) box.appendChild(h("p.empty", {}, "—"));
  return box;
}

function previewWord(entry) {
  const k = entry.preview.kind;
  return k === "none" ? t("noMatch") : k === "joker" ? t("joker") : k === "stack" ? t("stack") : k === "choice" ? t("choice") : "";
}

function previewText(entry) {
  const p = entry.preview;
  if (!p) return "";
  if (p.kind === "none") return t("noMatch");
  if (p.kind === "joker") return t("joker");
  if (p.kind === "stack") return `${t("stack")}`;
  if (p.kind === "choice") return `${t("choice")} ${p.targets.map(cardName).join(" / ")}`;
  return `${t("takes")} ${p.targets.map(cardName).join(", ")}`;
}

function highlight(root, month, targets) {
  root.querySelectorAll(".layout .card").forEach((el) => {
    el.classList.toggle("match", month > 0 && el.dataset.month === String(month));
    el.classList.toggle("target", targets.includes(el.dataset.code));
  });
}

function handEl(view, ctx) {
  const hand = view.hand;
  const plays = new Map((view.legal || []).filter((e) => e.kind === "play").map((e) => [e.cards[0], e]));
  const box = h("div.myhand", { role: "group", "aria-label": t("yourHand") });
  hand.hand.forEach((code, i) => {
    const entry = plays.get(code);
    const key = HAND_KEYS[i];
    const el = cardEl(code, { size: "lg", button: true });
    el.type = "button";
    const what = entry ? previewText(entry) : "";
    el.setAttribute("aria-label", `${cardName(code)}${entry ? `: ${what}` : ""}${key ? ` (key ${key})` : ""}`);
    if (entry) {
      el.classList.add("playable");
      if (entry.preview && entry.preview.kind !== "none") el.classList.add("captures");
      el.addEventListener("click", () => {
        if (ctx.touch && ctx.selected !== code) { ctx.selected = code; highlightFor(); return; }
        ctx.act(entry.action);
      });
    } else el.disabled = true;
    const highlightFor = () => {
      const root = el.closest(".table-page");
      if (root) highlight(root, cardMonth(code), entry && entry.preview ? entry.preview.targets : []);
      box.querySelectorAll(".card").forEach((c) => c.classList.toggle("selected", c === el));
    };
    el.addEventListener("mouseenter", highlightFor);
    el.addEventListener("focus", highlightFor);
    el.addEventListener("mouseleave", () => { const root = el.closest(".table-page"); if (root) highlight(root, 0, []); });
    const targets = entry && entry.preview ? entry.preview.targets : [];
    const word = entry && entry.preview && ["none", "joker", "stack", "choice"].includes(entry.preview.kind) ? previewWord(entry) : targets.length ? "" : what;
    const whatEl = h("span.what", { "aria-hidden": "true" }, word ? h("span", {}, word) : null,
      targets.length ? h("span.mini", {}, targets.map((c) => cardEl(c, { size: "xs" }))) : null);
    const wrap = h("div.handslot", {}, el, h("span.key", { "aria-hidden": "true" }, key || ""), whatEl);
    if (ctx.selected === code) el.classList.add("selected");
    box.appendChild(wrap);
  });
  if (!hand.hand.length) box.appendChild(h("p.empty", {}, "—"));
  return box;
}

function stopPreviewEl(view) {
  const sp = view.stop_preview;
  const box = h("div.stop-preview", { "aria-label": t("stopPreview") });
  if (sp) {
    const opp = (view.hand && view.match) ? view.hand.captures.map((_, i) => i).filter((i) => i !== view.hand_seat) : [];
    box.appendChild(h("h3", {}, `${t("stopPreview")}: +${sp.total} ${t("chips")}`));
    box.appendChild(h("ul.payments", {}, (sp.payments || []).map((amt, i) => h("li", {}, `${seatName(view, tableSeat(view, opp[i]))} ${t("pays")} ${amt}`))));
    const plain = tx(sp, "plain_steps");
    const steps = plain && plain.length ? plain : sp.steps;
    if (steps && steps.length) box.appendChild(h("ol.steps", {}, steps.map((s) => h("li", {}, s))));
  }
  const warnings = tx(view, "go_warnings");
  if (warnings && warnings.length) {
    box.appendChild(h("h3", {}, t("goRisk")));
    box.appendChild(h("ul.warnings", {}, warnings.map((w) => h("li", {}, w))));
  }
  return box;
}

function decisionsEl(view, ctx) {
  const entries = (view.legal || []).filter((e) => e.kind !== "play");
  if (!entries.length) return null;
  const box = h("section.decisions", { "aria-label": t("decisions") }, h("h2", {}, view.hand && view.hand.stage === "main" ? t("yourTurn") : t("decisions")));
  if (entries.some((e) => e.kind === "go" || e.kind === "stop")) box.appendChild(stopPreviewEl(view));
  if (view.hand && view.hand.choosing_for) box.appendChild(h("p", {}, `${t("pickCard")} (${cardName(view.hand.choosing_for)})`));
  if (view.table && view.table.dealt && view.table.dealt.length) {
    box.appendChild(h("div.dealt", {}, view.table.dealt.map((c) => cardEl(c, { size: "sm" }))));
  }
  const buttons = h("div.buttons");
  const numbered = entries.filter((e) => e.kind === "cut" || e.kind === "list");
  const plain = entries.filter((e) => e.kind !== "cut" && e.kind !== "list");
  let k = 0;
  ctx.buttonKeys = new Map();
  for (const e of plain) {
    let key = e.kind === "go" ? "g" : e.kind === "stop" ? "s" : BUTTON_KEYS[k++];
    const b = h(`button.decision.kind-${e.kind}`, { type: "button", dataset: { action: e.action, kind: e.kind } });
    if (e.kind === "pick" || e.kind === "surrender" || e.kind === "reveal") b.append(...e.cards.map((c) => cardEl(c, { size: "sm" })));
    b.append(h("span", {}, actionLabel(e)), key ? h("kbd", {}, key) : "");
    b.addEventListener("click", () => ctx.act(e.action));
    if (e.kind === "pick") {
      b.addEventListener("mouseenter", () => { const root = b.closest(".table-page"); if (root) highlight(root, 0, e.cards); });
    }
    if (key) ctx.buttonKeys.set(key, e.action);
    buttons.appendChild(b);
  }
  for (const kind of ["cut", "list"]) {
    const group = numbered.filter((e) => e.kind === kind);
    if (!group.length) continue;
    const values = group.map((e) => e.action.split(" ")[1]);
    const sel = h("select", { "aria-label": kind }, values.map((v) => h("option", { value: v }, v)));
    sel.value = values[Math.floor(values.length / 2)];
    const b = h(`button.decision.kind-${kind}`, { type: "button", dataset: { kind } }, actionLabel({ kind, action: `${kind} …`, value: "…" }).replace("…", ""));
    b.addEventListener("click", () => ctx.act(`${kind} ${sel.value}`));
    buttons.appendChild(h("span.numbered", {}, sel, b));
  }
  box.appendChild(buttons);
  return box;
}

/** The turn timer: seconds left before a bot decides (room.js ticks it). */
export function timerText(el) {
  const left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
  el.textContent = w("left", left);
  el.classList.toggle("low", left <= 5);
}

function timerEl(deadline) {
  const el = h("span.timer", { dataset: { deadline: String(deadline) }, "aria-live": "off", title: w("turnTimer") });
  timerText(el);
  return el;
}

function statusLine(view) {
  const m = view.match;
  const hand = view.hand;
  const parts = [];
  if (m) parts.push(t("handOf", m.hands_played + (view.over ? 0 : 1), m.hands));
  if (m && m.carry) parts.push(`${t("carry")} ×${2 ** m.carry}`);
  if (view.current_seat !== null && view.current_seat !== undefined) {
    parts.push(view.to_move ? t("yourTurn") : t("waitingFor", seatName(view, view.current_seat)));
  }
  const timer = view.deadline ? timerEl(view.deadline) : null;
  return h("div.status", { role: "status", "aria-live": "polite" }, h("span", {}, parts.join(" · ")), timer,
    hand ? h("span.stock", { "aria-label": `${t("stock")}: ${hand.stock_size}` }, cardEl("back", { size: "sm" }), h("b", {}, ` ${hand.stock_size}`)) : null);
}

/**
 * Render the whole table for `view` into `root`. `ctx`: {act(action), touch, selected,
 * previous (the view before), feed element, spectator}.
 */
export function renderTable(root, view, ctx) {
  const me = view.seat !== null && view.seat !== undefined ? playerOf(view, view.seat) : null;
  const others = (view.players || []).filter((p) => p.seat !== view.seat);
  const page = h("div.table-page", { dataset: {
    phase: view.phase, version: String(view.version), toMove: view.to_move ? "1" : "0",
    stage: view.hand ? view.hand.stage : "", over: view.over ? "1" : "0", deal: view.match ? String(view.match.deal) : "",
  } });
  page.appendChild(statusLine(view));
  page.appendChild(h("div.opponents", {}, others.map((p) => playerBox(view, p, ctx.knobs))));
  if (view.hand) {
    page.appendChild(h("section.board", { "aria-label": t("table") }, layoutEl(view)));
  }
  const dec = decisionsEl(view, ctx);
  if (dec) page.appendChild(dec);
  if (me) page.appendChild(playerBox(view, me, ctx.knobs));
  if (view.hand && view.hand_seat !== null && view.hand_seat !== undefined && view.seat !== null) {
    page.appendChild(h("section.handbox", {}, h("h2.visually-hidden", {}, t("yourHand")), handEl(view, ctx)));
  }
  page.appendChild(h("p.keyhelp", {}, t("keys")));
  root.replaceChildren(page);
}
