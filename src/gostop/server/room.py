"""The authoritative match of one room, and what each seat may see of it.

:class:`Room` wraps a :class:`~gostop.match.Match` (RULES.md 2.3 MATCH): it applies actions by
their text, rebuilds itself from its committed actions (the match seed and the action list are
the whole state), builds each seat's *view* (docs/protocol.md) and the spectators' public view,
and asks the bots (:mod:`gostop.agents`) for the decisions of bot seats -- table decisions
(DEC-1..DEC-4) through :meth:`~gostop.agents.Agent.choose_table`, hand decisions through
:meth:`~gostop.agents.Agent.choose`.

No web framework here: the socket layer and the tests drive it the same way.

What a view holds comes from the engine's observation of the seat (``Hand.observation``), the
engine's previews (``Hand.preview``, ``Hand.stop_preview``: public facts and the decider's own
hand) and :mod:`gostop.hints` (sets one card away, bak stamps, score lines), never from the
hand's hidden state; the spectators' view is built from the observations with every hand card
removed.

Every text for people in a view is said in one language, the connection's (``hello``'s
``lang``, docs/protocol.md "Language"): :meth:`Room.view` takes the language and says the facts
through :mod:`gostop.words`; a view is built once per (seat, language) a broadcast needs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gostop.agents import Agent, make_agent, warm
from gostop.engine import PRIVATE_EVENT_TYPES, Action, Hand, HandResult, Observation
from gostop.errors import GostopError
from gostop.hints import (
    bak_stamps,
    near_sets,
    score_lines,
)
from gostop.limits import MAX_ROOM_HANDS
from gostop.match import Match, MatchAction, MatchError, MatchEvent, Player
from gostop.match.record import match_to_json
from gostop.record import RecordError, build_hand, replay, table_json
from gostop.rules import Rules, RulesError
from gostop.steps import ExemptStep, OpponentStep
from gostop.table import (
    BOT_NAMES,
    STANDBY_LEVEL,
    TableController,
    bot_name,
    check_hands,
    level_spec,
    standby_spec,
    table_rules,
)
from gostop.words import (
    bot_name as said_bot_name,
)
from gostop.words import (
    callout_text,
    event_line,
    go_warnings_text,
    item_name,
    preview_text,
    push_choice,
    push_question,
    reason_text,
    score_item_lines,
    settlement_lines,
    stack_junk_words,
    stamp_text,
    where_text,
)
from gostop.words.person import as_named, is_you

__all__ = [
    "SeatConfig",
    "RoomConfig",
    "Room",
    "RoomError",
    "NoMatchLength",
    "HandInPlayError",
    "BOT_NAMES",
    "STANDBY_LEVEL",
    "bot_spec",
    "event_cards",
    "settlement_facts",
]


class RoomError(GostopError, ValueError):
    """A room that cannot be set up as asked (message for people). ``knobs``: the rules knobs
    at fault, as data (from :attr:`gostop.rules.RulesError.knobs` or
    :attr:`gostop.match.MatchError.knobs`, where the clash is found); empty when none is.
    ``reason``: the rules' facts of what is wrong (:attr:`gostop.rules.RulesError.reason`),
    or None."""

    def __init__(self, message: str = "", knobs: Iterable[str] = (),
                 reason: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.knobs: tuple[str, ...] = tuple(knobs)
        self.reason = reason


class NoMatchLength(RoomError):
    """A room given neither a number of hands nor a chip target."""


class HandInPlayError(RoomError):
    """A hand asked for review while it is still being played (its cards stay hidden)."""


def bot_spec(level: str) -> str:
    """The bot spec of a level (``easy``/``normal``/``hard``) or a spec itself, checked
    (:func:`gostop.table.level_spec`)."""
    try:
        return level_spec(level)
    except ValueError as exc:
        raise RoomError(str(exc)) from None


@dataclass
class SeatConfig:
    """One seat: ``kind`` ``human`` or ``bot``; a human seat is ``open``, ``taken`` or ``left``."""

    kind: str
    level: str | None = None
    name: str | None = None
    status: str = "open"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "status": self.status}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatConfig:
        return cls(data["kind"], data.get("level"), data.get("name"), data.get("status", "open"))


@dataclass
class RoomConfig:
    """What the room's creator chose (the lobby's ``POST /api/rooms``)."""

    seats: list[SeatConfig]
    name: str = ""
    preset: str = "pagat"
    rules: dict[str, Any] = field(default_factory=dict)
    hands: int | None = 3
    target_chips: int | None = None
    public: bool = True
    spectators: bool = True
    cut: bool = False
    turn_seconds: int | None = None
    #: the matchmaking queue (``preset/players``) of a room made by quick play with people
    queue: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["seats"] = [s.to_json() for s in self.seats]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoomConfig:
        d = dict(data)
        d["seats"] = [SeatConfig.from_json(s) for s in d.get("seats", [])]
        return cls(**d)

    def build_rules(self) -> Rules:
        """The rules of the match (:func:`gostop.table.table_rules`; raises :class:`RoomError`
        with the reason). With a chip target, ``hands`` caps the match instead
        (:meth:`hands_limit`)."""
        try:
            return table_rules(
                self.preset,
                self.rules,
                hands=self.hands if self.target_chips is None else None,
                target_chips=self.target_chips,
                max_hands=MAX_ROOM_HANDS,
            )
        except RulesError as exc:
            raise RoomError(str(exc), exc.knobs, exc.reason) from None

    def hands_limit(self, rules: Rules) -> int | None:
        """A cap on the match length: the hands asked for on top of a chip target, or a safety
        cap for a match the rules leave open-ended."""
        if self.target_chips is not None:
            return self.hands
        if rules.match_hands is None and rules.match_target_chips is None:
            return self.hands or 12
        return None

    def check(self) -> Rules:
        """Check every choice; returns the rules. Raises :class:`RoomError`."""
        if not 2 <= len(self.seats) <= 7:
            raise RoomError(f"a room has 2 to 7 seats, got {len(self.seats)}")
        for i, s in enumerate(self.seats):
            if s.kind not in ("human", "bot"):
                raise RoomError(f"seat {i}: kind must be 'human' or 'bot', got {s.kind!r}")
            if s.kind == "bot":
                s.level = bot_spec(s.level or STANDBY_LEVEL)
        if self.turn_seconds is not None and not 10 <= self.turn_seconds <= 600:
            raise RoomError(f"turn_seconds must be 10 to 600 (or null), got {self.turn_seconds}")
        try:
            check_hands(self.hands, MAX_ROOM_HANDS)
        except RulesError as exc:
            raise RoomError(str(exc)) from None
        if self.hands is None and self.target_chips is None:
            raise NoMatchLength("give hands (a number of hands) or target_chips (a chip target)")
        rules = self.build_rules()
        try:
            Match(rules, self.players(), 1, hands_limit=self.hands_limit(rules), ask_cut=self.cut)
        except MatchError as exc:
            raise RoomError(str(exc), exc.knobs) from None
        return rules

    def players(self) -> list[Player]:
        """The seated players; a name already at the table gets a number (``Ann 2``): the match
        needs distinct names."""
        names: list[Player] = []
        used: set[str] = set()
        bots = 0
        for i, s in enumerate(self.seats):
            if s.kind == "bot":
                name = s.name or bot_name(bots)
                bots += 1
            else:
                name = s.name or f"Player {i + 1}"
            base, k = name, 1
            while name.casefold() in used:
                k += 1
                name = f"{base} {k}"
            used.add(name.casefold())
            names.append(Player(name, 40 - i))
        return names

    @property
    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.status == "open"]


def event_cards(obj: Any) -> set[str]:
    """Every card code inside a JSON value (for the leak checks of the tests and the server)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
            stack.extend(k for k in v if isinstance(k, str))
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif isinstance(v, str) and len(v) <= 4:
            out.add(v)
    return out


class Room:
    """One room's match, rebuilt from its committed actions (see the module docstring).

    Args:
        room_id: the room's id.
        config: the seats and choices of the room.
        seed: the match seed (kept on the server; sent to nobody before the match is over).
        actions: the committed actions, in order (replayed).
    """

    def __init__(self, room_id: str, config: RoomConfig, seed: int, actions: Iterable[str] = ()) -> None:
        self.id = room_id
        self.config = config
        self.seed = seed
        self.rules = config.build_rules()
        #: The match and its bots (:class:`gostop.table.TableController`, shared with the
        #: terminal game); the room adds its commit log, views and serialisation.
        self.table = TableController(
            bots={i: s.level for i, s in enumerate(config.seats) if s.kind == "bot" and s.level},
            seed_tag="serve",
            tell="seat",
            standby=standby_spec(),
        )
        self.actions: list[str] = []
        self.actors: list[int] = []
        self._score_cache: dict[tuple[tuple[str, ...], str], list[str]] = {}
        #: per (language, reader): the events of the last broadcast and their words (see events_for)
        self._said: dict[tuple[str, str], tuple[Sequence[MatchEvent], list[tuple[str | None, str | None]]]] = {}
        self._near_cache: dict[tuple[tuple[str, ...], ...], list[tuple[int, str, str, int, Any]]] = {}
        if not config.open_seats:
            self.start()
        for text in actions:
            seat = self.decider()
            if seat is None:
                raise RoomError(f"room {room_id}: committed action {text!r} after the end")
            self.apply(seat, text)

    # -- state ---------------------------------------------------------------------------

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def last_result(self) -> HandResult | None:
        """The result of the last settled hand."""
        return self.table.last_result

    @property
    def last_hands(self) -> list[list[str]]:
        return self.table.last_hands

    @property
    def last_deal(self) -> int | None:
        return self.table.last_deal

    @property
    def agents(self) -> dict[int, Agent]:
        """The bots asked so far, per seat (kept across a reload: their memory of the hand)."""
        return self.table.agents

    @agents.setter
    def agents(self, agents: dict[int, Agent]) -> None:
        self.table.agents = agents

    @property
    def _told(self) -> dict[int, object]:
        return self.table.told

    @_told.setter
    def _told(self, told: dict[int, object]) -> None:
        self.table.told = told

    @property
    def version(self) -> int:
        """The number of actions applied."""
        return len(self.actions)

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.is_over

    @property
    def state(self) -> str:
        if self.match is None:
            return "waiting"
        return "over" if self.match.is_over else "playing"

    def start(self) -> list[MatchEvent]:
        """Seat everybody and start the match (when no seat is open any more)."""
        if self.table.match is None:
            match = Match(
                self.rules,
                self.config.players(),
                self.seed,
                hands_limit=self.config.hands_limit(self.rules),
                ask_cut=self.config.cut,
            )
            return self.table.start(match)
        return []

    def decider(self) -> int | None:
        """The table seat that must decide now (None before the start and after the end)."""
        return self.table.decider()

    def legal(self) -> list[Any]:
        return self.table.legal()

    def legal_texts(self) -> list[str]:
        return [str(a) for a in self.legal()]

    def apply(self, seat: int, text: str) -> list[MatchEvent]:
        """Apply ``text`` for table seat ``seat``. Raises :class:`~gostop.match.IllegalMatchActionError`
        (nothing changed) when it is not that seat's turn or not a legal action."""
        step = self.table.apply(seat, text)
        self.actions.append(text)
        self.actors.append(seat)
        return step.events

    # -- bots ----------------------------------------------------------------------------

    def agent(self, seat: int) -> Agent:
        """The bot of a seat (a bot seat's own, or the standby bot of a human seat)."""
        return self.table.agent(seat)

    def bot_action(self, seat: int) -> str:
        """The decision of the bot playing ``seat`` now (may think for a while: run it off the
        event loop). Reads the match only; the caller holds the room's lock."""
        return str(self.table.bot_action(seat))

    def keep_bots_of(self, old: Room) -> None:
        """This room was rebuilt from the store in place of ``old``: its bots (and what they
        were told of the hand in play) carry on."""
        self.agents = old.agents
        self._told = old._told

    def standby_action(self, seat: int) -> str:
        """The decision of the standby level (a quick bot) for a seat whose own bot ran out of
        time; the seat's own bot is kept for its next decision."""
        keep = self.agents.get(seat)
        self.agents[seat] = make_agent(bot_spec(STANDBY_LEVEL))
        self._told.pop(seat, None)
        try:
            return self.bot_action(seat)
        finally:
            if keep is not None:
                self.agents[seat] = keep
                self._told.pop(seat, None)

    def thinks_long(self, seat: int) -> bool:
        """True when the seat's bot searches (it may think for a long while: the server then
        asks a worker process, see :func:`think_in_worker`)."""
        m = self.match
        return m is not None and m.phase == "hand" and self.agent(seat).needs_sampler

    # -- what a seat sees ----------------------------------------------------------------

    def hand_seat_of(self, seat: int | None) -> int | None:
        if seat is None or self.match is None or self.match.hand is None:
            return None
        return self.match.hand_seat(seat)

    def public_observation(self, hand: Hand) -> dict[str, Any]:
        """The hand as every player sees it: no hand card at all, only what was shown."""
        k = hand.players
        obs = [hand.observation(s) for s in range(k)]
        out = obs[0].to_json()
        out["seat"] = None
        out["hand"] = []
        out["shown_hand_cards"] = [[c.code for c in obs[(i + 1) % k].shown_hand_cards[i]] for i in range(k)]
        out["history"] = [e.redacted().to_json() for e in obs[0].history]
        return out

    def view(
        self,
        seat: int | None,
        presence: Mapping[int, tuple[bool, bool]] | None = None,
        deadline: float | None = None,
        history: bool = True,
        lang: str = "en",
    ) -> dict[str, Any]:
        """What table seat ``seat`` (None: a spectator) sees now (docs/protocol.md, the view),
        every text in ``lang``.

        ``presence``: per seat ``(connected, away)``; ``history``: keep the hand's event history
        (``update`` messages leave it out: their events carry it).
        """
        presence = presence or {}
        m = self.match
        current = self.decider()
        to_move = seat is not None and current == seat
        hs = self.hand_seat_of(seat)
        view: dict[str, Any] = {
            "version": self.version,
            "room": self.id,
            "seat": seat,
            "phase": "waiting" if m is None else m.phase,
            "current_seat": current,
            "to_move": to_move,
            "deadline": deadline if current is not None else None,
            "players": self._players(presence),
            "match": None,
            "hand_seat": hs,
            "hand": None,
            "legal": [],
            "stop_preview": None,
            "go_warnings": [],
            "bak": [],
            "near_sets": [],
            "scores": [],
            "table": None,
            "last_hand": None,
            "over": None,
        }
        if m is None:
            return view
        view["match"] = {
            "dealer": m.dealer,
            "deal": len(m.deals) - 1,
            "hands_played": m.hands_played,
            "hands": self.config.hands,
            "target_chips": self.config.target_chips,
            "carry": m.carry,
            "pushes": m.pushes,  # VAR-PUSH: consecutive pushes before the coming hand
            "hand_seats": list(m.hand_seats),
            "standings": [s.to_json() for s in m.standings],
            "ledger": m.ledger.to_json(),
            "end_reason": m.end_reason,
            "list": list(m.list_order),
            # what the match is paid in: "chips", or "shots" (goo-stupe, GOO-1)
            "unit": "shots" if m.shots_unit else "chips",
        }
        hand = m.hand
        obs: Observation | None = None
        if hand is not None:
            if hs is not None:
                obs = hand.observation(hs)
                view["hand"] = obs.to_json()
            else:
                view["hand"] = self.public_observation(hand)
                obs = None
            self._hints(view, hand, obs, lang)
            if not history:
                view["hand"].pop("history", None)
        if m.phase in ("drop", "claim"):
            log = m.deals[-1]
            view["table"] = {
                "dealt": list(m.dealt_cards(seat)) if seat is not None else [],
                "announcements": [[s, a] for s, a in log.announcements],
                "seated": len(log.seats),
                "dropped": sum(1 for _, a in log.announcements if a == "drop"),
            }
        if m.phase == "push":  # VAR-PUSH: the winner pushes or collects (the question in words)
            view["table"] = self._push_table(m, lang)
        if to_move:
            view["legal"] = [
                self._legal_entry(a, hand if obs is not None else None, lang, m.hand_seats) for a in m.legal_actions()
            ]
            if m.phase == "push":  # VAR-PUSH: each choice said with its stake
                for entry in view["legal"]:
                    entry["text"] = view["table"]["choices"][entry["kind"]]
            if hand is not None and obs is not None and hs is not None and hand.stage == "go-stop":
                sp = hand.stop_preview()
                names = self.names(lang)
                payers = [names[m.hand_seats[s]] for s, _ in sp.payments]
                view["stop_preview"] = {
                    **sp.to_json(),
                    "payments": [amount for _, amount in sp.payments],
                    "payments_by_seat": [[s, amount] for s, amount in sp.payments],
                    "plain_steps": []
                    if sp.settlement is None
                    else settlement_lines(sp.settlement, payers, obs.goes[hs], you=self.you(seat, lang), lang=lang,
                                      flex_junk_value=self.rules.flex_junk_value),
                }
                # as the terminal game says it (play/session.py): a go on the final turn can only
                # end in a nagari (GOSTOP-6), a seat with no turn left gives its stop up (TURN-4),
                # and the nagari factor counts the nagari before this hand (MATCH-5)
                last = sp.final_turn_nagari
                no_turn_left = not last and obs.hand_sizes[hs] == 0 and obs.skip_allowance[hs] == 0
                view["go_warnings"] = list(
                    go_warnings_text(self.rules, hand.players, obs.goes[hs], obs.stop_points[hs], last_turn=last,
                                     stop_total=sp.total, no_turn_left=no_turn_left,
                                     nagari_before=obs.nagari_before, lang=lang)
                )
        if self.last_result is not None and self.last_deal is not None:
            entry = next((e for e in reversed(m.ledger.entries) if e.deal == self.last_deal), None)
            view["last_hand"] = {
                "deal": self.last_deal,
                "seats": list(m.deals[self.last_deal].hand_seats),
                "result": self.last_result.to_json(),
                "ledger": None if entry is None else entry.to_json(),
                "hands": self.last_hands,
                "plain_steps": self._plain_steps(self.last_result, m.deals[self.last_deal].hand_seats, lang,
                                                 you=self.you(seat, lang)),
                "reason_text": reason_text(self.last_result.reason, lang),
                # the flat payments made during the hand (a first-turn ppuk's chips...): with
                # the settlement they make the hand's chips (hand seats, the reason in ``lang``)
                "fixed_payments": [
                    {**p.to_json(), "reason_text": reason_text(p.reason, lang)} for p in self.last_result.fixed_payments
                ],
                **settlement_facts(self.last_result),
                # gwangpalli (GWANG-5/6): who sold which cards before the hand; what each seat
                # paid or got for them is the ledger entry's ``parts.compensation``
                "claims": [
                    {"seat": c.seat, "cards": list(c.cards), "triple": c.triple, "amount": c.amount}
                    for c in m.deals[self.last_deal].claims
                ],
            }
        if m.is_over:
            view["over"] = {
                "reason": m.end_reason,
                "reason_text": reason_text(m.end_reason, lang),
                "standings": [s.to_json() for s in m.standings],
            }
        return view

    def _push_table(self, m: Match, lang: str = "en") -> dict[str, Any]:
        """VAR-PUSH: the stake of the push decision and its words in ``lang``."""
        unit = "shots" if m.shots_unit else "chips"
        stake, pushes, limit = m.push_stake, m.pushes, self.rules.push_limit
        return {
            "push": {"stake": stake, "pushes": pushes, "limit": limit},
            "question": push_question(stake, pushes, limit, unit, lang),
            "choices": {k: push_choice(k, stake, pushes, unit, lang) for k in ("push", "collect")},
        }

    def _plain_steps(
        self, result: HandResult, hand_seats: Sequence[int], lang: str = "en", *, you: str = ""
    ) -> list[str]:
        """The settlement of a finished hand in the player's words (no formulas, no rule IDs),
        in ``lang``, said to the reader ``you`` (:meth:`you`)."""
        if result.settlement is None or result.winner is None:
            return []
        names = self.names(lang)
        payers = [names[hand_seats[o]] for o in result.opponents]
        goes = result.context.goes if result.context is not None else 0
        return settlement_lines(result.settlement, payers, goes, you=you, lang=lang, flex_junk_value=self.rules.flex_junk_value)

    def you(self, seat: int | None, lang: str = "en") -> str:
        """Who reads a text sent to table seat ``seat`` (the ``you`` of the words layer,
        :func:`gostop.words.person.as_named`): that seat's name in its player's own view, ``""``
        for a spectator (a line everybody reads). Only that player reads the second-person forms
        of a seat named "You" (a person who typed "You" at a table of people is "“You”" to the
        others). ``""`` too when no seat has such a name: every reader then reads the same words."""
        names = self.names(lang)
        if seat is None or not 0 <= seat < len(names) or not any(is_you(n) for n in names):
            return ""
        return names[seat]

    def names(self, lang: str = "en") -> list[str]:
        """The seated players' names as a text in ``lang`` says them (a bot's name in the
        language's letters)."""
        players = self.config.players()
        return [
            said_bot_name(p.name, lang) if s.kind == "bot" else p.name
            for p, s in zip(players, self.config.seats, strict=True)
        ]

    def _players(self, presence: Mapping[int, tuple[bool, bool]]) -> list[dict[str, Any]]:
        m = self.match
        names = [p.name for p in self.config.players()]
        out = []
        for i, s in enumerate(self.config.seats):
            connected, away = presence.get(i, (s.kind == "bot", False))
            out.append(
                {
                    "seat": i,
                    "name": names[i] if (s.kind == "bot" or s.status != "open") else None,
                    "kind": s.kind,
                    "level": s.level if s.kind == "bot" else None,
                    "status": s.status,
                    "connected": connected,
                    "away": away or s.status == "left",
                    "hand_seat": self.hand_seat_of(i),
                    "chips": m.ledger.totals[i] if m is not None else 0,
                    "shots": m.ledger.shot_totals[i] if m is not None else 0,
                }
            )
        return out

    def _hints(self, view: dict[str, Any], hand: Hand, obs: Observation | None, lang: str) -> None:
        # Everything here is computed from an observation (the viewer's, or seat 0's with its
        # own hand never used: bak stamps and scores read only capture areas).
        base = obs if obs is not None else hand.observation(0)
        view["bak"] = [
            {**dataclasses.asdict(st), "text": stamp_text(st, lang)} for st in bak_stamps(self.rules, base)
        ]
        view["near_sets"] = self._near_sets(base, obs, lang)
        view["scores"] = [
            {"hand_seat": i, "points": base.stop_points[i], "items": self._score_items(caps, lang)}
            for i, caps in enumerate(base.captures)
        ]

    def _score_items(self, caps: tuple[Any, ...], lang: str) -> list[str]:
        """The scoring items of a capture area, in ``lang``."""
        key = (tuple(c.code for c in caps), lang)
        found = self._score_cache.get(key)
        if found is None:
            if len(self._score_cache) > 256:
                self._score_cache.clear()
            b, _ = score_lines(self.rules, caps)
            found = self._score_cache[key] = score_item_lines(b.items, lang)
        return found

    def _near_sets(self, base: Observation, obs: Observation | None, lang: str) -> list[dict[str, Any]]:
        """Sets one card away. Which card each seat lacks depends only on the capture areas,
        so it is computed once per capture state and shared by every viewer; where the card is
        (your hand, the table, shown, unseen) is then said from this viewer's side. Only the
        brights, animals and ribbons of the capture areas matter to a set (SCORE-1/3/5), so the
        junk captured does not count in the key."""
        key = tuple(tuple(c.code for c in caps if c.kind.letter in "BAR") for caps in base.captures)
        found = self._near_cache.get(key)
        if found is None:
            if len(self._near_cache) > 64:
                self._near_cache.clear()
            found = self._near_cache[key] = [
                (ns.seat, ns.name, ns.rule, ns.points, ns.missing) for ns in near_sets(self.rules, base)
            ]
        out = []
        for seat, name, rule, points, card in found:
            where, holder = "unseen", None
            if obs is not None and card in obs.hand:
                where = "your hand"
            elif card in base.layout:
                where = "the table"
            else:
                viewer = obs.seat if obs is not None else None
                shown_in = [
                    s for s, shown in enumerate(base.shown_hand_cards)
                    if s != viewer and card in shown and (obs is not None or s != base.seat)
                ]
                if shown_in:
                    where, holder = "shown", shown_in[0]
            holder_name = None
            if holder is not None and self.match is not None:
                table_seat = self.match.hand_seats[holder] if holder < len(self.match.hand_seats) else None
                # the holder is never the viewer: a holder named "You" is said as a name (“You”)
                holder_name = as_named(self.names(lang)[table_seat], "") if table_seat is not None else None
            out.append(
                {"seat": seat, "name": name, "label": item_name(name, lang), "rule": rule, "points": points,
                 "missing": card.code, "where": where, "where_text": where_text(where, lang, holder_name),
                 "holder": holder}
            )
        return out

    def _legal_entry(self, action: Any, hand: Hand | None, lang: str, hand_seats: Sequence[int] = ()) -> dict[str, Any]:
        if isinstance(action, MatchAction):
            return {"action": str(action), "kind": action.kind, "value": action.value, "cards": [], "month": 0}
        assert isinstance(action, Action)
        entry: dict[str, Any] = {
            "action": str(action),
            "kind": action.kind,
            "cards": list(action.cards),
            "month": action.month,
        }
        if hand is not None:
            # the engine's preview: public facts and the decider's own hand only
            p = hand.preview(action).to_json()
            targets = p["matches"] if p["kind"] == "choice" else p["takes"]
            text = preview_text(p["kind"], targets, lang)
            if p["steals"] and hand_seats:  # EVT-4 .. EVT-7, GOO-12: the junk a stack takes, from whom
                names = self.names(lang)
                mover = p["seat"]

                def named(o: int) -> str:
                    return as_named(names[hand_seats[o]], "")
                payers = [named(o) for o in range(hand.players) if o != mover and o not in p["no_junk"]]
                text += stack_junk_words(p["steals"], hand.players, lang, payers, [named(o) for o in p["no_junk"]],
                                         self.rules.no_junk_shot)
            entry["preview"] = {**p, "targets": targets, "text": text}
        return entry

    def events_for(
        self, seat: int | None, events: Sequence[MatchEvent], seats_before: Sequence[int], lang: str = "en"
    ) -> list[dict[str, Any]]:
        """The events of one action as table seat ``seat`` (None: a spectator) may see them:
        another seat's private hand events (``deal``, ``draw``) lose their cards. Each event
        carries its feed line (``text``) and call-out (``callout``, or null) in ``lang``."""
        hand_seats = tuple(seats_before)
        # the words are the same for every viewer (a hidden card is never said) but the one a
        # seat named "You" addresses: said once per language and reader for the events of one
        # broadcast
        you = self.you(seat, lang)
        said_before = self._said.get((lang, you))
        words = said_before[1] if said_before is not None and said_before[0] is events else None
        names = self.names(lang) if words is None else []

        def name(table_seat: Any) -> str:
            return names[table_seat] if isinstance(table_seat, int) and 0 <= table_seat < len(names) else ""

        said_now: list[tuple[str | None, str | None]] = []
        out = []
        for i, ev in enumerate(events):
            if ev.type == "hand-start":
                hand_seats = tuple(ev.data.get("seats", ()))
            j = ev.to_json()
            he = ev.hand_event
            if he is not None and he.type in PRIVATE_EVENT_TYPES:
                mine = seat is not None and seat in hand_seats and hand_seats.index(seat) == he.seat
                if not mine:
                    j["event"] = he.redacted().to_json()
            if words is not None:
                j["text"], j["callout"] = words[i]
            else:
                said = j.get("event", j)
                who = name(ev.seat)
                to = ""
                if said["type"] == "surrender":
                    taker = said.get("data", {}).get("to")
                    if isinstance(taker, int) and taker < len(hand_seats):
                        to = name(hand_seats[taker])
                j["text"] = event_line(said, who, lang, to=to, you=you)
                j["callout"] = callout_text(said["type"], who, lang, to=to, you=you)
                said_now.append((j["text"], j["callout"]))
            out.append(j)
        if words is None:
            if len(self._said) > 16:
                self._said.clear()
            self._said[(lang, you)] = (events, said_now)
        return out

    def hand_review(self, deal: int, lang: str = "en", seat: int | None = None) -> dict[str, Any]:
        """A finished hand move by move with every card face up, from its hand record (issue
        #18, "hand review"): ``start`` is the table after the deal (:func:`gostop.record.table_json`:
        every hand, the layout, the captures, the stock), then per action ``{"text", "seat"
        (hand seat), "events" (match-event shaped: ``{"type": "hand", "seat", "event"}``),
        "table"}``; each event carries its feed line (``text``) in ``lang``, as an update does.
        Raises :class:`RoomError` for a deal that is not there or a hand not over: the cards of a
        hand in play are never sent."""
        m = self.match
        if m is None or not 0 <= deal < len(m.deals):
            raise RoomError(f"there is no hand {deal} in this match")
        log = m.deals[deal]
        rec = log.hand_record
        if rec is None or rec.result is None:
            raise HandInPlayError("that hand is not over: its cards stay hidden until it ends")
        seats = list(log.hand_seats)

        names = self.names(lang)
        you = self.you(seat, lang)  # the seated player who asked, or nobody (a line for everybody)

        def wrap(ev: Any) -> dict[str, Any]:
            j = ev.to_json()
            seat = j.get("seat")
            table_seat = seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else None
            who = names[table_seat] if table_seat is not None and table_seat < len(names) else ""
            to = ""
            taker = j.get("data", {}).get("to") if j["type"] == "surrender" else None
            if isinstance(taker, int) and 0 <= taker < len(seats) and seats[taker] < len(names):
                to = names[seats[taker]]
            return {"type": "hand", "seat": table_seat, "event": j,
                    "text": event_line(j, who, lang, to=to, you=you)}

        steps: list[dict[str, Any]] = []

        def on_step(i: int, action: Action, seat: int | None, hand: Hand) -> None:
            steps.append({"text": str(action), "seat": seat, "events": [], "table": table_json(hand)})

        try:
            start = build_hand(rec)
            first = table_json(start)
            deal_events = [wrap(ev) for ev in start.deal_events]
            _, done = replay(rec, on_step=on_step)
        except RecordError as exc:
            raise RoomError(f"hand {deal} cannot be replayed: {exc}") from None
        for step, (_action, events) in zip(steps, done, strict=True):
            step["events"] = [wrap(ev) for ev in events]
        return {"deal": deal, "seats": seats, "start": first, "deal_events": deal_events, "steps": steps,
                "result": rec.result}

    def record(self) -> dict[str, Any]:
        """The standard match record (holds the seeds: only for a finished match)."""
        assert self.match is not None
        return match_to_json(self.match, self.config.name or f"gostop room {self.id}")


#: The id of a scoring item by its rule (the named sets keep their name: ``godori``, ``hong-dan``).
_ITEM_IDS = {"SCORE-1": "brights", "SCORE-2": "animals", "SCORE-4": "ribbons", "SCORE-6": "junk",
             "VAR-VIP": "vip", "VAR-PALSSARI": "palssari"}


def settlement_facts(result: HandResult) -> dict[str, Any]:
    """The end of a hand as facts for the table's settlement screen (issue #18, "end of hand";
    the page says them in its language): ``score_items``, the winner's scoring items, each with
    the cards that made it (``{"item", "rule", "count", "rain", "points", "cards"}``; ``item``
    is ``brights``, ``animals``, ``ribbons``, ``junk``, ``vip``, ``palssari`` or the set's name,
    ``godori``, ``hong-dan``...); ``losers``, per opponent in the order of the settlement
    (``{"hand_seat", "pays", "base", "multiplier", "opponent_multiplier", "bak": [{"kind",
    "factor", "plus", "junk", "threshold"}], "exempt", "liable"}``, PAY-6..PAY-9). Both empty
    without a settlement (a nagari, a hand decided without a stop)."""
    st = result.settlement
    if st is None or result.winner is None:
        return {"score_items": [], "losers": []}
    items = [
        {
            "item": _ITEM_IDS.get(it.rule, it.name),
            "rule": it.rule,
            "count": it.count,
            "rain": any(c.code == "12B" for c in it.cards),
            "points": it.points,
            "cards": [c.code for c in it.cards],
        }
        for it in st.breakdown.items
    ]
    losers: list[dict[str, Any]] = [
        {"hand_seat": seat, "pays": st.payments[i] if i < len(st.payments) else 0, "base": st.base,
         "multiplier": st.multiplier, "opponent_multiplier": st.opponent_multipliers[i]
         if i < len(st.opponent_multipliers) else 1, "bak": [], "exempt": False, "liable": st.liable == i}
        for i, seat in enumerate(result.opponents)
    ]
    for fact in st.step_facts:
        if isinstance(fact, OpponentStep) and fact.opponent < len(losers):
            losers[fact.opponent]["bak"] = [dataclasses.asdict(r) for r in fact.reasons]
        elif isinstance(fact, ExemptStep) and fact.opponent < len(losers):
            losers[fact.opponent]["exempt"] = True
    return {"score_items": items, "losers": losers}


#: Rooms rebuilt inside a bot worker process: room id -> (config JSON, room).
_WORKER_ROOMS: dict[str, tuple[dict[str, Any], Room]] = {}


def think_in_worker(room_id: str, config: dict[str, Any], seed: int, actions: list[str], seat: int) -> str:
    """The bot decision of ``seat``, computed in a worker process: the room is rebuilt from
    its committed actions (kept between calls and brought up to date), then asked."""
    warm.start()  # this worker loads the compiled search rollouts in the background (issue 22)
    cached = _WORKER_ROOMS.get(room_id)
    room = None
    if cached is not None and cached[0] == config and cached[1].actions == actions[: len(cached[1].actions)]:
        room = cached[1]
    if room is None:
        if len(_WORKER_ROOMS) >= 256:
            _WORKER_ROOMS.clear()
        room = Room(room_id, RoomConfig.from_json(config), seed)
        _WORKER_ROOMS[room_id] = (config, room)
    for text in actions[len(room.actions):]:
        decider = room.decider()
        assert decider is not None
        room.apply(decider, text)
    return room.bot_action(seat)
