"""The full-screen game (Textual): keyboard first, mouse too.

The app draws a :class:`~gostop.play.session.Session` through the view models
(:mod:`gostop.play.view`, :mod:`gostop.play.render`) and sends the person's key presses and
clicks to :meth:`Session.choose`. Screens: an optional setup screen, the table, the end of each
hand (the settlement step by step), the end of the match (standings), help (keys, rules, card
guide) and the full event log.

Every screen speaks the person's language (``Settings.lang``, chosen with ``--lang`` or on the
setup screen): its own words come from the message catalogue (:mod:`gostop.words.catalog`),
the session's questions, log and settlement are the session's, already in that language.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import traceback
from collections.abc import Callable, Collection
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, HorizontalScroll, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.visual import visualize
from textual.widgets import (
    Button,
    Footer,
    Header,
    Input,
    Label,
    Select,
    Static,
    TabbedContent,
    TabPane,
)

from gostop.agents import level_name, warm
from gostop.cards import MONTH_NAMES, JokerType, Kind, parse_card
from gostop.limits import MAX_PLAY_HANDS
from gostop.play.answers import rule_changes, seed_number, whole_number
from gostop.play.guide import card_guide_parts, keys_text, quick_start, reflow, rules_text
from gostop.play.render import (
    LOG_STYLES,
    Hanging,
    card_text,
    layout_block,
    layout_compact,
    ledger_block,
    log_block,
    seat_block,
    seat_compact,
    standings_block,
    summary_block,
    unit_words,
)
from gostop.play.session import (
    LEVEL_NAMES,
    Choice,
    ChoiceError,
    HandSummary,
    SavedMatch,
    Session,
    Settings,
)
from gostop.play.store import Store
from gostop.play.view import SeatView, table_view
from gostop.rules import PRESET_NAMES, PRESETS
from gostop.words import Catalog, catalog, item_name, preset_title
from gostop.words.levels import level_gap_line
from gostop.words.options import rules_refused

__all__ = ["GoStopApp"]

#: The languages offered on the setup screen, each named in itself.
LANGUAGES = (("English", "en"), ("한국어", "ko"))


def _binding_words(words: Catalog) -> dict[str, str]:
    """The key bar's words (the bindings' descriptions) in the language of ``words``."""
    return {
        "Close": words.t("Close"),
        "Scroll": words.t("Scroll"),
        "Continue": words.t("Continue"),
        "Quit": words.t("Quit"),
        "Play on": words.t("Play on"),
        "Help": words.t("Help"),
        "Log": words.t("Log"),
        "Save & quit": words.t("Save & quit"),
        "palette": words.t("palette"),
    }


def say_bindings(node: DOMNode, words: Catalog) -> None:
    """Say the descriptions of ``node``'s bindings (the key bar) in the language of ``words``
    (English: as they are written)."""
    if words.lang == "en":
        return
    said = _binding_words(words)
    table = node._bindings.key_to_bindings  # per node (a copy of the class's), so ours to change
    for key, bindings in table.items():
        table[key] = [
            dataclasses.replace(b, description=said.get(b.description, b.description), tooltip="")
            if b.description in said else b
            for b in bindings
        ]


#: Short forms of the choice markers, used when a line would not fit (never cut mid-word).
def short_mark(mark: str) -> str:
    """``completes godori`` -> ``+godori``, ``feeds Minji (godori)`` -> ``feeds Minji``,
    ``oe-myeon risk`` -> ``oe-myeon``."""
    if mark.startswith("completes "):
        return "+" + mark.removeprefix("completes ")
    if mark.startswith("feeds ") and " (" in mark:
        return mark.split(" (", 1)[0]
    if mark == "oe-myeon risk":
        return "oe-myeon"
    return mark


def short_detail(detail: str) -> str:
    """What a card does in the fewest words: ``takes 06A or 06R?`` -> ``06A/06R?``."""
    if detail.startswith("takes ") and " or " in detail:
        return detail.removeprefix("takes ").replace(" or ", "/")
    if detail.startswith("takes the stack"):
        return "stack"
    if detail == "no match":
        return "lays it"
    return detail


#: Words that only join the others (``국화 피 · chrysanthemum junk``): a shortened name never
#: ends with one.
SEPARATORS = frozenset({"·", "-", "/", "|", "—", "–"})


def _unbroken_names() -> tuple[tuple[str, ...], ...]:
    """The names of more than one word that a shortened card name keeps whole or drops whole:
    a month's flower (``willow / rain``, ``bush clover``), a kind (``double junk``), a joker
    (``three-junk joker``, ``보스 조커``), in both languages (``willow / rain double`` cut the
    kind of ``willow / rain double junk`` in two)."""
    names = {n for english, korean, _abbr in MONTH_NAMES.values() for n in (english, korean)}
    names |= {n for kind in Kind for n in (kind.english, kind.korean)}
    for joker_type in JokerType:
        joker = parse_card("JK" + joker_type.value)
        names |= {joker.english_name, joker.korean_name}
    # but "조커 2" may lose its number: "조커" still says what the card is (its code is beside it)
    names = {n for n in names if len(n.split()) > 1 and not n.startswith("조커 ")}
    return tuple(sorted({tuple(n.split()) for n in names}, key=len, reverse=True))


UNBROKEN_NAMES = _unbroken_names()


class ChoiceItem(Static):
    """One clickable choice: ``[key] label -- detail <marks>``.

    On a small screen a card choice is one line that must fit its column, the card's name
    beside its code and what playing it does after (``[1] 06A peony animal: takes 06J1
    <marks>``); its words are shortened by rule (the card's name first, whole words from its
    end; then the markers and the detail take their short forms) and are never cut in the
    middle of a word or marker.
    The markers are read by their English keys (``Choice.mark_keys``) and shown as the
    session says them, in the person's language (``lang``)."""

    DEFAULT_CSS = """
    ChoiceItem { height: auto; padding: 0 1; }
    ChoiceItem:hover { background: $boost; }
    """

    def __init__(self, choice: Choice, compact: bool = False, lang: str = "en") -> None:
        self.choice = choice
        self.compact = compact
        self.lang = lang
        super().__init__(self._text(choice, compact, lang=lang), classes="card" if choice.card is not None else "words")

    def render(self) -> Any:
        width = self.content_region.width
        if self.compact and self.choice.card is not None and width > 0:
            return self._text(self.choice, True, width, self.lang)
        if width > 0:
            return self._hanging(width)
        return super().render()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        if width > 0:  # exactly the rows its wrapped words take
            return self.rows(width)
        return super().get_content_height(container, viewport, width)

    def rows(self, width: int) -> int:
        """The rows this choice takes ``width`` cells wide."""
        if self.choice.card is not None and self.compact:
            return 1  # shortened to one line by rule (:meth:`_fitted`)
        return len(self._hanging(width).split("\n"))

    def _hanging(self, width: int) -> Text:
        """The choice wrapped to ``width`` cells, its continuation lines under its label (not
        under its key)."""
        text = self._text(self.choice, self.compact, lang=self.lang)
        if cell_len(text.plain) <= width:
            return text
        indent = len(f" {self.choice.key} ") + 1
        if width <= indent + 10:  # too narrow to indent
            indent = 0
        room = max(1, width - indent)
        marks = [cell_len(m) for m in re.findall(r"<[^<>]*>", text.plain[indent:])]
        if max(marks, default=0) <= room:  # markers of several words (<feeds Minji (godori)>) are never split
            lines = self._wrap_whole_marks(text[indent:], room)
        else:  # a marker wider than the column: wrapped as any words (not cut at the edge)
            lines = list(text[indent:].wrap(self.app.console, room))
        out = text[:indent]
        for i, line in enumerate(lines):
            if i:
                out.append("\n" + " " * indent)
            line.rstrip()
            out.append_text(line)
        return out

    @staticmethod
    def _wrap_whole_marks(text: Text, width: int) -> list[Text]:
        """``text`` wrapped to ``width`` cells at its spaces, each ``<marker>`` kept whole."""
        plain = text.plain
        words = [m.span() for m in re.finditer(r"<[^<>]*>|\S+", plain)]
        lines: list[Text] = []
        start = end = None
        for a, b in words:
            if start is not None and end is not None and cell_len(plain[start:b]) > width:
                lines.append(text[start:end])
                start = None
            if start is None:
                start = a
            end = b
        if start is not None and end is not None:
            lines.append(text[start:end])
        return lines or [text]

    @staticmethod
    def _marks(c: Choice) -> list[tuple[str, str]]:
        """The markers of ``c`` as (shown, key) pairs (the key in English, for the rules)."""
        keys = tuple(getattr(c, "mark_keys", ())) or c.marks
        if len(keys) != len(c.marks):
            keys = c.marks
        return list(zip(c.marks, keys, strict=True))

    @staticmethod
    def _text(c: Choice, compact: bool = False, width: int | None = None, lang: str = "en") -> Text:
        if compact and c.card is not None and width is not None:
            return ChoiceItem._fitted(c, width, lang)
        t = Text()
        t.append(f" {c.key} ", style="bold reverse")
        t.append(" ")
        marks = ChoiceItem._marks(c)
        captures = any(k == "captures" for _m, k in marks)
        if c.card is not None:
            t.append_text(card_text(c.card))
            if compact:  # the card's name, then what it does (as :meth:`_fitted` lays it out)
                detail = ChoiceItem._priced(c, ChoiceItem._compact_detail(c.detail, lang), c.cost)
                t.append_text(ChoiceItem._named(c.label.split(), bool(detail)))
                if detail:
                    t.append(f" {detail}", style="bold" if captures else "")
                marks = [(m, k) for m, k in marks if k != "captures"]
            else:
                t.append(" " + c.label)
        else:
            t.append(c.label, style="bold")
        if c.detail and not (compact and c.card is not None):
            t.append(f"  {c.detail}", style="dim")
        for mark, key in marks:
            t.append(f" <{mark}>", style=ChoiceItem._mark_style(key))
        return t

    #: What ends the card's name in a compact line when its deed follows (``06A peony animal:
    #: takes 06J1``, ``06A 모란 열끗: 모란 피 먹음``): one cell, ASCII (never of ambiguous width
    #: in a CJK terminal, as an arrow or a dash would be).
    NAME_END = ":"

    @staticmethod
    def _named(words: list[str], deed: bool) -> Text:
        """The card's name words (dim) as they follow its code in a compact line, ended by
        :attr:`NAME_END` when a deed follows them; nothing when no word is left (no separator
        dangles after the code)."""
        if not words:
            return Text()
        return Text(" " + " ".join(words) + (ChoiceItem.NAME_END if deed else ""), style="dim")

    @staticmethod
    def _compact_detail(detail: str, lang: str = "en") -> str:
        if lang != "en":
            w = catalog(lang)
            if detail == w.t("no match: stays on the table"):
                return w.t("no match")
            if detail.startswith(w.t("joker: to your captures, the top stock card is played instead")):
                # what it does: the card's name, beside it, already says "joker" (JOKER-1); short
                # enough that its worth fits too (조커 2 · 쌍피), with a goo-stupe shot or not
                return w.t("to your captures + a stock card")
            return detail
        if detail.startswith("joker:"):
            return catalog(lang).t("to your captures + a stock card")
        if detail.startswith("no match"):
            detail = detail.split(":")[0]
        return detail.replace(" (you choose)", "?")

    @staticmethod
    def _priced(c: Choice, deed: str, cost: str) -> str:
        """``deed`` (a shortened detail of ``c``) with ``cost`` (:attr:`Choice.cost` or its
        short form) at its end, said once; the cost alone, as a clause of its own, when the
        deed is left out."""
        if not c.cost or deed.endswith((c.cost, c.cost_brief or c.cost)):
            return deed
        return deed + cost if deed else cost.removeprefix(";").strip()

    @staticmethod
    def _short_mark(mark: str, key: str, lang: str) -> str:
        """The short form of a marker (:func:`short_mark`), in ``lang``."""
        if lang == "en":
            return short_mark(mark)
        if key.startswith("completes "):
            return "+" + item_name(key.removeprefix("completes "), lang)
        if key == "oe-myeon risk":
            return catalog(lang).t("oe-myeon")
        return mark

    @staticmethod
    def _short_detail(detail: str, lang: str) -> str:
        """The detail in the fewest words (:func:`short_detail`); in another language than
        English, the words before its colon, if it has one, else none."""
        if lang == "en":
            return short_detail(detail)
        return detail.split(": ", 1)[0] if ": " in detail else ""

    @staticmethod
    def _mark_style(mark: str) -> str:
        good = mark in ("captures", "bomb") or mark.startswith(("completes", "+"))
        return "bold green" if good else ("bold yellow" if mark == "shaken" else "bold red")

    @staticmethod
    def _brackets(words: list[str]) -> list[tuple[int, int]]:
        """The bracketed runs of ``words``: (index of the word that opens one, index of the word
        that closes it); a run never closed runs to the last word."""
        runs = []
        start: int | None = None
        for i, word in enumerate(words):
            if start is None and word.startswith("("):
                start = i
            if start is not None and word.endswith(")"):
                runs.append((start, i))
                start = None
        if start is not None:
            runs.append((start, len(words) - 1))
        return runs

    @staticmethod
    def _fitted(c: Choice, width: int, lang: str = "en") -> Text:
        """The compact line of a card choice in ``width`` cells, shortened by rule: its key,
        the card's code, its name words (dim; :meth:`_named`), the deed, the markers."""
        assert c.card is not None
        pairs = [(m, k) for m, k in ChoiceItem._marks(c) if k != "captures"]
        captures = len(pairs) < len(c.marks)
        marks = [m for m, _k in pairs]
        styles = {m: ChoiceItem._mark_style(k) for m, k in pairs}
        detail = ChoiceItem._compact_detail(c.detail, lang)
        label = c.label.split()
        short = [ChoiceItem._short_mark(m, k, lang) for m, k in pairs]
        styles.update({sm: ChoiceItem._mark_style(k) for sm, (_m, k) in zip(short, pairs, strict=True)})
        attempts = []
        # what follows a middle dot (a joker's worth, "조커 2 · 쌍피"; an English gloss in a
        # label made elsewhere) goes whole or not at all: a torn gloss says nothing more
        gloss = label.index("·") if "·" in label else len(label)
        # a bracket goes whole or not at all too: "pampas grass junk (any of your" said nothing
        # of the two cards and left the bracket open
        brackets = ChoiceItem._brackets(label)
        # a name of several words (a month's flower, a kind, a joker) goes whole or not at all
        brackets += [(i, i + len(name) - 1) for i in range(len(label)) for name in UNBROKEN_NAMES
                     if tuple(label[i:i + len(name)]) == name]

        def torn(n: int) -> bool:
            return gloss < n < len(label) or any(i < n <= j for i, j in brackets)

        for ms in (marks, short):  # the card's words, whole, from the end; then short markers
            for n in range(len(label), -1, -1):
                if n and label[n - 1] in SEPARATORS:
                    continue  # never end on a dangling separator ("국화 피 ·")
                if torn(n):
                    continue
                attempts.append((detail, ms, label[:n]))
        brief = c.brief or ChoiceItem._short_detail(detail, lang)  # the deed in fewer words
        if c.brief:  # with the card's name if it fits ("06J1 둘 중 골라 먹음 모란 피")
            for n in range(len(label), 0, -1):
                if label[n - 1] not in SEPARATORS and not torn(n):
                    attempts.append((brief, marks, label[:n]))
        if not brief:  # nothing of what it does fits: its name still says what the card is
            # (a Korean joker's line was "JK2-2" alone at 80 columns: neither "조커" nor its worth)
            attempts.extend(("", short, label[:n]) for n in range(len(label), 0, -1)
                            if label[n - 1] not in SEPARATORS and not torn(n))
        attempts.append((brief, short, []))
        if short:  # the markers say more than "lays it"
            attempts.append(("", short, []))
        if lang != "en":  # longer words: markers give way too, the last first (never cut)
            attempts.extend(("", short[:n], []) for n in range(len(short) - 1, -1, -1))
        if c.cost:  # what the deed costs (a goo-stupe shot, GOO-10) is never dropped: the deed,
            # the card's name and the markers give way first, then the cost takes its short form
            costs = [c.cost, *([c.cost_brief] if c.cost_brief else [])]
            attempts = ([(ChoiceItem._priced(c, d, cost), ms, words) for cost in costs
                         for d, ms, words in attempts if d]
                        + [(ChoiceItem._priced(c, "", cost), ms, words)  # the card's name whole first
                           for d, ms, words in attempts if not d for cost in costs]
                        + [(ChoiceItem._priced(c, "", cost), [], []) for cost in costs])
        chosen = attempts[-1]
        for attempt in attempts:
            d, ms, words = attempt
            size = cell_len(f" {c.key} ") + 1 + cell_len(c.card.code) + cell_len(ChoiceItem._named(words, bool(d)).plain)
            size += (1 + cell_len(d) if d else 0) + sum(3 + cell_len(m) for m in ms)
            if size <= width:
                chosen = attempt
                break
        d, ms, words = chosen
        t = Text()
        t.append(f" {c.key} ", style="bold reverse")
        t.append(" ")
        t.append_text(card_text(c.card))
        # the card's name right after its code, then what it does: "06A peony animal: takes
        # 06J1" (the name last, after the deed, read as the card taken: "06A takes 06J1 peony animal")
        t.append_text(ChoiceItem._named(words, bool(d)))
        if d:
            t.append(f" {d}", style="bold" if captures else "")
        for mark in ms:
            t.append(f" <{mark}>", style=styles.get(mark, ChoiceItem._mark_style(mark)))
        return t

    def on_click(self, event: events.Click) -> None:
        app = self.app
        if isinstance(app, GoStopApp):
            app.choose(self.choice.key)


class TextScreen(ModalScreen[None]):
    """A scrollable text over the table (help pages, the log); Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 96%; height: 92%; border: thick $accent; background: $surface; }
    TextScreen VerticalScroll { height: 1fr; }
    """

    def __init__(self, title: str, body: Text | str, end: bool = False, words: Catalog | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.end = end
        self.words = words or catalog("en")
        say_bindings(self, self.words)

    def compose(self) -> ComposeResult:
        w = self.words
        how = w.t("({escape} closes; arrows and {pages} scroll)", escape="Escape", pages="PgUp/PgDn")
        with Vertical():
            yield Label(Text(self.title_text + "   " + how, style="bold"))
            with VerticalScroll():
                yield Static(self.body)

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.focus()
        if self.end:
            self.call_after_refresh(box.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Help: quick start and keys, the rules of this table, the card guide.

    Left / right switch pages (the page tabs hold the focus); up / down, PgUp / PgDn and
    Home / End scroll the page shown. The card table, wider than a small screen, scrolls
    sideways on its own (Tab to it, then left / right); the prose wraps to the window."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("down", "scroll('down')", "Scroll", show=False),
        Binding("up", "scroll('up')", "Scroll", show=False),
        Binding("pagedown", "scroll('page_down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Scroll", show=False),
        Binding("end", "scroll('end')", "Scroll", show=False),
        Binding("home", "scroll('home')", "Scroll", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 96%; height: 94%; border: thick $accent; background: $surface; }
    HelpScreen TabbedContent, HelpScreen ContentSwitcher, HelpScreen TabPane { height: 1fr; }
    HelpScreen VerticalScroll.page { height: 1fr; }
    HelpScreen HorizontalScroll { height: auto; }
    HelpScreen Static.table { width: auto; text-wrap: nowrap; }
    HelpScreen #help-keys Static { max-width: 100; }
    HelpScreen Static.intro { width: 100%; max-width: 100; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.words = catalog(session.settings.lang)
        say_bindings(self, self.words)

    def compose(self) -> ComposeResult:
        rules = self.session.rules
        w = self.words
        lang = w.lang
        how = w.t("{escape}: close · left/right: pages · up/down, {pages}: scroll", escape="Escape", pages="PgUp/PgDn")
        with Vertical():
            yield Label(Text(w.t("Help") + "   " + how, style="bold"))
            with TabbedContent():
                with TabPane(w.t("Keys"), id="help-keys"), VerticalScroll(classes="page", can_focus=False):
                    yield Static(reflow(quick_start(lang)))
                    yield Static(keys_text(lang, rules, self.session.settings.players,
                                           cut=self.session.settings.ask_cut))
                with TabPane(w.t("Rules"), id="help-rules"), VerticalScroll(classes="page", can_focus=False):
                    # an item of a list ("  2 players: 10 cards each...") continues on rows indented
                    # past its own indent, never at the margin (80x24, QA round 14)
                    yield HangingStatic(Text(rules_text(rules, self.session.settings.players, lang, flowed=True)))
                with TabPane(w.t("Cards"), id="help-cards"), VerticalScroll(classes="page", can_focus=False):
                    intro, guide = card_guide_parts(rules, lang)
                    yield Static(reflow(intro), classes="intro")
                    yield Static(Text(w.t("(A table wider than the window: {tab}, then left/right scroll it sideways.)",
                                          tab="Tab"), style="dim"), classes="intro")
                    with HorizontalScroll():  # only the table scrolls sideways, never the prose
                        yield Static(guide, classes="table")

    def action_scroll(self, where: str) -> None:
        """Scroll the page shown: ``down``, ``up``, ``page_down``, ``page_up``, ``end``, ``home``."""
        tabs = self.query_one(TabbedContent)
        page = tabs.get_pane(tabs.active).query_one("VerticalScroll.page", VerticalScroll)
        action = {"end": "scroll_end", "home": "scroll_home"}.get(where, f"scroll_{where}")
        getattr(page, action)(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class HangingStatic(Static):
    """A text drawn at its column's width with a hanging indent (:class:`Hanging`): an
    indented line continues on rows indented past its own indent, never at the margin."""

    def __init__(self, text: Text | None = None, *, id: str | None = None) -> None:  # noqa: A002 (Textual's name)
        text = Text() if text is None else text
        super().__init__(text, id=id)
        self._hanging_text = text

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """Draw ``content`` (a Text, else its words as they are) from now on."""
        self._hanging_text = content if isinstance(content, Text) else Text(str(content))
        super().update(self._hanging_text, layout=layout)

    def _rows(self, width: int) -> Text:
        return Text("\n").join(Hanging(self._hanging_text).lines(width))

    def render(self) -> Any:
        width = self.content_region.width
        return self._rows(width) if width > 0 else self._hanging_text

    def on_resize(self, event: events.Resize) -> None:
        self.refresh(layout=True)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        if width > 0:  # exactly the rows of the hanging wrap
            return len(Hanging(self._hanging_text).lines(width))
        return super().get_content_height(container, viewport, width)


class SummaryScreen(ModalScreen[str | None]):
    """The end of a hand (or of the match): read it, then Enter. At the end of the match
    (``again``), N asks for a new one instead (dismissed with ``"again"``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("space", "close", "Continue", show=False),
        Binding("escape", "close", "Continue", show=False),
        Binding("n", "again", "New match", show=False),
    ]
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical { width: 96%; max-width: 110; height: auto; max-height: 100%;
        border: thick $success; background: $surface; padding: 0 1; }
    SummaryScreen VerticalScroll { height: auto; max-height: 85vh; }
    """

    def __init__(self, body: Text, footer: str, words: Catalog | None = None, again: bool = False) -> None:
        super().__init__()
        self.body = body
        self.footer = footer
        self.words = words or catalog("en")
        self.again = again
        say_bindings(self, self.words)

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                # an indented line (a capture row, a step of the settlement) continues on rows
                # indented past its own indent, never at the margin (80x24: "Captured cards")
                yield HangingStatic(self.body)
            yield Label(Text(self.footer, style="bold reverse"))

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.focus()
        self.call_after_refresh(self._mark_scroll, box)
        self.watch(box, "scroll_y", lambda _y: self._mark_scroll(box), init=False)

    def _mark_scroll(self, box: VerticalScroll) -> None:
        """The footer says that there is more to read below, while there is."""
        more = box.scroll_y < box.max_scroll_y
        below = " " + self.words.t("(arrows / {page_down}: more below)", page_down="PgDn") + " "
        self.query_one(Label).update(Text(self.footer + (below if more else ""), style="bold reverse"))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_again(self) -> None:
        if self.again:
            self.dismiss("again")


class QuitScreen(ModalScreen[bool]):
    """After ctrl-c: the match is saved; quit now (y, Enter, ctrl-c again) or play on (n, Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Quit"),
        Binding("enter", "answer(True)", "Quit", show=False),
        Binding("n", "answer(False)", "Play on"),
        Binding("escape", "answer(False)", "Play on", show=False),
    ]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical { width: 70; max-width: 100%; height: auto; border: thick $warning; background: $surface; padding: 0 1; }
    """

    def __init__(self, saved: str, words: Catalog | None = None) -> None:
        super().__init__()
        self.saved = saved
        self.words = words or catalog("en")
        say_bindings(self, self.words)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.saved))
            question = self.words.t("Quit now? {yes}: quit   {no}: play on", yes="y / Enter", no="n / Escape")
            yield Label(Text(question, style="bold"))

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)


class SetupScreen(Screen[Settings | str | None]):
    """Choose the table before a new match (or resume the saved one).

    The language (top right) is the one of every screen after this one; changing it says this
    screen again in that language, keeping the answers typed so far. It is written into the
    settings the screen was given (``settings.lang``), for a resumed match too."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit_app", "Quit")]
    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen > Vertical { width: 84; max-width: 100%; height: auto; max-height: 100%; border: thick $accent; padding: 0 1; }
    SetupScreen Horizontal { height: 1; margin: 0 0 1 0; }
    SetupScreen Horizontal#setup-head { margin: 0; }
    SetupScreen #setup-title { width: 1fr; }
    SetupScreen Label.field { width: 14; }
    SetupScreen Horizontal#level-row { margin: 0; }
    SetupScreen #level-gap { padding: 0 0 0 14; margin: 0 0 1 0; color: $text-muted; }
    SetupScreen Label.lang { width: auto; margin: 0 1 0 0; }
    SetupScreen Select, SetupScreen Input { width: 1fr; }
    SetupScreen Select#lang { width: 14; }
    SetupScreen Button { margin: 0 2 0 0; }
    """

    def __init__(self, settings: Settings, saved: SavedMatch | None) -> None:
        super().__init__()
        self.settings = settings
        self.saved = saved
        #: The answers typed so far, while the screen is said again in another language.
        self._typed: dict[str, Any] = {}

    @property
    def words(self) -> Catalog:
        return catalog(self.settings.lang)

    def compose(self) -> ComposeResult:
        s = self.settings
        w = self.words
        typed = self._typed
        with Vertical():
            with Horizontal(id="setup-head"):
                yield Label(Text(w.t("gostop -- Go Stop 고스톱 against bots"), style="bold"), id="setup-title")
                yield Label(w.t("Language"), classes="lang")
                yield Select(LANGUAGES, value=s.lang, allow_blank=False, id="lang", compact=True)
            yield Label(w.t("{tab} moves between fields; {enter} on {start} begins. {quit} quits.", tab="Tab",
                            enter="Enter", start=w.t("Start"), quit="ctrl+q"))
            if self.saved is not None and self.saved.readable:
                yield Static(Text(w.t("Saved match: {text}", text=self.saved.said(w.lang)), style="bold yellow"))
            elif self.saved is not None:
                yield Static(Text(w.t("Your saved match cannot be resumed: {problem}. {start} keeps a copy of it and"
                                      " begins a new match.", problem=self.saved.problem_said(w.lang), start=w.t("Start")),
                                  style="bold red"))
            with Horizontal():
                yield Label(w.t("Opponents"), classes="field")
                table = [(w.t("1 bot (2 players)"), 2), (w.t("2 bots (3 players)"), 3)]
                table += [(w.t("gwangpalli: {n} seated, {bots} bots", n=n, bots=n - 1), n) for n in range(4, 8)]
                yield Select(table, value=typed.get("players", s.players), allow_blank=False, id="players", compact=True)
            with Horizontal(id="level-row"):
                yield Label(w.t("Bot level"), classes="field")
                levels = [(level_name(lv, w.lang), lv) for lv in LEVEL_NAMES]
                yield Select(levels, value=typed.get("level", s.level), allow_blank=False, id="level", compact=True)
            # what the chosen level is worth: its measured gap over the level below (the ladder)
            yield Static(level_gap_line(str(typed.get("level", s.level)), w.lang), id="level-gap")
            with Horizontal():
                yield Label(w.t("Rules preset"), classes="field")
                presets = [(preset_title(p, w.lang), p) for p in PRESET_NAMES if p in PRESETS]  # 맞고, not matgo
                yield Select(presets, value=typed.get("preset", s.preset), allow_blank=False, id="preset", compact=True)
            with Horizontal():
                yield Label(w.t("Hands"), classes="field")
                yield Input(typed.get("hands", str(s.hands or "")), placeholder=w.t("3 (empty: the preset's)"),
                            id="hands", compact=True)
            with Horizontal():
                yield Label(w.t("Seed"), classes="field")
                yield Input(typed.get("seed", "" if s.seed is None else str(s.seed)), placeholder=w.t("random"),
                            id="seed", compact=True)
            with Horizontal():
                yield Label(w.t("Rule changes"), classes="field")
                over = typed.get("overrides", " ".join(f"{k}={v}" for k, v in s.overrides.items()))
                yield Input(over, placeholder=w.t("knob=value ... e.g. {example}", example="stop_target_two_player=5"),
                            id="overrides", compact=True)
            yield Static("", id="setup-error")
            with Horizontal():
                yield Button(w.t("Start"), variant="primary", id="start", compact=True)
                if self.saved is not None and self.saved.readable:
                    yield Button(w.t("Resume saved match"), id="resume", compact=True)
                yield Button(w.t("Quit"), id="quit", compact=True)

    def on_mount(self) -> None:
        readable = self.saved is not None and self.saved.readable
        self.query_one("#resume" if readable else "#start", Button).focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        """A new level: the line under it says what that level is worth. A new language: this
        screen in its words, the answers kept (the language's own select keeps the focus)."""
        if event.select.id == "level" and isinstance(event.value, str):
            self.query_one("#level-gap", Static).update(level_gap_line(event.value, self.settings.lang))
            return
        if event.select.id != "lang" or event.value == self.settings.lang or not isinstance(event.value, str):
            return
        self._typed = {
            "players": self.query_one("#players", Select).value,
            "level": self.query_one("#level", Select).value,
            "preset": self.query_one("#preset", Select).value,
            "hands": self.query_one("#hands", Input).value,
            "seed": self.query_one("#seed", Input).value,
            "overrides": self.query_one("#overrides", Input).value,
        }
        self.settings.lang = event.value
        await self.recompose()
        self.query_one("#lang", Select).focus()

    def action_quit_app(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quit":
            self.dismiss(None)
        elif event.button.id == "resume":
            self.dismiss("resume")
        elif event.button.id == "start":
            try:
                self.dismiss(self._read())
            except ValueError as exc:
                self.query_one("#setup-error", Static).update(Text(rules_refused(exc, self.settings.lang), style="bold red"))

    def _read(self) -> Settings:
        players = self.query_one("#players", Select).value
        level = self.query_one("#level", Select).value
        preset = self.query_one("#preset", Select).value
        hands_text = self.query_one("#hands", Input).value.strip()
        seed_text = self.query_one("#seed", Input).value.strip()
        over_text = self.query_one("#overrides", Input).value
        s = Settings(
            players=int(str(players)),
            level=str(level),
            preset=str(preset),
            overrides=rule_changes(over_text),
            hands=whole_number(hands_text, "hands", 1, MAX_PLAY_HANDS) if hands_text else None,
            seed=seed_number(seed_text) if seed_text else None,
            name=self.settings.name,
            ask_cut=self.settings.ask_cut,
            lang=self.settings.lang,
        )
        s.check(setup=True)
        return s


class GoStopApp(App[int]):
    """The terminal game (see the module docstring).

    Args:
        store: where the match is saved.
        settings: the settings of a new match (the setup screen starts from them).
        session: a session to play at once (resume, tests); skips the setup screen.
        setup: show the setup screen before a new match.
        saved: a description of a saved match, offered on the setup screen.
    """

    TITLE = "gostop"
    #: Below this width or height the screen is laid out compact: no side panel (the ledger
    #: goes into the seats, the log is one line; ``l`` shows it all), short seat panels.
    WIDE_MIN = (110, 34)
    CSS = """
    #main { height: 1fr; min-height: 4; }
    #left { width: 3fr; }
    #right { width: 1fr; min-width: 34; border-left: solid $accent; }
    #status, #opponents, #table, #you { padding: 0 1; }
    #you { height: auto; max-height: 8; border-top: solid $accent; }
    #status { text-style: bold; }
    #table { border-top: solid $accent; border-bottom: solid $accent; }
    #ledger { padding: 0 1; border-bottom: solid $accent; }
    #logbox { height: 1fr; }
    #log { padding: 0 1; }
    #prompt { height: auto; max-height: 85%; border-top: thick $accent; scrollbar-size-vertical: 1; }
    #question { padding: 0 1; text-style: bold; }
    #choices { grid-size: 2; grid-gutter: 0 1; height: auto; }
    #words { height: auto; }
    #info { padding: 0 1; height: auto; }
    .compact Header { display: none; }
    .compact #right { display: none; }
    .compact #table { border-top: none; border-bottom: none; }
    .compact ChoiceItem { padding: 0; }
    .compact ChoiceItem.card { height: auto; }
    .compact #prompt { border-top: solid $accent; max-height: 70%; }
    .compact #main { min-height: 3; }
    .compact #you { border-top: none; max-height: 5; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("f1", "help", "Help", show=False),
        Binding("l", "log", "Log"),
        Binding("ctrl+q", "save_quit", "Save & quit", priority=True),
        Binding("ctrl+c", "interrupt", "Save & quit", show=False, priority=True),
    ]

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        session: Session | None = None,
        *,
        setup: bool = True,
        saved: SavedMatch | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        super().__init__()
        self.bot_delay = max(0.0, bot_delay)
        self.store = store
        self.settings = settings or Settings()
        self.session: Session | None = session
        self.setup = setup and session is None
        self.saved = saved
        self.crash_log: str | None = None
        self.crash_saved = ""  # what to say about the save after a crash (only the truth)
        self.message: str | None = None
        self._showing_summary = False
        self._lang_before_setup = self.settings.lang
        #: The first frame is on the screen (``on_ready``); a signal before it waits for it (the
        #: exit status it asks for, 0 for none).
        self._displayed = False
        self._signal_pending = 0

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            # the sentences and the seats break between words, a card's name and its count
            # whole (Hanging; Textual's own wrap tore ``took plum junk`` / ``×2``)
            with VerticalScroll(id="left"):
                yield HangingStatic(id="status")
                yield HangingStatic(id="opponents")
                yield Static(id="table")
            with Vertical(id="right"):
                yield Static(id="ledger")
                with VerticalScroll(id="logbox"):
                    yield HangingStatic(id="log")
        # Your own row sits outside the scrolling table: a tall prompt never pushes it off.
        yield HangingStatic(id="you")
        with VerticalScroll(id="prompt"):
            yield Static(id="question")
            yield Grid(id="choices")
            yield Vertical(id="words")  # small screens: the choices in words, one a row
            yield HangingStatic(id="info")
        yield Footer()

    @property
    def words(self) -> Catalog:
        """The catalogue of the person's language (the session's, else the settings')."""
        return catalog(self.session.settings.lang if self.session is not None else self.settings.lang)

    @property
    def compact(self) -> bool:
        """True on small screens (see :attr:`WIDE_MIN`)."""
        w, h = self.size
        return w < self.WIDE_MIN[0] or h < self.WIDE_MIN[1]

    def on_mount(self) -> None:
        warm.start()  # the search bots' compiled rollouts, in the background (issue 22)
        if self.session is not None:
            self._say_bindings()
            self._step_bots()  # the bots' first moves, one at a time with a bot delay
        elif self.setup:
            self._lang_before_setup = self.settings.lang
            self.push_screen(SetupScreen(self.settings, self.saved), self._after_setup)
        else:
            self._guard(lambda: self._start(self.settings))

    def _say_bindings(self) -> None:
        """The key bar in the person's language."""
        say_bindings(self, self.words)
        self.refresh_bindings()

    def _after_setup(self, result: Settings | str | None) -> None:
        lang = result.lang if isinstance(result, Settings) else self.settings.lang
        if result is not None and lang != self._lang_before_setup:
            with contextlib.suppress(OSError):  # the language chosen is remembered, as --lang is
                self.store.remember(lang=lang)
        if result is None:
            self.exit(0)
        elif result == "resume":
            self._guard(lambda: self._resume())
        elif isinstance(result, Settings):
            self._guard(lambda: self._start(result))

    def _start(self, settings: Settings) -> None:
        if self.saved is not None and not self.saved.readable:
            with contextlib.suppress(OSError):  # it is replaced below; the setup screen said so
                self.store.set_aside()  # keep the unreadable save as a copy
        if self.store.has_saved():
            self.store.discard()  # the person chose a new match over the saved one
        self.settings = settings
        self.session = Session.start(settings, self.store, play_bots=not self.bot_delay)
        self._say_bindings()
        self._step_bots()

    def _resume(self) -> None:
        lang = self.settings.lang  # as chosen on the setup screen (a resumed match takes it, as --lang)
        self.session = Session.resume(self.store)
        self.session.settings.lang = lang
        self.settings = self.session.settings
        self._say_bindings()
        self.refresh_view()

    # -- drawing -----------------------------------------------------------------------------

    def refresh_view(self) -> None:
        session = self.session
        if session is None:
            return
        compact = self.compact
        self.set_class(compact, "compact")
        view = table_view(session, log_lines=200)
        w = self.words
        self.title = "gostop 고스톱"
        self.sub_title = w.t("{title} · {level} bots · {key} help", title=view.title.removeprefix("gostop · "),
                             level=level_name(session.settings.level, w.lang), key="?")
        # compact: a long capture row breaks between cards in the table's column (as in _fit)
        column = self.size.width - 2 if self.size.width > 2 else None

        def seat(s: SeatView, target: int, unit: str, hl: Collection[str]) -> Text:
            if compact:
                return seat_compact(s, target, unit, hl, width=column)
            return seat_block(s, target, unit, hl)

        status = Text()
        if compact:
            status.append(view.title.removeprefix("gostop · "))
        if view.status:
            status.append(" · " if status else "")
            status.append(view.status, style="bold")
        news: tuple[str, str] | None = None
        if view.news:
            news = (view.news, "bold yellow")
        elif view.last_move:
            news = (view.last_move, "underline")
        elif compact:
            log = list(view.log)
            if view.prompt is not None and view.prompt.stage != "push":  # a new deal: the last one is old news
                ends = [i for i, ln in enumerate(log) if ln.kind == "end"]
                log = log[ends[-1] + 1:] if ends else log
            last = next((ln for ln in reversed(log) if ln.kind != "turn"), None)
            if last is not None:
                news = (last.text, LOG_STYLES.get(last.kind, ""))
        head = status
        sitting_out = ""
        if compact and len(view.ledger) > len(view.seats):  # players sitting out: their totals too
            unit = unit_words(view.unit, w).capitalize()
            sitting_out = f"\n{unit}: " + " · ".join(f"{n} {t:+d}" for n, t in view.ledger)

        def with_news(said: str | None) -> Text:
            line = head.copy()
            if news is not None and said:  # no empty segment: "· " after the title alone, else two spaces
                line.append(("  " if view.status else " · ") if line else "")
                line.append(said, style=news[1])
            if sitting_out:
                line.append(sitting_out, style="dim")
            return line

        status = with_news(news[0] if news is not None else None)
        # the parts in fewer words, shortest last, for a screen too tight for them: the last move
        # with its cards counted, then no news (the log keeps it, the board underlines the move)
        shorter: dict[str, list[Text]] = {}
        if news is not None:
            if news[0] == view.last_move and view.last_move_short != view.last_move:
                shorter["#status"] = [with_news(view.last_move_short)]
            shorter.setdefault("#status", []).append(with_news(None))
        opp = Text()
        for s in view.seats:
            if not s.you:
                opp.append_text(seat(s, view.target, view.unit, view.highlight))
        if not view.seats:
            opp.append(self._waiting(view.prompt, w), style="dim")
        table = (layout_compact(view) if compact else layout_block(view)) if view.seats else Text()
        def your_row(turn: str, hints: bool = True) -> Text:
            you = Text()
            if turn:
                you.append(turn + "\n", style="dim")
            for s in view.seats:
                if s.you:
                    you.append_text(seat(s if hints else dataclasses.replace(s, near=()), view.target, view.unit, view.highlight))
            if view.hand and (view.prompt is None or view.prompt.stage != "main"):
                you.append(w.t("Your hand:") + " ", style="bold")
                for i, c in enumerate(view.hand):
                    if i:
                        you.append(" ")
                    you.append_text(card_text(c))
            return you

        you = your_row(view.your_turn)
        if view.your_turn_short != view.your_turn:
            shorter["#you"] = [your_row(view.your_turn_short)]
        if any(s.you and s.near for s in view.seats):  # a hint goes whole or not at all, never cut
            shorter["#you-bare"] = [your_row(view.your_turn, hints=False), your_row(view.your_turn_short, hints=False)]
        items = self._draw_prompt(view.prompt, compact)
        self._fit(view.prompt, compact, status, opp, table, you, items, shorter)
        if not compact:
            self.query_one("#ledger", Static).update(ledger_block(view))
            self.query_one("#log", Static).update(log_block(view.log))
            box = self.query_one("#logbox", VerticalScroll)
            self.call_after_refresh(box.scroll_end, animate=False)
        if view.summary is not None and not self._showing_summary:
            self._show_summary(view.summary)
        elif view.over and view.summary is None and not self._showing_summary:
            self._show_end()

    @staticmethod
    def _waiting(prompt: Any, words: Catalog) -> str:
        """What the table area says while no hand is on it, fitting the question asked."""
        stage = prompt.stage if prompt is not None else ""
        return {
            "cut": words.t("The cards are dealt after the cut."),
            "drop": words.t("The players say stay or drop in turn until three are in; then the hand begins."),
            "claim": words.t("The hand is played without you after your answer."),
            "push": words.t("The next hand is dealt after your answer."),
            "list": words.t("The cards are dealt once the order is set."),
        }.get(stage) or words.t("Waiting for the deal...")

    def _draw_prompt(self, prompt: Any, compact: bool = False) -> list[ChoiceItem]:
        question = self.query_one("#question", Static)
        grid = self.query_one("#choices", Grid)
        words = self.query_one("#words", Vertical)
        info = self.query_one("#info", Static)
        grid.remove_children()
        words.remove_children()
        if prompt is None:
            question.update("")
            info.update(self.message or "")
            return []
        question.update(Text(prompt.question, style="bold"))
        items = [ChoiceItem(c, compact, self.words.lang) for c in prompt.choices]
        column = (self.size.width - 1) // 2
        if compact and any(i.choice.card is not None or i.rows(column) > 1 for i in items):
            # the cards two a row; the choices in words under them, each as tall as it needs
            grid.mount_all([i for i in items if i.choice.card is not None])
            words.mount_all([i for i in items if i.choice.card is None])
        else:  # short answers (go / stop, stay / drop) side by side
            grid.mount_all(items)
        info.update(Text("\n".join(self._info_lines(prompt)), style="italic"))
        return items

    def _info_lines(self, prompt: Any, fold: bool = False) -> list[str]:
        """The lines under the choices; ``fold``: each indented line joined to the one above
        (the steps of a go / stop explanation read as one paragraph, in fewer rows)."""
        lines = ([self.message] if self.message else []) + list(prompt.info)
        if not fold:
            return lines
        out: list[str] = []
        for line in lines:
            if out and line.startswith(" "):
                out[-1] += " " + line.strip()
            else:
                out.append(line)
        return out

    def _rows(self, widget: Static, text: Text | Hanging, width: int) -> int:
        """The rows ``text`` takes in ``widget`` (a Static) ``width`` cells wide."""
        if isinstance(text, Hanging):  # broken by its own rule
            return len(text.lines(max(1, width))) if text.text.plain else 0
        styles: Any = widget.styles  # what Textual itself measures with (Widget.get_content_height)
        return visualize(widget, text, markup=False).get_height(styles, max(1, width)) if text.plain else 0

    def _fit(self, prompt: Any, compact: bool, status: Text, opp: Text, table: Text, you: Text,
             items: list[ChoiceItem], shorter: dict[str, list[Text]] | None = None) -> None:
        """Draw the table's parts so that they fit the screen's height: the blank rows between
        them go first when the screen is tight, then the parts that have a form in fewer words
        take them, shortest last (``shorter``: the last move with its cards counted, ``took 3
        cards``, then no news; the log names them all); at the go / stop question every opponent and the table stay in view
        (the player weighs the others' points): the explanation lines fold into paragraphs,
        then the question's lines scroll rather than the table."""
        shorter = shorter or {}
        parts = {"#status": status, "#opponents": opp, "#table": table, "#you": you}

        def drawn(k: str) -> Text | Hanging:
            """A part as its widget draws it: a HangingStatic's broken by :class:`Hanging`."""
            return Hanging(parts[k]) if k in ("#status", "#opponents", "#you") else parts[k]
        box = self.query_one("#prompt", VerticalScroll)
        box.styles.max_height = None  # the stylesheet's
        you_static = self.query_one("#you", Static)
        you_static.styles.max_height = None
        main = self.query_one("#left", VerticalScroll)
        main.styles.overflow_y = "auto"
        w, h = self.size
        if prompt is not None and w > 0 and h > 0:
            statics = {k: self.query_one(k, Static) for k in parts}
            left = (w if compact else min(w - 34, 3 * w // 4)) - 2  # the table's column, inside its padding
            room = h - 1 - (0 if compact else 1)  # the footer, the header

            def main_rows(bar: int = 2) -> int:
                # Measured as if its scrollbar showed (``bar`` columns), the table fits once the
                # bar is gone too (Textual keeps the bar while the parts overflow).
                rows = sum(self._rows(statics[k], drawn(k), left - bar) for k in ("#status", "#opponents", "#table"))
                return rows + (0 if compact else 2)  # the table's borders

            you_max = 5 if compact else 8 - 1  # the stylesheet's max-height (and the border)
            you_cap = you_max  # more when the screen has the room for a taller row

            def you_rows() -> int:
                rows = self._rows(statics["#you"], drawn("#you"), w - 2)
                return min(you_cap, rows) if compact else min(you_cap + 1, rows + 1)

            column = (w - 1) // 2 - (0 if compact else 2)
            words = self.query_one("#words")
            if any(i.parent is words for i in items):
                cards = [i for i in items if i.choice.card is not None]
                choices = (len(cards) + 1) // 2 + sum(i.rows(w) for i in items if i.choice.card is None)
            else:
                choices = sum(max(i.rows(column) for i in items[n:n + 2]) for n in range(0, len(items), 2))
            info = self.query_one("#info", Static)
            head = 1 + self._rows(info, Text(prompt.question), w - 2) + choices  # the border, the question

            def prompt_rows(fold: bool) -> int:
                return head + self._rows(info, Hanging(Text("\n".join(self._info_lines(prompt, fold)))), w - 2)

            tight = main_rows() + you_rows() + prompt_rows(False) > room
            if tight:  # no blank rows between the parts
                for k in ("#opponents", "#table", "#you"):
                    parts[k] = parts[k].copy()
                    parts[k].rstrip()

            def you_fit() -> bool:
                """Whether your row fits whole: within its usual height, or taller where the
                screen has the room (a hint's second line was cut with blank rows above)."""
                nonlocal you_cap
                rows = self._rows(statics["#you"], drawn("#you"), w - 2)
                you_cap = max(you_max, rows)
                if main_rows() + you_rows() + prompt_rows(False) <= room:
                    return True
                you_cap = you_max
                return rows <= you_max and main_rows() + you_rows() + prompt_rows(False) <= room

            for short in shorter.get("#you", ()):
                if you_fit():
                    break
                parts["#you"] = short.copy()
                if tight:
                    parts["#you"].rstrip()
            else:
                you_fit()
            if self._rows(statics["#you"], drawn("#you"), w - 2) > you_cap:  # cut: the hints go
                for bare in shorter.get("#you-bare", ()):
                    parts["#you"] = bare.copy()
                    if tight:
                        parts["#you"].rstrip()
                    if you_fit() or self._rows(statics["#you"], drawn("#you"), w - 2) <= you_cap:
                        break
            you_static.styles.max_height = you_cap + (0 if compact else 1) if you_cap > you_max else None
            for short in shorter.get("#status", ()):
                if main_rows() + you_rows() + prompt_rows(False) <= room:
                    break
                parts["#status"] = short
            if prompt.stage == "go-stop" and main_rows() + you_rows() + prompt_rows(False) > room:
                info.update(Text("\n".join(self._info_lines(prompt, fold=True)), style="italic"))
                if prompt_rows(True) > room - main_rows() - you_rows():  # the lines scroll; one at least shows
                    if compact:  # the table's column is the screen's: measured exactly, it needs no bar
                        main.styles.overflow_y = "hidden"
                    box.styles.max_height = max(room - main_rows(0 if compact else 2) - you_rows(), head + 1)
        for k, text in parts.items():
            self.query_one(k, Static).update(text)

    def _show_summary(self, summary: HandSummary) -> None:
        self._showing_summary = True
        session = self.session
        w = self.words
        last = session is not None and session.over and len(session.pending) == 1
        body = Text()
        if last and session is not None:  # the standings first: they must never be cut off
            body.append_text(standings_block(session.match.standings, summary.unit, w.lang, session.name))
            if session.archived_to:
                body.append(w.t("The match record is saved in {path}", path=session.archived_to) + "\n", style="dim")
            elif session.save_problem:
                body.append(session.save_problem + "\n", style="bold red")
            body.append("\n")
        body.append_text(summary_block(summary, w.lang))
        footer = self._end_footer() if last else w.t("{enter}: next hand", enter="Enter")
        self.push_screen(SummaryScreen(body, f" {footer} ", w, again=last), self._after_summary)

    def _end_footer(self) -> str:
        """The footer of the match's last screen: finish, or a new match (QA 16: the game used
        to end there, and a new match took the command again)."""
        return self.words.t("{enter}: finish · {key}: new match", enter="Enter", key="N")

    def _after_summary(self, result: str | None) -> None:
        self._showing_summary = False
        session = self.session
        if session is None:
            return
        if session.over and len(session.pending) <= 1:
            session.pending.clear()
            self._finish(result)
            return
        self._guard(lambda: session.acknowledge(play_bots=not self.bot_delay))
        self._step_bots()

    def _show_end(self) -> None:
        session = self.session
        if session is None:
            return
        self._showing_summary = True
        w = self.words
        unit = "shots" if session.match.shots_unit else "chips"
        body = standings_block(session.match.standings, unit, w.lang, session.name)
        self.push_screen(SummaryScreen(body, f" {self._end_footer()} ", w, again=True), self._finish)

    def _finish(self, result: str | None) -> None:
        """After the match's last screen: the end (Enter), or the setup screen for a new match
        (N) with the same choices and a new deal (a random seed)."""
        session = self.session
        if result != "again" or session is None:
            self.exit(0)
            return
        self.session = None
        self.saved = None
        settings = dataclasses.replace(session.settings, seed=None)
        self.settings = settings
        self._lang_before_setup = settings.lang
        self.push_screen(SetupScreen(settings, None), self._after_setup)

    # -- acting ------------------------------------------------------------------------------

    def choose(self, key: str) -> None:
        """Apply the choice with ``key`` (a key press or a click)."""
        session = self.session
        if session is None or session.prompt() is None or self._showing_summary:
            return
        self.message = None

        def act() -> None:
            assert session is not None
            try:
                session.choose(key, play_bots=not self.bot_delay)
            except ChoiceError as exc:
                self.message = str(exc)

        self._guard(act)
        self._step_bots()

    def _step_bots(self) -> None:
        """Play the bots one move at a time, each shown (highlighted) for ``bot_delay`` s."""
        session = self.session
        if session is None:
            return
        if self.bot_delay and session.bot_to_move():
            self._guard(lambda: session.advance(1))
            self.refresh_view()
            self.set_timer(self.bot_delay, self._step_bots)
            return
        if self.bot_delay:
            self._guard(session.save)
        self.refresh_view()

    def on_key(self, event: events.Key) -> None:
        if self.screen is not self.screen_stack[0] or self.session is None:
            return
        prompt = self.session.prompt()
        if prompt is None or event.character is None:
            return
        if any(c.key == event.character for c in prompt.choices):
            event.stop()
            event.prevent_default()
            self.choose(event.character)

    def action_help(self) -> None:
        if self.session is not None and len(self.screen_stack) == 1:
            self.push_screen(HelpScreen(self.session))

    def action_log(self) -> None:
        if self.session is not None and len(self.screen_stack) == 1:
            w = self.words
            self.push_screen(TextScreen(w.t("Event log"), log_block(self.session.log), end=True, words=w))

    def action_interrupt(self) -> None:
        """Ctrl-C: save, then ask whether to quit (Textual would otherwise copy text)."""
        if isinstance(self.screen, QuitScreen):
            self.action_save_quit()
            return
        w = self.words
        saved = w.t("Nothing to save yet.") if self.session is None else self.session.save_report()
        self.push_screen(QuitScreen(saved, w), self._after_quit_question)

    def _after_quit_question(self, quit_now: bool | None) -> None:
        if quit_now:
            self.exit(0)

    def action_save_quit(self) -> None:
        if self.session is not None:
            self._guard(self.session.save)
        self.exit(0)

    def interrupted_by_signal(self, status: int = 130) -> None:
        """A SIGINT rather than the ctrl-c key (while the app starts the terminal still turns
        ctrl-c into a signal; or ``kill -INT``), or a SIGTERM: save the match, if any, and exit
        with ``status`` (128 + the signal's number: 130 after ctrl-c, as every command does).
        Called from the event loop (``gostop.cli.play``). Before the first frame is on the
        screen it waits for it (``on_ready``): an app that ends while its first screens mount
        fails in their handlers."""
        if not self._displayed:
            self._signal_pending = status
            return
        if self.session is not None:
            self._guard(self.session.save)
        self.exit(status, return_code=status)  # the result is the exit status (gostop.cli.play)

    def on_ready(self) -> None:
        self._displayed = True
        if self._signal_pending:
            self.call_after_refresh(self.interrupted_by_signal, self._signal_pending)

    def on_resize(self, event: events.Resize) -> None:
        # This handler runs before Textual's own (App._on_resize), which records the new size:
        # drawn at once, the table took the layout of the size before (a window made larger
        # kept the small layout, made small again the large one, cut off). Drawn once it has.
        self.call_later(self.refresh_view)

    # -- errors --------------------------------------------------------------------------------

    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run ``fn``; on an unexpected error save the match, log the traceback, and exit."""
        try:
            fn()
        except Exception as exc:
            self._crash(exc)

    def _crash(self, exc: BaseException) -> None:
        detail = "".join(traceback.format_exception(exc))
        try:
            if self.session is not None:
                self.crash_saved = self.session.save_report()
        except Exception as save_exc:  # report both; never raise from here
            detail += "\nwhile saving: " + "".join(traceback.format_exception(save_exc))
            self.crash_saved = "The match could not be saved."
        try:
            self.crash_log = str(self.store.log(detail))
        except OSError:
            self.crash_log = "(could not write the log)"
        self.exit(3)

    def _handle_exception(self, error: Exception) -> None:
        if self.is_headless:
            super()._handle_exception(error)  # tests see the exception
            return
        self._crash(error)
