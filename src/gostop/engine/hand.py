"""One hand of Go Stop as an exact, fast state machine (RULES.md 2.4 .. 2.18).

Build a hand with :meth:`Hand.new` (seeded shuffle, see :mod:`gostop.engine.deal`) or
:meth:`Hand.from_deal` (an explicit deal), then loop::

    while not hand.is_over:
        seat = hand.current_player          # who must decide now
        action = choose(hand.legal_actions())
        events = hand.apply(action)         # what happened, up to the next decision
    hand.result                             # HandResult: winner, chips, settlement ...

Every decision of RULES.md 2.18 that is taken inside a hand is an :class:`Action` of
``legal_actions()`` (DEC-1 the cut is the ``cut`` argument of :meth:`Hand.new`; DEC-2..4 belong
to the match). Phase-0 declarations (shake, show-quad, reveal, offer-shodang) are offered
together with the main actions of the turn; taking a main action ends phase 0.

Automatic decisions (applied by the engine, with their events, because there is exactly one
option): a stock-only turn of a player whose hand is empty and who has skip allowance left
(BOMB-3), a surrender when the debtor has exactly one way to pay (or nothing to pay with, EVT-7),
and the second answer to a shodang offer after the first opponent refused (LIAB-8: deemed to
accept). Every other decision, also one with a single option such as the last card in hand, goes
to :attr:`Hand.current_player`.

Readings where RULES.md leaves a point open (each marked "our reading" here and in the code):

* DEAL-6 ``dealer_chongtong``: the four layout cards are always declared for the dealer (no DEC-5
  choice, also with ``chongtong = optional``); for DEAL-8 the dealer is a holder of that month.
* DEC-5: quad holders answer in seat order from the dealer; ``chongtong`` shows the quad,
  ``continue`` is a public ``keep-quad`` event without cards. A quad held under ``optional`` is
  shown with ``show-quad`` (not ``shake``); a quad that forms in hand later under ``mandatory``
  (JOKER-4 draws) is shaken like a triple.
* JOKER-4: a held joker may be played as the hand card (JOKER-1) at any time; revealing counts as
  playing a joker from hand for ``joker_shot``; a revealed JKB owes its EVT-9 debt in phase 3.
* GOO-14 yells are asked at the start of phase 3, before the debts, in GEN-6 order; EVT-10 is
  paid at the moment of the ppuk.
* EVT-7 options: debt 2 = any two junk cards or one worth >= 2; debt 3 = any three, one worth
  >= 3, or one worth exactly 2 plus any other; a debtor who cannot meet it gives all.
* VAR-FIRST-FOUR is paid once per qualifying event of the first turn (ttadak, stack capture or
  ja-ppuk, bomb, chok, and a grenade in every grenade mode: it takes all four cards);
  VAR-WEOLYAK-FIRST counts once per hand; VAR-BAEKHWAJEOM, VAR-WEOLYAK-FIRST and the boar count
  the cards collected in phase 3, not received junk.
* VAR-BOAR ``pot``: every deal that is not void antes (also one ending at the deal); antes and
  the pot won are reported in ``HandResult.pot_chips``/``boar_pot``, outside the zero-sum chips.
* VAR-HEODANG: a turn captures when phase 3 collects a card (jokers included) or a joker was
  revealed that turn; stock-only turns count as turns.
* LIAB-7: at most one offer per turn, only with cards in hand; the exposed hand stays public for
  the rest of the hand (also cards that join it later); LIAB-12 releases the go-bak at the offer.
* LIAB-10 ``one_round``: the refusal counts for a stop on the offerer's turn or the next two turns
  of the hand (the third player's and the refuser's); turns not taken (TURN-4) are not counted.
* LIAB-4: (B) looks at the hand at the start of X's turn (before phase 0); LIAB-5 (b) applies when
  X's hand was emptied by playing on t_X (not on a stock-only turn). In 2-player hands
  ``SettleContext.goer`` marks that the opponent said go at all.
* BOMB-3 ``next_two``: each bomb (or grenade) opens voluntary skips on the bomber's next two
  turns.

Where the rules live: :class:`Hand` combines one mixin per rule family (fields in
:mod:`~gostop.engine.state`; :mod:`~gostop.engine.dealing` DEAL checks; :mod:`~gostop.engine.turn`
the turn cycle and the go/stop check; :mod:`~gostop.engine.capture` CAPT-H / CAPT-S / JOKER;
:mod:`~gostop.engine.collection` phase 3 and EVT debts; :mod:`~gostop.engine.payments` PAY and
GOO; :mod:`~gostop.engine.liability` LIAB; :mod:`~gostop.engine.legal` and
:mod:`~gostop.engine.decisions` DEC; :mod:`~gostop.engine.information` observations and
determinize; :mod:`~gostop.engine.preview` the face queries).

Representation (for speed): card sets are int bitmasks over deck indices (see
:mod:`gostop.engine.tables`); the stock is a shared tuple plus a position; stacks are a small
copy-on-write dict ``month -> (owner, owner's turn number, jokers inside)``. ``clone()`` copies a
few ints and short lists. Stop points are computed (``ScoreTable.stop_points``) only in phase 5
of the mover's turn, only when the mover's capture area changed since the last computation and
holds at least as many cards as reaching the target can need (``Tables.min_cards``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gostop.cards import Card, CardCodeError, parse_card
from gostop.limits import MAX_NAGARI_BEFORE, MAX_POT, MAX_PUSHES, clip
from gostop.rules import Rules, RulesError

from .actions import Action
from .capture import CaptureRules
from .collection import Collection
from .deal import MISSIONS, DealError, deal_sizes, shuffled_order, split_deal, start_draws
from .dealing import DealChecks
from .decisions import Decisions
from .information import DETERMINIZE_TRIES, Information
from .legal import LegalActions
from .liability import LiabilityContext
from .payments import Payments
from .preview import Preview, StopPreview, preview_action, preview_stop
from .stages import STAGES
from .tables import Tables
from .turn import TurnCycle

__all__ = ["Hand", "STAGES", "DETERMINIZE_TRIES"]


def _check_players(rules: Rules, players: int) -> None:
    """GEN-7: a 2-player-only preset (``matgo``) refuses a 3-player hand."""
    try:
        rules.check_players(players)
    except RulesError as exc:
        raise DealError(str(exc)) from None


class Hand(
    Decisions,
    LegalActions,
    Information,
    TurnCycle,
    CaptureRules,
    Collection,
    Payments,
    LiabilityContext,
    DealChecks,
):
    """One hand for 2 or 3 active players (see the module docstring).

    Public attributes: :attr:`rules`, :attr:`players`. Everything else is read through
    properties and methods. The fields are declared in :class:`~gostop.engine.state.HandState`;
    every mixin adds the rules of one family and no field.
    """

    __slots__ = ()

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        seed: int,
        *,
        nagari_before: int = 0,
        cut: int | None = None,
        boar_pot: int = 0,
        pushes: int = 0,
    ) -> Hand:
        """Shuffle with ``seed``, cut, deal (DEAL-1, DEAL-2) and run the DEAL checks.

        The exact procedure (so anyone can re-derive a deal from its seed) is in
        :mod:`gostop.engine.deal`. ``nagari_before`` is k of MATCH-5; ``cut`` the cut depth
        (None or 0: no cut); ``boar_pot`` the VAR-BOAR pot carried into this deal; ``pushes``
        the VAR-PUSH consecutive pushes before it (its settlement doubles once per push).

        Raises:
            DealError: ``players`` is not 2 or 3, or the cut depth is out of range.
        """
        t = Tables.for_rules(rules)
        deal_sizes(players)
        _check_players(rules, players)
        rng = random.Random(seed)
        order = shuffled_order(t.n, rng, cut)
        hands, layout, stock = split_deal(order, players, rules.deal_order)
        month, mission, mult = start_draws(rules, rng)
        return cls._build(t, players, hands, layout, stock, nagari_before, boar_pot, month, mission, mult)._with_pushes(pushes)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        layout: Sequence[Card | str],
        stock: Sequence[Card | str],
        *,
        nagari_before: int = 0,
        boar_pot: int = 0,
        weol_yak_month: int | None = None,
        mission: tuple[str, int] | None = None,
        pushes: int = 0,
    ) -> Hand:
        """A hand from an explicit deal (before the DEAL checks, which run here).

        ``hands`` per seat (seat 0 = the dealer), ``layout``, ``stock`` top first; cards as
        codes or :class:`Card`. Together they must be exactly the rules' deck, with the DEAL-2
        sizes (2 players: 10 per hand, 8 on the layout; 3 players: 7 and 6).
        ``weol_yak_month`` (1..12) and ``mission`` (``(name, multiplier)``, a name of
        :data:`gostop.engine.deal.MISSIONS`) stand for the draws of ``Hand.new``; they count
        only when the ``weol_yak_month`` / ``missions`` knob is on (no month / no mission when
        omitted).

        Raises:
            DealError: wrong sizes, unknown cards, cards not in the deck, duplicates or missing
                cards, a bad month or mission.
        """
        t = Tables.for_rules(rules)
        players = len(hands)
        per_hand, per_layout = deal_sizes(players)
        _check_players(rules, players)

        def indices(cards: Sequence[Card | str], where: str) -> list[int]:
            out = []
            for card in cards:
                try:
                    code = card.code if isinstance(card, Card) else parse_card(card).code
                except CardCodeError as exc:
                    raise DealError(f"{where}: {exc}") from None
                i = t.index.get(code)
                if i is None:
                    raise DealError(
                        f"{where}: card {code} is not in the deck of these rules "
                        f"(jokers: {' '.join(rules.jokers) or 'none'})"
                    )
                out.append(i)
            return out

        hand_lists = [indices(h, f"hand of seat {s}") for s, h in enumerate(hands)]
        lay = indices(layout, "layout")
        stk = indices(stock, "stock")
        for s, h in enumerate(hand_lists):
            if len(h) != per_hand:
                raise DealError(f"seat {s} holds {len(h)} cards; with {players} players a hand holds {per_hand} (DEAL-2)")
        if len(lay) != per_layout:
            raise DealError(f"the layout holds {len(lay)} cards; with {players} players it holds {per_layout} (DEAL-2)")
        every = [i for h in hand_lists for i in h] + lay + stk
        seen: set[int] = set()
        dupes = sorted({t.codes[i] for i in every if i in seen or seen.add(i)})  # type: ignore[func-returns-value]
        if dupes:
            raise DealError(f"cards dealt twice: {' '.join(dupes)}")
        missing = [t.codes[i] for i in range(t.n) if i not in seen]
        if missing:
            raise DealError(f"cards missing from the deal: {' '.join(missing)}")
        month = 0
        if weol_yak_month is not None:
            if not isinstance(weol_yak_month, int) or not 1 <= weol_yak_month <= 12:
                raise DealError(f"weol_yak_month must be 1..12, got {weol_yak_month!r}")
            month = weol_yak_month
        mission_index, mult = -1, 1
        if mission is not None:
            names = [name for name, _ in MISSIONS]
            if (
                not isinstance(mission, tuple | list)
                or len(mission) != 2
                or mission[0] not in names
                or not isinstance(mission[1], int)
                or mission[1] < 1
            ):
                raise DealError(f"mission must be (name, multiplier >= 1) with a name among {', '.join(names)}")
            mission_index, mult = names.index(mission[0]), mission[1]
        return cls._build(t, players, hand_lists, lay, stk, nagari_before, boar_pot, month, mission_index, mult)._with_pushes(
            pushes
        )

    @classmethod
    def _build(
        cls,
        t: Tables,
        players: int,
        hands: list[list[int]],
        layout: list[int],
        stock: list[int],
        nagari_before: int,
        boar_pot: int,
        month: int,
        mission: int,
        mult: int,
    ) -> Hand:
        for name, value, most in (("nagari_before", nagari_before, MAX_NAGARI_BEFORE), ("boar_pot", boar_pot, MAX_POT)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
                raise DealError(f"{name} must be a whole number from 0 to {most}, got {clip(value)}")
        self = object.__new__(cls)
        self._init_state(t, players, hands, layout, stock, nagari_before, boar_pot, month, mission, mult)
        return self

    def _with_pushes(self, pushes: int) -> Hand:
        """Set the VAR-PUSH input (consecutive pushes before this hand); returns the hand."""
        if isinstance(pushes, bool) or not isinstance(pushes, int) or not 0 <= pushes <= MAX_PUSHES:
            raise DealError(f"pushes must be a whole number from 0 to {MAX_PUSHES}, got {clip(pushes)}")
        self._pushes = pushes
        return self

    # -- queries for the faces (public facts + the decider's hand) ------------------------------

    def preview(self, action: Action | str) -> Preview:
        """What a legal action of :attr:`current_player` would do, from public facts and the
        decider's own hand: the layout cards it takes, matches, feeds, the scoring items it
        completes, whether a pick follows (CAPT-H, CAPT-S, BOMB-1, JOKER-1; see
        :class:`~gostop.engine.preview.Preview`). The hand is not changed.

        Raises:
            IllegalActionError: the action is not legal now.
        """
        return preview_action(self, action)

    def stop_preview(self) -> StopPreview:
        """At a go/stop decision (DEC-16): what a stop pays now and what a go risks
        (GOSTOP-6 final-turn nagari, LIAB-3 go-bak, PAY-3/PAY-5 next go); see
        :class:`~gostop.engine.preview.StopPreview`. Public facts only.

        Raises:
            ValueError: the current decision is not go/stop.
        """
        return preview_stop(self)

    def __repr__(self) -> str:
        """A short description: preset, players, turn, the deciding seat and the stage."""
        state = STAGES[self._stage]
        return f"<Hand {self.rules.preset} {self.players}p turn {self._turn_no} seat {self.current_player} {state}>"
