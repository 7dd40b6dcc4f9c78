"""gostop.hints: sets one card away, bak stamps, stop previews."""

from __future__ import annotations

import dataclasses
import random

from gostop.cards import MONTH_CARDS, parse_cards
from gostop.engine import Hand
from gostop.hints import bak_stamps, near_sets, stop_preview
from gostop.rules import get_preset

RULES = get_preset("pagat").with_overrides(jokers=[])


def _hand() -> Hand:
    """Seat 0 holds 01B (one 01 on the layout), 03J1 (two 03 singles), 05J1 (a dealt stack of
    May), 06J1 (no June on the layout)."""
    hand0 = ["01B", "03J1", "05J1", "06J1", "07J1", "09J1", "10J1", "11J1", "02J1", "04J1"]
    hand1 = ["01R", "03J2", "06J2", "07J2", "09J2", "10J2", "11J2", "02J2", "04J2", "08J1"]
    layout = ["01J1", "03B", "03R", "05A", "05R", "05J2", "12B", "12A"]
    used = set(hand0 + hand1 + layout)
    stock = [c.code for c in MONTH_CARDS if c.code not in used]
    return Hand.from_deal(RULES, [hand0, hand1], layout, stock)


def test_near_sets_names_the_missing_card_and_where_it_is() -> None:
    obs = _hand().observation(0)
    caps = (parse_cards("02A 04A 01R 02R"), ())
    sets = near_sets(RULES, dataclasses.replace(obs, captures=caps))
    found = {(n.seat, n.name, n.missing.code, n.where) for n in sets}
    assert (0, "godori", "08A", "unseen") in found  # SCORE-3
    assert (0, "hong-dan", "03R", "the table") in found  # SCORE-5
    assert not any(n.seat == 1 for n in sets)


def test_near_sets_skip_a_card_an_opponent_captured() -> None:
    obs = _hand().observation(0)
    caps = (parse_cards("02A 04A"), parse_cards("08A"))
    assert not any(n.name == "godori" for n in near_sets(RULES, dataclasses.replace(obs, captures=caps)))


def test_bak_stamps_live_and_risk() -> None:
    obs = _hand().observation(0)
    seven = "02A 04A 06A 07A 08A 10A 12A"
    winner = parse_cards(f"01B 03B 08B {seven} 01J1 01J2 02J1 02J2 03J1 03J2 04J1 04J2 05J1 05J2")
    caps = (parse_cards("06J1 06J2"), winner)
    stamps = {(s.seat, s.name): s.live for s in bak_stamps(RULES, dataclasses.replace(obs, captures=caps))}
    assert stamps[(0, "gwang-bak")] is True  # PAY-6: a bright line against no bright
    assert stamps[(0, "pi-bak")] is True  # PAY-6: junk scores, 2 < 5
    assert stamps[(0, "meong-dda")] is True  # PAY-5: seven animals
    assert (1, "gwang-bak") not in stamps
    near = (parse_cards("06J1 06J2 07J1 07J2 09J1"), parse_cards("01B 03B"))
    risk = {(s.seat, s.name): s.live for s in bak_stamps(RULES, dataclasses.replace(obs, captures=near))}
    assert risk == {(0, "gwang-bak"): False}  # two brights: a risk; 5 junk protect from pi-bak


def test_shots_preset_has_no_bak_stamps() -> None:
    rules = get_preset("goo-stupe")
    hand = Hand.new(rules, 2, 3)
    obs = hand.observation(0)
    caps = (parse_cards("06J1"), parse_cards("01B 03B 08B"))
    assert bak_stamps(rules, dataclasses.replace(obs, captures=caps)) == ()


def test_stop_preview_is_what_the_stop_pays_and_changes_nothing() -> None:
    rules = get_preset("pagat")
    rng = random.Random(0)
    for seed in range(200):
        hand = Hand.new(rules, 2, seed)
        while not hand.is_over and hand.stage != "go-stop":
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.is_over:
            continue
        seat = hand.current_player
        assert seat is not None
        assert stop_preview(hand, 1 - seat) is None  # only the deciding seat
        before = [str(a) for a in hand.legal_actions()]
        preview = stop_preview(hand, seat)
        assert preview is not None
        assert [str(a) for a in hand.legal_actions()] == before and hand.stage == "go-stop"
        hand.apply("stop")
        assert hand.result is not None and hand.result.settlement is not None
        assert preview.payments == hand.result.settlement.payments
        assert preview.steps == hand.result.settlement.steps
        return
    raise AssertionError("no seed reached a go/stop decision")
