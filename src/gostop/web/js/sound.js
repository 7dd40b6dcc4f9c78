// Short sound effects made here with Web Audio synthesis (no samples): a card laid down, a
// capture, ppuk, chok/ttadak, sseul, bomb, go, stop, a win and "your turn". Quiet on a first
// visit until the player turns sound on or plays a card; the choice is remembered.

const KEY = "gostop.sound"; // "on" | "off"; unset: quiet until the first card played
let ctx = null;

export function soundSetting() { return localStorage.getItem(KEY); }
export function soundOn() { return soundSetting() === "on"; }

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) audio();
  document.dispatchEvent(new CustomEvent("gostop-sound"));
}

/** The first card played turns sound on, unless the player chose "off" before. */
export function firstPlay() { if (soundSetting() === null) setSound(true); }

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

/** One voice: a tone (or a noise burst) with a quick attack and an exponential decay. */
function voice(a, { freq = 440, to = null, type = "sine", at = 0, dur = 0.12, gain = 0.18, noise = false }) {
  const t0 = a.currentTime + at;
  const g = a.createGain();
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  g.connect(a.destination);
  let src;
  if (noise) {
    const buf = a.createBuffer(1, Math.ceil(a.sampleRate * dur), a.sampleRate);
    const data = buf.getChannelData(0);
    let seed = 12345; // a fixed pseudo-random burst: the same click every time
    for (let i = 0; i < data.length; i++) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; data[i] = (seed / 0x3fffffff - 1) * (1 - i / data.length); }
    src = a.createBufferSource();
    src.buffer = buf;
    const band = a.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = freq;
    src.connect(band);
    band.connect(g);
  } else {
    src = a.createOscillator();
    src.type = type;
    src.frequency.setValueAtTime(freq, t0);
    if (to) src.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    src.connect(g);
  }
  src.start(t0);
  src.stop(t0 + dur + 0.02);
}

const EFFECTS = {
  play: [{ noise: true, freq: 2400, dur: 0.07, gain: 0.35 }],
  capture: [{ noise: true, freq: 1800, dur: 0.06, gain: 0.3 }, { noise: true, freq: 2600, at: 0.07, dur: 0.06, gain: 0.3 }],
  ppuk: [{ type: "square", freq: 220, to: 110, dur: 0.25, gain: 0.08 }],
  chok: [{ type: "triangle", freq: 1320, dur: 0.09, gain: 0.2 }, { type: "triangle", freq: 1760, at: 0.08, dur: 0.12, gain: 0.2 }],
  ttadak: [{ noise: true, freq: 3000, dur: 0.05, gain: 0.35 }, { noise: true, freq: 3000, at: 0.09, dur: 0.05, gain: 0.35 }],
  sseul: [{ type: "sawtooth", freq: 400, to: 1600, dur: 0.3, gain: 0.06 }],
  bomb: [{ noise: true, freq: 180, dur: 0.45, gain: 0.6 }, { type: "sine", freq: 90, to: 40, dur: 0.4, gain: 0.3 }],
  go: [{ type: "triangle", freq: 523, dur: 0.1 }, { type: "triangle", freq: 784, at: 0.1, dur: 0.18 }],
  stop: [{ type: "triangle", freq: 784, dur: 0.1 }, { type: "triangle", freq: 523, at: 0.1, dur: 0.22 }],
  win: [523, 659, 784, 1047].map((f, i) => ({ type: "triangle", freq: f, at: i * 0.1, dur: 0.22, gain: 0.16 })),
  turn: [{ type: "sine", freq: 880, dur: 0.1, gain: 0.1 }],
};

/** Play an effect by name when sound is on; returns whether it played. */
export function sound(name) {
  const parts = EFFECTS[name];
  if (!parts || !soundOn()) return false;
  const a = audio();
  if (!a) return false;
  for (const p of parts) voice(a, p);
  const btn = document.getElementById("sound-toggle");
  if (btn) btn.dataset.lastSound = name; // what was heard last (for people checking their speakers, and tests)
  return true;
}

/** The effect of one update's events (the loudest wins), and "your turn" when it came. */
export function soundFor(events, myTurnNow) {
  const order = ["win", "bomb", "sseul", "ppuk", "chok", "ttadak", "go", "stop", "capture", "play"];
  const seen = new Set();
  for (const w of events || []) {
    const e = w && w.type === "hand" ? w.event : w;
    if (!e) continue;
    const k = { grenade: "bomb", "stack-capture": "capture", "ja-ppuk": "capture", flip: "play", pick: "capture", settlement: "win" }[e.type] || e.type;
    seen.add(k);
  }
  const pick = order.find((k) => seen.has(k));
  if (pick) sound(pick);
  else if (myTurnNow) sound("turn");
}
