"""The gap check (issue 21 ground): a room whose database is ahead of memory is reloaded only
when what the database held at the previous check has still not arrived (a lost fan-out
message). A commit of another process seen before its message arrives is not reloaded: its
message comes as an update, and every client gets every update.

The room's match seed is fixed (the server draws it at random): with about one seed in forty
the one-hand match is over as soon as it is dealt (a quad in a hand: chongtong, DEAL-7; seeds
66, 82, 128 among the first 200), and nobody is left to act."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import pytest

from gostop.server.fanout import LocalFanout
from gostop.server.hub import Hub
from gostop.server.room import RoomConfig, SeatConfig
from gostop.server.settings import ServerSettings
from gostop.server.store import Store


def test_a_room_is_reloaded_only_when_the_database_stays_ahead(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda n: 12345 % n)  # the match seed (see above)
    async def main() -> list[int]:
        store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
        hub = Hub(ServerSettings(), store, LocalFanout())
        await hub.db(store.migrate)
        config = RoomConfig(seats=[SeatConfig("human"), SeatConfig("human")], hands=1)
        made, _, _ = await hub.create_room(config, "test", "Ann")
        room_id = made["id"]
        await hub.join(room_id, "Bo", None)
        live = await hub.get(room_id)
        assert live is not None and live.room.decider() is not None
        seen = [live.room.version]

        def commit_elsewhere() -> None:  # what another process does: the database moves on
            room = live.room
            seat = room.decider()
            assert seat is not None
            assert store.commit_action(room_id, room.version, seat, room.legal_texts()[0], "playing")

        await hub.db(commit_elsewhere)
        await hub._gap_check()  # its message may be on its way: not yet
        seen.append(live.room.version)
        await hub._gap_check()  # still not here: lost, reloaded
        seen.append(live.room.version)
        await hub._gap_check()
        seen.append(live.room.version)
        hub.db_pool.shutdown()
        store.dispose()
        return seen

    v0, *after = asyncio.run(main())
    assert after == [v0, v0 + 1, v0 + 1]
