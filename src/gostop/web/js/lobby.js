// The lobby: quick play vs bots, create a room (seats, bots, hands, rule changes in plain
// words), the list of public rooms with join / watch / resume.
import { botName, getLang, levelGapLine, levelOption, levelText, t } from "./i18n.js";
import { h, words } from "./dom.js";
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
  },
  ko: {
    anySeats: "2자리 이상", seatsUpTo: (n) => `2–${n}자리`,
    gwangpalli: "4자리 이상이면 세 명이 치고 나머지는 쉼 (광팔기)",
    rotation: "4자리 이상이면 세 명이 치고, 판마다 이긴 사람이 목록의 다음 사람과 교대",
    shots: "칩 대신 잔(샷)으로 계산",
    turnTimer: "제한 시간", timerOff: "없음", seconds: (n) => (n >= 60 ? `${n / 60}분` : `${n}초`),
    timerMeaning: "시간이 다 되면 봇이 대신 정합니다.",
  },
});

/** A preset in plain words: its description, seats, who plays with many seats, the unit. */
export function presetAbout(presets, name) {
  const p = (presets.presets || []).find((x) => x.name === name);
  if (!p) return "";
  const unit = (presets.knobs || []).find((k) => k.name === "payment_unit");
  const parts = [p.description || name];
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

function myName() {
  const v = (document.getElementById("player-name")?.value || "").trim();
  if (v) setPlayerName(v);
  return v || t("you");
}

function errorLine(box, err) {
  box.textContent = err ? err.message : "";
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
    return await api.quick({ name: myName(), preset, players: n, mode: "people" });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 422) throw e;
  }
  const { rooms } = await api.rooms();
  for (const room of rooms) {
    const open = room.seats.filter((s) => s.kind === "human" && !s.taken).length;
    if (room.state === "waiting" && room.preset === preset && room.seats.length === n && open && !savedSeat(room.id)) {
      try {
        return await api.join(room.id, { name: myName() });
      } catch (e) { /* taken meanwhile: try the next */ }
    }
  }
  return api.create({
    name: t(`game_${GAMES.find((g) => g.preset === preset && g.seats.includes(n))?.id || "gostop"}`), preset, rules: {}, hands: 3,
    public: true, spectators: true, seats: Array.from({ length: n }, () => ({ kind: "human" })), join: { name: myName() },
  });
}

function knobControl(knob) {
  if (knob.kind === "bool") return select("value", [["true", t("yes")], ["false", t("no")]], "true", knob.name);
  if (knob.kind === "enum") return select("value", knob.choices, knob.choices[0], knob.name);
  return h("input", { name: "value", type: "text", size: "8", "aria-label": knob.name, placeholder: knob.kind });
}

function parseKnobValue(knob, raw) {
  if (knob.kind === "bool") return raw === "true";
  if (knob.kind === "enum") return raw;
  if (raw === "" || raw === "null") return null;
  try { return JSON.parse(raw); } catch (err) { return raw; }
}

function createPanel(presets) {
  const err = h("p.error", { role: "alert", hidden: true });
  const name = h("input", { name: "room-name", type: "text", maxlength: "40", placeholder: t("roomNamePlaceholder") });
  const preset = select("preset", presets.presets.map((p) => p.name), "pagat", t("preset"));
  const hands = h("input", { name: "hands", type: "number", min: "1", max: "24", value: "3" });
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
  // in Korean the list names each rule by its meaning (the English name is for record authors)
  const short = (k) => { const m = knobMeaning(k); return m.length > 44 ? `${m.slice(0, 42)}…` : m; };
  const knobSel = select("knob", knobs.map((k) => [k.name, getLang() === "ko" ? `${short(k)} (${k.name})` : k.name]), knobs[0]?.name, t("changeRule"));
  const meaning = h("p.meaning.knob-meaning");
  let valueBox = h("span");
  const changeList = h("ul.changes", { "aria-label": t("ruleChanges") });
  function drawKnob() {
    const k = knobs.find((x) => x.name === knobSel.value);
    if (!k) return;
    const def = k.defaults ? k.defaults[preset.value] : undefined;
    meaning.textContent = `${knobMeaning(k)}${def !== undefined ? ` (${preset.value}: ${JSON.stringify(def)})` : ""}`;
    const ctl = knobControl(k);
    valueBox.replaceWith(ctl);
    valueBox = ctl;
  }
  function drawChanges() {
    changeList.replaceChildren();
    for (const [k, v] of changes) {
      const knob = knobs.find((x) => x.name === k);
      changeList.appendChild(h("li", {},
        h("strong", {}, `${k} = ${JSON.stringify(v)}`), " — ", knob ? knobMeaning(knob) : "",
        " ", h("button.link", { type: "button", onclick: () => { changes.delete(k); drawChanges(); } }, t("remove"))));
    }
  }
  knobSel.addEventListener("change", drawKnob);
  preset.addEventListener("change", drawKnob);
  const addBtn = h("button#add-rule", { type: "button" }, t("add"));
  addBtn.addEventListener("click", () => {
    const k = knobs.find((x) => x.name === knobSel.value);
    if (!k) return;
    changes.set(k.name, parseKnobValue(k, valueBox.value));
    drawChanges();
  });
  const knobRow = h("div.row", {}, field(t("changeRule"), knobSel), valueBox, addBtn);
  drawKnob();

  const btn = h("button.primary#create-room", { type: "submit" }, t("create"));
  const form = h("form.panel#create", {},
    h("h2", {}, t("createRoom")),
    h("div.row", {}, field(t("roomName"), name), field(t("preset"), preset), field(t("hands"), hands)),
    aboutLine(presets, preset),
    h("div.row", {}, field(t("seats"), seatCount), field(w("turnTimer"), timer)), timerNote, seatList,
    h("details", {}, h("summary", {}, t("changeRule")), knobRow, meaning, changeList),
    h("div.row", {}, h("label.check", {}, pub, " ", t("publicRoom")), h("label.check", {}, spect, " ", t("allowSpectators"))),
    btn, err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    btn.disabled = true;
    const n = Number(seatCount.value);
    const seats = [];
    for (let i = 0; i < n; i++) {
      const v = i === 0 ? "human" : seatValues[i];
      seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v.split(":")[1] });
    }
    const body = {
      name: name.value.trim(), preset: preset.value, rules: Object.fromEntries(changes), seats,
      hands: Number(hands.value) || 3, public: pub.checked, spectators: spect.checked, join: { name: myName() },
      turn_seconds: timer.value ? Number(timer.value) : null,
    };
    try { goToRoom(await api.create(body)); } catch (e) { errorLine(err, e); btn.disabled = false; }
  });
  return form;
}

function roomRow(room) {
  const open = room.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const mine = savedSeat(room.id);
  const who = room.seats.map((s) => (s.kind === "bot" ? `${botName(s.name) || t("bot_")} (${levelText(s.level)})` : s.name || "—")).join(", ");
  const actions = h("span.actions");
  const link = `#/room/${encodeURIComponent(room.id)}`;
  if (mine) actions.append(h("a.button.primary", { href: link }, t("resume")));
  else if (open > 0 && room.state === "waiting") actions.append(h("a.button.primary", { href: link }, t("join")));
  if (room.spectators && !mine) actions.append(h("a.button", { href: `${link}/watch` }, t("watch")));
  return h("li.room", { dataset: { room: room.id } },
    h("span.name", {}, room.name || room.id), " ",
    h("span.meta", {}, `${room.preset} · ${room.seats.length} ${t("seats").toLowerCase()} · ${t(room.state)}${open ? ` · ${t("openSeats", open)}` : ""}`),
    h("span.who", {}, who), actions);
}

function roomsPanel() {
  const list = h("ul.rooms", { "aria-live": "polite" });
  const err = h("p.error", { role: "alert", hidden: true });
  // the room list is shown only when there are rooms to join, watch or resume
  const panel = h("section.panel#room-list", { hidden: true }, h("h2", {}, t("rooms"), " ", h("button.link", { type: "button", onclick: () => refresh() }, t("refresh"))), list, err);
  async function refresh() {
    try {
      const { rooms } = await api.rooms();
      list.replaceChildren(...rooms.map(roomRow));
      panel.hidden = !rooms.length;
      errorLine(err, null);
    } catch (e) { errorLine(err, e); panel.hidden = false; }
  }
  refresh();
  const timer = setInterval(refresh, 5000);
  return { panel, dispose: () => clearInterval(timer) };
}

export async function showLobby(main) {
  const presets = await loadPresets();
  const rooms = roomsPanel();
  const advanced = h("details.panel#advanced", {}, h("summary", {}, t("advanced")), createPanel(presets));
  main.append(h("div.lobby", {},
    h("section.panel.intro", {}, h("h1", {}, t("welcome")), field(t("yourName"), nameInput()),
      h("p", {}, h("a.howto#howto-link", { href: "#/guide" }, t("howToPlay")), " · ", h("a", { href: "#/guide/cards" }, t("cards")))),
    quickPanel(presets), rooms.panel, advanced));
  return { dispose: rooms.dispose };
}
