"""A player whose network went away without closing the socket (a laptop asleep, a phone between
networks) is noticed within the server's ``quiet_seconds``, not after the 40 s of uvicorn's own
WebSocket pings: a client that said it answers probes (hello ``probes: true``, as the web client
does) is sent a ``probe`` when it has been quiet, and its socket is closed (4408) when nothing at
all came from it for ``quiet_seconds``; the other players see its seat go offline, then away. A
client that does not answer probes is never closed for being quiet.

The server is a real uvicorn on 127.0.0.1 (:mod:`settingsserver`: ``gostop serve``'s app with a
``quiet_seconds`` of 3 s, which its command line does not take)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import TableClient, free_port, http_client, human_pair_room
from settingsserver import SettingsServer
from websockets.exceptions import ConnectionClosed

from gostop.server.protocol import CLOSE_QUIET, ProtocolError, parse_client

#: 1.5 s for a client to answer a probe, on a loaded machine too
QUIET = 3.0
GRACE = 1.0


@pytest.fixture
def quiet_server(tmp_path: Path) -> Iterator[SettingsServer]:
    server = SettingsServer(tmp_path / "server.log", port=free_port(), db_url=f"sqlite:///{tmp_path / 'server.sqlite'}",
                            quiet_seconds=QUIET, grace_seconds=GRACE, bot_delay=0.0)
    server.start()
    yield server
    server.stop()


async def listen(client: TableClient, seconds: float) -> list[dict[str, Any]]:
    """What comes to ``client`` in the next ``seconds``."""
    out = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            out.append(await client.recv(left))
        except TimeoutError:
            break
    return out


async def bot_plays_for(seat: int | None, other: TableClient, timeout: float = 20) -> None:
    """Wait for an action of ``seat`` (a bot plays for it), ``other`` playing its own turns."""
    end = time.monotonic() + timeout
    acted = -1
    while time.monotonic() < end:
        v = other.view
        assert v is not None and v["over"] is None, "the match ended before the bot played"
        if v["to_move"] and v["version"] != acted:
            acted = v["version"]
            await other.act(v["legal"][0]["action"], v["version"])
        msg = await other.recv(end - time.monotonic())
        if msg["type"] == "update" and msg["seat"] == seat:
            return
    raise AssertionError(f"no move of seat {seat} in {timeout:g} s")


def test_a_silent_socket_is_taken_for_gone_and_the_others_see_its_seat_go(quiet_server: SettingsServer) -> None:
    with http_client(quiet_server.url) as http:
        made, joined = human_pair_room(http, hands=1)
    room = made["room"]["id"]

    async def main() -> None:
        # Ann's client does not answer probes: the server never closes it for being quiet
        ann = await TableClient.open(quiet_server.ws_url, room, token=made["token"], name="Ann")
        bo = await TableClient.open(quiet_server.ws_url, room, token=joined["token"], name="Bo", probes=True)
        probes = 0

        async def answer() -> None:  # as the web client does: at once, from the message handler
            nonlocal probes
            while True:
                if (await bo.recv())["type"] == "probe":
                    probes += 1
                    await bo.send({"type": "ping", "seq": bo.next_seq()})

        # for two quiet periods Bo says nothing but the answers to the probes: he stays
        answering = asyncio.create_task(answer())
        seen = await listen(ann, 2 * QUIET)
        answering.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await answering
        assert probes >= 2, f"{probes} probes in {2 * QUIET:g} s of quiet"
        assert not [m for m in seen if m["type"] == "presence" and m["seat"] == bo.seat and not m["connected"]], seen

        # Bo's network goes: nothing is read from his socket, nothing is sent (no answer to a
        # probe, no pong to the WebSocket layer's pings either)
        bo.ws.transport.pause_reading()
        went = time.monotonic()
        await ann.until(lambda m: m["type"] == "presence" and m["seat"] == bo.seat and not m["connected"],
                        timeout=QUIET + 8)
        noticed = time.monotonic() - went
        assert noticed <= QUIET + 2, f"the others saw the seat go {noticed:.1f} s after its last word"
        await ann.until(lambda m: m["type"] == "presence" and m["seat"] == bo.seat and m["away"], timeout=GRACE + 8)
        await bot_plays_for(bo.seat, ann)

        # Ann, quiet all along (she answers no probes), is still served
        await ann.send({"type": "ping", "seq": ann.next_seq()})
        await ann.until(lambda m: m["type"] == "pong", timeout=10)

        # what reached Bo's socket last: a probe he left unanswered, then the close frame 4408
        bo.ws.transport.resume_reading()
        rest = []
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                rest.append(await bo.recv(10))
        assert any(m["type"] == "probe" for m in rest), rest
        assert bo.ws.close_code == CLOSE_QUIET, (bo.ws.close_code, bo.ws.close_reason)
        await ann.close()

    asyncio.run(main())


def test_probes_in_a_hello_is_true_or_false() -> None:
    hello = '{"type": "hello", "protocol": 1, "spectate": true%s}'
    assert parse_client(hello % ', "probes": true').probes
    assert not parse_client(hello % "").probes
    with pytest.raises(ProtocolError, match="'probes' must be true or false"):
        parse_client(hello % ', "probes": "yes"')
