"""A match between one person and bots, without a screen: what both terminal faces drive.

:class:`Session` runs a :class:`~gostop.match.Match` in which table seat 0 is the person and
every other seat a bot (:mod:`gostop.agents`, chosen by level). It

* plays the bots' decisions (and the match's table decisions of the bot seats) until the person
  must decide (:meth:`Session.advance`);
* asks that decision as a :class:`Prompt`: a question, keyed :class:`Choice` values (one per
  legal action) and information lines (what a stop would pay, what go risks...);
* narrates every event into :attr:`Session.log`, and summarises each finished hand
  (:class:`HandSummary`: the settlement step by step, the chips, the ledger);
* saves the match record after every hand and on request, and resumes it
  (:meth:`Session.resume`).

Everything the person is shown comes from the person's own observation of the hand (see
:mod:`gostop.play.view`) and from :mod:`gostop.hints`.

The match itself is driven by a :class:`gostop.table.TableController` (:attr:`Session.table`),
the controller the server's rooms use too: whose decision is next, the legality check, the
bots' decisions. The session adds the prompts, the narration and the save.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gostop.agents import LEVELS, Agent
from gostop.cards import MONTH_NAMES, Card, parse_card
from gostop.engine import Action, Hand, HandResult, Observation, Preview
from gostop.errors import GostopError
from gostop.explain import go_warnings_text, settlement_lines
from gostop.hints import score_lines
from gostop.limits import MAX_PLAY_HANDS
from gostop.match import (
    LedgerEntry,
    Match,
    MatchAction,
    MatchEvent,
    Player,
    match_to_json,
    replay_match,
)
from gostop.match.gwangpalli import compensation_amount, eligible_cards, has_triple
from gostop.match.record import loads_match_record
from gostop.play.names import LANGS, LEVEL_NAMES, card_words
from gostop.play.narrate import REASONS, LogLine, cards_text, narrate, reason_words
from gostop.play.store import DamagedSave, Store, gostop_command
from gostop.rules import Rules, get_preset
from gostop.table import (
    BOT_NAMES,
    TableController,
    bot_name,
    check_hands,
    playable_spec,
    table_rules,
)
from gostop.words import push_choice, push_done, push_question

__all__ = [
    "Settings",
    "Choice",
    "Prompt",
    "HandSummary",
    "Session",
    "ChoiceError",
    "SettingsConflict",
    "LEVEL_NAMES",
    "BOT_NAMES",
    "bot_spec_for_level",
    "SESSION_FORMAT",
    "saved_summary",
    "SavedMatch",
    "card_name",
    "short_name",
]

SESSION_FORMAT = "gostop-play-session"


class ChoiceError(GostopError, ValueError):
    """What the person typed is not one of the choices (the message says what is)."""


class SettingsConflict(GostopError, ValueError):
    """Two settings that do not go together: the table size and the rules preset (the setup
    asks the table size and the preset again)."""


def bot_spec_for_level(level: str) -> tuple[str, str | None]:
    """The bot spec of a level and a note when it had to fall back to ``random``.

    The mapping is the agents package's :data:`~gostop.agents.LEVELS` (easy = greedy,
    normal = expert, hard = search); a level it lacks, or a bot that cannot be built, falls
    back to the ``random`` bot (:func:`gostop.table.playable_spec`; it also starts compiling
    the search rollouts in the background, issue 22, for --plain too).
    """
    return playable_spec(level, LEVELS)


@dataclass
class Settings:
    """What the person chose: table size, bot level, rules, match length, seed."""

    players: int = 2
    level: str = "normal"
    preset: str = "pagat"
    overrides: dict[str, Any] = field(default_factory=dict)
    hands: int | None = 3
    seed: int | None = None
    name: str = "You"
    ask_cut: bool = False
    lang: str = "en"

    def rules(self) -> Rules:
        """The rules of the match (:func:`gostop.table.table_rules`: ``hands`` is the match
        length unless an override sets ``match_hands``; raises ``RulesError`` for a bad preset,
        override or length)."""
        return table_rules(self.preset, self.overrides, hands=self.hands, max_hands=MAX_PLAY_HANDS)

    def check(self, *, setup: bool = False) -> None:
        """Raise ValueError with a message for people if a setting is impossible
        (:class:`SettingsConflict` when the table size does not suit the rules). ``setup``: the
        person answers a setup's questions, so the message names the answer to change, not a
        command-line option."""
        get_preset(self.preset)  # RulesError (a ValueError): unknown preset, with a did-you-mean
        if self.level not in LEVEL_NAMES:
            raise ValueError(f"unknown level {self.level!r}; levels: {', '.join(LEVEL_NAMES)}")
        if not 2 <= self.players <= 7:
            raise ValueError(
                f"players must be 2 to 7 (you and 1 to 6 bots), got {self.players}; 4 or more "
                "seated play gwangpalli: three play each hand"
            )
        check_hands(self.hands, MAX_PLAY_HANDS)
        if self.lang not in LANGS:
            raise ValueError(f"unknown language {self.lang!r}; languages: {', '.join(LANGS)}")
        rules = self.rules()
        if rules.two_player_only and self.players != 2:  # GEN-7 (matgo)
            fix = "choose 2 players or another preset" if setup else "use --players 2 or another preset"
            raise SettingsConflict(
                f"the {self.preset} rules are for 2 players only (you and 1 bot), got {self.players}; {fix}"
            )

    def describe(self) -> str:
        """One line: ``1 bot (normal), pagat, 3 hands, seed 7``."""
        bots = self.players - 1
        table = f"{bots} bot{'s' if bots > 1 else ''} ({self.level})"
        if self.players > 3:
            table += ", gwangpalli table" if self.rules().multi_player_mode == "gwangpalli" else ", rotation table"
        over = "".join(f", {k}={v}" for k, v in self.overrides.items())
        hands = "open-ended" if self.hands is None else f"{self.hands} hand{'s' if self.hands != 1 else ''}"
        seed = "random" if self.seed is None else self.seed
        return f"{table}, rules {self.preset}{over}, {hands}, seed {seed}"

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "level": self.level,
            "preset": self.preset,
            "overrides": dict(self.overrides),
            "hands": self.hands,
            "seed": self.seed,
            "name": self.name,
            "ask_cut": self.ask_cut,
            "lang": self.lang,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        return cls(
            players=int(data.get("players", 2)),
            level=str(data.get("level", "normal")),
            preset=str(data.get("preset", "pagat")),
            overrides=dict(data.get("overrides") or {}),
            hands=None if data.get("hands") is None else int(data["hands"]),
            seed=None if data.get("seed") is None else int(data["seed"]),
            name=str(data.get("name", "You")),
            ask_cut=bool(data.get("ask_cut", False)),
            lang=str(data.get("lang", "en")) if data.get("lang") in LANGS else "en",
        )


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to a prompt: press ``key`` (or type ``action``) to choose it.

    ``card`` is the hand card it plays (for markers); ``detail`` says what it would do;
    ``marks`` are short tags (``"captures"``, ``"bomb"``, ``"shaken"``, ``"completes godori"``,
    ``"feeds Minji"``...).
    """

    key: str
    label: str
    action: str
    detail: str = ""
    card: Card | None = None
    marks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the person must take now (RULES.md 2.18 DEC-1 .. DEC-16)."""

    stage: str
    question: str
    choices: tuple[Choice, ...]
    info: tuple[str, ...] = ()

    def find(self, text: str) -> Choice:
        """The choice named by ``text``: its key, its action text, or a card code to play
        (any case: ``03b`` is ``03B``).

        Raises :class:`ChoiceError` listing the valid keys.
        """
        raw = text.strip()
        for c in self.choices:
            if raw == c.key:
                return c
        low = raw.lower()
        for c in self.choices:
            if low == c.key.lower() or low == c.action.lower():
                return c
        code = _card_code(raw)
        if code is not None:
            for c in self.choices:
                if c.card is not None and c.card.code == code:
                    return c
        raise ChoiceError(f"{_clip(raw, 40)!r} is not a choice here. {self.keys_text()}")

    def keys_text(self) -> str:
        """The valid keys, one per choice: ``Keys: [1] 02R plum ribbon | [s] stop: win 3 chips``."""
        parts = []
        for c in self.choices:
            what = f"{c.card.code} {c.label}" if c.card is not None else c.label
            parts.append(f"[{c.key}] {what}")
        return "Keys: " + " | ".join(parts)


def _card_code(raw: str) -> str | None:
    """The card code ``raw`` names in any case (``03b``, ``jk1``), or None."""
    if not raw or len(raw) > 8:
        return None
    for guess in (raw, raw.upper()):
        try:
            return parse_card(guess).code
        except ValueError:
            continue
    return None


@dataclass(frozen=True, slots=True)
class BotMove:
    """What a bot's last action did, for the screen: ``text`` in words and the ``cards`` it
    played and took (highlighted)."""

    seat: int
    text: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The end of one deal, explained: who won and why, the settlement step by step, the chips."""

    deal: int
    hand: int | None
    outcome: str
    winner: str | None
    headline: str
    steps: tuple[str, ...]
    chips: tuple[tuple[str, int, int], ...]  # (name, change this hand, match total)
    unit: str
    you_delta: int


# No "l" (the log) and no "?" (help). Past these, keys are two characters (typed, or clicked).
_KEY_POOL = "abcdefhijkmnopqrtuvwxyzABCDEFGHIJKMNOPQRSTUVWXYZ"
_CARD_KEYS = "1234567890"
_PREFERRED = {
    "bomb": "b",
    "grenade": "e",
    "skip": "k",
    "shake": "s",
    "show-quad": "q",
    "reveal": "r",
    "offer-shodang": "o",
    "go": "g",
    "stop": "s",
    "accept": "a",
    "refuse": "r",
    "yell": "y",
    "no-yell": "n",
    "chongtong": "c",
    "continue": "n",
    "stay": "s",
    "drop": "d",
    "claim": "c",
    "claim-triple": "t",
    "no-claim": "n",
    "push": "p",  # VAR-PUSH
    "collect": "c",
    "no-cut": "n",
    "cut": "c",
}


def _month_name(m: int) -> str:
    return f"{MONTH_NAMES[m][2].capitalize()} ({MONTH_NAMES[m][0]})"


def short_name(card: Card) -> str:
    """``cherry bright``: a short English name (the code is drawn next to it)."""
    if card.is_joker:
        return card.english_name
    return f"{MONTH_NAMES[card.month][0]} {card.kind.english}"


def card_name(card: Card) -> str:
    """``03B cherry bright``: the code and a short English name."""
    return f"{card.code} {short_name(card)}"


class Session:
    """One person against bots (see the module docstring). Build with :meth:`start` or
    :meth:`resume`."""

    human = 0

    def __init__(
        self,
        settings: Settings,
        match: Match,
        bot_specs: Mapping[int, str],
        store: Store | None = None,
        notes: Iterable[str] = (),
    ) -> None:
        self.settings = settings
        self.match = match
        self.rules = match.rules
        self.store = store
        self.bot_specs = dict(bot_specs)
        #: The match and its bots (:class:`gostop.table.TableController`, shared with the
        #: server's rooms); a bot that no longer builds is the random bot (a save resumes).
        self.table = TableController(match, bots=self.bot_specs, seed_tag="play", tell="hand", fallback=True)
        self.bots: dict[int, Agent] = {seat: self.table.agent(seat) for seat in self.bot_specs}
        self.notes = list(notes)
        self.log: list[LogLine] = [LogLine(n, "table") for n in self.notes]
        self.summaries: list[HandSummary] = []
        self.pending: list[HandSummary] = []
        #: The hand just finished and its seats, shown until its summary is read.
        self.finished: tuple[Hand, tuple[int, ...]] | None = None
        self._held: list[LogLine] = []  # log lines of the next deal, told after the summary
        self.archived_to: str | None = None
        self._prompt: Prompt | None = None
        #: The last bot move (highlighted on the screen), None after the person's move.
        self.last_move: BotMove | None = None
        #: Why the last save failed (None: the last save worked).
        self.save_problem: str | None = None
        #: The person's own last turn in words (``You played 03B, turned 07J1, took ...``).
        self.your_turn: str = ""
        #: The outcome of the latest shodang offer (who accepted, who refused and what the
        #: refuser risks), shown on the top line until the person's next decision.
        self.news: str = ""
        self._turn_events: list[MatchEvent] = []  # the hand events of the turn being played
        self._turn_seat: int | None = None
        self._shodang: tuple[int, list[tuple[int, str, bool]]] | None = None
        self._news_fresh = False

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def start(cls, settings: Settings, store: Store | None = None, play_bots: bool = True) -> Session:
        """A new match (a random seed when ``settings.seed`` is None). ``play_bots=False``: the
        bots' first moves wait for the caller (``advance(1)``, one at a time)."""
        if settings.seed is None:
            settings.seed = random.SystemRandom().randrange(1, 1_000_000)
        settings.check()
        rules = settings.rules()
        spec, note = bot_spec_for_level(settings.level)
        bots = {seat: spec for seat in range(1, settings.players)}
        players = [Player(settings.name, 40)] + [
            Player(bot_name(i), 30 + i) for i in range(settings.players - 1)
        ]
        match = Match(rules, players, settings.seed, ask_cut=settings.ask_cut)
        session = cls(settings, match, bots, store, [note] if note else [])
        session._follow_turn(match.start_events)
        session._absorb(match.start_events, tuple(match.hand_seats))
        if play_bots:
            session.advance()
        session.save()
        return session

    @classmethod
    def resume(cls, store: Store) -> Session:
        """The match saved in ``store``, replayed to where it stopped.

        Raises :class:`~gostop.play.store.DamagedSave` naming the file and what is wrong with it
        when the save cannot be read or does not replay.
        """
        record, data = store.load()
        path = store.save_path
        if data.get("format") != SESSION_FORMAT:
            raise DamagedSave(path, "its session part is not a gostop play session")
        try:
            settings = Settings.from_json(data.get("settings", {}))
            bots = {int(k): str(v) for k, v in dict(data.get("bots", {})).items()}
        except (TypeError, ValueError, AttributeError) as exc:
            raise DamagedSave(path, f"its settings are damaged ({exc})") from None
        try:
            match = replay_match(loads_match_record(json.dumps(record)))
        except Exception as exc:  # any failure to rebuild the match means the save is damaged
            raise DamagedSave(path, f"its match record does not replay ({_clip(str(exc))})") from None
        if len(match.names) != settings.players or any(not 1 <= s < settings.players for s in bots):
            raise DamagedSave(path, "its settings and its match record disagree")
        session = cls(settings, match, bots, store, [f"Resumed the saved match ({settings.describe()})."])
        obs = session.observation()
        if obs is not None:  # the story of the hand so far, as the person saw it
            for ev in obs.history:
                seat = None if ev.seat is None else match.hand_seats[ev.seat]
                line = narrate(MatchEvent("hand", seat, hand_event=ev), session.name, match.hand_seats, 0)
                if line is not None:
                    session.log.append(line)
        if match.is_over:
            session.log.append(LogLine("That match was already over.", "end"))
        session.advance()
        return session

    # -- reading ---------------------------------------------------------------------------

    def name(self, seat: int | None) -> str:
        """The name of a table seat (``"You"`` for the person)."""
        if seat is None:
            return "-"
        return self.match.names[seat]

    @property
    def over(self) -> bool:
        return self.match.is_over

    @property
    def hand_seat(self) -> int | None:
        """The person's seat in the current hand (None when not playing it)."""
        if self.match.hand is None:
            return None
        return self.match.hand_seat(self.human)

    def shown_hand(self) -> tuple[Hand | None, tuple[int, ...]]:
        """The hand the screen shows and its seats: the hand just finished while its summary
        waits to be read (the next deal stays hidden until then), else the current hand."""
        if self.pending and self.finished is not None:
            return self.finished
        return self.match.hand, tuple(self.match.hand_seats)

    def observation(self) -> Observation | None:
        """The person's observation of the hand shown (None when not in it)."""
        hand, seats = self.shown_hand()
        if hand is None or self.human not in seats:
            return None
        return hand.observation(seats.index(self.human))

    def waiting(self) -> bool:
        """True when the person must decide now (and no hand summary waits to be read)."""
        return not self.pending and not self.match.is_over and self.match.current_seat == self.human

    def card_label(self, card: Card) -> str:
        """The words next to a card's code in a choice, in the person's language."""
        return card_words(card, self.settings.lang)

    # -- playing -----------------------------------------------------------------------------

    def bot_to_move(self) -> bool:
        """True when a bot (or a forced choice of the person) plays next (what
        :meth:`advance` would play)."""
        if self.pending or self.match.is_over:
            return False
        seat = self.match.current_seat
        if seat is None:
            return False
        if seat != self.human:
            return True
        return self.match.phase == "hand" and len(self.match.legal_actions()) == 1

    def advance(self, limit: int = 100_000) -> None:
        """Play bot and forced decisions until the person must decide, a hand summary waits
        to be read, or the match is over (at most ``limit`` of them: ``1`` steps one move)."""
        for _ in range(limit):
            if self.pending or self.match.is_over:
                break
            seat = self.match.current_seat
            if seat is None:
                break
            legal = self.match.legal_actions()
            if seat == self.human:
                if len(legal) == 1 and self.match.phase == "hand":
                    self.log.append(LogLine(f"(only choice: {legal[0]})", "you"))
                    self._apply(legal[0])
                    continue
                break
            self._apply(self._bot_action(seat))
        self._prompt = None

    def prompt(self) -> Prompt | None:
        """The decision the person must take now, or None."""
        if not self.waiting():
            return None
        if self._prompt is None:
            self._prompt = self._build_prompt()
        return self._prompt

    def choose(self, text: str, play_bots: bool = True) -> Choice:
        """Apply the person's answer (a key, an action text or a card code), then let the bots
        play on (``play_bots=False``: the caller steps them with ``advance(1)``). Raises
        :class:`ChoiceError` for an answer that is not a choice."""
        prompt = self.prompt()
        if prompt is None:
            raise ChoiceError("nothing to decide right now")
        choice = prompt.find(text)
        self.last_move = None
        self.news = ""
        self._apply(choice.action)
        self._prompt = None
        if play_bots:
            self.advance()
        self.save()  # after every decision: a crash or a killed terminal loses nothing
        return choice

    def acknowledge(self, play_bots: bool = True) -> HandSummary | None:
        """The person has read the oldest waiting hand summary; play goes on (``play_bots``:
        the bots play at once; else the caller steps them with ``advance(1)``)."""
        done = self.pending.pop(0) if self.pending else None
        if not self.pending:
            self.finished = None
            self.log.extend(self._held)
            self._held.clear()
            self.last_move = None
        if play_bots:
            self.advance()
        return done

    # -- saving ------------------------------------------------------------------------------

    def session_json(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "version": 1,
            "human_seat": self.human,
            "settings": self.settings.to_json(),
            "bots": {str(k): v for k, v in self.bot_specs.items()},
        }

    def record(self) -> dict[str, Any]:
        """The match record of the match so far."""
        return match_to_json(self.match, f"gostop play: {self.settings.describe()}")

    def save(self) -> bool:
        """Save the match in progress (a finished match is archived once).

        Returns False when the save failed: :attr:`save_problem` then says why in plain words
        (the last good save is kept). Never raises for a failed write.
        """
        if self.store is None or self.archived_to is not None:
            return True
        try:
            if self.match.is_over:
                seed = self.settings.seed or 0
                self.archived_to = str(self.store.archive(self.record(), seed))
            else:
                self.store.save(self.record(), self.session_json())
        except OSError as exc:
            kept = " The last good save is kept." if self.store.has_saved() else ""
            self.save_problem = f"Not saved: {exc}.{kept}"
            return False
        self.save_problem = None
        return True

    def save_report(self) -> str:
        """Save now and say, truthfully, whether it worked and how to continue."""
        if self.save():
            if self.archived_to is not None:
                return f"The match is over. Its record: {self.archived_to}"
            return f"Saved. Continue this match with: {gostop_command()} play --resume"
        if self.store is not None and self.store.has_saved():
            return f"{self.save_problem} Continue from it with: {gostop_command()} play --resume"
        return f"{self.save_problem}"

    # -- internals ---------------------------------------------------------------------------

    def _bot_action(self, seat: int, legal: list[Any] | None = None) -> Any:
        """The decision of the bot of ``seat`` (the table controller asks it)."""
        return self.table.bot_action(seat)

    def _apply(self, action: Any) -> None:
        m = self.match
        seat = m.current_seat
        assert seat is not None
        step = self.table.apply(seat, action)
        events = step.events
        self._follow_turn(events)
        if step.hand_over and len(m.ledger.entries) > step.entries_before:
            assert step.hand is not None
            self.finished = (step.hand, step.hand_seats)
        result = step.hand.result if step.hand is not None and step.hand_over else None
        self._absorb(events, step.hand_seats, result, step.entries_before)

    def _follow_turn(self, events: list[MatchEvent]) -> None:
        """Keep the hand events of the turn being played (a turn may take several actions: a
        play, then a pick), and follow a shodang offer and its answers (LIAB-7, LIAB-8)."""
        for ev in events:
            he = ev.hand_event
            if ev.type == "hand-start":
                self._turn_events, self._turn_seat, self._shodang = [], None, None
                self.your_turn = ""
            if ev.type != "hand" or he is None:
                continue
            if he.type == "turn":
                self._tell_turn()
                self._turn_events, self._turn_seat = [], ev.seat
            self._turn_events.append(ev)
            if he.type == "offer-shodang" and ev.seat is not None:
                self._shodang = (ev.seat, [])
            elif he.type in ("accept", "refuse") and self._shodang is not None and ev.seat is not None:
                self._shodang[1].append((ev.seat, he.type, bool(he.data.get("auto"))))
                if len(self._shodang[1]) == 2:
                    self.news = self._shodang_outcome()
                    self._news_fresh = True
        self._tell_turn()

    def _tell_turn(self) -> None:
        """The turn being played in words: the person's (:attr:`your_turn`) or a bot's
        (:attr:`last_move`): what was played, turned and taken, over all its actions."""
        seat = self._turn_seat
        if seat is None:
            return
        move = _bot_move(seat, self.name(seat), self._turn_events, picking=self._picking(seat))
        if move is None:
            return
        if seat == self.human:
            self.your_turn = move.text
        else:
            self.last_move = move

    def _named(self, seat: int) -> str:
        """A seat's name inside a sentence: ``you`` for the person (not ``You``)."""
        named = self.name(seat)
        return "you" if seat == self.human and named == "You" else named

    def _picking(self, seat: int) -> bool:
        """True when ``seat`` must still choose which of two table cards its card takes
        (DEC-11, DEC-12): its turn is not over, it has taken only part of what it will."""
        m = self.match
        hand = m.hand
        if hand is None or hand.is_over or m.phase != "hand" or m.current_seat != seat:
            return False
        legal = hand.legal_actions()
        return bool(legal) and all(a.kind == "pick" for a in legal)

    def _shodang_outcome(self) -> str:
        """``Shodang 쇼당: Minji refused, Hoon is deemed to accept: play goes on. ...``"""
        assert self._shodang is not None
        offerer, answers = self._shodang
        said = []
        for seat, kind, auto in answers:
            who = self.name(seat)
            you = seat == self.human
            if kind == "refuse":
                said.append("you refused" if you else f"{who} refused")
            elif auto:
                said.append("you are deemed to accept" if you else f"{who} is deemed to accept")
            else:
                said.append("you accepted" if you else f"{who} accepted")
        by = "your offer" if offerer == self.human else f"{self.name(offerer)}'s offer"
        text = f"Shodang 쇼당 ({by}): " + ", ".join(said)
        refusers = [seat for seat, kind, _a in answers if kind == "refuse"]
        if not refusers:
            return text + ": the hand ends as a nagari."
        r = refusers[0]
        hand = self.match.hand
        off_hs = self.match.hand_seat(offerer) if hand is not None else None
        risk = self._refusal_risk("you" if r == self.human else self.name(r), off_hs)
        return text + ": play goes on. " + risk

    def _absorb(
        self,
        events: list[MatchEvent],
        seats: tuple[int, ...],
        result: HandResult | None = None,
        entries_before: int = 0,
    ) -> None:
        hand_seats = seats
        lines: list[tuple[int, LogLine]] = []
        ends: list[int] = []
        for i, ev in enumerate(events):
            if ev.type == "hand-start":
                hand_seats = tuple(ev.data.get("seats", ()))
            if ev.type == "hand-end":
                ends.append(i)
            line = narrate(ev, self.name, hand_seats, self.human)
            if line is not None:
                lines.append((i, line))
        if self._news_fresh:
            self._news_fresh = False
            last_answer = max((i for i, ev in enumerate(events) if ev.hand_event is not None
                               and ev.hand_event.type in ("accept", "refuse")), default=len(events) - 1)
            lines.append((last_answer, LogLine(self.news, "special")))
            lines.sort(key=lambda x: x[0])
        new = self.match.ledger.entries[entries_before:]
        hold_after: int | None = None  # what follows a hand's end waits until it is read
        for i, entry in enumerate(new):
            summary = self._summary(entry, result if i == 0 else None)
            if entry.outcome == "void":
                continue  # re-dealt; the log says why
            self.summaries.append(summary)
            self.pending.append(summary)
            if i < len(ends):
                hold_after = ends[i]
        for i, line in lines:
            if self._held or (hold_after is not None and i > hold_after):
                self._held.append(line)
            else:
                self.log.append(line)
        if new:
            self.save()
        if self.match.is_over and self.archived_to is None:
            self.save()

    def _summary(self, entry: LedgerEntry, result: HandResult | None) -> HandSummary:
        name = self.name
        steps: list[str] = []
        reason = REASONS.get(entry.reason or "", entry.reason or "")
        unit = "shots" if self.match.shots_unit else "chips"
        if entry.outcome == "win":
            winner = name(entry.winner)
            if entry.reason == "stop" and result is not None and result.settlement is not None:
                s = result.settlement
                headline = f"{winner} stopped with {s.stop_points} points and won {_amount(s.total, s.unit)}."
                opp_names = [name(entry.active[o]) for o in result.opponents]
                goes = result.context.goes if result.context is not None else 0
                oe_card = None
                if s.liability == "oe-myeon" and s.liable is not None and self.finished is not None:
                    oe_card = _oe_myeon_card(self.finished[0], result.opponents[s.liable], result.winner)
                steps.append("How it was paid:")
                for line in settlement_lines(s, opp_names, goes, you=self.name(self.human), oe_myeon_card=oe_card):
                    steps.append("  " + line)
                sentences = [part.strip() for st in steps for part in st.split(". ")]
                for opp, pay in zip(opp_names, s.payments, strict=True):
                    said = any(  # a sentence that says what this loser pays in the end
                        st.startswith(f"{opp} pay")
                        and (f" {_amount(pay, s.unit)}" in st or (pay == 0 and " nothing" in st))
                        for st in sentences
                    )
                    if not said:  # the final amount when the steps did not end on it
                        verb = "pay" if opp == self.name(self.human) else "pays"
                        steps.append(f"  => {opp} {verb} {_amount(pay, s.unit)}")
            else:
                headline = f"{winner} won: {reason}."
        elif entry.outcome == "nagari":
            winner = None
            headline = f"No winner: {reason}. The next hand's stakes are doubled."
            if self.rules.nagari_multiplier == "off":
                headline = f"No winner: {reason}."
        else:
            winner = None
            headline = f"Void deal: {reason}."
        if result is not None:
            steps.append("Captured cards:")
            for hs, caps in enumerate(result.captures):
                _b, items = score_lines(self.rules, caps)
                scored = f"  [{', '.join(items)}]" if items else ""
                steps.append(f"  {name(entry.active[hs])}: {cards_text(caps)}{scored}")
            for fp in result.fixed_payments:
                payer = name(entry.active[fp.payer])
                payee = "" if fp.payee is None else f" to {self._named(entry.active[fp.payee])}"
                steps.append(f"Paid during the hand ({reason_words(fp.reason)}): {payer} {_amount(fp.amount, fp.unit)}{payee}")
        chips = tuple(
            (name(s), entry.shots[s] if unit == "shots" else entry.chips[s],
             entry.shot_totals[s] if unit == "shots" else entry.totals[s])
            for s in range(self.match.n)
        )
        if entry.pushed and entry.winner is not None:  # VAR-PUSH
            steps.append(push_done(name(entry.winner), entry.pushed, entry.pushes + 1, unit, self.settings.lang))
        for part, vec in entry.parts.items():
            if part not in ("hand",) and any(vec):
                steps.append(f"{_PART_WORDS.get(part, part)}: " + ", ".join(f"{name(s)} {v:+d}" for s, v in enumerate(vec) if v))
        you = entry.shots[self.human] if unit == "shots" else entry.chips[self.human]
        return HandSummary(
            deal=entry.deal,
            hand=entry.hand,
            outcome=entry.outcome,
            winner=winner,
            headline=headline,
            steps=tuple(steps),
            chips=chips,
            unit=unit,
            you_delta=you,
        )

    # -- prompts -------------------------------------------------------------------------------

    def _build_prompt(self) -> Prompt:
        m = self.match
        legal = m.legal_actions()
        if m.phase != "hand":
            return self._table_prompt(legal)
        obs = self.observation()
        assert obs is not None and m.hand is not None
        stage = obs.stage
        if stage == "main":
            return self._main_prompt(obs, legal)
        if stage in ("pick-hand", "pick-stock"):
            card = obs.choosing_for
            what = "your card" if stage == "pick-hand" else "the stock card"
            return Prompt(
                stage,
                f"{what.capitalize()} {card.code if card else ''} matches two cards on the table: which do you take?",
                _keyed(legal, lambda a: self.card_label(parse_card(a.cards[0])), numbered=True),
            )
        if stage == "surrender":
            debt = obs.debt or {}
            hs = self.match.hand_seats
            creditor = self.name(hs[debt["creditor"]]) if isinstance(debt.get("creditor"), int) else "?"
            need = debt.get("junk", 1)
            return Prompt(
                stage,
                f"You owe {creditor} {need} junk for the {debt.get('for', 'event')}: which do you give?",
                self._surrender_choices(legal),
                ("Junk value: J cards 1, 11D / 12D 2, jokers as printed. Keep your valuable junk if you can.",),
            )
        if stage == "go-stop":
            return self._go_stop_prompt(obs, legal)
        if stage == "answer-shodang":
            offerer = next((e.seat for e in reversed(obs.history) if e.type == "offer-shodang"), None)
            who = self.name(m.hand_seats[offerer]) if offerer is not None else "A player"
            return Prompt(
                stage,
                f"{who} offers shodang 쇼당: end this hand now as a nagari (no winner, stakes doubled next hand)?",
                _keyed(legal, lambda a: {"accept": "accept: end the hand", "refuse": "refuse: play on"}.get(a.kind, str(a))),
                (self._refusal_risk("you", offerer),),
            )
        if stage == "yell":
            return Prompt(
                stage,
                "An opponent made a ppuk on their first turn: shout!",
                _keyed(legal, lambda a: "yell!" if a.kind == "yell" else "stay quiet (take a shot)"),
            )
        if stage == "chongtong":
            return Prompt(
                stage,
                "You hold all four cards of a month (chongtong 총통): declare it and win at once, or play on?",
                _keyed(legal, lambda a: "declare chongtong" if a.kind == "chongtong" else "keep the four and play on"),
            )
        return Prompt(stage, f"Decide ({stage}):", _keyed(legal, str))

    def _surrender_choices(self, legal: list[Any]) -> tuple[Choice, ...]:
        """One choice per distinct way to pay a junk debt (DEC-14, EVT-7), each card named as
        every card choice names it (:meth:`card_label`).

        Ways that differ only by copies of one card are one choice (the first is given): the
        copies of a joker type (``JK1``, ``JK1-2``...), and the two junk cards of one month
        (``01J1``, ``01J2``). No rule tells such cards apart once captured: they have the same
        kind, month and junk value, and the rules that read particular cards read months
        (VAR-WEOLYAK-FIRST, VAR-WEOLYAK-MONTH, VAR-MISSION) or 11D and 12D (VAR-VIP), which
        have no copy. Cards of different months stay apart."""
        groups: dict[tuple[tuple[Any, ...], ...], list[Action]] = {}
        for a in legal:
            alike = tuple(sorted(_copy_key(parse_card(c)) for c in a.cards))
            groups.setdefault(alike, []).append(a)
        choices: list[Choice] = []
        for i, same in enumerate(groups.values()):
            first = same[0]
            cards = [parse_card(c) for c in first.cards]
            key = _CARD_KEYS[i] if i < len(_CARD_KEYS) else _free_key({c.key for c in choices}, "")
            more = ""
            if len(same) > 1:
                more = f" (any of your {len(same)})" if len(cards) == 1 else f" (or any of {len(same) - 1} alike)"
            if len(cards) == 1:
                card = cards[0]
                label = self.card_label(_first_copy(card)) + more
                choices.append(Choice(key, label, str(first), card=card))
            else:
                label = " + ".join(f"{c.code} {self.card_label(_first_copy(c))}" for c in cards) + more
                choices.append(Choice(key, label, str(first)))
        return tuple(choices)

    def _main_prompt(self, obs: Observation, legal: list[Any]) -> Prompt:
        me = obs.seat
        hand = self.match.hand
        assert hand is not None
        legal_text = {str(a) for a in legal}
        bomb_months = {a.month for a in legal if a.kind == "bomb"}
        declared = set(obs.declared_months[me])
        choices: list[Choice] = []
        card_keys = iter(_CARD_KEYS)
        used: set[str] = set()
        oe_risk = self._oe_myeon_applies(obs)
        # Only worth a warning when an opponent is close to stopping (or the card feeds a set).
        goal = self.rules.stop_target(obs.players)
        near_stop = any(obs.stop_points[s] >= goal - 2 for s in range(obs.players) if s != me)
        last_card = len(obs.hand) == 1 and self.rules.oe_myeon_exceptions  # LIAB-5 (b)
        oe_cards: list[str] = []
        for card in obs.hand:
            action = f"play {card.code}"
            if action not in legal_text:
                continue
            key = next(card_keys, None) or _free_key(used, "")
            used.add(key)
            pv = hand.preview(action)  # public facts and the person's own hand only
            marks: list[str] = []
            if pv.captures:
                marks.append("captures")
            if card.month in bomb_months:
                marks.append("bomb")
            if card.month in declared:
                marks.append("shaken")
            if pv.completes:
                marks.append("completes " + pv.completes[0])
            for seat, item in pv.feeds_sets[:1]:
                marks.append(f"feeds {self.name(self.match.hand_seats[seat])} ({item})")
            if oe_risk and pv.kind == "none" and pv.feeds and not last_card and (near_stop or pv.feeds_sets):
                marks.append("oe-myeon risk")
                oe_cards.append(card.code)
            choices.append(Choice(key, self.card_label(card), action, _preview_text(pv), card, tuple(marks)))
        for a in legal:
            if a.kind == "play":
                continue
            key = _free_key(used, _PREFERRED.get(a.kind, ""))
            used.add(key)
            choices.append(Choice(key, self._action_label(a, obs), str(a), self._action_detail(a, obs)))
        info: list[str] = []
        target = self.rules.stop_target(obs.players)
        info.append(f"You have {_count(obs.stop_points[me], 'point')}; {target} are needed to stop.")
        if obs.goes[me]:
            goes = obs.goes[me]
            info.append(f"You said go {'once' if goes == 1 else 'twice' if goes == 2 else f'{goes} times'}.")
        if oe_cards:
            opps = " or ".join(self.name(self.match.hand_seats[(me + k) % obs.players]) for k in (1, 2))
            info.append(
                f"<oe-myeon risk> if {opps} takes {' / '.join(oe_cards)} from the table and stops on their "
                "next turn, you pay for both losers (oe-myeon 외면)."  # LIAB-4
            )
        return Prompt("main", "Your turn: play a card.", tuple(choices), tuple(info))

    def _oe_myeon_applies(self, obs: Observation) -> bool:
        """LIAB-1 / LIAB-4: oe-myeon can make this seat pay for both losers in this hand."""
        return obs.players == 3 and self.rules.dok_bak and self.rules.oe_myeon

    def _refusal_risk(self, refuser: str, offerer: int | None) -> str:
        """What refusing a shodang offer risks, in the words of LIAB-10 (``refuser`` is
        ``"you"`` or a name; ``offerer`` the offerer's hand seat)."""
        m = self.match
        hand = m.hand
        you = refuser == "you"
        pays = "you pay" if you else f"{refuser} pays"
        if not self.rules.dok_bak:
            return "A refusal costs nothing extra at this table (no dok-bak): each loser pays their own share."
        if self.rules.shodang_window == "rest_of_hand":  # LIAB-10
            return (f"If anyone else wins later in this hand, {pays} for both losers (shodang refusal); "
                    f"if {'you win' if you else refuser + ' wins'}, each loser pays their own.")
        who, third = "the offerer wins on this turn", "the third player wins on their next turn"
        if offerer is not None and hand is not None:
            me = self.name(self.human) if you else refuser
            seats = [m.hand_seats[s] for s in range(hand.players)]
            off = m.hand_seats[offerer]

            def wins(seat: int, when: str) -> str:
                if seat == self.human:
                    return f"you win {when.format(their='your')}"
                return f"{self.name(seat)} wins {when.format(their='their')}"

            who = wins(off, "on this turn")
            rest = [ts for ts in seats if ts != off and self.name(ts) != me]
            if rest:
                third = wins(rest[0], "on {their} next turn")
        return (f"If {who} or {third}, {pays} for both losers (shodang refusal); "  # LIAB-10
                "after that the refusal expires.")

    def _action_label(self, a: Action, obs: Observation) -> str:
        k = a.kind
        if k == "bomb":
            return f"bomb 폭탄 {_month_name(a.month)}"
        if k == "grenade":
            return f"grenade {_month_name(a.month)}"
        if k == "skip":
            return "stock-only turn (skip)"
        if k == "shake":
            return f"shake 흔들기 {_month_name(a.month)}"
        if k == "show-quad":
            return f"show your quad of {_month_name(a.month)}"
        if k == "reveal":
            return f"reveal joker {a.cards[0]}"
        if k == "offer-shodang":
            return "offer shodang 쇼당"
        return str(a)

    def _action_detail(self, a: Action, obs: Observation) -> str:
        k = a.kind
        r = self.rules
        if k == "bomb":
            extra = f", payments x{r.bomb_multiplier}" if r.bomb_multiplier != 1 else ""
            comp = "2 stock-only turns later" if r.bomb_compensation == "skip_two" else "3 stock cards this turn"
            return f"play your three, take all four of the month ({comp}{extra})"
        if k == "grenade":
            return "play your two onto the two on the table, take all four"
        if k == "skip":
            return f"play no card, only turn the stock ({obs.skip_allowance[obs.seat]} left)"
        if k == "shake":
            mult = r.heundeum_nov_dec_multiplier if a.month in (11, 12) else r.heundeum_multiplier
            text = f"show your three; if you win, payment x{mult}; then play as usual"
            if r.bomb_allowed and not r.bomb_after_heundeum:
                text += f"; you can no longer bomb {_month_name(a.month)} with these three"
            return text
        if k == "show-quad":
            return "counts as a heundeum declaration"
        if k == "reveal":
            return "the joker goes to your captures; you draw a replacement"
        if k == "offer-shodang":
            return "show your hand and offer to end the hand as a nagari"
        return ""

    def _go_stop_prompt(self, obs: Observation, legal: list[Any]) -> Prompt:
        me = obs.seat
        hand = self.match.hand
        assert hand is not None
        info: list[str] = []
        sp = hand.stop_preview()  # public facts only
        settlement = sp.settlement
        opponents = [self.name(self.match.hand_seats[s]) for s, _amount in sp.payments]
        info.append(f"Stop now: you win {_amount(sp.total, sp.unit)}.")
        for line in settlement_lines(settlement, opponents, obs.goes[me], you=self.name(self.human)):
            info.append("  " + line)
        total = sp.total
        last = sp.final_turn_nagari
        # TURN-4: a seat with no card and no stock-only turn left takes no further turn, so it
        # is never asked go/stop again in this hand: a go gives the stop up for good (the hand
        # ends as a nagari, TURN-5, or with another seat's win).
        no_turn_left = not last and obs.hand_sizes[me] == 0 and obs.skip_allowance[me] == 0
        info.extend(
            go_warnings_text(
                self.rules, obs.players, obs.goes[me], obs.stop_points[me], last_turn=last, stop_total=total,
                no_turn_left=no_turn_left,
            )
        )
        if not last and not no_turn_left:
            held = _count(obs.hand_sizes[me], "card")
            skips = obs.skip_allowance[me]
            if skips:
                held += f" and {_count(skips, 'stock-only turn')}"
            info.append(f"You hold {held}; the stock has {_count(obs.stock_size, 'card')}.")
        unit = settlement.unit if settlement is not None else "chips"
        worth = _amount(total, unit)

        def label(a: Any) -> str:
            if a.kind != "go":
                return f"stop: win {worth} now"
            if last:
                return f"go: the hand ends as a nagari -- you give up a stop worth {worth}"
            if no_turn_left:
                return "go: you can no longer win this hand"
            return "go: play on for more"

        return Prompt(
            "go-stop",
            f"You have {obs.stop_points[me]} points. GO 고 or STOP 스톱?",
            _keyed(legal, label),
            tuple(info),
        )

    def _table_prompt(self, legal: list[Any]) -> Prompt:
        m = self.match
        phase = m.phase
        if phase == "cut":
            choices = (
                Choice("n", "no cut", "no-cut", "deal as shuffled"),
                Choice("c", f"cut the deck at {m.deck_size // 2}", f"cut {m.deck_size // 2}",
                       "move the top half to the bottom (or type: cut N)"),
            )
            return Prompt("cut", "Cut the deck before the deal?", choices)
        if phase == "drop":
            cards = tuple(sorted(m.dealt_cards(self.human), key=lambda c: parse_card(c).sort_key))
            return Prompt(
                "drop",
                f"Gwangpalli 광팔이: you are dealt {cards_text(cards)}. Stay in this hand or drop out?",
                _keyed(legal, lambda a: {"stay": "stay: play this hand", "drop": "drop: sit it out (no compensation)"}[a.kind]),
                ("Three play each hand. Players forced out (not those who drop) may claim compensation "
                 "for brights, double junk, the flex card and jokers.",),
            )
        if phase == "claim":
            cards = m.dealt_cards(self.human)
            paid = eligible_cards(self.rules, cards, m.n)
            one = compensation_amount(self.rules, cards, m.n)
            two = compensation_amount(self.rules, cards, m.n, show_triple=True) if has_triple(cards) else one

            def label(a: MatchAction) -> str:
                if a.kind == "claim":
                    return f"claim {one} chips from each payer for {cards_text(paid)}"
                if a.kind == "claim-triple":
                    return f"claim and show a triple: {two} chips"
                return "no claim"

            return Prompt("claim", "You were forced out of this hand. Claim compensation?", _keyed(legal, label))
        if phase == "push":  # VAR-PUSH: the winner pushes or collects
            lang = self.settings.lang
            unit = "shots" if m.shots_unit else "chips"
            stake, pushes = m.push_stake, m.pushes
            return Prompt(
                "push",
                push_question(stake, pushes, self.rules.push_limit, unit, lang),
                _keyed(legal, lambda a: push_choice(a.kind, stake, pushes, unit, lang)),
            )
        if phase == "list":
            return Prompt(
                "list",
                "You head the list (goo-stupe): who comes next?",
                _keyed(legal, lambda a: f"put {self.name(a.value)} next", numbered=True),
            )
        return Prompt(phase, f"Decide ({phase}):", _keyed(legal, str))


#: The ledger's parts of a deal other than the hand itself, in words.
_PART_WORDS = {"compensation": "Gwangpalli compensation", "pot": "The boar pot", "boar": "The boar pot"}


def _bot_move(seat: int, who: str, events: list[MatchEvent], picking: bool = False) -> BotMove | None:
    """What a bot's action played and took (None when no card moved: a go, a stay...).
    ``picking``: the seat must still choose which card it takes (nothing is said about what
    it took, it is not known yet)."""
    played: list[str] = []
    flipped: list[str] = []
    taken: list[str] = []
    for ev in events:
        he = ev.hand_event
        if ev.type != "hand" or he is None or ev.seat != seat:
            continue
        codes = [c.code if isinstance(c, Card) else str(c) for c in he.cards]
        if he.type in ("play", "bomb", "grenade"):
            played.extend(c for c in codes if c not in played)
        elif he.type in ("flip", "substitute"):
            flipped.extend(c for c in codes if c not in flipped)
        elif he.type in ("capture", "pick"):
            taken.extend(c for c in codes if c not in taken)
    if not played and not taken and not flipped:
        return None
    parts = [f"played {' '.join(played)}"] if played else []
    if flipped:
        parts.append(f"turned {' '.join(flipped)}")
    if picking:
        if taken:
            parts.append(f"took {' '.join(taken)}")
        parts.append("now choosing which card to take")
    else:
        parts.append(f"took {' '.join(taken)}" if taken else "took nothing")
    return BotMove(seat, f"{who} " + ", ".join(parts), tuple(dict.fromkeys(played + flipped + taken)))


def _preview_text(pv: Preview) -> str:
    """What a card would do, in a few words (from the engine's preview)."""
    codes = " ".join(c.code for c in pv.takes)
    if pv.kind == "one":
        return f"takes {codes}"
    if pv.kind == "choice":
        return f"takes {' or '.join(c.code for c in pv.matches)} (you choose)"
    if pv.kind == "stack":
        return f"takes the stack {codes}"
    if pv.kind == "joker":
        return "joker: to your captures, the top stock card is played instead"
    return "no match: stays on the table"


def _oe_myeon_card(hand: Hand, liable: int, winner: int | None) -> str | None:
    """The card the liable player laid on the table that the winner then took (LIAB-4 (A))."""
    if winner is None:
        return None
    obs = hand.observation(winner)
    won = {c.code for c in obs.captures[winner]}
    for ev in reversed(obs.history):
        if ev.type == "play" and ev.seat == liable and ev.cards:
            code = ev.cards[0].code if hasattr(ev.cards[0], "code") else str(ev.cards[0])
            return code if code in won else None
    return None


def _copy_key(card: Card) -> tuple[Any, ...]:
    """What tells a junk card apart from its copies: a joker's type, a month card's month and
    kind (see :meth:`Session._surrender_choices`)."""
    if card.joker_type is not None:
        return ("joker", card.joker_type.value)
    return ("month", card.month, card.kind.value)


def _first_copy(card: Card) -> Card:
    """A joker named without its copy number (``JK1-6`` is named as ``JK1``: a copy of it)."""
    if card.joker_type is not None and card.copy != 1:
        return parse_card(f"JK{card.joker_type.value}")
    return card


def _free_key(used: set[str], preferred: str) -> str:
    if preferred and preferred not in used:
        return preferred
    for k in _KEY_POOL:
        if k not in used:
            return k
    n = 1
    while f"x{n}" in used:
        n += 1
    return f"x{n}"


def _keyed(legal: list[Any], label: Any, numbered: bool = False) -> tuple[Choice, ...]:
    used: set[str] = set()
    out: list[Choice] = []
    for i, a in enumerate(legal):
        if numbered and i < len(_CARD_KEYS):
            key = _CARD_KEYS[i]
        else:
            key = _free_key(used, _PREFERRED.get(getattr(a, "kind", ""), ""))
        used.add(key)
        card = None
        if isinstance(a, Action) and a.kind in ("pick",) and a.cards:
            card = parse_card(a.cards[0])
        out.append(Choice(key, label(a), str(a), card=card))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """What is saved in a store: a one-line description, or why it cannot be read."""

    text: str
    problem: str | None = None

    @property
    def readable(self) -> bool:
        return self.problem is None


def saved_summary(store: Store) -> SavedMatch | None:
    """The match saved in ``store`` (None when there is none); an unreadable save says why."""
    if not store.has_saved():
        return None
    try:
        record, data = store.load()
        if data.get("format") != SESSION_FORMAT:
            raise DamagedSave(store.save_path, "its session part is not a gostop play session")
        settings = Settings.from_json(data.get("settings", {}))
        ledger = record.get("ledger") or []
        played = sum(1 for e in ledger if isinstance(e, dict) and e.get("hand") is not None)
        return SavedMatch(f"{settings.describe()}; {_count(played, 'hand')} played")
    except DamagedSave as exc:
        return SavedMatch(str(exc), str(exc))
    except (TypeError, ValueError, AttributeError) as exc:
        problem = str(DamagedSave(store.save_path, f"its settings are damaged ({_clip(str(exc))})"))
        return SavedMatch(problem, problem)


def _count(n: int, thing: str) -> str:
    """``1 card``, ``3 cards``, ``no cards``: a count with its noun in the right number."""
    if n == 0:
        return f"no {thing}s"
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _amount(n: int, unit: str) -> str:
    """``1 chip``, ``0 chips``, ``3 shots``: an amount of ``unit`` (``chips`` or ``shots``)."""
    return f"{n} {unit.removesuffix('s') if n == 1 else unit}"


def _clip(text: str, limit: int = 160) -> str:
    """``text`` cut to ``limit`` characters (error messages never echo a whole record)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
