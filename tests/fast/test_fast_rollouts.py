"""The search bot's fast rollouts: a reference hand taken over by the fast engine plays on as the
same game, the compiled rollout scores a hand as the reference engine does, and the search bot
uses them (or falls back to the reference rollouts).

Conversion differential: hands of several presets, 2 and 3 players, are played at random to a
seeded point (any stage), optionally determinized for the seat to act, converted
(:func:`gostop.fast.convert.from_hand`) and then played on by both engines with the same random
choices: the legal actions must be identical at every step and so must the results. A failure
names the preset, the player count and the seed.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402

from gostop.agents import AgentSpecError, make_agent  # noqa: E402
from gostop.agents.protocol import Decision, HandContext, WorldSampler  # noqa: E402
from gostop.agents.search import SearchAgent  # noqa: E402
from gostop.engine import DealError, Hand  # noqa: E402
from gostop.engine.check import VARIANTS  # noqa: E402
from gostop.fast import UnsupportedRulesError  # noqa: E402
from gostop.fast.config import config_for  # noqa: E402
from gostop.fast.convert import ConversionError, HistoryCodes, from_hand, state_from_hand  # noqa: E402
from gostop.fast.hand import FastHand  # noqa: E402
from gostop.fast.kernels import current_player, legal  # noqa: E402
from gostop.fast.policies import greedy_tables  # noqa: E402
from gostop.fast.rollout import GO_MARGIN, load_net, no_net, rollout, rollout_choose  # noqa: E402
from gostop.rules import PRESETS, Rules, RulesError  # noqa: E402
from gostop.sim import simulate  # noqa: E402

COVERED = ("pagat", "pagat-classic", "fuda-wiki", "blog")


def _mid_hand(rules: Rules, players: int, seed: int) -> tuple[Hand, random.Random] | None:
    """Hand ``seed`` played at random for a seeded number of actions (None: over or no deal);
    odd seeds are determinized for the seat to act (a search's world)."""
    rng = random.Random(seed)
    try:
        h = Hand.new(rules, players, seed, nagari_before=seed % 2)
    except DealError:
        return None
    for _ in range(rng.randrange(45)):
        if h.is_over:
            return None
        legal_now = h.legal_actions()
        h.apply(legal_now[rng.randrange(len(legal_now))])
    if h.is_over:
        return None
    if seed % 2:
        seat = h.current_player
        assert seat is not None
        h = h.determinize(seat, random.Random(seed * 7 + 1))
    return h, rng


def _conversion_difference(rules: Rules, players: int, seed: int) -> str | None:
    """None when the converted hand plays on as the reference hand (or the hand is refused);
    else the first difference, naming the seed."""
    found = _mid_hand(rules, players, seed)
    if found is None:
        return None
    h, rng = found
    where = f"{rules.preset} {players}p seed {seed} (stage {h.stage}, turn {h.turn})"
    try:
        fh = from_hand(h)
    except ConversionError:
        return "refused"
    if fh.stage != h.stage or fh.current_player != h.current_player:
        return f"{where}: converted to stage {fh.stage} seat {fh.current_player}"
    step = 0
    while not h.is_over:
        la, lb = h.legal_actions(), fh.legal_actions()
        if la != lb:
            return f"{where} step {step}: legal actions differ:\n  ref  {la}\n  fast {lb}"
        i = rng.randrange(len(la))
        h.apply(la[i])
        fh.apply(lb[i])
        step += 1
    ra, rb = h.result, fh.result
    assert ra is not None
    if rb is None:
        return f"{where}: the fast hand is not over"
    ka = (ra.winner, ra.nagari, ra.reason, ra.points, ra.chips, ra.shots, ra.pot_chips)
    kb = (rb.winner, rb.nagari, rb.reason, rb.points, rb.chips, rb.shots, rb.pot_chips)
    if ka != kb:
        return f"{where}: results differ:\n  ref  {ka}\n  fast {kb}"
    return None


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("preset", COVERED)
def test_converted_hands_play_on_identically(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    refused = 0
    stages = set()
    for seed in range(150):
        diff = _conversion_difference(rules, players, seed)
        if diff == "refused":
            refused += 1
            continue
        assert diff is None, diff
        found = _mid_hand(rules, players, seed)
        if found is not None:
            stages.add(found[0].stage)
    assert refused <= 15, f"{refused} of 150 hands refused"
    assert "main" in stages and len(stages) >= 2, stages


def test_converted_hands_knob_variants() -> None:
    for v, over in enumerate(VARIANTS):
        for preset in ("pagat", "fuda-wiki"):
            try:
                rules = PRESETS[preset].with_overrides(over)
            except RulesError:
                continue
            for players in (2, 3):
                for seed in range(6):
                    diff = _conversion_difference(rules, players, 500 + seed)
                    assert diff in (None, "refused"), f"variant {v} {over}: {diff}"


def test_conversion_refuses_finished_hands_and_uncovered_rules() -> None:
    rules = PRESETS["pagat"]
    h = Hand.new(rules, 2, 3)
    rng = random.Random(3)
    while not h.is_over:
        legal_now = h.legal_actions()
        h.apply(legal_now[rng.randrange(len(legal_now))])
    with pytest.raises(ConversionError, match="over"):
        from_hand(h)
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        from_hand(Hand.new(PRESETS["goo-stupe"], 2, 3))


def test_conversion_refuses_a_hand_it_cannot_rebuild() -> None:
    # A card missing from a seat's hand: no deal gives this hand.
    h = Hand.new(PRESETS["pagat"], 2, 11)
    h._hands[0] &= h._hands[0] - 1
    with pytest.raises(ConversionError, match="deal of seat 0"):
        from_hand(h)


def test_worlds_after_another_seats_draw_convert_and_play_on_identically() -> None:
    # fuda-wiki reveals jokers (JOKER-4): another seat's drawn card is dealt again by a
    # determinization (a card that seat may have drawn in that world); the fast engine rebuilds
    # that world's deal and plays on as the reference engine does.
    rules = PRESETS["fuda-wiki"]
    converted = 0
    for seed in range(200):
        rng = random.Random(seed)
        h = Hand.new(rules, 2, seed)
        while not h.is_over and (h.current_player != 0 or not any(e.type == "draw" and e.seat == 1 for e in h.events)):
            legal_now = h.legal_actions()
            h.apply(legal_now[rng.randrange(len(legal_now))])
        if h.is_over:
            continue
        world = h.determinize(0, random.Random(seed))
        fh = from_hand(world)
        while not world.is_over:
            la, lb = world.legal_actions(), fh.legal_actions()
            assert la == lb, f"seed {seed}"
            i = rng.randrange(len(la))
            world.apply(la[i])
            fh.apply(lb[i])
        ra, rb = world.result, fh.result
        assert ra is not None and rb is not None
        assert (ra.winner, ra.points, ra.chips) == (rb.winner, rb.points, rb.chips), f"seed {seed}"
        converted += 1
    assert converted > 20


def _shadow_rollout(h: Hand, seat: int, weights: tuple[np.ndarray, ...]) -> float:
    """The rollout policy's game played on the reference engine: at each decision the compiled
    policy chooses on a fast copy, the reference hand applies the same action; the seat's chips."""
    cfg = config_for(h.rules)
    w, rank, pos = greedy_tables(cfg.tables.score)
    fh = from_hand(h)
    buf = np.empty(8192, np.int64)
    while not h.is_over:
        n = legal(fh._s, cfg.knobs, cfg.table, buf)
        p = current_player(fh._s)
        idx = 0 if n == 1 else rollout_choose(fh._s, cfg.knobs, cfg.table, buf, n, p, w, rank, pos, GO_MARGIN, *weights)
        action = fh.legal_actions()[idx]
        h.apply(action)
        fh.apply(action)
    assert h.result is not None
    if h.rules.payment_unit == "shots":
        return -float(h.result.shots[seat])
    return float(h.result.chips[seat])


@pytest.mark.parametrize(
    ("preset", "players", "net"),
    [("pagat", 2, False), ("pagat", 3, False), ("fuda-wiki", 2, False), ("blog", 3, False), ("pagat", 3, True), ("blog", 2, True)],
)
def test_compiled_rollout_scores_as_the_reference_engine(preset: str, players: int, net: bool) -> None:
    """(``net``: with the rollout net choosing the cards played, ``search:rollout_policy=net``.)"""
    weights = load_net() if net else no_net()
    rules = PRESETS[preset]
    cfg = config_for(rules)
    w, rank, pos = greedy_tables(cfg.tables.score)
    buf = np.empty(8192, np.int64)
    checked = 0
    for seed in range(60):
        found = _mid_hand(rules, players, seed)
        if found is None:
            continue
        h = found[0]
        seat = h.current_player
        assert seat is not None
        try:
            S = state_from_hand(h, cfg, HistoryCodes(), buf)
        except ConversionError:
            continue
        # (greedy_others passed as the engine's callers pass it: an omitted default is another
        # signature, which numba would compile a second time)
        value, steps = rollout(S, cfg.knobs, cfg.table, np.zeros(1, np.int64), buf, seat, w, rank, pos, GO_MARGIN, *weights, False)
        assert steps >= 1
        assert value == _shadow_rollout(h.clone(), seat, weights), f"{preset} {players}p seed {seed}"
        checked += 1
    assert checked >= 25


def _searched_decisions(
    spec: str, rules: Rules, players: int, seeds: range
) -> tuple[list[str], SearchAgent, list[int]]:
    """Seat 0 is the search bot, the others play at random: the actions seat 0 chose, the
    agent, and the worlds it drew (all, rolled out by the fast engine)."""
    agent = make_agent(spec)
    assert isinstance(agent, SearchAgent)
    chosen = []
    worlds = [0, 0]
    for seed in seeds:
        h = Hand.new(rules, players, seed)
        agent.begin_hand(HandContext(rules, players, 0, seed))
        rng = random.Random(seed)
        n = 0
        while not h.is_over:
            legal_now = h.legal_actions()
            if h.current_player == 0 and len(legal_now) > 1:
                d = Decision(h.observation(0), tuple(legal_now), WorldSampler.from_hand(h, 0, seed * 100 + n))
                a = agent.choose(d)
                assert a in legal_now
                chosen.append(a.text)
                n += 1
                worlds[0] += agent.last_worlds
                worlds[1] += agent.last_fast_worlds
            else:
                a = legal_now[rng.randrange(len(legal_now))]
            h.apply(a)
    return chosen, agent, worlds


def test_search_uses_fast_rollouts_and_is_reproducible() -> None:
    rules = PRESETS["pagat"]
    spec = "search:steps=300:rollouts=fast"
    first, agent, worlds = _searched_decisions(spec, rules, 2, range(3))
    assert agent._fast is not None
    assert worlds[0] > 0 and worlds[1] >= 0.9 * worlds[0], worlds
    again, _, _ = _searched_decisions(spec, rules, 2, range(3))
    assert first == again  # ms=0: the same seeds give the same choices
    # The same step budget buys more worlds with fast rollouts (the exchange rate).
    _, ref, ref_worlds = _searched_decisions("search:steps=300:rollouts=reference", rules, 2, range(3))
    assert ref._fast is None and ref_worlds[1] == 0
    assert worlds[0] > 2 * ref_worlds[0], (worlds, ref_worlds)


def test_search_with_fast_rollouts_plays_legal_hands_in_matches() -> None:
    rules = PRESETS["pagat"]
    report = simulate(rules, ["search:steps=200:rollouts=fast", "greedy"], 3, seed=5, timing=False)
    assert report.hands == 6
    report3 = simulate(PRESETS["blog"], ["search:steps=150", "greedy", "greedy"], 2, seed=5, timing=False)
    assert report3.hands == 6


def test_search_falls_back_to_reference_rollouts_for_uncovered_rules() -> None:
    rules = PRESETS["goo-stupe"]
    _, agent, worlds = _searched_decisions("search:steps=200", rules, 2, range(2))
    assert agent._fast is None
    assert worlds[0] > 0 and worlds[1] == 0


def test_rollouts_option() -> None:
    assert make_agent("search").params() == {}
    assert make_agent("search:rollouts=fast").params() == {"rollouts": "fast"}
    assert make_agent("search:rollouts=reference").params() == {"rollouts": "reference"}
    with pytest.raises(AgentSpecError, match="rollouts"):
        make_agent("search:rollouts=turbo")


def test_fast_hand_from_hand_keeps_history() -> None:
    h = Hand.new(PRESETS["pagat"], 2, 21)
    for a in h.legal_actions()[:1]:
        h.apply(a)
    fh = from_hand(h)
    assert isinstance(fh, FastHand)
    assert fh.history == h.history
    assert fh.legal_actions() == h.legal_actions()
