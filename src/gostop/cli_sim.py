"""``gostop simulate``: a tournament between bots on duplicate deals.

Example::

    gostop simulate search greedy --deals 2000 --preset pagat
    gostop simulate search greedy greedy -n 500 --set shodang=false --json
    gostop simulate search:steps=1000 greedy -n 300 --workers 2
    gostop simulate search greedy -n 1000 --backend ray --address auto

Bots: ``random``, ``greedy``, ``expert``, ``search`` and the levels ``easy`` / ``normal`` /
``hard``; parameters follow the name, ``name:key=value:key=value`` (``search:steps=1000``,
``search:ms=200``). One bot per seat: two bots for a 2-player table, three for 3 players.

All playing and counting is done by :mod:`gostop.sim`; this module parses and prints.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from gostop.agents import bot_help
from gostop.cli.errors import UsageProblem, reported_errors
from gostop.cli.output import add_row, console, table, value_text
from gostop.cli.rules_input import SET_HELP, select_rules
from gostop.sim import BACKENDS, BackendUnavailable, Report, default_workers, simulate
from gostop.sim.report import EVENT_TYPES_SHOWN

__all__ = ["simulate_command", "format_report"]

_BOTS_HELP = (
    "One bot per seat (2 or 3): random, greedy, expert, search, or a level easy/normal/hard; "
    "parameters as name:key=value, e.g. search:steps=1000 or search:ms=200."
)


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def _ci(lo: float, hi: float, pct: bool = False) -> str:
    if math.isnan(lo):
        return "-"
    if pct:
        return f"[{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"[{lo:+.2f}, {hi:+.2f}]"


def _ms(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.1f}"


def format_report(report: Report, out: Console) -> None:
    """Print the report's tables on ``out`` (three narrow tables, for 80-column terminals)."""
    job = report.job
    over = job.rules.overrides()
    rules_text = job.rules.preset + (
        " + " + ", ".join(f"{k}={value_text(v)}" for k, v in over.items()) if over else ""
    )
    out.print(
        Text(
            f"{report.deals} deals x {job.players} seatings = {report.hands} hands, "
            f"{job.players} players, rules {rules_text}, seed {job.seed}; "
            f"nagari {_pct(report.nagari / report.hands)}"
            + (f", {report.redeals} void deals re-dealt" if report.redeals else "")
        )
    )
    t = table(
        "Points per hand (net chips; 95 % CI clustered by deal) and wins (Wilson CI)",
        ["bot", ("seats", "right"), ("points", "right"), ("95% CI", "right"), ("win %", "right"), ("95% CI", "right")],
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
        ["bot", ("nagari", "right"), ("go hands", "right"), ("go won", "right"), ("go-bak", "right"), ("p50 ms", "right"), ("p95 ms", "right")],
    )
    for b in report.bots:
        add_row(
            p,
            b.bot,
            _pct(b.nagari_rate),
            b.go_hands,
            _pct(b.go_success),
            _pct(b.go_bak_rate),
            _ms(b.time_p50_ms),
            _ms(b.time_p95_ms),
        )
    out.print(p)
    kinds = [e for e in EVENT_TYPES_SHOWN if any(e in b.events for b in report.bots)]
    kinds += sorted({e for b in report.bots for e in b.events} - set(EVENT_TYPES_SHOWN))
    if kinds:
        et = table("Events per hand (by the seat that made or owed them)", ["event", *((b.bot, "right") for b in report.bots)])
        for e in kinds:
            add_row(et, e, *(f"{b.events.get(e, 0.0):.3f}" for b in report.bots))
        out.print(et)
    if report.pairs:
        pt = table("Differences A - B (points per hand, clustered by deal)", ["A", "B", ("A - B", "right"), ("95% CI", "right")])
        for pr in report.pairs:
            add_row(pt, pr.a, pr.b, f"{pr.diff.value:+.2f}", _ci(pr.diff.low, pr.diff.high))
        out.print(pt)


@contextmanager
def _progress_bar(total: int, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    if not enabled:
        yield None
        return
    bar = Progress(
        TextColumn("deals"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        auto_refresh=False,  # no refresh thread: worker processes are forked meanwhile
    )
    with bar:
        task = bar.add_task("deals", total=total)

        def advance(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        bar.refresh()
        yield advance


def simulate_command(
    bots: Annotated[list[str], typer.Argument(metavar="BOT...", help=_BOTS_HELP, show_default=False)],
    deals: Annotated[int, typer.Option("--deals", "-n", help="Number of deals (each is played once per seating).")] = 200,
    preset: Annotated[str | None, typer.Option("--preset", help="Rules preset (default pagat).", show_default=False)] = None,
    rules_file: Annotated[
        str | None, typer.Option("--rules", metavar="FILE", help="Rules TOML file instead of --preset.", show_default=False)
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP, show_default=False)] = None,
    seed: Annotated[int, typer.Option("--seed", help="Run seed: the same seed gives the same numbers.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Worker processes (default: all cores).", show_default=False),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help=f"Where to play: {' or '.join(BACKENDS)} (ray needs the extra gostop\\[ray]).")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Ray cluster address (with --backend ray; default: a local Ray).", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    progress: Annotated[
        bool | None,
        typer.Option("--progress/--no-progress", help="Progress bar on stderr (default: when stderr is a terminal).", show_default=False),
    ] = None,
    timing: Annotated[
        bool, typer.Option("--timing/--no-timing", help="Measure decision times (--no-timing: JSON without them).")
    ] = True,
) -> None:
    """Play bots against each other on duplicate deals and report points per hand.

    Each deal is replayed with the bots rotated over the seats (2 seatings for 2 players, 3
    for 3 players), so every bot plays every seat of the same cards.

    Example:  gostop simulate search greedy --deals 2000
    """
    with reported_errors():
        if len(bots) not in (2, 3):
            raise UsageProblem(
                f"give one bot per seat: 2 bots for a 2-player table or 3 for 3 players, got {len(bots)}; "
                + bot_help()
            )
        if deals < 1:
            raise UsageProblem(f"--deals must be at least 1, got {deals}")
        if backend not in BACKENDS:
            raise UsageProblem(f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
        if address is not None and backend != "ray":
            raise UsageProblem("--address is for --backend ray")
        if workers is not None and workers < 1:
            raise UsageProblem(f"--workers must be at least 1, got {workers}")
        rules = select_rules(preset, rules_file, set_)
        show = sys.stderr.isatty() if progress is None else progress
        try:
            with _progress_bar(deals, show) as advance:
                report = simulate(
                    rules,
                    bots,
                    deals,
                    seed=seed,
                    workers=workers or default_workers(),
                    backend=backend,
                    address=address,
                    progress=advance,
                    timing=timing,
                )
        except BackendUnavailable as exc:
            raise UsageProblem(str(exc)) from None
        if as_json:
            typer.echo(json.dumps(report.to_json(timing=timing), indent=2, ensure_ascii=False))
        else:
            format_report(report, console())
