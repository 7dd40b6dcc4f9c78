"""QA round 15, words: the scored items of a settlement without a colon inside the colon list
(SCORE-8), the bomb's feed line (BOMB-1, VAR-GRENADE) and ``where_text``'s reader."""

from __future__ import annotations

from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle
from gostop.words import settlement_lines
from gostop.words.events import event_line
from gostop.words.table import where_text

# 3 brights (3 points, SCORE-1) and 13 junk value (4 points, SCORE-8): 7 points
WINNER = ["01B", "03B", "08B", "01J1", "01J2", "02J1", "02J2", "03J1", "03J2", "04J1", "04J2",
          "05J1", "05J2", "06J1", "06J2", "07J1"]


def test_the_scored_items_are_said_without_colons_inside_the_list() -> None:
    """``Scored: 3 brights: 3, junk value 13: 4 = 7 points.`` had a colon inside the list that
    ``Scored:`` opens."""
    s = settle(get_preset("pagat"), 2, WINNER, [["11B", "12A", "09J1"]], SettleContext())
    en = settlement_lines(s, ["Hoon"], 0)
    (scored,) = [line for line in en if line.startswith("Scored")]
    assert scored == "Scored: 3 brights for 3, junk value 13 for 4 = 7 points.", en
    assert scored.count(":") == 1
    ko = settlement_lines(s, ["Hoon"], 0, lang="ko")
    (scored_ko,) = [line for line in ko if line.startswith("점수")]
    assert scored_ko == "점수: 삼광 3점, 피 13장 4점 = 7점.", ko


def test_the_bomb_feed_line_does_not_say_four_cards_were_played() -> None:
    """BOMB-1: three cards from the hand onto the table's fourth; VAR-GRENADE: two onto two.
    The event names the four together, the line says how many were played."""
    bomb = {"type": "bomb", "seat": 1, "cards": ["10A", "10R", "10J1", "10J2"], "data": {"month": 10}}
    assert event_line(bomb, "Minji") == (
        "Minji bombs with three cards, taking all four: maple animal, maple ribbon, maple junk ×2.")
    assert event_line(bomb, "You").startswith("You bomb with three cards, taking all four: ")
    assert event_line(bomb, "민지", "ko") == "민지: 폭탄, 손패 세 장으로 네 장 모두 가져감 (단풍 열끗, 단풍 띠, 단풍 피 ×2)"
    grenade = {**bomb, "type": "grenade"}
    assert event_line(grenade, "Minji").startswith("Minji throws a grenade with two cards, taking all four: ")


def test_where_text_takes_the_reader_like_event_line() -> None:
    """``you``: the seat name of the reader (:func:`gostop.words.person.as_named`); None keeps
    the old reading (a holder named "You" is the reader)."""
    assert where_text("shown", "en", "You") == "shown by you"
    assert where_text("shown", "en", "You", you=None) == "shown by you"
    assert where_text("shown", "en", "You", you="You") == "shown by you"
    assert where_text("shown", "en", "You", you="Minji") == "shown by \u201cYou\u201d"
    assert where_text("shown", "en", "You", you="") == "shown by \u201cYou\u201d"
    assert where_text("shown", "en", "Minji", you="Minji") == "shown by Minji"
    assert where_text("shown", "ko", "나", you="나") == "내 공개된 패"
    assert where_text("shown", "ko", "나", you="민지") == "\u201c나\u201d의 공개된 패"
    assert where_text("unseen", "en", you="Minji") == "unseen"
