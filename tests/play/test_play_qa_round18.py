"""QA round 18 of the terminal game (English and Korean, 80x24 and 120x40, 2, 3 and 5 seats):

* Textual's own wrap began a row of the top line with the ``×2`` of ``took plum junk ×2``, and
  tore a card's name across rows in every sentence (``turned paulownia`` / ``bright``, the log's
  ``공산`` / ``열끗``): the top line, the opponents, your row, the lines under the question and
  the log break between whole names, and the line mode's wrap does too;
* at 120x40 an opponent's long junk row went on at the margin, under the seat's name;
* a card left on the table for an opponent whose set lacks a card of that month (cho-dan two
  ribbons along, the bush clover ribbon unseen) carried no ``<oe-myeon risk>`` mark, then cost
  the player both losers' share.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from screen import screen_rows

from gostop.cards import parse_card
from gostop.play import app as app_module
from gostop.play.app import GoStopApp
from gostop.play.plain import fit_lines
from gostop.play.render import Hanging
from gostop.play.session import BotMove, Session, Settings
from gostop.play.store import Store
from gostop.words import card_name

#: Card names of several words, in both languages (each must stay on one row).
_NAMES = ("pampas grass junk ×2", "willow / rain double junk", "paulownia bright", "plum ribbon",
          "two-junk joker", "공산 열끗", "오동 광", "단풍 피 ×2", "비 쌍피")


def _to_prompt(s: Session) -> None:
    while s.prompt() is None:
        s.advance()


# -- 1. a card's count and name stay together ------------------------------------------------------


def test_the_top_line_never_starts_a_row_with_a_count_nor_tears_a_name(tmp_path: Path) -> None:
    """80x24: ``... took plum junk`` / ``×2, cherry junk``."""
    s = Session.start(Settings(seed=5, players=3, preset="pagat", lang="en", level="easy", hands=1))
    _to_prompt(s)
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)
    seen: list[list[str]] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for pad in range(0, 24, 2):  # the count and the names land at every column of a row
                text = ("Hoon played " + "x" * pad + " plum junk, turned paulownia bright, took plum junk ×2,"
                        " pampas grass animal, willow / rain double junk")
                s.last_move = BotMove(1, text, (), text)
                app.refresh_view()
                await pilot.pause()
                rows = screen_rows(app)
                top = [r for r in rows[:4]]
                seen.append(top)
                assert "Hoon played" in rows[0], rows

    asyncio.run(main())
    torn = 0
    for top in seen:
        joined = "\n".join(r.strip() for r in top)
        assert not any(r.lstrip().startswith("×") for r in top), top
        for name in ("plum junk ×2", "paulownia bright", "pampas grass animal", "willow / rain double junk"):
            torn += name not in joined  # the name, and its count, on one row
    assert torn == 0, seen


@pytest.mark.parametrize("width", range(27, 81, 3))  # the longest name fits a row
def test_a_sentence_breaks_between_card_names(width: int) -> None:
    """The log at 120x40: ``받은 패: ..., 공산`` / ``열끗, ...``; a prose row, not a list."""
    lines = ["Hoon played paulownia junk, turned plum ribbon, took paulownia bright, pampas grass junk ×2,"
             " willow / rain double junk, two-junk joker",
             "받은 패: 난초 피, 모란 피, 홍싸리 열끗, 공산 열끗, 국화 피, 오동 광을 먹음, 단풍 피 ×2, 비 쌍피"]
    for line in lines:
        for rows in ([r.plain for r in Hanging(Text(line)).lines(width)], fit_lines(line, width).split("\n")):
            assert all(len(r) <= width or " " not in r.strip() for r in rows if r.isascii()), rows
            for name in _NAMES:
                if name in line:
                    assert any(name in r for r in rows), (width, name, rows)
            assert not any(r.lstrip().startswith("×") for r in rows), rows


def test_every_card_name_is_one_part_of_a_row() -> None:
    """Every card of several words, in both languages, is kept whole (not a list kept by hand)."""
    from gostop.cards import deck_cards
    from gostop.play.render import hang_words

    for card in deck_cards(jokers=("JK1", "JK2", "JK3", "JKB", "JKX", "JKP")):
        for lang in ("en", "ko"):
            name = card_name(card, lang)
            sentence = f"took {name}, {name} ×2 and more"
            parts = hang_words().findall(sentence)
            assert f"{name}," in parts and f"{name} ×2" in parts, (name, parts)


# -- 2. an opponent's long row hangs under its indent -------------------------------------------------


def test_an_opponents_long_junk_row_hangs_under_its_indent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """120x40: ``   Junk 피 (value 7, 9 with chrysanthemum animal as junk): 01J1 ... 07J2`` /
    `` 09J1 09J2`` at the margin, under Minji's name."""
    s = Session.start(Settings(seed=130, players=3, preset="pagat", lang="en", level="easy", hands=1))
    _to_prompt(s)
    real = app_module.table_view
    junk = tuple(parse_card(c) for c in ("01J1", "01J2", "02J1", "02J2", "03J2", "06J2", "07J2", "09J1",
                                         "09J2", "10J1", "10J2", "11J1", "11J2"))

    def view(*args: Any, **kwargs: Any) -> Any:
        v = real(*args, **kwargs)
        seats = tuple(dataclasses.replace(seat, junk=junk, junk_value=13, junk_with_flex=("09A", 15))
                      if not seat.you else seat for seat in v.seats)
        return dataclasses.replace(v, seats=seats)

    monkeypatch.setattr(app_module, "table_view", view)
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)
    rows: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            rows.extend(screen_rows(app))

    asyncio.run(main())
    heads = [i for i, r in enumerate(rows) if "with chrysanthemum animal as junk" in r]
    assert heads, rows
    for i in heads:
        after = rows[i + 1]
        assert re.match(r" {5,}\S", after) and re.search(r"\d\d[BARDJ]\d?", after), rows[i:i + 2]


# -- 3. the oe-myeon mark on a card left for an opponent's set ---------------------------------------


def test_a_card_left_for_an_opponents_set_of_that_month_is_marked() -> None:
    """3 players, seed 5: Minji holds wisteria and iris ribbons (cho-dan lacks the bush clover
    ribbon, unseen); playing the bush clover animal unmatched let her take it with the ribbon,
    score cho-dan and stop: you paid both shares, warned of nothing."""
    s = Session.start(Settings(seed=5, players=3, preset="pagat", lang="en", level="normal", hands=1))
    for key in ("1", "5"):
        _to_prompt(s)
        s.choose(key)
    _to_prompt(s)
    prompt = s.prompt()
    assert prompt is not None and prompt.stage == "main"
    minji = next(seat for seat in range(3) if s.name(s.match.hand_seats[seat]) == "Minji")
    assert s.match.hand is not None
    caps = {c.code for c in s.match.hand.observation(minji).captures[minji]}
    assert {"04R", "05R"} <= caps and "07R" not in caps, caps
    marks = {c.card.code: c.marks for c in prompt.choices if c.card is not None}
    assert "oe-myeon risk" in marks["07A"] and "oe-myeon risk" in marks["07J2"], marks
    assert not any("oe-myeon risk" in m for code, m in marks.items() if not code.startswith("07")), marks
    assert any("bush clover animal" in line and "you pay for both losers" in line for line in prompt.info), prompt.info
