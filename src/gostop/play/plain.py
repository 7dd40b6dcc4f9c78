"""The line mode (``gostop play --plain``): the same game as plain lines of text.

For dumb terminals and screen readers: no colour, no cursor movement, one question at a time.
Before each decision it prints what happened since the last one, the table (layout by month,
every capture area with its counts, points, stamps and hints, the ledger) and the question with
its keyed choices. Type a key (or an action, or a card code) and Enter. Its own questions and
messages are said in the person's language (``settings.lang``), as the session's are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from gostop.agents import level_name
from gostop.limits import MAX_PLAY_HANDS
from gostop.play.answers import clip, one_of, rule_changes, seed_number, whole_number
from gostop.play.guide import card_guide, plain_keys_text, quick_start, reflow, rules_text
from gostop.play.render import (
    hang_words,
    list_spans,
    log_block,
    prompt_block,
    standings_block,
    summary_block,
    table_text,
)
from gostop.play.session import (
    LEVEL_NAMES,
    ChoiceError,
    SavedMatch,
    Session,
    Settings,
    SettingsConflict,
)
from gostop.play.view import table_view
from gostop.rules import PRESET_NAMES
from gostop.signals import Terminated
from gostop.words import Catalog, catalog
from gostop.words.levels import level_gap_line
from gostop.words.options import rules_refused

__all__ = ["PlainGame", "PROMPT", "ask_about_saved", "fit_lines", "plain_setup"]

#: "yes" as people type it: Enter, y, yes, and in Korean 예, 네, 응, ㅇ, or ㅛ (the y key with
#: the keyboard left in Korean).
YES = frozenset({"", "y", "yes", "예", "네", "응", "ㅇ", "ㅛ"})
#: "no" as people type it: n, no, and in Korean 아니, 아니요, 아니오, ㄴ, or ㅜ (the n key).
NO = frozenset({"n", "no", "아니", "아니요", "아니오", "ㄴ", "ㅜ"})
#: The words that leave before a match starts (as at the setup's question).
QUIT = frozenset({"quit", "exit", "q"})


def ask_about_saved(saved: SavedMatch, lang: str, read: Callable[[str], str],
                    write: Callable[[str], None]) -> bool | None:
    """A saved match and no ``--resume``/``--new``: ask in ``lang`` whether to resume it (True)
    or start a new match (False); a save that cannot be read: whether to start a new match over
    it (False), or None to change nothing."""
    w = catalog(lang)
    if saved.readable:
        question = w.t("A saved match exists: {saved}. Resume it? [Y/n]> ", saved=saved.said(lang))
        while True:  # an answer that is neither yes nor no never drops the saved match
            answer = read(question).strip().lower()
            if answer in YES or answer in NO:
                return answer in YES
            if answer in QUIT:  # (quit works at every prompt of the line mode)
                write(w.t("Nothing changed."))
                return None
            write(w.t("Type Y to resume the saved match, or n to start a new one."))
            question = w.t("Resume it? [Y/n]> ")
    write(w.t("Your saved match cannot be resumed: {problem}.", problem=saved.problem_said(lang)))
    if read(w.t("Start a new match instead? [Y/n]> ")).strip().lower() not in YES:
        write(w.t("Nothing changed."))
        return None
    return False


def line_width() -> int:
    """The columns the line mode fills: the terminal's (40 to 200), one short of its edge."""
    import shutil

    return max(40, min(shutil.get_terminal_size((80, 24)).columns, 200) - 1)


#: A choice's key in the line mode (``  [1]  ``): the rows of a long choice hang under its label.
_CHOICE_KEY = re.compile(r"\s*\[[^\]\s]+\]\s+")
#: A marker of a choice (``<feeds Minji (godori)>``): kept on one row.
_MARKER = re.compile(r"<[^<>\n]+>")
#: Stands for a space that does not break (inside a command to paste) while lines are fitted.
_KEEP = "\ue000"


def fit_lines(text: str, width: int | None = None, whole: Sequence[str] = ()) -> str:
    """``text`` as the line mode prints it on a terminal: each line longer than the terminal
    broken at spaces (hangul counts two columns), never inside a word as the terminal would
    break it (a Korean word split over two rows reads as two words), nor inside a marker
    (``<feeds Minji (godori)>``) or one of the ``whole`` strings (a command to paste). A line
    keeps its own spacing (the ledger's columns); its further rows hang under the label of a
    choice (``  [1]  ``), 2 columns in from an indented line, at the margin for prose. What is
    wider than a row on its own (a long path) stays where it is, for the terminal to fold. A
    shorter line is left as it is."""
    from rich.cells import cell_len

    width = width or line_width()
    out: list[str] = []
    for line in text.split("\n"):
        if cell_len(line) <= width:
            out.append(line)
            continue
        items = list_spans(line) or []  # a list of cards: each card's name and count whole
        kept = [line[a:b] for a, b in items if " " in line[a:b]]
        for keep in (*whole, *_MARKER.findall(line), *kept):
            line = line.replace(keep, keep.replace(" ", _KEEP))
        # a card's name stays whole, and its count with it (``turned paulownia`` / ``bright``)
        line = hang_words().sub(lambda m: m.group().replace(" ", _KEEP), line)
        indent = line[: len(line) - len(line.lstrip())]
        key = _CHOICE_KEY.match(line)
        hang = " " * len(key.group()) if key else (indent + "  " if indent else "")
        row, gap = "", ""
        for part in re.findall(r"\S+|\s+", line):
            if part.isspace():
                gap = part
                continue
            if row.strip() and cell_len(row + gap + part) > width and cell_len(hang + part) <= width:
                out.append(row)
                row = hang + part
            else:
                row += gap + part
            gap = ""
        out.append(row)
    return "\n".join(out).replace(_KEEP, " ")


def wrap_text(text: str, flowed: bool = False) -> str:
    """Prose wrapped to the terminal's width (broken at spaces; hangul counts two columns), not
    at the width it was typed at. Its paragraphs are joined first (:func:`reflow`), or with
    ``flowed`` taken as they are: a text written with one rule, or one item of a list, a line
    (``rules_text(..., flowed=True)``), where each line starts a line of its own. A line's
    indent starts each of its rows; the rows of a list item (indented 4 or more) hang 2 more,
    as the written rules do."""
    from rich.cells import cell_len

    width = line_width()
    out: list[str] = []
    for line in (text if flowed else reflow(text)).split("\n"):
        indent = line[: len(line) - len(line.lstrip())]
        more = indent + ("  " if flowed and len(indent) >= 4 else "")
        row = ""
        for word in line.split():
            candidate = f"{row} {word}" if row else indent + word
            if row and cell_len(candidate) > width:
                out.append(row)
                candidate = more + word
            row = candidate
        out.append(row)
    return "\n".join(out).rstrip("\n")


#: What the line mode prints when it waits for a decision (in English; :func:`prompt_text`).
PROMPT = "your choice> "


def prompt_text(lang: str = "en") -> str:
    """What the line mode prints when it waits for a decision, in ``lang``."""
    return catalog(lang).t("your choice> ")


class _QuitNow(Exception):
    """The person asked to quit after ctrl-c (the match is saved already)."""


class PlainGame:
    """Plays ``session`` with ``read`` (returns a line; raises EOFError at the end of input)
    and ``write`` (prints one block of text)."""

    def __init__(self, session: Session, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.session = session
        self._raw_read = read
        self.write = write
        self.shown = 0  # log lines already printed
        self.told_problem: str | None = None  # the save problem already reported

    @property
    def words(self) -> Catalog:
        """The message catalogue of the person's language."""
        return self.session.words

    def read(self, text: str) -> str:
        """A line of input; ctrl-c saves the match and asks whether to quit."""
        try:
            return self._raw_read(text)
        except Terminated:  # a `kill`: no question, the command line says the save and stops
            raise
        except KeyboardInterrupt:
            self.write("\n" + self.session.save_report())
            try:
                answer = self._raw_read(self.words.t("Quit now? [Y/n]> ")).strip().lower()
            except (EOFError, KeyboardInterrupt):
                raise _QuitNow from None
            if answer in ("", "y", "yes", "q", "quit"):
                raise _QuitNow from None
            return self.read(text)

    def run(self) -> int:
        """Play until the match is over or the person quits; returns the exit status."""
        try:
            return self._run()
        except _QuitNow:
            return 0

    def _run(self) -> int:
        s = self.session
        w = self.words
        self.write(wrap_text(quick_start(s.settings.lang)) + "\n" + w.t("Type ? for help, quit to save and stop.") + "\n")
        while True:
            self._new_log()
            self._save_news()
            if s.pending:
                summary = s.pending[0]
                self.write(summary_block(summary, s.settings.lang).plain)
                if s.over and len(s.pending) == 1:
                    self._finish()
                    return 0
                if not self._ask(w.t("Press Enter for the next hand> "), allow_empty=True):
                    return 0
                s.acknowledge()
                continue
            if s.over:
                self._finish()
                return 0
            prompt = s.prompt()
            if prompt is None:  # nothing to decide and nothing pending: should not happen
                s.advance()
                if s.prompt() is None and not s.pending and not s.over:
                    raise RuntimeError("the game is stuck: nobody to move")
                continue
            self.write(table_text(table_view(s)).plain)
            self.write(prompt_block(prompt).plain)
            while True:
                try:
                    line = self.read(prompt_text(w.lang))
                except EOFError:
                    self._quit(eof=True)
                    return 0
                word = line.strip()
                if any(word == c.key for c in prompt.choices):  # a choice key is never a command
                    pass
                elif self._command(word):
                    if word.lower() in ("quit", "exit"):
                        return 0
                    continue
                if not word:
                    self.write(w.t("Type one of the keys in brackets, then Enter (? for help)."))
                    continue
                try:
                    s.choose(word)
                except ChoiceError as exc:
                    self.write(str(exc))
                    continue
                break

    def _ask(self, text: str, allow_empty: bool = False) -> bool:
        while True:
            try:
                line = self.read(text).strip()
            except EOFError:
                self._quit(eof=True)
                return False
            if line.lower() in ("quit", "exit"):
                self._quit()
                return False
            if self._command(line):
                continue
            if allow_empty:
                return True

    def _command(self, word: str) -> bool:
        """Handle a command word; True if it was one."""
        s = self.session
        low = word.lower()
        if low in ("?", "help"):
            self.write(wrap_text(quick_start(s.settings.lang)) + "\n\n" + plain_keys_text(s.settings.lang, line_width()))
        elif low == "table":
            self.write(table_text(table_view(s)).plain)
            prompt = s.prompt()
            if prompt is not None:
                self.write(prompt_block(prompt).plain)
        elif low == "log":
            self.write(log_block(s.log).plain)
        elif low == "rules":
            # one rule a line, each item of a list (penalties, dok-bak reasons) on its own line,
            # wrapped to the terminal as the full-screen Rules tab wraps it
            self.write(wrap_text(rules_text(s.rules, s.settings.players, s.settings.lang, flowed=True), flowed=True))
        elif low == "cards":
            self.write(card_guide(s.rules, s.settings.lang))
        elif low in ("quit", "exit"):
            self._quit()
        else:
            return False
        return True

    def _save_news(self) -> None:
        """Say when saving starts failing (once), and when it works again."""
        problem = self.session.save_problem
        if problem != self.told_problem:
            if problem is not None:
                self.write(problem)
            elif self.told_problem is not None:
                self.write(self.words.t("Saving works again: the match is saved."))
            self.told_problem = problem

    def _new_log(self) -> None:
        lines = self.session.log[self.shown :]
        self.shown = len(self.session.log)
        if lines:
            self.write(log_block(lines).plain.rstrip("\n"))

    def _quit(self, eof: bool = False) -> None:
        """Save and say how to continue; ``eof``: the input ended (ctrl-d) on the line of a
        question, so the answer starts on a line of its own."""
        self.write(("\n" if eof else "") + self.session.save_report())

    def _finish(self) -> None:
        s = self.session
        unit = "shots" if s.match.shots_unit else "chips"
        self.write(standings_block(s.match.standings, unit, s.settings.lang, name=s.name).plain)
        w = self.words
        if s.archived_to:
            self.write(w.t("The match record is saved in {path}", path=s.archived_to))
        self.write(w.t("Thanks for playing!"))


def plain_setup(settings: Settings, read: Callable[[str], str], write: Callable[[str], None]) -> Settings | None:
    """Show the settings of the new match; Enter starts, ``c`` changes them one by one (each
    answer is checked at once and asked again if it is not valid; Enter keeps the value).

    Returns None if the person quits (or the input ends)."""
    while True:
        w = catalog(settings.lang)
        write(w.t("New match: {settings}.", settings=settings.describe()))
        try:
            answer = read(w.t("Press Enter to start, c to change the settings, quit to leave> ")).strip().lower()
        except EOFError:
            return None
        if answer in ("quit", "exit", "q"):
            return None
        if answer in ("", "s", "start", "y", "yes"):
            return settings
        if answer not in ("c", "change"):
            write(w.t("{typed} is not an answer here: press Enter to start, c to change, quit to leave.",
                      typed=repr(clip(answer))))
            continue
        try:
            changed = _change(settings, read, write)
        except EOFError:
            return None
        if changed is None:
            return None
        settings = changed


def _field(read: Callable[[str], str], write: Callable[[str], None], question: str, parse: Callable[[str], Any],
           w: Catalog | None = None) -> Any:
    """Ask until the answer parses (Enter keeps the current value: ``parse`` gets "")."""
    w = w or catalog("en")
    while True:
        answer = read(question).strip()
        if answer.lower() in ("quit", "exit"):
            raise EOFError
        try:
            return parse(answer)
        except ValueError as exc:
            write(w.t("{problem}. Try again (Enter keeps the current value).", problem=exc))


def _change(settings: Settings, read: Callable[[str], str], write: Callable[[str], None]) -> Settings | None:
    """Ask every setting in turn; when the table size and the preset do not go together, ask
    again from the table size (Enter then keeps each answer just given)."""
    s = settings
    while True:
        try:
            return _ask_all(s, read, write)
        except _AskAgain as again:
            s = again.settings


class _AskAgain(Exception):
    """The players and the preset answered do not go together: ask again from the players,
    with the answers given as the values Enter keeps."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


def _ask_all(s: Settings, read: Callable[[str], str], write: Callable[[str], None]) -> Settings:
    """Every setting answered (Enter keeps the value of ``s``); raises :class:`_AskAgain`."""
    w = catalog(s.lang)
    lang = w.lang
    players = _field(read, write, w.t("Players, you included (2-7; 4 or more is gwangpalli) [{value}]> ", value=s.players),
                     lambda a: whole_number(a, w.t("players"), 2, 7, lang) if a else s.players, w)
    levels = ", ".join(k if level_name(k, lang) == k else f"{k} {level_name(k, lang)}" for k in LEVEL_NAMES)
    aliases = {level_name(k, lang): k for k in LEVEL_NAMES}
    # what each level is worth (the ladder's measured gaps), before the question
    write("\n".join(line for k in LEVEL_NAMES if (line := level_gap_line(k, lang))))
    level = _field(read, write, w.t("Bot level ({levels}) [{value}]> ", levels=levels, value=s.level),
                   lambda a: one_of(a, w.t("the level"), LEVEL_NAMES, lang, aliases) if a else s.level, w)
    preset = _field(read, write, w.t("Rules preset ({presets}) [{value}]> ", presets=", ".join(PRESET_NAMES), value=s.preset),
                    lambda a: one_of(a, w.t("the preset"), PRESET_NAMES, lang) if a else s.preset, w)
    hands = _field(read, write, w.t("Hands (1-{most}) [{value}]> ", most=MAX_PLAY_HANDS,
                                    value=s.hands or w.t("the preset length")),
                   lambda a: whole_number(a, w.t("hands"), 1, MAX_PLAY_HANDS, lang) if a else s.hands, w)

    def seed_of(a: str) -> int | None:
        if not a:
            return s.seed
        if a.lower() == "random":
            return None
        return seed_number(a, lang)

    seed = _field(read, write, w.t("Seed (a whole number, or random) [{value}]> ",
                                   value="random" if s.seed is None else s.seed), seed_of, w)
    current = " ".join(f"{k}={v}" for k, v in s.overrides.items()) or "none"
    while True:
        over = _field(read, write, w.t("Rule changes, knob=value ... (none: clear) [{value}]> ", value=current),
                      lambda a: dict(s.overrides) if not a else ({} if a.lower() == "none" else rule_changes(a, lang)), w)
        new = Settings(players=players, level=level, preset=preset, overrides=over, hands=hands, seed=seed,
                       name=s.name, ask_cut=s.ask_cut, lang=s.lang)
        try:
            new.check(setup=True)
        except SettingsConflict as exc:
            write(f"{exc}.")
            raise _AskAgain(new) from None
        except ValueError as exc:
            write(w.t("{problem}. Try again (none: no rule changes).", problem=rules_refused(exc, lang)))
            continue
        return new
