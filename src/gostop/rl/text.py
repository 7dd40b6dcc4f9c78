"""The ``ansi`` rendering of the environment: the table as one seat sees it, in plain text."""

from __future__ import annotations

from collections.abc import Sequence

from gostop.cards import Card
from gostop.engine import Observation

__all__ = ["table_text"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards) if cards else "-"


def table_text(obs: Observation, legal: Sequence[str] = ()) -> str:
    """A few lines: stage, layout, every seat's captures and scores, the seat's own hand."""
    n = obs.players
    who = "nobody (hand over)" if obs.current_player is None else f"seat {obs.current_player}"
    lines = [
        f"Go Stop ({obs.preset}, {n} players), seen by seat {obs.seat}: turn {obs.turn}, "
        f"stage {obs.stage}, {who} to decide, stock {obs.stock_size}",
        f"  layout:   {_cards(obs.layout)}",
    ]
    if obs.pending:
        lines.append(f"  pending:  {_cards(obs.pending)}")
    if obs.choice:
        placed = obs.choosing_for.code if obs.choosing_for is not None else "?"
        lines.append(f"  {placed} may take: {_cards(obs.choice)}")
    for s in range(n):
        me = " (you)" if s == obs.seat else ""
        shown = obs.shown_hand_cards[s] if s != obs.seat else ()
        extra = f", shown in hand: {_cards(shown)}" if shown else ""
        lines.append(
            f"  seat {s}{me}: {obs.hand_sizes[s]} in hand, {obs.stop_points[s]} points, "
            f"{obs.goes[s]} go, chips {obs.chips[s]:+d}{extra}"
        )
        lines.append(f"    captured: {_cards(obs.captures[s])}")
    lines.append(f"  your hand: {_cards(obs.hand)}")
    if legal:
        lines.append("  legal: " + ", ".join(legal))
    if obs.result is not None:
        r = obs.result
        won = "nagari" if r.winner is None else f"seat {r.winner} wins ({r.reason})"
        lines.append(f"  over: {won}; chips " + " ".join(f"{c:+d}" for c in r.chips))
    return "\n".join(lines)
