"""The terminal game says what each bot level is worth, as the web lobby does (issue 22, item 3:
"normal beats easy by ..."): the full-screen setup shows the chosen level's measured gap over
the level below under the level's field, and the line mode lists every level's gap before it
asks for one. The figures are the ladder's (``gostop.agents.LEVEL_EDGES``), never a copy."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest
from screen import run_app, screen_rows, until_rows
from textual.pilot import Pilot
from textual.widgets import Select

from gostop.agents import LEVEL_EDGES, level_name
from gostop.play.app import GoStopApp, SetupScreen
from gostop.play.names import LEVEL_NAMES
from gostop.play.plain import plain_setup
from gostop.play.session import Settings
from gostop.play.store import Store
from gostop.words.levels import level_gap_line

HANGUL = re.compile("[\uac00-\ud7a3]")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_level_says_its_measured_gap_over_the_level_below(lang: str) -> None:
    assert LEVEL_EDGES, "the ladder has no measured gaps"
    for e in LEVEL_EDGES:
        line = level_gap_line(e.level, lang)
        # the level, the level below, the gap, its interval and the deals, all from the facts
        for part in (level_name(e.level, lang), level_name(e.below, lang), f"{e.points:+.1f}", f"{e.low:+.1f}",
                     f"{e.high:+.1f}", f"{e.deals:,}"):
            assert part in line, (part, line)
        assert line.index(level_name(e.level, lang)) < line.index(level_name(e.below, lang)), line
        if lang == "ko":
            assert HANGUL.search(line) and not re.search("[A-Za-z]", line), line  # no English left in Korean
    lowest = {e.below for e in LEVEL_EDGES} - {e.level for e in LEVEL_EDGES}
    assert lowest == {"easy"}
    easiest = level_gap_line("easy", lang)
    assert easiest.startswith(level_name("easy", lang)) and easiest != level_gap_line("normal", lang)
    assert level_gap_line("search:iters=3", lang) == ""  # a bot the ladder never measured: nothing claimed


def test_every_level_offered_to_players_has_a_line() -> None:
    for level in LEVEL_NAMES:
        assert level_gap_line(level, "en"), level


def _run(app: GoStopApp, size: tuple[int, int], script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    run_app(app, size, script)


def _flat(rows: list[str]) -> str:
    """The screen's text with the frame and the wrapping undone (a line may wrap)."""
    return " ".join(" ".join(r.strip(" █▀▄").split()) for r in rows)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_setup_screen_shows_the_chosen_levels_gap_and_follows_the_choice(store: Store, size: tuple[int, int]) -> None:
    app = GoStopApp(store, Settings(seed=3, level="normal", hands=1))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        text = _flat(screen_rows(app))
        assert level_gap_line("normal", "en") in text, text
        app.screen.query_one("#level", Select).value = "hard"
        rows = await until_rows(pilot, app, lambda rows: level_gap_line("hard", "en") in _flat(rows))
        assert level_gap_line("hard", "en") in _flat(rows) and level_gap_line("normal", "en") not in _flat(rows)
        assert "Start" in _flat(rows)  # the whole form still fits (the buttons are on the screen)
        app.screen.query_one("#lang", Select).value = "ko"  # the level's line follows the language
        rows = await until_rows(pilot, app, lambda rows: level_gap_line("hard", "ko") in _flat(rows))
        assert level_gap_line("hard", "ko") in _flat(rows), _flat(rows)
        await pilot.press("ctrl+q")

    _run(app, size, script)


def test_the_line_mode_lists_every_levels_gap_before_asking_for_one() -> None:
    said: list[str] = []
    # change; players, level, preset, hands, seed, rule changes; then start
    answers = iter(["c", "", "hard", "", "", "", "", ""])

    def read(question: str) -> str:
        said.append(f"<{question}>")
        return next(answers)

    chosen = plain_setup(Settings(players=2, level="normal", hands=1), read, said.append)
    assert chosen is not None and chosen.level == "hard"
    asked = said.index(next(q for q in said if q.startswith("<Bot level")))
    before = "\n".join(said[:asked])
    for level in LEVEL_NAMES:
        assert level_gap_line(level, "en") in before, level


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_gap_measured_on_fewer_deals_than_the_bar_says_so(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from gostop.agents import LevelEdge
    from gostop.words import levels

    plain = levels.level_gap_line("hard", lang)
    monkeypatch.setattr(levels, "LEVEL_EDGES", tuple(e for e in LEVEL_EDGES if e.level != "hard"))
    monkeypatch.setattr(levels, "LEVEL_EDGES_FEW_DEALS", (LevelEdge("hard", "instinct", 6.25, 1.5, 11.0, 300, 1),))
    line = levels.level_gap_line("hard", lang)
    assert line != plain and "+6.2" in line and "+1.5" in line and "+11.0" in line and "300" in line, line
    assert ("1,000" in line) and line.endswith({"en": "1,000.)", "ko": "값입니다.)"}[lang]), line
