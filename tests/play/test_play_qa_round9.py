"""QA round 9 (matgo and goo-stupe jokers at 80 columns, a bomb, the Korean setup screen and
help, a shaken month):

* a Korean joker's choice line at 80 columns says both what playing it does and its worth
  (``JK2 먹고 더미 패 냄 조커 2 · 쌍피``): it said ``JK2 먹은 패로 가고 더미 패를 대신 냄`` in one
  column and ``JK2 조커 2 · 쌍피`` in the other, and goo-stupe's ``JK1-2 조커`` (the shot clause
  kept its deed from being shortened);
* a turn that bombs says so (``You bombed ...``, ``나: 폭탄 (...)``), not ``played 4 cards``;
* a Korean screen names the rule set as players do (``맞고``), not by its id (``matgo``): the
  setup screen's preset list, the first line of the rules page;
* a shaken month is said as a month, by its flower since round 17 (``shook cherry``, ``흔듦 벚꽃``),
  not as ``03``;
* a matgo shake says that one of the three cards is played next, and the prompt after it says why
  only those three are offered.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from rich.cells import cell_len
from screen import screen_rows
from textual.pilot import Pilot
from textual.widgets import Select

from gostop.play.app import ChoiceItem, GoStopApp, SetupScreen
from gostop.play.guide import rules_text
from gostop.play.render import seat_block, seat_compact
from gostop.play.session import Session, Settings
from gostop.play.store import Store
from gostop.play.view import table_view
from gostop.rules import get_preset

# -- 1. a Korean joker's compact line: its deed and its worth -----------------------------------


def test_a_korean_joker_at_80_columns_says_what_it_does_and_its_worth() -> None:
    """Matgo seed 14 holds JK2; goo-stupe seed 5 holds three one-junk jokers whose deed adds a
    shot for each opponent: there the shot and the worth fit, not the deed too (QA 23). A cell
    at 80 columns is 39 or 40 wide."""
    for preset, players, seed in (("matgo", 2, 14), ("goo-stupe", 3, 5)):
        s = Session.start(Settings(seed=seed, preset=preset, players=players, level="hard", lang="ko"))
        prompt = s.prompt()
        assert prompt is not None
        jokers = [c for c in prompt.choices if c.card is not None and c.card.is_joker]
        assert jokers, preset
        for c in jokers:
            for width in (39, 40):
                text = ChoiceItem._fitted(c, width, "ko").plain
                if preset == "goo-stupe":  # GOO-10 (QA 23): the shot it costs is kept, the deed gives way
                    assert "상대마다 한 잔" in text, (preset, width, text)
                else:
                    assert "먹고 더미 패 냄" in text, (preset, width, text)
                # 조커 2 · 쌍피, whole, beside its code and before what it does
                code = c.card.code if c.card is not None else ""
                assert text.startswith(f" {c.key}  {code} {c.label}: "), (preset, width, text)
                assert cell_len(text) <= width, (preset, width, text)


# -- 2. a bomb on the turn's line -----------------------------------------------------------------


def test_a_bomb_is_said_on_its_turn_line() -> None:
    """Seed 41: the person can bomb (BOMB-1) the peonies on the first turn. The line said ``You played
    4 cards`` (three from the hand, the fourth was on the table) and nothing of a bomb."""
    en = Session.start(Settings(seed=41, preset="pagat", lang="en"))
    en.choose("b")
    assert en.your_turn.startswith("You bombed with peony animal, peony ribbon, peony junk onto peony junk, "), \
        en.your_turn  # QA round 15: the three from the hand onto the table's one (BOMB-1)
    assert en.your_turn_short.startswith("You bombed with 3 cards onto peony junk, "), en.your_turn_short
    assert "played" not in en.your_turn + en.your_turn_short
    ko = Session.start(Settings(seed=41, preset="pagat", lang="ko"))
    ko.choose("b")
    assert ko.your_turn.startswith("나: 폭탄 (모란 열끗, 모란 띠, 모란 피를 바닥 모란 피에 냄), "), ko.your_turn
    assert ko.your_turn_short.startswith("나: 폭탄 (3장을 바닥 모란 피에 냄), "), ko.your_turn_short
    assert not ko.your_turn.startswith("나: 모란"), ko.your_turn  # not a plain play


# -- 3. the rule set's name on Korean screens -----------------------------------------------------


def test_the_korean_rules_page_names_the_rule_set_as_players_do() -> None:
    assert rules_text(get_preset("matgo"), 2, "ko").splitlines()[0] == "이 판의 규칙: 맞고"
    assert rules_text(get_preset("pagat"), 3, "ko").splitlines()[0] == "이 판의 규칙: 파갓 규칙"
    assert rules_text(get_preset("matgo"), 2, "en").splitlines()[0] == "Rules of this table: preset matgo"


def test_the_korean_setup_screen_lists_the_rule_sets_by_their_korean_names(tmp_path: Path) -> None:
    app = GoStopApp(Store(tmp_path / "data"), Settings(lang="ko", preset="matgo"))
    shown: dict[str, list[str]] = {}

    async def script(pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        select = app.screen.query_one("#preset", Select)
        shown["options"] = [str(prompt) for prompt, _value in select._options]
        shown["rows"] = screen_rows(app)
        assert select.value == "matgo"
        await pilot.press("ctrl+q")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(run())
    assert "맞고" in shown["options"] and "파갓 규칙" in shown["options"], shown["options"]
    assert not {"matgo", "pagat", "goo-stupe"} & set(shown["options"]), shown["options"]
    assert any("규칙 프리셋   맞고" in row for row in shown["rows"]), shown["rows"]


# -- 4. a shaken month as a month -----------------------------------------------------------------


def test_a_shaken_month_is_said_as_a_month() -> None:
    for lang, compact, block in (("en", "shook cherry, iris", "shake cherry, iris"),
                                 ("ko", "흔듦 벚꽃, 난초", "흔들기 벚꽃, 난초")):
        s = Session.start(Settings(seed=3, preset="pagat", lang=lang))
        view = table_view(s)
        seat = dataclasses.replace(view.seats[0], shakes=(3, 5))
        assert compact in seat_compact(seat, view.target, view.unit).plain, seat_compact(seat, view.target, view.unit)
        assert block in seat_block(seat, view.target, view.unit).plain, seat_block(seat, view.target, view.unit)


# -- 5. a matgo shake: the three cards must be played --------------------------------------------


def test_a_matgo_shake_says_one_of_the_three_is_played_next() -> None:
    """Seed 3: the person can shake February. Matgo's rule (SHAKE-3) is that the card played
    then is one of the three; the choice said "then play as usual" and the prompt after it
    offered the three cards alone with no word of why."""
    for lang, deed, why in (("en", "then play one of them", "You shook Feb (plum): now play one of its three cards."),
                            ("ko", "그다음 그 세 장 중 한 장을 냄", "2월 (매조) 흔들기: 이제 그 세 장 중 한 장을 내야 합니다.")):
        s = Session.start(Settings(seed=3, preset="matgo", lang=lang))
        prompt = s.prompt()
        assert prompt is not None
        shake = next(c for c in prompt.choices if c.key == "s")
        assert deed in shake.detail, shake.detail
        s.choose("s")
        prompt = s.prompt()
        assert prompt is not None and len(prompt.choices) == 3
        assert prompt.info[0] == why, prompt.info
        s.choose(prompt.choices[0].key)
        prompt = s.prompt()
        assert prompt is not None and why not in prompt.info, prompt.info  # said for that turn only
    pagat = Session.start(Settings(seed=3, preset="pagat", lang="en"))  # pagat: any card after a shake
    prompt = pagat.prompt()
    assert prompt is not None
    assert "then play as usual" in next(c for c in prompt.choices if c.key == "s").detail
