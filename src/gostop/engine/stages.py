"""Who decides what: the stages of a hand and what the hand card did this turn.

A hand is always in one stage (``Hand.stage`` gives its name, :data:`STAGES`); the internal
stage numbers and the hand-card cases are small ints for speed.
"""

from __future__ import annotations

__all__ = [
    "STAGES",
    "MAIN",
    "PICK_HAND",
    "PICK_STOCK",
    "ANSWER",
    "YELL",
    "SURRENDER",
    "GOSTOP",
    "CHONGTONG",
    "OVER",
    "H_NONE",
    "H0",
    "H1",
    "H2",
    "H3",
    "H_BOMB",
    "H_SKIP",
]

# Stages: who decides what.
MAIN, PICK_HAND, PICK_STOCK, ANSWER, YELL, SURRENDER, GOSTOP, CHONGTONG, OVER = range(9)
#: Stage names, indexed by the internal stage number (``Hand.stage``).
STAGES = (
    "main",  # the mover's main action and phase-0 declarations (TURN-2, TURN-3)
    "pick-hand",  # DEC-12: which of two layout cards the hand card takes (CAPT-H2)
    "pick-stock",  # DEC-13: which of two layout cards the stock card takes (CAPT-S3)
    "answer-shodang",  # DEC-10 (LIAB-8)
    "yell",  # DEC-15 (GOO-14)
    "surrender",  # DEC-14 (EVT-7)
    "go-stop",  # DEC-16 (GOSTOP-2)
    "chongtong",  # DEC-5 (DEAL-7 optional)
    "over",
)

# What the hand card did this turn: the CAPT-H rows, a bomb or grenade, a stock-only turn.
H_NONE, H0, H1, H2, H3, H_BOMB, H_SKIP = range(7)
