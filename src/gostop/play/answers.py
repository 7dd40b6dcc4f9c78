"""Reading what the person types in the setup (both faces): whole numbers, names from a list,
rule changes written ``knob=value``. Each reader raises ValueError with one sentence for
people in their language ``lang`` (never Python's own wording, never a command-line flag),
echoing at most a few dozen characters of what was typed. ``what`` names the answer in that
language too (``players`` / ``사람 수``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gostop.limits import MAX_SEED
from gostop.rules import parse_knob_value
from gostop.words import catalog

__all__ = ["clip", "whole_number", "seed_number", "one_of", "rule_changes"]


def clip(text: str, limit: int = 40) -> str:
    """``text`` on one line, cut to ``limit`` characters (with ``...``)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(text: str, what: str, low: int, high: int, lang: str = "en") -> int:
    """``text`` as a whole number from ``low`` to ``high``."""
    w = catalog(lang)
    raw = text.strip()
    if not raw.isdigit() or len(raw) > 12:
        raise ValueError(w.t("{what} must be a whole number from {low} to {high}, not {typed}",
                             what=what, low=low, high=high, typed=repr(clip(raw))))
    value = int(raw)
    if not low <= value <= high:
        raise ValueError(w.t("{what} must be from {low} to {high}, not {value}", what=what, low=low, high=high,
                             value=value))
    return value


def seed_number(text: str, lang: str = "en") -> int:
    """A seed typed in the setup: 0 to 2**64-1, as the command line's ``--seed`` and the match
    record take (:data:`gostop.limits.MAX_SEED`)."""
    raw = text.strip()
    if not raw.isdigit() or len(raw) > len(str(MAX_SEED)) or int(raw) > MAX_SEED:
        raise ValueError(catalog(lang).t("the seed must be a whole number from 0 to 2**64-1 ({max}), not {typed}",
                                         max=MAX_SEED, typed=repr(clip(raw))))
    return int(raw)


def one_of(text: str, what: str, names: Sequence[str], lang: str = "en",
           aliases: dict[str, str] | None = None) -> str:
    """``text`` as one of ``names`` (any case), or as one of ``aliases`` (another word for a
    name: ``보통`` for ``normal``)."""
    raw = text.strip().lower()
    for name in names:
        if raw == name.lower():
            return name
    for alias, name in (aliases or {}).items():
        if raw == alias.lower():
            return name
    raise ValueError(catalog(lang).t("{what} must be one of {names}, not {typed}", what=what,
                                     names=", ".join(names), typed=repr(clip(text.strip()))))


def rule_changes(text: str, lang: str = "en") -> dict[str, Any]:
    """``stop_target_two_player=5 go_scheme=linear`` as a dict (knob names are checked later,
    by the rules themselves; a value the rules cannot read is said in their English words)."""
    w = catalog(lang)
    out: dict[str, Any] = {}
    for item in text.split():
        knob, sep, value = item.partition("=")
        if not sep or not knob or not value:
            raise ValueError(w.t("write each rule change as knob=value, e.g. stop_target_two_player=5; not {typed}",
                                 typed=repr(clip(item))))
        if len(value) > 200 or value.count("[") + value.count("{") > 4:
            raise ValueError(w.t("the value of {knob} is too long or too deeply nested", knob=clip(knob)))
        out[knob] = parse_knob_value(value, w.t("the value of {knob}", knob=clip(knob)))
    return out
