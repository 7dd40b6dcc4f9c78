"""The card deck drawn by code: committed files equal the generator's output, every file is
valid SVG with an accessible title, and the deck covers every card code."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gostop.cards import MONTH_CARDS
from gostop.web import deck

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "src" / "gostop" / "web" / "cards"
SHEET = ROOT / "docs" / "deck.svg"
SVG = "{http://www.w3.org/2000/svg}"
REGENERATE = "run: python -m gostop.web.deck --output src/gostop/web/cards --sheet docs/deck.svg --sheet-traditional docs/deck-traditional.svg"


def test_committed_cards_equal_the_generator_output() -> None:
    files = deck.generate()
    committed = {p.name for p in CARDS.iterdir() if p.suffix in (".svg", ".json")}
    assert committed == set(files), REGENERATE
    for name, content in files.items():
        assert (CARDS / name).read_text(encoding="utf-8") == content, f"{name} is stale; {REGENERATE}"


def test_contact_sheet_is_up_to_date() -> None:
    assert SHEET.read_text(encoding="utf-8") == deck.contact_sheet(), REGENERATE


def test_deck_has_every_month_card_every_joker_kind_and_a_back() -> None:
    names = set(deck.generate())
    for card in MONTH_CARDS:
        assert f"{card.code}.svg" in names
    for code in ("JK1", "JK2", "JK3", "JKB", "JKX", "JKP", "back"):
        assert f"{code}.svg" in names
    assert len([n for n in names if n.endswith(".svg")]) == 48 + 6 + 1


@pytest.mark.parametrize("code", [*deck.ALL_CODES, "back"])
def test_every_card_is_valid_svg_with_its_accessible_name(code: str) -> None:
    doc = deck.back_svg() if code == "back" else deck.card_svg(code)
    root = ET.fromstring(doc)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {deck.W} {deck.H}"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == deck.card_names()[code]["en"]


def test_month_cards_carry_their_month_number_and_kind_mark() -> None:
    for card in MONTH_CARDS:
        root = ET.fromstring(deck.card_svg(card.code))
        texts = [t.text for t in root.iter(f"{SVG}text")]
        assert str(card.month) in texts, card.code
        assert deck.KIND_MARK[card.kind] in texts, card.code


def test_kinds_differ_by_shape_not_only_colour() -> None:
    """Greyscale readability: the kind shapes of bright/animal/ribbon/double junk differ in
    geometry, so each kind's drawing with colours removed is distinct."""

    def shapes(code: str) -> str:
        root = ET.fromstring(deck.card_svg(code))
        return "".join(sorted(el.tag for el in root.iter()))

    assert len({shapes(c) for c in ("01B", "02A", "02R", "11D")}) == 4


def test_accessible_names_read_as_plain_words() -> None:
    names = deck.card_names()
    assert names["01B"]["en"] == "January bright, crane and sun"
    assert names["12D"]["en"] == "December double junk, lightning"
    assert names["JK2"]["en"] == "Joker, two-junk joker"
    assert all(v["en"] and v["ko"] for v in names.values())
    assert json.loads((CARDS / "names.json").read_text(encoding="utf-8")) == names


def test_the_generator_command_writes_a_folder(tmp_path: Path) -> None:
    assert deck.main(["--output", str(tmp_path / "out"), "--sheet", str(tmp_path / "s.svg")]) == 0
    assert (tmp_path / "out" / "09A.svg").read_text(encoding="utf-8") == deck.card_svg("09A")
    assert (tmp_path / "s.svg").exists()


def test_committed_traditional_cards_equal_the_generator_output() -> None:
    """The "traditional" style (issue #18): the same cards recoloured, in cards/trad."""
    files = deck.generate_traditional()
    committed = {p.name for p in (CARDS / "trad").iterdir() if p.suffix != ".png"}  # (the bitmaps: test_card_bitmaps.py)
    assert committed == set(files), REGENERATE
    for name, content in files.items():
        assert (CARDS / "trad" / name).read_text(encoding="utf-8") == content, f"trad/{name} is stale; {REGENERATE}"
        assert content != (CARDS / name).read_text(encoding="utf-8"), f"trad/{name} is not recoloured"
    assert (ROOT / "docs" / "deck-traditional.svg").read_text(encoding="utf-8") == deck.traditional(deck.contact_sheet())


@pytest.mark.parametrize("style", ["clear", "traditional"])
def test_every_picture_is_clipped_to_the_cards_rounded_edge_under_its_border(style: str) -> None:
    """The August hill and the moon's sky reach the card's sides: every face is clipped to the
    rounded edge, and the border is drawn last, over the picture (they once squared the corners
    of the August cards and hid their border)."""
    files = deck.generate() if style == "clear" else deck.generate_traditional()
    for name, content in files.items():
        if not name.endswith(".svg"):
            continue
        root = ET.fromstring(content)
        clip = root.find(f"{SVG}defs/{SVG}clipPath[@id='edge']/{SVG}rect")
        assert clip is not None and clip.get("rx") == "4", name
        kids = [k for k in root if k.tag not in (f"{SVG}title", f"{SVG}defs")]
        assert [k.tag for k in kids] == [f"{SVG}rect", f"{SVG}g", f"{SVG}rect"], name
        paper, picture, border = kids
        assert picture.get("clip-path") == "url(#edge)" and len(picture), name
        assert border.get("fill") == "none" and border.get("stroke") and paper.get("stroke") is None, name
