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

from gostop.cards import deck_cards
from gostop.cli.errors import EXIT_BAD_INPUT, UsageProblem, check_seed, fail, reported_errors
from gostop.cli.output import console
from gostop.cli.rules_input import SET_HELP, select_rules
from gostop.engine import Action, Event, Hand
from gostop.limits import clip, decode_json
from gostop.match.record import MATCH_FORMAT
from gostop.record import (
    FORMAT,
    Deal,
    HandRecord,
    RecordError,
    ReplayError,
    Step,
    build_hand,
    check_players,
    deal_from_seed,
    dump_in_place,
    dumps,
    fill_record,
    load_record,
    result_json,
    step_json,
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
    records: Annotated[
        list[Path],
        typer.Argument(metavar="RECORD.json...", help="Hand or match records (docs/record-format.md); several are "
                       "replayed one after the other."),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the replay as one JSON object: result, payments, settlement, the table at the "
            "end and after each action, events (docs/record-format.md).",
        ),
    ] = False,
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            metavar="N",
            min=0,
            help="Stop after action N (0-based): show the state right after it.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Replay a hand record (or a match record) and print it move by move.

    Each action is shown with the seat that made it, the events it caused and the layout after it; the result follows. --at N stops after action N. A record that cannot be replayed (bad JSON, unknown card, a deal that is not a permutation of the deck, an illegal action) gives one error line naming the action's 0-based index, and exit status 2; the moves (or, with --json, the facts) up to the failing action are printed first. A match record ("format": "gostop-match") is replayed hand by hand (docs/match-record-format.md). Of several records, one that fails gets an error line starting with its file name, the others are replayed all the same, and the exit status is 2.

    Example:  gostop replay docs/examples/hand.json --json --at 5
    """
    several = len(records) > 1
    if several and at is not None:
        with reported_errors():
            raise UsageProblem("--at works with one record; give a single RECORD.json")
    failed = False
    for i, record in enumerate(records):
        if several and not as_json:
            if i:
                typer.echo("")
            typer.echo(f"== {record} ==")
        try:
            _replay_one(record, as_json, at, subject=str(record) if several else None)
        except typer.Exit as exc:
            if not several or exc.exit_code != EXIT_BAD_INPUT:
                raise
            failed = True  # its error line names it; the records after it are replayed all the same
    if failed:
        raise typer.Exit(EXIT_BAD_INPUT)


def _replay_one(record: Path, as_json: bool, at: int | None, subject: str | None = None) -> None:
    """``gostop replay`` of one record (see :func:`replay`); ``subject`` starts its error line."""
    with reported_errors(subject):
        fmt = _record_format(record)
        if fmt == MATCH_FORMAT:
            if at is not None:
                raise UsageProblem("--at works with hand records; a match record is replayed whole")
            from gostop.cli.match_replay import print_match_replay

            print_match_replay(record, as_json)
            return
        if fmt is not None and fmt != FORMAT:
            raise UsageProblem(_not_a_record(record, fmt))
        rec = load_record(record)
        tables: list[dict[str, Any]] = []

        def snapshot(index: int, action: Action, seat: int | None, hand: Hand) -> None:
            tables.append(step_json(index, action, seat, hand))

        try:
            hand, steps = replay_record(rec, upto=at, on_step=snapshot if as_json else None)
        except ReplayError as exc:
            if as_json:
                out = result_json(exc.hand, exc.steps, tables)
                out["error"] = {"action": exc.action, "message": str(exc)}
                typer.echo(json.dumps(out, ensure_ascii=False))
            else:
                _print_replay(rec, exc.hand, exc.steps, failed=True)
            raise  # the error line, after the moves up to the failing action
        if as_json:
            typer.echo(json.dumps(result_json(hand, steps, tables), ensure_ascii=False))
            return
        _print_replay(rec, hand, steps)


#: The ``format`` of the terminal game's save (``current/save.json``: the match record and the
#: game's settings; :mod:`gostop.play.store`), which is not a record itself.
PLAY_SAVE_FORMAT = "gostop-play-save"
_NO_FORMAT = object()


def _record_format(path: Path) -> Any:
    """The ``format`` of the JSON object in ``path``; ``None`` when the file cannot be read as a
    JSON object at all (the hand-record reader then says what is wrong with it)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # (too deep, a huge number)
        return None
    return data.get("format", _NO_FORMAT) if isinstance(data, dict) else None


def _not_a_record(path: Path, fmt: Any) -> str:
    """What to say of a JSON object that is neither a hand record nor a match record."""
    if fmt == PLAY_SAVE_FORMAT:
        return (
            "this is the saved game of gostop play (the match and the game's settings), not a record; "
            f"replay the match record beside it: {path.parent / 'match.json'}"
        )
    got = "no 'format'" if fmt is _NO_FORMAT else f"'format' {clip(fmt)}"
    return (
        f"not a gostop record: a record's 'format' is {FORMAT!r} (a hand, docs/record-format.md) or "
        f"{MATCH_FORMAT!r} (a match, docs/match-record-format.md); this file has {got}"
    )


def _print_replay(rec: HandRecord, hand: Hand, steps: Sequence[Step], failed: bool = False) -> None:
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
    if failed:
        return  # the error line follows
    if result is None:
        who = hand.current_player
        obs = hand.observation(0)
        out.print(Text(f"not finished: {_seat_name(seats, who)} to act next ({obs.stage})"))
        out.print(Text("stop points so far: " + " ".join(str(p) for p in obs.stop_points)))
        if any(obs.chips) or any(obs.shots):
            out.print(Text("fixed payments so far (net per seat): " + " ".join(str(c) for c in obs.chips)))
            if any(obs.shots):
                out.print(Text("shots so far: " + " ".join(str(s) for s in obs.shots)))
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
    seed: Annotated[
        int | None,
        typer.Option("--seed", callback=check_seed, help="The seed of the shuffle (0 to 2**64-1).", show_default=False),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", min=2, max=3, help="Active players, 2 or 3 (default 2).", show_default=False)
    ] = None,
    cut: Annotated[
        int | None,
        typer.Option(
            "--cut",
            help="Cut the deck before the deal: move the top N cards to the bottom, 1 to the deck's size - 1 "
            "(49 for the 50 cards of pagat).",
            show_default=False,
        ),
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
    fill: Annotated[
        Path | None,
        typer.Option(
            "--fill",
            metavar="RECORD.json",
            help="Complete the partial deal of a hand record (the cards you placed stay; the rest "
            "is filled deterministically) and write the whole deal back into the file.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="With --fill: write the completed record here ('-': print it) instead.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print the deal a seed produces: each hand (seat 0 = dealer), the layout, the stock.

    The deck is shuffled with Python's random.Random(seed) in deck order (docs/record-format.md says exactly how), optionally cut, and dealt in the packet order of the rules' deal_order (the players first, or the layout first).

    --fill RECORD.json completes a hand record whose explicit deal gives only the cards you care about (some hand cards, layout cards, the first stock cards, "stock_bottom"): every other card is placed deterministically, and the complete deal is written back into the record.

    Example:  gostop deal --seed 7 --players 2

    Example:  gostop deal --fill my-scenario.json
    """
    with reported_errors():
        if fill is not None:
            typed = (("--seed", seed), ("--players", players), ("--cut", cut), ("--preset", preset),
                     ("--set", set_), ("--rules", rules_file), ("--json", as_json or None))
            given = [name for name, value in typed if value is not None]  # --cut 0 or --seed 0 too
            if given:
                raise UsageProblem(f"--fill takes everything from the record; do not combine it with {', '.join(given)}")
            _fill(fill, output)
            return
        if output is not None:
            raise UsageProblem("--output goes with --fill")
        if seed is None:
            raise UsageProblem("give --seed N (the deal of a shuffle) or --fill RECORD.json (complete a partial deal)")
        rules = select_rules(preset, rules_file, set_)
        players = 2 if players is None else players
        try:
            check_players(rules, players)  # GEN-7: never write a deal that replay refuses
        except RecordError as exc:
            raise UsageProblem(str(exc).replace("use 2 players", "use --players 2")) from None
        size = len(deck_cards(rules.jokers))
        if cut is not None and not 1 <= cut < size:  # DEAL-1 (0 is not "no cut": leave --cut out)
            raise UsageProblem(
                f"--cut must be 1 to {size - 1} (the cards moved from the top of the {size}-card deck "
                f"to the bottom), got {cut}"
            )
        the_deal = deal_from_seed(rules, players, seed, cut)
        if as_json:
            rec = HandRecord(rules=rules, players=players, seed=seed, cut=cut, deal=the_deal)
            typer.echo(dumps(rec), nl=False)
            return
        out = console()
        out.print(Text(f"rules: {rules.preset}; {players} players; seed {seed}" + (f"; cut {cut}" if cut else "")))
        _print_deal(the_deal, None)


def _fill(path: Path, output: Path | None) -> None:
    """``gostop deal --fill``: complete the record's partial deal and write it back."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    data = decode_json(text, RecordError)
    placed = _placed_count(data)
    rec = fill_record(data)
    if output is not None and str(output) == "-":
        typer.echo(dumps(rec), nl=False)
        return
    target = output if output is not None else path
    try:
        dump_in_place(rec, target)
    except OSError as exc:  # named by the path given, never by the hidden temporary file
        fail(f"cannot write {str(target)!r}: {exc.strerror or exc}")
    total = len(rec.get_deal().cards())
    typer.echo(f"wrote {target}: {placed} cards placed by you, {total - placed} filled in")


def _placed_count(data: Any) -> int:
    """How many cards the author placed in the record's partial deal (for the summary line)."""
    d = data.get("deal") if isinstance(data, dict) else None
    if not isinstance(d, dict):
        return 0

    def count(value: Any) -> int:
        return sum(isinstance(c, str) for c in value) if isinstance(value, list) else 0

    hands = d.get("hands")
    in_hands = sum(count(h) for h in hands) if isinstance(hands, list) else 0
    return in_hands + count(d.get("layout")) + count(d.get("stock")) + count(d.get("stock_bottom"))
