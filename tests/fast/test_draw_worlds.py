"""Worlds sampled after another seat's JOKER-4 draw (``reveal_replace``: the fuda-wiki and matgo
presets), or after it kept a quad (DEC-5, ``keep-quad``), are deals that could have been played:
the fast engine replays every one of them, as it does the worlds of any other position.

After a draw, three defects made about one world in eighty impossible (the search then rolled it
out on the slow reference engine):

* the card a seat drew could be chosen among the cards of a bomb it made later, including the
  layout's card of the bomb's month, which was never in its hand;
* it could be a card the seat had shown by a shake before that draw;
* choosing it could leave the seat four of a month at the deal, which it would have had to
  declare (DEAL-7).

And a seat that kept a quad was dealt none (a world in four hundred of these presets' positions).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from joker_positions import after_draws, after_kept_quads  # noqa: E402

from gostop.engine import Hand  # noqa: E402
from gostop.engine.check import hidden_violations  # noqa: E402
from gostop.fast.convert import ConversionError, from_hand  # noqa: E402
from gostop.rules import get_preset  # noqa: E402


@pytest.mark.parametrize(("preset", "players", "hands"), [("matgo", 2, 700), ("fuda-wiki", 3, 500)])
def test_every_world_after_a_draw_is_a_deal_the_fast_engine_replays(preset: str, players: int, hands: int) -> None:
    positions = after_draws(preset, players, hands)
    assert len(positions) > 400
    refused = []
    for h, seat, k in positions:
        world = h.determinize(seat, random.Random(k))
        try:
            from_hand(world)
        except ConversionError as e:
            refused.append(f"seed {k}: {e}")
    assert refused == []


@pytest.mark.parametrize(("preset", "players"), [("matgo", 2), ("fuda-wiki", 3)])
def test_a_seat_that_kept_a_quad_is_dealt_one_in_every_world(preset: str, players: int) -> None:
    refused = []
    for h, seat, holder, k in after_kept_quads(preset, players, 60):
        world = h.determinize(seat, random.Random(k))
        assert _quad_at_deal_of(world, holder), f"seed {k}"
        try:
            from_hand(world)
        except ConversionError as e:
            refused.append(f"seed {k}: {e}")
    assert refused == []


def _quad_at_deal_of(world: Hand, seat: int) -> bool:
    """Four of a month among ``seat``'s cards at the deal: its hand now and every card that left
    it (played, bombed), less the cards it drew (JOKER-4)."""
    t = world._t
    cards = world._hands[seat]
    public = {c.code for e in world.events if e.type == "layout" for c in e.cards}
    for e in world.events:
        if e.seat == seat and e.type in ("play", "bomb", "grenade"):
            for c in e.cards:
                if c.code not in public:
                    cards |= 1 << t.index[c.code]
    for s, at in world._draw_slots:
        if s == seat:
            cards &= ~(1 << world._stock[at])
    return any((cards >> (4 * m) & 0xF) == 0xF for m in range(12))


def _bomb_after_draw() -> tuple[Hand, int, int, int]:
    """A matgo hand where seat ``s`` drew a card (JOKER-4), then bombed a month whose fourth card
    lay on the layout, and the other seat is to act: (hand, s, the draw's stock position, the
    layout's card of the bomb)."""
    rules = get_preset("matgo")
    for seed in range(3000):
        rng = random.Random(seed)
        h = Hand.new(rules, 2, seed)
        while not h.is_over:
            legal = h.legal_actions()
            bombs = [a for a in legal if a.kind == "bomb"]
            s = h.current_player
            drew = [at for d, at in h._draw_slots if d == s]
            h.apply(bombs[0] if bombs and drew else legal[rng.randrange(len(legal))])
            if not (bombs and drew) or h.is_over or h.current_player == s:
                continue
            bomb = next(e for e in reversed(h.events) if e.type == "bomb")
            public = {c.code for e in h.events if e.type == "layout" for c in e.cards}
            public |= {h._t.codes[i] for k, i in enumerate(h._stock[: h._stock_pos]) if k not in drew}
            on_layout = [c for c in bomb.cards if c.code in public]
            if on_layout:
                return h, s, drew[-1], h._t.index[on_layout[0].code]
    raise AssertionError("no such hand in 3000 seeds")


def test_the_card_drawn_is_never_the_layout_card_of_a_later_bomb() -> None:
    h, s, at, layout_card = _bomb_after_draw()
    observer = 1 - s
    for k in range(60):
        world = h.determinize(observer, random.Random(k))
        assert world._stock[at] != layout_card, f"sample {k}"
    assert hidden_violations(h, random.Random(1), 4) == []
