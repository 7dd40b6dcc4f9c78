"""Decisions taken at the table between and around hands (RULES.md 2.18 DEC-1..DEC-4).

Text forms (stable; the JSON form of an action is its text):

* ``cut N`` / ``no-cut``: DEC-1, the cutter moves the top N cards to the bottom or declines;
* ``list S``: DEC-2, the head of a goo-stupe list puts table seat S next on the list;
* ``stay`` / ``drop``: DEC-3, a gwangpalli stay-or-drop announcement;
* ``claim`` / ``claim-triple`` / ``no-claim``: DEC-4, a forced-out player claims compensation
  (``claim-triple`` also shows a triple, which doubles it) or does not;
* ``push`` / ``collect``: VAR-PUSH (milgi), the winner of a hand forgoes its settlement to
  double the next hand's, or collects it.

Actions inside a hand are the engine's :class:`gostop.engine.Action`; the match passes them
through.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MatchAction", "MATCH_ACTION_KINDS"]

#: Kinds that take a number (``cut 12``, ``list 3``).
_NUMBERED = frozenset({"cut", "list"})
MATCH_ACTION_KINDS = (
    "cut", "no-cut", "list", "stay", "drop", "claim", "claim-triple", "no-claim", "push", "collect",
)


@dataclass(frozen=True, slots=True)
class MatchAction:
    """One table decision: ``kind`` and, for ``cut`` and ``list``, ``value``."""

    kind: str
    value: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in MATCH_ACTION_KINDS:
            raise ValueError(f"unknown match action {self.kind!r}; known: {', '.join(MATCH_ACTION_KINDS)}")
        if (self.kind in _NUMBERED) != (self.value is not None):
            raise ValueError(f"match action {self.kind!r} " + ("needs a number" if self.kind in _NUMBERED else "takes no number"))

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind} {self.value}"

    @classmethod
    def parse(cls, text: str) -> MatchAction:
        """Inverse of ``str``. Raises ValueError for anything else."""
        parts = text.split()
        if not parts:
            raise ValueError("empty action")
        kind = parts[0]
        if kind in _NUMBERED:
            if len(parts) != 2 or not parts[1].isdigit():
                raise ValueError(f"{text!r}: expected '{kind} N' with a whole number N")
            return cls(kind, int(parts[1]))
        if len(parts) != 1:
            raise ValueError(f"{text!r}: {kind!r} takes no argument")
        return cls(kind)

    def to_json(self) -> str:
        return str(self)
