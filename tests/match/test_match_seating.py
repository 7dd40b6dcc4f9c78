"""MATCH-3 first dealer, GWANG-1 / GWANG-9 / DECK-3 table checks, GOO-18."""

from __future__ import annotations

import random

import pytest

from gostop.cards import parse_card
from gostop.match.errors import MatchError
from gostop.match.seating import Player, check_table, choose_first_dealer, draw_key
from gostop.rules import make_rules


def players(n: int, ages: bool = False) -> list[Player]:
    return [Player(f"P{i}", 20 + i if ages else None) for i in range(n)]


def test_MATCH_3_lot_is_uniform_and_seeded() -> None:
    rules = make_rules("pagat", {"first_dealer": "lot"})
    counts = [0] * 4
    for seed in range(4000):
        counts[choose_first_dealer(rules, players(4), random.Random(seed)).seat] += 1
    assert all(900 < c < 1100 for c in counts), counts
    a = choose_first_dealer(rules, players(4), random.Random(5))
    assert a == choose_first_dealer(rules, players(4), random.Random(5))


def test_MATCH_3_draw_night_earliest_month_then_lowest_class() -> None:
    night = [parse_card(c) for c in ("01B", "01J1", "02A", "12D")]
    assert min(night, key=lambda c: draw_key(c, True)).code == "01J1"
    assert min([parse_card("03B"), parse_card("03R")], key=lambda c: draw_key(c, True)).code == "03R"
    # double junk is junk: a tie with J cards.
    assert draw_key(parse_card("11D"), True) == draw_key(parse_card("11J1"), True)


def test_MATCH_3_draw_day_latest_month_then_highest_class() -> None:
    day = [parse_card(c) for c in ("01B", "12D", "12B", "11B")]
    assert min(day, key=lambda c: draw_key(c, False)).code == "12B"


def _check_draws(method: str, night: bool) -> None:
    rules = make_rules("pagat", {"first_dealer": method})
    for seed in range(300):
        fd = choose_first_dealer(rules, players(5), random.Random(seed))
        last_round = max(d.round for d in fd.draws)
        final = [d for d in fd.draws if d.round == last_round and not d.card.startswith("JK")]
        best = min(final, key=lambda d: draw_key(parse_card(d.card), night))
        assert best.seat == fd.seat
        keys = [draw_key(parse_card(d.card), night) for d in final]
        assert keys.count(min(keys)) == 1  # the winner is unique in the last round
        # earlier rounds: the tied best players, and only they, drew again.
        for rnd in range(1, last_round):
            cards = [d for d in fd.draws if d.round == rnd and not d.card.startswith("JK")]
            k = [draw_key(parse_card(d.card), night) for d in cards]
            tied = {d.seat for d, kk in zip(cards, k, strict=True) if kk == min(k)}
            assert len(tied) > 1
            assert {d.seat for d in fd.draws if d.round == rnd + 1} == tied


def test_MATCH_3_draw_night_ties_redraw() -> None:
    _check_draws("draw_night", True)


def test_MATCH_3_draw_day_ties_redraw() -> None:
    _check_draws("draw_day", False)


def test_MATCH_3_joker_drawer_draws_again() -> None:
    rules = make_rules("goo-stupe", {"first_dealer": "draw_night"})  # 22 jokers in 70 cards
    seen_joker = False
    for seed in range(50):
        fd = choose_first_dealer(rules, players(4, ages=True), random.Random(seed))
        for i, d in enumerate(fd.draws):
            if d.card.startswith("JK"):
                seen_joker = True
                nxt = fd.draws[i + 1]
                assert (nxt.round, nxt.seat) == (d.round, d.seat)
    assert seen_joker


def test_MATCH_3_oldest_and_GOO_18() -> None:
    rules = make_rules("goo-stupe")
    ps = [Player("A", 30), Player("B", 61), Player("C", 45)]
    assert choose_first_dealer(rules, ps, random.Random(0)).seat == 1
    # equal ages: the earlier seat (our reading)
    ps = [Player("A", 61), Player("B", 61)]
    assert choose_first_dealer(rules, ps, random.Random(0)).seat == 0


def test_MATCH_3_oldest_needs_ages() -> None:
    with pytest.raises(MatchError, match="age"):
        check_table(make_rules("goo-stupe"), [Player("A", 3), Player("B")])


def test_DECK_3_GWANG_9_seven_seated_need_a_joker() -> None:
    rules = make_rules("pagat", {"jokers": []})
    with pytest.raises(MatchError, match="DECK-3"):
        check_table(rules, players(7))
    check_table(rules, players(6))
    check_table(make_rules("pagat"), players(7))


def test_GWANG_1_seat_limits() -> None:
    with pytest.raises(MatchError, match="GWANG-1"):
        check_table(make_rules("pagat"), players(8))
    with pytest.raises(MatchError, match="GWANG-1"):
        check_table(make_rules("pagat", {"max_players": 5}), players(6))
    with pytest.raises(MatchError, match="at least 2"):
        check_table(make_rules("pagat"), players(1))
    check_table(make_rules("goo-stupe"), players(10, ages=True))  # rotation: no limit


def test_names_must_differ() -> None:
    with pytest.raises(MatchError, match="differ"):
        check_table(make_rules("pagat"), [Player("A"), Player("A")])
