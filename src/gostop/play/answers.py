"""Reading what the person types in the setup (both faces): whole numbers, names from a list,
rule changes written ``knob=value``. Each reader raises ValueError with one sentence for
people (never Python's own wording, never a command-line flag), echoing at most a few dozen
characters of what was typed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gostop.limits import MAX_SEED
from gostop.rules import parse_knob_value

__all__ = ["clip", "whole_number", "seed_number", "one_of", "rule_changes"]


def clip(text: str, limit: int = 40) -> str:
    """``text`` on one line, cut to ``limit`` characters (with ``...``)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``."""
    raw = text.strip()
    if not raw.isdigit() or len(raw) > 12:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {clip(raw)!r}")
    value = int(raw)
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")
    return value


def seed_number(text: str) -> int:
    """A seed typed in the setup: 0 to 2**64-1, as the command line's ``--seed`` and the match
    record take (:data:`gostop.limits.MAX_SEED`)."""
    raw = text.strip()
    if not raw.isdigit() or len(raw) > len(str(MAX_SEED)) or int(raw) > MAX_SEED:
        raise ValueError(f"the seed must be a whole number from 0 to 2**64-1 ({MAX_SEED}), not {clip(raw)!r}")
    return int(raw)


def one_of(text: str, what: str, names: Sequence[str]) -> str:
    """``text`` as one of ``names`` (any case)."""
    raw = text.strip().lower()
    for name in names:
        if raw == name.lower():
            return name
    raise ValueError(f"{what} must be one of {', '.join(names)}, not {clip(text.strip())!r}")


def rule_changes(text: str) -> dict[str, Any]:
    """``stop_target_two_player=5 go_scheme=linear`` as a dict (knob names are checked later,
    by the rules themselves)."""
    out: dict[str, Any] = {}
    for item in text.split():
        knob, sep, value = item.partition("=")
        if not sep or not knob or not value:
            raise ValueError(
                f"write each rule change as knob=value, e.g. stop_target_two_player=5; not {clip(item)!r}"
            )
        if len(value) > 200 or value.count("[") + value.count("{") > 4:
            raise ValueError(f"the value of {clip(knob)} is too long or too deeply nested")
        out[knob] = parse_knob_value(value, f"the value of {clip(knob)}")
    return out
