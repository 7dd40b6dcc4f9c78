"""The line mode (``gostop play --plain``): the same game as plain lines of text.

For dumb terminals and screen readers: no colour, no cursor movement, one question at a time.
Before each decision it prints what happened since the last one, the table (layout by month,
every capture area with its counts, points, stamps and hints, the ledger) and the question with
its keyed choices. Type a key (or an action, or a card code) and Enter.
"""

from __future__ import annotations

from collections.abc import Callable

from gostop.play.guide import PLAIN_KEYS_TEXT, QUICK_START, card_guide, rules_text
from gostop.play.render import log_block, prompt_block, standings_block, summary_block, table_text
from gostop.play.session import LEVEL_NAMES, ChoiceError, Session, Settings
from gostop.play.view import table_view
from gostop.rules import PRESET_NAMES

__all__ = ["PlainGame", "PROMPT", "plain_setup"]

#: What the line mode prints when it waits for a decision.
PROMPT = "your choice> "


class PlainGame:
    """Plays ``session`` with ``read`` (returns a line; raises EOFError at the end of input)
    and ``write`` (prints one block of text)."""

    def __init__(self, session: Session, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.session = session
        self.read = read
        self.write = write
        self.shown = 0  # log lines already printed

    def run(self) -> int:
        """Play until the match is over or the person quits; returns the exit status."""
        s = self.session
        self.write(QUICK_START + "Type ? for help, quit to save and stop.\n")
        while True:
            self._new_log()
            if s.pending:
                summary = s.pending[0]
                self.write(summary_block(summary).plain)
                if s.over and len(s.pending) == 1:
                    self._finish()
                    return 0
                if not self._ask("Press Enter for the next hand> ", allow_empty=True):
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
                    line = self.read(PROMPT)
                except EOFError:
                    self._quit()
                    return 0
                word = line.strip()
                if self._command(word):
                    if word.lower() in ("quit", "exit"):
                        return 0
                    continue
                if not word:
                    self.write("Type one of the keys in brackets, then Enter (? for help).")
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
                self._quit()
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
        if low in ("?", "help", "h"):
            self.write(QUICK_START + "\n" + PLAIN_KEYS_TEXT)
        elif low in ("t", "table"):
            self.write(table_text(table_view(s)).plain)
            prompt = s.prompt()
            if prompt is not None:
                self.write(prompt_block(prompt).plain)
        elif low in ("l", "log"):
            self.write(log_block(s.log).plain)
        elif low == "rules":
            self.write(rules_text(s.rules, s.settings.players))
        elif low == "cards":
            self.write(card_guide(s.rules))
        elif low in ("quit", "exit"):
            self._quit()
        else:
            return False
        return True

    def _new_log(self) -> None:
        lines = self.session.log[self.shown :]
        self.shown = len(self.session.log)
        if lines:
            self.write(log_block(lines).plain.rstrip("\n"))

    def _quit(self) -> None:
        self.session.save()
        where = self.session.store.root if self.session.store is not None else None
        self.write(
            "Saved. Continue this match with: gostop play --resume"
            + (f" (data in {where})" if where is not None else "")
        )

    def _finish(self) -> None:
        s = self.session
        unit = "shots" if s.match.shots_unit else "chips"
        self.write(standings_block(s.match.standings, unit).plain)
        if s.archived_to:
            self.write(f"The match record is saved in {s.archived_to}")
        self.write("Thanks for playing!")


def plain_setup(settings: Settings, read: Callable[[str], str], write: Callable[[str], None]) -> Settings | None:
    """Show the settings of the new match; Enter starts, ``c`` changes them one by one.

    Returns None if the person quits (or the input ends)."""
    from gostop.cli.rules_input import parse_set_options

    while True:
        write(f"New match: {settings.describe()}.")
        try:
            answer = read("Enter to start, c to change the settings, quit to leave> ").strip().lower()
        except EOFError:
            return None
        if answer in ("quit", "exit", "q"):
            return None
        if answer != "c":
            return settings
        try:
            players = read(f"Players, you included (2-7; 4+ is gwangpalli) [{settings.players}]> ").strip()
            level = read(f"Bot level ({', '.join(LEVEL_NAMES)}) [{settings.level}]> ").strip()
            preset = read(f"Rules preset ({', '.join(PRESET_NAMES)}) [{settings.preset}]> ").strip()
            hands = read(f"Hands [{settings.hands}]> ").strip()
            seed = read(f"Seed [{settings.seed}]> ").strip()
            over = read("Rule changes, knob=value ... [none]> ").strip()
        except EOFError:
            return None
        try:
            new = Settings(
                players=int(players) if players else settings.players,
                level=level or settings.level,
                preset=preset or settings.preset,
                overrides=parse_set_options(over.split()) if over else dict(settings.overrides),
                hands=int(hands) if hands else settings.hands,
                seed=int(seed) if seed else settings.seed,
                name=settings.name,
                ask_cut=settings.ask_cut,
            )
            new.check()
        except ValueError as exc:
            write(f"Not changed: {exc}")
            continue
        settings = new
