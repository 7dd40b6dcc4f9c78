"""The rules of a table, built in one place for every face.

:func:`table_rules` takes what a table's creator chose -- a preset (or rules already read from a
file), knob overrides and the match length (``hands``, or a chip target) -- and returns the
:class:`~gostop.rules.Rules` of the match. The terminal game (``Settings.rules``), the server
(``RoomConfig.build_rules``) and the command line (``cli/rules_input.select_rules``) all build
their rules here, against the limits of :mod:`gostop.limits`: ``hands`` runs from 1 to
:data:`~gostop.limits.MAX_MATCH_HANDS` unless the face passes its own documented limit
(:data:`~gostop.limits.MAX_PLAY_HANDS` for the terminal game,
:data:`~gostop.limits.MAX_ROOM_HANDS` for a room of the web game).

The match length: ``target_chips`` sets the ``match_target_chips`` knob; ``hands`` sets
``match_hands`` and, without a chip target, clears ``match_target_chips`` (the match is that
many hands). A knob override naming ``match_hands`` or ``match_target_chips`` itself wins over
``hands`` and ``target_chips``: what a person set knob by knob is never silently replaced.

Equal rules are one object (:func:`intern_rules`): the engine caches its tables per rules
object (about 100 kB each), so a server of many rooms with the same rules builds them once.

Every error is a :class:`~gostop.rules.RulesError` of one line naming the value and what is
allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gostop.limits import MAX_MATCH_HANDS, MAX_TARGET_CHIPS, clip
from gostop.rules import DEFAULT_PRESET, Rules, RulesError, get_preset

__all__ = ["table_rules", "check_hands", "intern_rules"]


def check_hands(hands: int | None, limit: int = MAX_MATCH_HANDS) -> None:
    """Raise :class:`RulesError` unless ``hands`` is None or a whole number from 1 to ``limit``
    (at most :data:`~gostop.limits.MAX_MATCH_HANDS`)."""
    if hands is None:
        return
    limit = min(limit, MAX_MATCH_HANDS)
    if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= limit:
        raise RulesError(f"hands must be 1 to {limit}, got {clip(hands)}")


def table_rules(
    base: str | Rules = DEFAULT_PRESET,
    overrides: Mapping[str, Any] | None = None,
    *,
    hands: int | None = None,
    target_chips: int | None = None,
    max_hands: int = MAX_MATCH_HANDS,
) -> Rules:
    """The rules of a table (see the module docstring).

    Args:
        base: a preset name, or rules already read (a rules file).
        overrides: knob changes (``{"go_scheme": "linear"}``), checked by :mod:`gostop.rules`.
        hands: the match length in hands, 1 to ``max_hands`` (None: the preset's length).
        target_chips: a chip target ending the match (None: none).
        max_hands: the face's own limit on ``hands`` (never above ``MAX_MATCH_HANDS``).

    Raises:
        RulesError: an unknown preset, a bad knob or value, ``hands`` or ``target_chips`` out
            of range (one line).
    """
    check_hands(hands, max_hands)
    if target_chips is not None and (
        not isinstance(target_chips, int) or isinstance(target_chips, bool) or not 1 <= target_chips <= MAX_TARGET_CHIPS
    ):
        raise RulesError(f"target_chips must be 1 to {MAX_TARGET_CHIPS}, got {clip(target_chips)}")
    rules = get_preset(base) if isinstance(base, str) else base
    changes = dict(overrides or {})
    if target_chips is not None and "match_target_chips" not in changes:
        changes["match_target_chips"] = target_chips
    if hands is not None and "match_hands" not in changes:
        changes["match_hands"] = hands
        if target_chips is None and "match_target_chips" not in changes:
            changes["match_target_chips"] = None
    if not changes:
        return rules
    try:
        return intern_rules(rules.with_overrides(changes))
    except RulesError:
        raise
    except (ValueError, TypeError) as exc:
        raise RulesError(f"rules: {' '.join(str(exc).split())[:200]}") from None


#: One ``Rules`` object per distinct rule set (see the module docstring).
_RULES: dict[Rules, Rules] = {}


def intern_rules(rules: Rules) -> Rules:
    """The one object equal to ``rules`` (kept for at most 128 distinct rule sets)."""
    found = _RULES.get(rules)
    if found is None:
        if len(_RULES) >= 128:
            _RULES.clear()
        found = _RULES[rules] = rules
    return found
