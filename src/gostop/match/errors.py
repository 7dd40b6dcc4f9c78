"""Errors of the match layer (messages are meant for people)."""

from __future__ import annotations

from gostop.errors import GostopError

__all__ = ["MatchError", "IllegalMatchActionError"]


class MatchError(GostopError, ValueError):
    """A match that cannot be set up as asked (seating, rules, ages...)."""


class IllegalMatchActionError(GostopError, ValueError):
    """An action that is not legal now; the message names it and the legal ones."""
