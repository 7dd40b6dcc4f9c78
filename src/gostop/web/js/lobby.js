// The lobby: quick play vs bots, create a room (seats, bots, hands, rule changes in plain
// words), the list of public rooms with join / watch / resume.
import { getLang, t } from "./i18n.js";
import { h, words } from "./dom.js";
import { api, playerName, saveSeat, savedSeat, setPlayerName } from "./api.js";

let PRESETS = null;

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

// The presets' descriptions in Korean (the server sends them in English).
const PRESET_KO = {
  pagat: "pagat.com의 현재 규칙 (기본)",
  "pagat-classic": "예전 pagat.com 규칙",
  "fuda-wiki": "Fuda 위키 규칙",
  blog: "pagat 규칙을 옮긴 블로그 규칙",
  "goo-stupe": "'Goo Stupe' 패러디 술자리 게임, 칩 대신 잔(샷)으로",
};

/** A preset in plain words: its description, seats, who plays with many seats, the unit. */
export function presetAbout(presets, name) {
  const p = (presets.presets || []).find((x) => x.name === name);
  if (!p) return "";
  const unit = (presets.knobs || []).find((k) => k.name === "payment_unit");
  const parts = [(getLang() === "ko" && PRESET_KO[name]) || p.description || name];
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
  if (!PRESETS) PRESETS = await api.presets();
  return PRESETS;
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
  const input = h("input#player-name", { type: "text", maxlength: "24", value: playerName(), placeholder: "You", autocomplete: "nickname" });
  input.addEventListener("change", () => setPlayerName(input.value.trim()));
  return input;
}

function myName() {
  const v = (document.getElementById("player-name")?.value || "").trim();
  if (v) setPlayerName(v);
  return v || "You";
}

function errorLine(box, err) {
  box.textContent = err ? err.message : "";
  box.hidden = !err;
}

function goToRoom(res) {
  saveSeat(res.room.id, res.seat, res.token);
  location.hash = `#/room/${encodeURIComponent(res.room.id)}`;
}

function quickPanel(presets) {
  const err = h("p.error", { role: "alert", hidden: true });
  const preset = select("preset", presets.presets.map((p) => p.name), "pagat", t("preset"));
  const level = select("level", presets.levels, "normal", t("level"));
  const players = select("players", [2, 3], 2, t("players"));
  const btn = h("button.primary#quick-play", { type: "submit" }, t("play"));
  const form = h("form.panel#quick", {},
    h("h2", {}, t("quickPlay")),
    h("div.row", {}, field(t("preset"), preset), field(t("level"), level), field(t("players"), players)),
    aboutLine(presets, preset), btn, err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    btn.disabled = true;
    try {
      goToRoom(await api.quick({ name: myName(), preset: preset.value, level: level.value, players: Number(players.value) }));
    } catch (e) { errorLine(err, e); btn.disabled = false; }
  });
  return form;
}

function knobControl(knob) {
  if (knob.kind === "bool") return select("value", [["true", "yes"], ["false", "no"]], "true", knob.name);
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
  const name = h("input", { name: "room-name", type: "text", maxlength: "40", placeholder: "Friday table" });
  const preset = select("preset", presets.presets.map((p) => p.name), "pagat", t("preset"));
  const hands = h("input", { name: "hands", type: "number", min: "1", max: "24", value: "3" });
  const pub = h("input", { name: "public", type: "checkbox", checked: true });
  const spect = h("input", { name: "spectators", type: "checkbox", checked: true });
  const timer = select("turn-seconds", [["", w("timerOff")], ...[10, 20, 30, 60, 120].map((n) => [String(n), w("seconds", n)])], "", w("turnTimer"));
  const timerNote = h("p.meaning.timer-note", { hidden: true }, w("timerMeaning"));
  timer.addEventListener("change", () => { timerNote.hidden = !timer.value; });
  const seatCount = select("seat-count", [2, 3, 4, 5, 6, 7], 2, t("seats"));
  const seatList = h("ol.seats");
  const seatKinds = [["human", t("human")], ...presets.levels.map((l) => [`bot:${l}`, `${t("bot")} — ${l}`])];
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
  const knobSel = select("knob", knobs.map((k) => [k.name, k.name]), knobs[0]?.name, t("changeRule"));
  const meaning = h("p.meaning.knob-meaning");
  let valueBox = h("span");
  const changeList = h("ul.changes", { "aria-label": "rule changes" });
  function drawKnob() {
    const k = knobs.find((x) => x.name === knobSel.value);
    if (!k) return;
    const def = k.defaults ? k.defaults[preset.value] : undefined;
    meaning.textContent = `${k.meaning}${def !== undefined ? ` (${preset.value}: ${JSON.stringify(def)})` : ""}`;
    const ctl = knobControl(k);
    valueBox.replaceWith(ctl);
    valueBox = ctl;
  }
  function drawChanges() {
    changeList.replaceChildren();
    for (const [k, v] of changes) {
      const knob = knobs.find((x) => x.name === k);
      changeList.appendChild(h("li", {},
        h("strong", {}, `${k} = ${JSON.stringify(v)}`), " — ", knob ? knob.meaning : "",
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
  const who = room.seats.map((s) => (s.kind === "bot" ? `${s.name || t("bot_")} (${s.level})` : s.name || "—")).join(", ");
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
  async function refresh() {
    try {
      const { rooms } = await api.rooms();
      list.replaceChildren(...(rooms.length ? rooms.map(roomRow) : [h("li.empty", {}, t("noRooms"))]));
      errorLine(err, null);
    } catch (e) { errorLine(err, e); }
  }
  refresh();
  const timer = setInterval(refresh, 5000);
  const panel = h("section.panel#room-list", {}, h("h2", {}, t("rooms"), " ", h("button.link", { type: "button", onclick: refresh }, t("refresh"))), list, err);
  return { panel, dispose: () => clearInterval(timer) };
}

export async function showLobby(main) {
  const presets = await loadPresets();
  const rooms = roomsPanel();
  main.append(h("div.lobby", {},
    h("section.panel.intro", {}, field(t("yourName"), nameInput()), h("p", {}, h("a", { href: "#/guide" }, t("guide")), " · ", h("a", { href: "#/guide/cards" }, t("cards")))),
    quickPanel(presets), createPanel(presets), rooms.panel));
  return { dispose: rooms.dispose };
}
