"""Drawing the view models as styled text (:class:`rich.text.Text`).

Both faces use these functions: the Textual app shows the styled text, the line mode prints its
``.plain`` form. Cards are drawn as their codes (``03B``: month 3, bright) in the colour of their
class -- brights gold, animals green, ribbons red (cheong-dan blue), junk grey, double junk white,
jokers magenta -- so month and kind stay legible when colour is off.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich.text import Text

from gostop.cards import CHEONG_DAN, MONTH_NAMES, Card, Kind
from gostop.match import Standing
from gostop.play.narrate import LogLine
from gostop.play.session import HandSummary, Prompt
from gostop.play.view import SeatView, TableView

__all__ = [
    "card_style",
    "card_text",
    "cards_line",
    "seat_block",
    "layout_block",
    "layout_compact",
    "seat_compact",
    "prompt_block",
    "ledger_block",
    "log_block",
    "summary_block",
    "standings_block",
    "table_text",
    "LOG_STYLES",
]

_STYLES = {
    "bright": "bold black on yellow",
    "animal": "bold black on green",
    "ribbon": "bold white on red",
    "cheong": "bold white on blue",
    "junk": "black on grey70",
    "double": "bold black on white",
    "joker": "bold white on magenta",
}

#: Styles of the log lines by kind.
LOG_STYLES = {
    "turn": "dim",
    "you": "cyan",
    "bot": "",
    "special": "bold yellow",
    "table": "green",
    "end": "bold magenta",
}


def card_style(card: Card) -> str:
    """The style of a card by its class."""
    if card.is_joker:
        return _STYLES["joker"]
    if card.kind is Kind.BRIGHT:
        return _STYLES["bright"]
    if card.kind is Kind.ANIMAL:
        return _STYLES["animal"]
    if card.kind is Kind.RIBBON:
        return _STYLES["cheong" if card.code in CHEONG_DAN else "ribbon"]
    if card.kind is Kind.DOUBLE_JUNK:
        return _STYLES["double"]
    return _STYLES["junk"]


#: How a card the last bot move played or took is marked (besides its colours).
HIGHLIGHT = "underline bold"


def card_text(card: Card, hl: Collection[str] = ()) -> Text:
    """One card: its code in its colours (underlined when ``hl`` holds its code: a bot just
    played or took it)."""
    style = card_style(card) + (" " + HIGHLIGHT if card.code in hl else "")
    return Text(card.code, style=style)


def cards_line(cards: Iterable[Card], empty: str = "-", hl: Collection[str] = ()) -> Text:
    """Cards separated by spaces (those in ``hl`` highlighted)."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, hl))
    if not out.plain:
        out.append(empty, style="dim")
    return out


def _month_short(m: int) -> str:
    return MONTH_NAMES[m][2].capitalize()


def _flex_note(seat: SeatView) -> str:
    """``, 3 with 09A as junk`` when the flex card (shown as an animal) counts as junk for pi-bak."""
    if seat.junk_with_flex is None:
        return ""
    flex, value = seat.junk_with_flex
    return f", {value} with {flex} as junk"


def seat_block(seat: SeatView, target: int, unit: str, hl: Collection[str] = ()) -> Text:
    """One seat: counters, capture area by class, scoring items, stamps, one-card hints."""
    t = Text()
    t.append(seat.name, style="bold cyan" if seat.you else "bold")
    roles = ([] if seat.you else [f"{seat.level} bot"]) + (["dealer"] if seat.dealer else [])
    if roles:
        t.append(f" ({', '.join(roles)})", style="dim")
    if seat.to_move:
        t.append(" <- to move", style="bold")
    t.append(f"  points {seat.points}/{target}", style="bold")
    t.append(f"  hand {seat.hand_size}  {unit} {seat.chips:+d}\n")
    counters = [f"go {seat.goes}"]
    counters.append("shake " + (",".join(f"{m:02d}" for m in seat.shakes) if seat.shakes else "-"))
    counters.append(f"bomb {seat.bombs}")
    counters.append(f"ppuk {seat.ppuk}")
    if seat.skips:
        counters.append(f"skips {seat.skips}")
    t.append("  " + "  ".join(counters) + "\n", style="dim")
    groups: list[tuple[str, Sequence[Card], str, bool]] = [
        ("Brights 광", seat.brights, str(len(seat.brights)), False),
        ("Animals 열끗", seat.animals, str(len(seat.animals)), True),
        ("Ribbons 띠", seat.ribbons, str(len(seat.ribbons)), True),
        ("Junk 피", seat.junk + seat.others, f"value {seat.junk_value}{_flex_note(seat)}", True),
    ]
    for label, cards, count, newline in groups:
        t.append(f"  {label} ({count}): ", style="bold")
        t.append_text(cards_line(cards, hl=hl))
        if newline:
            t.append("\n")
    if seat.shown:
        t.append("  shown from hand: ", style="bold")
        t.append_text(cards_line(seat.shown, hl=hl))
        t.append("\n")
    if seat.items:
        t.append("  scoring: " + ", ".join(seat.items) + f"  (total {seat.points})\n")
    for s in seat.stamps:
        word = "LIVE" if s.live else "risk"
        t.append(f"  [{s.name.upper()} {s.hangul} {word}] ", style="bold white on red" if s.live else "bold black on yellow")
        t.append(s.text.split(": ", 1)[-1] + "\n")
    for line in seat.near:
        t.append("  hint: " + line + "\n", style="italic")
    return t


def seat_compact(seat: SeatView, target: int, unit: str, hl: Collection[str] = ()) -> Text:
    """One seat in a few lines (small screens): name, points, hand, chips and non-zero counters,
    then the capture area by class, then stamps and shown cards."""
    t = Text()
    t.append(seat.name, style="bold cyan" if seat.you else "bold")
    roles = ([] if seat.you else [f"{seat.level}"]) + (["dealer"] if seat.dealer else [])
    if roles:
        t.append(f" ({', '.join(roles)})", style="dim")
    if seat.to_move:
        t.append(" <- to move", style="bold")
    t.append(f"  points {seat.points}/{target}", style="bold")
    t.append(f"  hand {seat.hand_size}  {unit} {seat.chips:+d}")
    counters = []
    if seat.goes:
        counters.append(f"go {seat.goes}")
    if seat.shakes:
        counters.append("shook " + ",".join(f"{m:02d}" for m in seat.shakes))
    if seat.bombs:
        counters.append(f"bomb {seat.bombs}")
    if seat.ppuk:
        counters.append(f"ppuk {seat.ppuk}")
    if seat.skips:
        counters.append(f"skips {seat.skips}")
    if counters:
        t.append("  " + " ".join(counters), style="bold yellow")
    t.append("\n ")
    groups: list[tuple[str, Sequence[Card]]] = [
        ("Brights", seat.brights),
        ("Animals", seat.animals),
        ("Ribbons", seat.ribbons),
        (f"Junk {seat.junk_value}{_flex_note(seat)}", seat.junk + seat.others),
    ]
    for label, cards in groups:
        t.append(f" {label}:", style="bold")
        t.append(" ")
        t.append_text(cards_line(cards, hl=hl))
    t.append("\n")
    if seat.shown:
        t.append("  shown: ", style="bold")
        t.append_text(cards_line(seat.shown, hl=hl))
        t.append("\n")
    for st in seat.stamps:
        word = "LIVE" if st.live else "risk"
        t.append(f"  [{st.name.upper()} {word}] ", style="bold white on red" if st.live else "bold black on yellow")
        t.append(st.text.split(": ", 1)[-1] + "\n")
    if seat.you:
        for line in seat.near:
            t.append("  hint: " + line + "\n", style="italic")
    return t


def layout_compact(view: TableView) -> Text:
    """The layout on one or two lines (small screens): the piles by month, stacks in brackets."""
    t = Text()
    t.append("Table", style="bold")
    t.append(f" (stock {view.stock}):")
    if not view.layout:
        t.append(" empty", style="dim")
    for pile in view.layout:
        t.append("  ")
        if pile.stack:
            t.append("[")
            t.append_text(cards_line(pile.cards, hl=view.highlight))
            t.append("]" + (f"{pile.owner}" if pile.owner else ""))
        else:
            t.append_text(cards_line(pile.cards, hl=view.highlight))
    t.append("\n")
    return t


def layout_block(view: TableView) -> Text:
    """The layout grouped by month (a stack shown as ``[a b c]``), with the stock size."""
    t = Text()
    t.append("Table 바닥", style="bold")
    t.append(f"   stock {view.stock} card{'' if view.stock == 1 else 's'}\n")
    if not view.layout:
        t.append("  (empty)\n", style="dim")
        return t
    for i, pile in enumerate(view.layout):
        t.append("  " if i % 4 == 0 else "   ")
        t.append(f"{_month_short(pile.month)}: ", style="bold")
        if pile.stack:
            t.append("[")
            t.append_text(cards_line(pile.cards, hl=view.highlight))
            t.append("]")
            t.append(" stack" + (f" of {pile.owner}" if pile.owner else ""), style="dim")
        else:
            t.append_text(cards_line(pile.cards, hl=view.highlight))
        if i % 4 == 3 or i == len(view.layout) - 1:
            t.append("\n")
    return t


def prompt_block(prompt: Prompt, with_info: bool = True) -> Text:
    """The question, every choice with its key, and the information lines."""
    t = Text()
    t.append(prompt.question + "\n", style="bold")
    for c in prompt.choices:
        t.append(f"  [{c.key}] ", style="bold reverse")
        t.append(" ")
        if c.card is not None:
            t.append_text(card_text(c.card))
            t.append(" " + c.label)
        else:
            t.append(c.label)
        if c.detail:
            t.append(f" -- {c.detail}", style="dim" if not c.marks else "")
        for mark in c.marks:
            style = "bold green" if mark in ("captures", "bomb") or mark.startswith("completes") else "bold red"
            if mark == "shaken":
                style = "bold yellow"
            t.append(f" <{mark}>", style=style)
        t.append("\n")
    if with_info:
        for line in prompt.info:
            t.append(line + "\n", style="italic")
    return t


def ledger_block(view: TableView) -> Text:
    """The match ledger: each player's running total."""
    t = Text()
    t.append(f"Ledger ({view.unit})\n", style="bold")
    for name, total in view.ledger:
        t.append(f"  {name:<8} {total:+d}\n")
    return t


def log_block(lines: Sequence[LogLine]) -> Text:
    """The event log, one styled line each."""
    t = Text()
    for line in lines:
        t.append(line.text + "\n", style=LOG_STYLES.get(line.kind, ""))
    return t


def summary_block(summary: HandSummary) -> Text:
    """The end of a hand: the headline, the settlement step by step, the chips."""
    t = Text()
    number = f"Hand {summary.hand}" if summary.hand is not None else f"Deal {summary.deal + 1}"
    t.append(f"{number} is over. ", style="bold")
    t.append(summary.headline + "\n\n", style="bold")
    for step in summary.steps:
        t.append(step + "\n")
    t.append("\n")
    t.append(f"{'Player':<10} {'this hand':>10} {'total':>8}\n", style="bold")
    for name, delta, total in summary.chips:
        t.append(f"{name:<10} {delta:>+10d} {total:>+8d}\n")
    return t


def standings_block(standings: Sequence[Standing], unit: str) -> Text:
    """MATCH-7: the final standings."""
    t = Text()
    t.append("Final standings\n", style="bold")
    for s in standings:
        value = s.shots if unit == "shots" else s.chips
        t.append(f"  {s.rank}. {s.name:<10} {value:+d} {unit}\n")
    return t


def table_text(view: TableView) -> Text:
    """The whole table as one text (the line mode's screen; also the README sample)."""
    t = Text()
    t.append(view.title + "\n", style="bold")
    opponents = [s for s in view.seats if not s.you]
    you = [s for s in view.seats if s.you]
    for s in opponents:
        t.append_text(seat_block(s, view.target, view.unit, view.highlight))
    t.append_text(layout_block(view))
    for s in you:
        t.append_text(seat_block(s, view.target, view.unit, view.highlight))
    if view.hand and (view.prompt is None or view.prompt.stage != "main"):
        t.append("Your hand: ", style="bold")
        t.append_text(cards_line(view.hand))
        t.append("\n")
    t.append_text(ledger_block(view))
    return t
