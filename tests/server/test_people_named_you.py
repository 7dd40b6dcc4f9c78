"""A person named "You" at a table of people (QA round 14, defect 2): the server says each line to
its reader (``you`` of :func:`gostop.words.person.as_named`), so only the person who typed "You"
reads the second-person forms ("You play"); the other player and a spectator read the name as a
name, in quotation marks ("“You” plays"). Feed lines and call-outs of updates, the settlement
steps and stop preview of the view, and the hand review all follow."""

from __future__ import annotations

import asyncio
import random
import re

from serverproc import Server, TableClient, create_room, join

from gostop.server.room import Room, RoomConfig, SeatConfig

QUOTED = "\u201cYou\u201d"


def _lines(client: TableClient, seat: int) -> list[str]:
    """The feed lines and call-outs of table seat ``seat``'s events in every update received."""
    out: list[str] = []
    for msg in client.messages:
        for ev in msg.get("events", ()) if msg.get("type") == "update" else ():
            if ev.get("seat") == seat:
                out += [x for x in (ev.get("text"), ev.get("callout")) if x]
    return out


def test_only_the_person_named_you_reads_you_through_the_real_server(server: Server) -> None:
    with server.http() as http:
        for _ in range(20):
            made = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}], hands=1, join={"name": "You"})
            room = made["room"]["id"]
            bo = join(http, room, "Bo")
            if bo["room"]["state"] == "playing":
                break
        else:
            raise AssertionError("20 rooms in a row ended at the deal")
        you_seat = next(s["seat"] for s in bo["room"]["seats"] if s["name"] == "You")

        async def play() -> tuple[TableClient, TableClient, TableClient]:
            me = await TableClient.open(server.ws_url, room, token=made["token"], name="you")
            other = await TableClient.open(server.ws_url, room, token=bo["token"], name="bo")
            watcher = await TableClient.open(server.ws_url, room, spectate=True, name="watcher")
            try:
                await asyncio.wait_for(asyncio.gather(
                    _play(me, random.Random(1)), _play(other, random.Random(2)), _listen(watcher)), 120)
            finally:
                for c in (me, other, watcher):
                    await c.close()
            return me, other, watcher

        me, other, watcher = asyncio.run(play())
        mine, bos, watched = (_lines(c, you_seat) for c in (me, other, watcher))
        assert mine and bos and watched
        # the person named "You" is addressed: "You play ...", never the name in quotation marks
        assert not [x for x in mine if QUOTED in x], mine
        assert any(re.match(r"You (play|flip|capture|take|go|stop|shake|bomb)\b", x) for x in mine), mine
        # everybody else reads a name: "“You” plays ...", never "You play ..."
        for lines in (bos, watched):
            # (not every line about the seat names it: a joker's stock card, a nagari... so the
            # check is on the words that address somebody, once the quoted name is taken out)
            assert any(QUOTED in x for x in lines), lines
            assert not [x for x in lines if re.search(r"\b[Yy]our?\b", x.replace(QUOTED, ""))], lines
        # the hand review: to the person asking with the seat token, else to everybody
        deal = 0
        auth = {"Authorization": f"Bearer {bo['token']}"}
        review = [http.get(f"/api/rooms/{room}/hands/{deal}", headers=h).json() for h in
                  ({"Authorization": f"Bearer {made['token']}"}, auth, {})]
        said = [[e["text"] for s in r["steps"] for e in s["events"] if e["seat"] == you_seat and e["text"]]
                for r in review]
        assert said[0] and not [x for x in said[0] if QUOTED in x], said[0]
        for lines in said[1:]:
            assert any(QUOTED in x for x in lines), lines
            assert not [x for x in lines if re.search(r"\b[Yy]our?\b", x.replace(QUOTED, ""))], lines


async def _play(c: TableClient, rng: random.Random) -> None:
    acted: set[int] = set()
    while True:
        v = c.view
        if v is not None and v["over"] is not None:
            return
        if v is not None and v["to_move"] and v["version"] not in acted and v["legal"]:
            acted.add(v["version"])
            await c.act(rng.choice(v["legal"])["action"], v["version"])
        await c.recv(30)


async def _listen(c: TableClient) -> None:
    while c.view is None or c.view["over"] is None:
        await c.recv(30)


def test_the_settlement_and_stop_preview_name_a_loser_called_you_to_everybody_else() -> None:
    """``last_hand.plain_steps`` and ``stop_preview.plain_steps`` (PAY-*): "You pay" to the person
    named "You" only; "“You” pays" to the winner and to a spectator."""
    rng = random.Random(4)
    for seed in range(1, 80):
        cfg = RoomConfig(seats=[SeatConfig("human", name="You", status="taken"),
                                SeatConfig("human", name="Bo", status="taken")], preset="pagat", hands=1)
        cfg.check()
        room = Room("r", cfg, seed)
        preview: list[str] = []  # Bo's stop preview: what "You" would pay
        while not room.over:
            seat = room.decider()
            assert seat is not None
            sp = room.view(seat)["stop_preview"]
            if seat == 1 and sp is not None and "stop" in room.legal_texts():
                preview = sp["plain_steps"]
                room.apply(1, "stop")
                continue
            room.apply(seat, rng.choice(room.legal_texts()))
        last = room.view(None)["last_hand"]
        if not last or not last["plain_steps"] or last["result"]["winner"] is None:
            continue
        steps = {v: room.view(v)["last_hand"]["plain_steps"] for v in (0, 1, None)}
        if not any("You" in x for x in steps[None]):
            continue  # the person named "You" did not pay this hand
        assert any(x.startswith("You pay ") for x in steps[0]), steps[0]
        for v in (1, None):
            assert any(x.startswith(f"{QUOTED} pays ") for x in steps[v]), steps[v]
            assert not [x for x in steps[v] if x.startswith("You ")], steps[v]
        assert preview and any(x.startswith(f"{QUOTED} pays ") for x in preview), preview
        return
    raise AssertionError("no seed in 1..79 has the person named You pay")
