"""The lobby: HTTP JSON endpoints under ``/api`` (docs/protocol.md, OpenAPI at ``/openapi.json``).

Create a room, list public rooms, look at one, join a seat (the seat token is returned once),
leave, move a seat to another device (a one-time code), quick match, download the record. Each
handler checks its input with pydantic and asks the :class:`~gostop.server.hub.Hub`, which
refuses with domain errors (:mod:`gostop.server.errors`); the app turns them into
``{"detail": "..."}`` with the status of :data:`gostop.server.app.STATUS`.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from gostop import __version__
from gostop.agents import LEVEL_EDGES, LEVEL_EDGES_FEW_DEALS
from gostop.cards import MAX_JOKER_COPIES, JokerType
from gostop.limits import MAX_ROOM_HANDS
from gostop.rules import KNOBS, PRESET_NAMES, PRESETS, Knob, RulesError
from gostop.server import seats as seat_moves
from gostop.server.errors import BadRequest, BadToken, RuleRefused
from gostop.server.hub import Hub
from gostop.server.protocol import PROTOCOL_VERSION
from gostop.server.room import RoomConfig, SeatConfig, bot_spec
from gostop.words import knob_meaning, preset_description

__all__ = ["router"]

router = APIRouter(prefix="/api")

#: How many public rooms ``GET /api/rooms`` skips at most (its ``offset``: the lobby's pages).
MAX_ROOMS_OFFSET = 10_000



class ErrorOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    detail: str = Field(description="One sentence for people (English)")
    code: str = Field(description="What was refused, for a page to say it in its language (docs/protocol.md); "
                      "the facts the sentence names are sent beside it (knob, limit, seat...)")


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "Bad input (the detail says what)"},
    401: {"model": ErrorOut, "description": "No or bad seat token"},
    403: {"model": ErrorOut, "description": "Not allowed"},
    404: {"model": ErrorOut, "description": "Unknown room"},
    409: {"model": ErrorOut, "description": "Conflict: the seat or room is not open"},
    413: {"model": ErrorOut, "description": "Request body too big"},
    422: {"model": ErrorOut, "description": "A body or parameter of the wrong shape"},
    429: {"model": ErrorOut, "description": "Too many rooms or requests from this address (see Retry-After)"},
}


def _clean_name(value: str) -> str:
    value = " ".join(value.split())
    if not value or any(not ch.isprintable() for ch in value):
        raise ValueError("a name needs at least one visible character and no control characters")
    return value


def _clean_room_name(value: str) -> str:
    # no control or format characters (NUL, newline, RTL override...), as player names
    if any(not ch.isprintable() for ch in value):
        raise ValueError("a room name cannot hold control characters (newline, NUL, direction overrides...)")
    return " ".join(value.split())


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot"]
    level: str | None = Field(None, max_length=60, description="a named level of GET /api/presets")


class JoinAs(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=32)

    _name = field_validator("name")(_clean_name)


class CreateRoomIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field("", max_length=60)
    preset: str = Field("pagat", max_length=40)
    rules: dict[str, Any] = Field(default_factory=dict, max_length=80)
    seats: list[SeatIn] = Field(min_length=2, max_length=7)
    hands: int | None = Field(3, ge=1, le=MAX_ROOM_HANDS)
    target_chips: int | None = Field(None, ge=1, le=1_000_000)
    public: bool = True
    spectators: bool = True
    cut: bool = False
    turn_seconds: int | None = Field(None, ge=10, le=600)
    join: JoinAs | None = None

    _room_name = field_validator("name")(_clean_room_name)


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=32)
    seat: int | None = Field(None, ge=0, le=6)

    _name = field_validator("name")(_clean_name)


class QuickIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field("You", min_length=1, max_length=32)
    preset: str = Field("pagat", max_length=40)
    players: int = Field(2, ge=2, le=7)
    level: str = Field("normal", max_length=60, description="a named level of GET /api/presets")
    mode: Literal["bots", "people"] = Field(
        "bots", description="bots: a new private room against bots; people: matchmaking (a queue per preset and size)"
    )

    _name = field_validator("name")(_clean_name)


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str | None
    taken: bool
    connected: bool
    away: bool
    level: str | None


class RoomOut(BaseModel):
    id: str
    name: str
    preset: str
    rules: dict[str, Any]
    players: int
    seats: list[SeatOut]
    hands: int | None
    target_chips: int | None
    public: bool
    quick: bool = Field(False, description="a matchmaking room of quick play with people (its pages title it: "
                        "it has no name)")
    spectators: bool
    cut: bool
    turn_seconds: int | None
    state: str
    version: int
    hands_played: int
    created_at: str | None
    ended_at: str | None = Field(None, description="when the match ended (ISO 8601, UTC) once the room is over; "
                                 "null before, and for a match that ended before the server kept it")


class SeatTokenOut(BaseModel):
    room: RoomOut
    seat: int | None
    token: str | None


class TransferOut(BaseModel):
    code: str = Field(description="the one-time code to type on the other device")
    seat: int
    expires_in: int = Field(description="seconds the code stays valid")


class RedeemIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    code: str = Field(min_length=1, max_length=20, description="the code shown on the device that holds the seat")


class RoomsOut(BaseModel):
    rooms: list[RoomOut]


class RoomWrap(BaseModel):
    room: RoomOut


class HealthOut(BaseModel):
    ok: bool
    protocol: int
    version: str
    process: dict[str, int] = Field(
        default_factory=dict,
        description="This process's counters: rooms in memory, rooms being loaded, bot decisions computed, "
        "actions committed, commit conflicts",
    )


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _addr(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadToken("send the seat token as 'Authorization: Bearer <token>'")
    return token.strip()


def _need_bearer(authorization: str | None) -> str:
    token = _bearer(authorization)
    if token is None:
        raise BadToken("send the seat token as 'Authorization: Bearer <token>'")
    return token


RoomId = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/health", response_model=HealthOut, responses=_ERRORS)
async def health(request: Request) -> dict[str, Any]:
    """Is the server up, and which protocol does it speak (and this process's counters)."""
    hub = _hub(request)
    process = {"rooms": len(hub.rooms), "loading": len(hub._loading), **hub.stats}
    return {"ok": True, "protocol": PROTOCOL_VERSION, "version": __version__, "process": process}


@router.get("/presets", responses=_ERRORS)
async def presets(
    request: Request,
    lang: Annotated[Literal["en", "ko"], Query(description="the language of the meanings and descriptions")] = "en",
) -> dict[str, Any]:
    """Rule presets, bot levels and the knobs a room may change (with their meaning), the texts
    in ``lang``."""
    out_presets = []
    for name in PRESET_NAMES:
        r = PRESETS[name]
        out_presets.append(
            {
                "name": name,
                "description": preset_description(name, lang),
                "max_players": r.max_players,
                "multi_player_mode": r.multi_player_mode,
                "match_hands": r.match_hands,
                "match_target_chips": r.match_target_chips,
            }
        )
    knobs = []
    for k in KNOBS.values():
        # a jokers knob: its choices are the joker types, its maximum the copies of one type a
        # deck may hold (a deck of two JK2 is ["JK2", "JK2-2"])
        jokers = k.kind == "jokers"
        knobs.append(
            {
                "name": k.name,
                "kind": k.kind,
                "meaning": knob_meaning(k.name, lang),
                "choices": [f"JK{t.value}" for t in JokerType] if jokers else list(k.choices),
                "minimum": 0 if jokers else k.minimum,
                "maximum": MAX_JOKER_COPIES if jokers else k.maximum,
                "nullable": k.nullable,
                "defaults": {p: _plain(getattr(PRESETS[p], k.name)) for p in PRESET_NAMES},
            }
        )
    levels = _hub(request).settings.levels
    # the measured gap of each level over the one below (gostop.agents.LEVEL_EDGES, the ladder of
    # docs/benchmarks.md): the lobby says "normal beats easy by ..." from these facts
    edges = [
        {**dataclasses.asdict(e), "few_deals": few}
        for few, group in ((False, LEVEL_EDGES), (True, LEVEL_EDGES_FEW_DEALS))
        for e in group
        if e.level in levels and e.below in levels
    ]
    # the bot each level plays, as a room's bot seat carries it: a page names a seat by its level,
    # also a level this server adds (--level NAME=SPEC)
    specs = {name: bot_spec(spec) for name, spec in levels.items()}
    # the bounds of POST /api/rooms that a page checks (and names) before it sends: one number
    # each, this server's own (gostop.limits), never a copy in the page
    limits = {"hands": MAX_ROOM_HANDS}
    return {"presets": out_presets, "levels": list(levels), "level_specs": specs, "level_edges": edges, "knobs": knobs,
            "limits": limits}


def _check_rule_changes(rules: dict[str, Any]) -> None:
    """Each rule change of a new room on its own (raises :class:`RuleRefused` naming the rule
    by what it means, never by its identifier; the page says it in its language from the
    ``knob`` sent beside). Changes that clash with each other or with the table are
    refused later, when the room's rules are built."""
    for name, value in rules.items():
        knob = KNOBS.get(name)
        if knob is None:
            raise RuleRefused(f"There is no rule change named {name[:60]!r}.", knob=name[:60], code="unknown_rule")
        try:
            knob.check(value)
        except (RulesError, ValueError, TypeError):
            raise RuleRefused(f"This rule change is not allowed: {_knob_title(knob)} takes {_allowed(knob)}.", knob=name) from None


def _knob_title(knob: Knob) -> str:
    """A rule by what it means (its English meaning without the full stop), in quotes."""
    return "\u201c" + knob_meaning(knob.name, "en").rstrip(". ") + "\u201d"


def _allowed(knob: Knob) -> str:
    """The values a rule takes, in words (the jokers by what they are, not by their codes)."""
    if knob.kind == "jokers":
        return "a list of different jokers"
    return knob.allowed


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


@router.post("/rooms", response_model=SeatTokenOut, status_code=201, responses=_ERRORS)
async def create_room(body: CreateRoomIn, request: Request) -> dict[str, Any]:
    """Create a room (and take its first open human seat with ``join``)."""
    levels = _hub(request).settings.levels
    _check_rule_changes(body.rules)
    for i, s in enumerate(body.seats):
        if s.kind == "bot" and s.level is not None and s.level not in levels:
            raise BadRequest(f"seat {i}: unknown level {s.level[:60]!r}; levels: {', '.join(levels)}", "unknown_level",
                             level=s.level[:60])
    config = RoomConfig(
        seats=[SeatConfig(s.kind, levels[s.level or "normal"] if s.kind == "bot" else None) for s in body.seats],
        name=body.name.strip(),
        preset=body.preset,
        rules=dict(body.rules),
        hands=body.hands,
        target_chips=body.target_chips,
        public=body.public,
        spectators=body.spectators,
        cut=body.cut,
        turn_seconds=body.turn_seconds,
    )
    if body.join is not None and not config.open_seats:
        raise BadRequest("no human seat to join: every seat is a bot", "no_human_seat")
    room, seat, token = await _hub(request).create_room(config, _addr(request), body.join.name if body.join else None)
    return {"room": room, "seat": seat, "token": token}


@router.get("/rooms", response_model=RoomsOut, responses=_ERRORS)
async def list_rooms(
    request: Request,
    state: Literal["waiting", "playing", "over"] | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=MAX_ROOMS_OFFSET)] = 0,
) -> dict[str, Any]:
    """Public rooms, newest first (finished rooms, ``state=over``: by when they ended); ``offset``
    skips that many of them (the lobby's next page)."""
    return {"rooms": await _hub(request).list_rooms(state, limit, offset)}


@router.get("/rooms/{room_id}", response_model=RoomOut, responses=_ERRORS)
async def get_room(room_id: RoomId, request: Request) -> dict[str, Any]:
    """One room (public or private: knowing the id is the invitation)."""
    return await _hub(request).info(room_id)


@router.post("/rooms/{room_id}/join", response_model=SeatTokenOut, responses=_ERRORS)
async def join_room(room_id: RoomId, body: JoinIn, request: Request) -> dict[str, Any]:
    """Take an open seat; the answer holds the seat token (shown only here)."""
    room, seat, token = await _hub(request).join(room_id, body.name, body.seat)
    return {"room": room, "seat": seat, "token": token}


@router.post("/rooms/{room_id}/leave", response_model=RoomWrap, responses=_ERRORS)
async def leave_room(
    room_id: RoomId, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Give a seat up (before the start it opens again; later a bot plays it to the end)."""
    return {"room": await _hub(request).leave(room_id, _need_bearer(authorization))}


@router.post("/rooms/{room_id}/transfer", response_model=TransferOut, status_code=201, responses=_ERRORS)
async def transfer_seat(
    room_id: RoomId, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """A one-time code (6 characters, a few minutes) that moves this seat to another device."""
    return await seat_moves.new_transfer_code(_hub(request), room_id, _need_bearer(authorization))


@router.post("/rooms/{room_id}/transfer/redeem", response_model=SeatTokenOut, responses=_ERRORS)
async def redeem_transfer(room_id: RoomId, body: RedeemIn, request: Request) -> dict[str, Any]:
    """Take a seat on this device with the code shown on the device that holds it: the answer
    holds a new seat token; the old one stops working and its sockets are closed."""
    room, seat, token = await seat_moves.redeem_transfer(_hub(request), room_id, body.code)
    return {"room": room, "seat": seat, "token": token}


@router.post("/quick", response_model=SeatTokenOut, responses=_ERRORS)
async def quick(body: QuickIn, request: Request) -> dict[str, Any]:
    """Quick play: ``mode`` ``bots`` (default) -- a new private room against bots, never someone
    else's room; ``people`` -- matchmaking, a queue per preset and table size."""
    if body.preset not in PRESET_NAMES:
        raise BadRequest(f"unknown preset {body.preset!r}; presets: {', '.join(PRESET_NAMES)}", "unknown_preset",
                         preset=body.preset)
    room, seat, token = await _hub(request).quick(body.name, body.preset, body.players, body.level, _addr(request),
                                                  body.mode)
    return {"room": room, "seat": seat, "token": token}


@router.get("/rooms/{room_id}/hands/{deal}", responses=_ERRORS)
async def hand_review(
    room_id: RoomId, deal: Annotated[int, Path(ge=0, le=10_000)], request: Request,
    authorization: Annotated[str | None, Header()] = None,
    lang: Annotated[Literal["en", "ko"], Query(description="the language of each event's feed line")] = "en",
) -> dict[str, Any]:
    """A finished hand move by move, every card face up (for "review this hand"), each event with
    its feed line in ``lang``: to a seated player (``Authorization: Bearer <token>``) during the
    match, to anyone after it; ``409`` while that hand is being played."""
    return await _hub(request).hand_review(room_id, deal, _bearer(authorization), lang)


@router.get("/rooms/{room_id}/record", responses=_ERRORS)
async def room_record(
    room_id: RoomId, request: Request, authorization: Annotated[str | None, Header()] = None
) -> Any:
    """The match record once the match is over; before that a seated player's own view."""
    found = await _hub(request).record(room_id, _bearer(authorization))
    if isinstance(found, str):  # the stored record, sent as it is (the room is not loaded)
        return Response(found, media_type="application/json")
    return found
