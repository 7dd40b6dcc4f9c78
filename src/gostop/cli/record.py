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
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from gostop.cards import deck_cards
from gostop.cli.errors import (
    EXIT_BAD_INPUT,
    UsageProblem,
    check_seed,
    error_language,
    fail,
    number_ranges,
    reported_errors,
)
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


def _seat_name(seats: Sequence[str] | None, seat: int | None, lang: str = "en") -> str:
    """``seat 0 (Min-ji)``; a seat named "You" is quoted: a replay has no reader at the table."""
    from gostop.words.replay import seat_label

    named = seats is not None and seat is not None and 0 <= seat < len(seats)
    return seat_label(seat, seats[seat] if named and seats is not None and seat is not None else None, lang)


def _event_lines(ev: Event, seat_of: Any, players: int, lang: str, rules: Any) -> str | None:
    """One event of the hand said in the terminal game's words, for everybody (no seat is the
    reader), or None for an event said by nothing (a turn, the settlement: the result says it)."""
    from gostop.match import MatchEvent
    from gostop.play.narrate import narrate

    line = narrate(MatchEvent("hand", ev.seat, hand_event=ev), seat_of, tuple(range(players)), -1, lang, rules)
    return None if line is None or line.kind == "turn" else line.text


def _layout_text(hand: Hand, seats: Sequence[str] | None = None, lang: str = "en") -> str:
    """The layout, a stack of three written [a b c] (with its owner when it has one)."""
    from gostop.words.replay import stack_text, table_row

    obs = hand.observation(0).to_json()
    in_stacks = {c for s in obs["stacks"] for c in s["cards"]}
    parts = [c for c in obs["layout"] if c not in in_stacks]
    for s in obs["stacks"]:
        owner = None if s["owner"] is None else _seat_name(seats, s["owner"], lang)
        parts.append(stack_text(s["cards"], owner, lang))
    return table_row(parts, lang)


def _print_deal(deal: Deal, seats: Sequence[str] | None, lang: str = "en") -> None:
    from gostop.words.replay import deal_rows

    out = console()
    for row in deal_rows(deal.hands, deal.layout, deal.stock, seats, lang):
        out.print(Text(row))


def _lang_of(lang: str | None) -> str:
    """``--lang``, checked; without it the language ``gostop play --lang`` remembers."""
    from gostop.play.store import remembered_lang
    from gostop.words import LANGS
    from gostop.words.replay import unknown_language

    if lang is None:
        return remembered_lang()
    if lang.lower() not in LANGS:
        raise UsageProblem(unknown_language(lang, LANGS))
    return lang.lower()


def _error_lang(lang: str | None, args: Sequence[str] = ()) -> str:
    """The language of an error line of the parser: :func:`_lang_of`, English for an unknown one."""
    try:
        return _lang_of(lang)
    except UsageProblem:
        return "en"


error_language("replay", _error_lang)
number_ranges("deal", {"--seed": (0, "2**64-1")})


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
            "end and after each action, events (docs/record-format.md). Facts only: the same in every language.",
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
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The language of the text: en (English) or ko (Korean); default: the one gostop play "
            "remembers (its --lang), else English.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Replay a hand record (or a match record) and print it move by move.

    Each action is shown with the seat that made it (as the record writes it: play 06A), what it did in words and the layout after it; the result, the settlement in words and the payments follow. Every line is said for everybody: a seat named "You" is a name here, in quotation marks. --lang ko prints it in Korean (default: the language gostop play remembers). --at N stops after action N. A record that cannot be replayed (bad JSON, unknown card, a deal that is not a permutation of the deck, an illegal action) gives one error line naming the action's 0-based index, and exit status 2; the moves (or, with --json, the facts) up to the failing action are printed first. A match record ("format": "gostop-match") is replayed hand by hand, with its ledger (docs/match-record-format.md). Of several records, one that fails gets an error line starting with its file name, the others are replayed all the same, and the exit status is 2.

    Example:  gostop replay docs/examples/hand.json --json --at 5

    Example:  gostop replay docs/examples/hand.json --lang ko
    """
    with reported_errors():
        chosen = _lang_of(lang)
    several = len(records) > 1
    if several and at is not None:
        from gostop.words.replay import at_needs_one_record

        with reported_errors(lang=chosen):
            raise UsageProblem(at_needs_one_record(chosen))
    failed = False
    for i, record in enumerate(records):
        if several and not as_json:
            if i:
                typer.echo("")
            typer.echo(f"== {record} ==")
        try:
            _replay_one(record, as_json, at, subject=str(record) if several else None, lang=chosen)
        except typer.Exit as exc:
            if not several or exc.exit_code != EXIT_BAD_INPUT:
                raise
            failed = True  # its error line names it; the records after it are replayed all the same
    if failed:
        raise typer.Exit(EXIT_BAD_INPUT)


def _replay_one(record: Path, as_json: bool, at: int | None, subject: str | None = None, lang: str = "en") -> None:
    """``gostop replay`` of one record (see :func:`replay`); ``subject`` starts its error line."""
    from gostop.words import replay as said

    with reported_errors(subject, lang):
        fmt = _record_format(record)
        if fmt == MATCH_FORMAT:
            if at is not None:
                raise UsageProblem(said.at_needs_a_hand_record(lang))
            from gostop.cli.match_replay import print_match_replay

            with _in_words(lang):
                print_match_replay(record, as_json, lang)
            return
        if fmt is not None and fmt != FORMAT:
            raise UsageProblem(_not_a_record(record, fmt, lang))
        with _in_words(lang):
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
                _print_replay(rec, exc.hand, exc.steps, failed=True, lang=lang)
            if lang != "en":
                raise UsageProblem(_replay_problem(rec, exc, lang)) from None
            raise  # the error line, after the moves up to the failing action
        except RecordError as exc:
            if lang != "en":
                raise UsageProblem(said.record_problem(str(exc), lang)) from None
            raise
        if as_json:
            typer.echo(json.dumps(result_json(hand, steps, tables), ensure_ascii=False))
            return
        _print_replay(rec, hand, steps, lang=lang)


@contextmanager
def _in_words(lang: str) -> Iterator[None]:
    """Say a record's problem (the record module's reason, which names the record's keys and
    values) inside a sentence of ``lang``; in English as it is."""
    from gostop.match import MatchRecordError
    from gostop.words.replay import record_problem

    try:
        yield
    except (RecordError, MatchRecordError) as exc:
        if lang == "en":
            raise
        raise UsageProblem(record_problem(str(exc), lang)) from None


def _replay_problem(rec: HandRecord, exc: ReplayError, lang: str) -> str:
    """Why the replay of ``rec`` stopped, said from the facts in ``lang``: the action that is
    unreadable, comes after the end or is illegal (with the legal ones), a result that differs."""
    from gostop.engine import ActionParseError
    from gostop.record import result_summary
    from gostop.words import replay as said

    i = exc.action
    hand = exc.hand
    if i is None:
        expected = rec.result or {}
        got = result_summary(hand.result) if hand.result is not None else None
        if got is not None:
            for key, value in got.items():
                if key in expected and expected[key] != value:
                    return said.result_differs(key, json.dumps(value), clip(expected[key]), lang)
        return said.record_problem(str(exc), lang)
    text = rec.actions[i] if 0 <= i < len(rec.actions) else ""
    short = clip(text, 40)
    if hand.is_over:
        return said.action_after_end(i, short, lang)
    try:
        action = Action.parse(text)
    except ActionParseError:
        return said.action_unreadable(i, short, lang)
    legal = hand.legal_actions()
    if action not in legal:
        who = _seat_name(rec.seats, hand.current_player, lang)
        return said.action_illegal(i, short, who, [str(a) for a in legal], lang)
    return said.record_problem(str(exc), lang)


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


def _not_a_record(path: Path, fmt: Any, lang: str = "en") -> str:
    """What to say of a JSON object that is neither a hand record nor a match record."""
    from gostop.words.replay import not_a_record, save_not_a_record

    if fmt == PLAY_SAVE_FORMAT:
        return save_not_a_record(str(path.parent / "match.json"), lang)
    return not_a_record(FORMAT, MATCH_FORMAT, None if fmt is _NO_FORMAT else clip(fmt), lang)


def _print_replay(rec: HandRecord, hand: Hand, steps: Sequence[Step], failed: bool = False, lang: str = "en") -> None:
    from gostop.words import catalog, reason_text, settlement_lines
    from gostop.words.replay import (
        captures_line,
        deal_event_line,
        payments_line,
        quoted,
        result_line,
        rules_line,
        seat_label,
        shots_line,
        unfinished_lines,
    )

    out = console()
    seats = rec.seats
    rules = rec.rules
    over = rules.overrides()

    def name(seat: int | None) -> str:
        return _seat_name(seats, seat, lang)

    def called(seat: int | None) -> str:
        """A seat inside a sentence: its name alone (quoted if it is "You"), else ``seat 1``."""
        if seats is not None and seat is not None and 0 <= seat < len(seats):
            return quoted(seats[seat])
        return seat_label(seat, None, lang) if seat else catalog(lang).t("seat {n}", n=0)

    def said(ev: Event) -> str | None:
        return _event_lines(ev, called, rec.players, lang, rules)

    if rec.title:
        out.print(Text(rec.title))
    out.print(Text(rules_line(rules.preset, json.dumps(over) if over else "", rec.players, rec.seed,
                              rec.nagari_before, lang)))
    _print_deal(rec.get_deal(), seats, lang)
    for ev in hand.deal_events:
        if ev.type not in ("turn", "deal", "layout"):  # the deal is printed above
            line = said(ev)
            if line is not None:
                out.print(Text(f"  {deal_event_line(line, lang)}"))
    # replay a second time step by step to show the layout after each action
    shown = build_hand(rec)
    for i, (action, events) in enumerate(steps):
        who = shown.current_player
        shown.apply(action)
        out.print(Text(f"{i:3d}. {name(who)}: {action}"))  # the action as the record writes it
        for ev in events:
            line = said(ev)
            if line is not None:
                out.print(Text(f"       {line}"))
        out.print(Text(f"       {_layout_text(shown, seats, lang)}"))
    result = hand.result
    if failed:
        return  # the error line follows
    every = range(rec.players)
    if result is None:
        obs = hand.observation(0)
        for line in unfinished_lines(
            name(hand.current_player), obs.stage,
            [(name(s), obs.stop_points[s]) for s in every],
            [(name(s), obs.chips[s]) for s in every],
            [(name(s), obs.shots[s]) for s in every] if obs.shots else [],
            lang,
        ):
            out.print(Text(line))
        return
    summary = result_json(hand, steps)
    outcome = "win" if result.winner is not None else "void" if result.void else "nagari"
    winner = name(result.winner) if result.winner is not None else None
    out.print(Text(result_line(outcome, winner, reason_text(result.reason, lang), result.points, lang)))
    s = result.settlement
    if s is not None:
        from gostop.play.session import oe_myeon_card

        payers = [called(o) for o in result.opponents]
        goes = result.context.goes if result.context is not None else 0
        card = None
        if s.liability == "oe-myeon" and s.liable is not None:
            card = oe_myeon_card(hand, result.opponents[s.liable], result.winner)
        for line in settlement_lines(s, payers, goes, you="", oe_myeon_card=card, lang=lang,
                                     flex_junk_value=hand.rules.flex_junk_value):
            out.print(Text(f"  {line}"))
    out.print(Text(payments_line([(name(i), int(p)) for i, p in enumerate(summary["payments"])], lang)))
    if any(summary.get("shots") or ()):
        out.print(Text(shots_line([(name(i), int(p)) for i, p in enumerate(summary["shots"])], lang)))
    for seat, cards in enumerate(summary["captures"]):
        out.print(Text(captures_line(name(seat), [str(c) for c in cards], lang)))


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
