"""The cards' bitmaps (scripts/card_bitmaps.py): one PNG beside every SVG card of both styles, of
the size the web client expects, drawn from the SVG as it is now (the PNG records the SVG's
SHA-256), and the package ships them."""

from __future__ import annotations

import hashlib
import struct
import sys
import tomllib
import zlib
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "gostop" / "web"
CARDS = WEB / "cards"
sys.path.insert(0, str(ROOT / "scripts"))

import card_bitmaps  # noqa: E402

REDRAW = "run: .venv/bin/python scripts/card_bitmaps.py (after the deck generator)"
SVGS = sorted(CARDS.glob("*.svg")) + sorted(CARDS.glob("trad/*.svg"))


def _text(png: bytes) -> dict[bytes, bytes]:
    return dict(data.split(b"\0", 1) for kind, data in card_bitmaps.chunks(png) if kind == b"tEXt")


def test_both_styles_have_every_card() -> None:
    assert len([p for p in SVGS if p.parent == CARDS]) == 48 + 6 + 1
    assert len([p for p in SVGS if p.parent.name == "trad"]) == 48 + 6 + 1


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: str(p.relative_to(CARDS)))
def test_each_svg_card_has_its_bitmap_drawn_from_it_as_it_is(svg: Path) -> None:
    png = svg.with_suffix(".png")
    assert png.exists(), f"{png.name} is missing; {REDRAW}"
    data = png.read_bytes()
    parts = card_bitmaps.chunks(data)
    assert [kind for kind, _ in parts][0] == b"IHDR" and parts[-1][0] == b"IEND"
    for kind, body in parts:  # every chunk intact
        at = data.index(kind + body) - 4
        (crc,) = struct.unpack(">I", data[at + 8 + len(body):at + 12 + len(body)])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, f"{png.name}: {kind!r} damaged"
    width, height, depth, colour = struct.unpack(">IIBB", parts[0][1][:10])
    assert (width, height) == (card_bitmaps.WIDTH, card_bitmaps.HEIGHT)
    assert (depth, colour) == (8, 6)  # 8-bit RGBA: the rounded corners are transparent
    pixels = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    assert len(pixels) == height * (1 + 4 * width)
    source = _text(data).get(card_bitmaps.SOURCE_KEY, b"").decode()
    assert source == hashlib.sha256(svg.read_bytes()).hexdigest(), f"{png.name} was drawn from another {svg.name}; {REDRAW}"


def test_no_bitmap_without_its_svg() -> None:
    for png in list(CARDS.glob("*.png")) + list(CARDS.glob("trad/*.png")):
        assert png.with_suffix(".svg").exists(), f"{png} has no SVG"


def test_finish_keeps_the_pixels_and_records_the_source() -> None:
    raw = b"".join(b"\0" + bytes([x, 2 * x % 256, 7, 255]) * 3 for x in range(2))  # 3 x 2, filter 0
    ihdr = struct.pack(">IIBBBBB", 3, 2, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + b"".join(card_bitmaps._chunk(k, d) for k, d in (
        (b"IHDR", ihdr), (b"tIME", b"\x07\xea\x0c\x03\x00\x00\x00"), (b"IDAT", zlib.compress(raw, 1)), (b"IEND", b"")))
    done = card_bitmaps.finish(png, b"<svg/>")
    parts = card_bitmaps.chunks(done)
    assert [kind for kind, _ in parts] == [b"IHDR", b"tEXt", b"IDAT", b"IEND"]  # no time stamp
    assert zlib.decompress(parts[2][1]) == raw
    assert _text(done)[card_bitmaps.SOURCE_KEY] == hashlib.sha256(b"<svg/>").hexdigest().encode()
    with pytest.raises(ValueError):
        card_bitmaps.chunks(b"GIF89a")


def test_the_client_shows_the_bitmaps_and_the_package_ships_them() -> None:
    assert '}.png`' in (WEB / "js" / "cards.js").read_text(encoding="utf-8")
    assert '"/cards/back.png"' in (WEB / "js" / "motion.js").read_text(encoding="utf-8")
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]["gostop.web"]
    for png in ("cards/01B.png", "cards/trad/01B.png"):
        assert any(fnmatch(png, g) and g.count("/") == png.count("/") for g in globs), png
