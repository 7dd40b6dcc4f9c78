"""QA round 8 (a first-turn ppuk, goo-stupe's jokers on the table, a resumed match, a gwangpalli
table's dealer draw):

* a turn's line (your row, a bot's top line, their short forms) says a ppuk, a first-turn ppuk
  and what it was paid, a chok, a ttadak, a sweep -- as it says a go -- in both languages; it
  said ``나: 난초 피 냄, 조커 2, 난초 열끗 뒤집음, 못 먹음`` while the log said ``뻑!`` (since round 17
  the call-outs come after a dash, not as one more item of the cards taken);
* the jokers dealt to the table go to the dealer in one sentence with their count and cards,
  not ``바닥에 깔린 조커는 선(나)이 가져갑니다.`` once per joker;
* a resumed match's top line is the last bot move, as during play, not the last log line;
* the dealer draw says why a player drew a second card (a joker does not count);
* a ppuk's log line names its cards before its bracketed explanation.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from screen import screen_rows
from textual.pilot import Pilot

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.match import MatchEvent
from gostop.play.app import GoStopApp
from gostop.play.narrate import narrate
from gostop.play.session import Session, Settings, _bot_move
from gostop.play.store import Store
from gostop.words import catalog


def _ev(kind: str, seat: int | None, cards: tuple[str, ...] = (), **data: object) -> MatchEvent:
    return MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))


def _played(seed: int, choice: int, lang: str, store: Store | None = None) -> Session:
    """A pagat matgo on ``seed``, the person's first turn played with its ``choice``-th card."""
    s = Session.start(Settings(seed=seed, preset="pagat", lang=lang), store)
    prompt = s.prompt()
    assert prompt is not None and prompt.stage == "main"
    s.choose(prompt.choices[choice].key)
    return s


# -- 1. a turn's line says its ppuk, chok, ttadak, sweep and what it was paid ---------------------


def test_your_row_says_your_first_turn_ppuk_and_its_chips() -> None:
    """Seed 17: your first card and the stock card make a ppuk on the first turn, Minji pays 3
    chips at once."""
    ko = _played(17, 9, "ko")
    assert any(line.text.startswith("첫뻑! 나") for line in ko.log)
    assert ko.your_turn == "나: 비 광 냄, 조커 3, 비 열끗 뒤집음, 조커 3 먹음 — 첫뻑, 3칩 받음", ko.your_turn
    assert ko.your_turn_short.endswith(" — 첫뻑, 3칩 받음"), ko.your_turn_short
    en = _played(17, 9, "en")
    assert en.your_turn.endswith("took three-junk joker — first-turn ppuk 첫뻑, got 3 chips"), en.your_turn
    assert en.your_turn_short.endswith(" — first-turn ppuk 첫뻑, got 3 chips"), en.your_turn_short


def test_a_bots_top_line_says_its_first_turn_ppuk_and_its_chips() -> None:
    """Seed 14: Minji's first turn is a ppuk; you pay her 3 chips."""
    ko = _played(14, 8, "ko")
    assert ko.last_move is not None
    assert ko.last_move.text == "민지: 오동 피 냄, 오동 쌍피 뒤집음, 못 먹음 — 첫뻑, 3칩 받음", ko.last_move.text
    en = _played(14, 8, "en")
    assert en.last_move is not None
    assert en.last_move.text.endswith("took nothing — first-turn ppuk 첫뻑, got 3 chips"), en.last_move.text


def test_a_turn_line_says_a_chok_a_ttadak_a_sweep_a_later_ppuk() -> None:
    chok = [_ev("turn", 1), _ev("play", 1, ("03B",)), _ev("flip", 1, ("03R",)), _ev("chok", 1, ("03B", "03R")),
            _ev("capture", 1, ("03B", "03R")), _ev("sseul", 1),
            _ev("surrender", 0, ("05J1",), to=1, **{"for": "chok"})]
    ko = _bot_move(1, "민지", chok, catalog("ko"))
    assert ko is not None and "먹음 — 쪽, 싹쓸이" in ko.text, ko.text
    en = _bot_move(1, "Minji", chok, catalog("en"))
    assert en is not None and " — chok 쪽 (took the card just laid down), sseul 싹쓸이 (swept the table)" in en.text, en.text
    ttadak = [_ev("turn", 0), _ev("play", 0, ("02R",)), _ev("flip", 0, ("02J2",)),
              _ev("ttadak", 0, ("02R", "02A", "02J1", "02J2")), _ev("capture", 0, ("02R", "02A", "02J1", "02J2")),
              _ev("payment", 1, (), to=0, amount=5, unit="chips", reason="first-turn-ttadak"),
              _ev("payment", 2, (), to=0, amount=5, unit="chips", reason="first-turn-ttadak")]
    mine = _bot_move(0, "나", ttadak, catalog("ko"))
    assert mine is not None and mine.text.endswith("먹음 — 따닥, 상대마다 5칩씩 받음"), mine.text
    later = [_ev("turn", 1), _ev("play", 1, ("08A",)), _ev("flip", 1, ("08J1",)), _ev("ppuk", 1, ("08B", "08A", "08J1"))]
    en = _bot_move(1, "Minji", later, catalog("en"))
    assert en is not None and en.text.endswith("took nothing — ppuk 뻑 (the three stay as a stack)"), en.text


def test_a_payment_to_a_gwangpalli_seat_is_the_hand_seats() -> None:
    """At a gwangpalli table the seats inside the events' data are the hand's: hand seat 1 is
    table seat 3 here, whose line says what it was paid (the other seat's does not)."""
    events = [MatchEvent("hand", 3, hand_event=Event("turn", 1)),
              MatchEvent("hand", 3, hand_event=Event("play", 1, (parse_card("06R"),))),
              MatchEvent("hand", 3, hand_event=Event("flip", 1, (parse_card("06J1"),))),
              MatchEvent("hand", 3, hand_event=Event("ppuk", 1, tuple(map(parse_card, ("06A", "06R", "06J1"))))),
              MatchEvent("hand", 3, hand_event=Event("first-turn-ppuk", 1)),
              MatchEvent("hand", 0, hand_event=Event("payment", 0, (), {"to": 1, "amount": 7, "unit": "chips"})),
              MatchEvent("hand", 4, hand_event=Event("payment", 2, (), {"to": 1, "amount": 7, "unit": "chips"}))]
    move = _bot_move(3, "Sora", events, catalog("en"), hand_seats=(0, 3, 4))
    assert move is not None and move.text.endswith(" — first-turn ppuk 첫뻑, got 7 chips from each"), move.text


# -- 2. the jokers dealt to the table: one sentence -----------------------------------------------


def test_the_jokers_dealt_to_the_table_are_said_once() -> None:
    """goo-stupe, seed 1: four jokers go to the dealer (two dealt, two drawn in their places)."""
    ko = Session.start(Settings(seed=1, preset="goo-stupe", players=3, lang="ko"))
    said = [line.text for line in ko.log if "바닥에 깔린 조커" in line.text]
    # the four copies of one card counted (QA round 10), not "조커 1, 조커 1, 조커 1, 조커 1"
    assert said == ["바닥에 깔린 조커 4장은 선(나)이 가져갑니다: 조커 1 ×4. "
                    "빈자리는 더미에서 채웁니다: 공산 피, 흑싸리 피."], said
    en = Session.start(Settings(seed=1, preset="goo-stupe", players=3, lang="en"))
    said = [line.text for line in en.log if "dealt to the table" in line.text]
    assert said == ["4 jokers dealt to the table go to the dealer (you): one-junk joker ×4. "
                    "Their places are filled from the stock: pampas grass junk, wisteria junk."], said


def test_the_jokers_dealt_to_the_table_are_said_once_on_resume(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    Session.start(Settings(seed=1, preset="goo-stupe", players=3, lang="ko"), store)
    resumed = Session.resume(store)
    said = [line.text for line in resumed.log if "dealt to the table" in line.text or "바닥에 깔린 조커" in line.text]
    assert len(said) == 1 and said[0].startswith(("4 jokers", "바닥에 깔린 조커 4장")), said


# -- 3. a resumed match's top line ----------------------------------------------------------------


def test_a_resumed_match_shows_the_last_bot_move_on_its_top_line(tmp_path: Path) -> None:
    """Seed 14: Minji's ppuk was the last move; the resumed screen's top line showed the last log
    line (the payment, or ``뻑! 민지 (...)``) instead of her move."""
    store = Store(tmp_path / "data")
    played = _played(14, 8, "ko", store)
    assert played.last_move is not None
    resumed = Session.resume(store)
    assert resumed.last_move is not None and resumed.last_move.text == played.last_move.text
    assert resumed.your_turn == played.your_turn
    app = GoStopApp(store, resumed.settings, session=resumed)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.pause()
        rows = screen_rows(app)
        top = " ".join(row.strip() for row in rows[:3])  # the title, then the top line (wrapped)
        assert "민지: 오동 피 냄, 오동 쌍피 뒤집음, 못 먹음 — 첫뻑, 3칩 받음" in top, rows[:4]
        assert "뻑!" not in top and "칩 냄 (첫뻑)" not in top, top
        await pilot.press("ctrl+q")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(run())


# -- 4. the dealer draw says why a second card was drawn -------------------------------------------


def test_the_dealer_draw_says_a_joker_is_drawn_again() -> None:
    """Five seated, seed 3: Jun draws the three-junk joker, then the plum ribbon."""
    en = Session.start(Settings(seed=3, players=5, lang="en"), play_bots=False)
    first = next(line.text for line in en.log if "deals first" in line.text)
    assert ("Jun draws three-junk joker (a joker does not count: Jun draws again), Jun draws plum ribbon"
            in first), first
    ko = Session.start(Settings(seed=3, players=5, lang="ko"), play_bots=False)
    first = next(line.text for line in ko.log if "첫 선" in line.text)
    assert "준: 조커 3 뽑음 (조커는 치지 않아 다시 뽑음), 준: 매조 띠 뽑음" in first, first


def test_the_dealer_draw_says_a_tie_is_drawn_again() -> None:
    ev = MatchEvent("first-dealer", 1, {"method": "draw_night", "draws": [
        {"round": 1, "seat": 0, "card": "07J1"}, {"round": 1, "seat": 1, "card": "07J2"},
        {"round": 1, "seat": 2, "card": "09A"}, {"round": 2, "seat": 0, "card": "11B"},
        {"round": 2, "seat": 1, "card": "JK2"}, {"round": 2, "seat": 1, "card": "01J1"}]})
    names = {0: "You", 1: "Minji", 2: "Hoon"}
    line = narrate(ev, names.get, (0, 1, 2), 0)
    assert line is not None
    assert ("a tie: you, Minji draw again from a fresh deck, you draw paulownia bright, Minji draws two-junk joker "
            "(a joker does not count: Minji draws again), Minji draws pine junk" in line.text), line.text


# -- 5. a ppuk's cards before its explanation -----------------------------------------------------


def test_a_ppuk_names_its_cards_before_its_explanation() -> None:
    names = {0: "You", 1: "Minji"}
    ev = _ev("ppuk", 1, ("02A", "02R", "02J1"), count=1)
    ko = narrate(ev, {0: "나", 1: "민지"}.get, (0, 1), 0, "ko")
    assert ko is not None
    assert ko.text == "뻑! 민지: 매조 열끗, 매조 띠, 매조 피 (뒤집은 패가 맞아 세 장이 뻑으로 남음)", ko.text
    en = narrate(ev, names.get, (0, 1), 0, "en")
    assert en is not None
    assert en.text == ("PPUK 뻑! Minji: plum animal, plum ribbon, plum junk (the stock card matched: the three "
                       "cards stay as a stack)"), en.text
