"""The fast engine alone: its API, and property tests (hypothesis) over seeded hands of every
preset and knob variant, 2 and 3 players, jokers included: every card in exactly one place
after every action, every hand ends (within 500 actions), chips zero-sum, a winner exactly
when the hand is neither nagari nor void; the same for batched play (``play_hands``)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gostop.engine import Action, Hand, IllegalActionError  # noqa: E402
from gostop.fast import FastHand, UnsupportedRulesError  # noqa: E402
from gostop.fast.batch import play_hands  # noqa: E402
from gostop.fast.differential import fast_rules, soak_combos  # noqa: E402
from gostop.rules import PRESET_NAMES, PRESETS, Rules  # noqa: E402

PAGAT = PRESETS["pagat"]


def _check_zones(hand: FastHand) -> None:
    seen = 0
    for name, mask in hand.zones().items():
        assert not seen & mask, f"a card is in two places (again in {name})"
        seen |= mask
    assert seen == hand.deck_mask(), "a card is nowhere"


#: Every rules set of the differential soak: the five presets (goo-stupe with 15 jokers) and
#: the knob variants (jokers of every kind, chongtong, bombs, grenades, missions, boar ...).
COMBOS = [(c.rules, c.preset, c.variant) for c in soak_combos() if c.players == 2]


def _play_out(hand: FastHand, rng: random.Random, players: int) -> None:
    _check_zones(hand)
    for _ in range(500):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        assert legal and hand.current_player is not None
        assert hand.current_player in range(players)
        hand.apply(legal[rng.randrange(len(legal))])
        _check_zones(hand)
    assert hand.is_over, "the hand did not end within 500 actions"
    assert hand.current_player is None and hand.legal_actions() == []
    res = hand.result
    assert res is not None and sum(res.chips) == 0 and len(res.chips) == players
    assert min(res.shots) >= 0
    assert (res.winner is None) == (res.nagari or res.void)
    if res.reason == "stop":  # the settlement pays the winner (chips add the fixed payments)
        assert res.winner is not None and len(res.payments) == players - 1
        assert min(res.payments) >= 0 and res.points >= 1


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    preset=st.sampled_from(PRESET_NAMES),
    players=st.sampled_from([2, 3]),
    nagari_before=st.integers(min_value=0, max_value=3),
)
def test_cards_conserved_hand_ends_zero_sum(seed: int, preset: str, players: int, nagari_before: int) -> None:
    rules, _ = fast_rules(PRESETS[preset])  # goo-stupe: its jokers cut to the fast engine's 15
    if rules.two_player_only:  # GEN-7 (matgo)
        players = 2
    hand = FastHand.new(rules, players, seed, nagari_before=nagari_before, events=False)
    _play_out(hand, random.Random(seed), players)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    combo=st.sampled_from(COMBOS),
    players=st.sampled_from([2, 3]),
)
def test_knob_variants_conserve_cards_end_and_sum_to_zero(
    seed: int, combo: tuple[Rules, str, int], players: int
) -> None:
    rules = combo[0]
    if rules.two_player_only:  # GEN-7 (matgo)
        players = 2
    hand = FastHand.new(rules, players, seed, events=seed % 2 == 0)
    assert hand.deck_mask().bit_count() == 48 + len(rules.jokers)
    _play_out(hand, random.Random(seed), players)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    combo=st.sampled_from(COMBOS),
    players=st.sampled_from([2, 3]),
    policy=st.sampled_from(["random", "greedy"]),
)
def test_batched_hands_end_and_sum_to_zero(seed: int, combo: tuple[Rules, str, int], players: int, policy: str) -> None:
    if combo[0].two_player_only:  # GEN-7 (matgo)
        players = 2
    res = play_hands(combo[0], 200, seed, policy, players=players)
    assert res.chips.shape == (200, players)
    assert (res.chips.sum(axis=1) == 0).all()
    assert ((res.winner < 0) == (res.nagari | res.void)).all()
    assert (res.winner < players).all()


def test_same_deal_and_actions_as_reference() -> None:
    a, b = Hand.new(PAGAT, 2, 77, cut=5), FastHand.new(PAGAT, 2, 77, cut=5)
    assert [a.hand_cards(s) for s in (0, 1)] == [b.hand_cards(s) for s in (0, 1)]
    assert a.layout_cards() == b.layout_cards()
    assert a.legal_actions() == b.legal_actions()
    assert all(x is y for x, y in zip(a.legal_actions(), b.legal_actions(), strict=True))


def test_illegal_action_leaves_the_hand_untouched() -> None:
    hand = FastHand.new(PAGAT, 2, 3)
    before = hand.zones()
    with pytest.raises(IllegalActionError):
        hand.apply("go")
    with pytest.raises(IllegalActionError):
        hand.apply("not an action")
    assert hand.zones() == before
    hand.apply(hand.legal_actions()[0].text)  # text works too
    assert len(hand.history) == 1 and isinstance(hand.history[0], Action)


def test_clone_is_independent() -> None:
    hand = FastHand.new(PAGAT, 3, 11)
    copy = hand.clone()
    hand.apply(hand.legal_actions()[0])
    assert copy.turn == 1 and len(copy.history) == 0
    assert copy.zones() != hand.zones()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[-1])
    assert not hand.is_over


def test_unsupported_rules_refused_with_the_knob() -> None:
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        FastHand.new(PRESETS["goo-stupe"], 2, 1)
