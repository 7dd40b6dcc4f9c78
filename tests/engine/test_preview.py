"""Engine queries for the faces: ``Hand.preview(action)`` and ``Hand.stop_preview()``.

Explicit deals check each CAPT-H row, bombs, jokers and picks; the go/stop preview is checked
against the stop itself and against GOSTOP-6 (a go on the final turn ends in nagari). Hypothesis
properties check that a preview never depends on hidden cards (worlds that agree with the
decider's observation give the same answer) and that ``takes`` is what really happens when the
stock cannot change the outcome.
"""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import codes, make_hand, play, rules_of
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gostop.engine import Hand, IllegalActionError, Preview, StopPreview
from gostop.rules import PRESETS
from gostop.scoring import ScoreTable

# -- explicit deals ------------------------------------------------------------------------------


def test_CAPT_H0_H1_H2_play_previews() -> None:
    hand = make_hand(
        hands={0: ["01B", "02A", "03B", "09J1"]},
        layout=["02J1", "03J1", "03J2", "05A", "06A", "07A", "10A", "11B"],
        stock=["12R"],
    )
    none = hand.preview("play 01B")
    assert (none.kind, none.rule, codes(none.feeds), none.takes, none.needs_pick) == (
        "none", "CAPT-H0", {"01B"}, (), False,
    )
    one = hand.preview("play 02A")
    assert (one.kind, one.rule, codes(one.takes), codes(one.matches)) == ("one", "CAPT-H1", {"02J1"}, {"02J1"})
    assert one.feeds == () and one.captures
    choice = hand.preview("play 03B")
    assert (choice.kind, choice.rule, choice.needs_pick, choice.takes) == ("choice", "CAPT-H2", True, ())
    assert codes(choice.matches) == {"03J1", "03J2"}
    # The unseen cards of months 1 and 2 may come from the stock (chok, ppuk); month 3's fourth
    # card (03R) is unseen too.
    assert none.stock_may_change and one.stock_may_change and choice.stock_may_change
    # The preview changes nothing, and its JSON form round-trips.
    before = json.dumps(hand.observation(0).to_json())
    for a in hand.legal_actions():
        pv = hand.preview(a)
        assert json.loads(json.dumps(pv.to_json())) == pv.to_json()
    assert json.dumps(hand.observation(0).to_json()) == before
    events = play(hand, "play 03B")
    assert hand.stage == "pick-hand"
    pick = hand.preview("pick 03J2")
    assert (pick.kind, pick.rule, codes(pick.takes), codes(pick.matches)) == (
        "pick", "CAPT-H2", {"03J2"}, {"03J1", "03J2"},
    )
    assert events[-1].type == "play"


def test_stock_may_change_only_while_a_card_of_the_month_is_unseen() -> None:
    # Seat 0 holds 04A, 04R and 04J2, 04J1 is on the layout: nothing of April is unseen.
    hand = make_hand(hands={0: ["04A", "04R", "04J2"]}, layout=["04J1"], stock=["12R"])
    pv = hand.preview("play 04A")
    assert pv.kind == "one" and not pv.stock_may_change
    hand2 = make_hand(hands={0: ["04A"]}, layout=["04J1"], stock=["12R"])
    assert hand2.preview("play 04A").stock_may_change


def test_CAPT_H3_stack_and_bomb_previews() -> None:
    # DEAL-9: three of May dealt to the layout form a stack.
    hand = make_hand(hands={0: ["05J2", "06A", "06J1", "06J2"]}, layout=["05A", "05R", "05J1", "06R"], stock=["12R"])
    stack = hand.preview("play 05J2")
    assert (stack.kind, stack.rule, codes(stack.takes)) == ("stack", "CAPT-H3", {"05A", "05R", "05J1"})
    assert not stack.stock_may_change
    assert stack.steals == 1  # EVT-4, EVT-6: a junk from the opponent
    bomb = hand.preview("bomb 06")
    assert (bomb.kind, bomb.rule, codes(bomb.takes)) == ("bomb", "BOMB-1", {"06R"}) and bomb.steals == 0
    shake = hand.preview("shake 06")
    assert (shake.kind, shake.rule, shake.takes) == ("declare", "SHAKE-1", ())


def test_completes_and_feeds_sets_name_the_scoring_items() -> None:
    rules = rules_of("pagat")
    # Seat 0 plays 01B onto 01J1 (turn 1) and 03B onto 03J1 (turn 3); then 08B would complete
    # three brights, and feeding 12B would give seat 1 nothing new.
    hand = make_hand(
        rules,
        hands={0: ["01B", "03B", "08B", "12B"], 1: ["02J1", "02J2", "04J1", "04J2", "06J1"]},
        layout=["01J1", "03J1", "08J1", "05A", "05R", "07A", "09A", "10A"],
        stock=["11J1", "11J2"],
    )
    play(hand, "play 01B", "play 02J1", "play 03B", "play 04J1")
    assert hand.mover == 0 and hand.stage == "main"
    pv = hand.preview("play 08B")
    assert pv.kind == "one" and "3 brights" in pv.completes
    assert hand.preview("play 12B").completes == ()


def test_joker_and_reveal_previews() -> None:
    rules = rules_of("fuda-wiki")
    hand = Hand.new(rules, 3, 5)
    while not hand.is_over:
        jokers = [a for a in hand.legal_actions() if a.kind == "play" and a.cards[0].startswith("JK")]
        if jokers:
            pv = hand.preview(jokers[0])
            assert (pv.kind, pv.rule, pv.takes, pv.stock_may_change) == ("joker", "JOKER-1", (), True)
            return
        hand.apply(hand.legal_actions()[0])
    pytest.skip("no joker play in this deal")  # pragma: no cover


def test_preview_of_an_illegal_action_raises() -> None:
    hand = Hand.new(PRESETS["pagat"], 2, 1)
    with pytest.raises(IllegalActionError):
        hand.preview("go")
    with pytest.raises(IllegalActionError):
        hand.preview("hop")
    with pytest.raises(ValueError, match="no go/stop decision"):
        hand.stop_preview()


def _to_go_stop(hand: Hand, rng: random.Random) -> bool:
    while not hand.is_over:
        if hand.stage == "go-stop":
            return True
        legal = [a for a in hand.legal_actions() if a.kind != "offer-shodang"]
        hand.apply(legal[rng.randrange(len(legal))])
    return False


def test_stop_preview_pays_what_the_stop_pays() -> None:
    found = 0
    for preset in ("pagat", "fuda-wiki", "goo-stupe"):
        for players in (2, 3):
            for seed in range(40):
                hand = Hand.new(PRESETS[preset], players, seed)
                if not _to_go_stop(hand, random.Random(seed)):
                    continue
                sp = hand.stop_preview()
                assert isinstance(sp, StopPreview)
                probe = hand.clone()
                probe.apply("stop")
                res = probe.result
                assert res is not None and res.settlement is not None
                assert sp.total == res.settlement.total and sp.unit == res.settlement.unit
                if sp.settlement.liability == res.settlement.liability:
                    assert [a for _s, a in sp.payments] == list(res.settlement.payments)
                else:  # only an oe-myeon resting on a card nobody saw may differ (LIAB-4 B)
                    assert res.settlement.liability == "oe-myeon"
                assert tuple(s for s, _a in sp.payments) == res.opponents
                assert sp.stop_points == hand.stop_points(hand.mover) and sp.steps
                assert json.loads(json.dumps(sp.to_json())) == sp.to_json()
                found += 1
    assert found > 20


def test_GOSTOP_6_final_turn_go_is_flagged_and_ends_in_nagari() -> None:
    seen = {True: 0, False: 0}
    for seed in range(400):
        hand = Hand.new(PRESETS["pagat"], 2, seed)
        rng = random.Random(seed)
        while _to_go_stop(hand, rng):
            sp = hand.stop_preview()
            seen[sp.final_turn_nagari] += 1
            go = hand.clone()
            go.apply("go")
            if sp.final_turn_nagari:
                assert go.result is not None and go.result.nagari and go.result.reason == "exhaustion"
            else:
                assert not go.is_over
            hand.apply("go")
        if seen[True] >= 3 and seen[False] >= 3:
            break
    assert seen[True] >= 1 and seen[False] >= 1


def test_go_risks_follow_the_rules() -> None:
    for preset, players, risk in (("pagat", 3, "pays-for-both"), ("pagat", 2, "none")):
        for seed in range(200):
            hand = Hand.new(PRESETS[preset], players, seed)
            if _to_go_stop(hand, random.Random(seed)):
                sp = hand.stop_preview()
                assert sp.go_bak == risk
                assert sp.next_go_chips == 1 and sp.next_go_multiplier == 1 or sp.goes >= 1
                assert sp.next_ask_above == sp.stop_points
                break
        else:  # pragma: no cover
            raise AssertionError("no go/stop decision found")


# -- properties ----------------------------------------------------------------------------------

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRESET_NAMES = sorted(PRESETS)


def _walk(preset: str, players: int, seed: int, steps: int) -> Hand:
    if PRESETS[preset].two_player_only:  # GEN-7 (matgo)
        players = 2
    hand = Hand.new(PRESETS[preset], players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


def _previews(hand: Hand, actions: list[str]) -> list[dict[str, object]]:
    out = [hand.preview(a).to_json() for a in actions]
    if hand.stage == "go-stop":
        out.append(hand.stop_preview().to_json())
    return out


@SETTINGS
@given(
    preset=st.sampled_from(PRESET_NAMES),
    players=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 45),
)
def test_preview_never_depends_on_hidden_cards(preset: str, players: int, seed: int, steps: int) -> None:
    hand = _walk(preset, players, seed, steps)
    if hand.is_over:
        return
    seat = hand.current_player
    assert seat is not None
    worlds = [hand] + [hand.determinize(seat, random.Random(seed + k)) for k in range(3)]
    # Legal actions may differ only by a shodang offer (no_safe_play looks at hidden hands).
    common = set.intersection(*({a.text for a in w.legal_actions()} for w in worlds))
    actions = sorted(common)
    views = [_previews(w, actions) for w in worlds]
    assert all(v == views[0] for v in views[1:])


def _captures_and_pending(hand: Hand, seat: int) -> int:
    z = hand.zones()
    return z[f"capture{seat}"] | z["pending"]


@SETTINGS
@given(
    preset=st.sampled_from(PRESET_NAMES),
    players=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 45),
)
@example(preset="blog", players=2, seed=4882, steps=11)  # a pick with pending junk: the sake cup turns junk
def test_takes_is_what_happens_when_the_stock_cannot_change_it(preset: str, players: int, seed: int, steps: int) -> None:
    hand = _walk(preset, players, seed, steps)
    if hand.is_over:
        return
    seat = hand.current_player
    assert seat is not None
    table = ScoreTable.for_rules(hand.rules)
    for action in hand.legal_actions():
        pv: Preview = hand.preview(action)
        after = hand.clone()
        after.apply(action)
        if pv.needs_pick:
            assert after.stage == "pick-hand" and set(after.observation(seat).choice) == set(pv.matches)
            continue
        if pv.stock_may_change:
            continue
        if pv.takes:
            got = _captures_and_pending(after, seat)
            assert table.mask(pv.takes) & ~got == 0, f"{action}: {pv} but got {table.cards(got)}"
        if pv.feeds and after.stage != "over":
            assert set(pv.feeds) <= set(after.layout_cards())
        if pv.completes and pv.kind in ("one", "stack", "pick") and after.stage not in ("pick-hand", "pick-stock"):
            assert pv.card is not None
            names_after = {it.rule for it in table.breakdown(table.mask(after.capture_cards(seat))).items}
            gained = table.mask(pv.takes) | table.bit(pv.card)
            # the turn's pending captures join the seat's captures with the gained cards
            expected = table.breakdown(_captures_and_pending(hand, seat) | gained)
            gained_rules = {it.rule for it in expected.items if it.name in pv.completes}
            assert gained_rules <= names_after


@pytest.mark.parametrize(("preset", "players"), [("pagat", 2), ("pagat", 3), ("goo-stupe", 2)])
def test_EVT7_no_junk_names_the_opponents_who_give_none_for_the_stack(preset: str, players: int) -> None:
    """``Preview.no_junk``: the opponents who owe junk for a stack taken but hold none to give
    (EVT-7: they give nothing; goo-stupe: a shot instead, GOO-12), as the collection then
    finds them: each one named gets a ``no-junk`` event for the stack, no other does."""
    rules = PRESETS[preset]
    seen = {"none": 0, "some": 0}
    for seed in range(80):
        hand = Hand.new(rules, players, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.stage == "main":
                mover = hand.current_player
                for a in legal:
                    pv = hand.preview(a)
                    if not pv.steals:
                        assert pv.no_junk == (), (seed, a.text)
                        continue
                    seen["none" if pv.no_junk else "some"] += 1
                    after = hand.clone()
                    events = list(after.apply(a))
                    # the mover's own questions of the turn (a pick), then the debts are settled
                    for _ in range(12):
                        if after.is_over or after.stage == "main" and after.current_player != mover:
                            break
                        events += after.apply(after.legal_actions()[0])
                    for_stack = ("stack-capture", "ja-ppuk")
                    broke = {e.seat for e in events if e.type == "no-junk" and e.data.get("for") in for_stack}
                    assert broke == set(pv.no_junk), (seed, a.text, pv.no_junk, [(e.type, e.seat, e.data) for e in events])
            hand.apply(legal[rng.randrange(len(legal))])
    assert seen["none"] and seen["some"], seen
