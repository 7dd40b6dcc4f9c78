"""Korean particles after any word (gostop.words.particles): a Hangul word by its batchim, a
number by its Sino-Korean reading, a Latin name by how a Korean says it, and the combined form
(이(가), (으)로) when the end of a word cannot be read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gostop.words import catalog, particle
from gostop.words.particles import PARTICLES

#: One form of each pair; (after a consonant, after a vowel, combined) is PARTICLES[form].
SPECS = ("이", "은", "을", "과", "으로")

_DIGIT_WORDS = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]


def sino_korean(n: int) -> str:
    """``n`` written out in Sino-Korean words (1234 천이백삼십사, 10000 만, 20000 이만): the
    reading a Korean says, written independently of the code under test."""
    if n == 0:
        return "영"
    out = []
    for unit in ("경", "조", "억", "만", ""):
        size = {"경": 10**16, "조": 10**12, "억": 10**8, "만": 10**4, "": 1}[unit]
        group, n = divmod(n, size)
        if not group:
            continue
        words = ""
        for place, name in ((1000, "천"), (100, "백"), (10, "십"), (1, "")):
            digit, group = divmod(group, place)
            if digit:
                words += ("" if digit == 1 and name else _DIGIT_WORDS[digit]) + name
        out.append(("" if words == "일" and unit == "만" else words) + unit)
    return "".join(out)


def test_the_oracle_reads_numbers_as_koreans_do() -> None:
    assert sino_korean(1234) == "천이백삼십사"
    assert sino_korean(10) == "십" and sino_korean(20) == "이십" and sino_korean(17) == "십칠"
    assert sino_korean(10000) == "만" and sino_korean(30500) == "삼만오백"
    assert sino_korean(10**8) == "일억" and sino_korean(10**12) == "일조"


@pytest.mark.parametrize(
    ("word", "i", "euro"),
    [
        ("국진", "국진이", "국진으로"),
        ("매조 띠", "매조 띠가", "매조 띠로"),
        ("팔", "팔이", "팔로"),  # ㄹ takes 로
        ("스톱 (12칩)", "스톱 (12칩)이", "스톱 (12칩)으로"),
        ("0", "0이", "0으로"),  # 영
        ("1", "1이", "1로"),  # 일: ㄹ takes 로
        ("2", "2가", "2로"),
        ("3", "3이", "3으로"),
        ("6", "6이", "6으로"),
        ("7", "7이", "7로"),
        ("8", "8이", "8로"),
        ("9", "9가", "9로"),
        ("10", "10이", "10으로"),  # 십, not 영
        ("11", "11이", "11로"),
        ("12", "12가", "12로"),
        ("100", "100이", "100으로"),  # 백
        ("1000", "1000이", "1000으로"),  # 천
        ("1,000", "1,000이", "1,000으로"),
        ("20000", "20000이", "20000으로"),  # 이만
        ("1" + "0" * 12, "1" + "0" * 12 + "가", "1" + "0" * 12 + "로"),  # 일조
        ("1.5", "1.5가", "1.5로"),  # 일 점 오
        ("3.0", "3.0이", "3.0으로"),  # 삼 점 영
        ("x2", "x2가", "x2로"),
        ("Player2", "Player2가", "Player2로"),
        ("AI-7", "AI-7이", "AI-7로"),  # 칠
        ("JK1", "JK1이", "JK1로"),
        ("09A", "09A가", "09A로"),  # 에이
    ],
)
def test_numbers_and_codes_take_the_particle_of_their_reading(word: str, i: str, euro: str) -> None:
    assert particle(word, "이") == i and particle(word, "가") == i
    assert particle(word, "으로") == euro and particle(word, "로") == euro


def test_a_round_number_ends_with_its_unit() -> None:
    # 10**12 is 일조: no batchim, unlike its last digit 0 (영)
    assert particle(str(10**12), "이") == f"{10**12}가"
    assert particle(str(10**16), "은") == f"{10**16}은"  # 일경
    assert particle("0" * 5000, "이") == "0" * 5000 + "이"  # 영, however long (no int() of it)
    assert particle("1" + "0" * 30, "이") == "1" + "0" * 30 + "이(가)"  # beyond 경: not said


@given(st.integers(min_value=0, max_value=10**19))
def test_every_number_takes_the_particle_of_its_sino_korean_reading(n: int) -> None:
    said = sino_korean(n)
    for spec in SPECS:
        assert particle(str(n), spec) == str(n) + particle(said, spec)[len(said):], (n, said, spec)
        assert particle(f"{n:,}", spec) == f"{n:,}" + particle(said, spec)[len(said):], (n, spec)


@given(st.integers(min_value=0, max_value=999), st.integers(min_value=0, max_value=999))
def test_a_decimal_is_read_digit_by_digit_after_the_point(whole: int, fraction: int) -> None:
    word = f"{whole}.{fraction}"
    last = _DIGIT_WORDS[fraction % 10]  # 3.10 is 삼 점 일 영: the last digit, never a unit
    for spec in SPECS:
        assert particle(word, spec) == word + particle(last, spec)[len(last):], (word, spec)


@pytest.mark.parametrize(
    ("name", "i", "euro"),
    [
        ("Bob", "Bob이", "Bob으로"),  # 밥
        ("Tom", "Tom이", "Tom으로"),  # 톰
        ("Kim", "Kim이", "Kim으로"),
        ("John", "John이", "John으로"),  # 존
        ("Hoon", "Hoon이", "Hoon으로"),
        ("Young", "Young이", "Young으로"),  # 영
        ("Bill", "Bill이", "Bill로"),  # 빌: ㄹ takes 로
        ("Paul", "Paul이", "Paul로"),
        ("Jack", "Jack이", "Jack으로"),  # 잭
        ("Eric", "Eric이", "Eric으로"),  # 에릭
        ("Pat", "Pat이", "Pat으로"),  # 팻
        ("Matt", "Matt이", "Matt으로"),  # 맷
        ("Philip", "Philip이", "Philip으로"),  # 필립
        ("Jane", "Jane이", "Jane으로"),  # 제인
        ("Jerome", "Jerome이", "Jerome으로"),  # 제롬
        ("Kyle", "Kyle이", "Kyle로"),  # 카일
        ("Lamb", "Lamb이", "Lamb으로"),  # 램
        ("Minji", "Minji가", "Minji로"),
        ("Amy", "Amy가", "Amy로"),
        ("Lee", "Lee가", "Lee로"),
        ("Peter", "Peter가", "Peter로"),  # 피터
        ("Andrew", "Andrew가", "Andrew로"),
        ("Mike", "Mike가", "Mike로"),  # 마이크
        ("Kate", "Kate가", "Kate로"),  # 케이트
        ("Ted", "Ted가", "Ted로"),  # 테드
        ("Greg", "Greg가", "Greg로"),  # 그레그
        ("Max", "Max가", "Max로"),  # 맥스
        ("Ross", "Ross가", "Ross로"),
        ("Josh", "Josh가", "Josh로"),  # 조시
        ("Mark", "Mark가", "Mark로"),  # 마크
        ("Bert", "Bert가", "Bert로"),  # 버트
        ("Root", "Root가", "Root로"),  # 루트
        ("B", "B가", "B로"),  # 비
        ("L", "L이", "L로"),  # 엘
        ("R", "R이", "R로"),  # 알
        ("M", "M이", "M으로"),  # 엠
        ("PlayerB", "PlayerB가", "PlayerB로"),  # player 비
        ("NPC", "NPC가", "NPC로"),  # 엔피씨
        ("AI", "AI가", "AI로"),  # 에이아이
        ("TOM", "TOM이", "TOM으로"),  # 톰 and 티오엠 agree
        ("Bob!", "Bob!이", "Bob!으로"),
        ("(Bill)", "(Bill)이", "(Bill)로"),
    ],
)
def test_latin_names_take_the_particle_of_how_they_are_said(name: str, i: str, euro: str) -> None:
    assert particle(name, "이") == i
    assert particle(name, "으로") == euro


@pytest.mark.parametrize("word", ["★", "名", "ㅋㅋ", "🙂", "Book", "BOB", "x٣", "2²", "", "?!", "Ω"])
def test_an_end_that_cannot_be_read_takes_the_combined_form(word: str) -> None:
    """Book (북 or 부크), BOB (밥 or 비오비), another script, a symbol, a digit that is not an
    ASCII digit (which used to raise a KeyError)."""
    assert particle(word, "이") == word + "이(가)" and particle(word, "가") == word + "이(가)"
    assert particle(word, "은") == word + "은(는)"
    assert particle(word, "를") == word + "을(를)"
    assert particle(word, "와") == word + "과(와)"
    assert particle(word, "로") == word + "(으)로"


@given(st.text(max_size=12))
def test_any_word_gets_one_form_of_its_particle(word: str) -> None:
    combined = 0
    for spec in SPECS:
        forms = PARTICLES[spec]
        said = particle(word, spec)
        assert said == particle(word, forms[1])  # either form of the pair asks the same
        assert said.startswith(word) and said[len(word):] in forms, (word, said)
        combined += said[len(word):] == forms[2]
    assert combined in (0, len(SPECS)), word  # the end is read once, for every particle


def test_catalogue_fields_take_the_particle() -> None:
    w = catalog("ko")
    assert w.t("A ppuk on your first turn is paid {pays}.", pays=7) == "첫뻑은 7을 받습니다."
    assert w.t("A ppuk on your first turn is paid {pays}.", pays=10) == "첫뻑은 10을 받습니다."
    assert w.t("A ppuk on your first turn is paid {pays}.", pays=5) == "첫뻑은 5를 받습니다."
    assert w.t("{what} must be one of {names}, not {typed}", what="Bob", names="a, b", typed="c").startswith("Bob은 ")
    assert w.t("{what} must be one of {names}, not {typed}", what="Mike", names="a, b", typed="c").startswith("Mike는 ")
    assert w.t("{what} must be one of {names}, not {typed}", what="★", names="a", typed="c").startswith("★은(는) ")
