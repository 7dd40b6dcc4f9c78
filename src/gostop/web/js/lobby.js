// The lobby: quick play vs bots, create a room (seats, bots, hands, rule changes in plain
// words), the list of public rooms with join / watch / resume.
import { botName, errorText, getLang, levelGapLine, levelOption, levelText, presetTitle, roomTitle, setLevelSpecs, t } from "./i18n.js";
import { h, words } from "./dom.js";
import { baseCode, cardName } from "./cards.js";
import { api, ApiError, playerName, saveSeat, savedSeat, setPlayerName } from "./api.js";
/** A rule's meaning (the server says it in the page's language: GET /api/presets?lang=). */
function knobMeaning(k) { return k.meaning; }

const PRESETS = {}; // per language

const w = words({
  en: {
    anySeats: "2 or more seats", seatsUpTo: (n) => `2–${n} seats`,
    gwangpalli: "with 4 or more seats three play each hand and the others sit it out (gwangpalli)",
    rotation: "with 4 or more seats three play, and each hand's winner makes way for the next on the list",
    shots: "paid in shots (drinks), not chips",
    turnTimer: "Turn timer", timerOff: "off", seconds: (n) => (n >= 60 ? `${n / 60} min` : `${n} s`),
    timerMeaning: "When a player's time runs out, a bot decides for them.",
    // rule changes: values in words, what a rule takes, refusals
    none: "none", noJokers: "no jokers", target: "the stop target", targetWord: "target",
    allowedBool: "yes or no", allowedOneOf: (xs) => `one of: ${xs}`,
    allowedInt: (lo, hi) => (lo !== null && hi !== null ? `a whole number from ${lo} to ${hi}` : lo !== null ? `a whole number of at least ${lo}` : "a whole number"),
    allowedPair: (lo, hi) => `two whole numbers from ${lo} to ${hi}, the first not above the second`,
    allowedJokers: "how many of each joker of the list", orTarget: " or “target” (the stop target)", orNone: ", or nothing for none",
    typeValue: (what, none) => `Type ${what}${none ? " (or leave it empty for none)" : ""}.`,
    ruleRefused: "This rule change is not allowed:", createRefused: "The room could not be created:",
    takes: (title, what) => `${title} takes ${what}.`,
    // the value a rule has now (the rule set's, or the change already in the list)
    currentRule: (where, value) => `Now (${where}): ${value}. Choose another value to change it.`,
    currentChange: (value) => `Now (your change): ${value}. Choose another value to change it.`,
    sameValue: (value) => `That is already the rule (${value}): choose another value.`,
    handsValue: (hi) => `Hands: type a whole number from 1 to ${hi}.`,
    jokerCount: (hi) => `Jokers: type how many of each, a whole number from 0 to ${hi}.`,
    jokerCopies: (name) => `${name}: how many`,
    // finished matches: apart from the tables to join or watch, folded, the newest few
    finishedRooms: (n) => `Finished matches (${n})`, result: "See the result",
    noLiveRooms: "No table to join or watch right now.",
    // the newest tables are listed first; the others come a page at a time
    moreRooms: "Show more tables", liveShown: (n) => `The newest ${n} tables are listed.`,
    // when a finished match ended, short and relative (a date beyond a week)
    endedNow: "ended just now", endedMinutes: (n) => `ended ${n} min ago`,
    endedHours: (n) => (n === 1 ? "ended 1 hour ago" : `ended ${n} hours ago`), endedYesterday: "ended yesterday",
    endedDays: (n) => `ended ${n} days ago`, endedOn: (date) => `ended on ${date}`, dateLocale: "en-GB",
  },
  ko: {
    anySeats: "2자리 이상", seatsUpTo: (n) => `2–${n}자리`,
    gwangpalli: "4자리 이상이면 세 명이 치고 나머지는 쉼 (광팔이)",
    rotation: "4자리 이상이면 세 명이 치고, 판마다 이긴 사람이 목록의 다음 사람과 교대",
    shots: "칩 대신 잔으로 계산 (술자리 게임)",
    turnTimer: "제한 시간", timerOff: "없음", seconds: (n) => (n >= 60 ? `${n / 60}분` : `${n}초`),
    timerMeaning: "시간이 다 되면 봇이 대신 정합니다.",
    none: "없음", noJokers: "조커 없음", target: "스톱 점수", targetWord: "목표",
    allowedBool: "예 또는 아니요", allowedOneOf: (xs) => `다음 중 하나: ${xs}`,
    allowedInt: (lo, hi) => (lo !== null && hi !== null ? `${lo}에서 ${hi} 사이의 정수` : lo !== null ? `${lo} 이상의 정수` : "정수"),
    allowedPair: (lo, hi) => `${lo}에서 ${hi} 사이의 정수 두 개 (앞의 수가 뒤의 수보다 크지 않게)`,
    allowedJokers: "목록의 조커마다 몇 장인지", orTarget: " 또는 “목표” (스톱 점수)", orNone: ", 비워 두면 없음",
    typeValue: (what, none) => `입력할 수 있는 값: ${what}${none ? " (비워 두면 없음)" : ""}.`,
    ruleRefused: "이 규칙은 바꿀 수 없습니다:", createRefused: "방을 만들 수 없습니다:",
    takes: (title, what) => `${title}: ${what}만 됩니다.`,
    currentRule: (where, value) => `지금 (${where}): ${value}. 바꾸려면 다른 값을 고르세요.`,
    currentChange: (value) => `지금 (내가 바꾼 값): ${value}. 바꾸려면 다른 값을 고르세요.`,
    sameValue: (value) => `이미 그 규칙입니다 (${value}). 다른 값을 고르세요.`,
    handsValue: (hi) => `판 수: 1에서 ${hi} 사이의 정수를 입력하세요.`,
    jokerCount: (hi) => `조커: 종류마다 0에서 ${hi} 사이의 장 수를 입력하세요.`,
    jokerCopies: (name) => `${name}: 장 수`,
    finishedRooms: (n) => `끝난 게임 (${n})`, result: "결과 보기",
    noLiveRooms: "지금 들어가거나 관전할 판이 없습니다.",
    moreRooms: "판 더 보기", liveShown: (n) => `최근 판 ${n}개까지 보입니다.`,
    endedNow: "방금 끝남", endedMinutes: (n) => `${n}분 전에 끝남`,
    endedHours: (n) => `${n}시간 전에 끝남`, endedYesterday: "어제 끝남",
    endedDays: (n) => `${n}일 전에 끝남`, endedOn: (date) => `${date}에 끝남`, dateLocale: "ko-KR",
  },
});

/** A preset in plain words: its description, seats, who plays with many seats, the unit. */
export function presetAbout(presets, name) {
  const p = (presets.presets || []).find((x) => x.name === name);
  if (!p) return "";
  const unit = (presets.knobs || []).find((k) => k.name === "payment_unit");
  const parts = [p.description || presetTitle(name)];
  parts.push(p.max_players ? w("seatsUpTo", p.max_players) : w("anySeats"));
  if (p.multi_player_mode === "gwangpalli" || p.multi_player_mode === "rotation") parts.push(w(p.multi_player_mode));
  if (unit && unit.defaults && unit.defaults[name] === "shots") parts.push(w("shots"));
  return parts.join(" · ");
}

function aboutLine(presets, preset) {
  const line = h("p.meaning.preset-about", { "aria-live": "polite" });
  const draw = () => { line.textContent = presetAbout(presets, preset.value); };
  preset.addEventListener("change", draw);
  draw();
  return line;
}

export async function loadPresets() {
  const lang = getLang();
  if (!PRESETS[lang]) PRESETS[lang] = await api.presets(lang);
  setLevelSpecs(PRESETS[lang].level_specs);
  return PRESETS[lang];
}

function select(name, options, value, label) {
  const s = h("select", { name, "aria-label": label });
  for (const o of options) {
    const [v, text] = Array.isArray(o) ? o : [o, o];
    const opt = h("option", { value: v }, text);
    if (String(v) === String(value)) opt.selected = true;
    s.appendChild(opt);
  }
  return s;
}

function field(label, control) {
  return h("label.field", {}, h("span", {}, label), control);
}

function nameInput() {
  const input = h("input#player-name", { type: "text", maxlength: "24", value: playerName(), placeholder: t("you"), autocomplete: "nickname" });
  input.addEventListener("change", () => setPlayerName(input.value.trim()));
  return input;
}

/** The name typed in the lobby; without one "You" at a table of bots, "Guest" at a table for
 * people (a seat named "you" would read to each of the others as their own). */
function myName(withPeople = false) {
  const v = (document.getElementById("player-name")?.value || "").trim();
  if (v) setPlayerName(v);
  return v || (withPeople ? t("guest") : t("you"));
}

/** A refusal of the server under a form, in the page's language (see refusalText). */
function errorLine(box, err, knobs = [], lead = w("createRefused")) {
  box.textContent = err ? refusalText(err, knobs, lead) : "";
  box.hidden = !err;
}

function goToRoom(res) {
  saveSeat(res.room.id, res.seat, res.token);
  location.hash = `#/room/${encodeURIComponent(res.room.id)}`;
}

// The three big games of the first screen (each vs bots at a level, or with people). 맞고 uses
// the `matgo` preset when the server has it (two-player rules), else the default rules.
export const GAMES = [
  { id: "matgo", preset: "matgo", fallback: "pagat", seats: [2] },
  { id: "gostop", preset: "pagat", seats: [3] },
  { id: "gwangpalli", preset: "pagat", seats: [4, 5, 6, 7], seatsDefault: 5 },
];

/** The preset a game is played with on this server. */
export function gamePreset(presets, game) {
  const names = (presets.presets || []).map((p) => p.name);
  return names.includes(game.preset) ? game.preset : game.fallback || "pagat";
}

function quickPanel(presets) {
  const err = h("p.error", { role: "alert", hidden: true });
  let game = GAMES[0];
  const seatSel = select("players", GAMES[2].seats, GAMES[2].seatsDefault, t("players"));
  const seatField = field(t("players"), seatSel);
  // each level with its measured gap over the one below (issue #18: "normal beats easy by ...")
  const edges = presets.level_edges || [];
  const level = select("level", presets.levels.map((l) => [l, levelOption(l, edges)]), "normal", t("level"));
  const gap = h("p.meaning.levelgap#level-gap", { "aria-live": "polite" });
  const showGap = () => { gap.textContent = levelGapLine(level.value, edges); };
  level.addEventListener("change", showGap);
  const choices = h("div.games", { role: "radiogroup", "aria-label": t("quickPlay") });
  const draw = () => {
    choices.querySelectorAll("button").forEach((b) => b.setAttribute("aria-checked", b.dataset.game === game.id ? "true" : "false"));
    seatField.hidden = game.seats.length < 2;
  };
  for (const g of GAMES) {
    choices.appendChild(h("button.game", { type: "button", role: "radio", dataset: { game: g.id }, onclick: () => { game = g; draw(); } },
      h("b", {}, t(`game_${g.id}`)), h("small", {}, t(`gameAbout_${g.id}`))));
  }
  const bots = h("button.primary.big#quick-play", { type: "submit" }, t("vsBots"));
  const people = h("button.big#quick-people", { type: "button" }, t("withPeople"));
  const form = h("form.panel#quick", {},
    h("h2", {}, t("quickPlay")), choices,
    h("div.row", {}, seatField, field(t("level"), level)), gap,
    h("div.row", {}, bots, people),
    h("p.meaning", {}, t("vsBotsMeaning")), err);
  draw();
  showGap();
  const seats = () => (game.seats.length > 1 ? Number(seatSel.value) : game.seats[0]);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    bots.disabled = true;
    // Defect 1 (issue #18): vs bots is always a new private room with bots at the chosen
    // level; it never takes a seat in somebody else's room.
    const n = seats();
    const body = {
      name: "", preset: gamePreset(presets, game), rules: {}, hands: 3, public: false, spectators: true,
      seats: [{ kind: "human" }, ...Array.from({ length: n - 1 }, () => ({ kind: "bot", level: level.value }))],
      join: { name: myName() },
    };
    try { goToRoom(await api.create(body)); } catch (e) { errorLine(err, e); bots.disabled = false; }
  });
  people.addEventListener("click", async () => {
    people.disabled = true;
    try { goToRoom(await playWithPeople(gamePreset(presets, game), seats())); } catch (e) { errorLine(err, e); people.disabled = false; }
  });
  return form;
}

/**
 * "With people": the server's matchmaking queue (POST /api/quick with mode "people",
 * docs/protocol.md). A server without it answers 422 to the unknown field; then the page does
 * the same itself: a seat in a listed room of the same rules and size waiting for people, else a
 * new listed room whose other seats wait for people.
 */
async function playWithPeople(preset, n) {
  try {
    return await api.quick({ name: myName(true), preset, players: n, mode: "people" });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 422) throw e;
  }
  const { rooms } = await api.rooms({ state: "waiting", limit: ROOMS_MAX });
  for (const room of rooms) {
    const open = room.seats.filter((s) => s.kind === "human" && !s.taken).length;
    if (room.state === "waiting" && room.preset === preset && room.seats.length === n && open && !savedSeat(room.id)) {
      try {
        return await api.join(room.id, { name: myName(true) });
      } catch (e) { /* taken meanwhile: try the next */ }
    }
  }
  return api.create({
    name: t(`game_${GAMES.find((g) => g.preset === preset && g.seats.includes(n))?.id || "gostop"}`), preset, rules: {}, hands: 3,
    public: true, spectators: true, seats: Array.from({ length: n }, () => ({ kind: "human" })), join: { name: myName(true) },
  });
}

// -- rule changes: each rule named by what it means, its values in words ---------------------

/** The jokers of a deck from how many of each type: two JK2 are JK2 and JK2-2 (the copy
 * suffix of gostop.cards), in the order of the types. */
export function jokerCodes(counts) {
  const out = [];
  for (const [code, n] of counts) for (let i = 1; i <= n; i++) out.push(i === 1 ? code : `${code}-${i}`);
  return out;
}

/** A rule's name in a list: what it means (the server says it in the page's language), cut
 * short; never its identifier. */
export function knobTitle(k) {
  const m = knobMeaning(k).replace(/\.\s*$/, "");
  return m.length > 64 ? `${m.slice(0, 62)}…` : m;
}

function choiceText(k, v) { return k.kind === "flex_card" ? cardName(String(v)) : String(v).replace(/_/g, " "); }

function jokerList(codes) {
  const counts = new Map();
  for (const c of codes) counts.set(baseCode(String(c)), (counts.get(baseCode(String(c))) || 0) + 1);
  return [...counts].map(([c, n]) => `${cardName(c)}${n > 1 ? ` ×${n}` : ""}`).join(" + ");
}

/** A rule's value in words: card names (never codes), yes / no, "none". */
export function valueText(k, v) {
  if (v === null || v === undefined) return w("none");
  if (k.kind === "bool") return v ? t("yes") : t("no");
  if (k.kind === "jokers") return Array.isArray(v) && v.length ? jokerList(v) : w("noJokers");
  if (k.kind === "int_pair" && Array.isArray(v)) return `${v[0]}–${v[1]}`;
  if (k.kind === "int_or_target" && v === "target") return w("target");
  if (k.kind === "enum" || k.kind === "flex_card") return choiceText(k, v);
  return String(v);
}

/** What a rule takes, in words (for the form's refusals and the server's). */
export function allowedText(k, withNone = true) {
  const lo = k.minimum ?? null;
  const hi = k.maximum ?? null;
  let text;
  if (k.kind === "bool") text = w("allowedBool");
  else if (k.kind === "enum" || k.kind === "flex_card") text = w("allowedOneOf", k.choices.map((c) => choiceText(k, c)).join(", "));
  else if (k.kind === "jokers") text = w("allowedJokers");
  else if (k.kind === "int_pair") text = w("allowedPair", lo, hi);
  else text = w("allowedInt", lo, hi) + (k.kind === "int_or_target" ? w("orTarget") : "");
  return text + (withNone && k.nullable && k.kind !== "bool" ? w("orNone") : "");
}

const WHOLE = /^[+-]?\d+$/;

/** The control of a rule's value and its reader: `read()` gives {value} or {error} (a
 * sentence in the page's language); nothing empty or of the wrong kind gets through. A form
 * that changes a rule opens on a value other than `now`, the rule's current value (said beside
 * it): the other of yes / no, the first other choice, no jokers when there are jokers (and the
 * first joker when there are none); a number is typed. */
function knobControl(k, now) {
  const def = now;
  const label = knobTitle(k);
  if (k.kind === "bool") {
    const sel = select("value", [["true", t("yes")], ["false", t("no")]], def === true ? "false" : "true", label);
    return { el: sel, read: () => ({ value: sel.value === "true" }) };
  }
  if (k.kind === "enum" || k.kind === "flex_card") {
    const choices = k.choices.map((c) => [c, choiceText(k, c)]);
    if (k.nullable) choices.push(["", w("none")]);
    const sel = select("value", choices, k.choices.find((c) => c !== def) ?? k.choices[0], label);
    return { el: sel, read: () => ({ value: sel.value === "" ? null : sel.value }) };
  }
  if (k.kind === "jokers") {
    // how many of each joker type (the server's types and most copies of one: GET /api/presets),
    // so that a deck of two of one joker (matgo: two JK2) is said and sent as it is
    const none = !(def || []).length;
    const most = k.maximum ?? 0;
    const fields = k.choices.map((code, i) => h("input", {
      type: "text", inputmode: "numeric", name: "joker", size: "2", dataset: { joker: code }, value: none && i === 0 ? "1" : "0",
      "aria-label": w("jokerCopies", cardName(code)), style: { width: "2.6em", height: "auto" } }));
    const el = h("span.jokers", { role: "group", "aria-label": label },
      fields.map((f) => h("label.check", {}, f, " ", cardName(f.dataset.joker))));
    const read = () => {
      const counts = [];
      for (const f of fields) {
        const raw = f.value.trim() || "0";
        if (!/^\d+$/.test(raw) || Number(raw) > most) return { error: w("jokerCount", most) };
        counts.push([f.dataset.joker, Number(raw)]);
      }
      return { value: jokerCodes(counts) };
    };
    return { el, read };
  }
  const bad = () => ({ error: w("typeValue", allowedText(k, false), k.nullable) });
  const inRange = (n) => (k.minimum === null || k.minimum === undefined || n >= k.minimum) && (k.maximum === null || k.maximum === undefined || n <= k.maximum);
  if (k.kind === "int_pair") {
    const lo = h("input", { name: "value-low", type: "text", inputmode: "numeric", size: "4", "aria-label": `${label} (1)` });
    const hi = h("input", { name: "value-high", type: "text", inputmode: "numeric", size: "4", "aria-label": `${label} (2)` });
    const read = () => {
      const a = lo.value.trim();
      const b = hi.value.trim();
      if (!WHOLE.test(a) || !WHOLE.test(b)) return bad();
      const pair = [Number(a), Number(b)];
      return inRange(pair[0]) && inRange(pair[1]) && pair[0] <= pair[1] ? { value: pair } : bad();
    };
    return { el: h("span.pair", {}, lo, " – ", hi), read };
  }
  const range = k.minimum !== null && k.minimum !== undefined && k.maximum !== null && k.maximum !== undefined ? `${k.minimum}–${k.maximum}` : "";
  const input = h("input", { name: "value", type: "text", inputmode: "numeric", size: "8", "aria-label": label, placeholder: range });
  const read = () => {
    const raw = input.value.trim();
    if (!raw) return k.nullable ? { value: null } : bad();
    if (k.kind === "int_or_target" && [w("targetWord").toLowerCase(), "target"].includes(raw.toLowerCase())) return { value: "target" };
    if (!WHOLE.test(raw)) return bad();
    const n = Number(raw);
    return inRange(n) ? { value: n } : bad();
  };
  return { el: input, read };
}

/** A refusal of the server in the page's language (errorText, by its code and facts), each
 * rule it names said by what it means; a rule change of the wrong kind also says what the rule
 * takes. */
function refusalText(err, knobs, lead) {
  if (!err) return "";
  const d = err.data;
  const name = (n) => { const k = knobs.find((x) => x.name === n); return k ? knobTitle(k) : n; };
  if (d && d.code === "bad_rule") {
    const k = knobs.find((x) => x.name === d.knob);
    if (k) return `${w("ruleRefused")} ${w("takes", `“${knobTitle(k)}”`, allowedText(k))}`;
  }
  const text = d && d.code ? errorText({ ...d, detail: err.detail }, name) : err.message;
  return `${lead} ${text}`;
}

/** Two values of a rule are the same (jokers: the same cards, in any order). */
function sameValue(k, a, b) {
  const norm = (v) => (k.kind === "jokers" && Array.isArray(v) ? [...v].map(String).sort() : v ?? null);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

function createPanel(presets) {
  // the most hands a room may last: the server's own bound (GET /api/presets `limits.hands`,
  // gostop.limits.MAX_ROOM_HANDS), checked and named by the form before it sends
  const HANDS_MAX = presets.limits.hands;
  const err = h("p.error", { role: "alert", hidden: true });
  const name = h("input", { name: "room-name", type: "text", maxlength: "40", placeholder: t("roomNamePlaceholder") });
  const preset = select("preset", presets.presets.map((p) => [p.name, presetTitle(p.name, p.description)]), "pagat", t("preset"));
  // the page checks the number itself and says what is wrong in its language (not the browser's)
  const hands = h("input", { name: "hands", type: "text", inputmode: "numeric", size: "4", value: "3", placeholder: `1–${HANDS_MAX}` });
  const pub = h("input", { name: "public", type: "checkbox", checked: true });
  const spect = h("input", { name: "spectators", type: "checkbox", checked: true });
  const timer = select("turn-seconds", [["", w("timerOff")], ...[10, 20, 30, 60, 120].map((n) => [String(n), w("seconds", n)])], "", w("turnTimer"));
  const timerNote = h("p.meaning.timer-note", { hidden: true }, w("timerMeaning"));
  timer.addEventListener("change", () => { timerNote.hidden = !timer.value; });
  const seatCount = select("seat-count", [2, 3, 4, 5, 6, 7], 2, t("seats"));
  const seatList = h("ol.seats");
  const seatKinds = [["human", t("human")], ...presets.levels.map((l) => [`bot:${l}`, `${t("bot")} — ${levelText(l)}`])];
  const seatValues = ["me", "bot:normal", "bot:normal", "bot:normal", "bot:normal", "bot:normal", "bot:normal"];
  function drawSeats() {
    seatList.replaceChildren();
    const n = Number(seatCount.value);
    for (let i = 0; i < n; i++) {
      const li = h("li");
      if (i === 0) li.append(h("span", {}, `${t("seat")} 1: ${t("you")}`));
      else {
        const s = select(`seat-${i}`, seatKinds, seatValues[i], `${t("seat")} ${i + 1}`);
        s.addEventListener("change", () => { seatValues[i] = s.value; });
        li.append(field(`${t("seat")} ${i + 1}`, s));
      }
      seatList.appendChild(li);
    }
  }
  seatCount.addEventListener("change", drawSeats);
  drawSeats();

  // rule changes, each shown with its meaning in plain words
  const knobs = presets.knobs || [];
  const changes = new Map();
  // each rule is named by what it means, in the page's language (never by its identifier)
  const knobSel = select("knob", knobs.map((k) => [k.name, knobTitle(k)]), knobs[0]?.name, t("changeRule"));
  const meaning = h("p.meaning.knob-meaning");
  const current = h("p.meaning.knob-current", { "aria-live": "polite" });
  let control = { el: h("span"), read: () => ({ error: "" }) };
  const ruleErr = h("p.error.rule-error", { role: "alert", hidden: true });
  const changeList = h("ul.changes", { "aria-label": t("ruleChanges") });
  const presetOf = (name) => (presets.presets || []).find((p) => p.name === name) || {};
  function drawKnob() {
    const k = knobs.find((x) => x.name === knobSel.value);
    if (!k) return;
    const def = k.defaults ? k.defaults[preset.value] : undefined;
    const now = changes.has(k.name) ? changes.get(k.name) : def;
    meaning.textContent = knobMeaning(k);
    current.textContent = changes.has(k.name) ? w("currentChange", valueText(k, now))
      : def !== undefined ? w("currentRule", presetTitle(preset.value, presetOf(preset.value).description), valueText(k, def)) : "";
    const ctl = knobControl(k, now);
    control.el.replaceWith(ctl.el);
    control = ctl;
    ruleErr.hidden = true;
  }
  function drawChanges() {
    changeList.replaceChildren();
    for (const [k, v] of changes) {
      const knob = knobs.find((x) => x.name === k);
      changeList.appendChild(h("li", { dataset: { knob: k } },
        h("strong", {}, knob ? knobTitle(knob) : k), ": ", knob ? valueText(knob, v) : String(v),
        " ", h("button.link", { type: "button", onclick: () => { changes.delete(k); drawChanges(); drawKnob(); } }, t("remove"))));
    }
  }
  knobSel.addEventListener("change", drawKnob);
  preset.addEventListener("change", drawKnob);
  const addBtn = h("button#add-rule", { type: "button" }, t("add"));
  addBtn.addEventListener("click", () => {
    const k = knobs.find((x) => x.name === knobSel.value);
    if (!k) return;
    const got = control.read();
    if (got.error !== undefined) {
      ruleErr.textContent = got.error;
      ruleErr.hidden = false;
      (control.el.querySelector?.("input") || control.el).focus();
      return;
    }
    const def = k.defaults ? k.defaults[preset.value] : undefined;
    const now = changes.has(k.name) ? changes.get(k.name) : def;
    if (def !== undefined && sameValue(k, got.value, now)) {
      // the value the rule has already: nothing to change
      ruleErr.textContent = w("sameValue", valueText(k, now));
      ruleErr.hidden = false;
      return;
    }
    ruleErr.hidden = true;
    // back to the rule set's own value: no change left for that rule
    if (def !== undefined && sameValue(k, got.value, def)) changes.delete(k.name);
    else changes.set(k.name, got.value);
    drawChanges();
    drawKnob();
  });
  const knobRow = h("div.row", {}, field(t("changeRule"), knobSel), control.el, addBtn);
  drawKnob();

  const btn = h("button.primary#create-room", { type: "submit" }, t("create"));
  const form = h("form.panel#create", { novalidate: true },
    h("h2", {}, t("createRoom")),
    h("div.row", {}, field(t("roomName"), name), field(t("preset"), preset), field(t("hands"), hands)),
    aboutLine(presets, preset),
    h("div.row", {}, field(t("seats"), seatCount), field(w("turnTimer"), timer)), timerNote, seatList,
    h("details", {}, h("summary", {}, t("changeRule")), knobRow, ruleErr, current, meaning, changeList),
    h("div.row", {}, h("label.check", {}, pub, " ", t("publicRoom")), h("label.check", {}, spect, " ", t("allowSpectators"))),
    btn, err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const handsRaw = hands.value.trim();
    const handsN = Number(handsRaw);
    if (!WHOLE.test(handsRaw) || handsN < 1 || handsN > HANDS_MAX) {
      // an empty or wrong number is said, never replaced: the page's words, not the browser's
      err.textContent = w("handsValue", HANDS_MAX);
      err.hidden = false;
      hands.setAttribute("aria-invalid", "true");
      hands.focus();
      return;
    }
    hands.removeAttribute("aria-invalid");
    btn.disabled = true;
    const n = Number(seatCount.value);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const v = i === 0 ? "human" : seatValues[i];
      seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v.split(":")[1] });
    }
    const body = {
      name: name.value.trim(), preset: preset.value, rules: Object.fromEntries(changes), seats,
      // a room others see (listed, or with seats for people) never names me "you" to them
      hands: handsN, public: pub.checked, spectators: spect.checked,
      join: { name: myName(pub.checked || seats.filter((x) => x.kind === "human").length > 1) },
      turn_seconds: timer.value ? Number(timer.value) : null,
    };
    try { goToRoom(await api.create(body)); } catch (e) { errorLine(err, e, knobs); btn.disabled = false; }
  });
  return form;
}

/** When a finished match ended, in the page's language, relative to `now` (ms): "ended just
 * now" under a minute, then minutes, hours, "yesterday", days, and the date beyond a week. An
 * end time from the future (another clock) is "just now"; none (a match that ended before the
 * server kept the time): "". */
export function endedText(endedAt, now = Date.now()) {
  const at = endedAt ? Date.parse(endedAt) : NaN;
  if (Number.isNaN(at)) return "";
  const minutes = Math.floor(Math.max(0, now - at) / 60000);
  if (minutes < 1) return w("endedNow");
  if (minutes < 60) return w("endedMinutes", minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return w("endedHours", hours);
  const days = Math.floor(hours / 24);
  if (days === 1) return w("endedYesterday");
  if (days <= 7) return w("endedDays", days);
  return w("endedOn", new Date(at).toLocaleDateString(w("dateLocale"), { year: "numeric", month: "short", day: "numeric" }));
}

/** Finished rooms, the match that ended last first (the server's order, newest made first,
 * among those without an end time, listed after them). */
export function byEnd(rooms) {
  const key = (r) => r.ended_at || "";
  return [...rooms].sort((a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? 1 : -1));
}

function roomRow(room) {
  const open = room.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const mine = savedSeat(room.id);
  const who = room.seats.map((s) => (s.kind === "bot" ? `${botName(s.name) || t("bot_")} (${levelText(s.level)})` : s.name || t("openSeat"))).join(", ");
  const actions = h("span.actions");
  const link = `#/room/${encodeURIComponent(room.id)}`;
  if (room.state === "over") {
    // a finished match: only its result to see (my seat's view, or the spectators')
    if (mine || room.spectators) actions.append(h("a.button", { href: mine ? link : `${link}/watch` }, w("result")));
  } else {
    if (mine) actions.append(h("a.button.primary", { href: link }, t("resume")));
    else if (open > 0 && room.state === "waiting") actions.append(h("a.button.primary", { href: link }, t("join")));
    if (room.spectators && !mine) actions.append(h("a.button", { href: `${link}/watch` }, t("watch")));
  }
  const openText = open && room.state === "waiting" ? ` · ${t("openSeats", open)}` : "";
  // a finished match says when it ended instead of "over" ("ended 5 min ago"), when it is known
  const ended = room.state === "over" ? endedText(room.ended_at) : "";
  const state = ended ? h("time.ended", { datetime: room.ended_at, title: new Date(room.ended_at).toLocaleString(w("dateLocale")) }, ended) : t(room.state);
  return h("li.room", { dataset: { room: room.id, state: room.state } },
    h("span.name", {}, roomTitle(room)), " ",
    h("span.meta", {}, `${presetTitle(room.preset)} · ${t("seatsN", room.seats.length)} · `, state, openText),
    h("span.who", {}, who), actions);
}

/** How many finished matches the lobby lists (the newest), folded under the live tables. */
const FINISHED_SHOWN = 5;
/** How many tables of each kind (waiting for people, playing) the lobby lists at first, and
 * how many more each "Show more" adds. */
const ROOMS_PAGE = 50;
/** The most rooms one request asks for (the bound of `GET /api/rooms`'s `limit`). */
const ROOMS_MAX = 200;

/** The `count` newest public rooms in `state` (pages of ROOMS_MAX at most), and whether the
 * server has more: one room more than `count` is asked for. */
async function newestRooms(state, count) {
  const got = [];
  while (got.length <= count) {
    const limit = Math.min(ROOMS_MAX, count + 1 - got.length);
    const { rooms } = await api.rooms({ state, limit, offset: got.length || undefined });
    got.push(...rooms);
    if (rooms.length < limit) break;
  }
  return { rooms: got.slice(0, count), more: got.length > count };
}

/** `el`'s children become `rows`, unless they are the same already (as markup). */
function replaceIfChanged(el, rows) {
  const html = (nodes) => nodes.map((n) => n.outerHTML).join("");
  if (html(rows) !== html([...el.children])) el.replaceChildren(...rows);
}

function roomsPanel() {
  // the tables to join, watch or resume first; finished matches apart, folded (a player looks
  // for a table, not for old results), only the newest few
  const list = h("ul.rooms#live-rooms", { "aria-live": "polite" });
  const none = h("p.meaning.no-live-rooms", { hidden: true }, w("noLiveRooms"));
  // a busy server has more tables than one page: the next ones on request, never cut silently
  let shown = ROOMS_PAGE;
  const moreNote = h("span.more-note");
  const moreButton = h("button#more-rooms", { type: "button", onclick: () => { shown += ROOMS_PAGE; moreButton.disabled = true; refresh(); } });
  const more = h("p.more-rooms", { hidden: true }, moreNote, " ", moreButton);
  const finishedList = h("ul.rooms");
  const finishedTitle = h("summary");
  const finished = h("details.finished-rooms#finished-rooms", { hidden: true }, finishedTitle, finishedList);
  const err = h("p.error", { role: "alert", hidden: true });
  // the room list is shown only when there are rooms to join, watch, resume or see the result of
  const panel = h("section.panel#room-list", { hidden: true }, h("h2", {}, t("rooms"), " ", h("button.link", { type: "button", onclick: () => refresh() }, t("refresh"))), list, more, none, finished, err);
  async function refresh() {
    try {
      const [waiting, playing, ended] = await Promise.all([newestRooms("waiting", shown), newestRooms("playing", shown),
        api.rooms({ state: "over", limit: FINISHED_SHOWN })]);
      // newest first, as the server lists them (ISO times of one format compare as text)
      const live = [...waiting.rooms, ...playing.rooms].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
      const over = byEnd(ended.rooms).slice(0, FINISHED_SHOWN);
      // QA 15: redrawn only when a row changed: the list is a live region (a screen reader
      // read all of it again every 5 s) and a keyboard player's focus on a row's link was lost
      replaceIfChanged(list, live.map(roomRow));
      more.hidden = !(waiting.more || playing.more);
      moreNote.textContent = w("liveShown", live.length);
      moreButton.textContent = w("moreRooms");
      moreButton.disabled = false;
      none.hidden = live.length > 0 || !over.length;
      replaceIfChanged(finishedList, over.map(roomRow));
      finishedTitle.textContent = w("finishedRooms", over.length);
      finished.hidden = !over.length;
      panel.hidden = !live.length && !over.length;
      errorLine(err, null);
    } catch (e) { errorLine(err, e, [], `${t("error")}:`); panel.hidden = false; moreButton.disabled = false; }
  }
  refresh();
  const timer = setInterval(refresh, 5000);
  return { panel, dispose: () => clearInterval(timer) };
}

export async function showLobby(main, live = () => true) {
  const presets = await loadPresets();
  if (!live()) return null; // another page was opened meanwhile (app.js)
  const rooms = roomsPanel();
  const advanced = h("details.panel#advanced", {}, h("summary", {}, t("advanced")), createPanel(presets));
  main.append(h("div.lobby", {},
    h("section.panel.intro", {}, h("h1", {}, t("welcome")), field(t("yourName"), nameInput()),
      h("p", {}, h("a.howto#howto-link", { href: "#/guide" }, t("howToPlay")), " · ", h("a", { href: "#/guide/cards" }, t("cards")))),
    quickPanel(presets), rooms.panel, advanced));
  return { dispose: rooms.dispose };
}
