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


class MatchRecordError(ValueError):
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
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MatchRecordError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return _check_outline(data)


def load_match_record(path: str | Path) -> dict[str, Any]:
    """Read a match record file. Raises :class:`MatchRecordError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MatchRecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise MatchRecordError(f"{path} is not UTF-8 text") from None
    return loads_match_record(text)


def _check_outline(data: Any) -> dict[str, Any]:
    if not is_match_record(data):
        raise MatchRecordError(f"not a match record: 'format' must be {MATCH_FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MatchRecordError(f"'version' must be a positive integer, got {version!r}")
    if version > MATCH_VERSION:
        raise MatchRecordError(
            f"match record version {version} is newer than this gostop understands ({MATCH_VERSION})"
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise MatchRecordError(f"unknown key(s) in the match record: {', '.join(unknown)}")
    for key in ("rules", "players", "seed", "actions"):
        if key not in data:
            raise MatchRecordError(f"the match record has no {key!r}")
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise MatchRecordError(f"'seed' must be an integer, got {data['seed']!r}")
    if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
        raise MatchRecordError("'actions' must be a list of action texts")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
        raise MatchRecordError("'players' must be a list of {\"name\": ..., \"age\": ...} objects")
    out: dict[str, Any] = data
    return out


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
            ask_cut=bool(options.get("ask_cut", True)),
        )
    except MatchError as exc:
        raise MatchRecordError(f"cannot set up the match: {exc}") from None
    for i, text in enumerate(record["actions"]):
        if match.is_over:
            raise MatchRecordError(f"action {i} ({text!r}): the match is already over ({match.end_reason})")
        try:
            match.apply(text)
        except IllegalMatchActionError as exc:
            raise MatchRecordError(f"action {i} ({text!r}) is illegal: {exc}") from None
    if record.get("closed"):
        try:
            match.close()
        except IllegalMatchActionError as exc:
            raise MatchRecordError(f"the record says the match was closed, but: {exc}") from None
    _compare(record, json.loads(json.dumps(match_to_json(match))))
    return match


def _compare(recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> None:
    for key in ("first_dealer", "list", "deals", "ledger", "standings", "end_reason"):
        if key not in recorded:
            continue
        want, got = recorded[key], replayed[key]
        if want == got:
            continue
        if isinstance(want, list) and isinstance(got, list):
            for i, (w, g) in enumerate(zip(want, got, strict=False)):
                if w != g:
                    raise MatchRecordError(f"replay differs from the record at {key}[{i}]: record {w!r}, replay {g!r}")
            raise MatchRecordError(f"replay gives {len(got)} {key}, the record {len(want)}")
        raise MatchRecordError(f"replay gives {key} = {got!r}, the record says {want!r}")
