"""The fast engine plays the same game as the reference engine, bit for bit.

Every seeded hand is played on both engines with the same random choices (index
``rng.randrange(len(legal))`` with ``rng = random.Random(seed)``); the action lists, the events
(type, seat and cards) and the results (winner, points, chips, ...) must be identical. A
difference fails and names the preset, the player count and the seed.

Coverage (issue 13): every preset (goo-stupe with its jokers cut to the fast engine's limit,
its 22 jokers being refused naming the knob), 2 and 3 players, every knob variant of the soak,
and gwangpalli tables whose three active players play an explicit deal.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("numba")

from gostop.engine import DealError, Hand  # noqa: E402
from gostop.engine.check import VARIANTS  # noqa: E402
from gostop.engine.deal import MISSIONS  # noqa: E402
from gostop.engine.tables import Tables  # noqa: E402
from gostop.fast import FastHand, UnsupportedRulesError, check_supported  # noqa: E402
from gostop.fast.config import MATCH_KNOBS, MAX_JOKERS, TABLE_KNOBS, _knobs  # noqa: E402
from gostop.fast.differential import (  # noqa: E402
    _ev,
    compare,
    fast_rules,
    first_deal_difference,
    first_difference,
    soak,
    soak_combos,
)
from gostop.fast.hand import DATA_TYPES  # noqa: E402
from gostop.match import Match, Player  # noqa: E402
from gostop.record import HandRecord  # noqa: E402
from gostop.rules import PRESET_NAMES, PRESETS, Rules  # noqa: E402


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_presets_identical(preset: str, players: int) -> None:
    rules, _refused = fast_rules(PRESETS[preset])
    if players == 3 and rules.two_player_only:  # GEN-7: both engines refuse alike
        for engine in (Hand, FastHand):
            with pytest.raises(DealError, match="2 players only"):
                engine.new(rules, 3, 1)
        return
    for seed in range(400):
        diff = first_difference(rules, players, seed, nagari_before=seed % 3)
        assert diff is None, diff


def _variant_cases() -> list[tuple[str, int]]:
    return sorted({(c.preset, c.variant) for c in soak_combos()}, key=lambda pv: (pv[1], pv[0]))


@pytest.mark.parametrize(("preset", "variant"), _variant_cases())
def test_knob_variants_identical(preset: str, variant: int) -> None:
    rules, _refused = fast_rules(PRESETS[preset].with_overrides(VARIANTS[variant]))
    for players in (2,) if rules.two_player_only else (2, 3):
        for seed in range(12):
            diff = first_difference(rules, players, 1000 + seed, nagari_before=seed % 3)
            assert diff is None, f"variant {variant} {VARIANTS[variant]}: {diff}"


def test_soak_combos_cover_every_preset_variant_and_player_count() -> None:
    combos = soak_combos()
    assert {c.preset for c in combos} == set(PRESET_NAMES)
    assert {c.players for c in combos} == {2, 3}
    assert {c.variant for c in combos} == set(range(len(VARIANTS)))
    for c in combos:
        check_supported(c.rules)  # nothing the fast engine refuses is soaked
        assert c.capped == (len(c.rules.jokers) == MAX_JOKERS and c.preset == "goo-stupe")


def test_the_soak_runs_and_stops_at_a_difference() -> None:
    combos = soak_combos()
    rep = soak(0, 150, progress=False, combos=combos)  # crosses a block boundary
    assert (rep.hands, rep.difference) == (150, None)

    def other_game(rules: Rules, players: int, seed: int, nagari_before: int) -> str | None:
        # the reference engine at a stop target of 3 against the fast engine at pagat's 7:
        # a real difference, sooner or later
        a = Hand.new(rules.with_overrides(stop_target_two_player=3), players, seed, nagari_before=nagari_before)
        b = FastHand.new(rules, players, seed, nagari_before=nagari_before)
        return compare(a, b, random.Random(seed), f"seed {seed}")

    pagat2 = [c for c in combos if c.preset == "pagat" and c.variant == 0 and c.players == 2]
    rep = soak(500, 700, progress=False, combos=pagat2, check=other_game)
    assert rep.difference is not None and rep.hands < 200
    assert f"seed {500 + rep.hands}" in rep.difference and "hand " in rep.difference


def test_goo_stupe_refused_naming_the_knob() -> None:
    with pytest.raises(UnsupportedRulesError, match="jokers") as info:
        check_supported(PRESETS["goo-stupe"])
    assert info.value.knob == "jokers"
    assert "22 jokers" in str(info.value) and f"at most {MAX_JOKERS}" in str(info.value)
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        FastHand.new(PRESETS["goo-stupe"], 3, 1)
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        FastHand.from_deal(PRESETS["goo-stupe"], [[]], [], [])
    # one joker fewer than the limit allows is played
    jokers = PRESETS["goo-stupe"].jokers
    check_supported(PRESETS["goo-stupe"].with_overrides(jokers=jokers[:MAX_JOKERS]))
    with pytest.raises(UnsupportedRulesError, match="jokers"):
        check_supported(PRESETS["goo-stupe"].with_overrides(jokers=jokers[: MAX_JOKERS + 1]))


class _Spy:
    """Rules that record which knobs are read."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        self.read.add(name)
        return getattr(self._rules, name)


def test_every_knob_of_every_preset_is_covered_or_refused_by_name() -> None:
    spy = _Spy(PRESETS["pagat"])
    _knobs(spy)  # type: ignore[arg-type]
    knobs = set(PRESETS["pagat"].knobs())
    # every knob reaches the fast engine (its knob array, the shared tables / deal code) or
    # belongs to the match layer, which no hand engine reads
    assert knobs - spy.read - TABLE_KNOBS - MATCH_KNOBS == set()
    engine_src = Path(__file__).parents[2] / "src" / "gostop"
    text = "".join(p.read_text() for d in ("engine", "fast") for p in (engine_src / d).glob("*.py"))
    text += (engine_src / "scoring.py").read_text() + (engine_src / "settlement.py").read_text()
    assert [k for k in sorted(MATCH_KNOBS) if f".{k}" in text] == []
    for preset in PRESET_NAMES:
        rules = PRESETS[preset]
        played, refused = fast_rules(rules)
        if refused is None:
            assert played is rules  # played as is: test_presets_identical plays it
            continue
        with pytest.raises(UnsupportedRulesError) as info:
            check_supported(rules)
        assert info.value.knob == refused and refused in str(info.value)
        # every other knob value of the preset is played (test_presets_identical)
        other = {k for k, v in played.knobs().items() if v != rules.knobs()[k]}
        assert other == {refused}
    assert [p for p in PRESET_NAMES if fast_rules(PRESETS[p])[1]] == ["goo-stupe"]


def _gwangpalli_hands(matches: int) -> list[tuple[Rules, HandRecord, int]]:
    """The three-active-player hands of gwangpalli matches (4 to 7 seated): (rules, the hand's
    record, the match seed), each checked to rebuild the match's own hand."""
    presets = [p for p in PRESET_NAMES
               if PRESETS[p].multi_player_mode == "gwangpalli" and not PRESETS[p].two_player_only]
    out: list[tuple[Rules, HandRecord, int]] = []
    for k in range(matches):
        rules = PRESETS[presets[k % len(presets)]]
        rng = random.Random(k)
        m = Match(rules, [Player(f"P{i}", 30) for i in range(4 + k % 4)], k, hands_limit=3)
        seen: set[int] = set()
        while not m.is_over:
            log = m.deals[-1] if m.deals else None
            if m.phase == "hand" and log is not None and log.full and log.index not in seen:
                seen.add(log.index)
                rec = log.hand_record
                assert rec is not None and rec.deal is not None and m.hand is not None
                d = rec.deal
                again = Hand.from_deal(rules, d.hands, d.layout, d.stock, nagari_before=rec.nagari_before,
                                       boar_pot=rec.boar_pot, weol_yak_month=rec.weol_yak_month, mission=rec.mission)
                assert _ev(again.events) == _ev(m.hand.events)
                assert again.legal_actions() == m.hand.legal_actions()
                out.append((rules, rec, k))
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
    return out


def test_gwangpalli_three_active_players_identical() -> None:
    hands = _gwangpalli_hands(60)
    assert len(hands) >= 60
    for i, (rules, rec, k) in enumerate(hands):
        d = rec.deal
        assert d is not None and len(d.hands) == 3
        diff = first_deal_difference(
            rules, d.hands, d.layout, d.stock, 7919 * k + i, nagari_before=rec.nagari_before,
            boar_pot=rec.boar_pot, weol_yak_month=rec.weol_yak_month, mission=rec.mission,
        )
        assert diff is None, f"gwangpalli match seed {k}: {diff}"


def test_explicit_deals_with_draws_identical() -> None:
    """``from_deal`` with a weol-yak month and a mission (the knobs that use them on)."""
    rules = PRESETS["pagat"].with_overrides(weol_yak_month=True, missions=True, boar="pot")
    names = [name for name, _ in MISSIONS]
    for seed in range(60):
        rng = random.Random(seed)
        cards = list(Tables.for_rules(rules).codes)
        rng.shuffle(cards)
        hands = [cards[0:7], cards[7:14], cards[14:21]]
        month = rng.randint(1, 12)
        mission = (names[seed % len(names)], rng.randint(2, 9))
        diff = first_deal_difference(rules, hands, cards[21:27], cards[27:], seed, nagari_before=seed % 2,
                                     boar_pot=seed % 5, weol_yak_month=month, mission=mission)
        assert diff is None, diff


def test_event_data_of_go_stop_and_the_end_is_the_references() -> None:
    """``data`` of go, stop, settlement, win / nagari / void equals the reference engine's (the
    differential compares it; here: it is not empty and is really seen)."""
    seen: dict[str, int] = {}
    for seed in range(150):
        a, b = Hand.new(PRESETS["pagat"], 2, seed), FastHand.new(PRESETS["pagat"], 2, seed)
        rng = random.Random(seed)
        while not a.is_over:
            legal = a.legal_actions()
            i = rng.randrange(len(legal))
            ea, eb = a.apply(legal[i]), b.apply(legal[i])
            for x, y in zip(ea, eb, strict=True):
                if x.type in DATA_TYPES:
                    assert x.data and dict(x.data) == dict(y.data), (seed, x, y)
                    seen[x.type] = seen.get(x.type, 0) + 1
                else:
                    assert dict(y.data) == {}
        assert [dict(e.data) for e in a.events if e.type in DATA_TYPES] == [
            dict(e.data) for e in b.events if e.type in DATA_TYPES
        ]
    assert {"go", "stop", "settlement", "win", "nagari"} <= set(seen), seen


def test_matgo_two_player_hands_identical() -> None:
    """Issue 19: the matgo preset (51 cards, bonus-card steal EVT-13, go_scheme = matgo PAY-15,
    pi-bak exemption PAY-14, nagari cap MATCH-8) and its knobs switched, on many hands."""
    base = PRESETS["matgo"]
    for rules in (base, base.with_overrides(pi_bak_zero_exempt=False, nagari_multiplier_cap=None,
                                            joker_steals_junk=False, joker_hand_mode="substitute")):
        for seed in range(300):
            diff = first_difference(rules, 2, 50_000 + seed, nagari_before=seed % 5)
            assert diff is None, diff
