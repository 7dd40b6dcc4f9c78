"""The full-screen game's help (``?``): its Keys page names the stamps of the table being
played, and its Rules page says each rule on a line of its own, the switched-on optional rules
included."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Static, TabbedContent

from gostop.play.app import GoStopApp, HangingStatic, HelpScreen
from gostop.play.session import Settings
from gostop.play.store import Store


def _help_pages(store: Store, settings: Settings) -> dict[str, str]:
    """The text of each page of the help screen (Keys, Rules), as the game shows them."""
    app = GoStopApp(store, settings, setup=False)
    pages: dict[str, str] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            for page in ("help-keys", "help-rules"):
                tabs = app.screen.query_one(TabbedContent)
                tabs.active = page
                await pilot.pause()
                pane = tabs.get_pane(page)
                # the words of each text (a HangingStatic's before the window wraps them)
                pages[page] = "\n".join(w._hanging_text.plain if isinstance(w, HangingStatic) else str(w.render())
                                        for w in pane.query(Static))

    asyncio.run(main())
    return pages


@pytest.mark.parametrize(
    ("preset", "overrides", "players", "badges"),
    [
        ("pagat", {}, 3, {"[PI-BAK 피박]", "[GWANG-BAK 광박]", "[MEONG-DDA 멍따]"}),
        ("pagat", {"meong": "bak", "pi_bak": False}, 3, {"[GWANG-BAK 광박]", "[MEONG-BAK 멍박]"}),
        ("goo-stupe", {}, 3, set()),
    ],
)
def test_help_keys_page_names_the_stamps_of_this_table(store: Store, preset: str, overrides: dict[str, Any],
                                                         players: int, badges: set[str]) -> None:
    """The Keys page shows the table's own stamps: goo-stupe, played for shots, has no bak
    and names none."""
    pages = _help_pages(store, Settings(players=players, preset=preset, overrides=overrides, seed=5, level="easy",
                                        hands=1))
    keys = pages["help-keys"]
    for badge in ("[PI-BAK 피박]", "[GWANG-BAK 광박]", "[MEONG-DDA 멍따]", "[MEONG-BAK 멍박]"):
        assert (badge in keys) == (badge in badges), badge
    assert ("Stamps (" in keys) == bool(badges)


def test_help_rules_page_keeps_each_penalty_on_its_line_and_says_a_switched_on_rule(store: Store) -> None:
    """The Rules tab wraps each rule to the window, but the penalties (and the reasons to pay
    for both losers) stay one a line; a rule switched on (the push) is said, in Korean too."""
    settings = Settings(players=3, preset="pagat", overrides={"push_limit": 2}, seed=5, level="easy", hands=2)
    rules = _help_pages(store, settings)["help-rules"]
    lines = [line.strip() for line in rules.splitlines()]
    for start in ("gwang-bak 광박: the winner scores brights", "pi-bak 피박: the winner scores junk",
                  "meong-dda 멍따: the winner has 7 animals", "go-bak 고박: you said go", "oe-myeon 외면: on your turn"):
        assert any(line.startswith(start) for line in lines), start
    assert "(two there: you choose; a stack of three: all of it)" in rules  # one rule, one line
    assert "Push (milgi 밀기): after a stop the winner may give up the payment" in rules
    ko = _help_pages(store, Settings(**{**settings.to_json(), "lang": "ko"}))
    assert "밀기: 스톱한 사람은" in ko["help-rules"] and "도장([피박], [광박], [멍따])" in ko["help-keys"]


@pytest.mark.parametrize(
    ("preset", "players", "listed", "absent"),
    [
        ("pagat", 3, ("bomb 폭탄", "stock-only turn", "offer shodang", "accept / refuse"), ("reveal a joker",)),
        ("pagat", 2, ("bomb 폭탄", "stock-only turn"), ("offer shodang", "accept / refuse", "reveal a joker")),
        ("goo-stupe", 3, ("it changes no payment",),
         ("bomb 폭탄", "stock-only turn", "offer shodang", "reveal a joker", "doubles your win")),
    ],
)
def test_help_keys_page_lists_the_keys_of_this_table(store: Store, preset: str, players: int,
                                                     listed: tuple[str, ...], absent: tuple[str, ...]) -> None:
    """The game's Keys page lists the keys its own table can use: shodang only with three in
    the hand (LIAB-7), no bomb or stock-only turn at goo-stupe (GOO-9), where a shake changes no
    payment."""
    keys = _help_pages(store, Settings(players=players, preset=preset, seed=5, level="easy", hands=1))["help-keys"]
    for words in listed:
        assert words in keys, words
    for words in absent:
        assert words not in keys, words
