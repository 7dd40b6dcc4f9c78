"""The game server of ``gostop serve``: rooms of 2-7 seats over WebSockets, bots in empty seats.

* :mod:`~gostop.server.app` -- the FastAPI app (routes, static files of the browser game);
* :mod:`~gostop.server.lobby` -- HTTP JSON lobby; :mod:`~gostop.server.socket` -- the table socket;
* :mod:`~gostop.server.protocol` -- message checks and the protocol version (docs/protocol.md);
* :mod:`~gostop.server.hub` -- the live rooms of a process, a thin facade over
  :mod:`~gostop.server.presence` (who holds each seat, an immutable value),
  :mod:`~gostop.server.driver` (bots, turn and grace timers), :mod:`~gostop.server.commit`
  (commit, then broadcast) and :mod:`~gostop.server.seats` (transfer codes, rematches);
* :mod:`~gostop.server.errors` -- the refusals as domain errors (statuses in ``app.STATUS``);
* :mod:`~gostop.server.room` -- the authoritative match of a room and each seat's view (no web
  framework);
* :mod:`~gostop.server.store` -- SQLAlchemy repository (SQLite or PostgreSQL), Alembic migrations;
* :mod:`~gostop.server.fanout` -- in-process or Redis pub/sub fan-out between processes.
"""
