"""The search bot's exclusions (``search:exclude``): the cards an opponent cannot hold if it
plays like ``greedy`` (every card whose capture it would have preferred to the card it played),
and worlds dealt without them.

* Against ``greedy`` opponents the real hands never hold an excluded card, while the masks do
  exclude hidden cards (they carry information).
* The masks are computed from public facts: two determinizations of one hand give the same.
* ``Hand.determinize(forbid=...)`` deals no seat a forbidden card, keeps everything the seat
  knows, conserves the cards, and drops a belief the hidden cards cannot satisfy.
* A search with exclusions decides legally and reproducibly.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from gostop.agents import make_agent  # noqa: E402
from gostop.agents.protocol import Agent, Decision, HandContext, WorldSampler  # noqa: E402
from gostop.agents.search import SearchAgent  # noqa: E402
from gostop.engine import DealError, Hand  # noqa: E402
from gostop.fast.config import config_for  # noqa: E402
from gostop.fast.convert import ConversionError, greedy_exclusions  # noqa: E402
from gostop.fast.policies import greedy_tables  # noqa: E402
from gostop.rules import PRESETS  # noqa: E402


def _played_hand(players: int, seed: int) -> Hand | None:
    """Hand ``seed`` of ``pagat``: seat 0 plays at random, the others are ``greedy`` bots;
    stopped after a seeded number of actions (None: over)."""
    rules = PRESETS["pagat"]
    try:
        h = Hand.new(rules, players, seed)
    except DealError:
        return None
    bots: dict[int, Agent] = {}
    for s in range(1, players):
        bots[s] = make_agent("greedy")
        bots[s].begin_hand(HandContext(rules, players, s, seed * 10 + s))
    rng = random.Random(seed)
    for _ in range(8 + rng.randrange(20)):
        if h.is_over:
            return None
        legal = h.legal_actions()
        s = h.current_player
        assert s is not None
        if s == 0 or len(legal) == 1:
            a = legal[rng.randrange(len(legal))]
        else:
            a = bots[s].choose(Decision(h.observation(s), tuple(legal)))
        h.apply(a)
    return None if h.is_over else h


def _masks(h: Hand, observer: int, margin: float = 0.0) -> list[int]:
    cfg = config_for(h.rules)
    w, rank, _pos = greedy_tables(cfg.tables.score)
    return greedy_exclusions(h, observer, w, rank, margin, cfg)


def _hidden(h: Hand, seat: int) -> int:
    """The cards of ``seat``'s hand that no other seat can see."""
    return h._hands[seat] & ~h._shown_in_hand(seat)


@pytest.mark.parametrize("players", [2, 3])
def test_greedy_opponents_never_hold_an_excluded_card(players: int) -> None:
    checked = informative = 0
    for seed in range(80):
        h = _played_hand(players, seed)
        if h is None:
            continue
        try:
            masks = _masks(h, 0)
        except ConversionError:
            continue
        checked += 1
        assert masks[0] == 0  # nothing is inferred about the observer itself
        unseen = 0  # what seat 0 cannot see: the other hands and the stock
        for s in range(1, players):
            unseen |= _hidden(h, s)
        for i in h._stock[h._stock_pos :]:
            unseen |= 1 << i
        for s in range(1, players):
            assert masks[s] & _hidden(h, s) == 0, (seed, s)
            informative += bool(masks[s] & unseen)
        # a determinization sees the same public facts: the same masks
        det = h.determinize(0, random.Random(seed))
        assert _masks(det, 0) == masks
        # a larger margin excludes fewer cards (a subset)
        loose = _masks(h, 0, 3.0)
        assert all(lo & ~m == 0 for lo, m in zip(loose, masks, strict=True))
    assert checked >= 30
    assert informative >= checked // 2  # the masks usually rule out some hidden card


@pytest.mark.parametrize("players", [2, 3])
def test_determinize_deals_no_forbidden_card_and_keeps_the_facts(players: int) -> None:
    done = 0
    for seed in range(40):
        h = _played_hand(players, seed)
        if h is None:
            continue
        try:
            masks = _masks(h, 0)
        except ConversionError:
            continue
        obs = h.observation(0)
        rng = random.Random(seed)
        for _ in range(5):
            det = h.determinize(0, rng, masks)
            assert det.observation(0) == obs
            for s in range(1, players):
                assert _hidden(det, s) & masks[s] == 0, (seed, s)
            # the cards are conserved: the same hidden pool, dealt again
            pool_real = sorted(list(h._stock[h._stock_pos :]) + [i for s in range(1, players) for i in _bits(_hidden(h, s))])
            pool_det = sorted(list(det._stock[det._stock_pos :]) + [i for s in range(1, players) for i in _bits(_hidden(det, s))])
            assert pool_det == pool_real
        done += 1
    assert done >= 15


def test_an_unsatisfiable_belief_is_dropped() -> None:
    h = _played_hand(3, 3)
    assert h is not None
    everything = (1 << 64) - 1
    det = h.determinize(0, random.Random(1), [0, everything, everything])
    assert det.observation(0) == h.observation(0)
    for s in (1, 2):
        assert _hidden(det, s).bit_count() == _hidden(h, s).bit_count()


def test_a_search_with_exclusions_decides_legally_and_reproducibly() -> None:
    rules = PRESETS["pagat"]
    picks = []
    for _ in range(2):
        h = _played_hand(3, 7)
        assert h is not None
        while h.current_player != 0:
            h.apply(h.legal_actions()[0])
        agent = make_agent("search:exclude=0:infer_players=3:steps=200")
        assert isinstance(agent, SearchAgent)
        agent.begin_hand(HandContext(rules, 3, 0, 11))
        legal = tuple(h.legal_actions())
        a = agent.choose(Decision(h.observation(0), legal, WorldSampler.from_hand(h, 0, 5)))
        assert a in legal
        picks.append((a, agent.last_forbid))
    assert picks[0] == picks[1]
    assert picks[0][1] is not None and any(picks[0][1])
    with pytest.raises(ValueError):
        make_agent("search:exclude=-5")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
