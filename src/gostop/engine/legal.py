"""Who decides now and what they may do (RULES.md 2.18 DEC, TURN-3, BOMB, SHAKE, LIAB-7).

:attr:`LegalActions.current_player` and :meth:`LegalActions.legal_actions` (cached until the next
action); a text or an Action that is not legal gives an
:class:`~gostop.engine.actions.IllegalActionError` naming the legal ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, IllegalActionError
from .result import HandResult
from .stages import (
    ANSWER,
    CHONGTONG,
    GOSTOP,
    MAIN,
    OVER,
    PICK_HAND,
    PICK_STOCK,
    STAGES,
    SURRENDER,
    YELL,
)
from .state import HandState
from .tables import M48, NIB1, NIB3, NIB5, bits, expand_months

__all__ = ["LegalActions"]

_GO = Action("go")

_STOP = Action("stop")

_ACCEPT = Action("accept")

_REFUSE = Action("refuse")

_YELL_A = Action("yell")

_NO_YELL = Action("no-yell")

_CHONGTONG_A = Action("chongtong")

_CONTINUE = Action("continue")

_SKIP = Action("skip")

_OFFER = Action("offer-shodang")


class LegalActions(HandState):
    """Mixin of :class:`~gostop.engine.hand.Hand`: the deciding seat and the legal actions."""

    __slots__ = ()

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now: the mover, a debtor choosing a surrender, an
        opponent answering shodang or yelling, a quad holder (DEC-5); None when over.
        """
        st = self._stage
        if st in (MAIN, PICK_HAND, PICK_STOCK, GOSTOP):
            return self._mover
        if st == OVER:
            return None
        return self._decider

    @property
    def is_over(self) -> bool:
        """True once the hand has ended (then :attr:`result` is set)."""
        return self._result is not None

    @property
    def result(self) -> HandResult | None:
        """The :class:`HandResult`, or None while the hand is being played."""
        return self._result

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`current_player` now (exact; empty when over).

        The list is a fresh copy; its actions are interned :class:`Action` values.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._main_actions() if self._stage == MAIN else self._compute_legal()
        return legal[:]

    def _compute_legal(self) -> list[Action]:
        """The legal actions of the current stage (DEC-5 .. DEC-16)."""
        st = self._stage
        t = self._t
        if st == MAIN:
            return self._main_actions()
        if st in (PICK_HAND, PICK_STOCK):
            pick = t.pick
            return [pick[i] for i in bits(self._pick_options)]
        if st == GOSTOP:
            return [_GO, _STOP]
        if st == SURRENDER:
            return [t.surrender_action(m) for m in self._surrender_masks]
        if st == ANSWER:
            return [_ACCEPT, _REFUSE]
        if st == YELL:
            return [_YELL_A, _NO_YELL]
        if st == CHONGTONG:
            return [_CHONGTONG_A, _CONTINUE]
        return []

    def _main_actions(self) -> list[Action]:
        """DEC-11 main actions (TURN-3: play, BOMB-1 bomb, VAR-GRENADE grenade, BOMB-3 skip) and
        the phase-0 declarations (SHAKE-1 shake, SHAKE-5 show-quad, JOKER-4 reveal, LIAB-7 offer).
        """
        s = self._mover
        t = self._t
        h = self._hands[s]
        must = self._must_play
        if must:
            acts = t.plays(h & (must * 15))
        else:
            plays = self._plays[s]
            if plays is None:
                plays = self._plays[s] = tuple(t.plays(h))
            acts = list(plays)
        # BOMB-1 / VAR-GRENADE need all four cards of the month in hand + layout.
        x = (h | self._layout) & M48
        full = x & (x >> 1) & (x >> 2) & (x >> 3) & NIB1
        if must:
            full &= must
        declared = self._declared_months[s]
        rules = self.rules
        while full:
            low = full & -full
            full ^= low
            p = low.bit_length() - 1
            hc = (h & (0xF << p)).bit_count()
            if hc == 3:
                if rules.bomb_allowed and (not declared & low or rules.bomb_after_heundeum):
                    bomb = t.bomb[(p >> 2) + 1]
                    assert bomb is not None
                    acts.append(bomb)
            elif hc == 2 and rules.grenade != "off":
                grenade = t.grenade[(p >> 2) + 1]
                assert grenade is not None
                acts.append(grenade)
        if self._skip_allowance[s] and not must and (rules.bomb_skip_timing == "any_later" or self._skip_window[s]):
            acts.append(_SKIP)
        # Phase 0 declarations: months with three (or four) cards in hand, not yet declared.
        x = h & M48
        x = x - ((x >> 1) & NIB5)
        x = (x & NIB3) + ((x >> 2) & NIB3)
        triples = (x & (x >> 1) | (x >> 2)) & NIB1
        if triples:
            triples &= ~declared
            while triples:
                low = triples & -triples
                triples ^= low
                p = low.bit_length() - 1
                m = (p >> 2) + 1
                # SHAKE-5 a kept quad; SHAKE-1 a triple (our reading: a quad that forms in
                # hand after the deal under mandatory chongtong is shaken like a triple).
                quad = (x >> p) & 4 and rules.chongtong == "optional"
                if not quad and rules.heundeum_needs_clear_month and self._layout & (0xF << p):
                    continue  # VAR-SHAKE-CLEAR: a card of the month lies on the layout
                a = t.show_quad[m] if quad else t.shake[m]
                assert a is not None
                acts.append(a)
        if t.reveal_mode and h & t.jokers:
            reveal = t.reveal
            for i in bits(h & t.jokers):
                acts.append(reveal[i])
        # LIAB-7 (our reading): one offer per turn.
        if self._shodang_on and not self._offered and self._may_offer(s):
            acts.append(_OFFER)
        return acts

    def _may_offer(self, s: int) -> bool:
        """LIAB-7 shodang eligibility."""
        rules = self.rules
        mode = rules.shodang_eligibility
        if mode == "any":
            return True
        h = self._hands[s]
        if not h & (h - 1):
            return False  # fewer than 2 cards
        if h & self._t.jokers or expand_months(h) & self._layout:
            return False  # a card matches the layout (a joker is never a winning card)
        cards = bits(h)
        score = self._t.score
        opps = self._opponents(s)
        covered: set[int] = set()
        for i in cards:
            winners = set()
            month_cards = 0xF << (i & ~3)
            for o in opps:
                theirs = self._hands[o] & month_cards
                for j in bits(theirs):
                    pts = score.stop_points(self._caps[o] | 1 << i | 1 << j)
                    if pts >= self._target and (not self._goes[o] or pts > self._last_go_points[o]):
                        winners.add(o)
                        break
            if not winners:
                return False
            covered |= winners
        if mode == "no_safe_play_each":
            return covered == set(opps)
        return True

    def _coerce(self, action: object, legal: list[Action]) -> Action:
        """``action`` as a legal Action, or IllegalActionError (the hand is not touched)."""
        if isinstance(action, str):
            try:
                parsed = Action.parse(action)
            except ValueError as exc:
                raise IllegalActionError(
                    f"cannot read action {action!r}: {exc}; legal: {_fmt_legal(legal)}", action, legal
                ) from None
            if parsed in legal:
                return parsed
            raise IllegalActionError(self._illegal_message(parsed, legal), parsed, legal)
        if isinstance(action, Action):
            raise IllegalActionError(self._illegal_message(action, legal), action, legal)
        raise IllegalActionError(
            f"an action is an Action or its text, got {action!r}; legal: {_fmt_legal(legal)}", action, legal
        )

    def _illegal_message(self, action: Action, legal: list[Action]) -> str:
        """The message of an IllegalActionError for ``action``."""
        if self._result is not None:
            return f"illegal action {action.text!r}: the hand is over"
        who = self.current_player
        return f"illegal action {action.text!r} for seat {who} ({STAGES[self._stage]}); legal: {_fmt_legal(legal)}"


def _fmt_legal(legal: Sequence[Action]) -> str:
    if not legal:
        return "none (the hand is over)"
    return ", ".join(a.text for a in legal)
