"""Korean particles (josa, 조사) after any word: 이/가, 은/는, 을/를, 과/와, 으로/로.

The form of a particle follows the sound the word ends with, as a Korean reader says it: after a
final consonant (batchim, 받침) ``이``, ``은``, ``을``, ``과``, ``으로``; after a vowel ``가``,
``는``, ``를``, ``와``, ``로`` (and ``로`` after ㄹ too: ``팔로``, ``Bill로``). A Hangul syllable
says its batchim itself. Other words are read the way a Korean player reads them:

* a number by its Sino-Korean reading, of its last digit (``3`` 삼, ``7`` 칠) or, for a round
  number, of its last unit (``10`` 십, ``200`` 이백, ``3000`` 삼천, ``50000`` 오만);
* a Latin word by the sound of its end (``Bob`` 밥, ``Tom`` 톰, ``Bill`` 빌, ``Mike`` 마이크,
  ``Ted`` 테드), a lone capital or an acronym by its letter names (``B`` 비, ``NPC`` 엔피씨,
  ``L`` 엘);
* anything else (another script, a symbol, an emoji, a word whose end can be read either way)
  cannot be known: the particle then takes its combined form, ``이(가)``, ``(으)로``, as Korean
  software writes it.
"""

from __future__ import annotations

__all__ = ["PARTICLES", "final_consonant", "particle"]

#: The particles: each form of a pair -> (after a final consonant, after a vowel, combined form).
PARTICLES: dict[str, tuple[str, str, str]] = {}
for _forms in (
    ("을", "를", "을(를)"),
    ("이", "가", "이(가)"),
    ("은", "는", "은(는)"),
    ("과", "와", "과(와)"),
    ("으로", "로", "(으)로"),
):
    PARTICLES[_forms[0]] = PARTICLES[_forms[1]] = _forms

# Final consonants (jongseong) by their index in a Hangul syllable; 0 is none.
_NONE, _G, _N, _L, _M, _B, _S, _NG = 0, 1, 4, 8, 16, 17, 19, 21

#: Digits by their Sino-Korean reading: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGITS = {"0": _NG, "1": _L, "2": _NONE, "3": _M, "4": _NONE, "5": _NONE, "6": _G, "7": _L, "8": _L, "9": _NONE}

#: A round number ends with its unit, by the number of zeros it ends with: 십, 백, 천, 만 (up to
#: 천만), 억 (up to 천억), 조, 경.
_UNITS = {1: _B, 2: _G, 3: _N, 4: _N, 5: _N, 6: _N, 7: _N, 8: _G, 9: _G, 10: _G, 11: _G,
          12: _NONE, 13: _NONE, 14: _NONE, 15: _NONE, 16: _NG, 17: _NG, 18: _NG, 19: _NG}

#: Latin letters by their Korean names (에이, 비, 씨 ... 엘, 엠, 엔 ... 알 ...).
_LETTER_NAMES = {letter: _NONE for letter in "ABCDEFGHIJKOPQSTUVWXYZ"} | {"L": _L, "M": _M, "N": _N, "R": _L}

#: What may close a word without being read (a bracket, a quote, a full stop...).
_CLOSING = " \t\n)]}>\"'’”»」』〉》.!?"

_VOWEL_LETTERS = "aeiou"
#: A stop after a single short vowel is said as a batchim (Bob 밥, Pat 팻, Nick 닉, Eric 에릭).
_STOP_FINALS = {"p": _B, "b": _B, "t": _S, "k": _G, "c": _G}


def _number_final(digits: str, fraction: bool) -> int | None:
    """The batchim of a number as said in Sino-Korean: ``digits`` (no separators) is its whole
    part, or with ``fraction`` the digits after its decimal point (said one by one)."""
    if fraction or digits[-1] != "0":
        return _DIGITS[digits[-1]]
    if not digits.strip("0"):
        return _NG  # 영 (a run of zeros of any length)
    zeros = len(digits) - len(digits.rstrip("0"))
    return _UNITS.get(zeros)


def _word_final(word: str) -> int | None:
    """The batchim of a Latin word (lower case) as a Korean says it, or None when its end can be
    said either way (``Book`` 북, ``Leek`` 리크)."""
    if word.endswith("ng"):
        return _NG
    last = word[-1]
    before = word[-2] if len(word) > 1 else ""
    if last in "mn":
        return _M if last == "m" else _N
    if last == "l":
        return _L
    if last == "e" and before and before not in _VOWEL_LETTERS + "y":
        # A silent e: Jane 제인, Jerome 제롬, Kyle 카일 end in a consonant; Mike 마이크, Kate 케이트,
        # Steve 스티브 in a vowel. "Me", "she", "the" are said with their e.
        if len(word) >= 4 or (len(word) == 3 and word[0] in _VOWEL_LETTERS):
            return {"n": _N, "m": _M, "l": _L}.get(before, _NONE)
        return _NONE
    if word.endswith("ck"):
        return _G
    if last in _STOP_FINALS:
        stem = word[:-1]
        if len(stem) >= 2 and stem[-1] == last:  # Matt, Philipp
            stem = stem[:-1]
        vowel = stem[-1] if stem else ""
        if vowel in _VOWEL_LETTERS:
            if len(stem) >= 2 and stem[-2] in _VOWEL_LETTERS:  # a long vowel: Root 루트, Book 북
                return _NONE if last == "t" else None
            return _STOP_FINALS[last]
        if last == "b" and vowel == "m":  # Lamb 램
            return _M
        return _NONE  # Mark 마크, Bert 버트, Herb 허브, Camp 캠프
    # a vowel (Amy, Lou), r (Peter 피터), w (Andrew), and the rest, said with a final 으 or 이:
    # d (Ted 테드), g (Greg 그레그), s (Ross 로스), x (Max 맥스), sh, ch, th, ph, f, v, z, j...
    return _NONE


def _latin_final(letters: str) -> int | None:
    """The batchim of a run of Latin letters ending a word: a lone letter or an acronym by its
    letter names, a word by its sound (None when the two readings of a word in capitals
    disagree: BOB is 밥 or 비)."""
    last = letters[-1].upper()
    if len(letters) == 1:
        return _LETTER_NAMES[last]
    if letters.isupper():
        spelled = _LETTER_NAMES[last]
        if not any(c in "AEIOUY" for c in letters):
            return spelled  # NPC, BTS: an acronym
        said = _word_final(letters.lower())
        return spelled if said == spelled else None  # TOM: 톰 and 엠 agree
    return _word_final(letters.lower())


def final_consonant(word: str) -> int | None:
    """The final consonant of ``word`` as it is read aloud: the index of a Hangul syllable's
    batchim (0: none, 8: ㄹ ...), or None when it cannot be known."""
    word = word.rstrip(_CLOSING)
    if not word:
        return None
    last = word[-1]
    code = ord(last)
    if 0xAC00 <= code <= 0xD7A3:  # a Hangul syllable
        return (code - 0xAC00) % 28
    if 0x314F <= code <= 0x3163:  # a vowel letter (ㅏ ... ㅣ)
        return _NONE
    if last in _DIGITS:
        end = len(word)
        while end and (word[end - 1] in _DIGITS or word[end - 1] == ","):
            end -= 1
        digits = word[end:].replace(",", "")
        if not digits:
            return None
        fraction = end >= 2 and word[end - 1] == "." and word[end - 2] in _DIGITS
        return _number_final(digits, fraction)
    if last.isascii() and last.isalpha():
        start = len(word)
        while start and word[start - 1].isascii() and word[start - 1].isalpha():
            start -= 1
        letters = word[start:]
        if len(letters) >= 2 and letters[-1].isupper() and letters[-2].islower():
            letters = letters[-1]  # a capital after a small letter is a letter of its own: PlayerB
        return _latin_final(letters)
    return None


def particle(word: str, spec: str) -> str:
    """``word`` followed by the form of the particle ``spec`` (any form of its pair) that fits
    how ``word`` ends when read aloud; the combined form (``이(가)``) when that cannot be known."""
    after_consonant, after_vowel, combined = PARTICLES[spec]
    final = final_consonant(word)
    if final is None:
        return word + combined
    if after_consonant == "으로":
        return word + (after_vowel if final in (_NONE, _L) else after_consonant)  # ㄹ takes 로
    return word + (after_consonant if final else after_vowel)
