"""A hand decided at the deal is the room's last result (issue #18, defect 2): the view's
``last_hand`` carries it, so the web client shows its settlement."""

from __future__ import annotations

from gostop.server.room import Room, RoomConfig, SeatConfig


def _room(seed: int) -> Room:
    seats = [SeatConfig("human", None, "Ann", "taken"), SeatConfig("bot", "easy")]
    return Room("r", RoomConfig(seats=seats, preset="pagat", rules={"chongtong": "mandatory"}, hands=3, name="t"), seed)


def test_a_chongtong_at_the_deal_is_the_last_hand_of_the_view() -> None:
    room = next(r for r in map(_room, range(1, 400)) if r.match and r.match.deals[0].hand_record
                and r.match.deals[0].hand_record.result is not None)
    assert room.version == 0  # nobody acted: the deal decided the hand (DEAL-7)
    last = room.view(0)["last_hand"]
    assert last is not None and last["deal"] == 0
    assert last["result"]["reason"] in ("chongtong", "chongtong-tie")
    assert last["hands"] and last["result"]["chips"]


def test_a_normal_deal_has_no_last_hand_yet() -> None:
    room = next(r for r in map(_room, range(1, 400)) if r.match and r.match.deals[0].hand_record
                and r.match.deals[0].hand_record.result is None)
    assert room.view(0)["last_hand"] is None
