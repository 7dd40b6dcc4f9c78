"""The table protocol's messages as pydantic models (docs/protocol.md), and the JSON Schema
built from them (docs/protocol.schema.json: ``python -m gostop.server.messages`` writes it).

The server checks client messages by hand (:mod:`gostop.server.protocol`, one sentence per
mistake); these models describe the same shapes for client authors and the tests (every
example of docs/protocol.md is validated against them). The view and the room are described
in prose (docs/protocol.md): here they are open objects. Fields may be added within protocol 1.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from gostop.server.protocol import ERROR_CODES, PHRASES, PROTOCOL_VERSION

__all__ = ["ClientMessage", "ServerMessage", "Message", "MESSAGE_TYPES", "schema", "schema_text"]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="allow")


class Hello(_Msg):
    """First message of a socket: a seat token, or spectate (not both); ``lang``: the language
    of every text the server sends this socket (default English); ``probes``: the client
    answers every ``probe`` at once (with a ``ping``), and the server closes the socket when
    nothing at all has come from it for a while (a network gone without a close)."""

    type: Literal["hello"]
    protocol: Literal[1] = 1
    token: str | None = Field(None, min_length=1, max_length=200)
    spectate: bool = False
    lang: Literal["en", "ko"] = "en"
    probes: bool = False


class Lang(_Msg):
    """Say every text in ``lang`` from now on; the server answers with the whole view (``state``)
    in it."""

    type: Literal["lang"]
    seq: int = Field(ge=0)
    lang: Literal["en", "ko"]


class ActionMsg(_Msg):
    """The seat's decision for the version it was shown (``action``: a ``view.legal[].action``)."""

    type: Literal["action"]
    seq: int = Field(ge=0)
    version: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=120)


class Sync(_Msg):
    """Send me the whole view again."""

    type: Literal["sync"]
    seq: int = Field(ge=0)


class Ping(_Msg):
    type: Literal["ping"]
    seq: int = Field(ge=0)


class RematchMsg(_Msg):
    """After the match is over, a seated human offers or accepts a rematch (``accept: true``)
    or declines it (``accept: false``); an answer may be changed until the new room exists."""

    type: Literal["rematch"]
    seq: int = Field(ge=0)
    accept: bool


class Say(_Msg):
    """A seated person's quick phrase (상용구) to the table: its id, never its words (each page
    says it in its own language). At most one every 2 seconds and 5 in 30 seconds a seat;
    refused from a spectator (``spectator``), from a person with nobody else seated (``alone``:
    bots at the other seats, or the other people left the match) and when too fast
    (``too_fast``)."""

    type: Literal["say"]
    seq: int = Field(ge=0)
    phrase: Literal[PHRASES]  # type: ignore[valid-type]


class RecentAction(BaseModel):
    """One of the last actions of the room as an ``update`` told it (without the view)."""

    model_config = ConfigDict(extra="allow")
    version: int
    seat: int
    action: str
    events: list[dict[str, Any]]


class RematchState(BaseModel):
    """Who answered the rematch offer: human table seats that accepted, declined, or have not
    answered yet; ``next`` is the new room's id once every human accepted (then it exists)."""

    model_config = ConfigDict(extra="allow")
    accepted: list[int]
    declined: list[int]
    waiting: list[int]
    next: str | None


class Welcome(_Msg):
    """After a good hello: the room, the seat (null: spectator) and the view; ``recent``: the
    last actions of the room (oldest first, at most 30, each as its ``update`` told it to this
    viewer) so a reconnecting client can refill its event feed; ``rematch``: the rematch answers
    so far (null while nobody offered one); ``came_back``: true when the seat was away (a bot
    played it) and this hello gave it back."""

    type: Literal["welcome"]
    protocol: Literal[1]
    room: dict[str, Any]
    seat: int | None
    view: dict[str, Any]
    recent: list[RecentAction] = Field(default_factory=list)
    rematch: RematchState | None = None
    #: the seat was away (a bot played it) and this hello gave it back to its person
    came_back: bool = False


class Ack(_Msg):
    """The action of message ``seq`` was committed as ``version`` (sent if and only if committed)."""

    type: Literal["ack"]
    seq: int
    version: int


class Update(_Msg):
    """An action was applied: the acting table seat, its action, this viewer's events (each with
    its feed line ``text`` and ``callout`` in the connection's language) and view."""

    type: Literal["update"]
    version: int
    seat: int
    action: str
    events: list[dict[str, Any]]
    view: dict[str, Any]


class State(_Msg):
    """The whole view (answer to sync, after a conflict or a reload)."""

    type: Literal["state"]
    version: int
    view: dict[str, Any]


class Presence(_Msg):
    type: Literal["presence"]
    seat: int
    connected: bool
    away: bool


class Rematch(_Msg):
    """The rematch answers changed (sent to every socket of the finished room)."""

    type: Literal["rematch_state"]
    accepted: list[int]
    declined: list[int]
    waiting: list[int]
    next: str | None


class RematchSeat(_Msg):
    """Sent only to the sockets of a seat that accepted: its seat token in the rematch room
    ``room`` (the room exists once a ``rematch_state`` message names it as ``next``)."""

    type: Literal["rematch_seat"]
    room: str
    seat: int
    token: str


class Moved(_Msg):
    """The seat was moved to another device (a transfer code was redeemed): this socket's token
    no longer holds the seat; the socket is closed (4410) right after."""

    type: Literal["moved"]
    seat: int
    message: str


class Said(_Msg):
    """Table seat ``seat`` said quick phrase ``phrase`` (sent to every socket of the room, the
    speaker's own included; not stored, not in ``recent``)."""

    type: Literal["said"]
    seat: int
    phrase: Literal[PHRASES]  # type: ignore[valid-type]


class Pong(_Msg):
    type: Literal["pong"]
    seq: int


class Probe(_Msg):
    """Only to a socket whose hello said ``probes: true``, when nothing has come from it for a
    while: answer at once (a ``ping``), or the socket is closed (4408) as gone."""

    type: Literal["probe"]


class Error(_Msg):
    """A message refused; ``code`` is one of the documented codes, ``message`` one English
    sentence; the facts it names are sent beside them (``gostop.server.protocol.ERROR_FACTS``),
    for a page to say the refusal in its own language."""

    type: Literal["error"]
    seq: int | None
    code: Literal[ERROR_CODES]  # type: ignore[valid-type]
    message: str
    version: int | None = None
    limit: int | None = Field(None, description="too_big: the bytes a message may hold")
    field: str | None = Field(None, description="bad_message: the field missing or of the wrong type")
    protocol: int | None = Field(None, description="protocol: the protocol this server speaks")
    seconds: float | None = Field(None, description="hello_first: the seconds a hello may take")
    room: str | None = Field(None, description="room_unknown: the room asked for")
    last_seq: int | None = Field(None, description="duplicate: the last seq taken from this socket")
    seat: int | None = Field(None, description="not_your_turn: the seat whose decision it is (from 0)")
    action: str | None = Field(None, description="illegal_action: the action refused (its first 40 characters)")
    reason: Literal["spectator", "not_over", "not_seated", "gone", "taken"] | None = Field(
        None, description="rematch_refused: why")
    retry_after: float | None = Field(None, description="too_fast: the seconds until the seat may say a phrase again")


ClientMessage = Annotated[Hello | ActionMsg | Sync | Ping | RematchMsg | Lang | Say, Field(discriminator="type")]
ServerMessage = Annotated[
    Welcome | Ack | Update | State | Presence | Rematch | RematchSeat | Moved | Said | Pong | Probe | Error,
    Field(discriminator="type"),
]
Message = Annotated[
    Hello | ActionMsg | Sync | Ping | RematchMsg | Lang | Say | Welcome | Ack | Update | State | Presence | Rematch
    | RematchSeat | Moved | Said | Pong | Probe | Error, Field(discriminator="type")
]
#: Client and server message types.
MESSAGE_TYPES = {
    "client": ("hello", "action", "sync", "ping", "rematch", "lang", "say"),
    "server": ("welcome", "ack", "update", "state", "presence", "rematch_state", "rematch_seat", "moved", "said", "pong",
               "probe", "error"),
}

message_adapter: TypeAdapter[Any] = TypeAdapter(Message)
client_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)
server_adapter: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def schema() -> dict[str, Any]:
    """The JSON Schema of every table message (a union discriminated by ``type``)."""
    out = message_adapter.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"gostop table protocol {PROTOCOL_VERSION} (WebSocket /ws/{{room_id}})",
        "description": "Generated from gostop.server.messages by `python -m gostop.server.messages`; "
        "the prose is docs/protocol.md. Client messages: " + ", ".join(MESSAGE_TYPES["client"])
        + "; server messages: " + ", ".join(MESSAGE_TYPES["server"]) + ".",
        **out,
    }


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(schema_text())
