"""A socket's hello looks its room up, then awaits the database (the token check, the version
check) before it joins the room's broadcasts. A waiting room nobody is connected to may be
evicted by the maintenance sweep in that window. Seen twice in CI's browser tests: the page of
the room's creator stayed on "waiting for players" while her friend's page showed the table.
The socket must join the room this process serves, so that the seat taken next reaches it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from gostop.server.fanout import LocalFanout
from gostop.server.hub import Connection, Hub
from gostop.server.room import RoomConfig, SeatConfig
from gostop.server.settings import ServerSettings
from gostop.server.store import Store


def test_a_socket_whose_room_was_evicted_during_its_hello_still_sees_the_next_join(tmp_path: Path) -> None:
    async def main() -> tuple[list[dict[str, Any]], bool, bool]:
        store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
        hub = Hub(ServerSettings(), store, LocalFanout())
        await hub.db(store.migrate)
        config = RoomConfig(seats=[SeatConfig("human"), SeatConfig("human")], hands=1)
        made, seat, token = await hub.create_room(config, "test", "Ann")
        assert seat == 0 and token is not None
        room_id = made["id"]
        looked_up = await hub.get(room_id)  # the hello's lookup...
        assert looked_up is not None
        assert await hub.seat_for(room_id, token) == 0  # ...its token check (an await)...
        hub._sweep()  # ...during which the maintenance sweep runs: a waiting room, nobody in it
        evicted = room_id not in hub.rooms
        received: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            received.append(json.loads(text))

        conn = Connection(send, 0, "127.0.0.1")
        conn.start()
        live = await hub.attach(looked_up, conn)
        serving = hub.rooms.get(room_id) is live and conn in live.conns
        await hub.join(room_id, "Bo", None)
        for _ in range(100):  # the connection's writer sends what was queued
            if any(m["type"] == "state" for m in received):
                break
            await asyncio.sleep(0.01)
        await hub.detach(live, conn)
        await conn.close()
        hub.db_pool.shutdown()
        store.dispose()
        return received, evicted, serving

    received, evicted, serving = asyncio.run(main())
    assert evicted, "the sweep no longer evicts a waiting room nobody is in: this test tests nothing"
    assert serving
    assert received[0]["type"] == "welcome" and received[0]["view"]["phase"] == "waiting"
    states = [m for m in received if m["type"] == "state"]
    assert states, f"the join never reached the socket: {[m['type'] for m in received]}"
    assert states[-1]["view"]["phase"] != "waiting"
    assert [p["name"] for p in states[-1]["view"]["players"]] == ["Ann", "Bo"]


def test_a_socket_whose_room_was_evicted_is_served_the_copy_while_the_database_is_away(tmp_path: Path) -> None:
    """The room cannot be loaded again (the database hiccups): the socket is welcomed on the
    copy it looked up, which serves from then on, and no error reaches it."""

    async def main() -> tuple[list[dict[str, Any]], bool]:
        store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
        hub = Hub(ServerSettings(), store, LocalFanout())
        await hub.db(store.migrate)
        config = RoomConfig(seats=[SeatConfig("human"), SeatConfig("human")], hands=1)
        made, _, _ = await hub.create_room(config, "test", "Ann")
        room_id = made["id"]
        looked_up = await hub.get(room_id)
        assert looked_up is not None
        hub._sweep()
        assert room_id not in hub.rooms
        real_get_room = store.get_room

        def away(_room_id: str) -> None:
            raise ConnectionError("database away")

        store.get_room = away  # type: ignore[method-assign]
        received: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            received.append(json.loads(text))

        conn = Connection(send, 0, "127.0.0.1")
        conn.start()
        live = await hub.attach(looked_up, conn)
        store.get_room = real_get_room  # type: ignore[method-assign]
        served = live is looked_up and hub.rooms.get(room_id) is live and conn in live.conns
        for _ in range(100):
            if received:
                break
            await asyncio.sleep(0.01)
        await hub.detach(live, conn)
        await conn.close()
        hub.db_pool.shutdown()
        store.dispose()
        return received, served

    received, served = asyncio.run(main())
    assert served
    assert [m["type"] for m in received][:1] == ["welcome"] and received[0]["view"]["phase"] == "waiting"
    assert not any(m["type"] == "error" for m in received)
