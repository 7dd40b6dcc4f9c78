"""Errors of the match layer (messages are meant for people)."""

from __future__ import annotations

from collections.abc import Iterable

from gostop.errors import GostopError

__all__ = ["MatchError", "IllegalMatchActionError"]


class MatchError(GostopError, ValueError):
    """A match that cannot be set up as asked (seating, rules, ages...). ``knobs``: the rules
    knobs the table clashes with, as data (``two_player_only`` for a third player...), so that
    a face names them in its own language; empty when no rule is at fault."""

    def __init__(self, message: str = "", knobs: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.knobs: tuple[str, ...] = tuple(knobs)


class IllegalMatchActionError(GostopError, ValueError):
    """An action that is not legal now; the message names it and the legal ones."""
