"""Worlds drawn in compiled code (``gostop.fast.worlds``) are the worlds ``Hand.determinize``
draws with the same generator, taken over as ``convert.state_from_hand`` takes them over; and a
search plays the same moves either way."""

from __future__ import annotations

import contextlib
import random

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402
from joker_positions import after_draws, after_draws_and_shakes, after_kept_quads  # noqa: E402

from gostop.agents import make_agent  # noqa: E402
from gostop.agents.protocol import WorldSampler  # noqa: E402
from gostop.engine import Hand  # noqa: E402
from gostop.fast import layout as L  # noqa: E402
from gostop.fast.config import config_for  # noqa: E402
from gostop.fast.convert import ConversionError, HistoryCodes, greedy_exclusions, state_from_hand  # noqa: E402
from gostop.fast.policies import greedy_tables  # noqa: E402
from gostop.fast.worlds import CompiledWorlds  # noqa: E402
from gostop.rules import get_preset  # noqa: E402
from gostop.sim.runner import play_hand  # noqa: E402


def _positions(players: int, count: int, seed: int, preset: str = "pagat") -> list[tuple[Hand, int]]:
    """Hands some random actions in (never over), with the seat to decide."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        h = Hand.new(rules, players, rng.randrange(1 << 30))
        for _ in range(rng.randrange(0, 30)):
            if h.is_over:
                break
            h.apply(rng.choice(h.legal_actions()))
        if not h.is_over and h.current_player is not None:
            out.append((h, h.current_player))
    return out


def _forbids(h: Hand, seat: int, cfg: object, rng: random.Random) -> list[list[int] | None]:
    """No belief, the exclusions of a greedy model, and a random belief (which may force the
    deal to try again, or be dropped)."""
    w, rank, _pos = greedy_tables(cfg.tables.score)  # type: ignore[attr-defined]
    out: list[list[int] | None] = [None]
    with contextlib.suppress(ConversionError):
        out.append(greedy_exclusions(h, seat, w, rank, 0.0, cfg))  # type: ignore[arg-type]
    out.append([0 if s == seat else rng.getrandbits(50) & rng.getrandbits(50) for s in range(h.players)])
    return out


# every preset the fast engine covers (goo-stupe's 22 jokers are more than it holds), at the
# tables it plays: pagat with more positions, the others with fewer
CASES = [("pagat", 2, 25), ("pagat", 3, 25)] + [
    (preset, players, 8)
    for preset in ("pagat-classic", "fuda-wiki", "blog", "matgo")
    for players in ((2,) if preset == "matgo" else (2, 3))
]


def _compare(h: Hand, seat: int, checked: int) -> tuple[int, int]:
    """Worlds of one position drawn both ways, under each belief, with and without inference,
    four a generator: (worlds that matched, worlds left to Python), counting from ``checked``."""
    failed = 0
    cfg = config_for(h.rules)
    w, rank, pos = greedy_tables(cfg.tables.score)
    sampler = WorldSampler.from_hand(h, seat, 7)
    rng = random.Random(h.turn)
    for forbid in _forbids(h, seat, cfg, rng):
        for infer in (False, True):
            history = HistoryCodes()
            buf = np.empty(8192, np.int64)
            try:
                worlds = CompiledWorlds(sampler.base, seat, forbid, cfg, history, buf, (w, rank, pos), infer)
            except ConversionError:
                continue
            r_py = random.Random(checked)
            r_c = random.Random(checked)
            worlds.load(r_c)
            S = np.zeros(L.STATE_SIZE, np.int64)
            for _ in range(4):
                world = sampler.sample(r_py, forbid)
                ok = worlds.draw(S)
                surprise = np.zeros(1, np.int64)
                try:
                    expected = state_from_hand(world, cfg, history, buf, (seat, w, rank, pos, surprise) if infer else None)
                except ConversionError:
                    expected = None
                if not ok:  # not taken over: the generator is back before this world
                    failed += 1
                    worlds.store(r_c)
                    assert expected is None
                    r_c = random.Random()
                    r_c.setstate(r_py.getstate())  # (the caller draws it in Python)
                    worlds.load(r_c)
                    continue
                assert expected is not None
                assert np.array_equal(S, expected)  # same deal, same stock order, same replay
                assert [int(x) for x in worlds.hands[:h.players]] == [world._hands[s] for s in range(h.players)]
                assert [int(x) for x in worlds.stock] == list(world._stock)
                if infer:
                    assert worlds.surprise == int(surprise[0])
                worlds.store(r_c)
                assert r_c.getstate() == r_py.getstate()  # the same draws of the generator
                checked += 1
    return checked, failed


@pytest.mark.parametrize(("preset", "players", "count"), CASES)
def test_compiled_worlds_are_the_worlds_determinize_draws(preset: str, players: int, count: int) -> None:
    checked = 0
    failed = 0
    for h, seat in _positions(players, count, 100 + players, preset):
        checked, more = _compare(h, seat, checked)
        failed += more
    assert checked >= 12 * count, checked
    assert failed <= checked  # (the worlds the fast engine cannot take over are drawn in Python)


@pytest.mark.parametrize(("preset", "players"), [("matgo", 2), ("fuda-wiki", 2), ("fuda-wiki", 3)])
def test_compiled_worlds_deal_draws_and_kept_quads_again_as_determinize_does(preset: str, players: int) -> None:
    # JOKER-4: the cards other seats drew are dealt again (``information._redeal_draws``, with
    # its checks and retries); DEC-5: a seat that kept a quad is dealt one again
    positions = [(h, seat) for h, seat, _k in after_draws(preset, players, 120)][:20]
    positions += [(h, seat) for h, seat, _holder, _k in after_kept_quads(preset, players, 6)]
    positions += after_draws_and_shakes(preset, players, 8)  # (the checks of a shaken month)
    checked = 0
    failed = 0
    for h, seat in positions:
        checked, more = _compare(h, seat, checked)
        failed += more
    assert checked >= 12 * len(positions), checked
    assert failed == 0


def test_a_world_that_does_not_check_leaves_the_generator_as_it_was() -> None:
    (h, seat), = _positions(3, 1, 5)
    cfg = config_for(h.rules)
    w, rank, pos = greedy_tables(cfg.tables.score)
    sampler = WorldSampler.from_hand(h, seat, 7)
    worlds = CompiledWorlds(sampler.base, seat, None, cfg, HistoryCodes(), np.empty(8192, np.int64), (w, rank, pos))
    worlds.ref[0] += 1  # a stage no replay reaches: every world fails the check
    rng = random.Random(3)
    before = rng.getstate()
    worlds.load(rng)
    assert not worlds.draw(np.zeros(L.STATE_SIZE, np.int64))
    worlds.store(rng)
    assert rng.getstate() == before


def _moves(spec: str, players: int, compiled: bool, hands: range, preset: str = "pagat") -> list[tuple[str, int, object]]:
    rules = get_preset(preset)
    agents = [make_agent(spec)] + [make_agent("greedy") for _ in range(players - 1)]
    agent = agents[0]
    agent.compiled_search = compiled  # type: ignore[attr-defined]
    seen: list[tuple[str, int, object]] = []
    used: list[bool] = []
    choose = agent.choose

    def recorded(decision):  # type: ignore[no-untyped-def]
        action = choose(decision)
        seen.append((str(action), agent.last_worlds, agent.rng.getstate()))  # type: ignore[attr-defined]
        used.append(agent.last_compiled)  # type: ignore[attr-defined]
        return action

    agent.choose = recorded  # type: ignore[method-assign]
    for n in hands:
        play_hand(rules, players, n, agents, [n, n + 1, n + 2], timing=False)
    assert any(used) is compiled
    return seen


@pytest.mark.parametrize("players", [2, 3])
def test_a_search_plays_the_same_moves_with_compiled_worlds_and_pruning(players: int) -> None:
    # `hard` (inference and exclusions with 3 players) on a smaller budget, to keep the test short
    spec = "hard:steps=250"
    hands = range(40, 43)
    compiled = _moves(spec, players, True, hands)
    python = _moves(spec, players, False, hands)
    assert len(compiled) >= 10
    # every move, every world count (so every pruning pass), the generator after each decision
    assert compiled == python


def test_a_matgo_search_plays_the_same_moves_with_compiled_worlds() -> None:
    # matgo: the other seat reveals jokers and draws (JOKER-4) in most hands; those worlds are
    # now drawn in compiled code too
    spec = "hard:steps=250"
    hands = range(60, 64)
    compiled = _moves(spec, 2, True, hands, "matgo")
    python = _moves(spec, 2, False, hands, "matgo")
    assert len(compiled) >= 10
    assert compiled == python

