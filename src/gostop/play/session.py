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
:mod:`gostop.play.view`) and from :mod:`gostop.hints`, said in the person's language
(``Settings.lang``) through its message catalogue (:attr:`Session.words`): prompts, choices,
marks, log lines, hand summaries, save messages and names (:meth:`Session.name`: ``나``,
``민지`` in Korean). What code reads stays English in every language: stages, action texts,
keys and the marks' keys (:attr:`Choice.mark_keys`); the match record too.

The match itself is driven by a :class:`gostop.table.TableController` (:attr:`Session.table`),
the controller the server's rooms use too: whose decision is next, the legality check, the
bots' decisions. The session adds the prompts, the narration and the save.
"""

from __future__ import annotations

import errno
import json
import random
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.agents import LEVELS, Agent, level_name
from gostop.cards import MONTH_NAMES, Card, parse_card
from gostop.engine import Action, Hand, HandResult, Observation, Preview
from gostop.errors import GostopError
from gostop.explain import go_warnings_text, settlement_lines
from gostop.hints import junk_values, nagari_stakes, near_sets, score_lines
from gostop.limits import MAX_PLAY_HANDS
from gostop.match import (
    LedgerEntry,
    Match,
    MatchEvent,
    Player,
    match_to_json,
    replay_match,
)
from gostop.match.gwangpalli import compensation_amount, eligible_cards, has_triple
from gostop.match.record import loads_match_record
from gostop.play.names import LANGS, LEVEL_NAMES, card_words
from gostop.play.narrate import (
    LogLine,
    card_list,
    choice_cards,
    debt_words,
    fold_layout_jokers,
    narrate,
    reason_of_end,
    reason_words,
)
from gostop.play.store import DamagedSave, Store, gostop_command
from gostop.record import RecordError, replay
from gostop.rules import Rules, get_preset
from gostop.scoring import ScoreTable
from gostop.table import (
    BOT_NAMES,
    TableController,
    bot_name,
    check_hands,
    playable_spec,
    table_rules,
)
from gostop.words import (
    Catalog,
    amount_words,
    catalog,
    is_you,
    item_name,
    junk_values_text,
    preset_title,
    push_choice,
    push_done,
    push_question,
    said_name,
    score_item_lines,
    stack_junk_brief,
    stack_junk_words,
)
from gostop.words import bot_name as bot_words

__all__ = [
    "Settings",
    "Choice",
    "Prompt",
    "HandSummary",
    "Session",
    "ChoiceError",
    "SettingsConflict",
    "LEVEL_NAMES",
    "oe_myeon_card",
    "BOT_NAMES",
    "bot_spec_for_level",
    "SESSION_FORMAT",
    "saved_summary",
    "damaged_save_said",
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
            if setup:  # said to the person, in their language
                raise SettingsConflict(catalog(self.lang).t(
                    "the {preset} rules are for 2 players only (you and 1 bot), got {players}; choose 2 "
                    "players or another preset",
                    preset=self.preset, players=self.players,
                ))
            raise SettingsConflict(
                f"the {self.preset} rules are for 2 players only (you and 1 bot), got {self.players}; "
                "use --players 2 or another preset"
            )

    def describe(self, lang: str | None = None) -> str:
        """One line: ``1 bot (normal), rules pagat, 3 hands, seed 7``, in ``lang`` (by default
        the settings' own language)."""
        w = catalog(lang or (self.lang if self.lang in LANGS else "en"))
        bots = self.players - 1
        parts = [w.n("{n} bot ({level})", "{n} bots ({level})", bots, level=level_name(self.level, w.lang))]
        if self.players > 3:
            gwangpalli = self.rules().multi_player_mode == "gwangpalli"
            parts.append(w.t("gwangpalli table") if gwangpalli else w.t("rotation table"))
        over = "".join(f", {k}={v}" for k, v in self.overrides.items())
        # a rule set by the name its players use where it has one (맞고, 파갓 규칙), else its id
        title = preset_title(self.preset, w.lang)
        parts.append((w.t("rules {preset}", preset=self.preset) if title == self.preset else title) + over)
        parts.append(w.t("open-ended") if self.hands is None else w.n("{n} hand", "{n} hands", self.hands))
        parts.append(w.t("seed random") if self.seed is None else w.t("seed {seed}", seed=self.seed))
        return ", ".join(parts)

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
    ``marks`` are short tags shown with it, in the person's language (``"captures"``,
    ``"bomb"``, ``"shaken"``, ``"completes godori"``, ``"feeds Minji (godori)"``... /
    ``"먹음"``, ``"고도리 완성"``...); ``mark_keys`` are the same tags for code to read, in
    English whatever the language (``"captures"``, ``"oe-myeon risk"``; left out: the marks).
    ``brief`` is the deed of a card choice in the fewest words, for a column too narrow for
    ``detail`` (``둘 중 골라 먹음`` for ``모란 열끗 또는 모란 피 중 골라 먹음``); empty when
    ``detail`` has no shorter form. ``cost`` is what the deed costs (GOO-10: ``"; your
    opponent takes a shot"``), already at the end of ``detail``: a shortened line never drops
    it (it drops the deed first); ``cost_brief`` is its short form (``"; opponent: 1 shot"``).
    """

    key: str
    label: str
    action: str
    detail: str = ""
    card: Card | None = None
    marks: tuple[str, ...] = ()
    mark_keys: tuple[str, ...] = ()
    brief: str = ""
    cost: str = ""
    cost_brief: str = ""

    def __post_init__(self) -> None:
        if not self.mark_keys and self.marks:
            object.__setattr__(self, "mark_keys", self.marks)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the person must take now (RULES.md 2.18 DEC-1 .. DEC-16), worded in
    ``lang`` (its question, choices and information lines; :meth:`find`'s errors too)."""

    stage: str
    question: str
    choices: tuple[Choice, ...]
    info: tuple[str, ...] = ()
    lang: str = "en"

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
        w = catalog(self.lang)
        raise ChoiceError(w.t("{typed} is not a choice here. {keys}", typed=repr(_clip(raw, 40)), keys=self.keys_text()))

    def keys_text(self) -> str:
        """The valid keys, one per choice: ``Keys: [1] 02R plum ribbon | [s] stop: win 3 chips``
        (in Korean a card is named, without its code: ``키: [1] 매조 띠 | ...``)."""
        w = catalog(self.lang)
        parts = []
        for c in self.choices:
            if c.card is None:
                what = c.label
            elif self.lang == "en":
                what = f"{c.card.code} {c.label}"
            else:
                what = card_list([c.card], self.lang)
            parts.append(f"[{c.key}] {what}")
        return w.t("Keys: {keys}", keys=" | ".join(parts))


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
    played and took (highlighted); ``short``: the same in fewer words, for a screen too tight
    for ``text`` (several cards counted: ``took 3 cards``; the log says them all)."""

    seat: int
    text: str
    cards: tuple[str, ...]
    short: str = ""


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


def _month_name(m: int, w: Catalog | None = None) -> str:
    """``Feb (plum)`` in English; ``2월 (매조)`` in Korean."""
    if w is None or w.lang == "en":
        return f"{MONTH_NAMES[m][2].capitalize()} ({MONTH_NAMES[m][0]})"
    return w.t("month {month} ({flower})", month=m, flower=MONTH_NAMES[m][1])


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
        #: Per deal index of a waiting summary, the hand it ended and its seats: a hand decided
        #: at the deal (four of a month on the table, chongtong) is shown as it was dealt, not
        #: the next deal (QA 20).
        self._ended: dict[int, tuple[Hand, tuple[int, ...]]] = {}
        self._held: list[LogLine] = []  # log lines of the next deal, told after the summary
        #: GWANG-6: what each claimant claimed from each payer (a resumed match: its deals'
        #: claims), so that a payment doubled after a nagari says so (X-48; :func:`narrate`).
        self.claimed: dict[int, int] = {c.seat: c.amount for log in match.deals for c in log.claims}
        self.archived_to: str | None = None
        self._prompt: Prompt | None = None
        #: The last bot move (highlighted on the screen), None after the person's move.
        self.last_move: BotMove | None = None
        #: Why the last save failed (None: the last save worked).
        self.save_problem: str | None = None
        #: The person's own last turn in words (``You played 03B, turned 07J1, took ...``).
        self.your_turn: str = ""
        #: :attr:`your_turn` in fewer words (:attr:`BotMove.short`), for a tight screen.
        self.your_turn_short: str = ""
        #: The outcome of the latest shodang offer (who accepted, who refused and what the
        #: refuser risks), shown on the top line until the person's next decision.
        self.news: str = ""
        self._turn_events: list[MatchEvent] = []  # the hand events of the turn being played
        self._turn_seat: int | None = None
        #: The table's cards just before the latest bomb or grenade (BOMB-1: its event names the
        #: four cards together; this tells the three from the hand from the table's one)
        self._table_before: frozenset[str] | None = None
        self._shodang: tuple[int, list[tuple[int, str, bool]]] | None = None
        self._news_fresh = False
        #: The reasons for a shot (GOO-10, GOO-12 .. GOO-14) whose rule the log has explained:
        #: the first shot of each says why, once (a shot was taken with no word of the rule).
        self._shots_told: set[str] = set()

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
        if note and settings.lang != "en":
            note = catalog(settings.lang).t(
                "The {level} bot is not available: you play against the random bot.",
                level=level_name(settings.level, settings.lang),
            )
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
        settings, bots, match = _saved_match(store)
        chosen = store.prefs().get("lang")  # the language the person plays in now
        if chosen in LANGS:
            settings.lang = chosen
        w = catalog(settings.lang)
        session = cls(settings, match, bots, store, [w.t("Resumed the saved match ({settings}).",
                                                         settings=settings.describe())])
        obs = session.observation()
        if obs is not None:  # the story of the hand so far, as the person saw it
            story = [MatchEvent("hand", None if ev.seat is None else match.hand_seats[ev.seat], hand_event=ev)
                     for ev in obs.history]
            for said in fold_layout_jokers(story):
                line = None if said is None else narrate(said, session.name, match.hand_seats, 0,
                                                         settings.lang, match.rules)
                if line is not None:
                    session.log.append(line)
            # the top line and your row as they were: the last turns rebuilt from the story (a
            # turn of yours ends what the top line said, as in play: :meth:`choose`)
            session._follow_turn(story)
            session._news_fresh = False  # already in the story
            if session._turn_seat == session.human and len(session._turn_events) > 1:
                session.last_move = None
        if match.is_over:
            session.log.append(LogLine(w.t("That match was already over."), "end"))
        session.advance()
        return session

    # -- reading ---------------------------------------------------------------------------

    @property
    def words(self) -> Catalog:
        """The message catalogue of the person's language (``settings.lang``): every text the
        session gives is said through it."""
        return catalog(self.settings.lang)

    def name(self, seat: int | None) -> str:
        """The name of a table seat as the person reads it: ``"You"`` for the person (``나`` in
        Korean), the bots' names in the letters of the language (``Minji`` / ``민지``)."""
        if seat is None:
            return "-"
        named = self.match.names[seat]
        if self.settings.lang == "en":
            return named
        if seat == self.human:
            return self.words.t("You") if named == "You" else named
        return bot_words(named, self.settings.lang)

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
        if self.pending:
            ended = self._ended.get(self.pending[0].deal)
            if ended is not None:
                return ended
            if self.finished is not None:
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
                    self.log.append(LogLine(self.words.t("(only choice: {action})", action=self._action_words(legal[0])),
                                            "you"))
                    self._apply(legal[0])
                    continue
                alike = self._alike_pick(legal)
                if alike is not None:  # QA 16: no question whose answers nobody can tell apart
                    self.log.append(LogLine(self.words.t("(the two {card} are alike: you take one)",
                                                         card=card_list([parse_card(alike.cards[0])], self.settings.lang)),
                                            "you"))
                    self._apply(alike)
                    continue
                break
            self._apply(self._bot_action(seat))
        self._prompt = None

    def _alike_pick(self, legal: Sequence[Any]) -> Action | None:
        """The first of picks among cards nobody can tell apart (a month's two plain junk, the
        copies of a joker: :func:`_copy_key`, as :meth:`_surrender_choices` reads them): which
        one is taken changes nothing, so the person is not asked. None for any other decision."""
        if self.match.phase != "hand" or len(legal) < 2:
            return None
        if not all(isinstance(a, Action) and a.kind == "pick" and len(a.cards) == 1 for a in legal):
            return None
        keys = {_copy_key(parse_card(a.cards[0])) for a in legal}
        return legal[0] if len(keys) == 1 else None

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
            raise ChoiceError(self.words.t("nothing to decide right now"))
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
        if done is not None:
            self._ended.pop(done.deal, None)
        if not self.pending:
            self.finished = None
            self._ended.clear()
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
        return match_to_json(self.match, f"gostop play: {self.settings.describe('en')}")

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
            w = self.words
            problem = w.t("Not saved: {why}.", why=str(exc) if w.lang == "en" else _os_problem(exc, w))
            if self.store.has_saved():
                problem += " " + w.t("The last good save is kept.")
            self.save_problem = problem
            return False
        self.save_problem = None
        return True

    def save_report(self) -> str:
        """Save now and say, truthfully, whether it worked and how to continue."""
        w = self.words
        command = self.store.command("play --resume") if self.store is not None else f"{gostop_command()} play --resume"
        if self.save():
            if self.archived_to is not None:
                return w.t("The match is over. Its record: {path}", path=self.archived_to)
            return w.t("Saved. Continue this match with: {command}", command=command)
        if self.store is not None and self.store.has_saved():
            return w.t("{problem} Continue from it with: {command}", problem=self.save_problem, command=command)
        return f"{self.save_problem}"

    def over_report(self) -> str:
        """Where the finished match's record is kept (or why it could not be), in the person's
        language: the line the full-screen game leaves in the terminal when it closes."""
        w = self.words
        if self.archived_to is not None:
            return w.t("The match is over. Its record: {path}", path=self.archived_to)
        return w.t("The match is over. {problem}", problem=self.save_problem or "")

    # -- internals ---------------------------------------------------------------------------

    def _bot_action(self, seat: int, legal: list[Any] | None = None) -> Any:
        """The decision of the bot of ``seat`` (the table controller asks it)."""
        return self.table.bot_action(seat)

    def _apply(self, action: Any) -> None:
        m = self.match
        seat = m.current_seat
        assert seat is not None
        kind = getattr(action, "kind", None) or str(action).partition(" ")[0]  # an Action or its text
        if kind in ("bomb", "grenade") and m.hand is not None:
            self._table_before = frozenset(c.code for c in m.hand.layout_cards())
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
                self.your_turn = self.your_turn_short = ""
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
        move = _bot_move(seat, self.name(seat), self._turn_events, self.words, picking=self._picking(seat),
                         hand_seats=self.match.hand_seats, named=self._named, table=self._table_before)
        if move is None:
            return
        if seat == self.human:
            self.your_turn, self.your_turn_short = move.text, move.short
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
        w = self.words
        offerer, answers = self._shodang
        said = []
        for seat, kind, auto in answers:
            who = self.name(seat)
            you = seat == self.human
            if kind == "refuse":
                said.append(w.t("you refused") if you else w.t("{who} refused", who=who))
            elif auto:
                said.append(w.t("you are deemed to accept") if you else w.t("{who} is deemed to accept", who=who))
            else:
                said.append(w.t("you accepted") if you else w.t("{who} accepted", who=who))
        by = w.t("your offer") if offerer == self.human else w.t("{who}'s offer", who=self.name(offerer))
        answered = ", ".join(said)
        refusers = [seat for seat, kind, _a in answers if kind == "refuse"]
        if not refusers:
            return w.t("Shodang 쇼당 ({by}): {said}: the hand ends as a nagari.", by=by, said=answered)
        r = refusers[0]
        hand = self.match.hand
        off_hs = self.match.hand_seat(offerer) if hand is not None else None
        risk = self._refusal_risk("you" if r == self.human else self.name(r), off_hs)
        return w.t("Shodang 쇼당 ({by}): {said}: play goes on.", by=by, said=answered) + " " + risk

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
        told = fold_layout_jokers(events)  # the jokers dealt to the table: one line
        for i, ev in enumerate(events):
            if ev.type == "hand-start":
                hand_seats = tuple(ev.data.get("seats", ()))
            if ev.type == "hand-end":
                ends.append(i)
            said = told[i]
            if said is None:
                continue
            line = narrate(said, self.name, hand_seats, self.human, self.settings.lang, self.rules, self.claimed)
            if line is not None:
                lines.append((i, line))
            he = ev.hand_event
            if he is not None and he.type == "shot" and str(he.data.get("reason")) not in self._shots_told:
                why = shot_rule_words(str(he.data.get("reason")), self.rules, self.words)
                self._shots_told.add(str(he.data.get("reason")))
                if why:  # said once, where it first matters; the top line shows it till the next move
                    lines.append((i, LogLine(why, "special")))
                    self.news = why
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
            ended = self.finished if i == 0 and result is not None else self._dealt_hand(entry)
            if ended is not None:
                self._ended[entry.deal] = ended
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

    def _dealt_hand(self, entry: LedgerEntry) -> tuple[Hand, tuple[int, ...]] | None:
        """The hand of a deal that ended without a decision (four of a month on the table,
        chongtong at the deal), rebuilt from its record, with its seats (None: no record)."""
        rec = self.match.deals[entry.deal].hand_record
        if rec is None or rec.result is None:
            return None
        try:
            hand, _ = replay(rec)
        except RecordError:
            return None
        return hand, tuple(entry.active)

    def _summary(self, entry: LedgerEntry, result: HandResult | None) -> HandSummary:
        name = self.name
        w = self.words
        lang = w.lang
        steps: list[str] = []
        reason = reason_of_end(entry.reason, lang)
        unit = "shots" if self.match.shots_unit else "chips"
        if entry.outcome == "win":
            winner = name(entry.winner)
            if entry.reason == "stop" and result is not None and result.settlement is not None:
                s = result.settlement
                if s.unit == "shots":  # PAY-2: nobody wins shots; the opponents take them
                    headline = w.t("{winner} stopped with {points} points: the opponents take {amount} in all.",
                                   winner=winner, points=s.stop_points, amount=amount_words(w, s.total, s.unit))
                elif entry.pushed:  # VAR-PUSH: the winner forwent the payment (it read "won 14 chips")
                    headline = w.t("{winner} stopped with {points} points and pushed the {amount} to the next hand.",
                                   winner=winner, points=s.stop_points, amount=amount_words(w, s.total, s.unit))
                else:
                    headline = w.t("{winner} stopped with {points} points and won {amount}.", winner=winner,
                                   points=s.stop_points, amount=amount_words(w, s.total, s.unit))
                opp_names = [name(entry.active[o]) for o in result.opponents]
                goes = result.context.goes if result.context is not None else 0
                oe_card = None
                if s.liability == "oe-myeon" and s.liable is not None and self.finished is not None:
                    oe_card = oe_myeon_card(self.finished[0], result.opponents[s.liable], result.winner)
                you_name = self.name(self.human)
                lines = settlement_lines(s, opp_names, goes, you=you_name, oe_myeon_card=oe_card, lang=lang,
                                         flex_junk_value=self.rules.flex_junk_value)
                steps.append(w.t("How it was paid:"))
                for line in lines:
                    steps.append("  " + line)
                # Whether the steps end on what each loser pays is read from their English words.
                english = lines if lang == "en" else settlement_lines(
                    s, opp_names, goes, you=you_name, oe_myeon_card=oe_card, flex_junk_value=self.rules.flex_junk_value)
                sentences = [part.strip() for st in english for part in st.split(". ")]
                for opp, pay in zip(opp_names, s.payments, strict=True):
                    said = any(  # a sentence that says what this loser pays in the end (its
                        # English words name the person "You", not "나")
                        st.startswith(f"{said_name(opp)} pay")
                        and (f" {_amount(pay, s.unit)}" in st or (pay == 0 and " nothing" in st))
                        for st in sentences
                    )
                    if not said:  # the final amount when the steps did not end on it
                        amount = amount_words(w, pay, s.unit)
                        if s.unit == "shots":  # PAY-2: shots are taken, not paid
                            if opp == you_name and is_you(opp):  # "Kim takes", never "Kim take"
                                steps.append("  " + w.t("=> {who} take {amount}", who=opp, amount=amount))
                            else:
                                steps.append("  " + w.t("=> {who} takes {amount}", who=opp, amount=amount))
                        elif opp == you_name and is_you(opp):
                            steps.append("  " + w.t("=> {who} pay {amount}", who=opp, amount=amount))
                        else:
                            steps.append("  " + w.t("=> {who} pays {amount}", who=opp, amount=amount))
            else:
                headline = w.t("{winner} won: {reason}.", winner=winner, reason=reason)
        elif entry.outcome == "nagari":
            winner = None
            after = entry.carry + 1  # MATCH-5 k of the next hand (MATCH-6: the limit starts it over)
            if self.rules.nagari_limit is not None and after >= self.rules.nagari_limit:
                after = 0
            factor = nagari_stakes(self.rules, after)  # the MATCH-8 cap; none with shots
            # VAR-PUSH: a nagari leaves the pushes before it standing, and they double the next
            # hand too (after a push, the nagari's headline said "doubled" of a hand paid x4)
            factor <<= entry.pushes
            if factor == 1:
                headline = w.t("No winner: {reason}.", reason=reason)
            elif factor == 2:
                headline = w.t("No winner: {reason}. The next hand's stakes are doubled.", reason=reason)
            else:
                headline = w.t("No winner: {reason}. The next hand's stakes are x{factor}.", reason=reason,
                               factor=factor)
        else:
            winner = None
            headline = w.t("Void deal: {reason}.", reason=reason)
        if result is not None:
            steps.append(w.t("Captured cards:"))
            # SCORE-8 / PAY-1: the flex card as the settlement classed it (the winner counts it
            # for the larger payment, which may not be the most points), else for stop points
            flex: dict[int, str | None] = {}
            if result.settlement is not None and result.winner is not None:
                flex[result.winner] = result.settlement.flex_class
                flex.update(zip(result.opponents, result.settlement.opponent_flex, strict=False))
            for hs, caps in enumerate(result.captures):
                b, _lines = score_lines(self.rules, caps)
                if flex.get(hs) is not None:
                    table = ScoreTable.for_rules(self.rules)
                    b = table.breakdown(table.mask(caps), flex_as_junk=flex[hs] == "junk")
                # each item in words, English too (``4 brights incl. the rain man: 4``, not the
                # record's ``incl. 12B``)
                items = tuple(score_item_lines(b.items, lang))
                scored = f"  [{', '.join(items)}]" if items else ""
                steps.append(f"  {name(entry.active[hs])}: {card_list(caps, lang)}{scored}")
            taken: dict[str, dict[str, int]] = {}  # shots (PAY-2): taken, not paid to anyone
            for fp in result.fixed_payments:
                if fp.unit == "shots":
                    by = taken.setdefault(reason_words(fp.reason, lang), {})
                    payer = self._named(entry.active[fp.payer])  # in a list: "Minji 3 shots, you 5 shots"
                    by[payer] = by.get(payer, 0) + fp.amount
                    continue
                paid = {"reason": reason_words(fp.reason, lang), "payer": self._named(entry.active[fp.payer]),
                        "amount": amount_words(w, fp.amount, fp.unit)}
                if fp.payee is None:
                    steps.append(w.t("Paid during the hand ({reason}): {payer} {amount}", **paid))
                else:
                    steps.append(w.t("Paid during the hand ({reason}): {payer} {amount} to {payee}",
                                     payee=self._named(entry.active[fp.payee]), **paid))
            for why, by in taken.items():
                who_took = ", ".join(f"{who} {amount_words(w, n, 'shots')}" for who, n in by.items())
                steps.append(w.t("Shots taken during the hand ({reason}): {who_took}", reason=why, who_took=who_took))
        chips = tuple(
            (name(s), entry.shots[s] if unit == "shots" else entry.chips[s],
             entry.shot_totals[s] if unit == "shots" else entry.totals[s])
            for s in range(self.match.n)
        )
        if entry.pushed and entry.winner is not None:  # VAR-PUSH
            steps.append(push_done(name(entry.winner), entry.pushed, entry.pushes + 1, unit, self.settings.lang))
        for part, vec in entry.parts.items():
            if part not in ("hand",) and any(vec):
                steps.append(f"{_part_words(part, w)}: " + ", ".join(f"{name(s)} {v:+d}" for s, v in enumerate(vec) if v))
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

    def _prompt_of(self, stage: str, question: str, choices: tuple[Choice, ...], info: Iterable[str] = ()) -> Prompt:
        return Prompt(stage, question, choices, tuple(info), self.settings.lang)

    def _item(self, item: str) -> str:
        """A scoring item's name (``godori``) as the person reads it in a mark: the record's
        name in English unless it names a card (``3 brights incl. 12B`` is said ``3 brights incl.
        the rain man``, as the hints say it)."""
        if self.settings.lang == "en" and not re.search(r"\b\d\d[BARDJ]\d?\b", item):
            return item
        return item_name(item, self.settings.lang)

    def _action_words(self, a: Any) -> str:
        """An action in the person's words, its cards named (``play plum ribbon``; English:
        an action without cards is its text, ``go``)."""
        lang = self.settings.lang
        w = self.words
        kind = getattr(a, "kind", "")
        cards = getattr(a, "cards", ())
        if kind == "play" and cards:
            return w.t("play {card}", card=card_list(cards, lang))
        if kind == "pick" and cards:
            return w.t("take {card}", card=card_list(cards, lang))
        if kind == "surrender" and cards:
            return w.t("give up {cards}", cards=card_list(cards, lang))
        if kind == "reveal" and cards:
            return w.t("reveal joker {card}", card=card_list(cards[:1], lang))
        if lang == "en":
            return str(a)
        obs = self.observation()
        if isinstance(a, Action) and obs is not None and kind in ("bomb", "grenade", "skip", "shake", "show-quad",
                                                                  "reveal", "offer-shodang"):
            return self._action_label(a, obs)
        words = {"go": w.t("go"), "stop": w.t("stop"), "accept": w.t("accept"), "refuse": w.t("refuse"),
                 "yell": w.t("yell"), "no-yell": w.t("stay quiet"), "chongtong": w.t("declare chongtong"),
                 "continue": w.t("keep the four and play on")}
        return words.get(kind, str(a))

    def _build_prompt(self) -> Prompt:
        m = self.match
        w = self.words
        lang = w.lang
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
            shown = card_list([card], lang) if card else ""
            if stage == "pick-hand":
                question = w.t("Your card {card} matches two cards on the table: which do you take?", card=shown)
            else:
                question = w.t("The stock card {card} matches two cards on the table: which do you take?", card=shown)
            return self._prompt_of(
                stage,
                question,
                _keyed(legal, lambda a: self.card_label(parse_card(a.cards[0])), numbered=True),
            )
        if stage == "surrender":
            debt = obs.debt or {}
            hs = self.match.hand_seats
            creditor = self.name(hs[debt["creditor"]]) if isinstance(debt.get("creditor"), int) else "?"
            need = debt.get("junk", 1)
            return self._prompt_of(
                stage,
                w.t("You owe {creditor} {need} junk for the {event}: which do you give?", creditor=creditor, need=need,
                    event=debt_words(str(debt.get("for", "event")), lang)),
                self._surrender_choices(legal),
                (junk_values_text(junk_values(self.rules), lang),),
            )
        if stage == "go-stop":
            return self._go_stop_prompt(obs, legal)
        if stage == "answer-shodang":
            offerer = next((e.seat for e in reversed(obs.history) if e.type == "offer-shodang"), None)
            who = self.name(m.hand_seats[offerer]) if offerer is not None else w.t("A player")
            answers = {"accept": w.t("accept: end the hand"), "refuse": w.t("refuse: play on")}
            factor = nagari_stakes(self.rules, m.carry + 1)  # MATCH-5, the MATCH-8 cap
            if factor > 2:
                question = w.t("{who} offers shodang 쇼당: end this hand now as a nagari (no winner, stakes"
                               " x{factor} next hand)?", who=who, factor=factor)
            elif factor == 2:
                question = w.t("{who} offers shodang 쇼당: end this hand now as a nagari (no winner, stakes doubled"
                               " next hand)?", who=who)
            else:
                question = w.t("{who} offers shodang 쇼당: end this hand now as a nagari (no winner)?", who=who)
            return self._prompt_of(
                stage,
                question,
                _keyed(legal, lambda a: answers.get(a.kind, str(a))),
                (self._refusal_risk("you", offerer),),
            )
        if stage == "yell":
            yell, quiet = w.t("yell!"), w.t("stay quiet (take a shot)")
            return self._prompt_of(
                stage,
                w.t("An opponent made a ppuk on their first turn: shout!"),
                _keyed(legal, lambda a: yell if a.kind == "yell" else quiet),
            )
        if stage == "chongtong":
            declare, keep = w.t("declare chongtong"), w.t("keep the four and play on")
            return self._prompt_of(
                stage,
                w.t("You hold all four cards of a month (chongtong 총통): declare it and win at once, or play on?"),
                _keyed(legal, lambda a: declare if a.kind == "chongtong" else keep),
                self._chongtong_info(obs),
            )
        return self._prompt_of(stage, w.t("Decide ({stage}):", stage=stage), _keyed(legal, str))

    def _chongtong_info(self, obs: Observation) -> tuple[str, ...]:
        """What each answer to the chongtong question does (DEAL-7 ``optional``): the four
        cards named, what declaring is paid (PAY-16: the nagari carry too), and what the kept
        four may still do (SHAKE-5: shown later, a shake)."""
        w = self.words
        r = self.rules
        months = sorted({c.month for c in obs.hand if c.month and sum(d.month == c.month for d in obs.hand) == 4})
        pay = r.chongtong_payment
        amount = r.stop_target(obs.players) if pay == "target" else int(pay)
        if r.fixed_wins_carry:
            amount *= nagari_stakes(r, obs.nagari_before)
        info = []
        for month in months[:1]:  # a player with two quads declares once and is paid once
            info.append(w.t("Declare: you show your four cards of {month} and win this hand now; each opponent pays "
                            "{amount}.", month=_month_name(month, w), amount=amount_words(w, amount, r.payment_unit)))
        mult = r.heundeum_nov_dec_multiplier if months and months[0] in (11, 12) else r.heundeum_multiplier
        if mult == 1 or r.payment_unit == "shots":
            info.append(w.t("Play on: the four stay in your hand, and the hand is played out as usual."))
        else:
            info.append(w.t("Play on: the four stay in your hand; shown on a later turn they count as shaking 흔들기 "
                            "(if you then win, payment x{m}).", m=mult))
        return tuple(info)

    def _surrender_choices(self, legal: list[Any]) -> tuple[Choice, ...]:
        """One choice per distinct way to pay a junk debt (DEC-14, EVT-7), each card named as
        every card choice names it (:meth:`card_label`).

        Ways that differ only by copies of one card are one choice (the first is given): the
        copies of a joker type (``JK1``, ``JK1-2``...), and the two junk cards of one month
        (``01J1``, ``01J2``). No rule tells such cards apart once captured: they have the same
        kind, month and junk value, and the rules that read particular cards read months
        (VAR-WEOLYAK-FIRST, VAR-WEOLYAK-MONTH, VAR-MISSION) or 11D and 12D (VAR-VIP), which
        have no copy. Cards of different months stay apart."""
        w = self.words
        lang = w.lang
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
                if len(cards) == 1:
                    more = " " + w.t("(any of your {n})", n=len(same))
                else:
                    more = " " + w.n("(or the other one alike)", "(or any of the {n} others alike)", len(same) - 1)
            if len(cards) == 1:
                card = cards[0]
                label = self.card_label(_first_copy(card)) + more
                choices.append(Choice(key, label, str(first), card=card))
            else:
                if lang == "en":
                    label = " + ".join(f"{c.code} {self.card_label(_first_copy(c))}" for c in cards) + more
                else:  # named by their names alone (no card is drawn beside the choice)
                    label = " + ".join(card_list([_first_copy(c)], lang) for c in cards) + more
                choices.append(Choice(key, label, str(first)))
        return tuple(choices)

    def _main_prompt(self, obs: Observation, legal: list[Any]) -> Prompt:
        me = obs.seat
        w = self.words
        lang = w.lang
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
        # ... or when a card left on the table is of the month of the card an opponent's set
        # lacks, which nobody has shown: with it from their hand they take both, score the set and
        # may stop (a card left for a cho-dan two ribbons along warned of nothing, then cost both
        # losers' share).
        set_months = {ns.missing.month for ns in (near_sets(self.rules, obs) if oe_risk else ())
                      if ns.seat != me and (ns.where == "unseen" or ns.where == "shown" and ns.holder == ns.seat)
                      and obs.stop_points[ns.seat] + ns.points >= goal}
        last_card = len(obs.hand) == 1 and self.rules.oe_myeon_exceptions  # LIAB-5 (b)
        oe_cards: list[Card] = []
        for card in obs.hand:
            action = f"play {card.code}"
            if action not in legal_text:
                continue
            key = next(card_keys, None) or _free_key(used, "")
            used.add(key)
            pv = hand.preview(action)  # public facts and the person's own hand only
            keys: list[str] = []  # the marks for code (English), and as shown
            marks: list[str] = []
            if pv.captures:
                keys.append("captures")
                marks.append(w.t("captures"))
            if card.month in bomb_months:
                keys.append("bomb")
                marks.append(w.t("bomb"))
            if card.month in declared:
                keys.append("shaken")
                marks.append(w.t("shaken"))
            if pv.completes:
                keys.append("completes " + pv.completes[0])
                marks.append(w.t("completes {item}", item=self._item(pv.completes[0])))
            for seat, item in pv.feeds_sets[:1]:
                fed = self.match.hand_seats[seat]
                keys.append(f"feeds {self.match.names[fed]} ({item})")
                marks.append(w.t("feeds {who} ({item})", who=self.name(fed), item=self._item(item)))
            if (oe_risk and pv.kind == "none" and pv.feeds and not last_card
                    and (near_stop or pv.feeds_sets or card.month in set_months)):
                keys.append("oe-myeon risk")
                marks.append(w.t("oe-myeon risk"))
                oe_cards.append(card)
            detail = _preview_text(pv, w)
            brief = _preview_brief(pv, w)
            cost = cost_brief = ""
            if pv.kind == "joker":  # GOO-10: what playing a joker from hand costs
                cost = _joker_shot_words(self.rules, obs.players, w)
                cost_brief = _joker_shot_words(self.rules, obs.players, w, brief=True)
                detail += cost
            junk = pv.steals
            if junk:  # EVT-4 .. EVT-6 (the engine's preview): a stack taken takes junk from each opponent too
                # (EVT-7: an opponent with no junk gives none; GOO-12: takes a shot instead)
                broke = [self.name(self.match.hand_seats[o]) for o in pv.no_junk]
                payers = [self.name(self.match.hand_seats[o]) for o in range(obs.players)
                          if o != obs.seat and o not in pv.no_junk]
                shot = self.rules.no_junk_shot
                detail += stack_junk_words(junk, obs.players, w.lang, payers, broke, shot)
                brief = stack_junk_brief(junk, obs.players, w.lang, payers, shot)
            choices.append(Choice(key, self.card_label(card), action, detail, card, tuple(marks),
                                  tuple(keys), brief, cost, cost_brief))
        for a in legal:
            if a.kind == "play":
                continue
            key = _free_key(used, _PREFERRED.get(a.kind, ""))
            used.add(key)
            choices.append(Choice(key, self._action_label(a, obs), str(a), self._action_detail(a, obs)))
        info: list[str] = []
        if self.rules.heundeum_must_play:  # SHAKE-3: why only the three shaken cards are offered
            for ev in self._turn_events:
                he = ev.hand_event
                if he is not None and he.type == "shake" and ev.seat == self.human:
                    info.append(w.t("You shook {month}: now play one of its three cards.",
                                    month=_month_name(int(he.data["month"]), w)))
        target = self.rules.stop_target(obs.players)
        points = obs.stop_points[me]
        if obs.goes[me] and self.rules.go_decision_trigger == "above_last_go":  # GOSTOP-2: not the target now
            info.append(w.n("You have {n} point; after your go, stopping needs more than {last}.",
                            "You have {n} points; after your go, stopping needs more than {last}.", points,
                            last=max(obs.last_go_points[me], target - 1)))
        elif obs.goes[me]:
            info.append(w.n("You have {n} point; after your go you are asked again when a scoring set forms or "
                            "improves.",
                            "You have {n} points; after your go you are asked again when a scoring set forms or "
                            "improves.", points))
        elif points:
            info.append(w.n("You have {n} point; {target} are needed to stop.",
                            "You have {n} points; {target} are needed to stop.", points, target=target))
        else:
            info.append(w.t("You have no points; {target} are needed to stop.", target=target))
        if obs.goes[me]:
            goes = obs.goes[me]
            if goes == 1:
                info.append(w.t("You said go once."))
            elif goes == 2:
                info.append(w.t("You said go twice."))
            else:
                info.append(w.t("You said go {n} times.", n=goes))
        if oe_risk and not last_card:  # LIAB-4 (B): a capture passed up that would win an opponent the hand
            for ns in near_sets(self.rules, obs):
                mine = [c for c in obs.hand if c.month == ns.missing.month and f"play {c.code}" in legal_text]
                if (ns.seat == me or ns.where != "the table" or not mine
                        or obs.stop_points[ns.seat] + ns.points < goal):
                    continue
                info.append(w.t(
                    "<oe-myeon risk> {card} on the table would give {who} {item}: if you leave it (your {mine} "
                    "takes it) and {who} takes it and stops on their next turn, you pay for both losers "
                    "(oe-myeon 외면).",  # LIAB-4 (B)
                    card=card_list([ns.missing], lang), who=self.name(self.match.hand_seats[ns.seat]),
                    item=self._item(ns.name), mine=card_list(mine[:1], lang)))
                break
        if oe_cards:
            a, b = (self.name(self.match.hand_seats[(me + k) % obs.players]) for k in (1, 2))
            shown = " / ".join(card_list([c], lang) for c in oe_cards)
            info.append(w.t(
                "<oe-myeon risk> if {first} or {second} takes {cards} from the table and stops on their next turn, "
                "you pay for both losers (oe-myeon 외면).",  # LIAB-4
                first=a, second=b, cards=shown,
            ))
        return self._prompt_of("main", w.t("Your turn: play a card."), tuple(choices), info)

    def _oe_myeon_applies(self, obs: Observation) -> bool:
        """LIAB-1 / LIAB-4: oe-myeon can make this seat pay for both losers in this hand (never in a
        game played for shots, PAY-2, which has no liability)."""
        r = self.rules
        return obs.players == 3 and r.dok_bak and r.oe_myeon and r.payment_unit == "chips"

    def _refusal_risk(self, refuser: str, offerer: int | None) -> str:
        """What refusing a shodang offer risks, in the words of LIAB-10 (``refuser`` is
        ``"you"`` or a name; ``offerer`` the offerer's hand seat)."""
        w = self.words
        m = self.match
        hand = m.hand
        you = refuser == "you"
        if not self.rules.dok_bak or self.rules.payment_unit == "shots":  # LIAB-1; PAY-2: no liability
            return w.t("A refusal costs nothing extra at this table (no dok-bak): each loser pays their own share.")
        if self.rules.shodang_window == "rest_of_hand":  # LIAB-10
            if you:
                return w.t("If anyone else wins later in this hand, you pay for both losers (shodang refusal); "
                           "if you win, each loser pays their own.")
            return w.t("If anyone else wins later in this hand, {who} pays for both losers (shodang refusal); "
                       "if {who} wins, each loser pays their own.", who=refuser)
        first = w.t("the offerer wins on this turn")
        second = w.t("the third player wins on their next turn")
        if offerer is not None and hand is not None:
            me = self.name(self.human) if you else refuser
            seats = [m.hand_seats[s] for s in range(hand.players)]
            off = m.hand_seats[offerer]
            if off == self.human:
                first = w.t("you win on this turn")
            else:
                first = w.t("{who} wins on this turn", who=self.name(off))
            rest = [ts for ts in seats if ts != off and self.name(ts) != me]
            if rest:
                if rest[0] == self.human:
                    second = w.t("you win on your next turn")
                else:
                    second = w.t("{who} wins on their next turn", who=self.name(rest[0]))
        if you:  # LIAB-10
            return w.t("If {first} or {second}, you pay for both losers (shodang refusal); after that the refusal "
                       "expires.", first=first, second=second)
        return w.t("If {first} or {second}, {who} pays for both losers (shodang refusal); after that the refusal "
                   "expires.", first=first, second=second, who=refuser)

    def _action_label(self, a: Action, obs: Observation) -> str:
        w = self.words
        k = a.kind
        if k == "bomb":
            return w.t("bomb 폭탄 {month}", month=_month_name(a.month, w))
        if k == "grenade":
            return w.t("grenade {month}", month=_month_name(a.month, w))
        if k == "skip":
            return w.t("stock-only turn (skip)")
        if k == "shake":
            return w.t("shake 흔들기 {month}", month=_month_name(a.month, w))
        if k == "show-quad":
            return w.t("show your quad of {month}", month=_month_name(a.month, w))
        if k == "reveal":
            return w.t("reveal joker {card}", card=choice_cards(a.cards[:1], w.lang))
        if k == "offer-shodang":
            return w.t("offer shodang 쇼당")
        return str(a)

    def _action_detail(self, a: Action, obs: Observation) -> str:
        w = self.words
        k = a.kind
        r = self.rules
        if k == "bomb":
            comp = w.t("2 stock-only turns later") if r.bomb_compensation == "skip_two" else w.t("3 stock cards this turn")
            if r.bomb_multiplier != 1 and r.payment_unit == "chips":  # PAY-5 (shots: PAY-2)
                return w.t("play your three, take all four of the month ({comp}, payments x{m})", comp=comp,
                           m=r.bomb_multiplier)
            return w.t("play your three, take all four of the month ({comp})", comp=comp)
        if k == "grenade":
            return w.t("play your two onto the two on the table, take all four")
        if k == "skip":
            return w.t("play no card, only turn the stock ({n} left)", n=obs.skip_allowance[obs.seat])
        if k == "shake":
            mult = r.heundeum_nov_dec_multiplier if a.month in (11, 12) else r.heundeum_multiplier
            if r.heundeum_must_play:  # SHAKE-3: the card played this turn is one of the three
                if mult == 1 or r.payment_unit == "shots":
                    text = w.t("show your three (it changes no payment); then play one of them")
                else:
                    text = w.t("show your three; if you win, payment x{m}; then play one of them", m=mult)
            elif mult == 1 or r.payment_unit == "shots":  # SHAKE-2; PAY-2: shots are never multiplied
                text = w.t("show your three (it changes no payment); then play as usual")
            else:
                text = w.t("show your three; if you win, payment x{m}; then play as usual", m=mult)
            if r.bomb_allowed and not r.bomb_after_heundeum:
                text += w.t("; you can no longer bomb {month} with these three", month=_month_name(a.month, w))
            return text
        if k == "show-quad":  # SHAKE-5: one heundeum declaration (SHAKE-2's multiplier)
            mult = r.heundeum_nov_dec_multiplier if a.month in (11, 12) else r.heundeum_multiplier
            if mult == 1 or r.payment_unit == "shots":
                return w.t("counts as shaking 흔들기 (it changes no payment)")
            return w.t("counts as shaking 흔들기: if you win, payment x{m}", m=mult)
        if k == "reveal":  # revealing is playing the joker from hand (GOO-10's reading)
            return (w.t("the joker goes to your captures; you draw a replacement")
                    + _joker_shot_words(r, obs.players, w))
        if k == "offer-shodang":
            return w.t("show your hand and offer to end the hand as a nagari")
        return ""

    def _go_stop_prompt(self, obs: Observation, legal: list[Any]) -> Prompt:
        me = obs.seat
        w = self.words
        lang = w.lang
        hand = self.match.hand
        assert hand is not None
        info: list[str] = []
        sp = hand.stop_preview()  # public facts only
        settlement = sp.settlement
        opponents = [self.name(self.match.hand_seats[s]) for s, _amount in sp.payments]
        if sp.unit == "shots":  # PAY-2, GOO-1: nobody wins shots; the opponents take them
            info.append(w.t("Stop now: the others take {amount} in all.", amount=amount_words(w, sp.total, sp.unit)))
        else:
            info.append(w.t("Stop now: you win {amount}.", amount=amount_words(w, sp.total, sp.unit)))
        for line in settlement_lines(settlement, opponents, obs.goes[me], you=self.name(self.human), lang=lang,
                                     flex_junk_value=self.rules.flex_junk_value):
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
                no_turn_left=no_turn_left, lang=lang, nagari_before=obs.nagari_before,
            )
        )
        if not last and not no_turn_left:
            held = obs.hand_sizes[me]
            cards = w.n("{n} card", "{n} cards", held) if held else w.t("no cards")
            stock = w.n("{n} card", "{n} cards", obs.stock_size) if obs.stock_size else w.t("no cards")
            skips = obs.skip_allowance[me]
            if skips:
                turns = w.n("{n} stock-only turn", "{n} stock-only turns", skips)
                info.append(w.t("You hold {cards} and {turns}; the stock has {stock}.", cards=cards, turns=turns,
                                stock=stock))
            else:
                info.append(w.t("You hold {cards}; the stock has {stock}.", cards=cards, stock=stock))
        unit = settlement.unit if settlement is not None else "chips"
        worth = amount_words(w, total, unit)
        labels = {
            "stop": w.t("stop: the others take {amount} now", amount=worth) if unit == "shots"
            else w.t("stop: win {amount} now", amount=worth),
            "last": w.t("go: the hand ends as a nagari -- you give up a stop worth {amount}", amount=worth),
            "no-turn": w.t("go: you can no longer win this hand"),
            "go": w.t("go: play on for more"),
        }

        def label(a: Any) -> str:
            if a.kind != "go":
                return labels["stop"]
            if last:
                return labels["last"]
            if no_turn_left:
                return labels["no-turn"]
            return labels["go"]

        return self._prompt_of(
            "go-stop",
            w.t("You have {n} points. GO 고 or STOP 스톱?", n=obs.stop_points[me]),
            _keyed(legal, label),
            info,
        )

    def _table_prompt(self, legal: list[Any]) -> Prompt:
        m = self.match
        w = self.words
        lang = w.lang
        phase = m.phase
        if phase == "cut":
            half = m.deck_size // 2
            choices = (
                Choice("n", w.t("no cut"), "no-cut", w.t("deal as shuffled")),
                Choice("c", w.t("cut the deck at {n}", n=half), f"cut {half}",
                       w.t("move the top half to the bottom (or type: cut N)")),
            )
            return self._prompt_of("cut", w.t("Cut the deck before the deal?"), choices)
        if phase == "drop":
            cards = tuple(sorted(m.dealt_cards(self.human), key=lambda c: parse_card(c).sort_key))
            answers = {"stay": w.t("stay: play this hand"), "drop": w.t("drop: sit it out (no compensation)")}
            return self._prompt_of(
                "drop",
                w.t("Gwangpalli 광팔이: you are dealt {cards}. Stay in this hand or drop out?",
                    cards=card_list(cards, lang)),
                _keyed(legal, lambda a: answers[a.kind]),
                (w.t("Three play each hand. Players forced out (not those who drop) may claim compensation "
                     "for brights, double junk, the flex card and jokers."),),
            )
        if phase == "claim":
            cards = m.dealt_cards(self.human)
            paid = eligible_cards(self.rules, cards, m.n)
            one = compensation_amount(self.rules, cards, m.n)
            two = compensation_amount(self.rules, cards, m.n, show_triple=True) if has_triple(cards) else one
            unit = self.rules.payment_unit  # GWANG-6 in chips, or shots taken by the payers
            claims = {
                # named, not coded: no card of the forced-out hand is drawn on the screen
                "claim": w.t("claim {amount} from each payer for {cards}", amount=amount_words(w, one, unit),
                             cards=card_list(sorted(paid, key=lambda c: parse_card(c).sort_key), lang)),
                "claim-triple": w.t("claim and show a triple: {amount}", amount=amount_words(w, two, unit)),
            }
            no_claim = w.t("no claim")
            if self.rules.compensation_timing == "end_by_losers":  # GWANG-7: who the payers are
                payers = w.t("paid after the hand by each of its two losers (after a nagari, doubled by the losers of"
                             " the next hand with a winner)")
            else:
                payers = w.t("paid at once by each of the two players in the hand other than the dealer")
            return self._prompt_of(
                "claim",
                w.t("You were forced out of this hand. Claim compensation?"),
                _keyed(legal, lambda a: claims.get(a.kind, no_claim)),
                (w.t("The compensation is {payers}.", payers=payers),),
            )
        if phase == "push":  # VAR-PUSH: the winner pushes or collects
            unit = "shots" if m.shots_unit else "chips"
            stake, pushes = m.push_stake, m.pushes
            factor = 1 << (pushes + 1)
            # what each answer does and costs: a push doubles the next hand *whoever* wins it
            return self._prompt_of(
                "push",
                push_question(stake, pushes, self.rules.push_limit, unit, lang),
                _keyed(legal, lambda a: push_choice(a.kind, stake, pushes, unit, lang)),
                (
                    w.t("Push: you are paid nothing now, and the next hand with a winner pays {factor} times, "
                        "whoever wins it: if you lose it, you pay {factor} times.", factor=factor),
                    w.t("Collect: you are paid {amount} now, and the next hand pays as usual.",
                        amount=amount_words(w, stake, unit)),
                ),
            )
        if phase == "list":
            return self._prompt_of(
                "list",
                w.t("You head the list (goo-stupe): who comes next?"),
                _keyed(legal, lambda a: w.t("put {who} next", who=self.name(a.value)), numbered=True),
            )
        return self._prompt_of(phase, w.t("Decide ({stage}):", stage=phase), _keyed(legal, str))


def _part_words(part: str, w: Catalog) -> str:
    """A part of the ledger of a deal other than the hand itself, in words."""
    words = {"compensation": w.t("Gwangpalli compensation"), "pot": w.t("The boar pot"), "boar": w.t("The boar pot")}
    return words.get(part, part)


#: The events of a turn its line says after what was taken (a ppuk, a chok...), in the order
#: they happen; a first-turn ppuk, a ppuk again and a third ppuk say which ppuk it was.
_TURN_SPECIALS = ("ppuk", "first-turn-ppuk", "ppuk-streak", "three-ppuk", "chok", "ttadak", "sseul",
                  "stack-capture", "ja-ppuk")


def _special_words(kind: str, w: Catalog, short: bool = False) -> str:
    """A special event of a turn as its line calls it out, after a dash that ends the cards the
    turn took (``... took pine junk — sseul 싹쓸이 (swept the table)``): said as an event, never
    as if it were one more card taken (``took pine junk, sseul``). ``short``: without the words
    in brackets (a tight screen)."""
    words = {
        "ppuk": w.t("ppuk 뻑 (the three stay as a stack)"),
        "first-turn-ppuk": w.t("first-turn ppuk 첫뻑"),
        "ppuk-streak": w.t("ppuk again 연뻑"),
        "three-ppuk": w.t("third ppuk 삼뻑"),
        "chok": w.t("chok 쪽 (took the card just laid down)"),
        "ttadak": w.t("ttadak 따닥 (all four of the month)"),
        "sseul": w.t("sseul 싹쓸이 (swept the table)"),
        "stack-capture": w.t("took a ppuk stack"),
        "ja-ppuk": w.t("ja-ppuk 자뻑 (took back own stack)"),
    }
    text = words.get(kind, kind)
    return text.split(" (", 1)[0] if short else text


def _paid_words(paid: dict[int, tuple[int, str]], w: Catalog) -> str:
    """What the opponents paid the mover during the turn (a first-turn ppuk's chips...)."""
    amounts = {a for a, _u in paid.values()}
    unit = next(iter(paid.values()))[1]
    if unit == "shots":  # paid in shots: the payers take them
        if len(paid) > 1 and len(amounts) == 1:
            return w.t("each opponent takes {amount}", amount=amount_words(w, amounts.pop(), unit))
        return w.t("opponents take {amount}", amount=amount_words(w, sum(a for a, _u in paid.values()), unit))
    if len(paid) > 1 and len(amounts) == 1:
        return w.t("got {amount} from each", amount=amount_words(w, amounts.pop(), unit))
    return w.t("got {amount}", amount=amount_words(w, sum(a for a, _u in paid.values()), unit))


def _month_of(code: str) -> int:
    """The month of a card's code (0: a joker, or a code that names no card)."""
    try:
        return parse_card(code).month
    except ValueError:
        return 0


def _bot_move(
    seat: int,
    who: str,
    events: list[MatchEvent],
    w: Catalog,
    picking: bool = False,
    hand_seats: Sequence[int] | None = None,
    named: Callable[[int], str] | None = None,
    table: Collection[str] | None = None,
) -> BotMove | None:
    """What a bot's action played and took (None when no card moved: a go, a stay...), and
    what happened on the way: a bomb, a ppuk, a chok, a ttadak, a sweep, the chips it was paid.
    ``picking``: the seat must still choose which card it takes (nothing is said about what
    it took, it is not known yet). ``hand_seats``: the table seats of the hand's seats (the
    seats inside the events' data; None: the same numbers). ``named``: a table seat's name
    inside a sentence (``you`` / ``나``), for whom junk was stolen from. ``table``: the codes of
    the table's cards before a bomb or a grenade of the turn (its event names the hand's cards and
    the table's together): the line says which were played onto which (BOMB-1, VAR-GRENADE);
    None: the line names no played card (it does not say four were played)."""
    shook: list[str] = []  # the three cards of a month shown by a shake (SHAKE-1), first said
    played: list[str] = []
    flipped: list[str] = []
    taken: list[str] = []
    stolen: dict[Any, list[str]] = {}  # victim's table seat -> junk it handed over (EVT-7)
    specials: list[str] = []
    paid: dict[int, tuple[int, str]] = {}  # payer -> (amount, unit) paid to the seat this turn
    shots: dict[Any, int] = {}  # table seat -> shots it took during the turn (GOO-10, GOO-12...)
    goes: Any = None
    blast = ""  # "bomb" / "grenade": the played cards were a bomb, not one card played
    skipped = False  # a stock-only turn (TURN-3 d, after a bomb: BOMB-3): no card played

    def table_seat(hand_seat: Any) -> Any:
        if hand_seats is not None and isinstance(hand_seat, int) and 0 <= hand_seat < len(hand_seats):
            return hand_seats[hand_seat]
        return hand_seat

    for ev in events:
        he = ev.hand_event
        if ev.type != "hand" or he is None:
            continue
        codes = [c.code if isinstance(c, Card) else str(c) for c in he.cards]
        if he.type == "surrender" and table_seat(he.data.get("to")) == seat:
            # junk handed over to the seat (a steal: ttadak, sseul, a joker...; EVT-7): said apart
            # from what the seat's cards took, with whom it came from (it left their captures)
            got = stolen.setdefault(ev.seat, [])
            got.extend(c for c in codes if c not in got)
            continue
        if he.type == "payment" and table_seat(he.data.get("to")) == seat and ev.seat is not None:
            amount, unit = paid.get(ev.seat, (0, str(he.data.get("unit", "chips"))))
            paid[ev.seat] = (amount + int(he.data.get("amount") or 0), unit)
            continue
        if he.type == "shot":  # GOO-10/12/13/14: whoever drinks, the mover or the others
            shots[ev.seat] = shots.get(ev.seat, 0) + int(he.data.get("n") or 0)
            continue
        if ev.seat != seat:
            continue
        if he.type in _TURN_SPECIALS:
            if he.type in ("first-turn-ppuk", "ppuk-streak", "three-ppuk") and "ppuk" in specials:
                specials[specials.index("ppuk")] = he.type  # which ppuk it was
            elif he.type not in specials:
                specials.append(he.type)
            continue
        if he.type == "skip":
            skipped = True
        elif he.type == "shake":
            shook.extend(c for c in codes if c not in shook)
        elif he.type in ("play", "bomb", "grenade"):
            played.extend(c for c in codes if c not in played)
            if he.type != "play":  # the three hand cards and the table's fourth, all at once
                blast = he.type
        elif he.type in ("flip", "substitute"):
            flipped.extend(c for c in codes if c not in flipped)
        elif he.type in ("capture", "pick", "reveal"):  # a revealed joker goes to the captures (JOKER-4)
            taken.extend(c for c in codes if c not in taken)
        elif he.type == "go":
            goes = he.data.get("goes")
    if not played and not taken and not flipped and not stolen:
        return None
    lang = w.lang
    # what was taken, month by month as the cards were played and turned ("played willow / rain
    # ribbon, turned pampas grass junk, took willow / rain bright, willow / rain ribbon, pampas
    # grass bright, pampas grass junk"), not in the order the captures were recorded (the pick
    # of one of two cards first: "took rain bright, pampas grass bright, pampas grass junk, rain
    # ribbon")
    order = list(dict.fromkeys(_month_of(c) for c in played + flipped))
    taken.sort(key=lambda c: order.index(_month_of(c)) if _month_of(c) in order else len(order))

    def told(counted: bool) -> str:
        parts: list[str] = []  # the first part names the player

        def said(first: str, then: str) -> None:
            parts.append(then if parts else first)

        def shown(cards: list[str]) -> str:
            if counted and len(cards) > 1:
                return w.n("{n} card", "{n} cards", len(cards))
            return card_list(cards, lang)

        if shook:  # the log says "... shakes (heundeum 흔들기): ... shown": the line too
            said(w.t("{who} shook {cards}", who=who, cards=shown(shook)), w.t("shook {cards}", cards=shown(shook)))
        # BOMB-1 (three from the hand onto the table's fourth), VAR-GRENADE (two onto two); the
        # log says "BOMB 폭탄! ...": the line says it too, and which cards came from the hand
        from_hand = [c for c in played if table is not None and c not in table]
        onto = [c for c in played if table is not None and c in table]
        if played and blast and from_hand and onto:
            f = {"cards": shown(from_hand), "onto": card_list(onto, lang) if len(onto) == 1 else shown(onto)}
            if blast == "bomb":
                said(w.t("{who} bombed with {cards} onto {onto}", who=who, **f),
                     w.t("bombed with {cards} onto {onto}", **f))
            else:
                said(w.t("{who} threw a grenade of {cards} onto {onto}", who=who, **f),
                     w.t("threw a grenade of {cards} onto {onto}", **f))
        elif played and blast == "bomb":  # which card was the table's is not known: none named
            said(w.t("{who} bombed", who=who), w.t("bombed"))
        elif played and blast == "grenade":
            said(w.t("{who} threw a grenade", who=who), w.t("threw a grenade"))
        elif played:
            said(w.t("{who} played {cards}", who=who, cards=shown(played)), w.t("played {cards}", cards=shown(played)))
        if skipped and not played:  # "Minji turned pine junk" did not say that no card was played
            said(w.t("{who} played no card (a stock-only turn)", who=who), w.t("played no card (a stock-only turn)"))
        if flipped:
            said(w.t("{who} turned {cards}", who=who, cards=shown(flipped)), w.t("turned {cards}", cards=shown(flipped)))
        if taken:
            said(w.t("{who} took {cards}", who=who, cards=shown(taken)), w.t("took {cards}", cards=shown(taken)))
        if picking:
            parts.append(w.t("now choosing which card to take"))
        elif not taken:
            parts.append(w.t("took nothing"))
        called = len(parts)  # where the call-outs begin: after a dash, not in the list of cards
        parts.extend(_special_words(kind, w, short=counted) for kind in specials)  # the log says "PPUK 뻑! ..."
        for victim, cards in stolen.items():  # after the chok / sseul / joker that made it
            if named is None or not isinstance(victim, int):
                parts.append(w.t("stole {cards}", cards=shown(cards)))
            else:
                parts.append(w.t("stole {cards} from {whom}", cards=shown(cards), whom=named(victim)))
        if paid:
            parts.append(_paid_words(paid, w))
        if goes is not None:  # the turn ended in a go: the line says it (the log says "GO 고! ...")
            parts.append(w.t("said go #{goes}", goes=goes))
        # the shots were taken silently: "shots +1" beside a name and no word why (GOO-10...);
        # the short form leaves them to the totals beside the names (a tight screen)
        takers = ", ".join(f"{named(s) if named is not None and isinstance(s, int) else s} {n}" for s, n in shots.items())
        drank = [w.t("shots taken: {list}", list=takers)] if shots and not counted else []
        if specials:
            return ", ".join(parts[:called]) + " — " + ", ".join([*parts[called:], *drank])
        return ", ".join(parts) + "".join(" — " + d for d in drank)

    steals = [c for cards in stolen.values() for c in cards]
    return BotMove(seat, told(False), tuple(dict.fromkeys(played + flipped + taken + steals)), told(True))


def shot_rule_words(reason: str, rules: Rules, w: Catalog) -> str:
    """The rule that made a player take a shot for ``reason`` (a shot event's), in plain words
    for a player who has never heard of it ("" for a reason the hand's summary explains: a
    nagari, chongtong, three ppuk)."""
    if reason == "joker" and rules.joker_shot == "hand_self_stock_opponents":  # GOO-10, X-33
        return w.t("Goo-stupe rule: a joker played from the hand makes its player take a shot (a drink); a joker "
                   "turned from the stock makes each opponent take one.")
    if reason == "joker":  # GOO-10
        return w.t("Goo-stupe rule: a joker played from the hand makes each opponent take a shot (a drink); a joker "
                   "turned from the stock makes its player take one.")
    if reason == "no-junk":  # GOO-12
        return w.t("Goo-stupe rule: a player who owes a junk card and has none takes a shot (a drink) instead.")
    if reason == "ja-ppuk":  # GOO-13
        return w.t("Goo-stupe rule: taking back your own ppuk stack (ja-ppuk 자뻑) makes each opponent take a shot "
                   "(a drink) and give you two junk cards.")
    if reason == "yell":  # GOO-14
        return w.t("Goo-stupe rule: after a ppuk on someone's first turn, each opponent must shout at once; one who "
                   "stays quiet takes a shot (a drink).")
    return ""


def _joker_shot_words(rules: Rules, players: int, w: Catalog, brief: bool = False) -> str:
    """GOO-10 (``joker_shot``): who takes a shot when a joker is played from hand, as a clause
    to add to what the joker does (``""`` at a table where jokers cost no shot); ``brief``: its
    short form, for a narrow column (:attr:`Choice.cost_brief`)."""
    if rules.joker_shot == "hand_opponents_stock_self":
        if players == 2:
            return w.t("; opponent: 1 shot") if brief else w.t("; your opponent takes a shot")
        return w.t("; each opponent: 1 shot") if brief else w.t("; each opponent takes a shot")
    if rules.joker_shot == "hand_self_stock_opponents":
        return w.t("; you: 1 shot") if brief else w.t("; you take a shot")
    return ""


def _preview_brief(pv: Preview, w: Catalog) -> str:
    """What a card would do in the fewest words, from the same preview (:attr:`Choice.brief`):
    a choice between cards on the table, the one deed whose full words name two or more cards
    and run past a narrow column (a Korean one at 80 columns dropped it for the card's name)."""
    if pv.kind == "choice" and len(pv.matches) > 1:
        return w.n("takes one of {n}?", "takes one of {n}?", len(pv.matches))
    return ""


def _preview_text(pv: Preview, w: Catalog) -> str:
    """What a card would do, in a few words (from the engine's preview): in the choice list,
    its cards named as :func:`choice_cards` (codes in English, on the board beside it)."""
    lang = w.lang
    if pv.kind == "one":
        return w.t("takes {cards}", cards=choice_cards(pv.takes, lang) if pv.takes else "")
    if pv.kind == "choice":
        names = [choice_cards([c], lang) for c in pv.matches]
        if len(names) == 2 and names[0] == names[1]:  # two cards alike (two plain junk of a month)
            return w.t("takes one of the two {card}", card=names[0])
        if len(names) == 2:
            return w.t("takes {first} or {second} (you choose)", first=names[0], second=names[1])
        return w.t("takes {cards} (you choose)", cards=choice_cards(pv.matches, lang))
    if pv.kind == "stack":
        return w.t("takes the stack {cards}", cards=choice_cards(pv.takes, lang) if pv.takes else "")
    if pv.kind == "joker":
        return w.t("joker: to your captures, the top stock card is played instead")
    return w.t("no match: stays on the table")


def oe_myeon_card(hand: Hand, liable: int, winner: int | None) -> str | None:
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
    #: The saved settings and the hands played (a readable save): :meth:`said` in any language.
    settings: Settings | None = None
    played: int = 0
    #: Why the save cannot be read, as facts (:class:`~gostop.play.store.DamagedSave`): the
    #: problem in any language (:meth:`problem_said`).
    damage: DamagedSave | None = None

    def problem_said(self, lang: str) -> str:
        """Why the save cannot be read, in ``lang`` (:func:`damaged_save_said`); the English
        :attr:`problem` when its facts are unknown."""
        if self.damage is not None:
            return damaged_save_said(self.damage, lang)
        return self.problem or ""

    @property
    def readable(self) -> bool:
        return self.problem is None

    def said(self, lang: str) -> str:
        """The description in ``lang`` (the setup screen's language, which the person may
        change there): ``봇 1명 (어려움), 규칙 matgo, 3판, 시드 11; 2판 함``; :attr:`text` when
        the save cannot be read."""
        if self.settings is None:
            return self.text
        w = catalog(lang)
        described = self.settings.describe(lang)
        if self.played:
            return w.n("{settings}; {n} hand played", "{settings}; {n} hands played", self.played,
                       settings=described)
        # QA 16: a match saved in its first hand is resumed there ("no hands played" read as
        # if nothing would be resumed)
        return w.t("{settings}; saved in the first hand", settings=described)


def _saved_match(store: Store) -> tuple[Settings, dict[int, str], Match]:
    """The settings, the bots and the match (replayed) saved in ``store``. Raises
    :class:`~gostop.play.store.DamagedSave` naming the file and what is wrong with it when the
    save cannot be read or does not replay (a save of a newer gostop among others)."""
    record, data = store.load()
    path = store.save_path
    if data.get("format") != SESSION_FORMAT:
        raise DamagedSave(path, "its session part is not a gostop play session", ("not_session", {}))
    try:
        settings = Settings.from_json(data.get("settings", {}))
        bots = {int(k): str(v) for k, v in dict(data.get("bots", {})).items()}
    except (TypeError, ValueError, AttributeError) as exc:
        raise DamagedSave(path, f"its settings are damaged ({_clip(str(exc))})", ("settings", {})) from None
    try:
        match = replay_match(loads_match_record(json.dumps(record)))
    except Exception as exc:  # any failure to rebuild the match means the save is damaged
        raise DamagedSave(path, f"its match record does not replay ({_clip(str(exc))})", ("no_replay", {})) from None
    if len(match.names) != settings.players or any(not 1 <= s < settings.players for s in bots):
        raise DamagedSave(path, "its settings and its match record disagree", ("disagree", {}))
    return settings, bots, match


def saved_summary(store: Store, lang: str = "en") -> SavedMatch | None:
    """The match saved in ``store`` (None when there is none), described in ``lang``; an
    unreadable save says why (in English: the command line says it)."""
    if not store.has_saved():
        return None
    try:
        # replayed as a resume would (a few milliseconds): a save offered to resume resumes; one
        # of a newer gostop, or damaged inside, is said unreadable here, not when resumed (the
        # setup screen's Resume button crashed the game, the line mode stopped on an error line)
        settings, _bots, match = _saved_match(store)
        played = sum(1 for e in match.ledger.entries if e.hand is not None)
        saved = SavedMatch("", settings=settings, played=played)
        return SavedMatch(saved.said(lang), settings=settings, played=played)
    except DamagedSave as exc:
        return SavedMatch(str(exc), str(exc), damage=exc)
    except (TypeError, ValueError, AttributeError) as exc:
        damage = DamagedSave(store.save_path, f"its settings are damaged ({_clip(str(exc))})", ("settings", {}))
        return SavedMatch(str(damage), str(damage), damage=damage)


def damaged_save_said(exc: DamagedSave, lang: str = "en") -> str:
    """Why a save cannot be read (:class:`~gostop.play.store.DamagedSave`), in ``lang``: the
    file and what is wrong, from the facts of its ``reason``. English, or a reason without
    facts: the error's own message (which also names what Python said, for a bug report)."""
    if lang == "en" or exc.reason is None:
        return str(exc)
    w = catalog(lang)
    kind, f = exc.reason
    problems = {
        "not_utf8": lambda: w.t("it is not text (UTF-8)"),
        "empty": lambda: w.t("the file is empty"),
        "not_json": lambda: w.t("it is not valid JSON (line {line}, column {column})", line=f["line"], column=f["column"]),
        "not_save": lambda: w.t("it is not a gostop play save"),
        "no_record": lambda: w.t("it holds no match record"),
        "no_session": lambda: w.t("it holds no session data (players, bots, level)"),
        "not_object": lambda: w.t("it is not a JSON object"),
        "not_session": lambda: w.t("its session part is not a gostop play session"),
        "settings": lambda: w.t("its settings are damaged"),
        "no_replay": lambda: w.t("its match record does not replay (a save of a newer gostop, or damaged)"),
        "disagree": lambda: w.t("its settings and its match record disagree"),
    }
    if kind == "unreadable":
        code = f.get("errno")
        problem = _os_problem(OSError(code, f.get("reason", "")), w) if code else w.t("it cannot be read")
    elif kind in problems:
        problem = problems[kind]()
    else:
        return str(exc)
    return w.t("the saved match {path} cannot be read: {problem}", path=str(exc.path), problem=problem)


def _amount(n: int, unit: str) -> str:
    """``1 chip``, ``0 chips``, ``3 shots``: an amount of ``unit`` (``chips`` or ``shots``), in
    English (the settlement's English sentences are read with it)."""
    return f"{n} {unit.removesuffix('s') if n == 1 else unit}"


def _clip(text: str, limit: int = 160) -> str:
    """``text`` cut to ``limit`` characters (error messages never echo a whole record)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _os_problem(exc: OSError, w: Catalog) -> str:
    """Why a save failed, in words of ``w``'s language: the file (of a
    :class:`~gostop.play.store.SaveError`) and the system's reason."""
    cause = exc.__cause__ if isinstance(exc.__cause__, OSError) else exc
    reasons = {
        errno.EACCES: w.t("permission denied"),
        errno.EPERM: w.t("permission denied"),
        errno.ENOSPC: w.t("no space left on the disk"),
        errno.EDQUOT: w.t("no space left on the disk"),
        errno.EROFS: w.t("the disk is read-only"),
        errno.ENOENT: w.t("no such file or folder"),
        errno.ENOTDIR: w.t("a part of the path is not a folder"),
        errno.EISDIR: w.t("it is a folder"),
    }
    reason = reasons.get(cause.errno or 0) or cause.strerror or str(cause) or type(cause).__name__
    path = getattr(exc, "path", None)
    if path is None:
        return reason
    return w.t("could not write {path}: {reason}", path=path, reason=reason)
