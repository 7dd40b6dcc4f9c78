"""A settlement told in the player's words: who pays what, and why, without formulas.

The settlement (:mod:`gostop.settlement`) explains itself in compact steps meant for record
authors (``base = 6 + go chips 2 = 8``, ``opp1: 8 x M 2 x Mi 2 (pi-bak x2 ...) = 32``, rule
letters M and Mi). :func:`settlement_lines` rewrites those steps for the table: the scoring
items, how many goes and what they add, each common doubling by name, then what each opponent
pays with the reasons in words (pi-bak, gwang-bak...), and who pays for both losers and why
(go-bak, a refused shodang, oe-myeon with the card that was left on the table).

Every text here also comes in Korean (``lang="ko"``), in the words players use at the table
(고, 스톱, 피박, 광박, 멍따, 흔들기, 폭탄, 독박...): :func:`settlement_lines`, :func:`item_name`,
:func:`go_warnings_text`, :func:`stamp_text`, :func:`where_text`. English stays the default (the
terminal game speaks English).

Rule IDs never appear here; the game's help and ``docs/rules.md`` explain the rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from gostop.cards import parse_card
from gostop.hints import Stamp, go_warnings
from gostop.rules import Rules
from gostop.settlement import Settlement, go_chips, go_multiplier

__all__ = [
    "settlement_lines",
    "LIABILITY_WORDS",
    "FACTOR_WORDS",
    "LANGS",
    "item_name",
    "score_item_lines",
    "go_warnings_text",
    "stamp_text",
    "where_text",
    "card_words",
]

#: The languages of the texts for people.
LANGS = ("en", "ko")

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
    "push": "pushed stakes 밀기 (earlier winners forwent their pay)",
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
    (re.compile(r"no pi-bak: opp has no junk at all"), "no pi-bak 피박 (no junk at all)"),
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
    lang: str = "en",
) -> list[str]:
    """The settlement ``s`` in words. ``payers``: the names of ``s.payments``' opponents in
    order; ``goes``: the winner's go count; ``you``: the person's name (for "You pay");
    ``oe_myeon_card``: the card the liable player left on the table, when known; ``lang``:
    ``"en"`` or ``"ko"``."""
    if lang == "ko":
        return _settlement_lines_ko(s, payers, goes, oe_myeon_card=oe_myeon_card)
    if lang != "en":
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")

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


# -- Korean ---------------------------------------------------------------------------------------
#
# The Korean texts are built from the same settlement steps and hint facts as the English ones,
# in the words players use at the table. Card codes are said as card names (``9월 열끗``).

#: Scoring item names (the settlement's and the score panel's) in Korean.
_ITEM_KO = {
    "godori": "고도리",
    "yukdori": "육도리",
    "bidori": "비도리",
    "hong-dan": "홍단",
    "cheong-dan": "청단",
    "cho-dan": "초단",
    "VIP bonus": "귀빈 보너스",
    "palssari bonus": "팔싸리 보너스",
}

#: Sino-Korean numbers as players say them in 삼광, 사광, 오광.
_KO_NUM: dict[int, str] = {3: "삼", 4: "사", 5: "오"}

_ITEM_PATTERNS_KO: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"(\d+) brights incl\. 12B$"), lambda m: f"비{_KO_NUM.get(int(m.group(1)), m.group(1))}광"),
    (re.compile(r"(\d+) brights$"), lambda m: f"{_KO_NUM.get(int(m.group(1)), m.group(1))}광"),
    (re.compile(r"(\d+) animals$"), lambda m: f"열끗 {m.group(1)}장"),
    (re.compile(r"(\d+) ribbons$"), lambda m: f"띠 {m.group(1)}장"),
    (re.compile(r"junk value (\d+)$"), lambda m: f"피 {m.group(1)}장"),
]

_FACTOR_KO = {
    "go": "고",
    "heundeum": "흔들기",
    "bombs": "폭탄",
    "nagari carry": "나가리 다음 판 (판돈 두 배)",
    "push": "밀기 (앞 판 승자가 판돈을 밀었음)",
    "JKX": "두 배 조커",
    "weol-yak": "월약",
    "mission": "미션",
    "meong-dda": "멍따 (열끗 7장 이상)",
}

_LIABILITY_KO = {
    "go-bak": "고박: 고를 하고 졌습니다",
    "shodang refusal": "쇼당을 거절하고 졌습니다",
    "oe-myeon": "외면: 이긴 패를 승자에게 남겼습니다",
}

_UNIT_KO = {"chips": "칩", "shots": "샷"}

_WHERE_KO = {
    "your hand": "내 손",
    "the table": "바닥",
    "shown": "공개된 패",
    "unseen": "안 보이는 패 (더미나 남의 손)",
}


def _batchim(word: str) -> int | None:
    """The final consonant index of the last syllable of ``word`` (0: none), None if not Hangul."""
    if not word:
        return None
    last = ord(word[-1])
    if 0xAC00 <= last <= 0xD7A3:
        return (last - 0xAC00) % 28
    return None


def _eul(word: str) -> str:
    """``word`` with the object particle (을/를)."""
    b = _batchim(word)
    return word + ("을" if b else "를")


def _euro(word: str) -> str:
    """``word`` with the particle (으)로 (ㄹ takes 로)."""
    b = _batchim(word)
    return word + ("으로" if b and b != 8 else "로")


def card_words(code: str, lang: str = "en") -> str:
    """A card as said in ``lang``: its code in English texts (as the terminal prints it), its
    Korean name in Korean ones (``09A`` -> ``9월 열끗``, ``JK2`` -> ``조커 2``)."""
    if lang != "ko":
        return code
    try:
        card = parse_card(code)
    except ValueError:
        return code
    if card.is_joker:
        return card.korean_name
    return f"{card.month}월 {card.kind.korean}"


def item_name(name: str, lang: str = "en") -> str:
    """A scoring item's name (``godori``, ``3 brights``, ``junk value 12``...) in ``lang``."""
    if lang != "ko":
        return name
    if name in _ITEM_KO:
        return _ITEM_KO[name]
    for pat, words in _ITEM_PATTERNS_KO:
        m = pat.match(name)
        if m:
            return words(m)
    return name


def score_item_lines(items: Sequence[tuple[str, int]], lang: str = "en") -> list[str]:
    """Score panel lines of ``(item name, points)`` pairs: ``godori: 5`` / ``고도리 5점``."""
    if lang == "ko":
        return [f"{item_name(name, 'ko')} {points}점" for name, points in items]
    return [f"{name}: {points}" for name, points in items]


def where_text(where: str, lang: str = "en", holder: str | None = None) -> str:
    """Where the missing card of a near set is (``your hand``, ``the table``, ``shown``,
    ``unseen``), said in ``lang``; ``holder``: who showed it."""
    if lang != "ko":
        return f"shown by {holder}" if where == "shown" and holder else where
    if where == "shown" and holder:
        return f"{holder}의 공개된 패"
    return _WHERE_KO.get(where, where)


def _ko_factor(name: str) -> str:
    return _FACTOR_KO.get(name, name)


def _ko_per_opponent(desc: str) -> str:
    parts: list[str] = []
    for piece in desc.split("; "):
        if piece == "no per-opponent factor":
            continue
        m = re.match(r"counts its (\S+) as (animal|junk)", piece)
        if m:
            cls = "열끗" if m.group(2) == "animal" else "쌍피"
            parts.append(f"{_eul(card_words(m.group(1), 'ko'))} {_euro(cls)} 계산")
            continue
        for why in piece.split(", "):
            m = re.match(r"pi-bak x2 \(opp junk (\d+) < (\d+)\)", why)
            if m:
                parts.append(f"피박 ×2, 피 {m.group(1)}장 ({m.group(2)}장 미만)")
            elif why == "gwang-bak x2":
                parts.append("광박 ×2 (광 없음)")
            elif why == "gwang-bak +2":
                parts.append("광박 +2 (광 없음)")
            elif why == "meong-bak x2":
                parts.append("멍박 ×2 (열끗 없음)")
            elif why == "tti-bak x2":
                parts.append("띠박 ×2 (띠 없음)")
            elif why == "go-bak (2p) x2":
                parts.append("고박 ×2 (고를 하고 짐)")
            elif why == "no pi-bak: opp has no junk at all":
                parts.append("피박 면제 (피가 한 장도 없음)")
            else:
                parts.append(why)
    return ", ".join(p for p in parts if p)


_WHY_FLEX_KO = {
    "more points": "점수가 더 많음",
    "equal points, larger total payment": "점수가 같고 받는 돈이 더 많음",
    "larger total payment": "받는 돈이 더 많음",
    "equal payment, more points": "받는 돈이 같고 점수가 더 많음",
    "tie: animal": "어느 쪽이든 같음",
}


def _settlement_lines_ko(
    s: Settlement, payers: Sequence[str], goes: int, *, oe_myeon_card: str | None = None
) -> list[str]:
    """:func:`settlement_lines` in Korean (same steps, same order)."""
    unit = _UNIT_KO.get(s.unit, s.unit)
    out: list[str] = []
    items: list[str] = []
    factors = 0

    def payer(i: int) -> str:
        return payers[i] if 0 <= i < len(payers) else f"상대 {i + 1}"

    for step in s.steps:
        is_item = bool(_ITEM.match(step)) and not step.startswith(("base ", "common ", "shots "))
        if items and not is_item and not step.startswith("base "):
            out.append("점수: " + ", ".join(items) + ".")
            items = []
        m = re.match(r"flex card (\S+) as animal -> (\d+) pts, .*; as junk -> (\d+) pts", step)
        if m:
            out.append(
                f"국진 {card_words(m.group(1), 'ko')}: 열끗으로 치면 {m.group(2)}점, "
                f"쌍피로 치면 {m.group(3)}점:"
            )
            continue
        m = re.match(r"settle with (\S+) as (animal|junk) \((.*)\)", step)
        if m:
            cls = "열끗" if m.group(2) == "animal" else "쌍피"
            why = _WHY_FLEX_KO.get(m.group(3), m.group(3))
            out.append(f"  승자는 {_euro(cls)} 칩니다 ({why}).")
            continue
        m = re.match(r"capped (\d+) -> (\d+)$", step)
        if m:
            out.append(f"점수 상한: {m.group(1)}점을 {m.group(2)}점으로 칩니다.")
            continue
        m = re.match(r"shots = floor\((\d+)/(\d+)\) = (\d+)", step)
        if m:
            out.append(f"상대마다 {m.group(3)}샷 ({m.group(2)}점마다 한 샷).")
            continue
        m = re.match(r"base = (\d+) \+ go chips (\d+) = (\d+)$", step)
        if m:
            if items:
                out.append("점수: " + ", ".join(items) + f" = {m.group(1)}점.")
                items = []
            if goes:
                chips = int(m.group(2))
                add = f"+{chips}칩" if chips else "추가 칩 없음"
                out.append(f"{goes}고: {add}; 진 사람마다 {m.group(3)}부터 냅니다.")
            continue
        m = re.match(r"(.+) x(\d+)$", step)
        if m and not step.startswith("opp"):
            factors += 1
            name, factor = m.group(1), m.group(2)
            label = f"{goes}고" if name == "go" else _ko_factor(name)
            out.append(f"{label}: ×{factor}.")
            continue
        m = re.match(r"common multiplier M = (\d+)$", step)
        if m:
            if int(m.group(1)) != 1 and factors > 1:
                out.append(f"모두 합쳐 진 사람마다 ×{m.group(1)}.")
            continue
        m = re.match(r"opp(\d+): (\d+) x M (\d+) x Mi (\d+) \((.*)\)( \+ 2)? = (\d+)$", step)
        if m:
            who = payer(int(m.group(1)) - 1)
            base, mult, mi, amount = int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(7))
            calc = str(base) + (f" ×{mult}" if mult != 1 else "") + (f" ×{mi}" if mi != 1 else "")
            calc += " +2" if m.group(6) else ""
            why = _ko_per_opponent(m.group(5))
            shown = f"{calc} = {amount}" if calc != str(amount) else str(amount)
            out.append(f"{who}: {shown}{unit} 냅니다" + (f" ({why})" if why else "") + ".")
            continue
        m = re.match(r"opp(\d+) has no captures: pays 0$", step)
        if m:
            out.append(f"{payer(int(m.group(1)) - 1)}: 먹은 패가 없어 내지 않습니다.")
            continue
        if step.startswith("oe-myeon exception a"):
            out.append("독박 없음: 승자가 피로만 점수를 냈고 고를 하지 않았습니다.")
            continue
        m = re.match(r"opp(\d+) would be liable \((.*)\) but has no captures", step)
        if m:
            why = _LIABILITY_KO.get(m.group(2), m.group(2))
            out.append(
                f"{payer(int(m.group(1)) - 1)}: 독박 대상이지만 ({why}) 먹은 패가 없어 각자 자기 몫을 냅니다."
            )
            continue
        m = re.match(r"dok-bak \((.*)\): opp(\d+) pays (\d+), other pays 0$", step)
        if m:
            i = int(m.group(2)) - 1
            others = [p for j, p in enumerate(payers) if j != i]
            why = _LIABILITY_KO.get(m.group(1), m.group(1))
            if m.group(1) == "oe-myeon" and oe_myeon_card:
                why = f"외면: 바닥에 {_eul(card_words(oe_myeon_card, 'ko'))} 남겨 승자가 먹었습니다"
            tail = f"; {others[0]}: 내지 않습니다" if others else ""
            out.append(f"{payer(i)} 독박: 두 사람 몫 {m.group(3)}{unit} ({why}){tail}.")
            continue
        m = _ITEM.match(step)
        if m:  # a scoring item
            items.append(f"{item_name(m.group(1).strip(), 'ko')} {m.group(2)}점")
            continue
        out.append(step)
    if items:
        out.append("점수: " + ", ".join(items) + ".")
    return out


# -- go / stop warnings and bak stamps ---------------------------------------------------------------


def go_warnings_text(
    rules: Rules,
    players: int,
    goes: int,
    stop_points: int,
    *,
    last_turn: bool = False,
    stop_total: int | None = None,
    lang: str = "en",
) -> tuple[str, ...]:
    """What saying go means, in ``lang`` (the English is :func:`gostop.hints.go_warnings`)."""
    if lang != "ko":
        return go_warnings(rules, players, goes, stop_points, last_turn=last_turn, stop_total=stop_total)
    out: list[str] = []
    unit = _UNIT_KO["shots" if rules.payment_unit == "shots" else "chips"]
    if last_turn:
        worth = f" ({stop_total}{unit})" if stop_total is not None else ""
        out.append(
            "이번이 이 판의 마지막 차례입니다: 아무에게도 패가 남지 않았습니다. 고를 하면 "
            f"나가리로 끝나고 (승자 없음, 아무도 받지 않음) 스톱{worth}을 포기하게 됩니다."
        )
        if rules.nagari_multiplier != "off":
            out.append("나가리가 나면 다음 판은 판돈이 두 배입니다.")
        return tuple(out)
    if rules.go_decision_trigger == "above_last_go":
        out.append(f"고: 계속 칩니다. {stop_points}점을 넘어야 다시 고/스톱을 묻습니다.")
    else:
        out.append("고: 계속 칩니다. 족보가 새로 나거나 점수가 오르면 다시 묻습니다.")
    if rules.go_scheme != "none" and rules.payment_unit != "shots":
        n = goes + 1
        chips = go_chips(rules, n)
        mult = go_multiplier(rules, n)
        gain = [f"+{chips}칩"] if chips else []
        if mult != 1:
            gain.append(f"×{mult}")
        if gain:
            out.append(f"{n}고 뒤에 이기면 {', '.join(gain)}.")
    if players == 3 and rules.dok_bak:
        out.append("위험 (고박): 다른 사람이 이기면 진 두 사람 몫을 혼자 냅니다 (독박).")
    elif players == 2 and rules.go_bak_two_player == "double":
        out.append("위험 (고박): 상대가 이기면 두 배로 냅니다.")
    return tuple(out)


_STAMP_KO: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (
        re.compile(
            r"pi-bak 피박: junk (\d+)(?: \(counting (\S+) as double junk\))? < (\d+); "
            r"an opponent has junk (\d+)( and scores it: pays double)?$"
        ),
        lambda m: (
            f"피박: 내 피 {m.group(1)}장"
            + (f" ({_eul(card_words(m.group(2), 'ko'))} 쌍피로 계산)" if m.group(2) else "")
            + f", {m.group(3)}장 미만; 상대 피 {m.group(4)}장"
            + (": 상대가 피로 점수를 내고 있어 두 배로 냅니다" if m.group(5) else "")
        ),
    ),
    (
        re.compile(r"gwang-bak 광박: no bright; an opponent has (\d+) brights(?: and scores them: (pays double|pays 2 more))?$"),
        lambda m: (
            f"광박: 내 광 없음; 상대 광 {m.group(1)}장"
            + ({"pays double": ": 광으로 점수를 내고 있어 두 배로 냅니다",
                "pays 2 more": ": 광으로 점수를 내고 있어 2를 더 냅니다"}.get(m.group(2) or "", ""))
        ),
    ),
    (
        re.compile(r"meong-dda 멍따: an opponent has (\d+) animals(?:(: everyone pays double)| \((\d+) double the pay\))$"),
        lambda m: (
            f"멍따: 상대 열끗 {m.group(1)}장"
            + (": 모두 두 배로 냅니다" if m.group(2) else f" ({m.group(3)}장이면 두 배)")
        ),
    ),
    (
        re.compile(r"meong-bak 멍박: no animal; an opponent has (\d+) animals(: pays double)?$"),
        lambda m: f"멍박: 내 열끗 없음; 상대 열끗 {m.group(1)}장" + (": 두 배로 냅니다" if m.group(2) else ""),
    ),
]


def stamp_text(stamp: Stamp, lang: str = "en") -> str:
    """The one-line text of a bak stamp (:class:`gostop.hints.Stamp`) in ``lang``."""
    if lang != "ko":
        return stamp.text
    for pat, words in _STAMP_KO:
        m = pat.match(stamp.text)
        if m:
            return words(m)
    return stamp.hangul
