"""Draw every card face of the web game as a PNG bitmap, from its SVG (a tool for developers).

The web table shows the cards as bitmaps: an SVG picture is drawn anew, every shape of it, each
time the table is painted, and the table is drawn anew on every update; a bitmap is only copied
(docs/cards.md, docs/benchmarks.md). The SVG files (``gostop.web.deck``) stay the source: this
script rasterises each ``src/gostop/web/cards/**/CODE.svg`` with Chromium (the browser the tests
drive) into ``CODE.png`` beside it, :data:`WIDTH` x :data:`HEIGHT` pixels with a transparent
background, and records the SHA-256 of the SVG it was drawn from in the PNG (a ``tEXt`` chunk,
:data:`SOURCE_KEY`). ``tests/web/test_card_bitmaps.py`` fails when an SVG changes and its PNG was
not drawn again. Run after the deck generator::

    .venv/bin/python scripts/card_bitmaps.py

Needs the test tools (``pip install -e '.[dev]'``: Playwright) and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "src" / "gostop" / "web" / "cards"
#: Twice the widest a card is shown (76 CSS px, --card-lg in css/app.css), and a little over:
#: sharp on screens of two device pixels per CSS pixel.
WIDTH, HEIGHT = 160, 256
SOURCE_KEY = b"gostop-svg-sha256"
CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of a PNG file."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    out, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        out.append((png[at + 4:at + 8], png[at + 8:at + 8 + length]))
        at += 12 + length
    return out


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def finish(png: bytes, svg: bytes) -> bytes:
    """Chromium's screenshot, its pixel data compressed at zlib's level 9 (about a tenth
    smaller), with the source SVG's digest recorded and nothing else (no time stamps)."""
    parts = chunks(png)
    ihdr = next(data for kind, data in parts if kind == b"IHDR")
    pixels = zlib.decompress(b"".join(data for kind, data in parts if kind == b"IDAT"))
    digest = hashlib.sha256(svg).hexdigest().encode()
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"tEXt", SOURCE_KEY + b"\0" + digest)
            + _chunk(b"IDAT", zlib.compress(pixels, 9)) + _chunk(b"IEND", b""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=Path, default=CARDS, help="the folder of the SVG cards (and its trad/)")
    args = parser.parse_args(argv)
    svgs = sorted(args.cards.glob("*.svg")) + sorted(args.cards.glob("trad/*.svg"))
    if not svgs:
        print(f"no SVG cards in {args.cards}", file=sys.stderr)
        return 1
    chromium = next((c for c in CHROMIUMS if Path(c).exists()), None)
    if chromium is None:
        print("Chromium is missing: apt-get install chromium-headless-shell", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
        for svg in svgs:
            source = svg.read_bytes()
            url = "data:image/svg+xml;base64," + base64.b64encode(source).decode()
            page.set_content(f'<body style="margin:0"><img style="display:block;width:{WIDTH}px;height:{HEIGHT}px" src="{url}"></body>')
            page.wait_for_function("() => document.images[0].complete && document.images[0].naturalWidth > 0")
            png = page.screenshot(omit_background=True)
            svg.with_suffix(".png").write_bytes(finish(png, source))
        browser.close()
    print(f"{len(svgs)} cards drawn at {WIDTH} x {HEIGHT} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
