"""Who holds each seat of a live room: a plain value.

As lila-ws keeps a round's crowd, :class:`Presence` is immutable: every change (a socket comes
or goes here, another process says it holds a player, the grace period of a seat starts or
ends, a standby bot takes a seat over) makes a new value that replaces the old one on the
:class:`~gostop.server.live.LiveRoom`. Nothing here knows about sockets, timers or Redis; the
timers themselves are the room driver's (:mod:`~gostop.server.driver`), the value only keeps
their deadlines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Presence", "SHARED"]

#: The origin noted for a player that the shared presence (Redis) says another process holds.
SHARED = "shared"


def _put(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1:]


@dataclass(frozen=True)
class Presence:
    """The presence of a room's seats (see the module docstring).

    Attributes:
        local: sockets of this process per table seat.
        remote: per seat, the other processes said to hold its player (their origins).
        away: seats whose player is gone past the grace period (a standby bot plays them).
        grace: per seat, when its grace period ends (``time.monotonic()``), None when none runs.
    """

    local: tuple[int, ...]
    remote: tuple[frozenset[str], ...]
    away: frozenset[int]
    grace: tuple[float | None, ...]

    @classmethod
    def empty(cls, seats: int) -> Presence:
        return cls((0,) * seats, (frozenset(),) * seats, frozenset(), (None,) * seats)

    def _ok(self, seat: int) -> bool:
        return 0 <= seat < len(self.local)

    # -- questions -----------------------------------------------------------------------

    def here(self, seat: int) -> int:
        """Sockets of the seat in this process."""
        return self.local[seat] if self._ok(seat) else 0

    def connected(self, seat: int) -> bool:
        """Is the seat's player connected to this process or (as told) to another one?"""
        return self._ok(seat) and (self.local[seat] > 0 or bool(self.remote[seat]))

    def is_away(self, seat: int) -> bool:
        return seat in self.away

    def in_grace(self, seat: int) -> bool:
        return self._ok(seat) and self.grace[seat] is not None

    def held_here(self) -> list[int]:
        """The seats this process holds a socket of."""
        return [s for s, n in enumerate(self.local) if n > 0]

    def table(self, seats: Sequence[Any]) -> dict[int, tuple[bool, bool]]:
        """``seat -> (connected, away)`` for the views (``seats``: the room's seat configs; a bot
        seat is always connected, a seat whose player left is away)."""
        out = {}
        for i, s in enumerate(seats):
            if s.kind == "bot":
                out[i] = (True, False)
            else:
                out[i] = (self.connected(i), i in self.away or s.status == "left")
        return out

    # -- changes (each returns a new value) ----------------------------------------------

    def attached(self, seat: int) -> Presence:
        """A socket of the seat said hello here: counted, its grace over, no longer away."""
        if not self._ok(seat):
            return self
        return replace(self, local=_put(self.local, seat, self.local[seat] + 1),
                       grace=_put(self.grace, seat, None), away=self.away - {seat})

    def detached(self, seat: int) -> Presence:
        if not self._ok(seat):
            return self
        return replace(self, local=_put(self.local, seat, max(0, self.local[seat] - 1)))

    def remote_in(self, seat: int, origin: str) -> Presence:
        """Another process holds the seat's player (``origin``; :data:`SHARED`: as Redis says)."""
        if not self._ok(seat):
            return self
        return replace(self, remote=_put(self.remote, seat, self.remote[seat] | {origin}), away=self.away - {seat})

    def remote_out(self, seat: int, origin: str) -> Presence:
        if not self._ok(seat):
            return self
        return replace(self, remote=_put(self.remote, seat, self.remote[seat] - {origin, SHARED}))

    def gone_away(self, seat: int) -> Presence:
        """The grace period ran out: a standby bot keeps the seat warm."""
        if not self._ok(seat):
            return self
        return replace(self, away=self.away | {seat}, remote=_put(self.remote, seat, frozenset()))

    def back(self, seat: int) -> Presence:
        return replace(self, away=self.away - {seat}) if seat in self.away else self

    def grace_until(self, seat: int, deadline: float | None) -> Presence:
        if not self._ok(seat):
            return self
        return replace(self, grace=_put(self.grace, seat, deadline))

    def no_grace(self) -> Presence:
        return replace(self, grace=(None,) * len(self.grace))
