// Short animations of play, flip and capture, by the FLIP technique: measure where every card
// is (First), draw the new view (Last), then move each card from where it was to where it is
// now with the Web Animations API (Invert, Play). The new table is live at once: nothing waits
// for an animation, which only moves pictures. Under prefers-reduced-motion nothing moves.
//
// One update is played in up to three stages of STAGE_MS each: the card played from a hand
// (mine from its slot, another seat's from its hand count) lands on the table; the stock card
// flips (card back, then face) and lands; the captured cards slide to the capturer's pile.

/** The length of one stage (play, flip, capture), in ms. */
export const STAGE_MS = 260;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The cards that take part: my hand, the table, every capture pile (not the small previews). */
const PLACES = ".myhand .handslot > .card[data-code], .layout .pile > .card[data-code], .captures .caprow > .card[data-code]";

function placeOf(el) {
  return el.closest(".myhand") ? "hand" : el.closest(".layout") ? "layout" : "capture";
}

function box(r) { return { left: r.left, top: r.top, width: r.width, height: r.height }; }

function shifted(r, dx, dy = 0) { return { left: r.left + dx, top: r.top + dy, width: r.width, height: r.height }; }

/**
 * Where everything is before a new view is drawn (`root`: the table box), or null when there
 * is nothing to animate from. `view`: the view now on screen.
 */
export function snapshot(root, view) {
  if (!view || !view.hand) return null;
  const cards = new Map();
  for (const el of root.querySelectorAll(PLACES)) {
    cards.set(el.dataset.code, { rect: box(el.getBoundingClientRect()), place: placeOf(el), month: el.dataset.month });
  }
  const at = (sel) => { const el = root.querySelector(sel); return el ? box(el.getBoundingClientRect()) : null; };
  const seats = new Map();
  for (const p of root.querySelectorAll(".player[data-seat]")) {
    const from = p.querySelector(".handcount .card") || p.querySelector("header");
    if (from) seats.set(Number(p.dataset.seat), box(from.getBoundingClientRect()));
  }
  return {
    deal: view.match ? view.match.deal : null, seat: view.seat, cards, seats,
    stock: at(".stock .card"), layout: at(".layout"), hand: at(".myhand"),
  };
}

/** What the update's hand events say about each card: played (by which table seat), flipped, captured. */
function roles(events) {
  const played = new Map();
  const flipped = new Set();
  const captured = new Set();
  for (const w of events || []) {
    if (!w || w.type !== "hand" || !w.event) continue;
    const e = w.event;
    const cards = e.cards || [];
    if (e.type === "play" || e.type === "bomb" || e.type === "grenade") for (const c of cards) played.set(c, w.seat);
    else if (e.type === "flip" || e.type === "substitute") for (const c of cards) flipped.add(c);
    else if (e.type === "capture" || e.type === "surrender") for (const c of cards) captured.add(c);
  }
  return { played, flipped, captured };
}

function cssPx(name) {
  const v = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** A transform that draws an element whose box is `R` in the box `r` (squeezed to `sx` of its width). */
function frame(r, R, sx = 1) {
  const s = r.width / R.width;
  const dx = r.left - R.left + (r.width * (1 - sx)) / 2;
  const dy = r.top - R.top;
  return `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${(s * sx).toFixed(4)}, ${(r.height / R.height).toFixed(4)})`;
}

const same = (a, b) => Math.abs(a.left - b.left) < 1 && Math.abs(a.top - b.top) < 1 && Math.abs(a.width - b.width) < 1;

/**
 * Animate the cards of `root` from `before` (a snapshot) to where the new view put them.
 * `events`: the update's events. `speed`: 1 normal, less is quicker, 0 none. Returns how long
 * the animations run (ms; 0 when nothing moves).
 */
export function animateUpdate(root, before, view, events, speed = 1) {
  const D = Math.round(STAGE_MS * speed);
  if (!before || D <= 0 || !view || !view.hand) return 0;
  if (view.match && before.deal !== view.match.deal) return 0; // a new deal: no flights from the old hand
  const { played, flipped, captured } = roles(events);
  const now = [...root.querySelectorAll(PLACES)].map((el) => ({
    el, code: el.dataset.code, month: el.dataset.month, place: placeOf(el), rect: box(el.getBoundingClientRect()),
  }));
  const role = (x) => {
    const old = before.cards.get(x.code);
    if (played.has(x.code) && (!old || old.place === "hand")) return "play";
    if (!old && (flipped.has(x.code) || x.place === "hand")) return "flip"; // a stock card (or a drawn one)
    if (!old) return null;
    if (captured.has(x.code) || old.place !== x.place) return "capture";
    return same(old.rect, x.rect) ? null : "shift";
  };
  for (const x of now) x.role = role(x);
  const any = (r) => now.some((x) => x.role === r);
  const tF = any("play") ? D : 0;
  const tC = tF + (any("flip") ? D : 0);
  const goesToPile = (x) => x.place === "capture" && (x.role === "play" || x.role === "flip");
  const hasC = any("capture") || now.some(goesToPile);
  const last = hasC ? tC : Math.max(0, tC - D); // table and pile shifts: with the last stage
  const total = Math.max(hasC ? tC + D : tC, any("shift") ? last + D : 0);
  if (!total) return 0;

  // Where a played or flipped card lands on the table before it is captured: on its month's
  // pile (as it was, or as a card of this update left it), else right of the old table.
  // the table's card width as drawn (app.css fits it to the board), else the page's setting
  const md = root.querySelector(".layout .card.md")?.getBoundingClientRect().width || cssPx("--card-md");
  const landed = new Map();
  let edge = null;
  for (const c of before.cards.values()) if (c.place === "layout") edge = Math.max(edge ?? -Infinity, c.rect.left + c.rect.width);
  const landing = (x) => {
    if (x.place === "layout") return x.rect;
    const w = md || x.rect.width;
    const hgt = (w * x.rect.height) / x.rect.width;
    let prev = landed.get(x.month);
    if (!prev && x.month !== "0") {
      for (const c of before.cards.values()) if (c.place === "layout" && c.month === x.month) prev = c.rect;
    }
    if (prev) return { left: prev.left + prev.width * 0.45, top: prev.top, width: w, height: hgt };
    const L = before.layout || before.hand || x.rect;
    const left = edge !== null ? edge + w * 0.3 : L.left + L.width / 2 - w / 2;
    edge = left + w;
    return { left, top: L.top + 4, width: w, height: hgt };
  };
  const source = (x) => {
    const old = before.cards.get(x.code);
    if (old) return old.rect;
    const seat = played.get(x.code);
    const from = (seat === before.seat ? before.hand : before.seats.get(seat)) || before.stock || before.hand;
    return from ? { left: from.left, top: from.top, width: Math.max(8, from.height * (x.rect.width / x.rect.height)), height: from.height } : x.rect;
  };

  const order = { play: 0, flip: 1, capture: 2, shift: 3 };
  const moving = now.filter((x) => x.role).sort((a, b) => order[a.role] - order[b.role]);
  const page = root.querySelector(".table-page");
  if (page) page.dataset.anim = "running";
  let running = 0;
  const done = () => { running -= 1; if (running === 0 && page) page.dataset.anim = "done"; };
  for (const x of moving) {
    const R = x.rect;
    if (!(R.width > 0 && R.height > 0)) continue;
    const points = []; // [time, box, squeeze, easing to the next point]
    let flipAt = null;
    if (x.role === "play" || x.role === "flip") {
      const start = x.role === "play" ? 0 : tF;
      const from = x.role === "play" ? source(x) : before.stock || source(x);
      const land = x.place === "hand" ? R : landing(x);
      landed.set(x.month, land);
      points.push([0, from, 1, "linear"], [start, from, 1, x.role === "flip" ? "ease-in" : "ease-out"]);
      if (x.role === "flip") {
        flipAt = start + D / 2;
        const mid = { left: (from.left + land.left) / 2, top: (from.top + land.top) / 2, width: (from.width + land.width) / 2, height: (from.height + land.height) / 2 };
        points.push([flipAt, mid, 0, "ease-out"]);
      }
      points.push([start + D, land, 1, "linear"]);
      if (land !== R) points.push([tC, land, 1, "ease-in-out"], [tC + D, R, 1, "linear"]);
    } else if (x.role === "capture") {
      const old = before.cards.get(x.code).rect;
      points.push([0, old, 1, "linear"], [tC, old, 1, "ease-in-out"], [tC + D, R, 1, "linear"]);
    } else { // shift: my hand closes up at once; the table and the piles with the last stage
      const old = before.cards.get(x.code).rect;
      const start = x.place === "hand" ? 0 : last;
      points.push([0, old, 1, "linear"], [start, old, 1, "ease-in-out"], [start + D, R, 1, "linear"]);
    }
    if (points[points.length - 1][0] < total) points.push([total, R, 1, "linear"]);
    const keyframes = [];
    for (const [t, r, sx, easing] of points) {
      const offset = Math.min(1, Math.max(0, t / total));
      if (keyframes.length && offset < keyframes[keyframes.length - 1].offset) continue;
      keyframes.push({ offset, easing, transform: same(r, R) && sx === 1 ? "none" : frame(r, R, sx), transformOrigin: "0 0", zIndex: x.role === "shift" ? 1 : 10 });
    }
    // a hand slot closing up moves with what it says under the card
    const target = x.role === "shift" && x.place === "hand" ? x.el.parentElement : x.el;
    x.el.dataset.anim = x.role;
    target.dataset.anim = x.role;
    const anim = target.animate(keyframes, { duration: total, fill: "none" });
    running += 1;
    const end = () => { delete x.el.dataset.anim; delete target.dataset.anim; done(); };
    anim.onfinish = end;
    anim.oncancel = end;
    if (flipAt !== null) { // the card back, shown until the card has turned edge-on
      const back = document.createElement("img");
      back.className = "flipback";
      back.src = "/cards/back.png";
      back.alt = "";
      x.el.appendChild(back);
      const m = flipAt / total;
      const fade = back.animate([{ offset: 0, opacity: 1 }, { offset: m, opacity: 1 }, { offset: Math.min(1, m + 0.001), opacity: 0 }, { offset: 1, opacity: 0 }], { duration: total, fill: "forwards" });
      const drop = () => back.remove();
      fade.onfinish = drop;
      fade.oncancel = drop;
    }
  }
  return total;
}
