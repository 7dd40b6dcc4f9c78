// The table: rendering one view (docs/protocol.md "The view") for a seat or a spectator.
import { botName, getLang, isDefaultName, levelText, monthName, stampLabel, t, tx } from "./i18n.js";
import { h, words } from "./dom.js";
import { cardEl, cardGroup, cardMonth, cardName, junkValue } from "./cards.js";
import { actionLabel } from "./actions.js";
import { particle } from "./particles.js";

const w = words({
  en: {
    turnTimer: "Seconds left before a bot decides for this seat", left: (n) => `${n} s left`,
    tapAgain: "tap again to play", shodangMore: "More: offer shodang…",
    shodangWhat: "Shodang: you show your hand to the others; if they accept, the hand ends with no winner. Offer it?",
    shodangYes: "Yes, show my hand and offer shodang", shodangNo: "No, keep playing",
    giveWhy: (who, what) => `${who} ${what}: give ${who} a junk card.`,
    giveWhyPlain: "An opponent earned a junk card from you: choose the one to give.",
    give: "Give", alwaysCheapest: "Always give the cheapest by itself", field: "Field", more: "More",
    events: "Events and invite",
    // goo-stupe with more than three seats (GOO-17, DEC-2): the player who heads the list orders the others
    listWhat: "You head the list: choose who comes next on it. The first three names play; after each hand the winner makes way for the next name.",
    listNext: (name) => `Next on the list: ${name}`,
    orPlay: "…or play a card from your hand",
    watching: "Watching", sitOutLine: (n) => `You sit this hand out: the other ${["", "one", "two", "three"][n] || n} play it.`,
    benchLabel: "Sitting out", benchGroup: "Sitting this hand out",
  },
  ko: {
    turnTimer: "봇이 대신 정하기까지 남은 초", left: (n) => `${n}초 남음`,
    tapAgain: "한 번 더 누르면 냅니다", shodangMore: "더 보기: 쇼당 제안…",
    shodangWhat: "쇼당: 내 패를 보여 주고, 상대가 받아들이면 승자 없이 판이 끝납니다. 제안할까요?",
    shodangYes: "네, 패를 보여 주고 쇼당 제안", shodangNo: "아니요, 계속",
    giveWhy: (who, what) => `${particle(who, "이")} ${what}. ${who}에게 줄 피 한 장을 고르세요.`,
    giveWhyPlain: "상대가 피 한 장을 받을 차례입니다: 줄 패를 고르세요.",
    give: "주기", alwaysCheapest: "가장 싼 피를 늘 자동으로 주기", field: "바닥", more: "더 보기",
    events: "기록과 초대",
    listWhat: "명단 맨 위는 나입니다: 다음 순서를 고르세요. 앞의 세 명이 치고, 판마다 이긴 사람이 명단의 다음 사람과 교대합니다.",
    listNext: (name) => `다음 순서: ${name}`,
    orPlay: "…또는 손패에서 한 장 내기",
    watching: "관전 중", sitOutLine: (n) => `이번 판은 쉽니다. 다른 ${["", "한", "두", "세"][n] || n} 사람이 칩니다.`,
    benchLabel: "쉬는 사람", benchGroup: "이번 판 쉬는 사람",
  },
});

// What an opponent did that earns junk from the others (hand events), in words.
const EARNS = {
  en: { chok: "made a chok", ttadak: "made a ttadak", sseul: "swept the table", "stack-capture": "took a ppuk stack", bomb: "bombed",
    "ja-ppuk": "took back a ppuk", "boss-joker": "took a joker: junk from each opponent" },
  // said after the name and its particle: "민지가 쪽을 했습니다"
  ko: { chok: "쪽을 했습니다", ttadak: "따닥을 했습니다", sseul: "싹쓸이를 했습니다", "stack-capture": "뻑을 먹었습니다",
    bomb: "폭탄을 냈습니다", "ja-ppuk": "자뻑을 먹었습니다", "boss-joker": "조커를 먹었습니다" },
};

/** Settings kept in the browser (one-tap play, always give the cheapest junk). */
export function setting(name, fallback = false) {
  const v = localStorage.getItem(`gostop.${name}`);
  return v === null ? fallback : v === "1";
}
export function setSetting(name, on) { localStorage.setItem(`gostop.${name}`, on ? "1" : "0"); }

export const HAND_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
const BUTTON_KEYS = "abcdefhijklmnopqrtuvwxyz".split(""); // no g, s (go / stop)

/** Table seat -> player entry, and names. */
function playerOf(view, seat) { return (view.players || []).find((p) => p.seat === seat) || null; }

export function seatName(view, seat) {
  const p = playerOf(view, seat);
  if (!p) return `${t("seat")} ${seat + 1}`;
  const name = (p.kind === "bot" ? botName(p.name) : p.name) || `${t("seat")} ${seat + 1}`;
  // another's name that is a word for "you" (a person who typed "You" at a table of people) is
  // said as a name, in quotation marks, as the server's lines say it (words/person.py as_named):
  // "Waiting for “You”…", never "Waiting for You…" to the others
  if (seat !== view.seat) return isDefaultName(name) ? `\u201c${name}\u201d` : name;
  // the default name of a player who typed none ("you", "나") is said as "you" in the page's
  // language, never twice ("나 (나)")
  return isDefaultName(name) ? t("you") : `${name} (${t("you")})`;
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

// the kind marks printed on the cards, for the narrow badges of a phone
const SHORT_KIND = { bright: "광", animal: "열", ribbon: "띠", junk: "피" };

function capturesEl(cards, hs) {
  const groups = captureGroups(cards);
  const box = h("div.captures", { "aria-label": t("captures"), dataset: { handSeat: String(hs) } });
  for (const g of ["bright", "animal", "ribbon", "junk"]) {
    const cs = groups[g];
    const count = g === "junk" ? cs.reduce((a, c) => a + junkValue(c), 0) : cs.length;
    const pile = h("div.capgroup", { dataset: { group: g } },
      h("span.caplabel", {}, h("span.long", {}, `${t(g)} `), h("span.short", { "aria-hidden": "true" }, SHORT_KIND[g]), h("b.count", {}, String(count))));
    const row = h("span.caprow");
    for (const c of cs) {
      row.appendChild(cardEl(c, { size: "sm" }));
    }
    pile.appendChild(row);
    box.appendChild(pile);
  }
  return box;
}

/** Whether the match is paid in shots (goo-stupe, GOO-1): the server says it as a fact. */
export function paidInShots(view) {
  return !!(view && view.match && view.match.unit === "shots");
}

/** A player's running tally: the shots taken in a match paid in shots, else the chips won. */
function tallyCell(view, p, cell) {
  if (paidInShots(view)) return cell(t("shots"), p ? (p.shots ?? 0) : 0, ".chips.shots");
  return cell(t("chips"), p ? (p.chips > 0 ? `+${p.chips}` : p.chips) : 0, ".chips");
}

function scorePanel(view, hs, p, knobs) {
  const hand = view.hand;
  const score = (view.scores || []).find((s) => s.hand_seat === hs);
  const points = score ? score.points : hand ? hand.stop_points[hs] : 0;
  const target = stopTarget(hand, knobs);
  const cell = (label, value, cls = "") => h(`span.stat${cls}`, {}, h("small", {}, label), " ", h("b", {}, String(value)));
  const panel = h("div.score", { "aria-label": t("score") },
    cell(t("points"), target ? `${points}/${target}` : points, ".pts"),
    cell(t("goes"), hand ? hand.goes[hs] : 0),
    cell(t("shake"), hand ? (hand.declared_months[hs] || []).length : 0),
    cell(t("bomb"), hand ? hand.bombs[hs] : 0),
    cell(t("ppuk"), hand ? hand.ppuk[hs] : 0),
    tallyCell(view, p, cell));
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
    near.map((n) => h("li", {}, `${n.label} (+${n.points}): `, cardEl(n.missing, { size: "xs" }), ` ${cardName(n.missing)} — ${n.where_text}`)));
}

function tagsOf(view, p) {
  const tags = [];
  if (view.match && view.match.dealer === p.seat) tags.push(t("dealer"));
  if (p.kind === "bot") tags.push(`${t("bot_")} ${levelText(p.level)}`.trim());
  // a player who left for good is not coming back (POST .../leave): not "away"
  if (p.kind === "human" && p.status === "left") tags.push(t("leftSeat"));
  else if (p.away) tags.push(t("away"));
  else if (p.kind === "human" && !p.connected && p.name) tags.push(t("offline"));
  return tags;
}

/** Does table seat `p` sit out the hand being played (gwangpalli, 4+ seats)? Only while a
 * hand is on: before it is dealt out (stay or drop) and after the match nobody sits out. */
export function sitsOut(view, p) {
  return Boolean(view.hand) && !view.over && (p.hand_seat === null || p.hand_seat === undefined);
}

// Gwangpalli's stay or drop (GWANG-3): what each seat announced, shown while the question is open
const STAYS = new Set(["stay", "forced-in"]);
const DROPS = new Set(["drop", "forced-out", "iris-out"]);

function announcedTag(view, p) {
  if (view.hand || !view.table || !Array.isArray(view.table.announcements)) return null;
  const said = view.table.announcements.filter(([seat]) => seat === p.seat).map(([, a]) => a).pop();
  if (STAYS.has(said)) return h("span.tag.stays", {}, t("staysIn"));
  if (DROPS.has(said)) return h("span.tag.drops", {}, t("dropsOut"));
  return null;
}

/** A player: a compact badge for an opponent (top row), a strip for me (above my hand); an
 * opponent who sits the hand out is one short line (name, chips). */
function playerBox(view, p, knobs) {
  const hs = p.hand_seat;
  const hand = view.hand;
  const turn = view.current_seat === p.seat;
  const mine = p.seat === view.seat;
  const out = sitsOut(view, p);
  const box = h(`section.player${turn ? ".turn" : ""}${mine ? ".me" : ".badge"}${out ? ".out" : ""}`, { dataset: { seat: String(p.seat) }, "aria-label": seatName(view, p.seat) },
    h("header", {}, h("span.pname", {}, seatName(view, p.seat)), ...tagsOf(view, p).map((x) => h("span.tag", {}, x)),
      out ? h("span.tag.sitsout", {}, t("sitsOut")) : announcedTag(view, p),
      hand && hs !== null && hs !== undefined && !mine ? h("span.handcount", { role: "img", "aria-label": t("cardsInHandN", hand.hand_sizes[hs]) }, cardEl("back", { size: "xs" }), ` ×${hand.hand_sizes[hs]}`) : null));
  if (hand && hs !== null && hs !== undefined) {
    box.appendChild(scorePanel(view, hs, p, knobs));
    const shown = (hand.shown_hand_cards[hs] || []);
    if (shown.length && !mine) box.appendChild(h("div.shown", {}, h("small", {}, t("shown")), shown.map((c) => cardEl(c, { size: "xs" }))));
    box.appendChild(capturesEl(hand.captures[hs], hs));
    const hints = hintsEl(view, hs);
    if (hints) box.appendChild(hints);
  } else if (p) {
    box.appendChild(h("div.score", {}, tallyCell(view, p, (label, value, cls) => h(`span.stat${cls}`, {}, h("small", {}, label), " ", h("b", {}, String(value))))));
  }
  return box;
}

function pileEl(hand, m, cards, choosing) {
  const stacks = new Set((hand.stacks || []).map((s) => s.month));
  // a stack (ppuk) is marked by a frame: its name says it too ("March: 3 cards, a stack (ppuk)")
  const stack = stacks.has(m);
  const pile = h(`div.pile${stack ? ".stack" : ""}`, { role: "group", dataset: { month: String(m) },
    "aria-label": stack ? t("stackPile", monthName(m), cards.length) : monthName(m) });
  for (const c of cards) {
    const el = cardEl(c, { size: "md" });
    if ((hand.pending || []).includes(c)) el.classList.add("pending");
    if (c === choosing) el.classList.add("choosing");
    pile.appendChild(el);
  }
  return pile;
}

/** The gap between two piles of the field on a phone held upright, in card widths (app.css). */
const FIELD_GAP = 0.15;

/** The least width of the widest row when piles of widths `ws` (card widths) are cut, in their
 * order, into at most `rows` rows (FIELD_GAP between two piles of a row). */
function widestRow(ws, rows) {
  const row = (i, j) => ws.slice(i, j).reduce((a, x) => a + x, 0) + FIELD_GAP * Math.max(0, j - i - 1);
  const best = (i, r) => {
    if (i >= ws.length) return 0;
    if (r <= 1) return row(i, ws.length);
    let least = Infinity;
    for (let j = i + 1; j <= ws.length; j++) least = Math.min(least, Math.max(row(i, j), best(j, r - 1)));
    return least;
  };
  return best(0, rows);
}

/** The field grouped by month, in two halves with the stock between them. */
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
  const months = [...byMonth.keys()].sort((a, b) => a - b);
  const half = Math.ceil(months.length / 2);
  const left = h("div.half.left");
  const right = h("div.half.right");
  months.forEach((m, i) => (i < half ? left : right).appendChild(pileEl(hand, m, byMonth.get(m), choosing)));
  const stock = h("div.stock", { "aria-label": `${t("stock")}: ${hand.stock_size}` }, cardEl("back", { size: "md" }), h("b", {}, String(hand.stock_size)));
  // how wide the fuller half is, in card widths (a pile's cards overlap: 0.45 a card each
  // after its first) and gaps: the cards are sized to keep each half on one row (app.css)
  const units = (ms) => ms.reduce((a, m) => a + 1 + 0.45 * (byMonth.get(m).length - 1), 0);
  const halves = [months.slice(0, half), months.slice(half)];
  // a phone held upright: the fuller half's widest row when each half is cut into r rows at
  // best (r = 1..4; piles in their order, a gap between two piles FIELD_GAP card widths);
  // app.css sizes the cards for each r (the row's width, r rows' height) and takes the largest
  const rowsOf = {};
  for (let r = 1; r <= 4; r++) rowsOf[`--u${r}`] = Math.max(1, ...halves.map((ms) => widestRow(ms.map((m) => units([m])), r))).toFixed(2);
  const box = h("div.layout", { "aria-label": t("table"), style: {
    "--units": Math.max(1, ...halves.map(units)).toFixed(2), "--gaps": String(Math.max(0, ...halves.map((x) => x.length - 1))), ...rowsOf,
  } }, left, stock, right);
  if (!months.length) left.appendChild(h("p.empty", {}, "—"));
  return box;
}

/** The words under a hand card for what playing it would do: the word, and its short form for
 * a phone (app.css shows one of the two; the card's accessible name says it in full). */
function previewWord(entry, players) {
  const p = entry.preview;
  // a stack that takes junk too (EVT-4 .. EVT-7): the junk under the card as well, not only in
  // its name ("takes the stack" said nothing of the opponents' junk to a sighted player)
  const payers = p.kind === "stack" && p.steals > 0 ? players - 1 - (p.no_junk || []).length : 0;
  if (payers > 0) return [t("stackJunk", p.steals, payers > 1), t("stackJunkShort", p.steals)];
  const key = { none: "noMatch", joker: "joker", stack: "stack", choice: "choice" }[p.kind];
  return key ? [t(key), t(`${key}Short`)] : ["", ""];
}

/** What playing a card would do, as the server says it in the page's language. */
function previewText(entry) {
  return (entry.preview && entry.preview.text) || "";
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
  // --half: the columns of the hand folded into two rows (a phone held upright, app.css)
  const slots = Math.max(hand.hand.length, 1);
  const box = h("div.myhand", { role: "group", "aria-label": t("yourHand"), style: { "--slots": slots, "--half": Math.ceil(slots / 2) } });
  hand.hand.forEach((code, i) => {
    const entry = plays.get(code);
    const key = HAND_KEYS[i];
    const el = cardEl(code, { size: "lg", button: true });
    el.type = "button";
    const what = entry ? previewText(entry) : "";
    el.setAttribute("aria-label", `${cardName(code)}${entry ? `: ${what}` : ""}${key && !ctx.touch ? ` (${t("key")} ${key})` : ""}`);
    if (entry) {
      el.classList.add("playable");
      if (entry.preview && entry.preview.kind !== "none") el.classList.add("captures");
      el.addEventListener("click", () => {
        // Defect 8: one tap plays; with "confirm each play" on, the first tap selects and the
        // card says "tap again to play".
        if (ctx.touch && setting("confirmPlay") && ctx.selected !== code) {
          ctx.selected = code; highlightFor();
          box.querySelectorAll(".tapagain").forEach((x) => { x.hidden = x.dataset.code !== code; });
          return;
        }
        ctx.act(entry.action);
      });
    } else el.disabled = true;
    const highlightFor = () => {
      const root = el.closest(".table-page");
      if (root) highlight(root, cardMonth(code), entry && entry.preview ? entry.preview.targets : []);
      box.querySelectorAll(".card").forEach((c) => c.classList.toggle("selected", c === el));
    };
    el.addEventListener("mouseenter", () => { ctx.hovered = code; highlightFor(); });
    el.addEventListener("focus", highlightFor);
    el.addEventListener("mouseleave", () => {
      if (ctx.hovered === code) ctx.hovered = null;
      const root = el.closest(".table-page");
      if (root) highlight(root, 0, []);
    });
    const targets = entry && entry.preview ? entry.preview.targets : [];
    const [long, short] = entry && entry.preview && ["none", "joker", "stack", "choice"].includes(entry.preview.kind)
      ? previewWord(entry, (view.hand.captures || []).length)
      : targets.length ? ["", ""] : [what, what];
    // on a phone the short form (app.css): the long one was clipped in a 45 px card's two lines
    const word = long ? h("span.word", {}, short && short !== long ? [h("span.long", {}, long), h("span.short", {}, short)] : long) : null;
    // "choose one of" and its two cards: on a phone held upright the two cards stand for the
    // words (app.css; the card's name says it all to a screen reader)
    const choice = entry && entry.preview && entry.preview.kind === "choice" && targets.length;
    const whatEl = h(`span.what${choice ? ".choice" : ""}`, { "aria-hidden": "true", title: what || undefined }, word,
      targets.length ? h("span.mini", {}, targets.map((c) => cardEl(c, { size: "xs" }))) : null);
    const again = h("span.tapagain", { hidden: ctx.selected !== code, dataset: { code } }, w("tapAgain"));
    const wrap = h("div.handslot", {}, el, h("span.key", { "aria-hidden": "true" }, key || ""), whatEl, again);
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
    box.appendChild(h("h3", {}, `${t("stopPreview")}: ${t("chipsN", sp.total)}`));
    box.appendChild(h("ul.payments", {}, (sp.payments || []).map((amt, i) => h("li", {}, t("paysN", seatName(view, tableSeat(view, opp[i])), amt)))));
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

/** The cheapest of the surrender entries (the fewest junk points given; RULES.md CAPT-STEAL). */
export function cheapest(entries) {
  const cost = (e) => e.cards.reduce((a, c) => a + junkValue(c), 0) * 10 + e.cards.length;
  return entries.slice().sort((a, b) => cost(a) - cost(b))[0];
}

/** Why junk is asked of me: the newest event of an opponent that earns it, in words. */
function surrenderWhy(view, ctx) {
  const earns = EARNS[getLang()] || EARNS.en;
  for (const ev of (ctx.recent || []).slice().reverse()) {
    const e = ev && ev.type === "hand" ? ev.event : null;
    if (!e || !earns[e.type] || ev.seat === view.seat || ev.seat === null || ev.seat === undefined) continue;
    return w("giveWhy", seatName(view, ev.seat), earns[e.type]);
  }
  return w("giveWhyPlain");
}

/** What identifies the decision on the table: the same seat, deal, stage and mover with the
 * same choices is the same decision, drawn again (a presence change, another player's event,
 * the page's language, the rule knobs loaded); anything else is a new one. */
function decisionKey(view) {
  const legal = (view.legal || []).map((e) => e.action).sort();
  return JSON.stringify([view.seat, view.match ? view.match.deal : null, view.phase, view.hand ? view.hand.stage : null,
    view.current_seat, legal]);
}

/** The player's choice in the making (the junk card to give, the "more" panels open, the
 * number of cards to cut): `ctx.pending`, kept while the table is drawn again for the same
 * decision, started afresh when the decision changes. */
function pendingFor(view, ctx) {
  const key = decisionKey(view);
  if (!ctx.pending || ctx.pending.key !== key) ctx.pending = { key, give: null, open: new Set(), cut: null };
  return ctx.pending;
}

function surrenderEl(view, ctx, entries, pending) {
  const best = cheapest(entries);
  // the card the player chose before the table was drawn again, else the cheapest
  let chosen = entries.find((e) => e.action === pending.give) || best;
  const give = h("button.decision.kind-surrender.primary", { type: "button", dataset: { action: chosen.action, kind: "surrender" } }, h("span", {}, w("give")));
  const options = h("div.giveopts", { role: "radiogroup", "aria-label": w("give") });
  for (const e of entries) {
    const opt = h("button.giveopt", { type: "button", role: "radio", "aria-checked": e === chosen ? "true" : "false", "aria-label": actionLabel(e),
      tabindex: e === chosen ? "0" : "-1", dataset: { choice: e.action } },
      ...e.cards.map((c) => cardEl(c, { size: "sm" })));
    opt.addEventListener("click", () => {
      chosen = e;
      pending.give = e.action;
      give.dataset.action = e.action;
      options.querySelectorAll(".giveopt").forEach((o) => {
        o.setAttribute("aria-checked", o === opt ? "true" : "false");
        o.tabIndex = o === opt ? 0 : -1;
      });
    });
    options.appendChild(opt);
  }
  // a radio group: one stop for Tab, the arrow keys choose (as a screen reader announces it)
  options.addEventListener("keydown", (ev) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (!step) return;
    ev.preventDefault();
    const all = [...options.querySelectorAll(".giveopt")];
    const next = all[(all.indexOf(document.activeElement) + step + all.length) % all.length];
    next.click();
    next.focus();
  });
  give.addEventListener("click", () => ctx.act(chosen.action));
  const auto = h("input#always-cheapest", { type: "checkbox", checked: setting("alwaysCheapest") });
  auto.addEventListener("change", () => { setSetting("alwaysCheapest", auto.checked); if (auto.checked) ctx.act(chosen.action); });
  return h("div.surrender", {}, h("p.why", {}, surrenderWhy(view, ctx)), options,
    h("div.buttons", {}, give, h("label.check", {}, auto, " ", w("alwaysCheapest"))));
}

/** Defect 5: shodang is offered from a folded "more" control and asks before it acts. */
function shodangEl(ctx, entry, pending) {
  const yes = h("button.decision.kind-offer-shodang", { type: "button", dataset: { action: entry.action, kind: "offer-shodang" } }, w("shodangYes"));
  yes.addEventListener("click", () => ctx.act(entry.action));
  const no = h("button", { type: "button" }, w("shodangNo"));
  const more = h("details.more", { open: pending.open.has(entry.action) }, h("summary", {}, w("shodangMore")), h("p", {}, w("shodangWhat")), h("div.buttons", {}, yes, no));
  // open or folded, it stays so when the table is drawn again for the same decision
  more.addEventListener("toggle", () => { if (more.open) pending.open.add(entry.action); else pending.open.delete(entry.action); });
  no.addEventListener("click", () => { more.open = false; });
  return more;
}

/** `el`, left out of what a screen reader says (it shows what words beside it say). */
function hidden(el) {
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** What tells a card from its copies for a player: a joker's type (JK1-2 is a JK1), a month
 * card's month and kind (06J1 and 06J2 are both peony junk; 11D is not 11J1). */
function copyKey(code) {
  return code.startsWith("JK") ? code.split("-")[0] : code.slice(0, 3);
}

/** The first of the legal picks when they are all of cards alike (QA 16: nothing tells them
 * apart, so the page takes one by itself, room.js autoGive), else null. */
export function alikePick(legal) {
  if (legal.length < 2 || !legal.every((e) => e.kind === "pick" && e.cards && e.cards.length === 1)) return null;
  return new Set(legal.map((e) => copyKey(e.cards[0]))).size === 1 ? legal[0] : null;
}

function decisionsEl(view, ctx) {
  // a pick between cards alike is no question: no panel flashes while the page answers it
  if (alikePick(view.legal || [])) return null;
  const all = (view.legal || []).filter((e) => e.kind !== "play");
  const secondary = all.filter((e) => e.kind === "offer-shodang");
  const entries = all.filter((e) => e.kind !== "offer-shodang");
  ctx.buttonKeys = new Map();
  const pending = pendingFor(view, ctx);
  if (!all.length) return null;
  if (!entries.length) return h("section.decisions.minor", { "aria-label": w("more") }, secondary.map((e) => shodangEl(ctx, e, pending)));
  const box = h("section.decisions", { "aria-label": t("decisions") }, h("h2", {}, view.hand && view.hand.stage === "main" ? t("yourTurn") : t("decisions")));
  if (entries.some((e) => e.kind === "go" || e.kind === "stop")) box.appendChild(stopPreviewEl(view));
  if (view.hand && view.hand.choosing_for) box.appendChild(h("p", {}, `${t("pickCard")} (${cardName(view.hand.choosing_for)})`));
  if (view.table && view.table.dealt && view.table.dealt.length) {
    // the cards this seat would play with, at the size of a hand: stay or drop is decided on them
    box.appendChild(h("div.dealt", { role: "group", "aria-label": t("yourHand") }, view.table.dealt.map((c) => cardEl(c, { size: "lg" }))));
  }
  const surrender = entries.filter((e) => e.kind === "surrender");
  if (surrender.length) box.appendChild(surrenderEl(view, ctx, surrender, pending));
  const buttons = h("div.buttons");
  // the cut is a number of cards; the goo-stupe list (DEC-2) is a player, named on a button
  const numbered = entries.filter((e) => e.kind === "cut");
  const plain = entries.filter((e) => !["cut", "surrender"].includes(e.kind));
  if (plain.some((e) => e.kind === "list")) box.appendChild(h("p.listwhat", {}, w("listWhat")));
  let k = 0;
  for (const e of plain) {
    const key = e.kind === "go" ? "g" : e.kind === "stop" ? "s" : BUTTON_KEYS[k++];
    const b = h(`button.decision.kind-${e.kind}`, { type: "button", dataset: { action: e.action, kind: e.kind } });
    // the cards drawn on it show what the words say: its name is the words (and its key)
    if (e.kind === "pick" || e.kind === "reveal") b.append(...e.cards.map((c) => hidden(cardEl(c, { size: "sm" }))));
    // "Shake September — show your three…": the words after the dash fold away on a phone
    const label = e.kind === "list" ? w("listNext", seatName(view, e.value ?? Number(e.action.split(" ")[1]))) : actionLabel(e);
    const [main, ...more] = label.split(" — ");
    b.append(h("span", {}, main, more.length ? h("small.why", {}, ` — ${more.join(" — ")}`) : null), key ? h("kbd", { "aria-hidden": "true" }, key) : "",
      key && !ctx.touch ? h("span.visually-hidden", {}, ` (${t("key")} ${key})`) : ""); // said as a card's key is
    // ("", never null: the DOM's append writes null as the word "null" on a touch screen's button)
    b.addEventListener("click", () => ctx.act(e.action));
    if (e.kind === "pick") {
      b.addEventListener("mouseenter", () => { const root = b.closest(".table-page"); if (root) highlight(root, 0, e.cards); });
    }
    if (key) ctx.buttonKeys.set(key, e.action);
    buttons.appendChild(b);
  }
  for (const kind of ["cut"]) {
    const group = numbered.filter((e) => e.kind === kind);
    if (!group.length) continue;
    const values = group.map((e) => e.action.split(" ")[1]);
    const sel = h("select", { "aria-label": kind }, values.map((v) => h("option", { value: v }, v)));
    sel.value = values.includes(pending.cut) ? pending.cut : values[Math.floor(values.length / 2)];
    sel.addEventListener("change", () => { pending.cut = sel.value; });
    const b = h(`button.decision.kind-${kind}`, { type: "button", dataset: { kind } }, actionLabel({ kind, action: `${kind} …`, value: "…" }).replace("…", ""));
    b.addEventListener("click", () => ctx.act(`${kind} ${sel.value}`));
    buttons.appendChild(h("span.numbered", {}, sel, b));
  }
  // a declaration or a reveal is a choice beside playing a card (the hand's cards stay playable):
  // the panel says so, or one button under "Your turn" reads as the only thing to do
  if (buttons.children.length && (view.legal || []).some((e) => e.kind === "play")) buttons.appendChild(h("span.orplay", {}, w("orPlay")));
  if (buttons.children.length) box.appendChild(buttons);
  for (const e of secondary) box.appendChild(shodangEl(ctx, e, pending));
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

/** Whose decision it is, as it is: a person who left or is away is not waited for (a bot
 * plays their seat, as their seat's tag says), a person whose connection dropped is. */
export function turnText(view) {
  if (view.to_move) return t("yourTurn");
  const p = playerOf(view, view.current_seat);
  const name = seatName(view, view.current_seat);
  if (p && p.kind === "human" && p.status === "left") return t("botPlaysLeft", name);
  if (p && p.kind === "human" && p.away) return t("botPlaysAway", name);
  if (p && p.kind === "human" && !p.connected && p.name) return t("waitingReconnect", name);
  return t("waitingFor", name);
}

function statusLine(view, ctx) {
  const m = view.match;
  const parts = [];
  // (a review names the hand it shows all along: its last view may count it played already)
  const number = ctx.review ? ctx.review.hand : m ? m.hands_played + (view.over ? 0 : 1) : null;
  if (m) parts.push(t("handOf", number, m.hands));
  if (m && m.carry) parts.push(`${t("carry")} ×${2 ** m.carry}`);
  // a hand under review is past: its status says which hand it was, not whose turn it is (the
  // review's own line says who moved), and it has no timer, no standings, no "Watching" mark
  if (ctx.review) return h("div.status", {}, h("span", {}, parts.join(" · ")));
  if (view.current_seat !== null && view.current_seat !== undefined) parts.push(turnText(view));
  if (view.over) parts.push(t("matchOver"));
  const timer = view.deadline ? timerEl(view.deadline) : null;
  const standings = view.over && ctx.standings
    ? h("button.standbtn#standings-open", { type: "button", onclick: () => ctx.standings() }, t("standings")) : null;
  // not a live region: it is drawn anew with every view (room.js says the turn in one that stays)
  // a spectator is told so for as long as they watch (the banner that says it first gives way
  // to the next one: "reconnected", an error); a b, not a span: ".status > span" is the status's words
  const watching = view.seat === null || view.seat === undefined ? h("b.tag.watchtag", {}, w("watching")) : null;
  // the quick phrases' button (room.js keeps it, with its menu, from one drawing to the next),
  // when another seat is a person's: alone against bots there is nobody to say anything to
  // (a spectator's "Mute phrases" switch: when two people at least may say something); a
  // person who left the match is gone for good (a bot plays the seat): nobody listens there
  const people = (view.players || []).filter((p) => p.kind === "human" && p.seat !== view.seat && p.status !== "left").length;
  const company = people >= (view.seat === null || view.seat === undefined ? 2 : 1);
  return h("div.status", {}, watching, h("span", {}, parts.join(" · ")), timer, standings, company ? ctx.sayBox || null : null, ctx.sideButton || null);
}

// The decision panel covers my captures' row, which keeps the room of one row of buttons. When
// its buttons take more rows (three long labels on a phone), that row grows to hold them and the
// field above gives up the room: a button never covers the field. The rest of the panel (what a
// stop pays, the risks of a go) never covers a field card either: it takes the bare felt under
// the field's cards, then the field gives up room (its cards follow its height, app.css) down to
// four fifths of its height; past that, the panel's words scroll inside it (its buttons stay in
// sight).
// Measured again whenever the panel or the page changes size (a turned phone, a resized window).
let buttonsObserver = null;

/** The lowest bottom edge of the field's cards (the stock's count with them), in px. */
function fieldBottom(page) {
  let low = -Infinity;
  page.querySelectorAll(".board .layout .card, .board .stock").forEach((el) => { low = Math.max(low, el.getBoundingClientRect().bottom); });
  return low;
}

/** The bottoms of the lines of words in `box` (its text's line boxes), in px from the top of
 * its scrolled content. */
function lineBottoms(box) {
  const top = box.getBoundingClientRect().top - box.scrollTop;
  const out = [];
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.height) out.push(r.bottom - top);
  }
  return out.sort((a, b) => a - b);
}

/** Words cut short to keep off the field (what a stop pays, what a go risks) scroll; QA 19:
 * their last line in sight was sliced through on a phone. The box is made as tall as its whole
 * lines that fit (never less than one line), and `markMore` fades its foot while more is
 * below. */
function wholeLines(box) {
  if (box.scrollHeight > box.clientHeight + 1) {
    const css = getComputedStyle(box);
    const above = parseFloat(css.borderTopWidth) || 0;
    const below = parseFloat(css.borderBottomWidth) || 0;
    // the lines wholly in sight (from the box's outer top: app.css sizes its border box)
    const fits = lineBottoms(box).filter((b) => b <= above + box.clientHeight);
    if (fits.length) {
      box.style.minHeight = "0";
      box.style.maxHeight = `${Math.ceil(fits[fits.length - 1] + 1 + below)}px`;
    }
  }
  markMore(box);
}

/** A fade at the foot of `box` while it has more words below (scrolled to its end: none). */
function markMore(box) {
  box.classList.toggle("more-below", box.scrollTop + box.clientHeight < box.scrollHeight - 1);
}

function roomForButtons(page, dec) {
  const buttons = dec.querySelector(".buttons");
  const mine = page.querySelector(".mine");
  const board = page.querySelector(".board");
  if (buttonsObserver) buttonsObserver.disconnect();
  if (!mine || !board || typeof ResizeObserver === "undefined") return;
  const GAP = 4; // px of felt between the field's lowest card and the panel
  const words = dec.querySelector(".stop-preview");
  const fit = () => {
    room();
    if (words) wholeLines(words);
  };
  const room = () => {
    page.style.removeProperty("--dock-h");
    dec.style.removeProperty("max-height");
    if (words) { words.style.removeProperty("max-height"); words.style.removeProperty("min-height"); }
    // a panel that hangs over my hand (the junk to give on a phone held sideways, app.css) is
    // below the field: it ends at the screen's foot
    const box = dec.getBoundingClientRect();
    if (box.top >= board.getBoundingClientRect().bottom) {
      if (box.bottom > innerHeight - 2) dec.style.maxHeight = `${Math.max(0, Math.floor(innerHeight - box.top - 2))}px`;
      return;
    }
    if (buttons) {
      const over = mine.getBoundingClientRect().top - buttons.getBoundingClientRect().top;
      if (over > 0.5) page.style.setProperty("--dock-h", `${Math.ceil(mine.getBoundingClientRect().height + over + 2)}px`);
    }
    // (four fifths of it at least: at half, a 375x667 phone's field cards shrank to 18 px, too
    // small to read; the words under the go and stop buttons scroll sooner instead)
    const least = board.getBoundingClientRect().height * 0.8;
    // the field's cards are centred and follow its height: a few steps make the room
    for (let i = 0; i < 8; i++) {
      const over = fieldBottom(page) + GAP - dec.getBoundingClientRect().top;
      if (over <= 0.5) return;
      const give = Math.min(over, board.getBoundingClientRect().height - least);
      if (give < 1) break;
      page.style.setProperty("--dock-h", `${Math.ceil(mine.getBoundingClientRect().height + give)}px`);
    }
    const space = dec.getBoundingClientRect().bottom - fieldBottom(page) - GAP;
    if (dec.getBoundingClientRect().height > space) dec.style.maxHeight = `${Math.max(0, Math.floor(space))}px`;
  };
  if (words) words.addEventListener("scroll", () => markMore(words), { passive: true });
  buttonsObserver = new ResizeObserver(fit);
  buttonsObserver.observe(dec);
  buttonsObserver.observe(page);
  // (the words' lines wrap anew when a font comes late, the Korean one: the box keeps its size)
  if (words) [...words.children].forEach((el) => buttonsObserver.observe(el));
}

/** Is the list of those who sit the hand out opened to its details (a phone held sideways
 * shows each as a chip, name and chips: a tap, or its label's button, opens the details)? */
let benchOpen = false;

/** Those who sit the hand out (gwangpalli). On a phone held sideways (app.css) a compact row
 * of chips after a label; their tags (bot, away, …) are in each chip's title (hover) and in the
 * opened list (a tap on the row, or the label's button; Escape or another tap closes it). */
function benchEl(view, benched, ctx) {
  const lines = benched.map((p) => [seatName(view, p.seat), ...tagsOf(view, p), t("sitsOut"), tallyCell(view, p, (l, v) => `${l} ${v}`)].join(" · "));
  const label = h("button.benchlabel", { type: "button", "aria-expanded": String(benchOpen) }, w("benchLabel"));
  // (the opened details hang under the row, over the field: the table does not move)
  const info = h("ul.benchinfo", { "aria-hidden": "true" }, lines.map((x) => h("li", {}, x)));
  const bench = h(`div.benched${benchOpen ? ".open" : ""}`, { role: "group", "aria-label": w("benchGroup") }, label,
    benched.map((p, i) => {
      const box = playerBox(view, p, ctx.knobs);
      box.title = lines[i];
      return box;
    }), info);
  const toggle = (open) => {
    benchOpen = open;
    bench.classList.toggle("open", open);
    label.setAttribute("aria-expanded", String(open));
  };
  bench.addEventListener("click", (e) => { e.stopPropagation(); toggle(!benchOpen); });
  bench.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && benchOpen) { e.stopPropagation(); toggle(false); label.focus(); }
  });
  return bench;
}

/**
 * Render the whole table for `view` into `root`. `ctx`: {act(action), touch, selected,
 * previous (the view before), feed element, spectator}.
 */
export function renderTable(root, view, ctx) {
  const me = view.seat !== null && view.seat !== undefined ? playerOf(view, view.seat) : null;
  const others = (view.players || []).filter((p) => p.seat !== view.seat);
  const many = (view.players || []).length >= 4;
  // a spectator has no seat: no hand, no captures of their own, no decision (the field takes the room)
  const watching = view.seat === null || view.seat === undefined;
  const page = h(`div.table-page${many ? ".many" : ""}${watching ? ".watching" : ""}`, { dataset: {
    phase: view.phase, version: String(view.version), toMove: view.to_move && !alikePick(view.legal || []) ? "1" : "0",
    stage: view.hand ? view.hand.stage : "", over: view.over ? "1" : "0", deal: view.match ? String(view.match.deal) : "",
    seats: String((view.players || []).length),
  } });
  page.appendChild(h("h1.visually-hidden", {}, t("tableTitle")));
  page.appendChild(statusLine(view, ctx));
  // the opponents who play the hand share the row; those who sit it out (gwangpalli) are
  // short lines stacked in one narrow column beside them
  const playing = others.filter((p) => !sitsOut(view, p));
  const benched = others.filter((p) => sitsOut(view, p));
  if (!benched.length) benchOpen = false; // (a hand with nobody sitting out closes the details)
  page.appendChild(h("div.opponents", { dataset: { playing: String(playing.length), benched: String(benched.length) } },
    playing.map((p) => playerBox(view, p, ctx.knobs)),
    benched.length ? benchEl(view, benched, ctx) : null));
  page.appendChild(h("section.board", { "aria-label": t("table") }, view.hand ? layoutEl(view) : null));
  // the decision panel is anchored above the hand (position: absolute): it never moves the table;
  // a secondary control alone (shodang's folded "More") sits beside my captures, in their row:
  // anchored over them it was drawn on top of their words and cards
  const dec = decisionsEl(view, ctx);
  const minor = dec !== null && dec.classList.contains("minor");
  page.appendChild(h("div.mine", {}, me ? playerBox(view, me, ctx.knobs) : null, minor ? dec : null));
  // before the hand is dealt out (gwangpalli's stay or drop) there is no hand to sit above
  const dock = h(`div.dock${view.hand ? "" : ".static"}`, {}, minor ? null : dec);
  if (dec && ctx.holdDecisions) dec.classList.add("held");
  page.appendChild(dock);
  const hand = view.hand && view.hand_seat !== null && view.hand_seat !== undefined && view.seat !== null;
  // a seat that sits the hand out (gwangpalli) has no hand: its place says so, in words a
  // player reads (the tag beside the name is small), and no keys to play with
  const out = me !== null && sitsOut(view, me);
  const active = view.match && view.match.hand_seats ? view.match.hand_seats.length : 3;
  page.appendChild(h("section.handbox", {}, h("h2.visually-hidden", {}, t("yourHand")), hand ? handEl(view, ctx) : null,
    out ? h("p.sitout", {}, w("sitOutLine", active)) : null,
    me && !out && !ctx.review ? h("p.keyhelp", {}, t("keys")) : null)); // a spectator (a review) has no keys to play with
  root.replaceChildren(page);
  if (dec && !minor && view.hand) roomForButtons(page, dec);
  // a new view under a resting pointer: the hovered card keeps its highlight (no new mouseenter
  // comes until the pointer moves)
  if (ctx.hovered) {
    const el = page.querySelector(`.myhand button.card[data-code="${ctx.hovered}"]`);
    if (el) el.dispatchEvent(new Event("mouseenter"));
    else ctx.hovered = null;
  }
}
