"""QA round 11 of the words layer: a penalty stamp is shown on every seat's row, the
opponents' too, and its Korean said the seat's count as the reader's own (``내 피 3장``) on the
row of a bot (``훈 ... [피박 걸림] 내 피 3장 < 5장; 상대 피 12장``)."""

from __future__ import annotations

import pytest

from gostop.hints import Stamp
from gostop.play.render import seat_compact
from gostop.play.view import SeatView
from gostop.words import stamp_text

_STAMPS = [
    Stamp(seat=2, name="pi-bak", hangul="피박", live=True, text="", mine=3, theirs=12, threshold=5),
    Stamp(seat=2, name="pi-bak", hangul="피박", live=False, text="", mine=4, theirs=9, threshold=5, flex_card="09A"),
    Stamp(seat=2, name="gwang-bak", hangul="광박", live=True, text="", theirs=2),
    Stamp(seat=2, name="gwang-bak", hangul="광박", live=True, text="", theirs=3, adds=2),
    Stamp(seat=2, name="gwang-bak", hangul="광박", live=False, text="", theirs=2),
    Stamp(seat=2, name="meong-bak", hangul="멍박", live=True, text="", theirs=7),
    Stamp(seat=2, name="meong-bak", hangul="멍박", live=False, text="", theirs=6),
]


@pytest.mark.parametrize("stamp", _STAMPS, ids=lambda s: f"{s.name}-{'live' if s.live else 'risk'}")
def test_a_korean_stamp_says_the_seats_count_not_mine(stamp: Stamp) -> None:
    """PAY-6 (pi-bak, gwang-bak, meong-bak): the stamp reads right on any seat's row."""
    text = stamp_text(stamp, "ko")
    assert "내 " not in text and "상대" in text, text


def test_a_bots_row_at_80_columns_says_its_junk_without_my() -> None:
    """The compact row of Hoon (80x24) with a live pi-bak stamp."""
    seat = SeatView(table_seat=2, name="훈", you=False, dealer=True, to_move=False, level="easy", hand_size=1,
                    shown=(), brights=(), animals=(), ribbons=(), junk=(), others=(), junk_value=3,
                    junk_with_flex=None, points=0, items=(), goes=0, shakes=(), bombs=0, ppuk=0, skips=0,
                    stamps=(_STAMPS[0],), near=(), chips=0, lang="ko")
    row = seat_compact(seat, 3, "chips").plain
    assert "피 3장 < 5장; 상대 피 12장" in row and "내 피" not in row, row
