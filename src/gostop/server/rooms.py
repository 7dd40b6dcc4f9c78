"""The lobby's work on rooms: create, look up, join, leave, quick play, records.

Called through the :class:`~gostop.server.hub.Hub` (which the HTTP layer,
:mod:`~gostop.server.lobby`, asks); refusals are domain errors (:mod:`gostop.server.errors`).
"""

from __future__ import annotations

import math
import secrets
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from gostop.match.record import dumps_match
from gostop.server.errors import (
    BadRequest,
    BadToken,
    RecordNotPublic,
    Refusal,
    RoomClosed,
    RoomFull,
    RoomNotFound,
    SeatTaken,
    TooManyRooms,
)
from gostop.server.live import LiveRoom
from gostop.server.protocol import CLOSE_CODES, error_message
from gostop.server.room import NoMatchLength, Room, RoomConfig, RoomError, SeatConfig
from gostop.server.store import RoomRow, token_hash

if TYPE_CHECKING:
    from gostop.server.hub import Hub

__all__ = ["room_info", "info", "list_rooms", "create_room", "join", "leave", "quick", "record"]


def _utc(t: datetime | None) -> str | None:
    """A stored time as ISO 8601 UTC to the second (``2026-11-23T19:40:00Z``); SQLite gives
    naive UTC times, PostgreSQL times in the session's time zone."""
    if t is None:
        return None
    return (t if t.tzinfo is None else t.astimezone(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")


def room_info(row_or_room: RoomRow | Room, live: LiveRoom | None = None) -> dict[str, Any]:
    room: Room | None
    if isinstance(row_or_room, Room):
        room = row_or_room
        room_id, config, state, version = room.id, room.config, room.state, room.version
        created = live.created if live is not None else None
        ended = live.ended if live is not None else None
    else:
        room_id, config = row_or_room.id, RoomConfig.from_json(row_or_room.config)
        state, version, created = row_or_room.state, row_or_room.version, row_or_room.created_at
        ended = row_or_room.ended_at
        room = live.room if live is not None else None
    presence = live.seats_presence() if live is not None else {}
    names = [p.name for p in config.players()]
    seats = []
    for i, s in enumerate(config.seats):
        connected, away = presence.get(i, (s.kind == "bot", s.status == "left"))
        seats.append(
            {
                "seat": i,
                "kind": s.kind,
                "name": names[i] if (s.kind == "bot" or s.status != "open") else None,
                "taken": s.kind == "bot" or s.status != "open",
                "connected": connected,
                "away": away,
                "level": s.level if s.kind == "bot" else None,
            }
        )
    hands_played = room.match.hands_played if room is not None and room.match is not None else 0
    return {
        "id": room_id,
        "name": config.name,
        "preset": config.preset,
        "rules": config.rules,
        "players": len(config.seats),
        "seats": seats,
        "hands": config.hands,
        "target_chips": config.target_chips,
        "public": config.public,
        "quick": config.queue is not None,
        "spectators": config.spectators,
        "cut": config.cut,
        "turn_seconds": config.turn_seconds,
        "state": state,
        "version": version,
        "hands_played": hands_played,
        "created_at": _utc(created),
        # when the match ended: only a finished room has it (null: not over, or it ended
        # before the server kept it)
        "ended_at": _utc(ended) if state == "over" else None,
    }


async def info(hub: Hub, room_id: str) -> dict[str, Any]:
    row = await hub.db(hub.store.get_room, room_id)
    if row is None:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32])
    return room_info(row, hub.rooms.get(room_id))


async def list_rooms(hub: Hub, state: str | None, limit: int, offset: int = 0) -> list[dict[str, Any]]:
    """Public rooms in the store's order (newest first), the first ``offset`` skipped."""
    rows = await hub.db(hub.store.list_rooms, state, limit, True, offset)
    return [room_info(r, hub.rooms.get(r.id)) for r in rows]


def config_refusal(exc: RoomError) -> BadRequest:
    """A room's choices refused by :meth:`RoomConfig.check` (rule changes that clash with each
    other, the preset or the table; no match length): ``rules_refused`` names the rules at fault
    (``knobs``, as found where the clash is detected: :attr:`RoomError.knobs`) so that a page
    says them in its language, the sentence after; rule changes that clash with each other
    also say why, as facts (:func:`clash_facts`)."""
    if isinstance(exc, NoMatchLength):
        return BadRequest(str(exc), "no_match_length")
    return BadRequest(str(exc), "rules_refused", knobs=list(exc.knobs), **clash_facts(exc))


def clash_facts(exc: RoomError) -> dict[str, Any]:
    """The facts of the clash of rule changes behind a refusal, for a page to say why in its
    language: ``clash``, its kind, and the values it names (``score_cap``, ``target``,
    ``match_target_chips``, ``push_limit``; ``on``, the shot rules that are on: the reason of
    :class:`~gostop.rules.RulesError`, kind ``"clash"``, kept as :attr:`RoomError.reason`,
    without its knobs, sent apart); empty for any other refusal."""
    if exc.reason is None or exc.reason[0] != "clash":
        return {}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in exc.reason[1].items() if k != "knobs"}


async def create_room(hub: Hub, config: RoomConfig, creator: str, join_name: str | None) -> tuple[dict[str, Any], int | None, str | None]:
    try:
        config.check()
    except RoomError as exc:
        raise config_refusal(exc) from None
    if not any(s.kind == "human" for s in config.seats) and join_name is not None:
        raise BadRequest("no human seat to join: every seat is a bot", "no_human_seat")
    stale_before = datetime.now(UTC) - timedelta(seconds=hub.settings.waiting_seconds)
    if await hub.db(hub.store.active_rooms_of, creator, stale_before) >= hub.settings.max_rooms_per_client:
        raise TooManyRooms(
            f"too many open rooms from your address (at most {hub.settings.max_rooms_per_client}); "
            "finish or leave one first (a waiting room nobody sits in expires by itself)",
            await _retry_after(hub, creator, stale_before), limit=hub.settings.max_rooms_per_client,
        )
    seat = token = None
    tokens: dict[int, str] = {}
    if join_name is not None:
        seat = config.open_seats[0]
        config.seats[seat].status = "taken"
        config.seats[seat].name = join_name
        token = secrets.token_urlsafe(32)
        tokens[seat] = token_hash(token)
    room_id = secrets.token_urlsafe(6)
    seed = secrets.randbelow(2**62)
    state = "waiting" if config.open_seats else "playing"
    await hub.db(hub.store.create_room, room_id, config.to_json(), seed, config.public, creator, state, tokens)
    live = await hub.get(room_id)
    assert live is not None
    if live.room.started:
        hub.kick(live)
    return room_info(live.room, live), seat, token


#: ``Retry-After`` of "too many rooms" when none of them expires by itself (they end with their
#: matches, or when their players leave).
ROOMS_RETRY_SECONDS = 60


async def _retry_after(hub: Hub, creator: str, stale_before: datetime) -> int:
    """Seconds until the creator's first waiting room nobody sits in expires (else
    :data:`ROOMS_RETRY_SECONDS`)."""
    oldest = await hub.db(hub.store.oldest_unseated_of, creator, stale_before)
    if oldest is None:
        return ROOMS_RETRY_SECONDS
    left = (oldest + timedelta(seconds=hub.settings.waiting_seconds) - datetime.now(UTC)).total_seconds()
    return max(1, math.ceil(left))


async def join(hub: Hub, room_id: str, name: str, seat: int | None) -> tuple[dict[str, Any], int, str]:
    token = secrets.token_urlsafe(32)
    chosen: list[int] = []

    def change(row: RoomRow) -> tuple[dict[str, Any], str, dict[int, str | None]]:
        config = RoomConfig.from_json(row.config)
        if row.state != "waiting":
            raise RoomClosed("that room has already started" if row.state == "playing" else "that match is over",
                             "room_started" if row.state == "playing" else "room_over")
        open_seats = config.open_seats
        if seat is not None:
            if not 0 <= seat < len(config.seats):
                raise BadRequest(f"seat must be 0 to {len(config.seats) - 1}", "bad_seat", max=len(config.seats) - 1)
            if seat not in open_seats:
                raise SeatTaken(f"seat {seat} is not open", seat=seat)
            s = seat
        elif open_seats:
            s = open_seats[0]
        else:
            raise RoomFull("that room has no open seat")
        config.seats[s].status = "taken"
        config.seats[s].name = name
        chosen.append(s)
        state = "waiting" if config.open_seats else "playing"
        return config.to_json(), state, {s: token_hash(token)}

    try:
        await hub.db(hub.store.update_room, room_id, change)
    except KeyError:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32]) from None
    live = await hub.refresh(room_id)
    return room_info(live.room, live), chosen[0], token


async def leave(hub: Hub, room_id: str, token: str) -> dict[str, Any]:
    seat = await hub.db(hub.store.seat_of_token, room_id, token)
    if seat is None:
        raise BadToken("that token holds no seat of this room")

    def change(row: RoomRow) -> tuple[dict[str, Any], str, dict[int, str | None]]:
        config = RoomConfig.from_json(row.config)
        s = config.seats[seat]
        if row.state == "waiting":
            s.status, s.name = "open", None
        else:
            s.status = "left"  # a bot plays the seat to the end
        return config.to_json(), row.state, {seat: None}

    await hub.db(hub.store.update_room, room_id, change)
    live = await hub.refresh(room_id)
    for conn in [c for c in live.conns if c.seat == seat]:
        conn.send(error_message("bad_token", "you left this seat"))
        await conn.close_socket(CLOSE_CODES["bad_token"], "you left this seat")
    return room_info(live.room, live)


async def quick(hub: Hub, name: str, preset: str, players: int, level: str, creator: str,
                mode: str = "bots") -> tuple[dict[str, Any], int, str]:
    """Quick play (docs/protocol.md): ``bots`` -- always a new private room of one human and
    bots; ``people`` -- a seat in the oldest waiting matchmaking room of this preset and size
    (a queue per preset and seat count), or a new one."""
    if mode == "people":
        queue = f"{preset}/{players}"
        rows = await hub.db(hub.store.list_rooms, "waiting", 200)
        for row in sorted(rows, key=lambda r: r.created_at):
            config = RoomConfig.from_json(row.config)
            if config.queue == queue and config.open_seats:
                try:
                    return await join(hub, row.id, name, None)
                except Refusal:
                    continue  # taken meanwhile: the next one
        # no name: the pages title it in their language from the facts (``quick``, the seats)
        config = RoomConfig(seats=[SeatConfig("human") for _ in range(players)], name="",
                            preset=preset, public=True, queue=queue)
    else:
        spec = hub.settings.levels.get(level)
        if spec is None:
            raise BadRequest(f"unknown level {level!r}; levels: {', '.join(hub.settings.levels)}", "unknown_level", level=level[:60])
        seats = [SeatConfig("human")] + [SeatConfig("bot", spec) for _ in range(players - 1)]
        config = RoomConfig(seats=seats, name="", preset=preset, public=False)
    info, seat, token = await create_room(hub, config, creator, name)
    assert seat is not None and token is not None
    return info, seat, token


async def record(hub: Hub, room_id: str, token: str | None) -> dict[str, Any] | str:
    """A finished match's record (the stored JSON text, straight from the database: the room
    is not loaded), or a seated player's own view of a match in play."""
    found = await hub.db(hub.store.get_record, room_id)
    if found is None:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32])
    state, text = found
    if state == "over" and text is not None:
        return text
    held = hub.rooms.get(room_id)
    if held is not None and held.room.over:  # finished here, its record not written yet
        await hub.committer.write_record(held)
        return dumps_match(held.room.record())
    if token is None:
        raise RecordNotPublic("the record is public once the match is over; a seated player may ask with the seat token")
    seat = await hub.db(hub.store.seat_of_token, room_id, token)
    if seat is None:
        raise BadToken("that token holds no seat of this room")
    live = await hub.get(room_id)
    if live is None:
        raise RoomNotFound(f"there is no room {room_id!r}", room=room_id[:32])
    room = live.room
    if room.over:
        await hub.committer.write_record(live)
        return dumps_match(room.record())
    hands = []
    if room.match is not None:
        for d in room.match.deals:
            if d.hand_record is not None and d.hand_record.result is not None:
                hands.append(d.to_json())
    return {
        "format": "gostop-seat-view",
        "room": room_id,
        "seat": seat,
        "hands": hands,
        "view": room.view(seat, live.seats_presence()),
    }
