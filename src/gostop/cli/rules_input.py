"""Rules as typed on the command line: a preset name or a TOML file, plus ``--set knob=value``.

Every check of the knobs themselves is done by :mod:`gostop.rules`; this module only turns
command-line text into the mapping that :meth:`gostop.rules.Rules.with_overrides` takes, and
the rules of a command are built by :func:`gostop.table.table_rules` (the one place that builds
the rules of a table, for the terminal game and the server too).

``--set`` values are TOML values (``5``, ``true``, ``"linear"``, ``[2, 8]``); ``null`` means
null, and a bare word that is not TOML (``linear``) is taken as a string.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gostop.cli.errors import UsageProblem
from gostop.limits import clip
from gostop.rules import (
    DEFAULT_PRESET,
    PRESETS,
    Rules,
    RulesError,
    get_preset,
    load_rules,
    parse_knob_value,
)
from gostop.table import table_rules

SET_HELP = (
    "Change one knob: knob=value, the value written as in TOML (5, true, \"linear\", \\[2, 8], "
    "null; a bare word is a string). Repeatable. `gostop rules show pagat` lists the knobs."
)


def parse_set_value(text: str) -> Any:
    """One ``--set`` value (:func:`gostop.rules.parse_knob_value`).

    Raises:
        UsageProblem: a value nested more than ``MAX_NESTING`` levels deep, or a number too
            long to read (more than 4300 digits).
    """
    try:
        return parse_knob_value(text, "the --set value")
    except RulesError as exc:
        raise UsageProblem(str(exc)) from None


def parse_set_options(assignments: Iterable[str] | None, lang: str = "en") -> dict[str, Any]:
    """``["knob=value", ...]`` -> ``{knob: value}`` (later assignments win); ``lang``: the
    language of the error line (a value the rules cannot read keeps their English reason).

    Raises:
        UsageProblem: an assignment without ``=`` or without a knob name.
    """
    from gostop.words.options import bad_set, set_refused

    out: dict[str, Any] = {}
    for item in assignments or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageProblem(bad_set("--set", clip(item), lang))
        try:
            out[name] = _card_codes_upper(name, parse_set_value(value))
        except UsageProblem as exc:
            if lang == "en":
                raise
            raise UsageProblem(set_refused("--set", str(exc), lang)) from None
    return out


#: Knobs whose values are card codes (read in any case: ``09a`` is ``09A``).
_CARD_KNOBS = ("flex_card", "jokers")


def _card_codes_upper(name: str, value: Any) -> Any:
    """A card-code knob's value with its codes in upper case, as everywhere cards are read."""
    if name not in _CARD_KNOBS:
        return value
    if isinstance(value, str):
        return value.upper()
    if isinstance(value, list):
        return [v.upper() if isinstance(v, str) else v for v in value]
    return value


def looks_like_file(name: str) -> bool:
    """A rules argument names a TOML file (rather than a preset) if it says so or exists."""
    return name not in PRESETS and (name.endswith(".toml") or "/" in name or Path(name).is_file())


def rules_from_name(name: str) -> Rules:
    """A preset name or the path of a rules TOML file (raises ``RulesError``)."""
    if looks_like_file(name):
        return load_rules(name)
    return get_preset(name)


def select_rules(
    preset: str | None, rules_file: str | None, assignments: Iterable[str] | None
) -> Rules:
    """The rules of a command: ``--preset`` or ``--rules FILE`` (default pagat), then ``--set``."""
    if preset is not None and rules_file is not None:
        raise UsageProblem(
            "give either --preset or --rules FILE, not both (a rules file names its own preset)"
        )
    base = load_rules(rules_file) if rules_file is not None else preset or DEFAULT_PRESET
    return table_rules(base, parse_set_options(assignments))


def check_players(rules: Rules, players: int, fix: str) -> None:
    """GEN-7 in plain words, before anything is played or settled: rules that are for 2 players
    only (``two_player_only``, the matgo preset) refuse any other count. ``fix`` says what to
    type instead (``use --players 2``)."""
    if rules.two_player_only and players != 2:
        raise UsageProblem(
            f"the {rules.preset} rules are for 2 players only, not {players}; {fix} "
            "or pick another preset (gostop rules list)"
        )
