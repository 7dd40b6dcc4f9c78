"""QA round 23 of the terminal game, the card previews beside the hand:

* at 80x24 a goo-stupe joker's shortened preview dropped the shot it costs (GOO-10: "; your
  opponent takes a shot" was said at 120x40, cut to "to your captures + a stock" at 80x24): a
  cost now survives the shortening (the deed gives way first, then the cost takes its short
  form);
* "takes the stack 06A 06J1 06J2" did not say that a stack taken (CAPT-H3, EVT-4) also takes a
  junk card from each opponent (EVT-6; a ja-ppuk, EVT-5, ``ja_ppuk_junk``; none on the final
  turn under ``last_turn_exception_stacks``, EVT-14): the preview says so, from the preview's
  facts and the rules; and, from ``Preview.no_junk``, when an opponent has no junk to give
  (EVT-7: none comes; goo-stupe: a shot instead, GOO-12), rather than promise a card that never
  came (the first turn's stack did).
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from screen import until_rows

from gostop.play.app import GoStopApp
from gostop.play.session import Session, Settings
from gostop.play.store import Store

#: goo-stupe, 2 players, seed 102: the first hand's first question offers 06R onto the dealt
#: stack of June (CAPT-H3) and three one-junk jokers (JK1-14, JK1-16, JK1-18).
SEED = 102

WORDS = {
    "en": {"shot": ("your opponent takes a shot", "opponent: 1 shot"), "steal": "junk from opponent",
           "turn": "Your turn"},
    "ko": {"shot": ("상대가 한 잔", "상대 한 잔"), "steal": "상대 피 1장", "turn": "내 차례"},
}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_80x24_joker_keeps_its_shot_and_the_stack_names_the_steal(tmp_path: Path, lang: str) -> None:
    """At 80x24 every joker's line still says the shot it costs, and the stack's line says it
    takes the opponent's junk too (one app per language: both are in its first question)."""
    settings = Settings(seed=SEED, level="easy", hands=1, players=2, preset="goo-stupe", lang=lang)
    app = GoStopApp(Store(tmp_path / "data"), settings, setup=False)
    want = WORDS[lang]
    seen: dict[str, list[str]] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            seen["rows"] = await until_rows(pilot, app, lambda rows: str(want["turn"]) in "\n".join(rows)
                                            and "JK1-18" in "\n".join(rows))

    asyncio.run(main())
    rows = seen["rows"]
    text = "\n".join(rows)
    cells = [cell for row in rows for cell in row.split("   ") if cell.strip()]
    jokers = [cell for cell in cells if re.match(r"\s*\d\s+JK1-", cell)]  # the choices, not the captures
    assert len(jokers) == 3, text
    for cell in jokers:  # GOO-10: the cost of playing it, in full or short words
        assert any(shot in cell for shot in want["shot"]), (cell, text)
    stack = [cell for cell in cells if re.match(r"\s*\d\s+06R ", cell)]
    # EVT-4, EVT-6: the stack owes a junk; on the first turn the opponent has none to give, so
    # a shot instead (GOO-12; it said "a junk from your opponent", which never came)
    assert stack and any(shot in stack[0] for shot in want["shot"]), (stack, text)
    assert str(want["steal"]) not in stack[0], (stack, text)


@pytest.mark.parametrize(("lang", "steal", "brief"), [
    ("en", "takes the stack 12B 12A 12R (neither opponent has junk to give)", "stack (no junk to take)"),
    ("ko", "(상대 모두 줄 피 없음)", "뻑 먹기 (받을 피 없음)"),
])
def test_three_players_stack_on_the_first_turn_takes_no_junk(lang: str, steal: str, brief: str) -> None:
    """Three players (pagat, seed 107), the first turn: the stack's preview and its short form
    say that neither opponent has a junk card to give yet (EVT-7; it said each gives one)."""
    s = Session.start(Settings(seed=107, level="easy", hands=1, players=3, preset="pagat", lang=lang))
    prompt = s.prompt()
    assert prompt is not None
    stack = [c for c in prompt.choices if c.card is not None and c.card.month == 12]
    assert stack and steal in stack[0].detail and stack[0].brief == brief, stack


def test_the_stack_words_follow_the_engines_preview() -> None:
    """The words come from the engine's fact (``Preview.steals``, tested in tests/engine): a card
    that takes no stack says nothing of junk."""
    s = Session.start(Settings(seed=SEED, level="easy", hands=1, players=2, preset="goo-stupe"))
    hand = s.match.hand
    assert hand is not None
    prompt = s.prompt()
    assert prompt is not None
    for choice in prompt.choices:
        if choice.card is None:
            continue
        pv = hand.preview(choice.action)
        assert ("junk from your opponent" in choice.detail) == bool(pv.steals and not pv.no_junk), (choice.action, choice.detail)
        assert ("no junk to give" in choice.detail) == bool(pv.no_junk), (choice.action, choice.detail, pv.no_junk)


@pytest.mark.parametrize(("players", "preset", "seeds"), [
    (2, "pagat", (3, 94)), (3, "pagat", (0, 66, 107)), (2, "goo-stupe", (33, 49)),
])  # (deals with a stack of each kind, found by playing seeds from 0 up)
def test_the_stack_words_name_who_gives_junk_and_who_has_none(players: int, preset: str, seeds: tuple[int, ...]) -> None:
    """Over whole hands the bots play for the person too: every stack choice says a junk from
    the opponents who have one (by name with three players when one has none), and that the others
    have none (a shot in goo-stupe), as ``Preview.no_junk`` has it."""
    seen = {"all": 0, "some": 0, "none": 0}
    wanted = ("all", "none", "some") if players == 3 else ("all", "none")
    for seed in seeds:
        s = Session.start(Settings(seed=seed, level="easy", hands=1, players=players, preset=preset))
        for _ in range(200):
            prompt = s.prompt()
            hand = s.match.hand
            if prompt is None or hand is None:
                break
            for choice in prompt.choices:
                pv = hand.preview(choice.action) if choice.card is not None and prompt.stage == "main" else None
                if pv is None or not pv.steals:
                    continue
                others = players - 1
                names = [s.name(s.match.hand_seats[o]) for o in pv.no_junk]
                if not pv.no_junk:
                    seen["all"] += 1
                    assert "junk from" in choice.detail and "no junk" not in choice.detail, choice
                elif len(pv.no_junk) == others:
                    seen["none"] += 1
                    assert "junk from" not in choice.detail, choice
                    assert ("takes a shot" in choice.detail) == (preset == "goo-stupe"), choice
                    assert "no junk to give" in choice.detail or "has junk to give" in choice.detail, choice
                else:
                    seen["some"] += 1
                    assert "junk from" in choice.detail and all(n in choice.detail for n in names), choice
                    assert ("has none" in choice.detail) != (preset == "goo-stupe"), choice
            s.choose(prompt.choices[0].key)
    assert all(seen[k] for k in wanted), seen
