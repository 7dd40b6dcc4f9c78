"""``gostop serve``: the web game server (lobby over HTTP, tables over WebSockets).

Examples::

    gostop serve                                   # http://127.0.0.1:8000, SQLite in the data dir
    gostop serve --port 9000 --grace 60
    gostop serve --db postgresql+psycopg://gostop@db/gostop --redis redis://cache:6379/0
    gostop serve --host 0.0.0.0 --origin https://gostop.example.org

Several processes with the same ``--db`` (PostgreSQL) and ``--redis`` serve the same rooms;
put them behind any load balancer (docs/protocol.md, "Crash safety and several processes").
"""

from __future__ import annotations

import logging
import math
from typing import Annotated

import typer

from gostop.cli.errors import UsageProblem, number_ranges, reported_errors

__all__ = ["serve", "lease_warning"]

number_ranges("serve", {"--port": (1, 65535)})


def _check_port_free(host: str, port: int) -> None:
    """One ``error:`` line (not uvicorn's log and exit 1) when the port is taken already."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageProblem(f"cannot listen on --host {host!r}: {exc.strerror or exc}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise UsageProblem(
                    f"port {port} on {host} is already in use (another server?): stop it, or choose "
                    "another port with --port"
                ) from None
            raise UsageProblem(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def lease_warning(redis: str | None, lease_seconds: float, bot_seconds: float) -> str | None:
    """What to warn about ``--lease-seconds`` (None: nothing).

    Only several processes (``--redis``) take bot-driver leases. A lease no longer than a bot's
    longest thinking lets a second process start driving the room while the first still thinks:
    the moves are still committed against the room's version (one wins), but the thinking is
    done twice -- worth a warning, not a refusal (a short lease is fine with quick bots, and the
    fault tests use one)."""
    if redis is None or lease_seconds > bot_seconds:
        return None
    return (
        f"--lease-seconds {lease_seconds:g} is not above --bot-seconds {bot_seconds:g}: a bot that thinks "
        "longer than the lease may be driven by two processes at once"
    )


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL (default: the SQLite file server.sqlite in the data directory; for PostgreSQL "
            "a postgresql+psycopg:// URL).",
            show_default=False,
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option("--redis", metavar="URL", help="Redis URL for several server processes (redis://host:6379/0).", show_default=False),
    ] = None,
    redis_prefix: Annotated[str, typer.Option("--redis-prefix", help="Prefix of the Redis channel names.")] = "gostop:",
    origin: Annotated[
        list[str] | None,
        typer.Option("--origin", metavar="ORIGIN", help="A browser origin allowed to open table sockets (repeatable; * allows all). "
                     "The server's own address is always allowed: --host, localhost, and the IP address a page "
                     "was loaded from (a host name of this server must be given here)."),
    ] = None,
    grace: Annotated[float, typer.Option("--grace", metavar="SECONDS", help="Seconds before a bot plays for a player who lost the connection.")] = 30.0,
    quiet_seconds: Annotated[
        float,
        typer.Option("--quiet-seconds", metavar="SECONDS",
                     help="A browser from which nothing has come for this long is taken for gone: its seat goes "
                          "offline and the grace period starts (it is probed at half of it)."),
    ] = 20.0,
    bot_delay: Annotated[float, typer.Option("--bot-delay", metavar="SECONDS", help="Seconds a bot waits before each move (for people to follow).")] = 0.6,
    bot_processes: Annotated[
        int, typer.Option("--bot-processes", help="Worker processes for the searching (hard) bots; 0: think in threads.")
    ] = 1,
    max_rooms: Annotated[int, typer.Option("--max-rooms-per-client", help="Open rooms one address may create.")] = 20,
    max_connections: Annotated[int, typer.Option("--max-connections-per-client", help="Sockets one address may hold.")] = 64,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")] = "info",
    forwarded_allow_ips: Annotated[
        str,
        typer.Option("--forwarded-allow-ips",
                     help="Addresses of the reverse proxies whose X-Forwarded-For/-Proto are trusted "
                     "(comma-separated; * any). Default: none (the socket's address is the client's)."),
    ] = "",
    bot_seconds: Annotated[float, typer.Option("--bot-seconds", metavar="SECONDS", help="Longest thinking of a searching bot per decision.")] = 10.0,
    resync_seconds: Annotated[
        float, typer.Option("--resync-seconds", metavar="SECONDS", help="Period of the presence refresh, gap check and eviction.")
    ] = 2.0,
    presence_ttl: Annotated[
        float, typer.Option("--presence-ttl", metavar="SECONDS", help="Seconds a dead process's players still count as connected (Redis).")
    ] = 15.0,
    lease_seconds: Annotated[float, typer.Option("--lease-seconds", metavar="SECONDS", help="Lifetime of a room's bot-driver lease (with --redis; keep it above --bot-seconds, or a slow bot's room may be driven by two processes: a warning says so).")] = 15.0,
    max_live_rooms: Annotated[int, typer.Option("--max-live-rooms", help="Rooms kept in memory at most.")] = 2000,
    idle_seconds: Annotated[
        float, typer.Option("--idle-seconds", metavar="SECONDS", help="A room nobody is connected to leaves memory after this long.")
    ] = 300.0,
    waiting_seconds: Annotated[
        float, typer.Option("--waiting-seconds", metavar="SECONDS",
                            help="A waiting room nobody sits in is deleted after this long unchanged (it then stops counting against its creator's --max-rooms-per-client).")
    ] = 1800.0,
    redis_wait: Annotated[
        float, typer.Option("--redis-wait", metavar="SECONDS",
                            help="Longest a request, a hello or a bot move waits for a stalled Redis before going on without it (with --redis).")
    ] = 1.0,
    lobby_rate: Annotated[
        float, typer.Option("--lobby-rate", help="Lobby requests per second per client address (0: no limit).")
    ] = 10.0,
    lobby_burst: Annotated[int, typer.Option("--lobby-burst", help="Lobby requests one address may send at once.")] = 100,
    level: Annotated[
        list[str] | None,
        typer.Option("--level", metavar="NAME=SPEC", help="An extra bot level the lobby offers, NAME=SPEC (repeatable; a new "
                     "name, not a built-in level), e.g. expert=search:steps=3000."),
    ] = None,
) -> None:
    """Serve the web game: open http://HOST:PORT/ in a browser.

    Example:  gostop serve --port 8000
    """
    with reported_errors():
        if not 1 <= port <= 65535:
            raise UsageProblem(f"--port must be 1 to 65535, got {port}")
        # Each option is checked on its own, so that the error names the one that is wrong.
        for option, value in (("--grace", grace), ("--bot-delay", bot_delay), ("--lobby-rate", lobby_rate)):
            if not (math.isfinite(value) and value >= 0):  # also NaN and infinity
                raise UsageProblem(f"{option} must be a number of at least 0, got {value:g}")
        for option, value in (
            ("--bot-seconds", bot_seconds),
            ("--resync-seconds", resync_seconds),
            ("--presence-ttl", presence_ttl),
            ("--lease-seconds", lease_seconds),
            ("--idle-seconds", idle_seconds),
            ("--waiting-seconds", waiting_seconds),
            ("--redis-wait", redis_wait),
            ("--quiet-seconds", quiet_seconds),
        ):
            if not (math.isfinite(value) and value > 0):
                raise UsageProblem(f"{option} must be a number of seconds above 0, got {value:g}")
        for option, count, least in (
            ("--bot-processes", bot_processes, 0),
            ("--max-rooms-per-client", max_rooms, 1),
            ("--max-connections-per-client", max_connections, 1),
            ("--max-live-rooms", max_live_rooms, 1),
            ("--lobby-burst", lobby_burst, 1),
        ):
            if count < least:
                raise UsageProblem(f"{option} must be at least {least}, got {count}")
        from gostop.agents import LEVELS, make_agent

        levels = dict(LEVELS)
        extra: set[str] = set()
        for item in level or []:
            name, sep, spec = item.partition("=")
            name = name.strip()
            if not sep or not name or not spec.strip() or not name.replace("-", "").isalnum():
                raise UsageProblem(f"--level must be NAME=SPEC (e.g. expert=search:steps=3000), got {item[:60]!r}")
            if name.lower() in LEVELS:
                raise UsageProblem(
                    f"--level {name}: {name.lower()} is a built-in level ({', '.join(LEVELS)}); an extra level "
                    "needs a name of its own"
                )
            if name.lower() in extra:
                raise UsageProblem(f"--level {name} is given twice; give each extra level once")
            extra.add(name.lower())
            try:
                make_agent(spec.strip())
            except ValueError as exc:
                raise UsageProblem(f"--level {name}: {exc}") from None
            levels[name] = spec.strip()
        if log_level.lower() not in ("debug", "info", "warning", "error"):
            raise UsageProblem(f"--log-level must be debug, info, warning or error, got {log_level!r}")
        if db is not None and not (db.startswith("sqlite") or db.startswith("postgresql")):
            raise UsageProblem(f"--db must be a sqlite:/// or postgresql+psycopg:// URL, got {db.split(':')[0]!r}...")
        if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
            raise UsageProblem("--redis must be a redis:// URL")
        _check_port_free(host, port)
        import uvicorn

        from gostop.server.app import create_app
        from gostop.server.hub import ServerSettings
        from gostop.server.protocol import MAX_FRAME_BYTES
        from gostop.server.store import Store, StoreError

        settings = ServerSettings(
            db_url=db,
            redis_url=redis,
            redis_prefix=redis_prefix,
            host=host,
            port=port,
            origins=list(origin or []),
            grace_seconds=grace,
            quiet_seconds=quiet_seconds,
            bot_delay=bot_delay,
            bot_processes=bot_processes,
            max_rooms_per_client=max_rooms,
            max_connections_per_client=max_connections,
            bot_seconds=bot_seconds,
            resync_seconds=resync_seconds,
            presence_ttl=presence_ttl,
            lease_seconds=lease_seconds,
            max_live_rooms=max_live_rooms,
            idle_seconds=idle_seconds,
            waiting_seconds=waiting_seconds,
            redis_wait=redis_wait,
            lobby_rate=lobby_rate,
            lobby_burst=lobby_burst,
            forwarded_allow_ips=forwarded_allow_ips,
            levels=levels,
        )
        store = Store(db)
        try:
            store.migrate()  # fail early, with one line, if the database cannot be used
        except StoreError as exc:
            raise UsageProblem(str(exc)) from None
        finally:
            store.dispose()
        if redis is not None:
            import redis as redis_client

            try:
                redis_client.Redis.from_url(redis, socket_connect_timeout=3).ping()
            except (redis_client.RedisError, ValueError) as exc:
                raise UsageProblem(f"cannot reach Redis at {redis}: {exc}") from None
        warning = lease_warning(redis, lease_seconds, bot_seconds)
        if warning is not None:
            typer.echo(f"warning: {warning}", err=True)
        logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        typer.echo(f"gostop serve: http://{host}:{port}/  (database {store.safe_url}"
                   + (f", redis {redis}" if redis else "") + ")", err=True)
        uvicorn.run(
            create_app(settings),
            host=host,
            port=port,
            log_level=log_level.lower(),
            ws_max_size=MAX_FRAME_BYTES,
            proxy_headers=bool(forwarded_allow_ips.strip()),
            forwarded_allow_ips=forwarded_allow_ips.strip() or None,
        )
