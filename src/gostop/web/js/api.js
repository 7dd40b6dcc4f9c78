// The lobby's HTTP calls (docs/protocol.md "Lobby") and the seat tokens kept in localStorage.
import { errorText, t } from "./i18n.js";

export class ApiError extends Error {
  /** `message`: the refusal in the page's language (by its `code`, errorText); `detail`: the
   * server's English sentence; `data`: the answer's JSON ({detail, code, ...facts}), or null. */
  constructor(status, detail, data = null) {
    super(data && data.code ? errorText({ ...data, detail }) : detail);
    this.status = status; this.detail = detail; this.data = data;
  }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, t("unreachable"));
  }
  let data = null;
  try { data = await res.json(); } catch (err) { data = null; }
  if (!res.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail
      : data && Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : `HTTP ${res.status}`;
    throw new ApiError(res.status, detail, data && typeof data === "object" ? data : null);
  }
  return data;
}

export const api = {
  // English is the plain URL (index.html preloads it); another language asks for its words
  presets: (lang) => call("GET", !lang || lang === "en" ? "/api/presets" : `/api/presets?lang=${encodeURIComponent(lang)}`),
  // public rooms, newest first: `state` (waiting, playing, over), `limit` (1..200), `offset`
  rooms: (query = {}) => call("GET", `/api/rooms?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined))}`),
  room: (id) => call("GET", `/api/rooms/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/rooms", body),
  join: (id, body) => call("POST", `/api/rooms/${encodeURIComponent(id)}/join`, body),
  leave: (id, token) => call("POST", `/api/rooms/${encodeURIComponent(id)}/leave`, {}, token),
  quick: (body) => call("POST", "/api/quick", body),
  // moving a seat to another device: a one-time code on the first, redeemed on the second
  transfer: (id, token) => call("POST", `/api/rooms/${encodeURIComponent(id)}/transfer`, {}, token),
  redeem: (id, code) => call("POST", `/api/rooms/${encodeURIComponent(id)}/transfer/redeem`, { code }),
};

// -- seats kept in the browser: {roomId: {seat, token}} ------------------------------------

const KEY = "gostop.seats";

function allSeats() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (err) { return {}; }
}

export function savedSeat(roomId) { return allSeats()[roomId] || null; }

export function saveSeat(roomId, seat, token) {
  const seats = allSeats();
  seats[roomId] = { seat, token, at: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function forgetSeat(roomId) {
  const seats = allSeats();
  delete seats[roomId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** Rooms whose seat this browser gave up during the match (POST .../leave): opening the
 * room's link again says so, rather than "every seat is taken" (QA 15). */
const LEFT_KEY = "gostop.left";
function allLeft() {
  try { return JSON.parse(localStorage.getItem(LEFT_KEY) || "{}") || {}; } catch (e) { return {}; }
}
export function leftRoom(roomId) { return Boolean(allLeft()[roomId]); }
export function markLeft(roomId) {
  const left = allLeft();
  left[roomId] = Date.now();
  // the newest 50 are enough: an old room's link says "over" or "unknown" by itself
  const kept = Object.entries(left).sort((a, b) => b[1] - a[1]).slice(0, 50);
  localStorage.setItem(LEFT_KEY, JSON.stringify(Object.fromEntries(kept)));
}

export function playerName() { return localStorage.getItem("gostop.name") || ""; }
export function setPlayerName(name) { localStorage.setItem("gostop.name", name); }
