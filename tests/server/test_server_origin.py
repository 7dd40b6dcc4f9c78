"""The table socket's Origin check: a page this server sent, by its IP address, may open a table.

A friend on the same network opens the server bound to 0.0.0.0 at ``http://192.168.1.5:8000/``:
the page's origin is that address, which is neither ``--host`` nor localhost. The README promises
that "the server's own address is always allowed"; another site's page, and a host name that
could have been pointed at the server by somebody else (DNS rebinding), still need ``--origin``.
"""

from __future__ import annotations

import asyncio
import socket

import pytest
from serverproc import Server, TableClient, create_room
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from gostop.server.settings import ServerSettings


@pytest.mark.parametrize(("origin", "host", "allowed"), [
    (None, None, True),                                           # not a browser
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost:8000", "localhost:8000", True),
    ("http://192.168.1.5:8000", "192.168.1.5:8000", True),        # a friend on the network
    ("http://192.168.1.5:8000/", "192.168.1.5:8000", True),
    ("https://192.168.1.5", "192.168.1.5", True),                 # a proxy with TLS on the IP
    ("http://[fe80::1]:8000", "[fe80::1]:8000", True),
    ("http://192.168.1.5:8000", "192.168.1.6:8000", False),       # another machine's page
    ("http://192.168.1.5:9000", "192.168.1.5:8000", False),       # another port, another site
    ("http://192.168.1.5:8000", None, False),
    ("http://evil.example:8000", "evil.example:8000", False),     # a name: DNS rebinding
    ("http://evil.example", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    ("ftp://192.168.1.5:8000", "192.168.1.5:8000", False),
])
def test_origin_allowed(origin: str | None, host: str | None, allowed: bool) -> None:
    settings = ServerSettings(host="0.0.0.0", port=8000)
    assert settings.origin_allowed(origin, host) is allowed


def test_listed_origins_and_star_still_work() -> None:
    assert ServerSettings(origins=["https://play.example.org/"]).origin_allowed("https://play.example.org", "x")
    assert ServerSettings(origins=["*"]).origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not ServerSettings().origin_allowed("https://play.example.org", "play.example.org")


def test_a_page_served_by_ip_address_opens_the_table(server: Server) -> None:
    """The socket of a page loaded from the server's address as the browser wrote it."""
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot"}], join={"name": "Ann"})
        room = made["room"]["id"]

    def tcp() -> socket.socket:
        return socket.create_connection(("127.0.0.1", server.port))

    async def main() -> None:
        # what a browser sends for a page at http://<this machine's address>:PORT/: the Host
        # header names that address (the socket goes to 127.0.0.1, where the test server listens)
        lan = f"192.168.1.5:{server.port}"
        ws = await connect(f"ws://{lan}/ws/{room}", sock=tcp(), additional_headers={"Origin": f"http://{lan}"})
        await ws.close()
        with pytest.raises(InvalidStatus) as info:  # a page of another address is refused
            await connect(f"ws://{lan}/ws/{room}", sock=tcp(), additional_headers={"Origin": "http://192.168.1.6:8000"})
        assert info.value.response.status_code == 403
        ok = await TableClient.open(server.ws_url, room, token=made["token"], origin=server.url)
        await ok.close()

    asyncio.run(main())
