// The table's WebSocket (docs/protocol.md "Table"): hello, actions with seq and version,
// updates applied in version order (a gap asks for sync), reconnects with backoff. The hello
// says the page's language: every text the server sends is in it (`setLang` switches it live),
// and that this page answers the server's probes (a socket gone quiet is dropped by the server).
import { getLang } from "./i18n.js";

export const PROTOCOL = 1;

/** A socket that has heard nothing for QUIET_MS is pinged; with no answer within DEAD_MS of
 * the ping it is taken for dead and replaced (a network that went away without closing the
 * connection: a laptop asleep, a phone between networks). Checked every CHECK_MS. */
const QUIET_MS = 15000;
const DEAD_MS = 8000;
const CHECK_MS = 2000;

export class TableSocket {
  /**
   * @param {string} roomId
   * @param {{token?: string, spectate?: boolean}} who
   * @param {object} handlers onWelcome(msg), onUpdate(msg), onState(msg), onPresence(msg),
   *   onRematch(msg), onRematchSeat(msg), onMoved(msg), onSaid(msg), onError(msg),
   *   onConnection(state: "open"|"lost"|"closed", code?)
   */
  constructor(roomId, who, handlers) {
    this.roomId = roomId;
    this.who = who;
    this.h = handlers;
    this.seq = 0;
    this.version = -1;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.wasOpen = false;
    this.heard = Date.now();
    this.pingedAt = 0;
    this.heartbeat = setInterval(() => this.checkAlive(), CHECK_MS);
    // QA 15: the browser knows when its network goes and comes back: the page says
    // "reconnecting" at once (not after the ping's 23 s) and is back the moment it returns
    this.onOffline = () => { if (this.ws && this.ws.readyState === WebSocket.OPEN) this.lose(this.ws); };
    this.onOnline = () => {
      if (this.closed || this.ws || !this.retry) return;
      clearTimeout(this.retry);
      this.retry = null;
      this.connect();
    };
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("online", this.onOnline);
    this.connect();
  }

  /** The connection may look open while the network is gone: nothing arrives and nothing
   * leaves, and no close event comes for a long while. A quiet socket is pinged; one that does
   * not answer is dropped and a new one opened, and the page says it is reconnecting. */
  checkAlive() {
    const ws = this.ws;
    if (this.closed || !ws || ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (this.pingedAt && now - this.pingedAt > DEAD_MS) { this.lose(ws); return; }
    if (!this.pingedAt && now - this.heard > QUIET_MS) {
      this.pingedAt = now;
      this.send({ type: "ping" });
    }
  }

  /** `ws` is lost: told once, then a new socket after a backoff (none after `close`). */
  lose(ws) {
    if (this.ws !== ws || this.closed) return;
    this.ws = null;
    ws.onclose = null;
    ws.onmessage = null;
    try { ws.close(); } catch (err) { /* already closing */ }
    this.h.onConnection?.("lost");
    const delay = Math.min(5000, 300 * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => this.again(), delay);
  }

  /** A new socket after a loss; none while the browser says it is offline (each attempt
   * would fail, with an error in the console): its "online" connects at once (QA 15). */
  again() {
    this.retry = null;
    if (this.closed) return;
    if (navigator.onLine === false) { this.retry = setTimeout(() => this.again(), 5000); return; }
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.roomId)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.heard = Date.now();
      this.pingedAt = 0;
      // probes: this page answers the server's probes, so the server may take a socket that
      // stays silent for its dead (the others see the seat go within about 20 s)
      const hello = { type: "hello", protocol: PROTOCOL, lang: getLang(), probes: true };
      if (this.who.token) hello.token = this.who.token;
      else hello.spectate = true;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (err) { return; }
      this.receive(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (this.closed) return;
      // 4401 bad token, 4404 unknown room, 4403 spectators off, 4410 the seat moved to
      // another device: do not retry
      if ([4401, 4403, 4404, 4410].includes(ev.code)) {
        this.closed = true;
        this.h.onConnection?.("closed", ev.code);
        return;
      }
      this.lose(ws);
    };
  }

  receive(msg) {
    this.heard = Date.now(); // anything at all says the connection lives
    this.pingedAt = 0;
    switch (msg.type) {
      case "welcome":
        this.attempt = 0;
        this.version = msg.view ? msg.view.version : -1;
        this.h.onConnection?.("open", this.wasOpen);
        this.wasOpen = true;
        this.h.onWelcome?.(msg);
        break;
      case "update":
        if (this.version >= 0 && msg.version !== this.version + 1) {
          if (msg.version <= this.version) return; // already applied
          this.send({ type: "sync" });
          return;
        }
        this.version = msg.version;
        this.h.onUpdate?.(msg);
        break;
      case "state":
        this.version = msg.version;
        this.h.onState?.(msg);
        break;
      case "presence":
        this.h.onPresence?.(msg);
        break;
      case "rematch_state":
        this.h.onRematch?.(msg);
        break;
      case "rematch_seat":
        this.h.onRematchSeat?.(msg);
        break;
      case "said": // a quick phrase (its id: the page words it)
        this.h.onSaid?.(msg);
        break;
      case "probe":
        // answered from here, not from a timer: a background tab's timers are slowed down,
        // its messages are not
        this.send({ type: "ping" });
        break;
      case "moved":
        this.closed = true; // the server closes it (4410): not reconnected with this token
        this.h.onMoved?.(msg);
        break;
      case "error":
        if (["stale_version", "conflict"].includes(msg.code)) this.send({ type: "sync" });
        this.h.onError?.(msg);
        break;
      default:
        break; // ack, pong, and fields we do not know are ignored
    }
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.seq += 1;
    this.ws.send(JSON.stringify({ ...msg, seq: this.seq }));
    return true;
  }

  /** Send a move; its seq (the server's error for it carries the seq), or false: not sent. */
  act(action, version) { return this.send({ type: "action", version, action }) ? this.seq : false; }

  /** Offer or accept a rematch (`true`), or decline it (`false`), after the match. */
  rematch(accept) { return this.send({ type: "rematch", accept }); }

  /** Say quick phrase `phrase` (an id of PHRASE_IDS) to the table; false: not sent. */
  say(phrase) { return this.send({ type: "say", phrase }); }

  /** Every text in `lang` from now on: the server sends the table again (a `state`). */
  setLang(lang) { return this.send({ type: "lang", lang }); }

  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    window.removeEventListener("offline", this.onOffline);
    window.removeEventListener("online", this.onOnline);
    if (this.ws) this.ws.close();
  }
}
