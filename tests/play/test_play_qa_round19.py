"""QA round 19 of the terminal game:

* resizing the terminal during a hand drew the table for the size before: a window made larger
  (80x24 to 120x40) kept the small layout with a screen of empty rows, made small again the large
  one with its side panel, the choices cut off (tmux ``resize-window``);
* the README's 80x24 screen was out of date (``turned paulownia`` / ``bright``): it is the game's
  own screen now, and this test keeps it so;
* the Rules page said ``11D counts 2, 12D 2`` and ``The flex card 09A`` (codes without names in
  a sentence): it names the cards, their codes beside.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from screen import until_rows

from gostop.play.app import GoStopApp
from gostop.play.guide import rules_text
from gostop.play.session import Session, Settings
from gostop.play.store import Store
from gostop.rules import make_rules

README = Path(__file__).parent.parent.parent / "README.md"


def _to_prompt(s: Session) -> None:
    while s.prompt() is None:
        s.advance()




# -- 1. a resized terminal gets the layout of its new size ----------------------------------------


def test_resizing_the_terminal_lays_the_table_out_for_the_new_size(tmp_path: Path) -> None:
    s = Session.start(Settings(seed=1, players=3, lang="en", level="easy", hands=1))
    _to_prompt(s)
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)
    seen: dict[str, list[str]] = {}

    def wide(rows: list[str]) -> bool:
        return any("Ledger (chips)" in r for r in rows)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            seen["small"] = await until_rows(pilot, app, lambda rows: "Your turn" in "\n".join(rows))
            await pilot.resize_terminal(120, 40)
            seen["large"] = await until_rows(pilot, app, wide)
            await pilot.resize_terminal(80, 24)
            seen["small again"] = await until_rows(pilot, app, lambda rows: not wide(rows))

    asyncio.run(main())
    assert not wide(seen["small"]) and seen["small"][0].startswith(" hand 1 of 1 · pagat"), seen["small"]
    assert wide(seen["large"]) and len(seen["large"]) == 40, seen["large"]
    small = seen["small again"]
    assert not wide(small) and small[0].startswith(" hand 1 of 1 · pagat"), small
    assert small == seen["small"], "\n".join(small)  # the same screen as before the resizes


# -- 2. the README's 80x24 screen is the game's ----------------------------------------------------


def test_the_readmes_80x24_screen_is_what_the_game_draws(tmp_path: Path) -> None:
    """``gostop play --players 3 --seed 1`` (the defaults: normal bots, pagat, 3 hands), after
    one card (the first choice, the pine ribbon)."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"`gostop play --players 3 --seed 1`, after one card\):\n\n```\n(.*?)```", text, re.S)
    assert found is not None
    shown = found.group(1).rstrip("\n").split("\n")
    settings = Settings(seed=1, players=3)
    assert (settings.level, settings.preset, settings.hands) == ("normal", "pagat", 3)  # as the command says
    store = Store(tmp_path / "data")
    session = Session.start(settings, store)
    app = GoStopApp(store, settings, session=session, setup=False, bot_delay=0)
    rows: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_rows(pilot, app, lambda r: "Your turn" in "\n".join(r))
            await pilot.press("1")
            rows.extend(await until_rows(pilot, app, lambda r: "You played" in "\n".join(r) and "Your turn" in "\n".join(r)))

    asyncio.run(main())
    drawn = [r.rstrip() for r in rows]
    while drawn and not drawn[-1]:
        drawn.pop()
    assert drawn == shown, "\n".join(drawn)


# -- 3. the Rules page names its cards ----------------------------------------------------------------


def test_the_rules_page_names_the_double_junk_and_the_flex_card() -> None:
    rules = make_rules("pagat", {"vip_bonus": 3})
    en, ko = rules_text(rules, 2), rules_text(rules, 2, "ko")
    assert ("The paulownia double junk 11D counts 2, the willow / rain double junk 12D 2. The flex card, the "
            "chrysanthemum animal 09A, counts as an animal or as 2 junk") in " ".join(en.split()), en
    assert "VIP: the chrysanthemum animal 09A, the paulownia double junk 11D and the willow / rain double junk 12D" in (
        " ".join(en.split()))
    flat = " ".join(ko.split())
    assert "오동 쌍피 11D는 2장, 비 쌍피 12D는 2장으로 칩니다" in flat and "겸용 패 국화 열끗(09A)는" in flat, ko
    assert "귀빈: 국화 열끗 09A, 오동 쌍피 11D, 비 쌍피 12D를" in flat, ko
    for text in (en, ko):  # no code left without its card's name before it
        assert not re.search(r"(^|[.,:] )(11D|12D|09A)\b", " ".join(text.split())), text
