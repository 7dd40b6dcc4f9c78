"""``gostop simulate``: a tournament between bots on duplicate deals.

Example::

    gostop simulate search greedy --deals 2000 --preset pagat
    gostop simulate search greedy greedy -n 500 --set shodang=false --json
    gostop simulate search:steps=1000 greedy -n 300 --workers 2
    gostop simulate search greedy -n 1000 --backend ray --address auto
    gostop simulate --match hard normal easy easy normal --matches 20
    gostop simulate --ladder easy normal instinct hard --deals 1000

Ranges: ``--deals`` 1 to 10,000,000; ``--matches`` 1 to 1,000,000; ``--hands`` 1 to 1,000;
``--workers`` 1 to 1,024; ``--seed`` 0 to 2**64-1 (:data:`gostop.sim.LIMITS`); bot parameters
as :mod:`gostop.agents.registry` documents.

Bots: ``random``, ``greedy``, ``expert``, ``search``, ``learned`` and the levels ``easy`` /
``normal`` / ``instinct`` / ``hard`` (:data:`gostop.agents.LEVELS`); parameters follow the name, ``name:key=value:key=value`` (``search:steps=1000``,
``search:ms=200``). One bot per seat: two bots for a 2-player table, three for 3 players;
with ``--match`` two to seven. ``--ladder`` plays every pair of the bots listed (2 players,
the same duplicate deals for every pair) and prints a rating per bot (:mod:`gostop.sim.ladder`:
Bradley--Terry on hand wins, Elo scale, bootstrap CIs) and the points of every pair.

All playing and counting is done by :mod:`gostop.sim`; this module parses and prints.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Column
from rich.text import Text

from gostop.cli.errors import UsageProblem, number_ranges, reported_errors
from gostop.cli.output import add_row, bot_column, console, interval_column, table, value_text
from gostop.cli.rules_input import SET_HELP, check_players, select_rules
from gostop.rules import Rules
from gostop.signals import interrupt_status, sigterm_as_interrupt

if TYPE_CHECKING:  # the bots and the simulator are imported when the command runs (below)
    from gostop.sim import MatchReport, Report
    from gostop.sim.ladder import Ladder

__all__ = ["simulate_command", "format_report", "format_match_report", "format_ladder", "duration_text"]

_BOTS_HELP = (
    "One bot per seat (2 or 3; with --match 2 to 7; with --ladder 2 or more, each once): random, greedy, expert, "
    "search, learned, or a level easy/normal/instinct/hard; "
    "parameters as name:key=value, e.g. search:steps=1000 or search:ms=200."
)


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def _ci(lo: float, hi: float, pct: bool = False, digits: int = 2) -> str:
    """An interval ``[lo, hi]``; ``n/a`` when there is none (fewer than two deals or matches)."""
    if math.isnan(lo) or math.isnan(hi):
        return "n/a"
    if pct:
        return f"[{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"[{lo:+.{digits}f}, {hi:+.{digits}f}]"


def _count(n: int, word: str, plural: str | None = None) -> str:
    """``1 deal``, ``2 deals``, ``1 match``, ``3 matches``."""
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


def rules_text(rules: Rules) -> str:
    """The rules of a run as every report's header says them: ``pagat + go_scheme=linear``."""
    over = rules.overrides()
    return rules.preset + (" + " + ", ".join(f"{k}={value_text(v)}" for k, v in over.items()) if over else "")


def _in_shots(rules: Rules) -> bool:
    """True when the rules pay in shots (goo-stupe): every figure of a report is then minus the
    shots a bot took (fewer shots is better), not its net chips."""
    return rules.payment_unit == "shots"


def _unit(rules: Rules) -> str:
    """What a report's points and chips are, in its titles: ``net chips`` or ``minus the shots
    taken``."""
    return "minus the shots taken" if _in_shots(rules) else "net chips"


def _number(header: str) -> Column:
    """A right-aligned column of figures. On a terminal too narrow for the table it wraps (it
    is never cut short), so that the bot names keep some room: rich gives a lone wrapping
    column up entirely when the others cannot wrap."""
    return Column(header, justify="right", overflow="fold")


def _bot_header(name: str) -> Column:
    """A right-aligned column headed by a bot's name, folded (never cut) when it is long."""
    return Column(name, justify="right", overflow="fold")


def duration_text(ms: float) -> str:
    """A decision time given in milliseconds: ``12.3 ms``, or ``45 µs`` below one millisecond
    (where milliseconds would round to 0.0)."""
    if math.isnan(ms):
        return "-"
    if ms < 1.0:
        return f"{ms * 1000:.0f} µs"
    return f"{ms:.1f} ms"


def format_report(report: Report, out: Console) -> None:
    """Print the report's tables on ``out`` (three narrow tables, for 80-column terminals)."""
    from gostop.sim.report import EVENT_TYPES_SHOWN, SHODANG_EVENTS

    job = report.job
    out.print(
        Text(
            f"{_count(report.deals, 'deal')} x {job.players} seatings = {_count(report.hands, 'hand')}, "
            f"{job.players} players, rules {rules_text(job.rules)}, seed {job.seed}; "
            f"nagari {_pct(report.nagari / report.hands)}"
            + (
                f" (by an accepted shodang offer {_pct(report.shodang_nagari / report.hands)})"
                if job.players == 3 and job.rules.shodang
                else ""
            )
            + (f", {report.redeals} void deals re-dealt" if report.redeals else "")
        )
    )
    t = table(
        f"Points per hand ({_unit(job.rules)}; 95 % CI clustered by deal) and wins (Wilson CI)",
        [bot_column(), _number("seats"), _number("points"), interval_column("95% CI"), _number("win %"), interval_column("95% CI")],
    )
    for b in report.bots:
        add_row(
            t,
            b.bot,
            b.seats,
            f"{b.points.value:+.2f}",
            _ci(b.points.low, b.points.high),
            _pct(b.win_rate),
            _ci(b.win_low, b.win_high, pct=True),
        )
    out.print(t)
    p = table(
        "Go/stop and decision time",
        [bot_column(), _number("nagari"), _number("go hands"), _number("go won"), _number("go-bak"), _number("p50"), _number("p95")],
    )
    for b in report.bots:
        add_row(
            p,
            b.bot,
            _pct(b.nagari_rate),
            b.go_hands,
            _pct(b.go_success),
            _pct(b.go_bak_rate),
            duration_text(b.time_p50_ms),
            duration_text(b.time_p95_ms),
        )
    out.print(p)
    if job.players == 3 and job.rules.shodang:
        st = table(
            "Shodang per hand",
            [bot_column(), _number("offers"), _number("accepts"), _number("refusals")],
        )
        for b in report.bots:
            add_row(st, b.bot, *(f"{b.events.get(e, 0.0):.3f}" for e in SHODANG_EVENTS))
        out.print(st)
    kinds = [e for e in EVENT_TYPES_SHOWN if any(e in b.events for b in report.bots)]
    hidden = {*EVENT_TYPES_SHOWN, *SHODANG_EVENTS, "accept-deemed"}
    kinds += sorted({e for b in report.bots for e in b.events} - hidden)
    if kinds:
        et = table("Events per hand (by the seat that made or owed them)", ["event", *(_bot_header(b.bot) for b in report.bots)])
        for e in kinds:
            add_row(et, e, *(f"{b.events.get(e, 0.0):.3f}" for b in report.bots))
        out.print(et)
    if report.pairs:
        pt = table(
            f"Differences A - B (points per hand, {_unit(job.rules)}; clustered by deal)",
            [bot_column("A"), bot_column("B"), _number("A - B"), interval_column("95% CI")],
        )
        for pr in report.pairs:
            add_row(pt, pr.a, pr.b, f"{pr.diff.value:+.2f}", _ci(pr.diff.low, pr.diff.high))
        out.print(pt)


def format_match_report(report: MatchReport, out: Console) -> None:
    """Print a match-mode report (chips per match, clustered by match seed; the decision times
    unless they were not measured: ``--no-timing``)."""
    job = report.job
    limit = job.hands_limit()
    length = f"{_count(limit, 'hand')} at most" if limit is not None else "the rules' length"
    out.print(
        Text(
            f"{_count(report.clusters, 'match', 'matches')} x {_count(job.seats, 'rotation')} = "
            f"{_count(report.matches, 'match', 'matches')}, {job.seats} seats, {_count(report.hands, 'hand')}, "
            f"rules {rules_text(job.rules)}, {length}, seed {job.seed}"
        )
    )
    shots = _in_shots(job.rules)
    t = table(
        ("Shots per match, as minus the shots taken" if shots else "Chips per match")
        + " (95 % CI clustered by match seed)",
        [bot_column(), _number("seats"), _number("-shots" if shots else "chips"), interval_column("95% CI"),
         _number("1st %"), _number("hands")],
    )
    for b in report.bots:
        add_row(
            t,
            b.bot,
            b.seats,
            f"{b.chips.value:+.2f}",
            _ci(b.chips.low, b.chips.high),
            _pct(b.first_rate),
            f"{b.hands_played:.1f}",
        )
    out.print(t)
    out.print(
        Text(
            "1st %: the share of its matches a seat of the bot finished first in the standings ("
            + ("fewest shots" if shots else "most chips")
            + "); a tie for first between k seats counts 1/k to each."
        )
    )
    if any(b.decisions for b in report.bots):  # not with --no-timing: nothing was counted
        p = table("Decision time", [bot_column(), _number("decisions"), _number("p50"), _number("p95")])
        for b in report.bots:
            add_row(p, b.bot, b.decisions, duration_text(b.time_p50_ms), duration_text(b.time_p95_ms))
        out.print(p)
    if report.pairs:
        pt = table(
            f"Differences A - B ({'minus shots' if shots else 'chips'} per match, clustered)",
            [bot_column("A"), bot_column("B"), _number("A - B"), interval_column("95% CI")],
        )
        for a, b_, d in report.pairs:
            add_row(pt, a, b_, f"{d.value:+.2f}", _ci(d.low, d.high))
        out.print(pt)


def format_ladder(ladder: Ladder, out: Console) -> None:
    """Print a ladder: the ratings, then every pair's wins and points (and the p95 decision
    times, unless they were not measured: ``--no-timing``)."""
    out.print(
        Text(
            f"Ladder: {len(ladder.bots)} bots, every pair on the same {_count(ladder.deals, 'duplicate deal')} "
            f"(x 2 seatings), 2 players, rules {rules_text(ladder.rules)}, seed {ladder.seed}"
        )
    )
    t = table(
        f"Ratings ({ladder.bots[0]} = 0, the first bot listed; 95 % bootstrap CIs over deals)",
        [bot_column(), _number("points/hand"), interval_column("95% CI"), _number("Elo (wins)"), interval_column("95% CI")],
    )
    for r in sorted(ladder.ratings, key=lambda r: -r.points):
        add_row(
            t,
            r.bot,
            f"{r.points:+.2f}",
            _ci(r.points_low, r.points_high),
            f"{r.elo:+.0f}",
            _ci(r.low, r.high, digits=0),
        )
    out.print(t)
    out.print(
        Text(
            f"points/hand: least squares on every pair's points per hand ({_unit(ladder.rules)}; half of A - B); "
            "Elo: Bradley-Terry on hand wins (a nagari half a win each)."
        )
    )
    timed = any(not math.isnan(ms) for pr in ladder.pairs for ms in pr.p95_ms)
    columns: list[str | Column | tuple[str, str]] = [
        bot_column("A"), bot_column("B"), _number("hands"), _number("A win %"), _number("A - B"), interval_column("95% CI"),
    ]
    if timed:
        columns += [_number("p95 A"), _number("p95 B")]
    p = table("Pairs: A's wins and points per hand over B (CI clustered by deal)", columns)
    for pr in ladder.pairs:
        cells = [
            pr.a,
            pr.b,
            pr.hands,
            _pct(pr.wins_a / pr.hands),
            f"{pr.points.diff.value:+.2f}",
            _ci(pr.points.diff.low, pr.points.diff.high),
        ]
        if timed:
            cells += [duration_text(pr.p95_ms[0]), duration_text(pr.p95_ms[1])]
        add_row(p, *cells)
    out.print(p)


#: Off a terminal, ``--progress`` writes a line each time another tenth of the work is done,
#: or when this many seconds passed since the last line.
PLAIN_PROGRESS_SECONDS = 10.0


def plain_progress(total: int, what: str, write: Callable[[str], None]) -> Callable[[int], None]:
    """Progress for a log file (``--progress 2>log``): ``deals: 1,000 of 10,000 (10%)`` lines,
    one at the start, one per tenth of the work (or every :data:`PLAIN_PROGRESS_SECONDS`), the
    last at 100%."""
    done = 0
    tenths = 0
    last = time.monotonic()
    write(f"{what}: 0 of {total:,} (0%)")

    def advance(n: int) -> None:
        nonlocal done, tenths, last
        done += n
        now = time.monotonic()
        reached = done * 10 // max(total, 1)
        if reached > tenths or now - last >= PLAIN_PROGRESS_SECONDS or done >= total:
            tenths = reached
            last = now
            write(f"{what}: {done:,} of {total:,} ({100 * done // max(total, 1)}%)")

    return advance


#: On a terminal, the bar is drawn again at most this often (the deals of fast bots finish by
#: the thousand a second).
BAR_SECONDS = 0.1


@contextmanager
def _progress_bar(total: int, enabled: bool, what: str = "deals") -> Iterator[Callable[[int], None] | None]:
    if not enabled:
        yield None
        return
    err = Console(stderr=True)
    if not err.is_terminal:  # a bar would be drawn nowhere: plain lines instead
        yield plain_progress(total, what, lambda line: typer.echo(line, err=True))
        return
    bar = Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        auto_refresh=False,  # no refresh thread: worker processes are forked meanwhile
    )
    with bar:
        task = bar.add_task(what, total=total)
        done = 0
        drawn = time.monotonic()

        def advance(n: int) -> None:
            nonlocal done, drawn
            done += n
            bar.advance(task, n)
            now = time.monotonic()
            if now - drawn >= BAR_SECONDS or done >= total:  # drawn at most 10 times a second
                drawn = now
                bar.refresh()

        bar.refresh()
        yield advance


#: The line said before compiled code loads from numba's cache (about a second), and the one
#: said when numba compiles it first (an empty or outdated cache: after an install or an update).
LOADING_ROLLOUTS = "loading the search bots' compiled rollouts"
COMPILING_ROLLOUTS = (
    "compiling the search bots' rollouts (numba's cache is empty or out of date, as after an install "
    "or an update): a minute or more, once"
)
LOADING_FAST_ENGINE = "loading the fast engine's compiled code"
COMPILING_FAST_ENGINE = (
    "compiling the fast engine (numba's cache is empty or out of date, as after an install or an "
    "update): a minute or more, once"
)


def _load_compiled_rollouts(rules: Rules, bots: list[str], say: bool) -> None:
    """Load the compiled rollouts of the search bots (``search``, ``hard``) here, before the
    progress starts, and say so on stderr (unless ``--no-progress``).

    Loading takes about a second; compiling them, on the first run or after an update (numba's
    cache is empty), a minute or more. Left to the first decision of each worker, that compile
    sat under a progress bar at 0 without a word, ran once per worker process, and counted as
    one decision's time. Done here, the workers forked later inherit the compiled code. The
    line says which of the two is coming (:func:`gostop.agents.warm.is_cached`).
    Nothing is done for other bots, ``rollouts=reference``, or rules the compiled engine does
    not cover (the reference rollouts play them)."""
    from gostop.agents import make_agent

    if all(getattr(make_agent(spec), "rollouts", "reference") == "reference" for spec in bots):
        return
    from gostop.agents import warm
    from gostop.agents.search import fast_engine_installed

    if not fast_engine_installed():  # numba is missing: reference rollouts
        return
    from gostop.fast.config import check_supported

    try:
        check_supported(rules)
    except ValueError:  # rules the compiled engine does not cover: reference rollouts
        return
    if say:
        typer.echo(LOADING_ROLLOUTS if warm.is_cached(warm.ROLLOUT_KERNELS) else COMPILING_ROLLOUTS, err=True)
    warm.compile_here()


def _load_fast_engine(rules: Rules, bots: list[str], say: bool) -> None:
    """``--engine fast``: compile (or load from numba's cache) the fast engine here, before the
    progress starts, and say which on stderr (unless ``--no-progress``), as
    :func:`_load_compiled_rollouts` does for the search bots. Left to the workers, a compile
    sat silent under a progress bar at 0, once in every worker process; done here, the
    workers forked later inherit the compiled code. (The lineup and rules were checked.)"""
    from gostop.agents import warm
    from gostop.sim.fast_runner import FAST_KERNELS, load_fast_engine

    if say:
        typer.echo(LOADING_FAST_ENGINE if warm.is_cached(FAST_KERNELS) else COMPILING_FAST_ENGINE, err=True)
    load_fast_engine(rules, bots)


def _in_range(option: str, value: int | None, key: str) -> None:
    from gostop.sim import LIMITS

    if value is None:
        return
    lo, hi = LIMITS[key]
    if not lo <= value <= hi:
        shown = "2**64-1" if key == "seed" else f"{hi:,}"  # as deal and play say it
        raise UsageProblem(f"{option} must be between {lo:,} and {shown}, got {value}")


#: The ranges of :data:`gostop.sim.LIMITS` as the help says them (a test checks them), for the
#: error line of a value that is no number (``--deals x``).
number_ranges("simulate", {"--deals": (1, "10,000,000"), "--matches": (1, "1,000,000"), "--hands": (1, "1,000"),
                           "--workers": (1, "1,024"), "--seed": (0, "2**64-1")})


def _shown(text: str) -> str:
    """``text`` quoted and cut short for an error message."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


#: The backends ``--backend`` takes (:data:`gostop.sim.BACKENDS`, checked by a test; written out
#: here so that the help does not import the simulator).
_BACKENDS = ("local", "ray")


def simulate_command(
    bots: Annotated[list[str], typer.Argument(metavar="BOT...", help=_BOTS_HELP, show_default=False)],
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals", "-n",
            help="Number of deals, 1 to 10,000,000 (each played once per seating; with --ladder, by every pair; default 200).",
            show_default=False,
        ),
    ] = None,
    ladder: Annotated[
        bool,
        typer.Option("--ladder", help="Play every pair of the bots (2 players, the same duplicate deals) and rate them."),
    ] = False,
    match: Annotated[
        bool, typer.Option("--match", help="Play whole matches (2 to 7 bots; gwangpalli from 4 seated) and report chips per match.")
    ] = False,
    matches: Annotated[
        int | None,
        typer.Option("--matches", "-m", help="With --match: number of matches, 1 to 1,000,000 (each played once per rotation of the bots; default 20).", show_default=False),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option("--hands", help="With --match: hands per match, 1 to 1,000 (default: the rules' match length, or 12).", show_default=False),
    ] = None,
    preset: Annotated[str | None, typer.Option("--preset", help="Rules preset (default pagat).", show_default=False)] = None,
    rules_file: Annotated[
        str | None, typer.Option("--rules", metavar="FILE", help="Rules TOML file instead of --preset.", show_default=False)
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP, show_default=False)] = None,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help="Run seed, 0 to 2**64-1: the same seed gives the same numbers, whatever --workers "
            "(decision times aside, and bots with a time budget such as search:ms=200).",
        ),
    ] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Worker processes, 1 to 1,024 (default: all cores).", show_default=False),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help=f"Where to play: {' or '.join(_BACKENDS)} (ray needs the extra gostop\\[ray]).")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Ray cluster address (with --backend ray; default: a local Ray).", show_default=False),
    ] = None,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            help="reference, or fast: the compiled engine (extra gostop\\[fast]; random and greedy bots only, same results, no decision times).",
        ),
    ] = "reference",
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON (instead of the tables).")] = False,
    progress: Annotated[
        bool,
        typer.Option(
            "--progress/--no-progress",
            help="Progress on stderr: a bar on a terminal, else a line per tenth of the work (or every 10 s).",
        ),
    ] = True,
    timing: Annotated[
        bool, typer.Option("--timing/--no-timing", help="Measure decision times (--no-timing: no decision figures).")
    ] = True,
) -> None:
    """Play bots against each other on duplicate deals and report points per hand.

    Each deal is replayed with the bots rotated over the seats (2 seatings for 2 players, 3 for 3 players), so every bot plays every seat of the same cards. Points per hand come with 95% confidence intervals clustered by deal.

    Example:  gostop simulate search greedy --deals 2000
    Example:  gostop simulate greedy random --deals 100000 --engine fast

    With --match, whole matches are played instead (2 to 7 bots, table decisions included), each match once per rotation of the bots, and chips per match are reported.

    Example:  gostop simulate --match hard normal easy easy normal --matches 20

    With --ladder, every pair of the bots plays the same duplicate deals (2 players) and each bot gets a rating: points per hand over the first bot listed (least squares on the pairs) and an Elo fitted on hand wins (Bradley-Terry), with 95% bootstrap intervals.

    Example:  gostop simulate --ladder easy normal instinct hard --deals 1000
    """
    try:
        with reported_errors(), sigterm_as_interrupt():
            _run(
                bots, deals=deals, ladder=ladder, match=match, matches=matches, hands=hands, preset=preset,
                rules_file=rules_file, set_=set_, seed=seed, workers=workers, backend=backend, address=address,
                engine=engine, as_json=as_json, progress=progress, timing=timing,
            )
    except KeyboardInterrupt as exc:  # ctrl-c or a SIGTERM, from the start (the bots load) to the last table
        typer.echo("interrupted: no results written", err=True)
        raise typer.Exit(interrupt_status(exc)) from None


def _check_options(
    bots: list[str], *, deals: int | None, ladder: bool, match: bool, matches: int | None, hands: int | None,
    seed: int, workers: int | None, backend: str, address: str | None, engine: str,
) -> None:
    """The checks of the command line that need no bot and no rules (the cheap ones, first)."""
    from gostop.agents import bot_help

    if ladder:
        if match:
            raise UsageProblem("--ladder and --match are two modes: give one of them")
        if len(bots) < 2 or len(set(bots)) != len(bots):
            raise UsageProblem(f"--ladder rates two or more different bots, got {', '.join(bots)}; " + bot_help())
        if engine != "reference":
            raise UsageProblem("--ladder plays on the reference engine (search bots use fast rollouts when installed)")
        for option, value in (("--matches", matches), ("--hands", hands)):
            if value is not None:
                raise UsageProblem(f"{option} is for --match")
    elif match:
        if not 2 <= len(bots) <= 7:
            raise UsageProblem(f"--match seats 2 to 7 bots, one per seat, got {len(bots)}; " + bot_help())
        if deals is not None:
            raise UsageProblem("--deals counts hands of the deal-by-deal mode; with --match give --matches")
    else:
        if len(bots) not in (2, 3):
            hint = " (more seats: add --match to play whole matches)" if 4 <= len(bots) <= 7 else ""
            raise UsageProblem(
                f"give one bot per seat: 2 bots for a 2-player table or 3 for 3 players, got {len(bots)}{hint}; "
                + bot_help()
            )
        for option, value in (("--matches", matches), ("--hands", hands)):
            if value is not None:
                raise UsageProblem(f"{option} is for --match")
    _in_range("--deals", deals, "deals")
    _in_range("--matches", matches, "matches")
    _in_range("--hands", hands, "hands")
    _in_range("--workers", workers, "workers")
    _in_range("--seed", seed, "seed")
    if backend not in _BACKENDS:
        raise UsageProblem(f"--backend must be one of {', '.join(_BACKENDS)}, got {_shown(backend)}")
    if address is not None and backend != "ray":
        raise UsageProblem("--address is for --backend ray")
    if engine not in ("reference", "fast"):
        raise UsageProblem(f"--engine must be reference or fast, got {_shown(engine)}")
    if engine == "fast" and match:
        raise UsageProblem("--engine fast plays deals, not --match")


def _run(
    bots: list[str], *, deals: int | None, ladder: bool, match: bool, matches: int | None, hands: int | None,
    preset: str | None, rules_file: str | None, set_: list[str] | None, seed: int, workers: int | None,
    backend: str, address: str | None, engine: str, as_json: bool, progress: bool, timing: bool,
) -> None:
    _check_options(
        bots, deals=deals, ladder=ladder, match=match, matches=matches, hands=hands, seed=seed,
        workers=workers, backend=backend, address=address, engine=engine,
    )
    rules = select_rules(preset, rules_file, set_)
    if not ladder:  # a ladder seats 2 players
        check_players(rules, len(bots), "give 2 bots")
    from gostop.agents import make_agent
    from gostop.sim import (
        BackendUnavailable,
        check_backend,
        check_lineup,
        check_match_lineup,
        default_workers,
        simulate,
        simulate_matches,
    )
    from gostop.sim.ladder import play_ladder, same_bots

    procs = workers or default_workers()
    try:
        # Everything that can be refused is refused before the progress starts: an error is
        # then the one line on stderr.
        if ladder:
            twins = same_bots(bots)  # easy = greedy: one bot under two names
            if twins is not None:
                raise UsageProblem(
                    f"--ladder rates each bot once: {twins[0]} and {twins[1]} are the same bot; leave one out"
                )
            for spec in bots:
                make_agent(spec)
        elif match:
            check_match_lineup(rules, bots, hands=hands)
        else:
            check_lineup(rules, bots, engine=engine)
        check_backend(backend)
        if backend == "local":  # (a Ray worker loads its own)
            _load_compiled_rollouts(rules, bots, progress)
            if engine == "fast":
                _load_fast_engine(rules, bots, progress)
        if ladder:
            count = deals or 200
            pairs = len(bots) * (len(bots) - 1) // 2
            with _progress_bar(count * pairs, progress, "deals") as advance:
                the_ladder = play_ladder(
                    rules, bots, count, seed=seed, workers=procs,
                    backend=backend, address=address, progress=advance, timing=timing,
                )
            if as_json:
                typer.echo(json.dumps(the_ladder.to_json(timing=timing), indent=2, ensure_ascii=False))
            else:
                format_ladder(the_ladder, console())
            return
        if match:
            # every rotation of a match seed is a match of its own, and the progress counts each
            with _progress_bar((matches or 20) * len(bots), progress, "matches") as advance:
                match_report = simulate_matches(
                    rules, bots, matches or 20, seed=seed, hands=hands, workers=procs,
                    backend=backend, address=address, progress=advance, timing=timing,
                )
            if as_json:
                typer.echo(json.dumps(match_report.to_json(timing=timing), indent=2, ensure_ascii=False))
            else:
                format_match_report(match_report, console())
            return
        with _progress_bar(deals or 200, progress, "deals") as advance:
            report = simulate(
                rules, bots, deals or 200, seed=seed, workers=procs, backend=backend,
                address=address, progress=advance, timing=timing, engine=engine,
            )
    except BackendUnavailable as exc:
        raise UsageProblem(str(exc)) from None
    except ImportError:
        if engine != "fast":
            raise
        raise UsageProblem(
            "--engine fast needs numba, which is not installed: pip install 'gostop[fast]' "
            "(or leave out --engine fast)"
        ) from None
    except ValueError as exc:
        if engine != "fast":
            raise
        knob = getattr(exc, "knob", None)  # UnsupportedRulesError names the knob
        hint = ": leave out --engine fast" if knob else ""
        raise UsageProblem(f"{exc}{hint}") from None
    timed = timing and engine == "reference"  # the fast engine does not time its bots
    if as_json:
        typer.echo(json.dumps(report.to_json(timing=timed), indent=2, ensure_ascii=False))
    else:
        format_report(report, console())
