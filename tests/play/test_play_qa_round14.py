"""QA round 14 of the terminal game (played at 80x24): a bot's turn that stole junk (a joker,
a sweep, a chok: EVT-7) listed the stolen junk among what its cards took, never saying that it
came out of the person's captures; a steal for a stack capture (EVT-4) said the event's
internal name ``stack-capture``; a finished Korean match left an English line in the terminal;
the Rules page of the help continued a wrapped rule at the margin."""

from __future__ import annotations

import asyncio

from screen import screen_rows
from textual.widgets import TabbedContent

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.match import MatchEvent
from gostop.play.app import GoStopApp, HelpScreen
from gostop.play.guide import rules_text
from gostop.play.narrate import narrate
from gostop.play.session import Session, Settings, _bot_move
from gostop.play.store import Store
from gostop.words import catalog


def _ev(kind: str, seat: int | None, cards: tuple[str, ...] = (), **data: object) -> MatchEvent:
    return MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))


def _names(lang: str) -> dict[int, str]:
    return {0: "나", 1: "민지"} if lang == "ko" else {0: "you", 1: "Minji"}


# Matgo, seed 14, hand 1: Minji plays rain bright, turns two jokers (JOKER: each takes a junk
# card from the person) and captures rain bright and rain ribbon.
_JOKER_TURN = [
    _ev("turn", 1), _ev("play", 1, ("12B",)), _ev("flip", 1, ("JK2", "JK3", "04J1")),
    _ev("capture", 1, ("12B", "12R", "JK2", "JK3")),
    _ev("surrender", 0, ("02J1",), to=1, **{"for": "joker"}),
    _ev("surrender", 0, ("04J2",), to=1, **{"for": "joker"}),
    _ev("go", 1, goes=1),
]


def test_a_bot_turn_says_which_junk_it_stole_and_from_whom() -> None:
    """EVT-7: the junk handed over is said apart from the capture, with whom it came from."""
    ko = _bot_move(1, "민지", _JOKER_TURN, catalog("ko"), named=_names("ko").__getitem__)
    assert ko is not None
    assert "비 광, 비 띠, 조커 2, 조커 3 먹음, 나에게서 매조 피, 흑싸리 피 뺏음, 1고" in ko.text, ko.text
    assert "나에게서 2장 뺏음" in ko.short, ko.short
    en = _bot_move(1, "Minji", _JOKER_TURN, catalog("en"), named=_names("en").__getitem__)
    assert en is not None
    assert "willow / rain ribbon, two-junk joker, three-junk joker, stole plum junk, " \
           "wisteria junk from you, said go #1" in en.text, en.text
    assert {"02J1", "04J2"} <= set(en.cards)  # still highlighted with the rest


def test_the_person_stealing_from_two_bots_names_each() -> None:
    """A 3-player sweep (sseul): one junk from each opponent, each named."""
    events = [_ev("turn", 0), _ev("play", 0, ("09A",)), _ev("capture", 0, ("09A", "09J1")), _ev("sseul", 0),
              _ev("surrender", 1, ("05J1",), to=0, **{"for": "sseul"}),
              _ev("surrender", 2, ("07J2",), to=0, **{"for": "sseul"})]
    names = {0: "나", 1: "민지", 2: "훈"}
    ko = _bot_move(0, "나", events, catalog("ko"), named=names.__getitem__)
    assert ko is not None and ko.text.endswith("싹쓸이, 민지에게서 난초 피 뺏음, 훈에게서 홍싸리 피 뺏음"), ko.text


def test_a_steal_for_a_stack_capture_is_said_in_words() -> None:
    """`gostop replay` and the log said "STEAL: You give Minji pine junk (stack-capture)": the
    event's internal name. EVT-4 calls it a stack capture; Korean players say 뻑 먹기."""
    steal = _ev("surrender", 0, ("01J1",), to=1, **{"for": "stack-capture"})
    en = narrate(steal, lambda s: {0: "You", 1: "Minji"}.get(s or 0, "?"), (0, 1), 0, "en")
    assert en is not None and en.text == "STEAL: You give Minji pine junk (stack capture).", en.text
    ko = narrate(steal, lambda s: {0: "나", 1: "민지"}.get(s or 0, "?"), (0, 1), 0, "ko")
    assert ko is not None and "뻑 먹기" in ko.text, ko.text


def test_the_line_left_after_a_finished_match_is_in_the_games_language() -> None:
    """Korean game, match over: the terminal was left with "Match over. Its record: ..." in
    English, while quitting mid-match said "저장했습니다. ..." (cli/play.py now prints this)."""
    ko = Session.start(Settings(seed=5, players=3, hands=1, lang="ko"))
    ko.archived_to = "/tmp/x/matches/match.json"
    assert ko.over_report() == "게임이 끝났습니다. 기록: /tmp/x/matches/match.json"
    ko.archived_to, ko.save_problem = None, "디스크가 가득 찼습니다."
    assert ko.over_report() == "게임이 끝났습니다. 디스크가 가득 찼습니다."
    en = Session.start(Settings(seed=5, players=3, hands=1, lang="en"))
    en.archived_to = "/tmp/m.json"
    assert en.over_report() == "The match is over. Its record: /tmp/m.json"


def _margin_rows_are_line_starts(rows: list[str], source: str) -> list[str]:
    """The rows of the help box (``█...█``) that begin at its margin without being the start of
    a line of ``source``: an indented rule's continuation torn back to the margin."""
    starts = [line for line in source.splitlines() if line and not line.startswith(" ")]
    bad = []
    for row in rows:
        inner = row.split("█")[1] if row.count("█") >= 2 else ""
        text = inner.rstrip()
        if text and not text.startswith(" ") and not any(s.startswith(text[:10]) for s in starts):
            bad.append(text)
    return bad


def test_the_rules_page_continues_an_indented_rule_under_its_indent(store: Store) -> None:
    """Korean Matgo at 80x24, `?` then the Rules page: "  조커: JK2, JK2-2, JK3 (패를 내기
    전에 ...)" went on at the margin ("조커는 먹은 패로 가고..."), like a new paragraph."""
    settings = Settings(preset="matgo", seed=14, level="easy", hands=1, lang="ko")
    app = GoStopApp(store, settings, setup=False)
    seen: list[list[str]] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            app.screen.query_one(TabbedContent).active = "help-rules"
            for _ in range(3):  # the first pages of the rules
                await pilot.pause()
                seen.append(screen_rows(app))
                await pilot.press("pagedown")

    asyncio.run(main())
    session = app.session
    assert session is not None
    source = rules_text(session.rules, 2, "ko", flowed=True)
    rows = [row for page in seen for row in page[5:-2]]  # under the tabs, above the box's foot
    assert any("조커: JK2" in row for row in rows), rows
    assert _margin_rows_are_line_starts(rows, source) == []
