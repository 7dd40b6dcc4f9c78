"""Match records: a versioned JSON record of a whole match, and its exact replay.

The record (``{"format": "gostop-match", "version": 1, ...}``, docs/match-record-format.md) holds
the rules, the seated players, the match seed and options, and every action of the match in
order (table decisions such as ``stay`` or ``cut 12`` and the hands' own actions, as text). That
is enough to play the match again: :func:`replay_match` rebuilds the :class:`Match` and applies
the actions. The record also keeps what the match produced -- the first-dealer draw, each deal
(who played, the gwangpalli announcements and claims, the hand record of the hand in the
``gostop-hand`` format), the ledger and the standings -- and the replay checks that it produces
exactly the same, naming the first difference.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gostop.errors import GostopError
from gostop.limits import (
    MAX_MATCH_HANDS,
    MAX_NESTING,
    MAX_SEED,
    clip,
    decode_json,
    nesting_depth,
    nesting_message,
)
from gostop.match.errors import IllegalMatchActionError, MatchError
from gostop.match.match import Match
from gostop.match.seating import Player
from gostop.rules import Rules, RulesError

__all__ = [
    "MATCH_FORMAT",
    "MATCH_VERSION",
    "MatchRecordError",
    "match_record",
    "match_to_json",
    "dumps_match",
    "save_match",
    "load_match_record",
    "loads_match_record",
    "is_match_record",
    "replay_match",
]

MATCH_FORMAT = "gostop-match"
MATCH_VERSION = 1
_KEYS = frozenset(
    {
        "format",
        "version",
        "title",
        "rules",
        "players",
        "seed",
        "options",
        "actions",
        "closed",
        "first_dealer",
        "list",
        "deals",
        "ledger",
        "standings",
        "end_reason",
    }
)
#: The keys of ``options`` (docs/match-record-format.md).
_OPTION_KEYS = ("hands_limit", "ask_cut")
#: Longest player name a record may hold, and the oldest age.
MAX_NAME_LENGTH = 100
MAX_AGE = 150


class MatchRecordError(GostopError, ValueError):
    """A match record that cannot be read or does not replay exactly."""


def match_to_json(match: Match, title: str | None = None) -> dict[str, Any]:
    """The record of ``match`` as played so far (a JSON object)."""
    out: dict[str, Any] = {"format": MATCH_FORMAT, "version": MATCH_VERSION}
    if title is not None:
        out["title"] = title
    out.update(
        {
            "rules": match.rules.to_dict(),
            "players": [p.to_json() for p in match.players],
            "seed": match.seed,
            "options": {"hands_limit": match.hands_limit, "ask_cut": match.ask_cut},
            "actions": list(match.history),
            "closed": match.end_reason == "closed",
            "first_dealer": match.start_events[0].to_json(),
            "list": list(match.list_order),
            "deals": [d.to_json() for d in match.deals],
            "ledger": match.ledger.to_json(),
            "standings": [s.to_json() for s in match.standings],
            "end_reason": match.end_reason,
        }
    )
    return out


def match_record(match: Match, title: str | None = None) -> dict[str, Any]:
    """Alias of :func:`match_to_json`."""
    return match_to_json(match, title)


def dumps_match(match: Match | Mapping[str, Any], title: str | None = None) -> str:
    """JSON text of a match record: one deal and one ledger line per line, readable in a diff."""
    data = match_to_json(match, title) if isinstance(match, Match) else dict(match)
    lines = ["{"]
    keys = list(data)
    for n, key in enumerate(keys):
        comma = "," if n < len(keys) - 1 else ""
        value = data[key]
        if key in ("deals", "ledger", "actions") and value:
            inner = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            text = "[\n" + inner + "\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_match(match: Match, path: str | Path, title: str | None = None) -> None:
    """Write the match record to ``path``."""
    Path(path).write_text(dumps_match(match, title), encoding="utf-8")


def is_match_record(data: Any) -> bool:
    """True for a decoded JSON object whose ``format`` is ``gostop-match``."""
    return isinstance(data, dict) and data.get("format") == MATCH_FORMAT


def loads_match_record(text: str) -> dict[str, Any]:
    """Decode and check the outline of a match record (JSON text)."""
    return _check_outline(decode_json(text, MatchRecordError))


def load_match_record(path: str | Path) -> dict[str, Any]:
    """Read a match record file. Raises :class:`MatchRecordError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MatchRecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise MatchRecordError(f"{path} is not UTF-8 text") from None
    return loads_match_record(text)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_outline(data: Any) -> dict[str, Any]:
    if not is_match_record(data):
        raise MatchRecordError(f"not a match record: 'format' must be {MATCH_FORMAT!r}")
    if nesting_depth(data, MAX_NESTING) > MAX_NESTING:
        raise MatchRecordError(nesting_message("the match record"))
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise MatchRecordError(f"'version' must be a positive integer, got {clip(version)}")
    if version > MATCH_VERSION:
        raise MatchRecordError(
            f"match record version {clip(version)} is newer than this gostop understands ({MATCH_VERSION})"
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        shown = ", ".join(clip(k, 40) for k in unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
        raise MatchRecordError(f"unknown key(s) in the match record: {shown}")
    for key in ("rules", "players", "seed", "actions"):
        if key not in data:
            raise MatchRecordError(f"the match record has no {key!r}")
    seed = data["seed"]
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise MatchRecordError(f"'seed' must be an integer from 0 to {MAX_SEED}, got {clip(seed)}")
    if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
        raise MatchRecordError("'actions' must be a list of action texts")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
        raise MatchRecordError("'players' must be a list of {\"name\": ..., \"age\": ...} objects")
    for i, p in enumerate(players):
        if not 1 <= len(p["name"]) <= MAX_NAME_LENGTH:
            raise MatchRecordError(f"players[{i}]: a name has 1 to {MAX_NAME_LENGTH} characters, got {clip(p['name'])}")
        age = p.get("age")
        if age is not None and (not _is_int(age) or not 0 <= age <= MAX_AGE):
            raise MatchRecordError(f"players[{i}]: 'age' must be null or a whole number from 0 to {MAX_AGE}, got {clip(age)}")
    _check_options(data.get("options"))
    out: dict[str, Any] = data
    return out


def _check_options(options: Any) -> None:
    """``options``: null or ``{"hands_limit": null or 1..MAX_MATCH_HANDS, "ask_cut": bool}``."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise MatchRecordError(
            f"'options' must be an object {{\"hands_limit\": ..., \"ask_cut\": ...}}, got {clip(options)}"
        )
    unknown = sorted(set(options) - set(_OPTION_KEYS))
    if unknown:
        raise MatchRecordError(
            f"unknown option(s): {', '.join(clip(k, 40) for k in unknown[:5])} (known: {', '.join(_OPTION_KEYS)})"
        )
    limit = options.get("hands_limit")
    if limit is not None and (not _is_int(limit) or not 1 <= limit <= MAX_MATCH_HANDS):
        raise MatchRecordError(
            f"options.hands_limit must be null or a whole number from 1 to {MAX_MATCH_HANDS}, got {clip(limit)}"
        )
    ask_cut = options.get("ask_cut", True)
    if not isinstance(ask_cut, bool):
        raise MatchRecordError(f"options.ask_cut must be true or false, got {clip(ask_cut)}")


def replay_match(data: Mapping[str, Any]) -> Match:
    """Play a match record again and check it reproduces the recorded match exactly.

    Returns the replayed :class:`Match`. Raises :class:`MatchRecordError` naming the 0-based
    index of an action that is illegal, or the first part of the record (first dealer, a deal,
    a ledger line, the standings) that the replay does not reproduce.
    """
    record = _check_outline(dict(data))
    try:
        rules = Rules.from_dict(record["rules"])
    except (RulesError, ValueError) as exc:
        raise MatchRecordError(f"rules: {exc}") from None
    players = [Player(p["name"], p.get("age")) for p in record["players"]]
    options = record.get("options") or {}
    try:
        match = Match(
            rules,
            players,
            record["seed"],
            hands_limit=options.get("hands_limit"),
            ask_cut=options.get("ask_cut", True),
        )
    except MatchError as exc:
        raise MatchRecordError(f"cannot set up the match: {_cut(str(exc), 200)}") from None
    for i, text in enumerate(record["actions"]):
        if match.is_over:
            raise MatchRecordError(f"action {i} ({clip(text, 40)}): the match is already over ({match.end_reason})")
        try:
            match.apply(text)
        except IllegalMatchActionError as exc:
            raise MatchRecordError(f"action {i} ({clip(text, 40)}) is illegal: {_cut(str(exc), 300)}") from None
    if record.get("closed"):
        try:
            match.close()
        except IllegalMatchActionError as exc:
            raise MatchRecordError(f"the record says the match was closed, but: {exc}") from None
    ended = record.get("end_reason")
    if ended is not None and not match.is_over:  # (the first difference would be a hand cut short)
        raise MatchRecordError(
            f"the record's {len(record['actions'])} actions stop before the match ends, in deal "
            f"{len(match.deals) - 1}, but the record says it ended ({clip(ended, 40)}): "
            "actions are missing (a truncated or edited record)"
        )
    _compare(record, json.loads(json.dumps(match_to_json(match))))
    return match


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _first_difference(want: Any, got: Any, where: str) -> tuple[str, Any, Any]:
    """The path of the first place where two JSON values differ, and the two values there."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if want.get(key, _MISSING) != got.get(key, _MISSING):
                return _first_difference(want.get(key, _MISSING), got.get(key, _MISSING), f"{where}.{key}")
    if isinstance(want, list) and isinstance(got, list):
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            if w != g:
                return _first_difference(w, g, f"{where}[{i}]")
        return f"{where} (length)", len(want), len(got)
    return where, want, got


_MISSING: Any = "(missing)"


def _compare(recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> None:
    """Name the first part of the record the replay does not reproduce (values cut short)."""
    for key in ("first_dealer", "list", "deals", "ledger", "standings", "end_reason"):
        if key not in recorded:
            continue
        want, got = recorded[key], replayed[key]
        if want == got:
            continue
        if isinstance(want, list) and isinstance(got, list) and len(want) != len(got) and all(
            w == g for w, g in zip(want, got, strict=False)
        ):
            raise MatchRecordError(f"replay gives {len(got)} {key}, the record {len(want)}")
        where, w, g = _first_difference(want, got, key)
        raise MatchRecordError(f"replay differs from the record at {where}: record {clip(w)}, replay {clip(g)}")
