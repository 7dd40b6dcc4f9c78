"""The compact line of a hand card names the card played beside its code, before its deed.

At 80 columns the line read ``06A takes 06J1 peony animal`` (``06A 모란 피 먹음 모란 열끗``):
the card's own name came last, after what it does, and read (without colour, or read fast) as
the card taken. The name now follows the code, a colon between it and the deed:
``06A peony animal: takes 06J1``, ``06A 모란 열끗: 모란 피 먹음``; the name, cut by rule, gives way
first, and when none of it is left no colon dangles (``09R takes 09J2``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.cells import cell_len
from screen import until_rows

from gostop.play.app import ChoiceItem, GoStopApp
from gostop.play.session import Choice, Session, Settings
from gostop.play.store import Store

#: Seed 5, two players, pagat: the person's hand at the first turn, as the screen shows it.
SHOWN = {
    ("en", 80): [" 1  06A peony animal: takes 06J1 ", " 2  06J2 peony junk: takes 06J1",
                 " 3  07A bush clover animal: no match ", " 5  09R chrysanthemum",
                 " 7  10J1 maple junk: takes 10R ", " 9  11D paulownia double junk: no match ",
                 " 0  12R willow / rain ribbon: no match"],
    ("ko", 80): [" 1  06A 모란 열끗: 모란 피 먹음 ", " 2  06J2 모란 피: 모란 피 먹음 ",
                 " 3  07A 홍싸리 열끗: 짝 없음 ", " 5  09R 국화 띠: 국화 피 먹음 ",
                 " 9  11D 오동 쌍피: 짝 없음 ", " 0  12R 비 띠: 짝 없음"],
    ("en", 60): [" 1  06A peony: takes 06J1 ", " 3  07A bush clover: no match ",
                 " 5  09R takes 09J2 ", " 7  10J1 maple: takes 10R "],  # 09R: no name, no colon
    ("ko", 60): [" 1  06A 모란: 모란 피 먹음 ", " 3  07A 홍싸리 열끗: 짝 없음 ",
                 " 7  10J1 단풍: 단풍 띠 먹음 ", " 0  12R 비 띠: 짝 없음"],
}


def _hand(lang: str, seed: int = 5, **settings: object) -> list[Choice]:
    s = Session.start(Settings(seed=seed, lang=lang, **settings))  # type: ignore[arg-type]
    prompt = s.prompt()
    assert prompt is not None and prompt.stage == "main", prompt
    cards = [c for c in prompt.choices if c.card is not None]
    assert cards, prompt.choices
    return cards


def _name_shown(c: Choice, text: str) -> str:
    """The words of the card's name on its compact line, right after its code (whole words
    from the name's start, ended by the colon before the deed, a marker or the line's end)."""
    assert c.card is not None
    head = f" {c.key}  {c.card.code}"
    assert text.startswith(head), text
    rest = text[len(head):].rstrip()
    words = c.label.split()
    for n in range(len(words), 0, -1):
        name = " " + " ".join(words[:n])
        if rest.startswith((name + ": ", name + " <")) or rest == name:
            return name.strip()
    return ""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_name_of_the_card_played_comes_right_after_its_code(lang: str) -> None:
    """At 80 columns (a column of 39 or 40 cells) every card shows its name, or the start of it,
    beside its code and before its deed; narrower, where the name gives way, no colon is left;
    a line is never wider than its column and its size is what it draws."""
    pagat = _hand(lang)
    hands = pagat + _hand(lang, seed=14, preset="matgo", level="hard") \
        + _hand(lang, seed=5, preset="goo-stupe", players=3, level="hard")  # jokers (a shot: GOO-10)
    for c in hands:
        assert c.card is not None
        wide = ChoiceItem._fitted(c, 200, lang).plain
        assert wide.startswith(f" {c.key}  {c.card.code} {c.label}: "), wide  # the whole name, then the deed
        assert ChoiceItem._text(c, compact=True, lang=lang).plain.startswith(f" {c.key}  {c.card.code} {c.label}: ")
        for width in (39, 40) if c in pagat else ():  # (an English joker's deed leaves no room for its name)
            text = ChoiceItem._fitted(c, width, lang).plain
            assert _name_shown(c, text), (width, text)
        for width in range(12, 90):
            line = ChoiceItem._fitted(c, width, lang)
            text = line.plain
            name = _name_shown(c, text)
            rest = text[len(f" {c.key}  {c.card.code}"):]
            if name:  # dim, a colon after it when a deed follows
                spans = [text[s.start:s.end] for s in line.spans if s.style == "dim"]
                assert any(s.strip().removesuffix(":") == name for s in spans), (width, text, spans)
            else:  # no name: the deed (or a marker) right after the code, no colon before it
                assert not rest.startswith((" :", ":")), (width, text)
            if cell_len(text) <= width:  # (a line that fits) its size is what the rules counted
                assert ChoiceItem._fitted(c, cell_len(text), lang).plain == text, (width, text)


def test_the_old_order_is_gone() -> None:
    """The name last, after the deed, read as the card taken: ``06A takes 06J1 peony animal``."""
    for lang, code, old, new in (("en", "06A", " 06A takes 06J1 peony animal", " 06A peony animal: takes 06J1"),
                                 ("ko", "06A", " 06A 모란 피 먹음 모란 열끗", " 06A 모란 열끗: 모란 피 먹음")):
        c = next(c for c in _hand(lang) if c.card is not None and c.card.code == code)
        for width in (40, 80):
            text = ChoiceItem._fitted(c, width, lang).plain
            assert old not in text and new in text, (lang, width, text)


@pytest.mark.parametrize("size", [(80, 24), (60, 24)], ids=["80x24", "60x24"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_screen_names_each_card_before_its_deed(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    settings = Settings(seed=5, lang=lang)
    store = Store(tmp_path / "data")
    session = Session.start(settings, store)
    app = GoStopApp(store, settings, session=session, setup=False, bot_delay=0)
    question = "Your turn: play a card." if lang == "en" else "내 차례: 낼 패를 고르세요."
    rows: list[str] = []

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            rows.extend(await until_rows(pilot, app, lambda r: question in "\n".join(r)))

    asyncio.run(main())
    text = "\n".join(r + " " for r in rows)
    assert question in text, text
    for part in SHOWN[(lang, size[0])]:
        assert part in text, (part, text)
    prompt = session.prompt()
    assert prompt is not None
    heads = [f" {c.key}  {c.card.code} " for c in prompt.choices if c.card is not None]
    for c in prompt.choices:
        if c.card is None:
            continue
        row = next(r for r in rows if f" {c.key}  {c.card.code} " in r)
        line = row[row.index(f" {c.key}  {c.card.code} "):]
        ends = [line.index(h, 1) for h in heads if h in line[1:]]
        line = line[:min(ends, default=len(line))]  # this choice's cell (two cells a row)
        name = _name_shown(c, line)
        if size[0] == 80:  # room for the name (or its start) in every cell
            assert name, (c.label, line)
        if name:
            assert line.startswith(f" {c.key}  {c.card.code} {name}: "), line
        assert not line.rstrip().endswith(" " + c.label), line  # the old order: the name last


def test_the_short_deeds_have_no_colon_of_their_own_in_korean() -> None:
    # the line puts a colon after the card's name: a deed with its own ("뻑 먹기: 06A ...") read
    # "06A 모란 열끗: 뻑 먹기: 06A 06J1 06J2"
    from gostop.words.catalog import catalog

    w = catalog("ko")
    deed = w.t("takes the stack {cards}", cards="06A 06J1 06J2")
    assert ":" not in deed and "06A 06J1 06J2" in deed and "뻑" in deed, deed
