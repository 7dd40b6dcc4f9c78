"""QA pass of the terminal game: the go/stop outlook on the last turn (GOSTOP-6, MATCH-5), a
goo-stupe table (GOO-10 joker shots, GOO-1 shots taken during a hand, GOO-17/DEC-2 on the
Keys page) and a Korean Matgo hand (the bonus cards' junk steal, words that read as GO)."""

from __future__ import annotations

from typing import Any

import pytest

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.hints import go_outlook
from gostop.match import MatchEvent
from gostop.play.guide import keys_text
from gostop.play.narrate import debt_words, narrate
from gostop.play.render import ledger_block, seat_block
from gostop.play.session import Session, Settings
from gostop.play.view import table_view
from gostop.rules import get_preset, make_rules
from gostop.words import catalog, go_warnings_text

# -- 1. the last turn: a go can only end in a nagari ----------------------------------------------


@pytest.mark.parametrize(("preset", "players", "risk"), [("pagat", 3, "dok-bak"), ("matgo", 2, "double")])
def test_last_turn_outlook_names_no_go_bak_and_nothing_a_later_win_adds(preset: str, players: int, risk: str) -> None:
    """GOSTOP-6: after a go on the last turn nobody can win, so there is no go-bak risk and no
    chips or multiplier of a later win (the same table off the last turn has them)."""
    rules = get_preset(preset)
    assert go_outlook(rules, players, 2, 9).risk == risk
    o = go_outlook(rules, players, 2, 9, last_turn=True, stop_total=20)
    assert o.risk is None and (o.next_chips, o.next_multiplier, o.asked_above) == (0, 1, None)
    for lang, bak in (("en", "go-bak"), ("ko", "고박")):
        text = " ".join(go_warnings_text(rules, players, 2, 9, last_turn=True, stop_total=20, lang=lang))
        assert bak not in text and ("나가리" if lang == "ko" else "nagari") in text, text


@pytest.mark.parametrize(
    ("before", "en", "ko"),
    [
        (1, "rise from x2 to x4", "x2에서 x4까지"),
        (2, "rise from x4 to x8", "x4에서 x8까지"),
    ],
)
def test_last_turn_outlook_says_the_real_nagari_factor(before: int, en: str, ko: str) -> None:
    """MATCH-5 (cumulative): after ``before`` nagari in a row, a nagari now takes the next
    hand from x2^before to x2^(before+1), not "doubled" from x1."""
    rules = get_preset("pagat")
    o = go_outlook(rules, 3, 1, 5, last_turn=True, nagari_before=before)
    assert (o.stakes_now, o.stakes_after) == (1 << before, 2 << before)
    for lang, want in (("en", en), ("ko", ko)):
        text = " ".join(go_warnings_text(rules, 3, 1, 5, last_turn=True, stop_total=6, lang=lang,
                                         nagari_before=before))
        assert want in text, text
        assert "doubled" not in text and "두 배" not in text, text


def test_last_turn_outlook_at_the_nagari_cap_says_the_stakes_stay() -> None:
    """MATCH-8: at matgo's x8 cap a further nagari raises nothing; the outlook says so."""
    rules = get_preset("matgo")
    o = go_outlook(rules, 2, 1, 7, last_turn=True, nagari_before=3)
    assert (o.stakes_now, o.stakes_after) == (8, 8) and not o.nagari_doubles
    assert "stay x8" in " ".join(go_warnings_text(rules, 2, 1, 7, last_turn=True, nagari_before=3))
    ko = " ".join(go_warnings_text(rules, 2, 1, 7, last_turn=True, nagari_before=3, lang="ko"))
    assert "x8 그대로" in ko and "두 배" not in ko, ko


# -- 2. goo-stupe ---------------------------------------------------------------------------------


def _joker_choice(lang: str, players: int, preset: str = "goo-stupe", overrides: dict[str, Any] | None = None) -> str:
    for seed in range(1, 200):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=players, preset=preset,
                                   overrides=overrides or {}, lang=lang))
        prompt = s.prompt()
        if prompt is None:
            continue
        for c in prompt.choices:
            if c.card is not None and c.card.is_joker:
                return c.detail
    raise AssertionError("no joker in hand")


@pytest.mark.parametrize(("lang", "players", "shot"), [
    ("en", 3, "each opponent takes a shot"), ("ko", 3, "상대마다 한 잔씩"),
    ("en", 2, "your opponent takes a shot"), ("ko", 2, "상대가 한 잔"),
])
def test_goo_stupe_joker_in_hand_says_each_opponent_takes_a_shot(lang: str, players: int, shot: str) -> None:
    """GOO-10 (``joker_shot = hand_opponents_stock_self``): playing a joker from the hand makes
    each opponent take a shot; the joker's choice says so (and only at such a table)."""
    assert shot in _joker_choice(lang, players)
    plain = _joker_choice(lang, players, "goo-stupe", {"joker_shot": None})
    assert "shot" not in plain and "잔" not in plain, plain


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_goo_stupe_ledger_shows_the_shots_taken_during_the_hand(lang: str) -> None:
    """GOO-1: shots taken during a hand (jokers, shouts, steals) show on the seats and in the
    ledger at once, not "+0" until the hand ends; after the hand they are in the ledger once."""
    for seed in range(1, 60):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=3, preset="goo-stupe", lang=lang))
        while not s.pending and not s.over:
            hand = s.match.hand
            assert hand is not None
            taken = hand.observation(0).shots
            if any(taken):
                view = table_view(s)
                seats = s.match.hand_seats
                want = {s.name(ts): taken[hs] for hs, ts in enumerate(seats)}
                assert {n: t for n, t in view.ledger} == want
                block = ledger_block(view).plain
                assert ("this hand" if lang == "en" else "이번 판") in block, block
                for seat in view.seats:
                    assert seat.chips == want[seat.name] == seat.hand_shots
                    if seat.hand_shots:
                        assert f"{seat.hand_shots:+d}" in seat_block(seat, 5, "shots").plain
                while not s.pending and not s.over:  # the end of the hand: its shots counted once
                    prompt = s.prompt()
                    assert prompt is not None
                    s.choose(prompt.choices[0].key)
                view = table_view(s)
                assert [t for _n, t in view.ledger] == list(s.match.ledger.shot_totals)
                assert not any(view.ledger_hand)
                return
            prompt = s.prompt()
            assert prompt is not None
            s.choose(prompt.choices[0].key)
    raise AssertionError("no shot taken in any hand")


@pytest.mark.parametrize(("lang", "words"), [("en", "who comes next on the list"), ("ko", "순서표에서 다음 사람")])
def test_keys_page_names_the_goo_stupe_list_with_more_than_three_players(lang: str, words: str) -> None:
    """GOO-17, DEC-2: with more than 3 seated the person heads a numbered list; the Keys page
    says what its number keys are for, and only there."""
    rules = get_preset("goo-stupe")
    assert words in keys_text(lang, rules, 5)
    assert words not in keys_text(lang, rules, 3)
    assert words not in keys_text(lang, get_preset("pagat"), 5)
    lowest = make_rules("goo-stupe", {"surrender_lowest_first": True})
    assert words in keys_text(lang, lowest, 4)


# -- 3. a Korean Matgo hand -----------------------------------------------------------------------


def _steal_line(card: str, lang: str) -> str:
    ev = MatchEvent("hand", 1, hand_event=Event("boss-joker", 1, (parse_card(card),)))
    line = narrate(ev, lambda s: "민지" if s == 1 else "나", (0, 1), 0, lang, get_preset("matgo"))
    assert line is not None
    return line.text


def test_matgo_bonus_card_steal_is_not_called_a_boss_joker() -> None:
    """Matgo's JK2/JK3 are bonus cards (``joker_steals_junk``): taking one takes junk; the
    line says a bonus card did it, without nested brackets, and the junk given is not "for the
    boss joker" (matgo has none)."""
    ko = _steal_line("JK3", "ko")
    assert "보너스 패" in ko and "보스" not in ko and ko.count("(") == 1, ko
    en = _steal_line("JK2-2", "en")
    assert "bonus card" in en and "boss" not in en and en.count("(") == 1, en
    assert "보스 조커" in _steal_line("JKB", "ko")
    assert "보스" not in debt_words("boss-joker", "ko") and "boss" not in debt_words("boss-joker", "en")


def test_korean_words_for_choose_never_read_as_go() -> None:
    """In a go-stop game "고를 수 있는" / "고릅니다" (to choose) reads as 고 (GO): the Korean
    says 선택 / 정하다 in the only-choice note, the not-a-choice error, the go/stop rule and
    the quick start."""
    w = catalog("ko")
    texts = [
        w.t("(only choice: {action})", action="x"),
        w.t("{typed} is not a choice here. {keys}", typed="'1'", keys="k"),
        w.t("nothing to decide right now"),
        w.t("With {target} points or more (this table: {active} players) you choose STOP or GO.", target=3,
            active=3),
    ]
    from gostop.play.guide import quick_start

    texts.append(quick_start("ko"))
    for text in texts:
        for bad in ("고를 수", "고를 것", "고릅니다", "고를 고"):
            assert bad not in text, text
