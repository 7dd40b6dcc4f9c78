"""Our own hwatu deck, drawn by code as SVG (the card faces of the web game).

Every card is built from flat shapes designed here (no art from elsewhere): the month's plant or
animal, and a corner index that makes the card readable at 40 px and without colour:

* the month number, large, in a box at the top left;
* under it the kind mark 광 / 열 / 띠 / 피 / 쌍피, and a kind shape that does not rely on colour:
  a brights's box is inverted (white on black) with a ring, an animal's has a diamond, a ribbon's
  a bar, a double junk's two dots; ribbon sets differ by pattern as well as colour (hong-dan:
  script marks, cheong-dan: stripes, cho-dan: plain, the rain ribbon: a zigzag edge).

Files are named by card code (``01B.svg``, ``JK2.svg``, ``back.svg``); ``names.json`` holds the
English and Korean accessible names the client shows. Run::

    python -m gostop.web.deck --output src/gostop/web/cards --sheet docs/deck.svg \\
        --sheet-traditional docs/deck-traditional.svg

``cards/trad`` holds the same cards in the "traditional" palette (js/cards.js switches styles).

A test checks that the committed files equal this generator's output.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from gostop.cards import MONTH_CARDS, MONTH_NAMES, Card, Kind, parse_card
from gostop.words.cards import names_table

__all__ = [
    "JOKER_CODES",
    "ALL_CODES",
    "card_svg",
    "back_svg",
    "card_names",
    "contact_sheet",
    "generate",
    "generate_traditional",
    "traditional",
    "main",
]

W, H = 60, 96
JOKER_CODES = ("JK1", "JK2", "JK3", "JKB", "JKX", "JKP")
ALL_CODES = tuple(c.code for c in MONTH_CARDS) + JOKER_CODES

FONT = "'Nanum Gothic','NanumGothic','Noto Sans KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif"

# Palette (flat, print-like).
PAPER = "#fbf5e6"
INK = "#1c1a17"
RED = "#c8262e"
DARK_RED = "#8e1a20"
GREEN = "#2f7d3b"
DARK_GREEN = "#1d5229"
PINK = "#f3a6bd"
BLUE = "#2a5caa"
PURPLE = "#5a3d91"
YELLOW = "#efbf2a"
BROWN = "#7b4a21"
GREY = "#8d8a84"
WHITE = "#ffffff"
SKY = "#f6d7a8"

MONTH_EN = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


# -- small drawing vocabulary -------------------------------------------------------------------


def _f(x: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def circle(cx: float, cy: float, r: float, fill: str, stroke: str = "none", sw: float = 0) -> str:
    extra = f' stroke="{stroke}" stroke-width="{_f(sw)}"' if stroke != "none" else ""
    return f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}"{extra}/>'


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, rot: float = 0) -> str:
    tr = f' transform="rotate({_f(rot)} {_f(cx)} {_f(cy)})"' if rot else ""
    return f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="{fill}"{tr}/>'


def rect(x: float, y: float, w: float, h: float, fill: str, rx: float = 0, stroke: str = "none", sw: float = 0) -> str:
    extra = f' rx="{_f(rx)}"' if rx else ""
    if stroke != "none":
        extra += f' stroke="{stroke}" stroke-width="{_f(sw)}"'
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="{fill}"{extra}/>'


def poly(points: Iterable[tuple[float, float]], fill: str, stroke: str = "none", sw: float = 0) -> str:
    pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
    extra = f' stroke="{stroke}" stroke-width="{_f(sw)}" stroke-linejoin="round"' if stroke != "none" else ""
    return f'<polygon points="{pts}" fill="{fill}"{extra}/>'


def path(d: str, fill: str = "none", stroke: str = "none", sw: float = 0, cap: str = "round") -> str:
    extra = f' stroke="{stroke}" stroke-width="{_f(sw)}" stroke-linecap="{cap}" stroke-linejoin="round"' if stroke != "none" else ""
    return f'<path d="{d}" fill="{fill}"{extra}/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str, sw: float) -> str:
    return (
        f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{stroke}" '
        f'stroke-width="{_f(sw)}" stroke-linecap="round"/>'
    )


def text(x: float, y: float, s: str, size: float, fill: str, weight: str = "bold", anchor: str = "middle") -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{FONT}" font-size="{_f(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{s}</text>'
    )


def group(parts: Iterable[str], transform: str = "") -> str:
    tr = f' transform="{transform}"' if transform else ""
    return f"<g{tr}>" + "".join(parts) + "</g>"


def petals(cx: float, cy: float, r: float, n: int, fill: str, centre: str, rot: float = 0) -> str:
    """A flat flower: n round petals around a centre."""
    out = []
    for i in range(n):
        a = math.radians(rot + 360 * i / n)
        out.append(circle(cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a), r * 0.5, fill))
    out.append(circle(cx, cy, r * 0.32, centre))
    return "".join(out)


def leaf(cx: float, cy: float, length: float, width: float, angle: float, fill: str) -> str:
    """A pointed leaf (lens shape) centred at (cx, cy), rotated by ``angle`` degrees."""
    hl, hw = length / 2, width / 2
    d = f"M{_f(-hl)},0 Q0,{_f(-hw * 2)} {_f(hl)},0 Q0,{_f(hw * 2)} {_f(-hl)},0Z"
    return f'<path d="{d}" fill="{fill}" transform="translate({_f(cx)} {_f(cy)}) rotate({_f(angle)})"/>'


def bird(x: float, y: float, s: float, body: str, wing: str, flip: bool = False, beak: str = YELLOW) -> str:
    """A flat bird in flight or perched: body, head, beak, wing and tail (size ``s`` ~ 1)."""
    parts = [
        poly([(-9, 1), (-16, -3), (-15, 4)], body),  # tail
        ellipse(0, 0, 9, 5, body),
        circle(8, -4, 3.8, body),
        poly([(11.2, -5), (15.5, -3.5), (11.2, -2.4)], beak),
        circle(9, -5, 0.9, INK),
        path("M-4,-1 Q2,-13 7,-9 Q3,-3 -4,-1Z", fill=wing),
    ]
    sx = -s if flip else s
    return group(parts, f"translate({_f(x)} {_f(y)}) scale({_f(sx)} {_f(s)})")


# -- ribbons ------------------------------------------------------------------------------------


def ribbon(style: str, x: float = 22, y: float = 30) -> str:
    """A tanzaku ribbon. ``style``: poem (hong-dan), blue (cheong-dan), plain (cho-dan), rain."""
    w, h = 14, 46
    colour = BLUE if style == "blue" else RED
    top = [(x, y), (x + w, y + 3), (x + w, y + h), (x + w / 2, y + h - 5), (x, y + h)]
    out = [poly(top, colour, INK, 0.8)]
    if style == "poem":
        # script marks: the poem written on hong-dan ribbons
        for i, yy in enumerate((y + 10, y + 20, y + 30)):
            out.append(path(f"M{_f(x + 4)},{_f(yy)} q3,-3 6,0 q-2,3 -4,5", stroke=INK, sw=1.6))
            if i == 1:
                out.append(circle(x + 9, yy + 6, 1, INK))
    elif style == "blue":
        for yy in range(int(y + 8), int(y + h - 8), 6):
            out.append(line(x + 1.5, yy, x + w - 1.5, yy + 1, WHITE, 1.6))
    elif style == "rain":
        zz = " ".join(f"L{_f(x + (3 if i % 2 else 0.8))},{_f(y + 6 + 4 * i)}" for i in range(9))
        out.append(path(f"M{_f(x + 0.8)},{_f(y + 4)} {zz}", stroke=WHITE, sw=1.2))
        zz2 = " ".join(f"L{_f(x + w - (3 if i % 2 else 0.8))},{_f(y + 6 + 4 * i)}" for i in range(9))
        out.append(path(f"M{_f(x + w - 0.8)},{_f(y + 4)} {zz2}", stroke=WHITE, sw=1.2))
    return "".join(out)


# -- the twelve months: plants (junk art) and the special pictures ---------------------------


def pine(v: int) -> str:
    out = [rect(27, 48, 5, 44, BROWN)]
    tiers = [(30, 52, 24, 8), (26, 66, 22, 8), (34, 78, 24, 9)]
    if v == 2:
        tiers = [(30, 56, 26, 8), (28, 72, 24, 9)]
    for cx, cy, rx, ry in tiers:
        out.append(ellipse(cx, cy, rx, ry, DARK_GREEN))
        for k in range(-3, 4):
            out.append(line(cx + k * rx / 4, cy - ry + 2, cx + k * rx / 4 + 2, cy + ry - 2, GREEN, 1.2))
    out.append(path("M0,92 Q30,84 60,92 L60,96 L0,96Z", fill=DARK_GREEN))
    return "".join(out)


def plum(v: int) -> str:
    out = [path("M4,94 Q18,70 30,58 Q44,44 56,26", stroke=INK, sw=3.2)]
    out.append(path("M30,58 Q20,46 14,40", stroke=INK, sw=2))
    spots = [(14, 40), (30, 58), (44, 42), (56, 26), (22, 76)] if v != 2 else [(18, 44), (34, 55), (50, 34), (12, 82)]
    for x, y in spots:
        out.append(petals(x, y, 9, 5, RED, YELLOW, rot=-90))
    return "".join(out)


def cherry(v: int) -> str:
    out = [path("M0,70 Q20,64 30,76 Q42,88 60,80 L60,96 L0,96Z", fill=DARK_GREEN)]
    clusters = [(14, 50), (34, 42), (48, 58), (24, 66)] if v != 2 else [(18, 44), (42, 48), (30, 62)]
    for x, y in clusters:
        for dx, dy in ((-5, 0), (5, 0), (0, -5), (0, 5), (0, 0)):
            out.append(petals(x + dx, y + dy, 6, 5, PINK, RED))
    return "".join(out)


def wisteria(v: int) -> str:
    out = []
    xs = (12, 26, 40, 52) if v != 2 else (16, 32, 48)
    for i, x in enumerate(xs):
        top = 30 + (i % 2) * 6
        out.append(line(x, top - 4, x, 88 - (i % 2) * 8, INK, 1.4))
        for k in range(6):
            y = top + k * 9
            side = -1 if k % 2 else 1
            out.append(leaf(x + side * 4, y, 11, 3.2, side * 35, INK))
    out.append(rect(0, 26, 60, 2.5, BROWN))
    return "".join(out)


def iris(v: int) -> str:
    out = []
    for x, a in ((10, -12), (20, 4), (30, -4), (40, 8), (50, -6)):
        out.append(leaf(x, 74, 40, 3.5, 90 + a, GREEN))
    flowers = [(18, 46), (42, 40)] if v != 2 else [(30, 44)]
    for x, y in flowers:
        out.append(leaf(x - 5, y + 3, 14, 4.5, 60, PURPLE))
        out.append(leaf(x + 5, y + 3, 14, 4.5, -60, PURPLE))
        out.append(leaf(x, y - 4, 14, 4.5, 90, PURPLE))
        out.append(circle(x, y + 2, 1.8, YELLOW))
    out.append(path("M0,90 Q30,86 60,90 L60,96 L0,96Z", fill=BLUE))
    return "".join(out)


def peony(v: int) -> str:
    out = [leaf(14, 76, 20, 7, -30, GREEN), leaf(46, 78, 20, 7, 30, GREEN), leaf(30, 84, 18, 6, 90, DARK_GREEN)]
    cx, cy = (30, 58) if v != 2 else (28, 62)
    for r, col in ((17, DARK_RED), (12, RED), (6, PINK)):
        out.append(petals(cx, cy, r, 7, col, col, rot=v * 20))
    out.append(circle(cx, cy, 2.5, YELLOW))
    return "".join(out)


def bush_clover(v: int) -> str:
    out = []
    stems = [(4, 92, 30, 32, 56, 48), (10, 94, 36, 56, 58, 70)]
    if v == 2:
        stems = [(4, 94, 26, 40, 56, 56), (18, 94, 40, 60, 58, 84)]
    for x1, y1, cx, cy, x2, y2 in stems:
        out.append(path(f"M{x1},{y1} Q{cx},{cy} {x2},{y2}", stroke=DARK_GREEN, sw=1.6))
        for t in (0.2, 0.35, 0.5, 0.65, 0.8):
            px = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2
            py = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2
            out.append(leaf(px, py - 3, 7, 2.6, -50, RED))
            out.append(leaf(px + 2, py + 3, 7, 2.6, 40, RED))
    return "".join(out)


def pampas(v: int) -> str:
    out = [path("M0,60 Q30,36 60,60 L60,96 L0,96Z", fill=INK)]
    for x in (8, 18, 30, 42, 52) if v != 2 else (12, 26, 40, 50):
        out.append(path(f"M{x},96 Q{x + 2},70 {x + 6},52", stroke=WHITE, sw=1.2))
        out.append(leaf(x + 6, 54, 8, 2, -70, WHITE))
    return "".join(out)


def chrysanthemum(v: int) -> str:
    out = [leaf(18, 82, 18, 6, -20, GREEN), leaf(42, 84, 18, 6, 20, GREEN), line(30, 60, 30, 94, DARK_GREEN, 2)]
    heads = [(30, 52, 13)] if v != 2 else [(22, 56, 10), (42, 48, 9)]
    for x, y, r in heads:
        out.append(petals(x, y, r, 14, YELLOW, RED))
        out.append(petals(x, y, r * 0.55, 10, "#f7d875", RED))
    return "".join(out)


def maple(v: int) -> str:
    out = [path("M0,40 Q22,46 34,64 Q44,80 60,90", stroke=BROWN, sw=2.2)]
    spots = [(12, 46), (30, 56), (44, 74), (54, 88), (22, 74)] if v != 2 else [(16, 50), (36, 64), (50, 80), (24, 84)]
    for x, y in spots:
        pts = []
        for k in range(10):
            a = math.radians(-90 + k * 36)
            r = 8 if k % 2 == 0 else 3.5
            pts.append((x + r * math.cos(a), y + r * math.sin(a)))
        out.append(poly(pts, RED))
    return "".join(out)


def paulownia(v: int) -> str:
    out = []
    for x, y, a in ((16, 74, -20), (44, 74, 20), (30, 82, 0)):
        out.append(leaf(x, y, 26, 11, a - 90 if a else -90, INK))
    # the flower spike
    out.append(line(30, 36, 30, 66, INK, 1.6))
    for k in range(5):
        y = 40 + k * 5
        out.append(circle(26 - k * 0.4, y, 2.4, PURPLE))
        out.append(circle(34 + k * 0.4, y + 2, 2.4, PURPLE))
    return "".join(out)


def willow(v: int) -> str:
    out = [path("M44,0 Q36,30 40,60", stroke=INK, sw=2)]
    for k in range(6):
        y = 8 + k * 8
        out.append(path(f"M{42 - k},{y} Q{28 - k * 2},{y + 16} {30 - k * 2},{y + 30}", stroke=GREEN, sw=2.2))
    out.append(path("M0,86 L60,80 L60,96 L0,96Z", fill=INK))
    for k in range(7):
        out.append(line(6 + k * 8, 32 + (k % 3) * 10, 2 + k * 8, 42 + (k % 3) * 10, BLUE, 1))
    return "".join(out)


PLANTS: dict[int, Callable[[int], str]] = {
    1: pine, 2: plum, 3: cherry, 4: wisteria, 5: iris, 6: peony,
    7: bush_clover, 8: pampas, 9: chrysanthemum, 10: maple, 11: paulownia, 12: willow,
}  # fmt: skip


def _sun(cx: float, cy: float, r: float) -> str:
    return circle(cx, cy, r, RED)


def special(code: str) -> str:
    """The picture of a non-junk card, drawn over a lighter version of its plant."""
    if code == "01B":
        return "".join([
            _sun(38, 36, 13),
            ellipse(26, 66, 11, 7, WHITE, -10),
            path("M26,62 Q22,48 30,42", stroke=INK, sw=2.4),
            circle(31, 41, 3.4, WHITE, INK, 0.8),
            circle(32, 38.8, 1.6, RED),
            poly([(34, 41), (40, 42), (34, 43)], INK),
            path("M18,68 L10,72 L14,64Z", fill=INK),
            line(24, 72, 22, 86, INK, 1.4),
            line(29, 72, 30, 86, INK, 1.4),
        ])  # fmt: skip
    if code == "02A":
        return bird(32, 40, 1.15, "#9bbf3d", DARK_GREEN)
    if code == "03B":
        # the curtain: a banded cloth hung from a bar
        parts = [rect(6, 30, 48, 3, BROWN)]
        for i in range(4):
            x = 8 + i * 11
            parts.append(rect(x, 33, 10, 36, RED if i % 2 == 0 else WHITE, stroke=INK, sw=0.8))
            parts.append(circle(x + 5, 42, 2.4, INK if i % 2 else YELLOW))
        parts.append(path("M8,69 Q30,76 52,69", stroke=INK, sw=1))
        return "".join(parts)
    if code == "04A":
        return "".join([_sun(44, 22, 5), bird(30, 34, 1.0, INK, GREY, beak=RED)])
    if code == "05A":
        # the plank bridge: a zigzag of boards
        return poly([(2, 60), (24, 52), (36, 64), (58, 56), (58, 62), (36, 70), (24, 58), (2, 66)], BROWN, INK, 0.8)
    if code == "06A":
        return "".join(
            group([
                leaf(-4, -3, 10, 5, -40, YELLOW), leaf(4, -3, 10, 5, 40, YELLOW),
                leaf(-3, 4, 7, 4, 40, YELLOW), leaf(3, 4, 7, 4, -40, YELLOW),
                line(0, -6, 0, 7, INK, 1.4), line(0, -6, -3, -10, INK, 0.6), line(0, -6, 3, -10, INK, 0.6),
            ], f"translate({x} {y}) rotate({a})")
            for x, y, a in ((16, 32, -15), (44, 40, 20))
        )  # fmt: skip
    if code == "07A":
        # the boar: a solid body with tusk and bristles
        return "".join([
            ellipse(28, 70, 18, 10, BROWN),
            poly([(42, 64), (54, 68), (52, 74), (42, 76)], BROWN),
            poly([(53, 70), (57, 67), (55, 72)], WHITE),
            circle(46, 67, 1.2, INK),
            path("M14,62 L18,58 L22,62 L26,57 L30,61 L34,57 L38,62", stroke=INK, sw=1.4),
            rect(16, 76, 4, 10, BROWN), rect(34, 76, 4, 10, BROWN),
            path("M10,68 Q6,64 8,60", stroke=BROWN, sw=1.6),
        ])  # fmt: skip
    if code == "08B":
        return "".join([rect(0, 0, 60, 60, SKY), circle(34, 34, 17, WHITE, INK, 1.2), pampas(1)])
    if code == "08A":
        return "".join(bird(x, y, 0.7, GREY, INK) for x, y in ((18, 24), (38, 32), (26, 42)))
    if code == "09A":
        # the sake cup with the mark 壽 ("long life") drawn as a square seal
        return "".join([
            path("M12,52 L48,52 Q44,72 30,72 Q16,72 12,52Z", fill=RED, stroke=INK, sw=1),
            rect(24, 72, 12, 4, RED, stroke=INK, sw=0.8),
            rect(25, 55, 10, 10, YELLOW, stroke=INK, sw=0.8),
            line(27, 58, 33, 58, INK, 1), line(30, 56, 30, 64, INK, 1), line(27, 62, 33, 62, INK, 1),
        ])  # fmt: skip
    if code == "10A":
        # the deer, looking back
        return "".join([
            ellipse(28, 58, 14, 7, BROWN),
            poly([(38, 54), (44, 40), (48, 42), (42, 56)], BROWN),
            ellipse(46, 38, 5, 3.2, BROWN, -20),
            path("M44,35 L42,26 M42,30 L38,27 M45,35 L48,26 M47,29 L51,27", stroke=INK, sw=1.2),
            circle(47, 37, 0.9, INK),
            line(18, 63, 16, 80, BROWN, 2.4), line(24, 64, 24, 80, BROWN, 2.4),
            line(34, 63, 35, 80, BROWN, 2.4), line(38, 62, 40, 79, BROWN, 2.4),
            circle(24, 56, 1.2, WHITE), circle(30, 55, 1.2, WHITE), circle(28, 60, 1.2, WHITE),
        ])  # fmt: skip
    if code == "11B":
        # the phoenix: a coloured bird with long tail plumes
        return "".join([
            path("M30,44 Q10,60 4,86", stroke=RED, sw=3), path("M30,46 Q20,64 18,90", stroke=YELLOW, sw=3),
            path("M32,46 Q32,66 30,92", stroke=GREEN, sw=3),
            ellipse(34, 40, 11, 7, RED), circle(44, 32, 4.5, YELLOW),
            poly([(47, 31), (53, 33), (47, 35)], INK), circle(45, 31, 1, INK),
            path("M28,38 Q36,20 48,22 Q40,32 28,38Z", fill=GREEN),
        ])  # fmt: skip
    if code == "11D":
        return rect(4, 30, 52, 62, YELLOW)  # drawn under the plant (see _face)
    if code == "12B":
        # the rain man under an umbrella, with a frog
        return "".join([
            path("M10,40 Q26,22 42,40Z", fill=RED, stroke=INK, sw=1),
            line(26, 34, 26, 60, INK, 1.4),
            circle(30, 48, 4, "#f1d3a8", INK, 0.8),
            poly([(24, 52), (38, 52), (42, 82), (20, 82)], INK),
            path("M26,58 L40,62", stroke=WHITE, sw=1),
            ellipse(48, 86, 6, 3.5, GREEN), circle(46, 83, 1.1, YELLOW),
        ])  # fmt: skip
    if code == "12A":
        return bird(30, 58, 1.0, INK, BLUE, flip=True, beak=RED)
    if code == "12D":
        # the lightning drum gate: a red gate with a bolt
        return "".join([
            rect(8, 40, 44, 6, RED, stroke=INK, sw=0.8), rect(12, 46, 6, 40, RED, stroke=INK, sw=0.8),
            rect(42, 46, 6, 40, RED, stroke=INK, sw=0.8),
            poly([(34, 50), (24, 66), (31, 66), (26, 84), (38, 62), (31, 62), (38, 50)], YELLOW, INK, 0.8),
        ])  # fmt: skip
    return ""


RIBBON_STYLE = {
    "01R": "poem", "02R": "poem", "03R": "poem",
    "04R": "plain", "05R": "plain", "07R": "plain",
    "06R": "blue", "09R": "blue", "10R": "blue",
    "12R": "rain",
}  # fmt: skip


# -- the corner index --------------------------------------------------------------------------

KIND_MARK = {
    Kind.BRIGHT: "광",
    Kind.ANIMAL: "열",
    Kind.RIBBON: "띠",
    Kind.JUNK: "피",
    Kind.DOUBLE_JUNK: "쌍피",
    Kind.JOKER: "조커",
}


def index_badge(number: str, kind: Kind) -> str:
    """Top-left index: month number and kind mark; the box's shape tells the kind without colour."""
    bright = kind == Kind.BRIGHT
    bg, fg = (INK, WHITE) if bright else (WHITE, INK)
    out = [rect(1.5, 1.5, 21, 33, bg, rx=3, stroke=INK, sw=1.2)]
    out.append(text(12, 17, number, 16 if len(number) == 1 else 14.5, fg))
    mark = KIND_MARK[kind]
    out.append(text(12, 30, mark, 9 if len(mark) == 1 else 7.2, RED if bright else fg))
    # kind shapes (top right), independent of colour
    if bright:
        out.append(circle(51, 9, 6.5, RED, INK, 1.2))
        out.append(circle(51, 9, 3.2, PAPER))
    elif kind == Kind.ANIMAL:
        out.append(poly([(51, 2), (57.5, 9), (51, 16), (44.5, 9)], WHITE, INK, 1.4))
        out.append(poly([(51, 5.5), (54, 9), (51, 12.5), (48, 9)], INK))
    elif kind == Kind.RIBBON:
        out.append(rect(47.5, 2, 7, 15, WHITE, rx=1, stroke=INK, sw=1.2))
        out.append(rect(49.5, 4, 3, 11, INK))
    elif kind == Kind.DOUBLE_JUNK:
        out.append(circle(47, 8, 3.4, INK))
        out.append(circle(55, 8, 3.4, INK))
    return "".join(out)


# -- whole cards ----------------------------------------------------------------------------------


#: The card's rounded edge: every picture is clipped to it (the August hill and the moon's sky
#: reach the card's sides: unclipped, they squared its corners and hid its border).
EDGE = f'<clipPath id="edge"><rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="4"/></clipPath>'


def _frame(inner: str, title: str, bg: str = PAPER) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W * 2}" height="{H * 2}" '
        f'role="img">'
        f"<title>{title}</title><defs>{EDGE}</defs>"
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="4" fill="{bg}"/>'
        f'<g clip-path="url(#edge)">{inner}</g>'
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="4" fill="none" stroke="{INK}" stroke-width="1"/>'
        f"</svg>\n"
    )


def _face(card: Card) -> str:
    variant = 2 if card.code.endswith("J2") else 1
    plant = PLANTS[card.month](variant)
    pic = special(card.code)
    if card.kind == Kind.RIBBON:
        return plant + ribbon(RIBBON_STYLE[card.code])
    if card.code == "11D":
        return pic + plant
    if card.code == "08B":
        return pic  # the moon picture carries its own hill
    if pic:
        return f'<g opacity="0.45">{plant}</g>' + pic
    return plant


def joker_face(code: str) -> str:
    jt = code[2]
    out = [rect(4, 38, 52, 54, "#e9e2f4", rx=4, stroke=INK, sw=1)]
    # a jester's hat: three points with bells
    out.append(poly([(14, 70), (18, 46), (26, 60), (30, 40), (34, 60), (42, 46), (46, 70)], PURPLE, INK, 1))
    for x, y in ((18, 46), (30, 40), (42, 46)):
        out.append(circle(x, y, 2.6, YELLOW, INK, 0.8))
    out.append(rect(14, 70, 32, 5, YELLOW, stroke=INK, sw=0.8))
    if jt in "123":
        out.append(text(30, 88, "피" * int(jt), 9, INK))
    elif jt == "B":
        out.append(poly([(20, 86), (22, 78), (26, 82), (30, 76), (34, 82), (38, 78), (40, 86)], YELLOW, INK, 1))
    elif jt == "X":
        out.append(text(30, 89, "×2", 12, INK))
    elif jt == "P":
        out.append(path("M22,78 L38,78 L38,84 Q38,90 30,92 Q22,90 22,84Z", fill=WHITE, stroke=INK, sw=1.2))
        out.append(text(30, 88, "광", 6, RED))
    return "".join(out)


def joker_index(code: str) -> str:
    jt = code[2]
    label = {"1": "1", "2": "2", "3": "3", "B": "B", "X": "×2", "P": "P"}[jt]
    out = [rect(1.5, 1.5, 21, 33, WHITE, rx=3, stroke=INK, sw=1.2)]
    out.append(text(12, 17, "J" + (label if len(label) == 1 else ""), 12, INK))
    out.append(text(12, 30, "조커", 7.2, INK))
    out.append(text(46, 17, label if jt in "123" else "", 14, INK))
    if jt not in "123":
        out.append(text(46, 17, label, 11, INK))
    return "".join(out)


def card_names() -> dict[str, dict[str, str]]:
    """Accessible names by code, in English and Korean (e.g. "January bright, crane and sun"),
    from the one source of card names (:mod:`gostop.words.cards`)."""
    names = {
        code: {"en": n["en_long"], "ko": n["ko_long"]}
        for code, n in names_table().items()
        if code in JOKER_CODES or not code.startswith("JK")
    }
    names["back"] = {"en": "Face-down card", "ko": "뒤집힌 패"}
    return names


def card_svg(code: str) -> str:
    """The SVG document of one card face."""
    title = card_names()[code]["en"]
    card = parse_card(code)
    if card.is_joker:
        return _frame(joker_face(code) + joker_index(code), title)
    return _frame(_face(card) + index_badge(str(card.month), card.kind), title)


def back_svg() -> str:
    """The card back: deep red with a lattice and a round seal (no index: it is face down)."""
    out = [rect(3, 3, W - 6, H - 6, DARK_RED, rx=3)]
    for k in range(-6, 12):
        out.append(line(3 + k * 8, 3, 3 + k * 8 + 40, 93, RED, 1.2))
        out.append(line(57 - k * 8, 3, 57 - k * 8 - 40, 93, RED, 1.2))
    out.append(rect(0, 0, W, 3, PAPER))  # trims the lattice to the inner box
    out.append(circle(30, 48, 13, DARK_RED, PAPER, 1.6))
    out.append(petals(30, 48, 9, 5, PAPER, DARK_RED, rot=-90))
    inner = "".join(out)
    clip = f'<clipPath id="b"><rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="3"/></clipPath>'
    return _frame(f'<defs>{clip}</defs><g clip-path="url(#b)">{inner}</g>', "Face-down card", INK)


def contact_sheet() -> str:
    """One SVG showing the whole deck: twelve rows of four month cards, then jokers and back."""
    cw, ch, gap, margin = W, H, 6, 10
    label_w = 74
    rows: list[list[str]] = []
    for m in range(1, 13):
        rows.append([c.code for c in MONTH_CARDS if c.month == m])
    rows.append(list(JOKER_CODES[:3]) + ["back"])
    rows.append(list(JOKER_CODES[3:]))
    cols = 4
    half = (len(rows) + 1) // 2
    width = 2 * (label_w + cols * (cw + gap)) + 2 * margin + 20
    height = half * (ch + gap + 4) + 2 * margin + 24
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">',
        "<title>The gostop deck: 48 month cards, jokers and the card back</title>",
        f"<defs>{EDGE}</defs>",
        rect(0, 0, width, height, "#2d6a4f"),
        text(margin, margin + 12, "gostop deck — drawn by code (python -m gostop.web.deck)", 13, WHITE, anchor="start"),
    ]
    for r, codes in enumerate(rows):
        block, row = divmod(r, half)
        x0 = margin + block * (label_w + cols * (cw + gap) + 20)
        y0 = margin + 24 + row * (ch + gap + 4)
        label = f"{r + 1:02d} {MONTH_NAMES[r + 1][1]}" if r < 12 else "jokers"
        sub = MONTH_NAMES[r + 1][0] if r < 12 else ("and the back" if r == 12 else "조커")
        out.append(text(x0, y0 + ch / 2, label, 12, WHITE, anchor="start"))
        out.append(text(x0, y0 + ch / 2 + 16, sub, 9, WHITE, "normal", "start"))
        for i, code in enumerate(codes):
            doc = back_svg() if code == "back" else card_svg(code)
            body = doc.split("role=\"img\">", 1)[1].rsplit("</svg>", 1)[0]
            body = body.replace('id="b"', 'id="b-sheet"').replace("url(#b)", "url(#b-sheet)")
            body = body.replace(f"<defs>{EDGE}</defs>", "")  # defined once, below the title
            out.append(f'<g transform="translate({x0 + label_w + i * (cw + gap)} {y0})">{body}</g>')
    out.append("</svg>\n")
    return "".join(out)


def generate() -> dict[str, str]:
    """Every file of the deck folder: ``{name: content}``."""
    files = {f"{code}.svg": card_svg(code) for code in ALL_CODES}
    files["back.svg"] = back_svg()
    files["names.json"] = json.dumps(card_names(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return files


# The "traditional" style: the same drawings in the saturated red, black and green of printed
# hwatu (a whiter card, deeper colours, brown branches printed black); "clear" stays the default.
TRADITIONAL = {
    PAPER: "#fffdf6",
    RED: "#e3101c",
    DARK_RED: "#a00810",
    GREEN: "#008a32",
    DARK_GREEN: "#00481a",
    PINK: "#f0436e",
    BLUE: "#0d2fa8",
    PURPLE: "#47139c",
    YELLOW: "#ffc800",
    BROWN: "#1a1210",
    GREY: "#302c28",
    SKY: "#ffcfb8",
}


def traditional(svg: str) -> str:
    """A card of the clear deck recoloured in the traditional palette."""
    for old, new in TRADITIONAL.items():
        svg = svg.replace(f'"{old}"', f'"{new}"')
    return svg


def generate_traditional() -> dict[str, str]:
    """Every file of the traditional deck's folder (``cards/trad``): ``{name: content}``."""
    return {name: traditional(content) for name, content in generate().items() if name.endswith(".svg")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gostop.web.deck", description="Draw the gostop card deck as SVG files.")
    parser.add_argument("--output", type=Path, default=Path(__file__).parent / "cards", help="folder for the card files (default: the package's cards folder)")
    parser.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet of the whole deck (SVG) to this file")
    parser.add_argument("--sheet-traditional", type=Path, default=None, help="also write a contact sheet of the traditional deck to this file")
    args = parser.parse_args(argv)
    try:
        args.output.mkdir(parents=True, exist_ok=True)
        files = generate()
        for name, content in files.items():
            (args.output / name).write_text(content, encoding="utf-8")
        (args.output / "trad").mkdir(exist_ok=True)
        for name, content in generate_traditional().items():
            (args.output / "trad" / name).write_text(content, encoding="utf-8")
        if args.sheet is not None:
            args.sheet.parent.mkdir(parents=True, exist_ok=True)
            args.sheet.write_text(contact_sheet(), encoding="utf-8")
        if args.sheet_traditional is not None:
            args.sheet_traditional.parent.mkdir(parents=True, exist_ok=True)
            args.sheet_traditional.write_text(traditional(contact_sheet()), encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write the deck: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(files)} files to {args.output}" + (f" and the contact sheet {args.sheet}" if args.sheet else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
