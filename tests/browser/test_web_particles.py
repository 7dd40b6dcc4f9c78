"""The client's Korean particles (js/particles.js) choose what the server's do
(gostop.words.particles): the module is evaluated in the page, in a real Chromium, on thousands
of words -- every batchim of Hangul, numbers of every length and round number, Latin names,
acronyms, mixed and odd strings -- for every particle, and its answers compared with Python's."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from gostop.words.particles import PARTICLES, particle

SPECS = sorted(PARTICLES)

NAMES = ["Bob", "Tom", "Bill", "Mike", "Ted", "Jane", "Kate", "Steve", "Jerome", "Kyle", "Book", "Root", "Leek",
         "Matt", "Philipp", "Lamb", "Mark", "Bert", "Herb", "Camp", "Nick", "Eric", "Pat", "Amy", "Lou", "Peter",
         "Andrew", "Greg", "Ross", "Max", "Josh", "Rich", "Seth", "Ralph", "Jeff", "Dave", "Liz", "Raj", "Sung",
         "Young", "Me", "she", "the", "Ann", "Bo", "Tester", "Tester 2", "Guest 3", "PlayerB", "NPC", "BTS", "BOB",
         "TOM", "L", "M", "N", "R", "B", "x", "e", "ck", "Mac", "Doc", "Zeb", "Kim", "Park", "Lee", "Jun", "Hoon"]
ODD = ["", " ", "  ", "!", "?", ".", "(", ")", "Bob)", "'Bob'", "Bob.", "“Tom”", "민지 (나)", "민지(나)", "「훈」",
       "ㅏ", "ㅣ", "ㄱ", "ㅎ", "😀", "민지😀", "7😀", "😀7", "1,000", "12,000", ",5", "3.5", "3.0", "0.10", "10.0", "1.2.3",
       "-5", "v2", "A1", "9월", "3광", "12B", "06J1", "JK1", "5%", "x²", "Ⅻ", "Ａ", "１", "1,", "2,,", "1.",
       "ab1", "12ab", "BoB", "bOB", "NASA", "YMCA", "HTML", "Tom!", "Bill?", "Jane\n", "Kate\t", "Mike ]"]


def words() -> list[str]:
    rng = random.Random(20240519)
    out = NAMES + ODD
    # Hangul: every final consonant, on several syllables each
    out += [chr(0xAC00 + i) for i in range(0, 11172, 7)]
    out += ["민" + chr(0xAC00 + rng.randrange(11172)) for _ in range(300)]
    # numbers: small, round (십 백 천 만 ... 경 and beyond), with separators and decimals
    out += [str(n) for n in range(0, 1201)]
    out += [str(d * 10**k) for k in range(0, 26) for d in (1, 2, 3, 5, 7)]
    out += ["0" * k for k in range(1, 6)] + ["0" * k + "1" for k in range(1, 4)]
    out += [f"{rng.randrange(10**rng.randrange(1, 12)):,}" for _ in range(200)]
    out += [f"{rng.randrange(1000)}.{rng.randrange(100)}" for _ in range(100)]
    # Latin words of every shape and case
    letters = "abcdefghijklmnopqrstuvwxyz"
    for _ in range(1500):
        word = "".join(rng.choice(letters) for _ in range(rng.randrange(1, 7)))
        case = rng.randrange(4)
        out.append(word.upper() if case == 0 else word.capitalize() if case == 1 else word if case == 2
                   else "".join(c.upper() if rng.random() < 0.5 else c for c in word))
    # anything: a mix of scripts, digits, separators and closing marks
    pieces = list("aBcEkLmNoRtY019,.  )]'\"”!?") + ["민", "지", "훈", "팔", "삼", "ㅏ", "😀", "ー", "é"]
    out += ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 8))) for _ in range(2000)]
    return out


def test_the_pages_particles_are_the_servers(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-play")
    cases = words()
    got: list[list[str]] = page.evaluate("""async ([words, specs]) => {
      const src = document.querySelector('script[type=module]').src;
      const { particle } = await import(new URL('particles.js', src).href);
      return words.map((w) => specs.map((s) => particle(w, s)));
    }""", [cases, SPECS])
    wrong: list[Any] = []
    for word, answers in zip(cases, got, strict=True):
        for spec, answer in zip(SPECS, answers, strict=True):
            if answer != particle(word, spec):
                wrong.append((word, spec, answer, particle(word, spec)))
    assert not wrong, f"{len(wrong)} answers differ (word, particle, page, server), e.g. {wrong[:20]}"
    # the cases the rules name, as the page says them
    said = dict(zip(cases, got, strict=True))
    i, ro = SPECS.index("이"), SPECS.index("로")
    assert [said[w][i] for w in ("Bob", "Tom", "Mike", "Tester 2", "1", "3", "10", "민지 (나)", "😀")] == \
        ["Bob이", "Tom이", "Mike가", "Tester 2가", "1이", "3이", "10이", "민지 (나)가", "😀이(가)"]
    assert [said[w][ro] for w in ("1", "7", "8", "3", "6", "2", "Bill", "팔", "삼", "😀")] == \
        ["1로", "7로", "8로", "3으로", "6으로", "2로", "Bill로", "팔로", "삼으로", "😀(으)로"]
