"""The player's language: settlements, log lines and prompts in plain words (no rule letters,
no rule IDs, no raw lists), the final-turn go, the first dealer, nagari lines."""

from __future__ import annotations

import re

from gostop.explain import settlement_lines
from gostop.match import MatchEvent
from gostop.play.narrate import narrate
from gostop.play.session import Session, Settings
from gostop.play.store import Store
from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle

_JARGON = re.compile(r"\bMi?\b|RULES\.md|\b[A-Z]{3,}-\d+|\[\d+, \d+\]|\bopp\d|draw_night|oe-myeon exception a")

WINNER = ["01B", "03B", "08B", "01R", "02R", "03R", "05J1", "05J2"]
NO_JUNK = ["04A", "12B"]
SOME_JUNK = ["06R", "09J1", "09J2", "10J1", "10J2", "11J1"]


def _clean(lines: list[str]) -> None:
    for line in lines:
        assert not _JARGON.search(line), line


def test_goes_are_counted_and_go_bak_named() -> None:
    rules = get_preset("pagat")
    s = settle(rules, 3, WINNER, [NO_JUNK, SOME_JUNK], SettleContext(goes=3, goer=1))
    lines = settlement_lines(s, ["Minji", "You"], 3, you="You")
    _clean(lines)
    text = "\n".join(lines)
    assert "3 goes: +2 chips" in text and "3 goes: ×2." in text
    assert f"You pay for both losers: {s.payments[1]} chips (go-bak 고박: said go, then lost). Minji pays nothing." in text
    assert "You pays" not in text


def test_per_opponent_doublings_in_words() -> None:
    rules = get_preset("pagat")
    s = settle(rules, 2, WINNER + ["01J1", "02J1", "03J1", "04J1", "06J1", "07J1", "08J1", "10J1"], [NO_JUNK])
    lines = settlement_lines(s, ["Minji"], 0)
    _clean(lines)
    pay = [ln for ln in lines if ln.startswith("Minji pays")]
    assert pay and "gwang-bak 광박 ×2 (no bright)" not in pay[0]  # Minji holds 12B
    assert "pi-bak 피박 ×2, junk 0 under 5" in pay[0]


def test_oe_myeon_names_the_card() -> None:
    rules = get_preset("pagat")
    s = settle(rules, 3, WINNER, [SOME_JUNK, NO_JUNK + ["07J1"]], SettleContext(oe_myeon=0))
    assert s.liability == "oe-myeon"
    lines = settlement_lines(s, ["Minji", "Hoon"], 0, oe_myeon_card="03R")
    _clean(lines)
    assert any("Minji pays for both losers" in ln and "left cherry ribbon on the table for the winner" in ln for ln in lines)


def test_nagari_and_first_dealer_lines() -> None:
    from gostop.engine import Event

    names = {0: "You", 1: "Minji"}
    line = narrate(
        MatchEvent("hand", None, hand_event=Event("nagari", None, (), {"reason": "shodang"})), names.get, (0, 1), 0
    )
    assert line is not None and line.text == "Nagari 나가리: a shodang 쇼당 offer was accepted."
    first = narrate(
        MatchEvent("first-dealer", 1, {"method": "draw_night", "draws": [{"round": 1, "seat": 0, "card": "07A"},
                                                                          {"round": 1, "seat": 1, "card": "02J1"}]}),
        names.get, (0, 1), 0,
    )
    assert first is not None
    assert first.text == (
        "Minji deals first (each draws a card: the earliest month deals; on the same month the lower card "
        "deals, junk before ribbon, animal, bright; you draw bush clover animal, Minji draws plum junk)."
    )


def _first_or_go(session: Session) -> str:
    prompt = session.prompt()
    assert prompt is not None
    return next((c.key for c in prompt.choices if c.action == "go"), prompt.choices[0].key)


def test_go_on_the_final_turn_says_nagari(store: Store) -> None:
    """Item 2 (GOSTOP-6): the go choice on the last turn says the hand ends as a nagari."""
    s = Session.start(Settings(seed=31, level="easy", hands=1), store)
    while True:
        prompt = s.prompt()
        assert prompt is not None
        if prompt.stage == "go-stop" and s.observation() is not None and sum(s.observation().hand_sizes) == 0:
            break
        s.choose(_first_or_go(s))
    go = next(c for c in prompt.choices if c.action == "go")
    stop = next(c for c in prompt.choices if c.action == "stop")
    worth = stop.label.removeprefix("stop: win ").removesuffix(" now")
    assert go.label == f"go: the hand ends as a nagari -- you give up a stop worth {worth}"
    assert any("If you say go, the hand ends as a nagari" in line for line in prompt.info)
    assert not any("A win after" in line for line in prompt.info)
    s.choose(go.key)
    assert s.pending and s.pending[0].outcome == "nagari"


def test_plain_tells_the_end_of_a_hand_before_the_next_deal() -> None:
    """Item 3: "Hand 1 is over" is printed (and read) before "New hand" and "You are dealt"."""
    from gostop.play.plain import PlainGame

    s = Session.start(Settings(seed=31, level="easy", hands=2))
    out: list[str] = []

    def read(question: str) -> str:
        out.append(question)
        if "next hand" in question:
            return ""
        return _first_or_go(s)

    PlainGame(s, read, out.append).run()
    text = "\n".join(out)
    end = text.index("Hand 1 is over")
    assert text.index("Press Enter for the next hand", end) < text.index("New hand", end)
    second_deal = text.index("You are dealt", end)
    assert text.index("Press Enter for the next hand", end) < second_deal
