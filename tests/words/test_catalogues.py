"""The words layer (gostop.words): every message has a Korean translation that reads as Korean,
the catalogue template is up to date with the code, nothing parses our own text, one source of
card names, and whole matches (2 players, 3 players, a 5-seat gwangpalli table) say every
settlement, bak stamp and go warning in Korean."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from gostop.hints import bak_stamps
from gostop.match import Match
from gostop.rules import get_preset
from gostop.words import (
    card_name,
    catalog,
    go_warnings_text,
    names_table,
    particle,
    settlement_lines,
    stamp_text,
)
from gostop.words.catalog import po_path

WORDS = Path(__file__).resolve().parents[2] / "src" / "gostop" / "words"
#: The folders whose code holds messages (as `make i18n` extracts them): the words layer, and
#: the terminal game's own questions and screens.
MESSAGE_SOURCES = (WORDS, WORDS.parent / "play")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
FIELD = re.compile(r"\{[^{}]*\}")
#: Two English words in a row (fields taken out first): not Korean.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]+(?:[\s,:;.()]+[A-Za-z][A-Za-z'-]+)+")
NAMES = ("Minji", "Hoon", "Jisu", "Dami", "Yuna")


def english_run(text: str) -> str | None:
    text = FIELD.sub(" ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    m = ENGLISH_RUN.search(text)
    return m.group(0) if m else None


def _ids(messages: object) -> set[object]:
    return {m.id for m in messages if m.id}  # type: ignore[attr-defined]


def test_the_template_is_up_to_date_with_the_code() -> None:
    with (WORDS / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # as `make i18n` extracts
    extracted = {
        (msg[2] if isinstance(msg[2], str) else tuple(msg[2]))
        for source in MESSAGE_SOURCES
        for msg in extract_from_dir(
            str(source), method_map, options_map, keywords={"t": None, "n": (1, 2)}, comment_tags=()
        )
    }
    with (WORDS / "gostop.pot").open("rb") as f:
        template = _ids(read_po(f))
    assert extracted == template, "run `make i18n` and translate the new entries"


def test_every_message_has_a_korean_translation_that_reads_as_korean() -> None:
    with (WORDS / "gostop.pot").open("rb") as f:
        template = _ids(read_po(f))
    with po_path("ko").open("rb") as f:
        ko = read_po(f, locale="ko")
    assert _ids(ko) == template
    punctuation = {", ", "; ", "{label}: ×{factor}.", "{card} ×{n}"}  # the same in both languages
    for m in ko:
        if not m.id:
            continue
        text = m.string if isinstance(m.string, str) else m.string[0]
        assert text, f"no Korean for {m.id!r}"
        assert not m.fuzzy, m.id
        if m.id in punctuation:
            continue
        assert HANGUL.search(text), (m.id, text)
        assert english_run(text) is None, (m.id, text)


def test_no_regular_expression_over_our_own_text() -> None:
    for path in [*WORDS.rglob("*.py"), WORDS.parent / "explain.py", WORDS.parent / "steps.py"]:
        source = path.read_text(encoding="utf-8")
        assert "import re\n" not in source and "re.compile" not in source, path


def test_korean_particles_follow_the_last_syllable() -> None:
    assert particle("국진", "을") == "국진을"
    assert particle("매조 띠", "을") == "매조 띠를"
    assert particle("스톱 (12칩)", "을") == "스톱 (12칩)을"
    assert particle("오동", "으로") == "오동으로" and particle("비", "으로") == "비로"
    assert particle("팔", "으로") == "팔로"  # ㄹ takes 로
    assert particle("3", "이") == "3이" and particle("2", "이") == "2가"
    w = catalog("ko")
    assert w.t("their {card} counted as double junk, which spares them pi-bak 피박",
               card="국화 열끗") == "국화 열끗을 쌍피로 계산해 피박을 면함"


def test_one_source_of_card_names() -> None:
    table = names_table()
    assert len(table) == 48 + 6
    assert table["09A"]["en"] == "chrysanthemum animal" and table["09A"]["ko"] == "국화 열끗"
    assert table["01B"]["en_long"] == "January bright, crane and sun"
    assert card_name("JK2", "ko") == "조커 2"
    for code, names in table.items():
        assert HANGUL.search(names["ko"]) and HANGUL.search(names["ko_long"]), code
        assert not HANGUL.search(names["en"]), code
    with pytest.raises(ValueError, match="language"):
        card_name("01B", "fr")


def _play_match(preset: str, players: int, seed: int, hands: int) -> list[str]:
    """Play a match with random legal choices; every text a player would read about the
    settlement, the bak stamps and go/stop, in Korean."""
    rules = get_preset(preset)
    if players > 3:
        rules = rules.with_overrides({"multi_player_mode": "gwangpalli"})
    match = Match(rules, list(NAMES[:players]), seed, hands_limit=hands)
    rng = random.Random(seed)
    texts: list[str] = []
    kinds: set[str] = set()
    steps = 0
    while not match.is_over and steps < 5000:
        steps += 1
        hand = match.hand
        if hand is not None and not hand.is_over and hand.current_player is not None:
            seat = hand.current_player
            obs = hand.observation(seat)
            for st in bak_stamps(rules, obs):
                texts.append(stamp_text(st, "ko"))
                kinds.add(st.name)
            legal = hand.legal_actions()
            if any(a.kind == "go" for a in legal):
                texts.extend(
                    go_warnings_text(rules, obs.players, obs.goes[seat], obs.stop_points[seat], lang="ko")
                )
                kinds.add("go")
        was = hand
        match.apply(rng.choice(match.legal_actions()))
        if was is not None and was.is_over and was.result is not None and was.result.settlement is not None:
            res = was.result
            payers = [NAMES[i] for i in range(len(res.opponents))]
            lines = settlement_lines(res.settlement, payers, res.context.goes if res.context else 0, lang="ko")
            texts.extend(lines)
            kinds.add("settlement")
    assert match.is_over
    assert "settlement" in kinds, "no hand of the match was won: choose another seed"
    return texts


@pytest.mark.parametrize(("preset", "players", "seed"), [("pagat", 2, 3), ("pagat", 3, 5), ("fuda-wiki", 5, 2)])
def test_a_whole_match_reads_as_korean(preset: str, players: int, seed: int) -> None:
    texts = _play_match(preset, players, seed, hands=8)
    assert texts
    for text in texts:
        assert HANGUL.search(text), text
        assert english_run(text) is None, text
        assert not re.search(r"\b\d\d[BARDJ]\d?\b|JK[123BXP]", text), text  # no card codes
