"""VAR-PUSH in a server room: the winner's push or collect is a legal decision of that seat
only, in words in both languages; the room replays it from its action list."""

from __future__ import annotations

import pytest

from gostop.match import IllegalMatchActionError
from gostop.server.room import Room, RoomConfig, SeatConfig


def _config() -> RoomConfig:
    cfg = RoomConfig(seats=[SeatConfig("human", None, "Ann", "taken"), SeatConfig("human", None, "Bo", "taken")],
                     preset="matgo", rules={"push_limit": 2}, hands=4)
    cfg.check()
    return cfg


def _to_push(room: Room) -> None:
    for _ in range(400):
        if room.match is not None and room.match.phase == "push":
            return
        seat = room.decider()
        assert seat is not None
        legal = room.legal_texts()
        room.apply(seat, "stop" if "stop" in legal else legal[0])
    raise AssertionError("no push decision")  # pragma: no cover


def test_the_push_is_the_winners_decision_in_words() -> None:
    room = Room("r", _config(), 3)
    room.start()
    _to_push(room)
    m = room.match
    assert m is not None
    winner = room.decider()
    assert winner is not None
    other = 1 - winner
    view = room.view(winner)
    assert view["phase"] == "push" and view["to_move"]
    stake = m.push_stake
    assert view["table"]["push"] == {"stake": stake, "pushes": 0, "limit": 2}
    legal = {e["kind"]: e for e in view["legal"]}
    assert set(legal) == {"push", "collect"}
    # whoever wins it: the risk of a push is on its button (QA 21; the terminal said it in a line)
    assert legal["push"]["text"] == "push: the next hand pays 2 times, whoever wins it"
    assert legal["collect"]["text"] == f"collect {stake} chips now"
    assert not any(k.endswith("_ko") for e in view["legal"] for k in e)  # one language per view
    ko = {e["kind"]: e["text"] for e in room.view(winner, lang="ko")["legal"]}
    assert ko == {"push": "밀기: 누가 이기든 다음 판 2배", "collect": f"지금 {stake}칩 받기"}
    assert view["table"]["question"].startswith(f"You won {stake} chips.")
    assert room.view(other)["legal"] == [] and room.view(None)["legal"] == []
    with pytest.raises(IllegalMatchActionError):
        room.apply(other, "push")
    events = room.apply(winner, "push")
    assert [e.type for e in events][:2] == ["push", "hand-end"]
    after = room.view(winner)
    assert after["match"]["pushes"] == 1 and after["match"]["ledger"][-1]["pushed"] == stake
    again = Room("r", _config(), 3, room.actions)
    assert again.match is not None and again.match.ledger.to_json() == m.ledger.to_json()
