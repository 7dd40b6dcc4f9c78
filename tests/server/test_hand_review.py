"""The end of a hand as facts and "review this hand" (issue #18): the settlement's scoring items
with their cards and each loser's bak, and a finished hand move by move with every card face
up, never a hand still in play."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from serverproc import Server, TableClient, create_room

from gostop.cards import deck_cards
from gostop.rules import get_preset
from gostop.server.room import HandInPlayError, Room, RoomConfig, SeatConfig, settlement_facts


def _finished_room(seed_from: int = 1) -> Room:
    """A 3-player bot room whose first hand ended with a stop paid with a bak (PAY-6)."""
    for seed in range(seed_from, seed_from + 200):
        room = Room("r", RoomConfig(seats=[SeatConfig("bot", "easy")] * 3, preset="pagat"), seed)
        while room.last_result is None or room.last_result.winner is None:
            if room.over:
                break
            seat = room.decider()
            assert seat is not None
            room.apply(seat, room.bot_action(seat))
        st = room.last_result.settlement if room.last_result is not None else None
        if st is not None and any(m > 1 for m in st.opponent_multipliers):
            return room
    raise AssertionError("no seed gave a settled hand with a bak")


def test_settlement_facts_give_each_items_cards_and_each_losers_bak() -> None:
    room = _finished_room()
    result = room.last_result
    assert result is not None and result.settlement is not None
    facts = settlement_facts(result)
    st = result.settlement
    # SCORE-1..6: one entry per scoring item, its cards among the winner's captures
    captured = {c.code for c in result.captures[result.winner]} if result.captures else set()
    assert [i["points"] for i in facts["score_items"]] == [it.points for it in st.breakdown.items]
    for item in facts["score_items"]:
        assert item["cards"] and set(item["cards"]) <= captured
        assert " " not in item["item"] and not any(ch.isdigit() for ch in item["item"])
    # PAY-6: the loser doubled has its bak named, with the payment of the settlement
    assert [lo["pays"] for lo in facts["losers"]] == list(st.payments)
    assert [lo["hand_seat"] for lo in facts["losers"]] == list(result.opponents)
    doubled = [lo for lo in facts["losers"] if lo["opponent_multiplier"] > 1]
    assert doubled and all(lo["bak"] for lo in doubled)
    view = room.view(0)
    assert view["last_hand"]["score_items"] == facts["score_items"]


def test_hand_review_shows_every_card_of_a_finished_hand_and_refuses_one_in_play() -> None:
    room = _finished_room()
    m = room.match
    assert m is not None
    deal = room.last_deal
    assert deal is not None
    review = room.hand_review(deal)
    rules = get_preset("pagat")
    start = review["start"]
    shown = [c for h in start["hands"] for c in h] + start["layout"] + start["stock"]
    assert sorted(shown) == sorted(c.code for c in deck_cards(rules.jokers))  # every card, face up
    assert len(review["steps"]) == len(m.deals[deal].hand_record.actions)  # type: ignore[union-attr]
    last = review["steps"][-1]["table"]
    assert last["hands"] == room.last_hands
    if not room.over and m.hand is not None:
        try:
            room.hand_review(len(m.deals) - 1)
        except HandInPlayError:
            pass
        else:
            raise AssertionError("the hand in play was shown")


def test_hand_review_endpoint_refuses_the_hand_in_play_and_strangers(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=3,
                           join={"name": "Ann"})
        room, token = made["room"]["id"], made["token"]
        rng = random.Random(3)

        async def to_second_hand() -> dict[str, Any]:
            ann = await TableClient.open(server.ws_url, room, token=token, name="ann")
            acted: set[int] = set()
            try:
                while True:
                    v = ann.view
                    assert v is not None
                    if v["over"] is not None:
                        return v
                    last = v["last_hand"]
                    if last is not None and v["hand"] is not None and v["match"]["deal"] > last["deal"]:
                        return v
                    if v["to_move"] and v["version"] not in acted and v["legal"]:
                        acted.add(v["version"])
                        await ann.act(rng.choice(v["legal"])["action"], v["version"])
                    await ann.recv(30)
            finally:
                await ann.close()

        view = asyncio.run(to_second_hand())
        auth = {"Authorization": f"Bearer {token}"}
        done = view["last_hand"]["deal"]
        got = http.get(f"/api/rooms/{room}/hands/{done}", headers=auth)
        assert got.status_code == 200, got.text
        body = got.json()
        assert len(body["start"]["hands"]) == 2 and body["result"]
        # a hand decided at the deal (a chongtong, about one deal in forty) has no moves to step
        assert body["steps"] or body["deal_events"]
        if view["over"] is None:
            playing = view["match"]["deal"]
            refused = http.get(f"/api/rooms/{room}/hands/{playing}", headers=auth)
            assert refused.status_code == 409, refused.text
            assert http.get(f"/api/rooms/{room}/hands/{done}").status_code == 403
            assert http.get(f"/api/rooms/{room}/hands/{done}", headers={"Authorization": "Bearer nope"}).status_code == 401
        assert http.get(f"/api/rooms/{room}/hands/99", headers=auth).status_code == 404
