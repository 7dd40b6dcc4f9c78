"""A table paid in shots (goo-stupe, GOO-1/GOO-4): the game's hints never speak of chips it does
not play for, nor of a multiplier, nor of paying for both losers (PAY-2: the shots are the
whole settlement), whatever the multiplying knobs say."""

from __future__ import annotations

import re
from typing import Any

import pytest
from screen import CARD_CODE

from gostop.hints import go_outlook, nagari_stakes
from gostop.match import MatchEvent
from gostop.play.narrate import narrate
from gostop.play.session import Session, Settings
from gostop.play.view import table_view
from gostop.rules import PRESETS, get_preset, make_rules
from gostop.words import go_warnings_text, junk_values_text

#: goo-stupe with every knob that multiplies a payment or makes one loser pay for both.
FACTORS: dict[str, Any] = {"bomb_allowed": True, "bomb_multiplier": 2, "heundeum_multiplier": 2,
                           "heundeum_nov_dec_multiplier": 4, "shodang": True, "dok_bak": True, "oe_myeon": True,
                           "nagari_multiplier": "cumulative"}


def test_go_outlook_of_a_shots_table_has_no_go_bak_and_no_nagari_doubling() -> None:
    """LIAB-3 and MATCH-5 are chips rules: at a shots table a go risks no go-bak and a nagari
    doubles nothing; a nagari there costs every player a shot (GOO-5), and the last-turn
    warning says so."""
    shots = make_rules("goo-stupe", FACTORS)
    for players in (2, 3):
        o = go_outlook(shots, players, 0, 5)
        assert o.risk is None and not o.nagari_doubles and o.nagari_shots == 1
        assert (o.next_chips, o.next_multiplier) == (0, 1)
    chips = go_outlook(make_rules("pagat", {"go_bak_two_player": "double"}), 3, 0, 5)
    assert chips.risk == "dok-bak" and chips.nagari_doubles and chips.nagari_shots == 0
    for lang, doubled, both, shot in (("en", "doubled", "both losers", "every player takes 1 shot"),
                                      ("ko", "두 배", "두 사람 몫", "1잔")):
        lines = " ".join(go_warnings_text(shots, 3, 1, 6, last_turn=True, stop_total=2, lang=lang)
                         + go_warnings_text(shots, 3, 1, 6, lang=lang))
        assert doubled not in lines and both not in lines and shot in lines, lang
    assert nagari_stakes(shots, 3) == 1 and nagari_stakes(get_preset("pagat"), 3) == 8
    assert nagari_stakes(get_preset("matgo"), 5) == 8  # MATCH-8: the cap


def _first_prompt_with(kind: str, preset: str, overrides: dict[str, Any], lang: str = "en") -> Any:
    """The first choice of ``kind`` offered to the person on their first turn, over seeds."""
    for seed in range(1, 400):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=3, preset=preset, overrides=overrides,
                                   lang=lang))
        prompt = s.prompt()
        if prompt is None:  # the deal ended at once (chongtong)
            continue
        found = [c for c in prompt.choices if c.action.split()[0] == kind]
        if found:
            return found[0]
    raise AssertionError(f"no {kind} offered")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_shake_and_bomb_choices_at_a_shots_table_promise_no_multiplier(lang: str) -> None:
    """A shake at goo-stupe (x1, GOO-8) or at a shots table whose knobs double, and a bomb there
    (PAY-2): the choice says the payment does not change, never "payment x1" or "x2"."""
    same = {"en": "it changes no payment", "ko": "정산은 그대로"}[lang]
    times = {"en": "x", "ko": "배"}[lang]
    for overrides in ({}, FACTORS):
        shake = _first_prompt_with("shake", "goo-stupe", overrides, lang)
        assert same in shake.detail and times not in shake.detail, shake.detail
        # no money at a table paid in shots ("받는 돈은 그대로": the money received stays)
        assert lang != "ko" or "돈" not in shake.detail, shake.detail
    bomb = _first_prompt_with("bomb", "goo-stupe", FACTORS, lang)
    assert times not in bomb.detail, bomb.detail
    chips = _first_prompt_with("bomb", "pagat", {"bomb_multiplier": 2}, lang)
    assert {"en": "payments x2", "ko": "돈 2배"}[lang] in chips.detail


def _nagari_session(preset: str, overrides: dict[str, Any], carry: int = 0, hands: int = 2) -> Session:
    """A session whose first hand ended as a nagari (the person offers shodang whenever they
    may: an accepted offer ends the hand), its summary read; ``carry``: nagari before it."""
    for seed in range(1, 60):
        s = Session.start(Settings(seed=seed, level="easy", hands=hands, players=3, preset=preset, overrides=overrides))
        s.match.carry = carry
        while not s.pending and not s.over:
            prompt = s.prompt()
            assert prompt is not None
            offer = [c for c in prompt.choices if c.action == "offer-shodang"]
            s.choose((offer or list(prompt.choices))[0].key)
        if s.pending[0].outcome == "nagari":
            return s
    raise AssertionError("no nagari")


def test_after_a_nagari_a_shots_table_says_no_stakes_doubled() -> None:
    """MATCH-5 doubles a chips settlement: after a nagari at a shots table (even with
    ``nagari_multiplier`` on) the summary, the top line and the log say nothing of doubled
    stakes; at pagat they do."""
    for preset, overrides, doubled in (("goo-stupe", FACTORS, False), ("pagat", {}, True)):
        s = _nagari_session(preset, overrides)
        assert ("stakes are doubled" in s.pending[0].headline) == doubled, preset
        s.acknowledge()
        assert ("stakes x2" in table_view(s).title) == doubled, preset
        log = " ".join(line.text for line in s.log)
        assert ("nagari before: stakes x2" in log) == doubled, preset


def _shodang_question(preset: str, overrides: dict[str, Any]) -> Any:
    """The person's first answer-shodang prompt (a bot offered), over seeds."""
    for seed in range(1, 80):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=3, preset=preset, overrides=overrides))
        while not s.pending and not s.over:
            prompt = s.prompt()
            assert prompt is not None
            if prompt.stage == "answer-shodang":
                return prompt
            s.choose(prompt.choices[-1].key)
    raise AssertionError("no shodang offered to the person")


def test_shodang_at_a_shots_table_risks_nothing_and_doubles_nothing() -> None:
    """The shodang question and what a refusal risks: at a shots table a nagari doubles
    nothing and nobody pays for both losers (PAY-2, LIAB-1), nor does a card risk oe-myeon;
    at pagat both are said."""
    for preset, overrides, chips in (("goo-stupe", FACTORS, False), ("pagat", {}, True)):
        prompt = _shodang_question(preset, overrides)
        assert ("stakes doubled next hand" in prompt.question) == chips, preset
        risk = " ".join(prompt.info)
        assert ("pay for both losers" in risk) == chips, preset
        assert ("no dok-bak" in risk) == (not chips), preset
        s = Session.start(Settings(seed=1, level="easy", hands=1, players=3, preset=preset, overrides=overrides))
        obs = s.observation()
        assert obs is not None and s._oe_myeon_applies(obs) == chips, preset


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_compensation_is_told_in_the_tables_unit(lang: str) -> None:
    """GWANG-6/7 at a shots table are shots the payer takes, in the log as on the Rules page."""
    names = {0: "You", 1: "Minji", 2: "Hoon"}
    claim = MatchEvent("claim", 1, {"claimed": True, "cards": ["01B", "12D"], "amount": 4})
    paid = MatchEvent("compensation", 2, {"to": 1, "amount": 4})
    for rules, unit in ((get_preset("goo-stupe"), {"en": "4 shots", "ko": "4잔"}),
                        (get_preset("pagat"), {"en": "4 chips", "ko": "4칩"})):
        for ev in (claim, paid):
            line = narrate(ev, lambda s: names.get(s, "?"), (0, 1, 2), 0, lang, rules)
            assert line is not None and unit[lang] in line.text, line
            other = "칩" if unit[lang].endswith("잔") else "잔"
            assert (other if lang == "ko" else ("chip" if "shot" in unit[lang] else "shot")) not in line.text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_forced_out_player_at_a_shots_table_claims_shots(lang: str) -> None:
    """Gwangpalli played for shots: the claim question and the log name shots (the payers
    take them), never chips."""
    overrides = {"multi_player_mode": "gwangpalli", "max_players": 7, "first_dealer": "lot"}
    shots, chips = {"en": ("shots", "chip"), "ko": ("잔", "칩")}[lang]
    for seed in range(1, 300):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=5, preset="goo-stupe",
                                   overrides=overrides, lang=lang))
        prompt = s.prompt()
        if prompt is None or prompt.stage != "claim":
            continue
        claim = next(c for c in prompt.choices if c.action == "claim")
        assert shots in claim.label and chips not in claim.label, claim.label
        s.choose(claim.key)
        told = [line.text for line in s.log if "ompensation" in line.text or "광값" in line.text]
        assert len(told) >= 3 and all(shots in t and chips not in t for t in told), told
        return
    raise AssertionError("the person was never forced out")


# -- the junk a debtor gives, nagari stakes, a shots hand's summary --------------------------------


def _first_surrender(preset: str, lang: str, overrides: dict[str, Any] | None = None) -> Any:
    """The person's first which-junk-to-give prompt, over seeds (the first choice each time)."""
    for seed in (7, *range(1, 40)):
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=3, preset=preset,
                                   overrides=overrides or {}, lang=lang))
        while not s.pending and not s.over:
            prompt = s.prompt()
            assert prompt is not None
            if prompt.stage == "surrender":
                return prompt
            s.choose(prompt.choices[0].key)
    raise AssertionError("no junk to give")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_junk_to_give_says_the_junk_values_of_this_table(lang: str) -> None:
    """SCORE-7 / GOO-11: at goo-stupe 11D counts 1, 12D 0 and every joker 1; at pagat 11D and
    12D count 2 and the jokers their printed value: the question which junk to give says the
    values of its table, never another preset's."""
    goo = " ".join(_first_surrender("goo-stupe", lang).info)
    pagat = " ".join(_first_surrender("pagat", lang).info)
    said = {"en": ("paulownia double junk 1, willow / rain double junk 0, every joker 1",
                   "paulownia and willow / rain double junk 2, two-junk joker 2, three-junk joker 3"),
            "ko": ("오동 쌍피 1, 비 쌍피 0, 조커는 모두 1", "오동 쌍피와 비 쌍피 2, 조커 2는 2, 조커 3은 3")}[lang]
    assert said[0] in goo and said[1] not in goo, goo
    assert said[1] in pagat and said[0] not in pagat, pagat
    assert ("as printed" in goo or "적힌 대로" in goo) is False


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_junk_values_agree_with_the_scoring_of_every_preset(preset: str) -> None:
    """The hint's values are the engine's (scoring.junk_value), for every preset and for knobs
    that change them."""
    from gostop.cards import parse_card
    from gostop.hints import junk_values
    from gostop.scoring import junk_value

    for overrides in ({}, {"junk_value_11D": 1}, {"junk_value_12D": 0}, {"uniform_joker_value": 1},
                      {"jokers": ["JK1", "JK2", "JKB"], "uniform_joker_value": None}):
        rules = make_rules(preset, overrides)
        v = junk_values(rules)
        assert v.double_11 == junk_value(rules, parse_card("11D"))
        assert v.double_12 == junk_value(rules, parse_card("12D"))
        assert dict(v.jokers) == {c.split("-")[0]: junk_value(rules, parse_card(c)) for c in rules.jokers
                                  if rules.uniform_joker_value is not None or not c.startswith(("JKB", "JKX", "JKP"))}
        en = junk_values_text(v, "en")
        assert (f"willow / rain double junk {v.double_12}" in en
                or f"paulownia and willow / rain double junk {v.double_12}" in en), en
        assert not CARD_CODE.search(en), en  # the cards named, never by code


def test_two_nagari_in_a_row_say_the_stakes_are_x4() -> None:
    """MATCH-5: after a second nagari in a row the next hand pays x4, not "doubled": the hand's
    summary, the new hand's log line and the settlement's factor say the factor itself."""
    s = _nagari_session("pagat", {}, carry=1, hands=3)  # a nagari before this hand
    assert "stakes are x4" in s.pending[0].headline and "doubled" not in s.pending[0].headline
    s.acknowledge()
    assert "stakes x4" in table_view(s).title
    log = " ".join(line.text for line in s.log)
    assert "2 nagari before: stakes x4" in log and "stakes doubled" not in log
    single = make_rules("pagat", {"nagari_multiplier": "single"})
    line = narrate(MatchEvent("hand-start", 0, {"seats": [0, 1, 2], "carry": 3}), lambda i: f"P{i}", [0, 1, 2], 0,
                   lang="ko", rules=single)
    assert line is not None and "판돈 2배" in line.text, line


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_shots_hand_summary_says_who_took_shots_not_who_paid_whom(lang: str) -> None:
    """PAY-2 / GOO-10: nobody wins shots and nobody pays them to anyone: the stopper's headline
    says the opponents take them, and the shots taken during the hand (jokers) are one line per
    reason with each player's count, never "paid ... to" themselves."""
    s = Session.start(Settings(seed=7, level="normal", hands=1, players=3, preset="goo-stupe", lang=lang))
    while not s.pending and not s.over:
        prompt = s.prompt()
        assert prompt is not None
        s.choose(prompt.choices[0].key)
    summary = s.pending[0]
    text = summary.headline + "\n" + "\n".join(summary.steps)
    if lang == "en":
        assert "won" not in summary.headline and "the opponents take" in summary.headline, text
        # (each player once, in the order they first drank: "Hoon 7 shots, you 8 shots, Minji 7 shots")
        line = next(step for step in summary.steps if step.startswith("Shots taken during the hand (a joker): "))
        assert "Paid during the hand" not in text and re.search(r"[:,] you \d+ shots?(,|$)", line), text
        assert " pay" not in text, text
    else:
        assert "땄습니다" not in summary.headline and "마십니다" in summary.headline, text
        line = next(step for step in summary.steps if step.startswith("판 중에 마신 잔 (조커): "))
        assert "낸 돈" not in text and re.search(r"[:,] 나 \d+잔(,|$)", line) and "냅니다" not in text, text
    assert sum(1 for step in summary.steps if "(a joker)" in step or "(조커)" in step) == 1, text
