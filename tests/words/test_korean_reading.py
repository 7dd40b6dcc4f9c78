"""The Korean catalogue read the way a Korean player reads it, for the mistakes a machine can
find: a field lost or changed in translation, a particle written after a field by hand (it must
follow the value: ``{card:을}``), English words left untranslated, and the game's terms
(the glossary: 잔, 삼뻑, 광팔이, 광값, 겸용 패, 봇 난이도, 고/스톱, 피박, 광박, 멍따, 흔들기, 폭탄,
쪽, 따닥, 뻑, 싹쓸이) said differently from one message to the next."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from babel.messages.pofile import read_po

from gostop.rules import KNOBS
from gostop.words.catalog import POSSESSIVE, po_path
from gostop.words.particles import PARTICLES

HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]+")
ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_*'-]*")
#: A particle written by hand right after a field: its form cannot follow the value.
HAND_PARTICLE = re.compile(r"\}(이|가|을|를|은|는|과|와|으로|로)(?![\uac00-\ud7a3])")

#: English a Korean text may keep: keys and words the player types (Enter, quit, none, play 03B,
#: cut N, "target"), the card codes' letters, the command and the sources' names.
TYPED_OR_NAMES = {
    "Enter", "Tab", "quit", "none", "random", "cut", "N", "play", "go", "target", "Y", "y", "n",
    "b", "s", "g", "c", "x", "B", "A", "R", "J", "D", "gostop", "pagat", "Fuda",
    "JSON", "UTF", "UTF-8",  # the names of file formats (a damaged save)
}
#: English -> the one Korean word for it (RULES.md's romanization; the project's glossary).
GLOSSARY = {
    r"\bshots?\b": "잔",
    r"\b(three|third) ppuk\b": "삼뻑",
    r"\bgwangpalli\b": "광팔이",
    r"\bcompensation\b": "광값",
    r"\bflex card\b": "겸용 패",
    r"\b(bot level|the level)\b": "봇 난이도",
    r"\bchongtong\b": "총통",
    r"\bpi-bak\b": "피박",
    r"\bgwang-bak\b": "광박",
    r"\bmeong-dda\b": "멍따",
    r"\bgo-bak\b": "고박",
    r"\bdok-bak\b": "독박",
    r"\b(heundeum|shake|shakes|shaking|shaken|shook)\b": "흔",
    r"\bbombs?\b": "폭탄",
    r"\bchok\b": "쪽",
    r"\bttadak\b": "따닥",
    r"\bppuk\b": "뻑",
    r"\bsseul\b": "싹쓸이",
    r"\bnagari\b": "나가리",
    r"\bshodang\b": "쇼당",
}


def _messages() -> list[tuple[list[str], list[str]]]:
    """Every message of the Korean catalogue: (its English forms, its Korean forms)."""
    with po_path("ko").open("rb") as f:
        po = read_po(f, locale="ko")
    out = []
    for m in po:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string or ())
        out.append((ids, strs))
    return out


MESSAGES = _messages()


def _fields(text: str) -> dict[str, set[str]]:
    """The fields of a template and the format specs each is written with."""
    out: dict[str, set[str]] = {}
    for _literal, name, spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            out.setdefault(name, set()).add(spec or "")
    return out


def _check_fields(ids: list[str], text: str) -> str | None:
    english: dict[str, set[str]] = {}
    for message in ids:
        for name, specs in _fields(message).items():
            english.setdefault(name, set()).update(specs)
    korean = _fields(text)
    if set(korean) != set(english):
        return f"fields {sorted(english)} became {sorted(korean)}"
    for name, specs in korean.items():
        wrong = specs - english[name] - set(PARTICLES) - {"sino", POSSESSIVE}
        if wrong:
            return f"{{{name}}} written with {sorted(wrong)}"
    return None


def _check_hand_particle(text: str) -> str | None:
    m = HAND_PARTICLE.search(text)
    return f"a particle written by hand: {text[max(0, m.start() - 12):m.end()]!r}" if m else None


def _check_english(ids: list[str], text: str) -> str | None:
    english = " ".join(ids)
    for word in ASCII_WORD.findall(re.sub(r"\{[^{}]*\}", " ", text)):
        allowed = word in TYPED_OR_NAMES or word in KNOBS or re.fullmatch(r"JK[A-Z0-9-]*", word)
        if not (allowed and word in english):  # a key, a typed word or a code, as the English has it
            return f"English left in the Korean: {word!r}"
    return None


def _check_terms(ids: list[str], text: str) -> str | None:
    for word in set(HANGUL_WORD.findall(" ".join(ids))):
        if word not in text:  # "meong-dda 멍따" is 멍따 in Korean too, never another word
            return f"the English says {word}, the Korean does not"
    for english, korean in GLOSSARY.items():
        if re.search(english, ids[0], re.IGNORECASE) and korean not in text:
            return f"{english!r} is {korean} in Korean"
    return None


CHECKS: dict[str, Any] = {
    "fields": _check_fields,
    "hand particle": lambda ids, text: _check_hand_particle(text),
    "English": _check_english,
    "terms": _check_terms,
}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_korean_catalogue_reads_right(check: str) -> None:
    problems = []
    for ids, strs in MESSAGES:
        for text in strs:
            problem = CHECKS[check](ids, text)
            if problem:
                problems.append(f"{ids[0]!r}: {problem}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("check", "ids", "text"),
    [
        ("fields", ["{who} pays {amount}."], "{who}: 냅니다."),
        ("fields", ["{who} pays {amount}."], "{who}: {amount:+d} 냅니다."),
        ("hand particle", ["pays {adds} more"], "{adds}를 더 냅니다"),
        ("hand particle", ["{who} wins"], "{who}가 이김"),
        ("English", ["Rule changes, knob=value ..."], "규칙 바꾸기 (knob=value 꼴로)"),
        ("English", ["the level"], "the 난이도"),
        ("terms", ["Three ppuk! 삼연뻑"], "삼뻑!"),
        ("terms", ["{n} shot"], "{n}샷"),
        ("terms", ["You were forced out. Claim compensation?"], "빠졌습니다. 보상을 청구할까요?"),
    ],
)
def test_each_check_finds_its_mistake(check: str, ids: list[str], text: str) -> None:
    assert CHECKS[check](ids, text)


def test_the_checks_pass_what_is_right() -> None:
    assert CHECKS["fields"](["{who} pays {amount}."], "{who}: {amount:을} 냅니다.") is None
    assert CHECKS["hand particle"](["{n} kinds"], "{n}가지") is None
    assert CHECKS["English"](["Press Enter, or type quit"], "Enter를 누르거나 quit을 입력") is None
    assert CHECKS["English"](["e.g. stop_target_two_player=5"], "예: stop_target_two_player=5") is None
    assert CHECKS["terms"](["meong-dda 멍따 (7 animals or more)"], "멍따 (열끗 7장 이상)") is None
