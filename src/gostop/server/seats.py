"""Seat moves: a seat moved to another device with a one-time code, and the rematch.

**Transfer.** The device holding a seat asks for a code (:func:`new_transfer_code`): 6
characters of :data:`CODE_ALPHABET`, valid :data:`TRANSFER_SECONDS` seconds and once; the store
keeps its hash (salted with the room id) like a seat token's, so any server process can redeem
it. The second device redeems it (:func:`redeem_transfer`) and gets a fresh seat token; the old
token is void at once, and the old device's sockets -- in every process, by the fan-out -- get
a ``moved`` message and are closed (4410). :data:`MAX_CODE_TRIES` wrong codes for a room void
its pending codes.

**Rematch.** Once the match is over each seated human answers (:func:`answer_rematch`); the
first answer reserves the new room's id, and a seat that accepts gets its seat token in that room
at once (``rematch_seat``). When every seated human accepted, the new room is created in the
same transaction as the last answer -- same choices, seats in the same order, bots at the same
levels, each human in their seat -- and every socket is told (``rematch_state`` with ``next``).
The answers live in the store, so the players may sit on different processes.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from gostop.server.commit import broadcast_all
from gostop.server.errors import (
    BadRequest,
    BadToken,
    BadTransferCode,
    MatchOver,
    RoomNotFound,
    TooManyCodes,
)
from gostop.server.live import Connection, LiveRoom
from gostop.server.protocol import error_message
from gostop.server.room import RoomConfig
from gostop.server.store import NewRoom, RematchRow, RoomRow, token_hash

if TYPE_CHECKING:
    from gostop.server.hub import Hub

__all__ = [
    "TRANSFER_SECONDS",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_CODE_TRIES",
    "normalize_code",
    "new_transfer_code",
    "redeem_transfer",
    "answer_rematch",
    "rematch_public",
    "load_rematch",
    "on_fanout",
]

#: How long a transfer code is valid.
TRANSFER_SECONDS = 300
#: The characters of a transfer code (no I, O, 0 or 1: nothing to mistake).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Wrong codes for one room before its pending codes are void.
MAX_CODE_TRIES = 5

MOVED_TEXT = "your seat moved to another device"


def moved_message(seat: int) -> dict[str, Any]:
    """The ``moved`` message to the old device's sockets."""
    return {"type": "moved", "seat": seat, "message": MOVED_TEXT}


def _code_hash(room_id: str, code: str) -> str:
    return token_hash(f"transfer:{room_id}:{code}")


def normalize_code(text: str) -> str | None:
    """The code as typed (any case, spaces and dashes ignored), or None when it cannot be one."""
    code = "".join(ch for ch in text if ch not in " -").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


async def new_transfer_code(hub: Hub, room_id: str, token: str) -> dict[str, Any]:
    """A one-time code that moves the seat of ``token`` to another device."""
    row = await hub.db(hub.store.get_room, room_id)
    if row is None:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32])
    seat = await hub.seat_for(room_id, token)
    if seat is None:
        raise BadToken("that token holds no seat of this room")
    if row.state == "over":
        raise MatchOver("the match is over: there is no seat to move")
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    expires = datetime.now(UTC) + timedelta(seconds=TRANSFER_SECONDS)
    await hub.db(hub.store.new_transfer, room_id, seat, _code_hash(room_id, code), expires)
    return {"code": code, "seat": seat, "expires_in": TRANSFER_SECONDS}


async def redeem_transfer(hub: Hub, room_id: str, text: str) -> tuple[dict[str, Any], int, str]:
    """Take the seat of a transfer code on this device: the room, the seat and its new token."""
    code = normalize_code(text)
    if code is None:
        raise BadRequest(f"a transfer code is {CODE_LENGTH} letters and digits, as shown on the device that holds the seat",
                         "bad_code_format", length=CODE_LENGTH)
    token = secrets.token_urlsafe(32)
    new_hash = token_hash(token)
    try:
        outcome, seat = await hub.db(hub.store.redeem_transfer, room_id, _code_hash(room_id, code), new_hash, MAX_CODE_TRIES)
    except KeyError:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32]) from None
    if outcome == "locked":
        raise TooManyCodes("too many wrong codes for this room: ask for a new code on the device that holds the seat")
    if outcome != "ok" or seat is None:
        raise BadTransferCode("that code is wrong, used or expired: ask for a new one on the device that holds the seat")
    live = await hub.get(room_id)
    assert live is not None
    await hub.close_seat(live, seat, new_hash, moved_message(seat))
    await hub.fanout.publish({"kind": "moved", "room": room_id, "seat": seat, "keep": new_hash})
    return hub.room_info(live.room, live), seat, token


# -- rematch ---------------------------------------------------------------------------------


def _askable(config: RoomConfig) -> list[int]:
    """The seats whose players answer a rematch: every human seat still held."""
    return [i for i, s in enumerate(config.seats) if s.kind == "human" and s.status == "taken"]


def _public(config: RoomConfig, rm: RematchRow | None) -> dict[str, Any] | None:
    if rm is None:
        return None
    asked = _askable(config)
    return {
        "accepted": [s for s in asked if rm.votes.get(s) is True],
        "declined": [s for s in asked if rm.votes.get(s) is False],
        "waiting": [s for s in asked if s not in rm.votes],
        "next": rm.next_id if rm.done else None,
    }


def rematch_public(live: LiveRoom) -> dict[str, Any] | None:
    """The welcome's ``rematch`` (None while nobody offered one)."""
    return live.rematch


async def load_rematch(hub: Hub, live: LiveRoom) -> None:
    live.rematch = _public(live.room.config, await hub.db(hub.store.rematch_of, live.room.id))


def _plan(row: RoomRow, votes: dict[int, bool]) -> NewRoom | None:
    """The rematch room, once every seated human accepted (else None)."""
    config = RoomConfig.from_json(row.config)
    asked = _askable(config)
    if not asked or any(votes.get(s) is not True for s in asked):
        return None
    for s in config.seats:
        if s.kind == "human" and s.status != "taken":  # a seat whose player left opens again
            s.status, s.name = "open", None
    state = "waiting" if config.open_seats else "playing"
    return NewRoom(config.to_json(), secrets.randbelow(2**62), state, tuple(asked))


async def answer_rematch(hub: Hub, live: LiveRoom, conn: Connection, seq: int, accept: bool) -> None:
    """A seat's rematch answer (errors go back to ``conn``)."""
    def refuse(text: str, reason: str) -> None:
        conn.send(error_message("rematch_refused", text, seq, reason=reason))

    seat = conn.seat
    if seat is None:
        refuse("spectators watch; only a seated player answers a rematch", "spectator")
        return
    if not live.room.over:
        refuse("a rematch can be offered once the match is over", "not_over")
        return
    s = live.room.config.seats[seat]
    if s.kind != "human" or s.status != "taken":
        refuse("this seat is no longer yours to answer for", "not_seated")
        return
    token = secrets.token_urlsafe(32) if accept else None
    try:
        outcome, rm = await hub.db(hub.store.vote_rematch, live.room.id, seat, accept,
                                   token_hash(token) if token else None, secrets.token_urlsafe(6), _plan)
    except KeyError:
        refuse("this room is gone", "gone")
        return
    if outcome == "not_over":
        refuse("the match is not over yet", "not_over")
        return
    if outcome == "closed":
        refuse("the rematch room exists already; accept to get a new seat token there", "taken")
        return
    if token is not None:
        for c in [c for c in live.conns if c.seat == seat]:
            c.send({"type": "rematch_seat", "room": rm.next_id, "seat": seat, "token": token})
    live.rematch = _public(live.room.config, rm)
    if outcome == "reissued":
        return
    assert live.rematch is not None
    broadcast_all(live, {"type": "rematch_state", **live.rematch})
    await hub.fanout.publish({"kind": "rematch", "room": live.room.id})
    if outcome == "created":
        await hub.get(rm.next_id)  # loaded here: its bots start


async def on_fanout(hub: Hub, live: LiveRoom, msg: dict[str, Any]) -> None:
    """A seat move made by another process: a transfer (close the old sockets here) or a
    rematch answer (read the answers, tell the sockets here)."""
    if msg.get("kind") == "moved":
        seat = msg.get("seat")
        keep = msg.get("keep")
        if isinstance(seat, int) and isinstance(keep, str):
            await hub.close_seat(live, seat, keep, moved_message(seat))
        return
    await load_rematch(hub, live)
    if live.rematch is not None:
        broadcast_all(live, {"type": "rematch_state", **live.rematch})
