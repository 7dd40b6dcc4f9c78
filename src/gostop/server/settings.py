"""Everything ``gostop serve`` can be told (:class:`ServerSettings`)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from gostop.agents import LEVELS

__all__ = ["ServerSettings"]


@dataclass
class ServerSettings:
    """Everything ``gostop serve`` can be told."""

    db_url: str | None = None
    redis_url: str | None = None
    redis_prefix: str = "gostop:"
    host: str = "127.0.0.1"
    port: int = 8000
    origins: list[str] = field(default_factory=list)
    grace_seconds: float = 30.0
    bot_delay: float = 0.6
    max_rooms_per_client: int = 20
    max_connections_per_client: int = 64
    rate_per_second: float = 20.0
    rate_burst: int = 40
    bot_threads: int = 2
    bot_processes: int = 1
    hello_seconds: float = 10.0
    #: a socket that answers probes (hello ``probes: true``) is sent a ``probe`` once nothing has
    #: come from it for half of this, and closed (4408) when nothing has come for all of it: a
    #: network gone without a close frame is noticed in this time, not in the 40 s of the
    #: WebSocket layer's own pings (its seat goes offline, its grace period starts)
    quiet_seconds: float = 20.0
    #: longest a bot may think over one decision (worker processes); then the standby bot decides
    bot_seconds: float = 10.0
    #: period of the maintenance task (presence refresh, gap check, eviction)
    resync_seconds: float = 2.0
    #: lifetime of a process's presence marks (refreshed every third of it)
    presence_ttl: float = 15.0
    #: lifetime of a room's driver lease (refreshed before every bot move)
    lease_seconds: float = 15.0
    #: rooms kept in memory at most (least recently used ones without sockets are evicted)
    max_live_rooms: int = 2000
    #: a room nobody is connected to and no bot drives is evicted after this long
    idle_seconds: float = 300.0
    #: a waiting room nobody sits in (no seat taken) is deleted after this long unchanged
    waiting_seconds: float = 1800.0
    #: longest a request, a hello or a bot move waits for Redis before going on without it
    redis_wait: float = 1.0
    #: lobby requests per second and burst per client address (token bucket)
    lobby_rate: float = 10.0
    lobby_burst: int = 100
    #: proxies whose X-Forwarded-For is trusted ("" none; comma-separated addresses or "*")
    forwarded_allow_ips: str = ""
    #: bot levels the lobby accepts: name -> bot spec (the built-in easy/normal/hard by default)
    levels: dict[str, str] = field(default_factory=lambda: dict(LEVELS))

    def allowed_origins(self) -> set[str]:
        own = {f"http://{self.host}:{self.port}", f"http://localhost:{self.port}", f"http://127.0.0.1:{self.port}"}
        return own | {o.rstrip("/") for o in self.origins}

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """Whether a socket upgrade with this ``Origin`` header may open a table.

        No ``Origin`` (not a browser), an origin of :meth:`allowed_origins`, and a page this very
        server sent: the origin's address is the ``Host`` the request came to, written as an IP
        address (``http://192.168.1.5:8000`` when a friend on the network opens the server bound to
        0.0.0.0 by its address). A host name must be listed with ``--origin``: a name can be made to
        point at this server by somebody else's page (DNS rebinding), an IP address cannot.
        """
        if origin is None:
            return True
        allowed = self.allowed_origins()
        if "*" in allowed or origin.rstrip("/") in allowed:
            return True
        try:
            parts = urlsplit(origin.rstrip("/"))
            ipaddress.ip_address(parts.hostname or "")
        except ValueError:
            return False
        return (parts.scheme in ("http", "https") and host is not None and not parts.path
                and parts.netloc.lower() == host.strip().lower())
