"""The table protocol's messages (docs/protocol.md): version, client message checks, errors.

Client messages are checked by hand (they are few and small) so that every mistake gets its
own one-sentence answer: :func:`parse_client` returns a :class:`ClientMessage` or raises
:class:`ProtocolError` with a code of :data:`ERROR_CODES`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gostop.errors import GostopError
from gostop.words import LANGS

__all__ = [
    "PROTOCOL_VERSION",
    "MAX_MESSAGE_BYTES",
    "MAX_FRAME_BYTES",
    "CLOSE_FLOOD",
    "CLOSE_SLOW",
    "CLOSE_TOO_MANY",
    "CLOSE_TOO_BIG",
    "CLOSE_INTERNAL",
    "CLOSE_MOVED",
    "CLOSE_RESTART",
    "CLOSE_QUIET",
    "ERROR_CODES",
    "ERROR_FACTS",
    "PHRASES",
    "PHRASE_GAP",
    "PHRASE_WINDOW",
    "PHRASE_MAX",
    "PhraseLimit",
    "CLOSE_CODES",
    "LANGS",
    "ClientMessage",
    "ProtocolError",
    "parse_client",
    "error_message",
]

PROTOCOL_VERSION = 1
#: Largest client message accepted (bytes of the text frame).
MAX_MESSAGE_BYTES = 4096

ERROR_CODES = (
    "bad_json",
    "too_big",
    "rate_limited",
    "bad_message",
    "unknown_type",
    "protocol",
    "hello_first",
    "bad_token",
    "room_unknown",
    "spectators_off",
    "spectator",
    "duplicate",
    "stale_version",
    "not_your_turn",
    "illegal_action",
    "room_not_started",
    "room_over",
    "conflict",
    "rematch_refused",
    "too_fast",
    "alone",
    "internal",
)

#: The facts an ``error`` of each code carries beside ``code`` (docs/protocol.md, ``error``), for a
#: page to say the refusal in its own language (web/js/i18n.js); ``message`` stays one English
#: sentence, and a code alone still gives a page its sentence. Codes not listed carry none.
ERROR_FACTS: dict[str, tuple[str, ...]] = {
    "too_big": ("limit",),  # bytes a message may hold
    "bad_message": ("field",),  # the field missing or of the wrong type (absent: the frame itself)
    "protocol": ("protocol",),  # the protocol this server speaks
    "hello_first": ("seconds",),  # only when the hello did not come in time: the seconds allowed
    "room_unknown": ("room",),
    "duplicate": ("last_seq",),  # the last seq taken from this socket
    "not_your_turn": ("seat",),  # the seat whose decision it is (counted from 0)
    "illegal_action": ("action",),  # the refused action text, cut to 40 characters
    "rematch_refused": ("reason",),  # spectator, not_over, not_seated, gone or taken
    "too_fast": ("retry_after",),  # seconds until this seat may say a phrase again
}

#: The quick phrases (상용구) a seated person may say to the table (``say``; every socket of the
#: room is sent ``said``). Only these ids travel: each page words a phrase in its own language.
PHRASES = ("hello", "nice", "thanks", "sorry", "hurry", "wow", "good_game", "one_more")
#: A seat says at most one phrase every PHRASE_GAP seconds and PHRASE_MAX in PHRASE_WINDOW
#: seconds (on each server process); more is refused with ``too_fast``.
PHRASE_GAP = 2.0
PHRASE_WINDOW = 30.0
PHRASE_MAX = 5

#: Errors after which the server closes the socket, and the close code it uses.
CLOSE_CODES = {"bad_token": 4401, "room_unknown": 4404, "spectators_off": 4403, "hello_first": 4408, "protocol": 4400}
#: Other close codes: a client that sends too fast for too long, a client that does not read
#: what is sent to it, too many sockets from one address (before the upgrade: HTTP 403), a frame
#: over 64 KiB (by the WebSocket layer), our bug.
CLOSE_FLOOD = 4429
CLOSE_SLOW = 4409
CLOSE_TOO_MANY = 4429
CLOSE_TOO_BIG = 1009
CLOSE_INTERNAL = 1011
#: The seat was moved to another device (a transfer code redeemed): this socket's token is void.
CLOSE_MOVED = 4410
#: The server is going down (a restart, a deploy): reconnect in a moment.
CLOSE_RESTART = 1012
#: Nothing came from a socket that answers probes for ``quiet_seconds`` (a network gone without
#: a close frame): a timeout, as a hello that does not come (4408).
CLOSE_QUIET = 4408
#: Largest frame the WebSocket layer accepts at all (larger: closed with 1009).
MAX_FRAME_BYTES = 65536

_TYPES = ("hello", "action", "sync", "ping", "rematch", "lang", "say")
# The languages a connection may ask its texts in (``hello``'s and ``lang``'s ``lang``): LANGS.


class ProtocolError(GostopError):
    """A client message the server refuses: ``code`` (see :data:`ERROR_CODES`), a sentence and
    the facts it names (:data:`ERROR_FACTS`)."""

    def __init__(self, code: str, message: str, seq: int | None = None, **facts: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq
        self.facts = facts


@dataclass(frozen=True)
class ClientMessage:
    """A checked client message."""

    type: str
    seq: int | None = None
    version: int | None = None
    action: str | None = None
    token: str | None = None
    spectate: bool = False
    protocol: int | None = None
    accept: bool | None = None
    lang: str = "en"
    #: (hello) the client answers the server's ``probe`` messages
    probes: bool = False
    #: (say) the id of the phrase, one of :data:`PHRASES`
    phrase: str | None = None


class PhraseLimit:
    """The quick phrases of one seat: at most one every ``gap`` seconds and ``most`` in any
    ``window`` seconds. :meth:`wait` is 0 when a phrase may be said at ``now`` (then noted),
    else the seconds until one may."""

    def __init__(self, gap: float = PHRASE_GAP, window: float = PHRASE_WINDOW, most: int = PHRASE_MAX) -> None:
        self.gap = gap
        self.window = window
        self.most = most
        self.said: list[float] = []

    def wait(self, now: float) -> float:
        self.said = [t for t in self.said if now - t < self.window]
        until = 0.0
        if self.said:
            until = max(until, self.said[-1] + self.gap - now)
        if len(self.said) >= self.most:
            until = max(until, self.said[-self.most] + self.window - now)
        if until > 0:
            return until
        self.said.append(now)
        return 0.0


def _int(data: dict[str, Any], key: str, seq: int | None) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ProtocolError("bad_message", f"'{key}' must be a whole number, got {json.dumps(v)[:40]}", seq, field=key)
    if not 0 <= v < 2**53:
        raise ProtocolError("bad_message", f"'{key}' is out of range", seq, field=key)
    return v


def _lang(data: dict[str, Any], seq: int | None, needed: bool = False) -> str:
    v = data.get("lang")
    if v is None and not needed:
        return "en"
    if v not in LANGS:
        raise ProtocolError("bad_message", f"'lang' must be one of {', '.join(LANGS)}, got {json.dumps(v)[:20]}", seq,
                            field="lang")
    return str(v)


def parse_client(text: str | bytes) -> ClientMessage:
    """Check one client frame. Raises :class:`ProtocolError`."""
    if isinstance(text, bytes):
        raise ProtocolError("bad_message", "send JSON as text frames, not binary frames")
    if len(text.encode("utf-8", errors="replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message may be at most {MAX_MESSAGE_BYTES} bytes", limit=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "that message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object with a 'type'")
    raw_seq = data.get("seq")
    seq = raw_seq if isinstance(raw_seq, int) and not isinstance(raw_seq, bool) and 0 <= raw_seq < 2**53 else None
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a 'type' (hello, action, sync, ping, rematch, lang or say)", seq,
                            field="type")
    if kind not in _TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:30]!r}; known: {', '.join(_TYPES)}", seq)
    if kind == "hello":
        proto = data.get("protocol", PROTOCOL_VERSION)
        if proto != PROTOCOL_VERSION or isinstance(proto, bool):
            raise ProtocolError("protocol", f"this server speaks protocol {PROTOCOL_VERSION}, not {json.dumps(proto)[:20]}",
                                protocol=PROTOCOL_VERSION)
        token = data.get("token")
        spectate = data.get("spectate", False)
        if token is not None and (not isinstance(token, str) or not 1 <= len(token) <= 200):
            raise ProtocolError("bad_message", "'token' must be the seat token string", field="token")
        if not isinstance(spectate, bool):
            raise ProtocolError("bad_message", "'spectate' must be true or false", field="spectate")
        if token is None and not spectate:
            raise ProtocolError("bad_message", "hello needs a seat 'token', or 'spectate': true", field="token")
        if token is not None and spectate:
            raise ProtocolError("bad_message", "hello takes a seat 'token' or 'spectate': true, not both", field="spectate")
        probes = data.get("probes", False)
        if not isinstance(probes, bool):
            raise ProtocolError("bad_message", "'probes' must be true or false", field="probes")
        lang = _lang(data, None)
        return ClientMessage(
            "hello", token=token, spectate=spectate and token is None, protocol=PROTOCOL_VERSION, lang=lang,
            probes=probes,
        )
    seq = _int(data, "seq", seq)
    if kind == "lang":
        return ClientMessage("lang", seq=seq, lang=_lang(data, seq, needed=True))
    if kind == "action":
        version = _int(data, "version", seq)
        action = data.get("action")
        if not isinstance(action, str) or not 1 <= len(action) <= 120:
            raise ProtocolError("bad_message", "'action' must be the text of one legal action (view.legal[].action)", seq,
                                field="action")
        return ClientMessage("action", seq=seq, version=version, action=action)
    if kind == "rematch":
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("bad_message", "'accept' must be true (offer or accept a rematch) or false (decline)", seq,
                                field="accept")
        return ClientMessage("rematch", seq=seq, accept=accept)
    if kind == "say":
        phrase = data.get("phrase")
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise ProtocolError("bad_message", f"'phrase' must be one of {', '.join(PHRASES)}, got {json.dumps(phrase)[:30]}",
                                seq, field="phrase")
        return ClientMessage("say", seq=seq, phrase=phrase)
    return ClientMessage(kind, seq=seq)


def error_message(code: str, message: str, seq: int | None = None, version: int | None = None, **facts: Any) -> dict[str, Any]:
    """The ``error`` message: ``code``, the English ``message`` and the facts it names beside
    them (:data:`ERROR_FACTS`; a fact of None is left out)."""
    assert set(facts) <= set(ERROR_FACTS.get(code, ())), (code, facts)
    out: dict[str, Any] = {"type": "error", "seq": seq, "code": code, "message": message}
    if version is not None:
        out["version"] = version
    out.update({k: v for k, v in facts.items() if v is not None})
    return out
