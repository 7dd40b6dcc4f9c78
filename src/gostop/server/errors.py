"""What the server refuses, as domain facts: no HTTP status here.

The lobby and the seat moves (:mod:`~gostop.server.hub`, :mod:`~gostop.server.seats`) raise
these; the HTTP layer maps each class to a status in one table
(:data:`gostop.server.app.STATUS`). Each message is one sentence for people.
"""

from __future__ import annotations

from gostop.errors import GostopError

__all__ = [
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


class Refusal(GostopError):
    """A request the server refuses (the root of the classes below)."""

    #: seconds after which asking again may succeed (sent as ``Retry-After``), when known
    retry_after: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def fields(self) -> dict[str, str]:
        """Facts sent beside the sentence (``{"detail": ..., **fields}``) for a page to say the
        refusal in its own language; none by default."""
        return {}


class BadRequest(Refusal, ValueError):
    """Input of the right shape that still cannot be used (unknown level or preset, a table the
    preset cannot seat, a seat number out of range...)."""


class RuleRefused(BadRequest):
    """A rule change a room cannot take (an unknown rule, a value of the wrong kind or out of
    range): ``knob`` names the rule, so that a page says which one in its language."""

    def __init__(self, message: str, knob: str = "") -> None:
        super().__init__(message)
        self.knob = knob

    def fields(self) -> dict[str, str]:
        return {"code": "bad_rule", "knob": self.knob}


class RoomNotFound(Refusal, LookupError):
    """No room has that id."""


class BadToken(Refusal):
    """No seat token, or one that holds no seat of the room."""


class RecordNotPublic(Refusal):
    """The record of a match in play is only for its seated players."""


class RoomClosed(Refusal):
    """The room no longer takes players (its match has started or is over)."""


class SeatTaken(Refusal):
    """The seat asked for is not open."""


class RoomFull(Refusal):
    """The room has no open seat."""


class TooManyRooms(Refusal):
    """This address has too many open rooms (``retry_after``: when one of them may expire)."""

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class MatchOver(Refusal):
    """The match is over: the request makes no sense any more."""


class BadTransferCode(Refusal):
    """A seat transfer code that is wrong, used or expired."""


class TooManyCodes(Refusal):
    """Too many wrong transfer codes for the room: its pending codes are void."""


class HandInPlay(Refusal):
    """A hand asked for review while it is still being played (its hidden cards stay hidden)."""


class HandNotFound(Refusal, LookupError):
    """The match has no hand of that number."""
