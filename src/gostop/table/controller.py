"""The match controller: one match at one table, as both games drive it.

A :class:`TableController` holds a :class:`~gostop.match.Match` and the bots of its seats. The
terminal game (:class:`gostop.play.session.Session`) and a room of the web game
(:class:`gostop.server.room.Room`) each hold one and add only what is theirs -- the terminal
game its prompts, narration and save; the room its commit log, views and serialisation. The
controller:

* starts the match (:meth:`start`), or takes one rebuilt from a record;
* says whose decision is next (:meth:`decider`) and what is legal (:meth:`legal`);
* applies a seat's decision with the legality check (:meth:`apply`: not that seat's turn, not
  a legal action, before the start or after the end -- an
  :class:`~gostop.match.IllegalMatchActionError` of one line, nothing changed) and returns a
  :class:`Step` (the events, and the hand it was taken in);
* asks a bot seat's decision through the seat driver (:meth:`bot_action`,
  :mod:`gostop.table.driver`): the table decisions (DEC-1..DEC-4) and the hand's, the
  start-of-hand context and the world sampler seeded from the match seed;
* keeps the facts of the last settled hand (:attr:`last_result`, :attr:`last_hands`,
  :attr:`last_deal`), a hand decided at the deal (chongtong, four of a month on the table)
  included (issue #18, defect 2).

Seeds (so that a game replays exactly): the start-of-hand context of a bot is seeded
``derive_seed(match seed, "<tag>-bot", deals so far, table seat)`` and its world sampler
``derive_seed(match seed, "<tag>-world", actions so far, table seat)``; ``tag`` is the face's
(``play``, ``serve``), so each game keeps the seeds it always had.

When a bot is told a hand has begun (``tell``): ``"seat"`` -- each bot just before its own
first decision of the hand (the server: a seat whose player is away gets its standby bot then);
``"hand"`` -- every bot seated in the hand at the first bot decision of the hand (the terminal
game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from gostop.agents import Agent
from gostop.engine import Hand, HandResult
from gostop.match import IllegalMatchActionError, Match, MatchEvent
from gostop.match.seeds import derive_seed
from gostop.record import RecordError, replay
from gostop.table.driver import begin_hand, decide, decide_table
from gostop.table.seats import build_agent

__all__ = ["TableController", "Step"]


@dataclass(frozen=True, slots=True)
class Step:
    """One decision applied: by table seat ``seat``, ``action`` (its text), what happened
    (``events``), and the hand it was taken in (``hand``, None for a table decision between
    hands) with that hand's seats (``hand_seats``: hand seat -> table seat, before the
    decision) and the number of ledger entries before it (``entries_before``)."""

    seat: int
    action: str
    events: list[MatchEvent]
    hand: Hand | None
    hand_seats: tuple[int, ...]
    entries_before: int

    @property
    def hand_over(self) -> bool:
        """The decision ended the hand it was taken in."""
        return self.hand is not None and self.hand.is_over


class TableController:
    """One match and the bots of its seats (see the module docstring).

    Args:
        match: the match (None: started later with :meth:`start`; a match rebuilt from a
            record is taken as it is).
        bots: table seat -> bot spec of every bot seat.
        seed_tag: the face's tag in the bots' seeds (``play``, ``serve``).
        tell: when a bot is told a hand has begun (``seat`` or ``hand``).
        standby: the bot spec that plays a seat without a bot of its own when it is asked to
            (None: only bot seats are asked).
        fallback: a bot spec that cannot be built gives the random bot (else it raises).
    """

    def __init__(
        self,
        match: Match | None = None,
        *,
        bots: Mapping[int, str] | None = None,
        seed_tag: str,
        tell: Literal["seat", "hand"] = "seat",
        standby: str | None = None,
        fallback: bool = False,
    ) -> None:
        self.match: Match | None = None
        self.bot_specs: dict[int, str] = dict(bots or {})
        self.seed_tag = seed_tag
        self.tell = tell
        self.standby = standby
        self.fallback = fallback
        #: The agents of the seats asked so far (a bot seat's own, or the standby bot).
        self.agents: dict[int, Agent] = {}
        #: Per table seat, the hand its bot was last told about (kept: no id reuse).
        self.told: dict[int, object] = {}
        #: The last settled hand: its result, every seat's hand cards, its deal index.
        self.last_result: HandResult | None = None
        self.last_hands: list[list[str]] = []
        self.last_deal: int | None = None
        if match is not None:
            self.start(match)

    # -- state ---------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.is_over

    def start(self, match: Match) -> list[MatchEvent]:
        """Take ``match`` (new, or rebuilt from a record); returns its start events."""
        self.match = match
        self._note_dealt_result()
        return list(match.start_events)

    def decider(self) -> int | None:
        """The table seat that must decide now (None before the start and after the end)."""
        return None if self.match is None else self.match.current_seat

    def legal(self) -> list[Any]:
        """The legal actions of :meth:`decider` (match actions or the hand's actions)."""
        return [] if self.match is None else self.match.legal_actions()

    # -- acting --------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> Step:
        """Apply ``action`` (an action or its text) for table seat ``seat``.

        Raises :class:`~gostop.match.IllegalMatchActionError` (nothing changed) before the
        start, after the end, when it is not that seat's decision or not a legal action.
        """
        m = self.match
        if m is None:
            raise IllegalMatchActionError("the match has not started: seats are still open")
        if m.is_over:
            raise IllegalMatchActionError("the match is over")
        if m.current_seat != seat:
            raise IllegalMatchActionError(f"it is seat {m.current_seat}'s decision, not seat {seat}'s")
        text = str(action)
        chosen = next((a for a in m.legal_actions() if str(a) == text), None)
        if chosen is None:
            raise IllegalMatchActionError(f"{text!r} is not a legal action now")
        hand = m.hand
        seats = tuple(m.hand_seats)
        deal = len(m.deals) - 1
        entries = len(m.ledger.entries)
        events = m.apply(chosen)
        if hand is not None and hand.is_over:
            self.last_result = hand.result
            self.last_hands = [[c.code for c in hand.hand_cards(s)] for s in range(hand.players)]
            self.last_deal = deal
        self._note_dealt_result()
        return Step(seat, text, events, hand, seats, entries)

    def _note_dealt_result(self) -> None:
        """A hand decided at the deal (chongtong, four of a month on the table) is the last
        result too, rebuilt from its record (issue #18, defect 2)."""
        m = self.match
        assert m is not None
        # the latest deal with a result, if it is newer than the last settled hand (only the
        # deals since then are looked at: a long match does not rescan its past)
        stop = -1 if self.last_deal is None else self.last_deal
        deal = next(
            (i for i in range(len(m.deals) - 1, stop, -1)
             if (r := m.deals[i].hand_record) is not None and r.result is not None),
            None,
        )
        if deal is None:
            return
        rec = m.deals[deal].hand_record
        assert rec is not None
        try:
            hand, _ = replay(rec)
        except RecordError:
            return
        self.last_result = hand.result
        self.last_hands = [[c.code for c in hand.hand_cards(s)] for s in range(hand.players)]
        self.last_deal = deal

    # -- bots ----------------------------------------------------------------------------

    def agent(self, seat: int) -> Agent:
        """The bot of a seat: a bot seat's own, or the standby bot of another seat."""
        agent = self.agents.get(seat)
        if agent is None:
            spec = self.bot_specs.get(seat) or self.standby
            if spec is None:
                raise ValueError(f"seat {seat} has no bot")
            agent = self.agents[seat] = build_agent(spec, self.fallback)
        return agent

    def bot_action(self, seat: int) -> Any:
        """The decision of the bot playing table seat ``seat`` now (a legal action; it may
        think for a while). Reads the match only."""
        m = self.match
        assert m is not None and m.current_seat == seat
        agent = self.agent(seat)
        if m.phase != "hand":
            return decide_table(agent, m)
        hand = m.hand
        assert hand is not None
        self._tell(seat, hand)
        legal = m.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hs = m.hand_seat(seat)
        assert hs is not None
        world = derive_seed(m.seed, f"{self.seed_tag}-world", len(m.history), seat)
        return decide(agent, hand, hs, world)

    def _tell(self, seat: int, hand: Hand) -> None:
        """Tell the bots a new hand has begun (HandContext, seeded from the match seed)."""
        if self.told.get(seat) is hand:
            return
        m = self.match
        assert m is not None
        seats = [seat] if self.tell == "seat" else [s for s in self.bot_specs if m.hand_seat(s) is not None]
        for s in seats:
            hs = m.hand_seat(s)
            if hs is None or self.told.get(s) is hand:
                continue
            self.told[s] = hand
            seed = derive_seed(m.seed, f"{self.seed_tag}-bot", len(m.deals), s)
            begin_hand(self.agent(s), m.rules, hand.players, hs, seed)
