"""The full-screen game (Textual): keyboard first, mouse too.

The app draws a :class:`~gostop.play.session.Session` through the view models
(:mod:`gostop.play.view`, :mod:`gostop.play.render`) and sends the person's key presses and
clicks to :meth:`Session.choose`. Screens: an optional setup screen, the table, the end of each
hand (the settlement step by step), the end of the match (standings), help (keys, rules, card
guide) and the full event log.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
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

from gostop.play.guide import KEYS_TEXT, QUICK_START, card_guide, rules_text
from gostop.play.render import (
    card_text,
    layout_block,
    ledger_block,
    log_block,
    seat_block,
    standings_block,
    summary_block,
)
from gostop.play.session import LEVEL_NAMES, Choice, ChoiceError, HandSummary, Session, Settings
from gostop.play.store import Store
from gostop.play.view import table_view
from gostop.rules import PRESET_NAMES, PRESETS

__all__ = ["GoStopApp"]


class ChoiceItem(Static):
    """One clickable choice: ``[key] label -- detail <marks>``."""

    DEFAULT_CSS = """
    ChoiceItem { height: auto; padding: 0 1; }
    ChoiceItem:hover { background: $boost; }
    """

    def __init__(self, choice: Choice) -> None:
        self.choice = choice
        super().__init__(self._text(choice))

    @staticmethod
    def _text(c: Choice) -> Text:
        t = Text()
        t.append(f" {c.key} ", style="bold reverse")
        t.append(" ")
        if c.card is not None:
            t.append_text(card_text(c.card))
            t.append(" " + c.label)
        else:
            t.append(c.label, style="bold")
        if c.detail:
            t.append(f"  {c.detail}", style="dim")
        for mark in c.marks:
            good = mark in ("captures", "bomb") or mark.startswith("completes")
            style = "bold green" if good else ("bold yellow" if mark == "shaken" else "bold red")
            t.append(f" <{mark}>", style=style)
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

    def __init__(self, title: str, body: Text | str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text + "   (Escape closes)", style="bold"))
            with VerticalScroll():
                yield Static(self.body)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Help: quick start and keys, the rules of this table, the card guide."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 96%; height: 94%; border: thick $accent; background: $surface; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        rules = self.session.rules
        with Vertical():
            yield Label(Text("Help   (Escape closes; left/right arrows switch pages)", style="bold"))
            with TabbedContent():
                with TabPane("Keys", id="help-keys"), VerticalScroll():
                    yield Static(QUICK_START + "\n" + KEYS_TEXT)
                with TabPane("Rules", id="help-rules"), VerticalScroll():
                    yield Static(rules_text(rules, self.session.settings.players))
                with TabPane("Cards", id="help-cards"), VerticalScroll():
                    yield Static(card_guide(rules))

    def action_close(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[None]):
    """The end of a hand (or of the match): read it, then Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("space", "close", "Continue", show=False),
        Binding("escape", "close", "Continue", show=False),
    ]
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical { width: 90%; max-width: 110; height: auto; max-height: 92%;
        border: thick $success; background: $surface; padding: 0 1; }
    SummaryScreen VerticalScroll { height: auto; max-height: 30; }
    """

    def __init__(self, body: Text, footer: str) -> None:
        super().__init__()
        self.body = body
        self.footer = footer

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(self.body)
            yield Label(Text(self.footer, style="bold reverse"))

    def action_close(self) -> None:
        self.dismiss(None)


class SetupScreen(Screen[Settings | str | None]):
    """Choose the table before a new match (or resume the saved one)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit_app", "Quit")]
    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen > Vertical { width: 84; height: auto; border: thick $accent; padding: 0 2; }
    SetupScreen Horizontal { height: 1; margin: 0 0 1 0; }
    SetupScreen Label.field { width: 16; }
    SetupScreen Select, SetupScreen Input { width: 1fr; }
    SetupScreen Button { margin: 0 2 0 0; }
    """

    def __init__(self, settings: Settings, saved: str | None) -> None:
        super().__init__()
        self.settings = settings
        self.saved = saved

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical():
            yield Label(Text("gostop -- Go Stop 고스톱 against bots", style="bold"))
            yield Label("Tab moves between fields; Enter on Start begins. ctrl+q quits.")
            if self.saved:
                yield Label(Text(f"Saved match: {self.saved}", style="bold yellow"))
            with Horizontal():
                yield Label("Opponents", classes="field")
                table = [("1 bot (2 players)", 2), ("2 bots (3 players)", 3)]
                table += [(f"gwangpalli: {n} seated, {n - 1} bots", n) for n in range(4, 8)]
                yield Select(table, value=s.players, allow_blank=False, id="players", compact=True)
            with Horizontal():
                yield Label("Bot level", classes="field")
                yield Select([(lv, lv) for lv in LEVEL_NAMES], value=s.level, allow_blank=False, id="level", compact=True)
            with Horizontal():
                yield Label("Rules preset", classes="field")
                yield Select([(p, p) for p in PRESET_NAMES if p in PRESETS], value=s.preset, allow_blank=False, id="preset", compact=True)
            with Horizontal():
                yield Label("Hands", classes="field")
                yield Input(str(s.hands or ""), placeholder="3 (empty: the preset's)", id="hands", compact=True)
            with Horizontal():
                yield Label("Seed", classes="field")
                yield Input("" if s.seed is None else str(s.seed), placeholder="random", id="seed", compact=True)
            with Horizontal():
                yield Label("Rule changes", classes="field")
                over = " ".join(f"{k}={v}" for k, v in s.overrides.items())
                yield Input(over, placeholder="knob=value ... e.g. stop_target_two_player=5", id="overrides", compact=True)
            yield Label("", id="setup-error")
            with Horizontal():
                yield Button("Start", variant="primary", id="start", compact=True)
                if self.saved:
                    yield Button("Resume saved match", id="resume", compact=True)
                yield Button("Quit", id="quit", compact=True)

    def on_mount(self) -> None:
        self.query_one("#resume" if self.saved else "#start", Button).focus()

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
                self.query_one("#setup-error", Label).update(Text(str(exc), style="bold red"))

    def _read(self) -> Settings:
        from gostop.cli.rules_input import parse_set_options  # the same syntax as --set

        players = self.query_one("#players", Select).value
        level = self.query_one("#level", Select).value
        preset = self.query_one("#preset", Select).value
        hands_text = self.query_one("#hands", Input).value.strip()
        seed_text = self.query_one("#seed", Input).value.strip()
        over_text = self.query_one("#overrides", Input).value.split()
        if hands_text and not hands_text.isdigit():
            raise ValueError(f"hands must be a whole number, got {hands_text!r}")
        if seed_text and not seed_text.isdigit():
            raise ValueError(f"the seed must be a whole number, got {seed_text!r}")
        s = Settings(
            players=int(str(players)),
            level=str(level),
            preset=str(preset),
            overrides=parse_set_options(over_text),
            hands=int(hands_text) if hands_text else None,
            seed=int(seed_text) if seed_text else None,
            name=self.settings.name,
            ask_cut=self.settings.ask_cut,
        )
        s.check()
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
    CSS = """
    #main { height: 1fr; }
    #left { width: 3fr; }
    #right { width: 1fr; min-width: 34; border-left: solid $accent; }
    #opponents, #table, #you { padding: 0 1; }
    #table { border-top: solid $accent; border-bottom: solid $accent; }
    #ledger { padding: 0 1; border-bottom: solid $accent; }
    #logbox { height: 1fr; }
    #log { padding: 0 1; }
    #prompt { dock: bottom; height: auto; max-height: 60%; border-top: thick $accent; }
    #question { padding: 0 1; text-style: bold; }
    #choices { grid-size: 2; grid-gutter: 0 1; height: auto; }
    #info { padding: 0 1; height: auto; max-height: 12; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("f1", "help", "Help", show=False),
        Binding("l", "log", "Log"),
        Binding("ctrl+q", "save_quit", "Save & quit", priority=True),
    ]

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        session: Session | None = None,
        *,
        setup: bool = True,
        saved: str | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.settings = settings or Settings()
        self.session: Session | None = session
        self.setup = setup and session is None
        self.saved = saved
        self.crash_log: str | None = None
        self.message: str | None = None
        self._showing_summary = False

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="opponents")
                yield Static(id="table")
                yield Static(id="you")
            with Vertical(id="right"):
                yield Static(id="ledger")
                with VerticalScroll(id="logbox"):
                    yield Static(id="log")
        with Vertical(id="prompt"):
            yield Static(id="question")
            yield Grid(id="choices")
            yield Static(id="info")
        yield Footer()

    def on_mount(self) -> None:
        if self.session is not None:
            self.refresh_view()
        elif self.setup:
            self.push_screen(SetupScreen(self.settings, self.saved), self._after_setup)
        else:
            self._guard(lambda: self._start(self.settings))

    def _after_setup(self, result: Settings | str | None) -> None:
        if result is None:
            self.exit(0)
        elif result == "resume":
            self._guard(lambda: self._resume())
        elif isinstance(result, Settings):
            self._guard(lambda: self._start(result))

    def _start(self, settings: Settings) -> None:
        if self.store.has_saved():
            self.store.discard()  # the person chose a new match over the saved one
        self.settings = settings
        self.session = Session.start(settings, self.store)
        self.refresh_view()

    def _resume(self) -> None:
        self.session = Session.resume(self.store)
        self.settings = self.session.settings
        self.refresh_view()

    # -- drawing -----------------------------------------------------------------------------

    def refresh_view(self) -> None:
        session = self.session
        if session is None:
            return
        view = table_view(session, log_lines=200)
        self.title = "gostop 고스톱"
        self.sub_title = f"{view.title.removeprefix('gostop · ')} · {session.settings.level} bots · ? help"
        opp = Text()
        for s in view.seats:
            if not s.you:
                opp.append_text(seat_block(s, view.target, view.unit))
        if not view.seats:
            opp.append("Waiting for the deal...", style="dim")
        self.query_one("#opponents", Static).update(opp)
        table = layout_block(view) if view.seats else Text()
        if view.status:
            table.append(view.status, style="bold")
        self.query_one("#table", Static).update(table)
        you = Text()
        for s in view.seats:
            if s.you:
                you.append_text(seat_block(s, view.target, view.unit))
        if view.hand and (view.prompt is None or view.prompt.stage != "main"):
            you.append("Your hand: ", style="bold")
            for i, c in enumerate(view.hand):
                if i:
                    you.append(" ")
                you.append_text(card_text(c))
        self.query_one("#you", Static).update(you)
        self.query_one("#ledger", Static).update(ledger_block(view))
        self.query_one("#log", Static).update(log_block(view.log))
        box = self.query_one("#logbox", VerticalScroll)
        self.call_after_refresh(box.scroll_end, animate=False)
        self._draw_prompt(view.prompt)
        if view.summary is not None and not self._showing_summary:
            self._show_summary(view.summary)
        elif view.over and view.summary is None and not self._showing_summary:
            self._show_end()

    def _draw_prompt(self, prompt: Any) -> None:
        question = self.query_one("#question", Static)
        grid = self.query_one("#choices", Grid)
        info = self.query_one("#info", Static)
        grid.remove_children()
        if prompt is None:
            question.update("")
            info.update(self.message or "")
            return
        question.update(Text(prompt.question, style="bold"))
        grid.mount_all([ChoiceItem(c) for c in prompt.choices])
        lines = ([self.message] if self.message else []) + list(prompt.info)
        info.update(Text("\n".join(lines), style="italic"))

    def _show_summary(self, summary: HandSummary) -> None:
        self._showing_summary = True
        body = summary_block(summary)
        session = self.session
        last = session is not None and session.over and len(session.pending) == 1
        if last and session is not None:
            body.append("\n")
            body.append_text(standings_block(session.match.standings, summary.unit))
            where = session.archived_to or ""
            if where:
                body.append(f"\nThe match record is saved in {where}\n", style="dim")
        self.push_screen(
            SummaryScreen(body, " Enter: finish " if last else " Enter: next hand "),
            self._after_summary,
        )

    def _after_summary(self, _: None) -> None:
        self._showing_summary = False
        session = self.session
        if session is None:
            return
        if session.over and len(session.pending) <= 1:
            session.pending.clear()
            self.exit(0)
            return
        self._guard(lambda: session.acknowledge())
        self.refresh_view()

    def _show_end(self) -> None:
        session = self.session
        if session is None:
            return
        self._showing_summary = True
        body = standings_block(session.match.standings, "shots" if session.match.shots_unit else "chips")
        self.push_screen(SummaryScreen(body, " Enter: finish "), lambda _: self.exit(0))

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
                session.choose(key)
            except ChoiceError as exc:
                self.message = str(exc)

        self._guard(act)
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
            self.push_screen(TextScreen("Event log", log_block(self.session.log)))

    def action_save_quit(self) -> None:
        if self.session is not None:
            self._guard(self.session.save)
        self.exit(0)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view()

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
                self.session.save()
        except Exception as save_exc:  # report both; never raise from here
            detail += "\nwhile saving: " + "".join(traceback.format_exception(save_exc))
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
