"""What the server refuses, as domain facts: no HTTP status here.

The lobby and the seat moves (:mod:`~gostop.server.hub`, :mod:`~gostop.server.seats`) raise
these; the HTTP layer maps each class to a status in one table
(:data:`gostop.server.app.STATUS`). Each message is one sentence for people.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gostop.errors import GostopError

__all__ = [
    "CODES",
    "Refusal",
    "BadRequest",
    "RuleRefused",
    "RoomNotFound",
    "BadToken",
    "RecordNotPublic",
    "RoomClosed",
    "SeatTaken",
    "RoomFull",
    "TooManyRooms",
    "MatchOver",
    "BadTransferCode",
    "TooManyCodes",
    "HandInPlay",
    "HandNotFound",
]


#: Every ``code`` a lobby answer (an HTTP error, ``{"detail", "code", ...}``) may carry, with the
#: names of the facts sent beside it (docs/protocol.md, "Errors of the lobby"): a page says each
#: refusal in its own language from these (``web/js/i18n.js`` has a text for every one of them and
#: for every code of the table's ``error`` message, :data:`gostop.server.protocol.ERROR_CODES`).
CODES: dict[str, tuple[str, ...]] = {
    "bad_request": (),  # input of the right shape that cannot be used (no finer code)
    "bad_input": ("field",),  # a body or parameter of the wrong shape (422): the first field named
    "unknown_preset": ("preset",),
    "unknown_level": ("level",),
    "no_human_seat": (),
    "bad_seat": ("max",),  # a seat number out of range: 0 to max
    "unknown_rule": ("knob",),
    "bad_rule": ("knob",),  # a rule change of the wrong kind or out of range
    # rule changes that clash with each other, the preset or the table (the knobs at fault); a
    # clash of rule changes also says which (``clash``) and the values it names, when it has them
    "rules_refused": ("knobs", "clash", "on", "score_cap", "target", "match_target_chips", "push_limit"),
    "no_match_length": (),  # neither hands nor target_chips
    "room_unknown": ("room",),
    "bad_token": (),
    "record_not_public": (),
    "room_started": (),
    "room_over": (),
    "seat_taken": ("seat",),
    "room_full": (),
    "too_many_rooms": ("limit", "retry_after"),  # retry_after (seconds) only when known
    "match_over": (),
    "bad_code_format": ("length",),
    "bad_transfer_code": (),
    "too_many_codes": (),
    "hand_in_play": (),
    "hand_not_found": ("deal",),
    "rate_limited": ("retry_after",),
    "too_big": ("limit",),
    "not_found": (),  # no such API path
    "method_not_allowed": (),
    "http_error": ("status",),
    "internal": (),
}


class Refusal(GostopError):
    """A request the server refuses (the root of the classes below): ``code`` (one of
    :data:`CODES`, the class's own unless given) and the facts it names, ``params``."""

    #: the code of a refusal of this class that names no finer one
    default_code: ClassVar[str] = "bad_request"
    #: seconds after which asking again may succeed (sent as ``Retry-After``), when known
    retry_after: int | None = None

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        assert self.code in CODES, self.code
        self.params = params

    def fields(self) -> dict[str, Any]:
        """Facts sent beside the sentence (``{"detail": ..., **fields}``) for a page to say the
        refusal in its own language: the ``code`` and its parameters."""
        return {"code": self.code, **self.params}


class BadRequest(Refusal, ValueError):
    """Input of the right shape that still cannot be used (unknown level or preset, a table the
    preset cannot seat, a seat number out of range...)."""


class RuleRefused(BadRequest):
    """A rule change a room cannot take (an unknown rule, a value of the wrong kind or out of
    range): ``knob`` names the rule, so that a page says which one in its language."""

    def __init__(self, message: str, knob: str = "", code: str = "bad_rule") -> None:
        super().__init__(message, code, knob=knob)
        self.knob = knob


class RoomNotFound(Refusal, LookupError):
    """No room has that id."""

    default_code = "room_unknown"


class BadToken(Refusal):
    """No seat token, or one that holds no seat of the room."""

    default_code = "bad_token"


class RecordNotPublic(Refusal):
    """The record of a match in play is only for its seated players."""

    default_code = "record_not_public"


class RoomClosed(Refusal):
    """The room no longer takes players (its match has started or is over)."""

    default_code = "room_over"


class SeatTaken(Refusal):
    """The seat asked for is not open."""

    default_code = "seat_taken"


class RoomFull(Refusal):
    """The room has no open seat."""

    default_code = "room_full"


class TooManyRooms(Refusal):
    """This address has too many open rooms (``retry_after``: when one of them may expire)."""

    default_code = "too_many_rooms"

    def __init__(self, message: str, retry_after: int | None = None, limit: int | None = None) -> None:
        facts: dict[str, Any] = {"limit": limit}
        if retry_after is not None:
            facts["retry_after"] = retry_after
        super().__init__(message, None, **facts)
        self.retry_after = retry_after


class MatchOver(Refusal):
    """The match is over: the request makes no sense any more."""

    default_code = "match_over"


class BadTransferCode(Refusal):
    """A seat transfer code that is wrong, used or expired."""

    default_code = "bad_transfer_code"


class TooManyCodes(Refusal):
    """Too many wrong transfer codes for the room: its pending codes are void."""

    default_code = "too_many_codes"


class HandInPlay(Refusal):
    """A hand asked for review while it is still being played (its hidden cards stay hidden)."""

    default_code = "hand_in_play"


class HandNotFound(Refusal, LookupError):
    """The match has no hand of that number."""

    default_code = "hand_not_found"
