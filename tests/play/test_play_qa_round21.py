"""QA round 21 of the terminal game:

* under the summary of a hand that ended as a nagari the top line already gave the *next*
  hand's stakes ("hand 1 of 3 · pagat · stakes x2 (nagari)" over hand 1's own summary, MATCH-5);
* Matgo with pushes (milgi 밀기, VAR-PUSH, ``push_limit``): the push question did not say that a
  push doubles the next hand *whoever* wins it (you pay double if you lose it); a pushed hand
  was summed up "You stopped with 7 points and won 14 chips" over a line saying the 14 chips
  were not paid; the top line never counted the pushes in the stakes (hand 3 read "stakes x2
  (nagari)" and paid x4);
* goo-stupe: the sake cup (09A) was called "double junk" where it is one junk (GOO-11,
  ``flex_junk_value = 1``), in the settlement and on the card guide; the shots a joker costs
  (GOO-10) were taken with no word of the rule, and the turn's line on the top of the screen
  did not say who drank at all; a shot for staying quiet after a first-turn ppuk (GOO-14)
  read "(yell)".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from screen import page_text, until_rows
from scripted import push_or_stop

from gostop.cards import parse_card
from gostop.play.app import GoStopApp, SummaryScreen
from gostop.play.guide import _roles
from gostop.play.narrate import reason_words
from gostop.play.session import Prompt, Session, Settings
from gostop.play.store import Store
from gostop.play.view import table_view
from gostop.words import catalog


def _first(prompt: Prompt) -> str:
    return prompt.choices[0].key


def _play_to_summary(s: Session, key: Callable[[Prompt], str] = _first) -> None:
    for _ in range(400):
        if s.pending or s.over:
            return
        p = s.prompt()
        assert p is not None
        s.choose(key(p))
    raise AssertionError("no hand ended")


# -- 1. the top line over a hand's summary gives that hand's stakes (MATCH-5) ---------------------


def _nagari_first_hand(lang: str = "en") -> Session:
    s = Session.start(Settings(seed=1, players=2, preset="pagat", level="easy", hands=3, lang=lang))
    _play_to_summary(s)  # nobody stops before the cards run out: a nagari
    assert s.pending and s.pending[0].winner is None and s.pending[0].hand == 1
    return s


def test_the_title_over_a_nagari_summary_gives_that_hands_stakes() -> None:
    s = _nagari_first_hand()
    assert "The next hand's stakes are doubled" in s.pending[0].headline
    assert table_view(s).title == "gostop · hand 1 of 3 · pagat"  # hand 1 was played at x1
    s.acknowledge()
    assert table_view(s).title == "gostop · hand 2 of 3 · pagat · stakes x2 (nagari)"


def test_the_header_over_a_nagari_summary_at_120x40(tmp_path: Path) -> None:
    # at 80x24 the summary covers the top line; at 120x40 the header stays above it
    s = _nagari_first_hand()
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)
    seen: dict[str, list[str]] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            seen["summary"] = await until_rows(pilot, app, lambda rows: "Enter: next hand" in "\n".join(rows))
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("enter")
            seen["next"] = await until_rows(pilot, app, lambda rows: "Your turn" in "\n".join(rows))

    asyncio.run(main())
    header = seen["summary"][0]
    assert "hand 1 of 3 · pagat" in header and "stakes" not in header, header
    assert "hand 2 of 3 · pagat · stakes x2 (nagari)" in seen["next"][0]


def test_the_title_over_a_nagari_summary_in_korean() -> None:
    s = _nagari_first_hand("ko")
    assert "판돈" not in table_view(s).title
    s.acknowledge()
    assert table_view(s).title.endswith("판돈 x2 (나가리)")


# -- 2. Matgo pushes (VAR-PUSH) ------------------------------------------------------------------

PUSH = {"push_limit": 2}


def _push_match(lang: str = "en") -> Session:
    # the story of test_play_matgo_push: you win hand 1 and push, hand 2 is a nagari, the bot
    # wins hand 3 at x4 (the nagari and the push)
    return Session.start(Settings(players=2, preset="matgo", seed=13, level="easy", hands=5, overrides=dict(PUSH),
                                  lang=lang))


def _to_push_question(s: Session) -> Prompt:
    for _ in range(400):
        p = s.prompt()
        assert p is not None
        if p.stage == "push":
            return p
        s.choose(push_or_stop(p))
    raise AssertionError("no push was offered")


def test_the_push_question_says_what_each_answer_does_and_costs() -> None:
    s = _push_match()
    p = _to_push_question(s)
    assert p.question.startswith("You won 14 chips. Push (milgi 밀기)")
    assert p.info == (
        "Push: you are paid nothing now, and the next hand with a winner pays 2 times, whoever wins it: if you "
        "lose it, you pay 2 times.",
        "Collect: you are paid 14 chips now, and the next hand pays as usual.",
    )


def test_the_push_question_in_korean_says_the_same() -> None:
    s = _push_match("ko")
    p = _to_push_question(s)
    assert p.info == (
        "밀기: 지금은 한 푼도 받지 않고, 다음에 승자가 나는 판이 2배가 됩니다. 누가 이기든 마찬가지라, 그 판을 지면 내가 "
        "2배를 냅니다.",
        "받기: 지금 14칩을 받고, 다음 판은 평소대로 칩니다.",
    )


def _titles_and_headlines(lang: str) -> tuple[list[str], list[str]]:
    s = _push_match(lang)
    titles, headlines = [], []
    for _ in range(3):
        _play_to_summary(s, push_or_stop)
        headlines.append(s.pending[0].headline)
        titles.append(table_view(s).title)  # the hand of the summary shown
        s.acknowledge()
    return titles, headlines


def test_a_pushed_hand_is_summed_up_as_pushed_and_the_title_counts_the_pushes() -> None:
    titles, headlines = _titles_and_headlines("en")
    assert headlines[0] == "You stopped with 7 points and pushed the 14 chips to the next hand."
    # the nagari's headline counts the push standing before it (it said "doubled" of a hand paid x4)
    assert headlines[1].endswith("The next hand's stakes are x4."), headlines[1]
    assert titles == [
        "gostop · hand 1 of 5 · matgo",
        "gostop · hand 2 of 5 · matgo · stakes x2 (push)",  # hand 2 was played doubled by the push
        "gostop · hand 3 of 5 · matgo · stakes x4 (nagari, push)",  # and paid x4 (the summary says so)
    ]


def test_a_pushed_hand_and_the_title_in_korean() -> None:
    titles, headlines = _titles_and_headlines("ko")
    assert headlines[0] == "나: 7점으로 스톱하고 14칩을 다음 판으로 밀었습니다."
    assert headlines[1].endswith("다음 판은 판돈이 4배입니다."), headlines[1]
    assert titles[1].endswith("판돈 x2 (밀기)") and titles[2].endswith("판돈 x4 (나가리, 밀기)")


def test_the_push_question_fits_80x24(tmp_path: Path) -> None:
    s = _push_match()
    p = _to_push_question(s)
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)

    async def main() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            return await until_rows(pilot, app, lambda rows: "whoever wins it" in page_text(rows))

    text = page_text(asyncio.run(main()))
    for line in (p.question, *p.info):
        assert line in text, text


# -- 3. goo-stupe: the sake cup is one junk (GOO-11, SCORE-7) ------------------------------------


def _goo(lang: str = "en", seed: int = 1, players: int = 3) -> Session:
    return Session.start(Settings(seed=seed, players=players, preset="goo-stupe", level="easy", hands=1, lang=lang))


def _goo_policy(prompt: Prompt) -> str:
    acts = {c.action.split()[0]: c.key for c in prompt.choices}
    if "stop" in acts:
        return acts["stop"]
    for c in prompt.choices:
        if "captures" in c.mark_keys:
            return c.key
    return prompt.choices[0].key


def test_the_sake_cup_counts_as_one_junk_in_goo_stupe() -> None:
    s = _goo()
    _play_to_summary(s, _goo_policy)  # you stop holding the sake cup, counted as junk
    steps = [line.strip() for line in s.pending[0].steps]
    assert "The sake cup (chrysanthemum animal) counts as an animal (4 points) or as one junk (5 points):" in steps
    assert "the winner counts it as one junk (larger total payment)." in steps
    assert not any("double junk" in line for line in steps[: steps.index("Captured cards:")])


def test_the_sake_cup_counts_as_one_junk_in_korean() -> None:
    s = _goo("ko")
    _play_to_summary(s, _goo_policy)
    steps = [line.strip() for line in s.pending[0].steps]
    assert "국진(국화 열끗)은 열끗으로 치면 4점, 피 한 장으로 치면 5점입니다." in steps
    assert "승자는 피 한 장으로 칩니다 (받는 돈이 더 많음)." in steps


def test_the_card_guide_calls_the_flex_card_one_junk_in_goo_stupe() -> None:
    card = parse_card("09A")
    goo, pagat = _goo().rules, Session.start(Settings(seed=1, level="easy")).rules
    assert _roles(goo, card, catalog("en"))[0] == "flex card: an animal or one junk, whichever pays better"
    assert _roles(goo, card, catalog("ko"))[0] == "겸용 패: 열끗이나 피 한 장, 더 받는 쪽으로"
    assert _roles(pagat, card, catalog("en"))[0] == "flex card: an animal or double junk, whichever pays better"


# -- 4. goo-stupe: the shots and their rules -----------------------------------------------------

JOKER_RULE = ("Goo-stupe rule: a joker played from the hand makes each opponent take a shot (a drink); a joker "
              "turned from the stock makes its player take one.")


def test_the_first_joker_shot_says_the_rule_once_and_the_turn_says_who_drank() -> None:
    s = _goo()
    s.choose("5")  # maple junk takes maple junk; then Hoon plays a joker and turns four more
    assert s.last_move is not None
    assert s.last_move.text.endswith("took one-junk joker ×5 — shots taken: you 1, Minji 1, Hoon 4")
    texts = [line.text for line in s.log]
    first = texts.index("You take 1 shot (a joker).")
    assert texts[first + 1] == JOKER_RULE  # said where it first matters
    assert s.news == JOKER_RULE  # and on the top line until your next move
    _play_to_summary(s, _goo_policy)  # many more jokers are played: the rule is said once
    assert [line.text for line in s.log].count(JOKER_RULE) == 1


def test_the_first_joker_shot_in_korean() -> None:
    s = _goo("ko")
    s.choose("5")
    assert s.last_move is not None and s.last_move.text.endswith("— 마신 잔: 나 1, 민지 1, 훈 4")
    rule = "구 스튜프 규칙: 손에서 낸 조커는 상대마다 한 잔씩 마시게 하고, 더미에서 뒤집힌 조커는 뒤집은 사람이 한 잔 마십니다."
    texts = [line.text for line in s.log]
    assert texts[texts.index("나: 1잔 마심 (조커)") + 1] == rule and s.news == rule


def test_the_joker_rule_on_the_screen_at_80x24_and_120x40(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 40)):
        s = _goo()
        app = GoStopApp(Store(tmp_path / f"data{size[0]}"), s.settings, session=s, setup=False)

        async def main(app: GoStopApp = app, size: tuple[int, int] = size) -> list[str]:
            async with app.run_test(size=size) as pilot:
                await until_rows(pilot, app, lambda shown: "Your turn" in "\n".join(shown))
                await pilot.press("5")
                return await until_rows(pilot, app, lambda shown: "Goo-stupe rule" in page_text(shown))

        rows = asyncio.run(main())
        left = [row.split("│")[0] for row in rows[:4]]  # the top line (beside the side panel at 120x40)
        assert JOKER_RULE in page_text(left), (size, rows)


def test_a_shot_for_staying_quiet_says_so() -> None:
    assert reason_words("yell") == "no shout after a first-turn ppuk"  # it read "(yell)"
    assert reason_words("yell", "ko") == "첫뻑에 안 외침"
    assert reason_words("ja-ppuk") == "ja-ppuk 자뻑" and reason_words("nagari") == "nagari 나가리"
