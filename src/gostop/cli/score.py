"""``gostop score``: the score calculator for people playing with real cards.

Type the winner's captured cards and each opponent's, say how many goes, shakes and bombs there
were, and get the score breakdown, the settlement steps and what each opponent pays. ``--cases``
settles a JSON list of RULES.md section 7 cases, one JSON line per case.

All scoring and settlement is done by :mod:`gostop.settlement`; this module parses the command
line and prints.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from gostop.cards import Card, format_cards, parse_card
from gostop.cli.errors import UsageProblem, describe, fail, one_line, reported_errors
from gostop.cli.output import add_row, console, name_column, number_column, table, value_text
from gostop.cli.rules_input import SET_HELP, select_rules
from gostop.cli.rules_input import check_players as check_player_count
from gostop.limits import (
    ECHO_LIMIT,
    MAX_BOMBS,
    MAX_GOES,
    MAX_MISSION_MULTIPLIER,
    MAX_NAGARI_BEFORE,
    MAX_NESTING,
    MAX_PUSHES,
    clip,
    nesting_depth,
    nesting_message,
)
from gostop.rules import Rules, make_rules
from gostop.scoring import ScoreBreakdown
from gostop.scoring import score as score_captures
from gostop.settlement import SettleContext, Settlement, settle, settle_case

_EMPTY_PILE = {"", "-", "none"}
_OPP_REF = re.compile(r"^\s*(?:opp)?\s*(\d{1,3})\s*$", re.IGNORECASE)

_CARDS_HELP = (
    "The winner's captured cards: codes such as 01B 09A 11D 12J2 JK3, or names such as "
    "jan-bright, sake-cup; separated by spaces or commas."
)
_OPP_HELP = (
    "One opponent's captured cards, quoted (\"12B 04J1 04J2\"); give --opp once per opponent, "
    "in seat order (opp1, opp2). Use --opp \"\" (or -) for an opponent who captured nothing."
)
_SEAT_HELP = "the opponent (opp1 or opp2, 1-based) who"

#: Heundeum a winner may declare in one hand, and how many of them November or December: the
#: settlement's own bounds (SettleContext), stated on the options so that --help shows them.
MAX_SHAKES = 4
MAX_NOV_DEC_SHAKES = 2

#: The command-line option of each settlement context field a rule can make impossible.
_CONTEXT_OPTIONS = {
    "weol_yak": "--weol-yak",
    "mission_multiplier": "--mission-multiplier",
    "pushes": "--pushes",
    "bombs": "--bombs",
    "refuser": "--refuser",
    "oe_myeon": "--oe-myeon",
}


@dataclass(frozen=True)
class ContextProblem:
    """A settlement context the rules do not have (a weol-yak bonus without the weol-yak rule,
    a bomb where bombs are not allowed...): settling it would apply a factor the table never
    plays, so ``gostop score`` refuses it.

    ``field`` is the context key (``weol_yak``), ``value`` its value (an opponent index for
    ``refuser`` / ``oe_myeon``), ``why`` the words after the option, ``knob`` / ``setting`` the
    knob that would make it possible (``weol_yak_first_turn``, ``true``), if one does.
    """

    field: str
    value: Any
    why: str
    knob: str | None = None
    setting: str = "true"
    #: whether the command-line message repeats the value (``--pushes 3 is more...``)
    show_value: bool = True

    def option_text(self) -> str:
        """The message for the command line: ``--weol-yak needs the weol-yak rule (--set ...)``."""
        head = _CONTEXT_OPTIONS[self.field]
        if self.show_value:
            shown = f"opp{self.value + 1}" if self.field in ("refuser", "oe_myeon") else self.value
            head = f"{head} {shown}"
        preset = " or a preset that has it" if self.setting == "true" else ""
        fix = f" (--set {self.knob}={self.setting}{preset})" if self.knob else ""
        return f"{head} {self.why}{fix}"

    def case_text(self) -> str:
        """The message for a ``--cases`` entry, in the case's own keys."""
        preset = ", or use a preset that has it" if self.setting == "true" else ""
        fix = f' (set "{self.knob}": {self.setting} in the context\'s "overrides"{preset})' if self.knob else ""
        return f"context '{self.field}' = {json.dumps(self.value)} {self.why}{fix}"


def context_problem(rules: Rules, players: int, context: SettleContext) -> ContextProblem | None:
    """The first fact of ``context`` that ``rules`` make impossible, or None.

    VAR-WEOLYAK-FIRST / VAR-WEOLYAK-MONTH (``weol_yak`` counts the variants the rules have),
    VAR-MISSION (a multiplier needs ``missions`` and lies in ``mission_multiplier_range``),
    VAR-PUSH (at most ``push_limit`` pushes in a row), BOMB-1 (``bomb_allowed``), LIAB-1 /
    LIAB-7 / LIAB-10 (a shodang refusal needs 3 players, ``shodang`` and ``dok_bak``) and
    LIAB-4 (oe-myeon needs 3 players, ``oe_myeon`` and ``dok_bak``). Settlement itself applies
    these factors as given (it settles what it is told); a person typing a hand must not be
    charged for a rule the table does not play.
    """
    if context.weol_yak:
        have = [k for k in ("weol_yak_first_turn", "weol_yak_month") if getattr(rules, k)]
        if not have:
            return ContextProblem(
                "weol_yak", context.weol_yak, "needs the weol-yak rule", "weol_yak_first_turn", show_value=False
            )
        if context.weol_yak > len(have):
            missing = "weol_yak_month" if have == ["weol_yak_first_turn"] else "weol_yak_first_turn"
            return ContextProblem(
                "weol_yak", context.weol_yak,
                "needs both weol-yak rules (first turn and drawn month); these rules have one", missing,
            )
    if context.mission_multiplier != 1:
        if not rules.missions:
            return ContextProblem(
                "mission_multiplier", context.mission_multiplier, "needs the mission rule", "missions", show_value=False
            )
        low, high = rules.mission_multiplier_range
        if not low <= context.mission_multiplier <= high:
            return ContextProblem(
                "mission_multiplier", context.mission_multiplier,
                f"is not a mission multiplier of these rules: they draw {low} to {high}",
            )
    if context.pushes > rules.push_limit:
        if rules.push_limit == 0:
            return ContextProblem(
                "pushes", context.pushes, "needs the push rule", "push_limit", str(context.pushes), show_value=False
            )
        return ContextProblem(
            "pushes", context.pushes,
            f"is more pushes in a row than these rules allow ({rules.push_limit})", "push_limit", str(context.pushes),
        )
    if context.bombs and not rules.bomb_allowed:
        return ContextProblem("bombs", context.bombs, "needs bombs to be allowed", "bomb_allowed", show_value=False)
    for field, rule, words in (("refuser", "shodang", "a shodang refusal"), ("oe_myeon", "oe_myeon", "oe-myeon")):
        seat = getattr(context, field)
        if seat is None:
            continue
        if players != 3:
            return ContextProblem(field, seat, f"is for 3-player hands: {words} makes one loser pay for both")
        if not getattr(rules, rule):
            return ContextProblem(field, seat, f"needs the {rule.replace('_', '-')} rule", rule)
        if not rules.dok_bak:
            return ContextProblem(field, seat, "needs dok-bak (one loser paying for both)", "dok_bak")
    return None



def read_cards(text: str) -> list[Card]:
    """Cards typed by a person: codes in any case (``01b`` is ``01B``, ``jk1`` is ``JK1``) or
    friendly names, separated by spaces or commas."""
    out: list[Card] = []
    for word in text.replace(",", " ").split():
        try:
            out.append(parse_card(word))
        except ValueError:
            if word.upper() == word:
                raise
            try:
                out.append(parse_card(word.upper()))
            except ValueError:
                raise ValueError(str(_card_error(word))) from None
    return out


def _card_error(word: str) -> str:
    try:
        parse_card(word)
    except ValueError as exc:
        return str(exc)
    return f"unknown card code {word!r}"  # pragma: no cover - only called after a failure


def parse_pile(text: str) -> list[Card]:
    """One pile of captured cards (``""``, ``-`` or ``none`` for an empty pile)."""
    if text.strip().lower() in _EMPTY_PILE:
        return []
    return read_cards(text)


def parse_opponent_ref(text: str | None, opponents: int, option: str) -> int | None:
    """``opp1`` / ``1`` -> 0 (an index into the opponents); ``None`` stays ``None``."""
    if text is None:
        return None
    m = _OPP_REF.match(text)
    valid = ", ".join(f"opp{i + 1}" for i in range(opponents))
    if m is None:
        raise UsageProblem(f"{option} expects an opponent such as opp1, got {clip(text)} (valid: {valid})")
    number = int(m.group(1))
    if not 1 <= number <= opponents:
        raise UsageProblem(
            f"{option} {text}: there is no opponent {number} with {opponents} --opp given (valid: {valid})"
        )
    return number - 1


def score(
    winner: Annotated[
        list[str] | None, typer.Argument(metavar="WINNER_CARDS...", help=_CARDS_HELP, show_default=False)
    ] = None,
    opp: Annotated[
        list[str] | None, typer.Option("--opp", "-o", metavar="CARDS", help=_OPP_HELP, show_default=False)
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", min=2, max=3, help="Active players, 2 or 3 (checked against the --opp count).", show_default=False),
    ] = None,
    goes: Annotated[int, typer.Option("--goes", min=0, max=MAX_GOES, help="How many times the winner said go.")] = 0,
    shakes: Annotated[
        int, typer.Option("--shakes", min=0, max=MAX_SHAKES, help="Heundeum (shakes) the winner declared.")
    ] = 0,
    shakes_nov_dec: Annotated[
        int,
        typer.Option(
            "--shakes-nov-dec", min=0, max=MAX_NOV_DEC_SHAKES, help="How many of those shakes were November or December."
        ),
    ] = 0,
    bombs: Annotated[
        int, typer.Option("--bombs", min=0, max=MAX_BOMBS, help="Bombs the winner played (when the rules allow bombs).")
    ] = 0,
    nagari_before: Annotated[
        int, typer.Option("--nagari-before", min=0, max=MAX_NAGARI_BEFORE, help="Consecutive nagari (drawn hands) just before this one.")
    ] = 0,
    weol_yak: Annotated[
        int, typer.Option("--weol-yak", min=0, max=2, help="Weol-yak 월약 bonuses the winner earned, 0 to 2 (x4 each; only under rules that have them: weol_yak_first_turn, all four cards of a month taken on the first turn; weol_yak_month, all four cards of the month drawn before the deal).")
    ] = 0,
    mission_multiplier: Annotated[
        int, typer.Option("--mission-multiplier", min=1, max=MAX_MISSION_MULTIPLIER, help="The multiplier of the mission the winner completed (1: none; only under rules with missions, within their mission_multiplier_range).")
    ] = 1,
    pushes: Annotated[
        int, typer.Option("--pushes", min=0, max=MAX_PUSHES, help="Pushes (milgi 밀기) in a row just before this hand, x2 each: a push gives up the payment of a won hand to double the next (only under rules with pushes: at most push_limit).")
    ] = 0,
    goer: Annotated[
        str | None,
        typer.Option("--goer", metavar="OPP", help=f"Go-bak: {_SEAT_HELP} said go and is liable.", show_default=False),
    ] = None,
    refuser: Annotated[
        str | None,
        typer.Option("--refuser", metavar="OPP", help=f"Shodang: {_SEAT_HELP} refused a shodang offer still in force (3 players, rules with shodang and dok-bak).", show_default=False),
    ] = None,
    oe_myeon: Annotated[
        str | None,
        typer.Option("--oe-myeon", metavar="OPP", help=f"Oe-myeon: {_SEAT_HELP} left the winner's card on the layout (3 players, rules with oe-myeon and dok-bak).", show_default=False),
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", help="Rules preset (default pagat; see `gostop rules list`).", show_default=False)
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP, show_default=False)] = None,
    rules_file: Annotated[
        str | None, typer.Option("--rules", metavar="FILE.toml", help="Rules from a TOML file (see `gostop rules show --toml`).", show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")] = False,
    cases: Annotated[
        Path | None,
        typer.Option("--cases", metavar="FILE.json", help='Settle a JSON list of cases ({"preset", "players", "winner_captures", "opponents", "context"} each); one JSON line per case.', show_default=False),
    ] = None,
) -> None:
    """Score a finished hand and show what each opponent pays.

    Give the winner's captured cards as arguments and each opponent's with one --opp each; the number of players (2 or 3) follows from the number of --opp (or give --players to have it checked). Card codes: month 01..12 + B bright, A animal, R ribbon, D double junk, J1/J2 junk (01B, 09A, 11D, 12J2); jokers JK1 JK2 JK3 JKB JKX JKP (copies JK1-2...). Names such as jan-bright, sep-animal, dec-double, sake-cup also work.

    Example (pagat, 3 players; opp2 pays gwang-bak):

      gostop score 01B 03B 08B 01R 02R 05J1 05J2 06J1 --opp "12B 04J1 04J2 07J1 07J2 10J1" --opp "06R 09J1 09J2"

    Example (fuda-wiki, 2 players, one bomb, the opponent had said go):

      gostop score 01B 03B 08B 11B 06R 09R 10R 05A --opp "12B 05J1" --bombs 1 --goer opp1 --preset fuda-wiki

    A context the rules do not have is refused (--weol-yak without a weol-yak rule, --bombs when bombs are not allowed, --refuser in a 2-player hand...): the error names the knob to turn on with --set.

    Batch mode: gostop score --cases cases.json reads a JSON list of cases (preset, players, winner_captures, opponents, context) and prints one JSON object per case and line: {"id": ..., "points": ..., "payments": \\[...]}, or {"id": ..., "error": "..."} for a case that cannot be settled. Exit status: 0 when at least one case is settled (or the list is empty), 1 when every case is an error, 2 when the file cannot be read as a list of cases.
    """
    with reported_errors():
        if cases is not None:
            given = [
                name
                for name, value in (
                    ("winner cards", winner),
                    ("--opp", opp),
                    ("--players", players),
                    ("--goer", goer),
                    ("--refuser", refuser),
                    ("--oe-myeon", oe_myeon),
                    ("--preset", preset),
                    ("--set", set_),
                    ("--rules", rules_file),
                )
                if value
            ] + [
                name
                for name, count in (
                    ("--goes", goes),
                    ("--shakes", shakes),
                    ("--shakes-nov-dec", shakes_nov_dec),
                    ("--bombs", bombs),
                    ("--nagari-before", nagari_before),
                    ("--weol-yak", weol_yak),
                    ("--mission-multiplier", mission_multiplier - 1),
                    ("--pushes", pushes),
                )
                if count
            ]
            if given:
                raise UsageProblem(
                    f"--cases takes everything from the file; do not combine it with {', '.join(given)}"
                )
            run_cases(cases)
            return

        rules = select_rules(preset, rules_file, set_)
        if not winner:
            raise UsageProblem(
                "give the winner's captured cards, e.g. gostop score 01B 03B 08B --opp \"12B\" --opp \"\""
            )
        winner_cards = read_cards(" ".join(winner))
        if not opp:
            raise UsageProblem("give each opponent's captured cards with --opp \"...\" (once per opponent)")
        opponents = [parse_pile(text) for text in opp]
        if players is None:
            if len(opponents) > 2:
                raise UsageProblem(
                    f"wrong number of opponents: give one --opp (2 players) or two (3 players), "
                    f"got {len(opponents)}"
                )
            players = len(opponents) + 1
        elif players != len(opponents) + 1:
            raise UsageProblem(
                f"wrong number of opponents: {players} players need {players - 1} --opp "
                f"(one per opponent), got {len(opponents)}"
            )
        check_player_count(rules, players, "give one --opp (2 players)")
        context = SettleContext(
            goes=goes,
            shakes=shakes,
            shakes_nov_dec=shakes_nov_dec,
            bombs=bombs,
            nagari_before=nagari_before,
            weol_yak=weol_yak,
            mission_multiplier=mission_multiplier,
            pushes=pushes,
            goer=parse_opponent_ref(goer, len(opponents), "--goer"),
            refuser=parse_opponent_ref(refuser, len(opponents), "--refuser"),
            oe_myeon=parse_opponent_ref(oe_myeon, len(opponents), "--oe-myeon"),
        )
        problem = context_problem(rules, players, context)
        if problem is not None:
            raise UsageProblem(problem.option_text())
        settlement = settle(rules, players, winner_cards, opponents, context)
        if as_json:
            typer.echo(json.dumps(settlement_json(rules, players, settlement), ensure_ascii=False))
        else:
            print_settlement(rules, players, winner_cards, opponents, settlement)



def settlement_json(rules: Rules, players: int, settlement: Settlement) -> dict[str, Any]:
    """The ``--json`` output: the rules used, then the settlement's own JSON form."""
    return {"preset": rules.preset, "overrides": rules.overrides(), "players": players, **settlement.to_json()}


def case_line(case: Any) -> dict[str, Any]:
    """The output object of one ``--cases`` entry (never raises)."""
    case_id = _case_id(case.get("id")) if isinstance(case, Mapping) else None
    if not isinstance(case, Mapping):
        return {"id": None, "error": f"a case must be a JSON object, got {_json_type(case)}"}
    if nesting_depth(case, MAX_NESTING) > MAX_NESTING:
        return {"id": case_id, "error": nesting_message("the case")}
    if case.get("kind") == "score":  # one capture pile scored (tests/cases/matgo_vectors.json)
        try:
            breakdown = _score_case(case)
        except Exception as exc:
            return {"id": case_id, "error": describe(exc)}
        return {"id": case_id, "points": breakdown.hand_points, "junk": breakdown.junk_count}
    try:
        settlement = settle_case(case)
        problem = _case_context_problem(case)
    except Exception as exc:
        return {"id": case_id, "error": describe(exc)}
    if problem is not None:
        return {"id": case_id, "error": problem.case_text()}
    return {"id": case_id, "points": settlement.points, "payments": list(settlement.payments)}


def _case_context_problem(case: Mapping[str, Any]) -> ContextProblem | None:
    """:func:`context_problem` of a case that settled (so its rules and context are valid)."""
    context_data = case.get("context") or {}
    players = case.get("players")
    if not isinstance(players, int) or not isinstance(context_data, Mapping):
        return None
    rules = make_rules(case.get("preset", "pagat"), context_data.get("overrides") or {})
    return context_problem(rules, players, SettleContext.from_json(context_data))


def _score_case(case: Mapping[str, Any]) -> ScoreBreakdown:
    """A ``"kind": "score"`` case: ``preset``, ``overrides``, ``captures`` and an optional
    ``flex_class`` (SCORE-8), scored by :func:`gostop.scoring.score`."""
    preset = case.get("preset", "pagat")
    overrides = case.get("overrides") or {}
    if not isinstance(preset, str) or not isinstance(overrides, Mapping):
        raise ValueError("a score case needs 'preset' (a name) and 'overrides' (an object)")
    captures = case.get("captures")
    if not isinstance(captures, list) or not all(isinstance(c, str) for c in captures):
        raise ValueError("a score case needs 'captures', a list of card codes")
    return score_captures(make_rules(preset, overrides), captures, case.get("flex_class"))


def _case_id(value: Any) -> Any:
    """A case's id as echoed back: a short string or a number as given, anything else cut."""
    if value is None or isinstance(value, bool | float) or (isinstance(value, int) and value.bit_length() < 64):
        return value
    if isinstance(value, str) and len(value) <= ECHO_LIMIT:
        return value
    return clip(value)


def case_text(case: Any) -> str:
    """The JSON line of one ``--cases`` entry; a case whose result cannot be written as JSON
    gets an ``{"id", "error"}`` line of its own (never raises)."""
    return _line_text(case_line(case))


def _line_text(line: dict[str, Any]) -> str:
    try:
        return json.dumps(line, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError) as exc:
        problem = one_line(f"its settlement cannot be written as JSON ({type(exc).__name__}: {exc})")
        return json.dumps({"id": line.get("id"), "error": problem[:300]}, ensure_ascii=False)


def run_cases(path: Path) -> None:
    """Settle every case of a JSON file, printing one JSON line per case."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read cases file {str(path)!r}: {exc.strerror or exc}")
    except UnicodeDecodeError:
        fail(f"cannot read cases file {str(path)!r}: not UTF-8 text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{path}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
    except RecursionError:
        fail(f"{path}: {nesting_message('the JSON')}")
    except ValueError:
        fail(f"{path}: not valid JSON for gostop: a number has more than 4300 digits")
    if isinstance(data, dict) and isinstance(data.get("cases"), list):
        data = data["cases"]  # a case file with notes (tests/cases/matgo_vectors.json)
    if not isinstance(data, list):
        fail(f"{path}: expected a JSON list of cases, got a JSON {_json_type(data)}")
    settled = 0
    for case in data:
        line = case_line(case)
        text = _line_text(line)
        settled += "error" not in line and '"error":' not in text
        typer.echo(text)
    if data and not settled:  # exit status 1: nothing could be settled
        typer.echo(f"none of the {len(data)} case(s) could be settled: see the \"error\" of each line", err=True)
        raise typer.Exit(1)


def _json_type(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "null" if value is None else type(value).__name__


def print_settlement(
    rules: Rules,
    players: int,
    winner_cards: Sequence[Card],
    opponents: Sequence[Sequence[Card]],
    settlement: Settlement,
) -> None:
    """The human output: score breakdown, settlement steps, payment table."""
    out = console()
    breakdown = settlement.breakdown
    unit = settlement.unit
    changed = ", ".join(f"{k}={value_text(v)}" for k, v in rules.overrides().items())
    typer.echo(
        f"Preset {rules.preset}"
        + (f" (changed: {changed})" if changed else "")
        + f", {players} players, stop target {rules.stop_target(players)}"
    )
    typer.echo(f"Winner's cards: {format_cards(winner_cards)}")
    typer.echo("")

    junk_cards = " ".join(card.code if value == 1 else f"{card.code}={value}" for card, value in breakdown.junk)
    t = table("Winner's captures by class", [name_column("Class"), number_column("Count"), "Cards"])
    add_row(t, "brights", breakdown.bright_count, format_cards(breakdown.brights))
    add_row(t, "animals", breakdown.animal_count, format_cards(breakdown.animals))
    add_row(t, "ribbons", breakdown.ribbon_count, format_cards(breakdown.ribbons))
    add_row(t, "junk (value)", breakdown.junk_count, junk_cards)
    if breakdown.others:
        add_row(t, "other", len(breakdown.others), format_cards(breakdown.others))
    out.print(t)
    typer.echo("")

    t = table("Score", ["Scoring", name_column("Rule"), "Cards", number_column("Points")])
    for item in breakdown.items:
        add_row(t, item.name, item.rule, format_cards(item.cards), item.points)
    t.add_section()
    add_row(t, "hand points" + (" (capped)" if breakdown.capped else ""), "PAY-1", "", settlement.points, style="bold")
    out.print(t)
    notes = [f"stop points {settlement.stop_points}"]
    if settlement.flex_class is not None:
        notes.append(f"flex card counted as {settlement.flex_class}")
    typer.echo("(" + "; ".join(notes) + ")")

    typer.echo("")
    typer.echo("Settlement:")
    for number, step in enumerate(settlement.steps, start=1):
        typer.echo(f"  {number}. {step}")
    typer.echo("")

    amount_header = "Takes (shots)" if unit == "shots" else f"Pays ({unit})"
    t = table("Payments", [name_column("Opponent"), "Captured", number_column(amount_header)])
    for index, (pile, amount) in enumerate(zip(opponents, settlement.payments, strict=True)):
        note = " (liable)" if settlement.liable == index else ""
        add_row(t, f"opp{index + 1}{note}", format_cards(pile) or "(nothing)", amount)
    t.add_section()
    add_row(t, "total", "", settlement.total, style="bold")
    out.print(t)
    if settlement.liable is not None:
        typer.echo(f"opp{settlement.liable + 1} pays for both ({settlement.liability}).")
