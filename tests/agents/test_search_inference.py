"""The search bot's inference (``search:infer``): a sampled deal in which an opponent passed up
the play the ``greedy`` model would have made is weighed down.

* The real deal of a hand whose opponents are ``greedy`` bots is never surprising (the
  compiled model is greedy choice for choice), whatever the observer's own play.
* Sampled deals of such a hand often are (the measure tells deals apart), and hands whose
  opponents play at random are surprising.
* Taking a deal over with the measure gives the same fast state as without it.
* The weighted statistics reduce to the plain ones with equal weights, and a search with
  inference decides legally and reproducibly.

Exclusions (``search:exclude``): the cards an opponent cannot hold if it plays like ``greedy``
(every card whose capture it would have preferred to the card it played; every capturing card
when it skipped a turn or offered shodang, DEC-9), and worlds dealt without them.

* Against ``greedy`` opponents the real hands never hold an excluded card, while the masks do
  exclude hidden cards (they carry information).
* The masks are computed from public facts: two determinizations of one hand give the same.
* ``Hand.determinize(forbid=...)`` deals no seat a forbidden card, keeps everything the seat
  knows, conserves the cards, and drops a belief the hidden cards cannot satisfy; its deals are
  a uniform draw among those that meet the belief (each card's chance to be in each hand is
  that of a rejection sampler's, which the first-fit deal alone is far from).
* A search with exclusions decides legally and reproducibly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402

from gostop.agents import make_agent  # noqa: E402
from gostop.agents.protocol import Agent, Decision, HandContext, WorldSampler  # noqa: E402
from gostop.agents.search import SearchAgent, _weighted_mean_se  # noqa: E402
from gostop.engine import DealError, Hand  # noqa: E402
from gostop.engine.tables import bits  # noqa: E402
from gostop.fast import layout as L  # noqa: E402
from gostop.fast.config import config_for  # noqa: E402
from gostop.fast.convert import ConversionError, greedy_exclusions, state_from_hand  # noqa: E402
from gostop.fast.policies import greedy_tables  # noqa: E402
from gostop.rules import PRESETS, get_preset  # noqa: E402
from gostop.sim.runner import play_hand  # noqa: E402


def _played_hand(players: int, seed: int, opponents: str) -> Hand | None:
    """Hand ``seed`` of ``pagat``: seat 0 plays at random, the other seats are ``opponents``
    bots (``greedy`` or ``random``); stopped after a seeded number of actions (None: over)."""
    rules = PRESETS["pagat"]
    try:
        h = Hand.new(rules, players, seed)
    except DealError:
        return None
    bots: dict[int, Agent] = {}
    for s in range(1, players):
        bots[s] = make_agent(opponents)
        bots[s].begin_hand(HandContext(rules, players, s, seed * 10 + s))
    rng = random.Random(seed)
    for _ in range(6 + rng.randrange(20)):
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


def _surprise(h: Hand, observer: int) -> int:
    cfg = config_for(h.rules)
    w, rank, pos = greedy_tables(cfg.tables.score)
    out = np.zeros(1, np.int64)
    S = state_from_hand(h, cfg, None, None, (observer, w, rank, pos, out))
    # The measure does not change the take-over (greedy fills only its stop-points memo).
    plain = state_from_hand(h, cfg)
    memo = [L.SP_MASK + s for s in range(3)] + [L.SP_VAL + s for s in range(3)]
    S[memo] = 0
    plain[memo] = 0
    assert np.array_equal(S, plain)
    return int(out[0])


@pytest.mark.parametrize("players", [2, 3])
def test_the_real_deal_against_greedy_opponents_is_never_surprising(players: int) -> None:
    checked = 0
    sampled = []
    for seed in range(60):
        h = _played_hand(players, seed, "greedy")
        if h is None:
            continue
        try:
            assert _surprise(h, 0) == 0, f"{players}p seed {seed}"
            world = h.determinize(0, random.Random(seed))
            sampled.append(_surprise(world, 0))
        except ConversionError:
            continue
        checked += 1
    assert checked >= 20
    # Sampled deals differ: in some of them an opponent passed up greedy's play.
    assert sum(1 for x in sampled if x > 0) >= len(sampled) // 4, sampled


def test_random_opponents_are_surprising() -> None:
    total = 0
    checked = 0
    for seed in range(30):
        h = _played_hand(3, seed, "random")
        if h is None:
            continue
        try:
            total += _surprise(h, 0)
        except ConversionError:
            continue
        checked += 1
    assert checked >= 15
    assert total >= checked // 2, (total, checked)


def test_weighted_statistics() -> None:
    xs = [1.0, 4.0, -2.0, 7.0]
    mean, se = _weighted_mean_se(xs, [1.0] * 4)
    plain = sum(xs) / 4
    assert mean == plain
    assert se == math.sqrt(sum((x - plain) ** 2 for x in xs) / 3 / 4)
    # A world of weight 0 does not count; doubling every weight changes nothing.
    m0, _ = _weighted_mean_se([*xs, 1000.0], [0.5, 0.5, 0.5, 0.5, 0.0])
    assert m0 == pytest.approx(plain)
    m1, s1 = _weighted_mean_se(xs, [0.2, 0.4, 0.6, 0.8])
    m2, s2 = _weighted_mean_se(xs, [0.4, 0.8, 1.2, 1.6])
    assert m1 == pytest.approx(m2) and s1 == pytest.approx(s2)
    assert m1 == pytest.approx((0.2 * 1 + 0.4 * 4 - 0.6 * 2 + 0.8 * 7) / 2.0)
    # One world carrying all the weight: no standard error to speak of.
    assert _weighted_mean_se(xs, [1e-12, 1e-12, 1.0, 1e-12])[1] == math.inf
    assert _weighted_mean_se([3.0], [1.0]) == (3.0, math.inf)


def _searched(spec: str, seeds: range, players: int = 3) -> tuple[list[str], list[float], list[int]]:
    """pagat, seat 0 the search bot, the others greedy: its choices, the weights of the worlds
    of its last searched decision of each hand, and the worlds drawn at each searched
    decision."""
    rules = PRESETS["pagat"]
    agent = make_agent(spec)
    assert isinstance(agent, SearchAgent)
    chosen: list[str] = []
    weights: list[float] = []
    worlds: list[int] = []
    for seed in seeds:
        h = Hand.new(rules, players, seed)
        agent.begin_hand(HandContext(rules, players, 0, seed))
        bots = {s: make_agent("greedy") for s in range(1, players)}
        for s, b in bots.items():
            b.begin_hand(HandContext(rules, players, s, seed))
        n = 0
        while not h.is_over:
            legal = h.legal_actions()
            s = h.current_player
            assert s is not None
            if len(legal) == 1:
                a = legal[0]
            elif s == 0:
                agent.last_worlds = 0
                a = agent.choose(Decision(h.observation(0), tuple(legal), WorldSampler.from_hand(h, 0, seed * 100 + n)))
                n += 1
                assert a in legal
                chosen.append(a.text)
                worlds.append(agent.last_worlds)
                if agent._fast is not None and agent.last_fast_worlds:
                    weights.append(agent._fast.weight)
            else:
                a = bots[s].choose(Decision(h.observation(s), tuple(legal)))
            h.apply(a)
    return chosen, weights, worlds


def _decisions(spec: str, seeds: range) -> tuple[list[str], list[float]]:
    """3 players: the search bot's choices and the weights of its last worlds (``_searched``)."""
    chosen, weights, _ = _searched(spec, seeds)
    return chosen, weights


def test_search_with_inference_is_legal_reproducible_and_weighs_worlds() -> None:
    spec = "search:steps=200:rollouts=fast:infer=0.7"
    first, weights = _decisions(spec, range(4))
    again, _ = _decisions(spec, range(4))
    assert first == again
    assert weights and all(0.0 < w <= 1.0 for w in weights)
    assert any(w < 1.0 for w in weights), weights
    _, plain = _decisions("search:steps=200:rollouts=fast", range(2))
    assert plain and all(w == 1.0 for w in plain)


def test_infer_players_limits_inference_to_larger_tables() -> None:
    """``infer_players=3`` (the ``hard`` level): no inference at a 2-player table."""
    rules = PRESETS["pagat"]
    for players, expected in ((2, 0.0), (3, 0.7)):
        agent = make_agent("hard")
        assert isinstance(agent, SearchAgent)
        agent.begin_hand(HandContext(rules, players, 0, 1))
        fast = agent._fast_rollouts(rules)
        assert fast is not None and fast.infer == expected, players


# -- exclusions (search:exclude) --


def _masks(h: Hand, observer: int, margin: float = 0.0) -> list[int]:
    cfg = config_for(h.rules)
    w, rank, _pos = greedy_tables(cfg.tables.score)
    return greedy_exclusions(h, observer, w, rank, margin, cfg)


def _greedy_hands(players: int, seeds: int) -> Iterator[tuple[int, Hand, list[int]]]:
    """(seed, hand, seat 0's exclusion masks) of the hands :func:`_played_hand` stops with
    ``greedy`` opponents, among ``seeds`` seeds (those the fast engine takes over)."""
    for seed in range(seeds):
        h = _played_hand(players, seed, "greedy")
        if h is None:
            continue
        try:
            masks = _masks(h, 0)
        except ConversionError:
            continue
        yield seed, h, masks


def _hidden(h: Hand, seat: int) -> int:
    """The cards of ``seat``'s hand that no other seat can see."""
    return h._hands[seat] & ~h._shown_in_hand(seat)


@pytest.mark.parametrize("players", [2, 3])
def test_greedy_opponents_never_hold_an_excluded_card(players: int) -> None:
    checked = informative = 0
    for seed, h, masks in _greedy_hands(players, 80):
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
    for seed, h, masks in _greedy_hands(players, 40):
        obs = h.observation(0)
        rng = random.Random(seed)
        for _ in range(5):
            det = h.determinize(0, rng, masks)
            assert det.observation(0) == obs
            for s in range(1, players):
                assert _hidden(det, s) & masks[s] == 0, (seed, s)
            # the cards are conserved: the same hidden pool, dealt again
            pool_real = sorted(list(h._stock[h._stock_pos :]) + [i for s in range(1, players) for i in bits(_hidden(h, s))])
            pool_det = sorted(list(det._stock[det._stock_pos :]) + [i for s in range(1, players) for i in bits(_hidden(det, s))])
            assert pool_det == pool_real
        done += 1
    assert done >= 15


def _where(deals: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """How often each (seat, card) pair occurs among the deals (each seat 1's and seat 2's
    hidden cards, as masks)."""
    count: dict[tuple[int, int], int] = {}
    for masks in deals:
        for s, m in enumerate(masks, 1):
            for i in bits(m):
                count[(s, i)] = count.get((s, i), 0) + 1
    return {k: v / len(deals) for k, v in count.items()}


def _rejection_deals(h: Hand, masks: list[int], n: int, rng: random.Random) -> list[tuple[int, int]]:
    """Exact: shuffle the cards seat 0 cannot see, deal them in seat order (seat 1's hidden
    cards, seat 2's, the stock), keep the first ``n`` deals that meet the belief ``masks``."""
    k1, k2 = _hidden(h, 1).bit_count(), _hidden(h, 2).bit_count()
    pool = list(h._stock[h._stock_pos :]) + [i for s in (1, 2) for i in bits(_hidden(h, s))]
    kept: list[tuple[int, int]] = []
    for _ in range(200_000):
        rng.shuffle(pool)
        a = sum(1 << i for i in pool[:k1])
        b = sum(1 << i for i in pool[k1 : k1 + k2])
        if not (a & masks[1] or b & masks[2]):
            kept.append((a, b))
            if len(kept) == n:
                break
    assert len(kept) == n, "the belief is too rare for this check"
    return kept


def _determinized_deals(h: Hand, masks: list[int], n: int, rng: random.Random) -> list[tuple[int, int]]:
    return [(_hidden(d, 1), _hidden(d, 2)) for d in (h.determinize(0, rng, masks) for _ in range(n))]


def _largest_gap(a: dict[tuple[int, int], float], b: dict[tuple[int, int], float]) -> float:
    return max(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b))


def test_determinize_with_a_belief_deals_uniformly_among_the_deals_that_meet_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card's chance to be in each hand is the rejection sampler's (within sampling noise);
    without the mixing walk (the first-fit deal alone) it is far off."""
    import gostop.engine.information as information

    n = 3000
    checked = leaning = 0
    for seed, h, masks in _greedy_hands(3, 40):
        # a belief that rules out, for each seat, cards the other may hold: where first-fit leans
        if not (masks[1] & ~masks[2] and masks[2] & ~masks[1]):
            continue
        rng = random.Random(seed)
        truth = _where(_rejection_deals(h, masks, n, rng))
        mixed = _where(_determinized_deals(h, masks, n, rng))
        with monkeypatch.context() as m:
            m.setattr(information, "MIX_SWAPS", 0)
            first_fit = _where(_determinized_deals(h, masks, n, rng))
        gap = _largest_gap(truth, mixed)
        assert gap < 0.06, (seed, gap)  # about 4 standard errors at p = 1/2
        checked += 1
        leaning += _largest_gap(truth, first_fit) > 0.1  # the check tells a leaning deal apart
        if checked >= 3 and leaning:
            break
    assert checked >= 3 and leaning, (checked, leaning)


def test_an_unsatisfiable_belief_is_dropped() -> None:
    h = _played_hand(3, 3, "greedy")
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
        h = _played_hand(3, 7, "greedy")
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



# -- opponents modelled as greedy in the rollouts (search:opponents=greedy) --


def test_rollouts_with_greedy_opponents_play_greedy_for_every_other_seat() -> None:
    """``rollout(..., greedy_others=True)`` finishes a hand exactly as a step-by-step loop in
    which every seat but the searcher plays the compiled ``greedy`` and the searcher the
    rollout policy; and it is not the plain rollout (the opponents' play differs)."""
    from gostop.fast.kernels import apply, current_player, legal
    from gostop.fast.policies import greedy
    from gostop.fast.rollout import GO_MARGIN, no_net, rollout, rollout_choose

    checked = differs = 0
    net = no_net()
    for seed in range(40):
        h = _played_hand(3, seed, "greedy")
        if h is None:
            continue
        cfg = config_for(h.rules)
        w, rank, pos = greedy_tables(cfg.tables.score)
        world = h.determinize(0, random.Random(seed))
        try:
            S = state_from_hand(world, cfg)
        except ConversionError:
            continue
        K, T = cfg.knobs, cfg.table
        E = np.zeros(1, np.int64)
        buf = np.empty(8192, np.int64)
        modelled, plain, by_hand = S.copy(), S.copy(), S.copy()
        value, steps = rollout(modelled, K, T, E, buf, 0, w, rank, pos, GO_MARGIN, *net, True)
        value_plain, _ = rollout(plain, K, T, E, buf, 0, w, rank, pos, GO_MARGIN, *net, False)
        n_steps = 0
        while by_hand[L.STAGE] != L.OVER:
            n = legal(by_hand, K, T, buf)
            p = current_player(by_hand)
            if n == 1:
                i = 0
            elif p != 0:
                i = greedy(by_hand, K, T, buf, n, p, w, rank, pos, 3, 1)
            else:
                i = rollout_choose(by_hand, K, T, buf, n, p, w, rank, pos, GO_MARGIN, *net)
            apply(by_hand, K, T, E, buf[i])
            n_steps += 1
        assert np.array_equal(modelled, by_hand) and steps == n_steps, seed
        assert value == float(by_hand[L.CHIPS + 0]) or value == -float(by_hand[L.SHOTS + 0])
        differs += not np.array_equal(modelled, plain) or value != value_plain
        checked += 1
    assert checked >= 15
    assert differs >= 3, differs


def test_opponents_option_is_checked_and_limited_to_larger_tables() -> None:
    rules = PRESETS["pagat"]
    with pytest.raises(ValueError):
        make_agent("search:opponents=expert")
    for players, modelled in ((2, False), (3, True)):
        agent = make_agent("search:opponents=greedy:infer_players=3:steps=100")
        assert isinstance(agent, SearchAgent)
        agent.begin_hand(HandContext(rules, players, 0, 1))
        fast = agent._fast_rollouts(rules)
        assert fast is not None and fast.greedy_others is modelled


def test_a_search_skips_the_worlds_in_which_its_shodang_offer_is_not_legal() -> None:
    """fuda-wiki (``shodang_eligibility = no_safe_play``, LIAB-7): whether a seat may offer
    shodang depends on the opponents' hands (each of its cards must be a winning card for one of
    them), so a sampled world can make the offer illegal. The search rolled the offer out in
    such a world and raised IllegalActionError (this hand, seating 110-112); it now draws
    another world, since the seat knows its own legal actions."""
    rules = get_preset("fuda-wiki")
    agents = [make_agent("hard")] + [make_agent("greedy") for _ in range(2)]
    hard = agents[0]
    choose = hard.choose
    offered: list[tuple[Decision, str, int]] = []

    def recorded(decision: Decision) -> object:
        action = choose(decision)
        if any(a.kind == "offer-shodang" for a in decision.legal):
            offered.append((decision, str(action), hard.last_worlds))  # type: ignore[attr-defined]
        assert action in decision.legal
        return action

    hard.choose = recorded  # type: ignore[method-assign]
    hand, _outcomes = play_hand(rules, 3, 110, agents, [110, 111, 112], timing=False)
    assert hand.is_over
    assert offered, "the hand no longer reaches a decision with a shodang offer"
    # every world measured has the offer legal (the real hand does): few of the worlds drawn
    decision, _action, worlds = offered[0]
    assert decision.sampler is not None
    assert 0 < worlds < 200


# -- no pruning where the opponents are modelled (search:model_prune) --


def test_model_prune_is_the_pruning_width_at_larger_tables_only() -> None:
    """``hard`` prunes no candidate with 3 players (``model_prune=0``) and prunes as before
    with 2 (its 2-player play, and so the ladder, unchanged)."""
    rules = PRESETS["pagat"]
    for players, expected in ((2, 2.5), (3, 0.0)):
        agent = make_agent("hard")
        assert isinstance(agent, SearchAgent)
        agent.begin_hand(HandContext(rules, players, 0, 1))
        assert agent._prune_width() == expected, players
    plain = make_agent("search:model_prune=1.5")
    assert isinstance(plain, SearchAgent)
    plain.begin_hand(HandContext(rules, 2, 0, 1))  # infer_players is 2 by default: every table
    assert plain._prune_width() == 1.5
    with pytest.raises(ValueError, match="model_prune"):
        make_agent("search:model_prune=-2")


def test_model_prune_plays_as_prune_at_larger_tables_and_leaves_smaller_ones_alone() -> None:
    """With 3 players ``model_prune=0`` makes exactly the choices of ``prune=0`` (every candidate
    in every world), which are not those of the pruning search: without pruning a decision
    never ends early with one candidate left, so it draws other numbers of worlds. With 2
    players it is the pruning search, choice for choice and world for world."""
    base = "search:steps=150:rollouts=fast:infer_players=3"
    three = range(3)
    modelled = _searched(f"{base}:model_prune=0", three)
    assert modelled == _searched(f"{base}:prune=0", three)
    pruned = _searched(base, three)
    assert modelled[2] != pruned[2]
    two = range(2)
    assert _searched(f"{base}:model_prune=0", two, 2) == _searched(base, two, 2)
