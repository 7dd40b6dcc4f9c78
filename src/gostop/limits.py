"""The sane ranges of every count a person can type, and the limits on the shape of input.

One place for the bounds that the rules (knob values), the settlement context, the records and
the command line all check, so that a number typed on the command line and the same number read
from a record are accepted or refused alike. Each bound is generous -- far above anything a real
hand or match produces -- and exists only so that absurd input (``--nagari-before
10000000000``) is refused with one clear sentence instead of exhausting memory or time.

The helpers :func:`clip` and :func:`check_nesting` keep error messages short (a message never
echoes more than :data:`ECHO_LIMIT` characters of what was typed) and refuse data nested so
deeply that reading it would overflow Python's stack.

This module is at the bottom of the layers (stdlib only, no I/O).
"""

from __future__ import annotations

import json
from typing import Any

from gostop.errors import GostopError

__all__ = [
    "MAX_SEED",
    "MAX_GOES",
    "MAX_BOMBS",
    "MAX_NAGARI_BEFORE",
    "MAX_MISSION_MULTIPLIER",
    "MAX_MULTIPLIER",
    "MAX_PUSHES",
    "MAX_CHIPS",
    "MAX_POINTS",
    "MAX_SHOTS",
    "MAX_MATCH_HANDS",
    "MAX_PLAY_HANDS",
    "MAX_ROOM_HANDS",
    "MAX_TARGET_CHIPS",
    "MAX_TURNS",
    "MAX_JUNK_COUNT",
    "MAX_POT",
    "MAX_NESTING",
    "ECHO_LIMIT",
    "clip",
    "check_nesting",
    "nesting_depth",
    "NestingError",
    "nesting_message",
    "decode_json",
]

#: Seeds of shuffles and matches: 0 .. 2**64 - 1 (the 64-bit seeds the match derives). Negative
#: seeds are refused: Python's ``random.Random(-n)`` deals exactly as ``random.Random(n)``.
MAX_SEED = 2**64 - 1
#: Goes the winner said in one hand (one per own turn at most: ten hand cards plus replaced jokers).
MAX_GOES = 60
#: Bombs the winner played in one hand (one per month at most).
MAX_BOMBS = 12
#: Consecutive nagari before a hand (k of MATCH-5); 2**100 is already absurd as a multiplier.
MAX_NAGARI_BEFORE = 100
#: The VAR-MISSION multiplier a winner earned.
MAX_MISSION_MULTIPLIER = 100
#: Any payment factor knob (per bomb, per heundeum, the mission range).
MAX_MULTIPLIER = 100
#: Consecutive pushes (VAR-PUSH): each doubles the next hand, so 2**10 is already absurd.
MAX_PUSHES = 10
#: Any flat payment knob, in chips per opponent (chongtong, first-turn ppuk, ante ...).
MAX_CHIPS = 10_000
#: Any points knob (stop targets, cap, yaku points, bonuses, points per shot).
MAX_POINTS = 1_000
#: Shots a knob may give (nagari shots).
MAX_SHOTS = 100
#: Hands in a match (``match_hands``), and the cap on counted hands of an open-ended match.
MAX_MATCH_HANDS = 10_000
#: Hands a person may ask of a terminal game (``gostop play --hands``): a match longer than a
#: thousand hands is a typing slip, not an evening's play (the rules themselves allow
#: :data:`MAX_MATCH_HANDS`).
MAX_PLAY_HANDS = 1_000
#: Hands a room of the web game may last (``POST /api/rooms`` ``hands``): a room's actions are
#: replayed to rebuild it, and an open room holds a seat of the server, so a room's match is
#: kept short.
MAX_ROOM_HANDS = 100
#: Chips up that end a match (``match_target_chips``).
MAX_TARGET_CHIPS = 10_000_000
#: Own turns (``heodang_turns``) and consecutive-nagari limits (``nagari_limit``).
MAX_TURNS = MAX_NAGARI_BEFORE
#: Junk counts (``pi_bak_protect_min``).
MAX_JUNK_COUNT = 100
#: The VAR-BOAR pot carried into a deal, in chips.
MAX_POT = 10**12

#: Deepest nesting of lists/objects accepted in JSON records, TOML rules and ``--set`` values.
MAX_NESTING = 32
#: Most characters of typed input an error message repeats.
ECHO_LIMIT = 80


class NestingError(GostopError, ValueError):
    """Data nested deeper than :data:`MAX_NESTING` levels."""


def clip(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``'abc...' (5,000 characters)``).

    For error messages that repeat what was typed: a 6 KB deal or a 5,000-digit number is not
    echoed whole. Never raises (a huge integer is described by its size, not converted).
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        text = repr(value)
        size = len(value)
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            return f"a {type(value).__name__} too large to show"
        size = len(text)
    if len(text) <= limit:
        return text
    return f"{text[: max(limit - 4, 8)]}... ({size} characters)"


def nesting_depth(value: Any, limit: int = MAX_NESTING) -> int:
    """How deeply lists/tuples/dicts nest in ``value`` (a scalar is 0), counting at most
    ``limit + 1`` (iterative: never overflows the stack)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        todo.extend((child, depth) for child in children)
    return deepest


def check_nesting(value: Any, where: str, limit: int = MAX_NESTING) -> None:
    """Raise :class:`NestingError` if ``value`` nests deeper than ``limit`` levels."""
    if nesting_depth(value, limit) > limit:
        raise NestingError(nesting_message(where, limit))


def nesting_message(where: str, limit: int = MAX_NESTING) -> str:
    """The one sentence for data nested too deeply (also for a parser's ``RecursionError``)."""
    return f"{where} is nested more than {limit} levels deep (lists or objects inside each other)"


def decode_json(text: str, error: type[ValueError]) -> Any:
    """``json.loads`` with every failure as one sentence, raised as ``error``.

    Also refuses data nested more than :data:`MAX_NESTING` levels deep and numbers of more
    than 4300 digits, which ``json`` would report in Python's own words (``RecursionError``,
    "Exceeds the limit (4300 digits)").
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise error(nesting_message("the JSON")) from None
    except ValueError:  # an integer literal of more than 4300 digits
        raise error("not valid JSON for gostop: a number has more than 4300 digits") from None
    if nesting_depth(data, MAX_NESTING) > MAX_NESTING:
        raise error(nesting_message("the JSON"))
    return data
