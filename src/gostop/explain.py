"""A settlement told in the player's words: who pays what, and why, without formulas.

The settlement (:mod:`gostop.settlement`) explains itself in compact steps meant for record
authors (``base = 6 + go chips 2 = 8``, ``opp1: 8 x M 2 x Mi 2 (pi-bak x2 ...) = 32``, rule
letters M and Mi). :func:`settlement_lines` rewrites those steps for the table: the scoring
items, how many goes and what they add, each common doubling by name, then what each opponent
pays with the reasons in words (pi-bak, gwang-bak...), and who pays for both losers and why
(go-bak, a refused shodang, oe-myeon with the card that was left on the table).

Rule IDs never appear here; the game's help and ``docs/rules.md`` explain the rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gostop.settlement import Settlement

__all__ = ["settlement_lines", "LIABILITY_WORDS", "FACTOR_WORDS"]

#: Who pays for both losers, and why (PAY-9, LIAB-3, LIAB-10, LIAB-4).
LIABILITY_WORDS = {
    "go-bak": "go-bak 고박: said go, then lost",
    "shodang refusal": "refused a shodang offer, then lost",
    "oe-myeon": "oe-myeon 외면: left the winner the card that won",
}

#: The common doublings of PAY-5, by the settlement's names.
FACTOR_WORDS = {
    "heundeum": "shaking 흔들기",
    "bombs": "bombs 폭탄",
    "nagari carry": "stakes doubled after a nagari 나가리",
    "JKX": "the doubling joker",
    "weol-yak": "weol-yak 월약",
    "mission": "mission",
    "meong-dda": "meong-dda 멍따 (7 animals or more)",
}

_PER_OPPONENT = [
    (re.compile(r"pi-bak x2 \(opp junk (\d+) < (\d+)\)"), r"pi-bak 피박 ×2, junk \1 under \2"),
    (re.compile(r"gwang-bak x2"), "gwang-bak 광박 ×2 (no bright)"),
    (re.compile(r"gwang-bak \+2"), "gwang-bak 광박 +2 (no bright)"),
    (re.compile(r"meong-bak x2"), "meong-bak 멍박 ×2 (no animal)"),
    (re.compile(r"tti-bak x2"), "tti-bak ×2 (no ribbon)"),
    (re.compile(r"go-bak \(2p\) x2"), "go-bak 고박 ×2 (said go, then lost)"),
]


_ITEM = re.compile(r"([^=]+) = (\d+)$")


def _per_opponent_words(desc: str, flex: str | None) -> str:
    parts = []
    for piece in desc.split("; "):
        if piece == "no per-opponent factor":
            continue
        m = re.match(r"counts its (\S+) as (animal|junk)", piece)
        if m:
            parts.append(f"their {m.group(1)} counted as {'an animal' if m.group(2) == 'animal' else 'double junk'}")
            continue
        for pat, words in _PER_OPPONENT:
            piece = pat.sub(words, piece)
        parts.append(piece)
    return "; ".join(p for p in parts if p)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else ('es' if word.endswith('o') else 's')}"


def settlement_lines(
    s: Settlement,
    payers: Sequence[str],
    goes: int,
    *,
    you: str | None = None,
    oe_myeon_card: str | None = None,
) -> list[str]:
    """The settlement ``s`` in words. ``payers``: the names of ``s.payments``' opponents in
    order; ``goes``: the winner's go count; ``you``: the person's name (for "You pay");
    ``oe_myeon_card``: the card the liable player left on the table, when known."""

    def pays(name: str) -> str:
        return f"{name} {'pay' if name == you else 'pays'}"

    unit = s.unit
    out: list[str] = []
    items: list[str] = []
    factors = 0
    for step in s.steps:
        is_item = bool(_ITEM.match(step)) and not step.startswith(("base ", "common ", "shots "))
        if items and not is_item and not step.startswith("base "):
            out.append("Scored: " + ", ".join(items) + ".")
            items = []
        m = re.match(r"flex card (\S+) as animal -> (\d+) pts, .*; as junk -> (\d+) pts", step)
        if m:
            out.append(
                f"The sake cup {m.group(1)} counts as an animal ({m.group(2)} points) or as double junk "
                f"({m.group(3)} points):"
            )
            continue
        m = re.match(r"settle with (\S+) as (animal|junk) \((.*)\)", step)
        if m:
            cls = "an animal" if m.group(2) == "animal" else "double junk"
            why = m.group(3).replace("tie: animal", "both pay the same")
            out.append(f"  the winner counts it as {cls} ({why}).")
            continue
        m = re.match(r"capped (\d+) -> (\d+)$", step)
        if m:
            out.append(f"Points are capped: {m.group(1)} count as {m.group(2)}.")
            continue
        m = re.match(r"shots = floor\((\d+)/(\d+)\) = (\d+)", step)
        if m:
            out.append(f"Each opponent takes {_plural(int(m.group(3)), 'shot')} (one per {m.group(2)} points).")
            continue
        m = re.match(r"base = (\d+) \+ go chips (\d+) = (\d+)$", step)
        if m:
            if items:
                out.append("Scored: " + ", ".join(items) + f" = {m.group(1)} points.")
                items = []
            if goes:
                chips = int(m.group(2))
                add = f"+{chips} chip{'s' if chips != 1 else ''}" if chips else "no extra chips"
                out.append(f"{_plural(goes, 'go')}: {add}; each loser starts from {m.group(3)}.")
            continue
        m = re.match(r"(.+) x(\d+)$", step)
        if m and not step.startswith("opp"):
            factors += 1
            name, factor = m.group(1), m.group(2)
            if name == "go":
                out.append(f"{_plural(goes, 'go')}: ×{factor}.")
            else:
                out.append(f"{FACTOR_WORDS.get(name, name)}: ×{factor}.")
            continue
        m = re.match(r"common multiplier M = (\d+)$", step)
        if m:
            if int(m.group(1)) != 1 and factors > 1:
                out.append(f"Together every loser pays ×{m.group(1)}.")
            continue
        m = re.match(r"opp(\d+): (\d+) x M (\d+) x Mi (\d+) \((.*)\)( \+ 2)? = (\d+)$", step)
        if m:
            i = int(m.group(1)) - 1
            who = payers[i] if 0 <= i < len(payers) else f"opponent {i + 1}"
            base, mult, mi, amount = int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(7))
            calc = str(base) + (f" ×{mult}" if mult != 1 else "") + (f" ×{mi}" if mi != 1 else "")
            calc += " +2" if m.group(6) else ""
            why = _per_opponent_words(m.group(5), None)
            shown = f"{calc} = {amount}" if calc != str(amount) else str(amount)
            out.append(f"{pays(who)} {shown} {unit}" + (f" ({why})" if why else "") + ".")
            continue
        m = re.match(r"opp(\d+) has no captures: pays 0$", step)
        if m:
            i = int(m.group(1)) - 1
            who = payers[i] if 0 <= i < len(payers) else f"opponent {i + 1}"
            out.append(f"{who} captured nothing and {'pay' if who == you else 'pays'} nothing.")
            continue
        if step.startswith("oe-myeon exception a"):
            out.append("Nobody pays for both: the winner scored only junk and said no go.")
            continue
        m = re.match(r"opp(\d+) would be liable \((.*)\) but has no captures", step)
        if m:
            i = int(m.group(1)) - 1
            who = payers[i] if 0 <= i < len(payers) else f"opponent {i + 1}"
            out.append(f"{who} would pay for both ({m.group(2)}) but captured nothing: each pays their own.")
            continue
        m = re.match(r"dok-bak \((.*)\): opp(\d+) pays (\d+), other pays 0$", step)
        if m:
            i = int(m.group(2)) - 1
            who = payers[i] if 0 <= i < len(payers) else f"opponent {i + 1}"
            others = [p for j, p in enumerate(payers) if j != i]
            why = LIABILITY_WORDS.get(m.group(1), m.group(1))
            if m.group(1) == "oe-myeon" and oe_myeon_card:
                why = f"oe-myeon 외면: left {oe_myeon_card} on the table for the winner"
            tail = f"; {others[0]} {'pay' if others[0] == you else 'pays'} nothing" if others else ""
            out.append(f"{pays(who)} for both losers: {m.group(3)} {unit} ({why}){tail}.")
            continue
        m = _ITEM.match(step)
        if m:  # a scoring item
            items.append(f"{m.group(1)}: {m.group(2)}")
            continue
        out.append(step)
    if items:
        out.append("Scored: " + ", ".join(items) + ".")
    return out
