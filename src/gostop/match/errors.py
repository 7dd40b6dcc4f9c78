"""Errors of the match layer (messages are meant for people)."""

from __future__ import annotations

__all__ = ["MatchError", "IllegalMatchActionError"]


class MatchError(ValueError):
    """A match that cannot be set up as asked (seating, rules, ages...)."""


class IllegalMatchActionError(ValueError):
    """An action that is not legal now; the message names it and the legal ones."""
