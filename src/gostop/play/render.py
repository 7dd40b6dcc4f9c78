"""Drawing the view models as styled text (:class:`rich.text.Text`).

Both faces use these functions: the Textual app shows the styled text, the line mode prints its
``.plain`` form. Cards are drawn as their codes (``03B``: month 3, bright) in the colour of their
class -- brights gold, animals green, ribbons red (cheong-dan blue), junk grey, double junk white,
jokers magenta -- so month and kind stay legible when colour is off.

The words around the cards are said in the view's language (``TableView.lang``, ``SeatView.lang``,
or the ``lang`` argument) through the message catalogue; padding counts terminal cells, so
hangul (two cells a letter) keeps the columns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from gostop.agents import level_name
from gostop.cards import CHEONG_DAN, MONTH_NAMES, Card, Kind
from gostop.hints import Stamp
from gostop.match import Standing
from gostop.play.narrate import LogLine
from gostop.play.session import HandSummary, Prompt
from gostop.play.view import SeatView, TableView
from gostop.words import Catalog, card_name, catalog, month_name, stamp_text

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
    "Hanging",
    "hang_rows",
    "hang_words",
    "standings_block",
    "table_text",
    "unit_words",
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


def unit_words(unit: str, words: Catalog) -> str:
    """The payment unit (``"chips"`` or ``"shots"``) as a word of ``words``' language."""
    return words.t("shots") if unit == "shots" else words.t("chips")


def signed_amount(words: Catalog, value: int, unit: str) -> str:
    """A gain or a loss in its unit, as the language writes it: ``+9 chips``, ``-1 shot``;
    ``+9칩``, ``-1잔`` (Korean writes the unit against the number, as the web table does)."""
    signed = f"{value:+d}"
    if unit == "shots":
        return words.n("{signed} shot", "{signed} shots", abs(value), signed=signed)
    return words.n("{signed} chip", "{signed} chips", abs(value), signed=signed)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (hangul takes two)."""
    return text + " " * max(0, width - cell_len(text))


def rpad(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal cells."""
    return " " * max(0, width - cell_len(text)) + text


def _month_short(m: int, words: Catalog) -> str:
    if words.lang == "en":
        return MONTH_NAMES[m][2].capitalize()
    return words.t("month {month}", month=m)


def _months(months: Iterable[int], words: Catalog) -> str:
    """Months said by their flowers, as every sentence names them (``cherry, iris`` / ``벚꽃,
    난초``), not as a card code's ``03`` nor as a calendar's ``Mar``."""
    return ", ".join(month_name(m, words.lang) for m in months)


def _flex_note(seat: SeatView, words: Catalog) -> str:
    """``, 3 with chrysanthemum animal as junk`` when the flex card (shown as an animal) counts
    as junk for pi-bak: named, as in every sentence (it said ``with 09A``)."""
    if seat.junk_with_flex is None:
        return ""
    flex, value = seat.junk_with_flex
    return words.t(", {value} with {card} as junk", value=value, card=card_name(flex, words.lang))


def _roles(seat: SeatView, words: Catalog, compact: bool) -> list[str]:
    """``easy bot``, ``dealer`` (the words after a seat's name)."""
    roles = []
    if not seat.you:
        level = level_name(seat.level, words.lang)
        roles.append(level if compact else words.t("{level} bot", level=level))
    if seat.dealer:
        roles.append(words.t("dealer"))
    return roles


def _stamp_line(stamp: Stamp, words: Catalog, compact: bool = False) -> str:
    """What a stamp says after its badge (the text without its name); on a small screen, in
    another language than English, only the counts (the badge says whether it applies now)."""
    if words.lang != "en" and compact:
        if stamp.name == "pi-bak":
            return words.t("junk {mine} < {threshold}; an opponent has junk {theirs}", mine=stamp.mine,
                           threshold=stamp.threshold, theirs=stamp.theirs)
        if stamp.name == "gwang-bak":
            return words.t("no bright; an opponent has {n} brights", n=stamp.theirs)
        if stamp.name == "meong-bak":
            return words.t("no animal; an opponent has {n} animals", n=stamp.theirs)
        return words.t("an opponent has {n} animals", n=stamp.theirs)
    # the stamp's own text names a flex card by its code ("counting 09A as double junk"): the
    # words name it, as every sentence does
    text = stamp.text if words.lang == "en" and not stamp.flex_card else stamp_text(stamp, words.lang)
    return text.split(": ", 1)[-1]


def _stamp_badge(stamp: Stamp, words: Catalog, compact: bool) -> str:
    """``[PI-BAK 피박 LIVE]`` (``[PI-BAK LIVE]`` compact); ``[피박 걸림]`` in Korean."""
    if words.lang == "en":
        word = "LIVE" if stamp.live else "risk"
        return f"[{stamp.name.upper()} {word}]" if compact else f"[{stamp.name.upper()} {stamp.hangul} {word}]"
    if stamp.live:
        return words.t("[{name} LIVE]", name=stamp.hangul)
    return words.t("[{name} risk]", name=stamp.hangul)


def _hand_and_total(seat: SeatView, unit: str, w: Catalog) -> str:
    """The seat's hand size and match total; at a table paid in shots, the shots taken so far
    in this hand (in the total) too (GOO-1)."""
    if seat.hand_shots:
        return w.t("  hand {size}  {unit} {chips:+d} ({n:+d} this hand)", size=seat.hand_size,
                   unit=unit_words(unit, w), chips=seat.chips, n=seat.hand_shots)
    return w.t("  hand {size}  {unit} {chips:+d}", size=seat.hand_size, unit=unit_words(unit, w), chips=seat.chips)


def seat_block(seat: SeatView, target: int, unit: str, hl: Collection[str] = ()) -> Text:
    """One seat: counters, capture area by class, scoring items, stamps, one-card hints."""
    w = catalog(seat.lang)
    t = Text()
    t.append(seat.name, style="bold cyan" if seat.you else "bold")
    roles = _roles(seat, w, compact=False)
    if roles:
        t.append(f" ({', '.join(roles)})", style="dim")
    if seat.to_move:
        t.append(w.t(" <- to move"), style="bold")
    t.append(w.t("  points {points}/{target}", points=seat.points, target=target), style="bold")
    t.append(_hand_and_total(seat, unit, w))
    t.append("\n")
    counters = [w.t("go {n}", n=seat.goes)]
    shakes = _months(seat.shakes, w) if seat.shakes else "-"
    counters.append(w.t("shake {months}", months=shakes))
    counters.append(w.t("bomb {n}", n=seat.bombs))
    counters.append(w.t("ppuk {n}", n=seat.ppuk))
    if seat.skips:
        counters.append(w.t("skips {n}", n=seat.skips))
    t.append("  " + "  ".join(counters) + "\n", style="dim")
    junk = w.t("value {value}{flex}", value=seat.junk_value, flex=_flex_note(seat, w))
    groups: list[tuple[str, Sequence[Card], str, bool]] = [
        (w.t("Brights 광"), seat.brights, str(len(seat.brights)), False),
        (w.t("Animals 열끗"), seat.animals, str(len(seat.animals)), True),
        (w.t("Ribbons 띠"), seat.ribbons, str(len(seat.ribbons)), True),
        (w.t("Junk 피"), seat.junk + seat.others, junk, True),
    ]
    for label, cards, count, newline in groups:
        t.append(f"  {label} ({count}): ", style="bold")
        t.append_text(cards_line(cards, hl=hl))
        if newline:
            t.append("\n")
    if seat.shown:
        t.append("  " + w.t("shown from hand:") + " ", style="bold")
        t.append_text(cards_line(seat.shown, hl=hl))
        t.append("\n")
    if seat.items:
        t.append("  " + w.t("scoring: {items}  (total {points})", items=", ".join(seat.items), points=seat.points)
                 + "\n")
    for s in seat.stamps:
        t.append(f"  {_stamp_badge(s, w, compact=False)} ", style="bold white on red" if s.live else "bold black on yellow")
        t.append(_stamp_line(s, w) + "\n")
    for line in seat.near:
        t.append("  " + w.t("hint: {line}", line=line) + "\n", style="italic")
    return t


#: The indent of a capture row's continuation rows (two cells past its first label).
CAPTURES_INDENT = 4

#: The parts of a seat's header a row may break between (``points 0/3``, ``hand 6  chips +0``
#: are separated by two spaces; the words of one part stay together).
_HEADER_PARTS = re.compile(r"\S+(?: \S+)*")
def _named_words() -> re.Pattern[str]:
    """The words of a line, for :func:`hang_rows`: a card's name of several words is one part
    (``pampas grass animal``, ``공산 열끗``, ``two-junk joker``; a row broke a sentence's
    ``turned paulownia`` / ``bright``), and so is a flower's (``bush clover``), each with the
    punctuation around it; a count stays with the word before it (``plum junk ×2``: a row
    never begins with the ``×2`` of the card before it)."""
    from gostop.cards import deck_cards

    names = {n for english, korean, _abbr in MONTH_NAMES.values() for n in (english, korean)}
    codes = [c.code for c in deck_cards(jokers=("JK1", "JK2", "JK3", "JKB", "JKX", "JKP"))]
    names |= {card_name(code, lang) for code in codes for lang in ("en", "ko")}
    several = sorted((n for n in names if " " in n), key=len, reverse=True)
    named = "|".join(re.escape(n) for n in several)
    return re.compile(rf"[^\s\w]*(?:{named})\S*(?: ×\S+)*|\S+(?: ×\S+)*")


_WORDS = _named_words()


def hang_words() -> re.Pattern[str]:
    """The parts a row breaks between (:func:`_named_words`), for the line mode's wrap too."""
    return _WORDS


#: A list of cards after a name (``  Hoon: pine bright, pampas grass junk ×2  [...]``): its items,
#: each of a few words, ending on a comma, before a bracket or at the end of the line.
_LIST_ITEM = re.compile(r"[^\s,](?:[^,\[]*?)(?:,|(?=\s+\[)|\s*$)")
#: The items of the bracket after such a list (``[3 brights: 3, junk 10: 1]``).
_BRACKET_ITEM = re.compile(r"[^\s,][^,]*?(?:,|\s*$)")
#: The most words an item of such a list has (``bush clover double junk ×2``, ``Minji: pine bright``).
_LIST_ITEM_WORDS = 6


def list_spans(plain: str) -> list[tuple[int, int]] | None:
    """The parts of an indented list line (``  Hoon: pine bright, pampas grass junk ×2
    [scores]``): its items whole (a card's name and its count are never torn across rows:
    ``pampas`` / ``grass junk``, ``junk`` / ``×2``), then the words of a bracket at its end;
    None for another line (prose breaks between words)."""
    if not plain.startswith(" ") or ", " not in plain or not re.match(r"\s+[^\s:,][^:,]*: ", plain):
        return None
    head = plain.split("  [", 1)[0] if "  [" in plain.lstrip() else plain
    end = len(head.rstrip())
    items = [m.span() for m in _LIST_ITEM.finditer(plain, 0, end)]
    if not items or any(len(plain[a:b].split()) > _LIST_ITEM_WORDS for a, b in items):
        return None
    spans = [(a, a + len(plain[a:b].rstrip())) for a, b in items]
    tail = [m.span() for m in _BRACKET_ITEM.finditer(plain, end)]  # "[3 brights: 3," whole too
    return spans + [(a, a + len(plain[a:b].rstrip())) for a, b in tail]


def hang_rows(line: Text, width: int, indent: int, parts: re.Pattern[str] = _WORDS,
              spans: list[tuple[int, int]] | None = None) -> list[Text]:
    """One line (no newline) in rows of at most ``width`` cells, broken between its ``parts``
    (words by default; ``spans``: where they are, if given), each row after the first indented
    by ``indent`` cells: a hanging indent, as a capture row's (a terminal's own wrap began the
    next row at the margin and tore a line anywhere). A part wider than a row on its own is
    folded where it must be."""
    plain = line.plain
    if cell_len(plain) <= width or width <= 0:
        return [line]
    indent = min(indent, max(0, width // 3))
    if spans is None:
        spans = [m.span() for m in parts.finditer(plain)]
    rows: list[Text] = []
    start = 0  # where the row being filled begins in ``line``
    end = 0  # the end of its last part
    lead = 0  # the cells of that row's indent
    for a, b in spans:
        if end > start and lead + cell_len(plain[start:b]) > width:
            rows.append(line[start:end])
            start, lead = a, indent
        end = b
        while lead + cell_len(plain[start:end]) > width and end - start > 1:  # a part wider than a row
            cut = start + 1
            while cut < end and lead + cell_len(plain[start:cut + 1]) <= width:
                cut += 1
            rows.append(line[start:cut])
            start, lead = cut, indent
    if end > start:
        rows.append(line[start:end])
    out = rows[:1]
    for row in rows[1:]:
        hung = Text(" " * indent)
        hung.append_text(row)
        out.append(hung)
    return out


class Hanging:
    """A text drawn at its column's width with a hanging indent: a line that starts with
    spaces continues on rows ``extra`` cells further in (``  Hoon: 01B ...`` / ``    11J2
    ...``), as the line mode's :func:`gostop.play.plain.fit_lines` does; prose continues at the
    margin."""

    def __init__(self, text: Text, extra: int = 2) -> None:
        self.text = text
        self.extra = extra

    def lines(self, width: int) -> list[Text]:
        """The rows of the text at ``width`` cells."""
        out: list[Text] = []
        for line in self.text.split("\n", allow_blank=True):
            plain = line.plain
            lead = len(plain) - len(plain.lstrip(" "))
            out.extend(hang_rows(line, width, lead + self.extra if lead else 0, spans=list_spans(plain)))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for row in self.lines(options.max_width):
            row.end = "\n"
            row.no_wrap = False
            yield row

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)


def _captures_row(groups: Sequence[tuple[str, Sequence[Card]]], hl: Collection[str], width: int | None) -> Text:
    """The capture area by class (``Brights: 01B 11B Animals: - ...``) after the row's first
    space; ``width``: the cells of the row, the row then broken between cards, never inside a
    label nor between a label and its first card, its continuation rows indented past the
    first label (a terminal's own wrap split ``Junk 6:`` and began the next row at the margin)."""
    pieces: list[Text] = []
    for label, cards in groups:
        head = Text()
        head.append(f"{label}:", style="bold")
        head.append(" ")
        head.append_text(cards_line(cards[:1], hl=hl))
        pieces.append(head)
        pieces.extend(card_text(c, hl) for c in cards[1:])
    t = Text()
    used = 1  # the row's first space, before this text
    for i, piece in enumerate(pieces):
        size = cell_len(piece.plain)
        if i and width is not None and used + 1 + size > width and size <= width - CAPTURES_INDENT:
            t.append("\n" + " " * CAPTURES_INDENT)
            used = CAPTURES_INDENT
        else:
            t.append(" ")
            used += 1
        t.append_text(piece)
        used += size
    return t


def seat_compact(
    seat: SeatView, target: int, unit: str, hl: Collection[str] = (), width: int | None = None
) -> Text:
    """One seat in a few lines (small screens): name, points, hand, chips and non-zero counters,
    then the capture area by class, then stamps and shown cards. ``width``: the cells of the
    seat's column; a capture area too long for one row then continues on indented rows, broken
    between cards (:func:`_captures_row`)."""
    w = catalog(seat.lang)
    t = Text()
    t.append(seat.name, style="bold cyan" if seat.you else "bold")
    roles = _roles(seat, w, compact=True)
    if roles:
        t.append(f" ({', '.join(roles)})", style="dim")
    if seat.to_move:
        t.append(w.t(" <- to move"), style="bold")
    t.append(w.t("  points {points}/{target}", points=seat.points, target=target), style="bold")
    t.append(_hand_and_total(seat, unit, w))
    counters = []
    if seat.goes:
        counters.append(w.t("go {n}", n=seat.goes))
    if seat.shakes:
        counters.append(w.t("shook {months}", months=_months(seat.shakes, w)))
    if seat.bombs:
        counters.append(w.t("bomb {n}", n=seat.bombs))
    if seat.ppuk:
        counters.append(w.t("ppuk {n}", n=seat.ppuk))
    if seat.skips:
        counters.append(w.t("skips {n}", n=seat.skips))
    if counters:
        t.append("  " + " ".join(counters), style="bold yellow")
    if width is not None:  # a long header breaks between its parts, its next rows indented
        rows = hang_rows(t, width, CAPTURES_INDENT, _HEADER_PARTS)
        t = Text("\n").join(rows)
    t.append("\n ")
    groups: list[tuple[str, Sequence[Card]]] = [
        (w.t("Brights"), seat.brights),
        (w.t("Animals"), seat.animals),
        (w.t("Ribbons"), seat.ribbons),
        (w.t("Junk {value}{flex}", value=seat.junk_value, flex=_flex_note(seat, w)), seat.junk + seat.others),
    ]
    t.append_text(_captures_row(groups, hl, width))
    t.append("\n")
    if seat.shown:
        t.append("  " + w.t("shown:") + " ", style="bold")
        t.append_text(cards_line(seat.shown, hl=hl))
        t.append("\n")
    # a stamp or a hint too long for a row goes on under its indent, broken between words (the
    # terminal's own wrap began its next row at the margin)
    for st in seat.stamps:
        row = Text("  ")
        row.append(_stamp_badge(st, w, compact=True), style="bold white on red" if st.live else "bold black on yellow")
        row.append(" " + _stamp_line(st, w, compact=True))
        t.append_text(_hung(row, width))
    if seat.you:
        for line in seat.near:
            t.append_text(_hung(Text("  " + w.t("hint: {line}", line=line), style="italic"), width))
    return t


def _hung(row: Text, width: int | None) -> Text:
    """``row`` and a newline, in rows of ``width`` cells under a hanging indent (None: as is)."""
    if width is not None:
        row = Text("\n").join(hang_rows(row, width, CAPTURES_INDENT))
    row.append("\n")
    return row


def layout_compact(view: TableView) -> Text:
    """The layout on one or two lines (small screens): the piles by month, stacks in brackets."""
    w = catalog(view.lang)
    t = Text()
    t.append(w.t("Table"), style="bold")
    t.append(w.t(" (stock {n}):", n=view.stock))
    if not view.layout:
        t.append(" " + w.t("empty"), style="dim")
    for pile in view.layout:
        t.append("  ")
        if pile.stack:
            t.append("[")
            t.append_text(cards_line(pile.cards, hl=view.highlight))
            t.append("]")
            if pile.owner:  # QA 16: "[11B 11J1 11J2]Minji" read as one word
                t.append(" " + pile.owner, style="dim")
        else:
            t.append_text(cards_line(pile.cards, hl=view.highlight))
    t.append("\n")
    return t


def layout_block(view: TableView) -> Text:
    """The layout grouped by month (a stack shown as ``[a b c]``), with the stock size."""
    w = catalog(view.lang)
    t = Text()
    t.append(w.t("Table 바닥"), style="bold")
    t.append("   " + w.n("stock {n} card", "stock {n} cards", view.stock) + "\n")
    if not view.layout:
        t.append("  " + w.t("(empty)") + "\n", style="dim")
        return t
    for i, pile in enumerate(view.layout):
        t.append("  " if i % 4 == 0 else "   ")
        t.append(f"{_month_short(pile.month, w)}: ", style="bold")
        if pile.stack:
            t.append("[")
            t.append_text(cards_line(pile.cards, hl=view.highlight))
            t.append("]")
            stack = w.t(" stack of {name}", name=pile.owner) if pile.owner else w.t(" stack")
            t.append(stack, style="dim")
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
    """The match ledger: each player's running total (at a table paid in shots, with the
    shots taken so far in the hand being played)."""
    w = catalog(view.lang)
    t = Text()
    t.append(w.t("Ledger ({unit})", unit=unit_words(view.unit, w)) + "\n", style="bold")
    for i, (name, total) in enumerate(view.ledger):
        live = view.ledger_hand[i] if i < len(view.ledger_hand) else 0
        more = w.t("  ({n:+d} this hand)", n=live) if live else ""  # GOO-1: shots of the hand so far
        t.append(f"  {pad(name, 8)} {total:+d}{more}\n")
    return t


def log_block(lines: Sequence[LogLine]) -> Text:
    """The event log, one styled line each."""
    t = Text()
    for line in lines:
        t.append(line.text + "\n", style=LOG_STYLES.get(line.kind, ""))
    return t


def summary_block(summary: HandSummary, lang: str = "en") -> Text:
    """The end of a hand: the headline, the settlement step by step, the chips (the screen's
    own words in ``lang``; the headline and the steps are the session's)."""
    w = catalog(lang)
    t = Text()
    if summary.hand is not None:
        over = w.t("Hand {n} is over.", n=summary.hand)
    else:
        over = w.t("Deal {n} is over.", n=summary.deal + 1)
    t.append(over + " ", style="bold")
    t.append(summary.headline + "\n\n", style="bold")
    for step in summary.steps:
        t.append(step + "\n")
    t.append("\n")
    player, this_hand, sum_ = w.t("Player"), w.t("this hand"), w.t("total")
    t.append(f"{pad(player, 10)} {rpad(this_hand, 10)} {rpad(sum_, 8)}\n", style="bold")
    for name, delta, total in summary.chips:
        t.append(f"{pad(name, 10)} {delta:>+10d} {total:>+8d}\n")
    return t


def standings_block(
    standings: Sequence[Standing], unit: str, lang: str = "en", name: Callable[[int], str] | None = None
) -> Text:
    """MATCH-7: the final standings (in ``lang``; ``name`` says a table seat's name as the
    person reads it, e.g. :meth:`Session.name`, else the names of the record)."""
    w = catalog(lang)
    t = Text()
    t.append(w.t("Final standings") + "\n", style="bold")
    for s in standings:
        value = s.shots if unit == "shots" else s.chips
        who = s.name if name is None else name(s.seat)
        t.append(f"  {s.rank}. {pad(who, 10)} {signed_amount(w, value, unit)}\n")
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
        t.append(catalog(view.lang).t("Your hand:") + " ", style="bold")
        t.append_text(cards_line(view.hand))
        t.append("\n")
    t.append_text(ledger_block(view))
    return t
