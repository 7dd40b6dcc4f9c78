"""``gostop replay`` and ``gostop deal``: hand records on the command line.

``gostop replay RECORD.json`` plays a hand record (docs/record-format.md) through the engine and
prints it move by move: each action, the events it caused and the layout after it; ``--json``
prints ``{"winner", "points", "payments", "captures", "events"}`` instead. ``gostop deal --seed N``
prints the deal a seed produces (``--json``: a hand record with that deal and no actions, a
starting point for writing records by hand).

All the work is done by :mod:`gostop.record` and the engine; this module parses and prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from gostop.cli.errors import reported_errors
from gostop.cli.output import console
from gostop.cli.rules_input import SET_HELP, select_rules
from gostop.engine import Event, Hand
from gostop.record import (
    Deal,
    HandRecord,
    Step,
    build_hand,
    deal_from_seed,
    dumps,
    load_record,
    result_json,
)
from gostop.record import replay as replay_record


def _codes(cards: Iterable[Any]) -> str:
    text = " ".join(c if isinstance(c, str) else str(c) for c in cards)
    return text or "-"


def _seat_name(seats: Sequence[str] | None, seat: int | None) -> str:
    if seat is None:
        return "-"
    if seats is not None and 0 <= seat < len(seats):
        return f"seat {seat} ({seats[seat]})"
    return f"seat {seat}" + (" (dealer)" if seat == 0 else "")


def _event_text(ev: Event, seats: Sequence[str] | None) -> str:
    data = ev.to_json()
    kind = str(data["type"])
    seat = data.get("seat")
    parts = [kind]
    if seat is not None:
        parts.append(_seat_name(seats, seat))
    cards = data.get("cards") or []
    if cards:
        parts.append(_codes(cards))
    extra = data.get("data") or {}
    if isinstance(extra, Mapping) and extra:
        parts.append(" ".join(f"{k}={_short(v)}" for k, v in extra.items()))
    return "  ".join(parts)


def _short(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + " ".join(_short(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}={_short(v)}" for k, v in value.items()) + "}"
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


def _layout_text(hand: Hand) -> str:
    """The layout, a stack of three written [a b c] (with its owner when it has one)."""
    obs = hand.observation(0).to_json()
    in_stacks = {c for s in obs["stacks"] for c in s["cards"]}
    parts = [c for c in obs["layout"] if c not in in_stacks]
    for s in obs["stacks"]:
        owner = "" if s["owner"] is None else f" of seat {s['owner']}"
        parts.append("[" + _codes(s["cards"]) + owner + "]")
    return " ".join(parts) or "(empty)"


def _print_deal(deal: Deal, seats: Sequence[str] | None) -> None:
    out = console()
    for seat, cards in enumerate(deal.hands):
        out.print(Text(f"{_seat_name(seats, seat)}: {_codes(cards)}"))
    out.print(Text(f"layout: {_codes(deal.layout)}"))
    out.print(Text(f"stock (top first): {_codes(deal.stock)}"))


def replay(
    record: Annotated[Path, typer.Argument(metavar="RECORD.json", help="A hand record (docs/record-format.md).")],
    as_json: Annotated[
        bool,
        typer.Option("--json", help='Print {"winner", "points", "payments", "captures", "events"} as JSON.'),
    ] = False,
) -> None:
    """Replay a hand record (or a match record) and print it move by move.

    Each action is shown with the seat that made it, the events it caused and the layout after
    it; the result follows. A record that cannot be replayed (bad JSON, unknown card, a deal that
    is not a permutation of the deck, an illegal action) gives one error line naming the action's
    0-based index, and exit status 2. A match record ("format": "gostop-match") is replayed
    hand by hand (docs/match-record-format.md).

    Example:  gostop replay docs/examples/hand.json --json
    """
    with reported_errors():
        if _replayed_as_match(record, as_json):
            return
        rec = load_record(record)
        hand, steps = replay_record(rec)
        if as_json:
            typer.echo(json.dumps(result_json(hand, steps), ensure_ascii=False))
            return
        _print_replay(rec, hand, steps)


def _replayed_as_match(path: Path, as_json: bool) -> bool:
    """Hand a match record ("format": "gostop-match") to the match replayer; False otherwise."""
    try:
        from gostop.cli.match_replay import is_match_file, print_match_replay
    except ImportError:  # match records not available in this build
        return False
    if not is_match_file(path):
        return False
    print_match_replay(path, as_json)
    return True


def _print_replay(rec: HandRecord, hand: Hand, steps: Sequence[Step]) -> None:
    out = console()
    seats = rec.seats
    rules = rec.rules
    over = rules.overrides()
    title = f"{rec.title}\n" if rec.title else ""
    out.print(
        Text(
            f"{title}rules: {rules.preset}"
            + (f" with {json.dumps(over)}" if over else "")
            + f"; {rec.players} players"
            + (f"; seed {rec.seed}" if rec.seed is not None else "")
            + (f"; nagari before: {rec.nagari_before}" if rec.nagari_before else "")
        )
    )
    _print_deal(rec.get_deal(), seats)
    for ev in hand.deal_events:
        if ev.type not in ("turn", "deal", "layout"):  # the deal is printed above
            out.print(Text(f"  deal: {_event_text(ev, seats)}"))
    # replay a second time step by step to show the layout after each action
    shown = build_hand(rec)
    for i, (action, events) in enumerate(steps):
        who = shown.current_player
        shown.apply(action)
        out.print(Text(f"{i:3d}. {_seat_name(seats, who)}: {action}"))
        for ev in events:
            if ev.type != "turn":  # the next action line says whose turn it is
                out.print(Text(f"       {_event_text(ev, seats)}"))
        out.print(Text(f"       layout: {_layout_text(shown)}"))
    result = hand.result
    if result is None:
        who = hand.current_player
        out.print(Text(f"not finished: {_seat_name(seats, who)} to act next"))
        return
    summary = result_json(hand, steps)
    if result.winner is not None:
        out.print(Text(f"result: {_seat_name(seats, result.winner)} wins by {result.reason}, {result.points} points"))
    elif result.void:
        out.print(Text(f"result: void deal ({result.reason})"))
    else:
        out.print(Text(f"result: nagari ({result.reason})"))
    if result.settlement is not None:
        for step in result.settlement.steps:
            out.print(Text(f"  {step}"))
    out.print(Text("payments (net per seat): " + " ".join(str(p) for p in summary["payments"])))
    if any(summary.get("shots") or ()):
        out.print(Text("shots: " + " ".join(str(s) for s in summary["shots"])))
    for seat, cards in enumerate(summary["captures"]):
        out.print(Text(f"captures {_seat_name(seats, seat)}: {_codes(cards)}"))


def deal(
    seed: Annotated[int, typer.Option("--seed", help="The seed of the shuffle.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Active players, 2 or 3.")] = 2,
    cut: Annotated[
        int | None, typer.Option("--cut", help="Cut depth (DEAL-1): move the top N cards to the bottom.", show_default=False)
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", help="Rules preset (default pagat).", show_default=False)
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP, show_default=False)] = None,
    rules_file: Annotated[
        str | None, typer.Option("--rules", metavar="FILE.toml", help="Rules from a TOML file.", show_default=False)
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a hand record with this deal and no actions.")
    ] = False,
) -> None:
    """Print the deal a seed produces: each hand (seat 0 = dealer), the layout, the stock.

    The deck is shuffled with Python's random.Random(seed) in deck order (docs/record-format.md
    says exactly how), optionally cut, and dealt per the rules' deal_order (DEAL-2).

    Example:  gostop deal --seed 7 --players 2
    """
    with reported_errors():
        rules = select_rules(preset, rules_file, set_)
        the_deal = deal_from_seed(rules, players, seed, cut)
        if as_json:
            rec = HandRecord(rules=rules, players=players, seed=seed, cut=cut, deal=the_deal)
            typer.echo(dumps(rec), nl=False)
            return
        out = console()
        out.print(Text(f"rules: {rules.preset}; {players} players; seed {seed}" + (f"; cut {cut}" if cut else "")))
        _print_deal(the_deal, None)
