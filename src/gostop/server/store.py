"""Where the game server keeps its rooms: a repository over SQLAlchemy 2 (SQLite or PostgreSQL).

Three tables (created by the Alembic migrations in :mod:`gostop.server.migrations`, run at
startup): ``rooms`` (the room's choices as JSON, the match seed, state and version, the final
record once over), ``seats`` (only the SHA-256 hash of each seat's token) and ``actions`` (every
committed action, keyed by room and version). A room is rebuilt by replaying its actions, so
the action list *is* the match state.

:meth:`Store.commit_action` is the one write of play: in one transaction it locks the room row
(``SELECT ... FOR UPDATE`` on PostgreSQL), checks that the room is still at the version the
action was decided at, inserts the action and bumps the version. Two processes can therefore
never apply two actions at one version: the second one gets ``False`` (a conflict) and reloads.

The default database is the SQLite file ``server.sqlite`` in the data directory of the terminal
game (``$GOSTOP_DATA_DIR``...); ``postgresql+psycopg://user@host/db`` uses PostgreSQL. The methods
are synchronous (the server calls them from a worker thread).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gostop.errors import GostopError

__all__ = ["Store", "RoomRow", "metadata", "default_db_url", "token_hash", "StoreError"]

metadata = sa.MetaData()

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("creator", sa.String(64), nullable=False),
    sa.Column("record", sa.Text, nullable=True),
    sa.Index("ix_rooms_state_created", "state", "created_at"),
    sa.Index("ix_rooms_creator_state", "creator", "state"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(128), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


class StoreError(GostopError, RuntimeError):
    """The database cannot be opened or migrated (message for people)."""


def default_db_url() -> str:
    """SQLite in the data directory of the terminal game."""
    from gostop.paths import data_dir  # the one place that knows the data dir

    path = data_dir() / "server.sqlite"
    return f"sqlite:///{path}"


def token_hash(token: str) -> str:
    """What the database keeps of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class RoomRow:
    """A room as stored."""

    id: str
    config: dict[str, Any]
    seed: int
    state: str
    version: int
    public: bool
    creator: str
    created_at: datetime
    record: str | None


def _row(r: Any) -> RoomRow:
    return RoomRow(
        id=r.id,
        config=json.loads(r.config),
        seed=int(r.seed),
        state=r.state,
        version=int(r.version),
        public=bool(r.public),
        creator=r.creator,
        created_at=r.created_at,
        record=r.record,
    )


class Store:
    """The server's repository (see the module docstring)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_db_url()
        self.sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"future": True}
        if self.sqlite:
            db_path = self.url.split("///", 1)[-1]
            if db_path and db_path != ":memory:":
                Path(db_path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 8
            kwargs["max_overflow"] = 8
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: Engine = sa.create_engine(self.url, **kwargs)
        except (sa.exc.ArgumentError, ImportError, ValueError) as exc:
            raise StoreError(f"cannot use database {self.safe_url}: {exc}") from None
        if self.sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    @property
    def safe_url(self) -> str:
        """The URL without a password."""
        try:
            return sa.engine.make_url(self.url).render_as_string(hide_password=True)
        except Exception:
            return "(unreadable database URL)"

    def migrate(self) -> None:
        """Create or upgrade the tables (Alembic, to the newest revision)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
        try:
            with self.engine.begin() as conn:
                if not self.sqlite:
                    # several processes may start at once: one migrates, the others wait
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(770077)"))
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        except sa.exc.OperationalError as exc:
            raise StoreError(f"cannot open database {self.safe_url}: {exc.orig}") from None

    def dispose(self) -> None:
        self.engine.dispose()

    # -- rooms ---------------------------------------------------------------------------

    def create_room(
        self, room_id: str, config: dict[str, Any], seed: int, public: bool, creator: str, state: str,
        tokens: dict[int, str] | None = None,
    ) -> None:
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(
                rooms.insert().values(
                    id=room_id, created_at=now, updated_at=now, config=json.dumps(config), seed=seed,
                    state=state, version=0, public=public, creator=creator, record=None,
                )
            )
            n = len(config["seats"])
            conn.execute(
                seats.insert(),
                [{"room_id": room_id, "seat": s, "token_hash": (tokens or {}).get(s)} for s in range(n)],
            )

    def get_room(self, room_id: str) -> RoomRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(rooms).where(rooms.c.id == room_id)).first()
        return None if r is None else _row(r)

    def list_rooms(self, state: str | None, limit: int, public_only: bool = True) -> list[RoomRow]:
        q = sa.select(rooms).order_by(rooms.c.created_at.desc()).limit(limit)
        if public_only:
            q = q.where(rooms.c.public.is_(True))
        if state is not None:
            q = q.where(rooms.c.state == state)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q)]

    def version_of(self, room_id: str) -> int | None:
        """The room's committed version (None: no such room)."""
        with self.engine.connect() as conn:
            v = conn.execute(sa.select(rooms.c.version).where(rooms.c.id == room_id)).scalar_one_or_none()
        return None if v is None else int(v)

    def versions(self, room_ids: list[str]) -> dict[str, int]:
        """The committed versions of several rooms (one query)."""
        if not room_ids:
            return {}
        with self.engine.connect() as conn:
            q = sa.select(rooms.c.id, rooms.c.version).where(rooms.c.id.in_(room_ids))
            return {r.id: int(r.version) for r in conn.execute(q)}

    def get_record(self, room_id: str) -> tuple[str, str | None] | None:
        """The room's state and stored record text (None: no such room)."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(rooms.c.state, rooms.c.record).where(rooms.c.id == room_id)).first()
        return None if r is None else (r.state, r.record)

    def room_ids(self, state: str) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(sa.select(rooms.c.id).where(rooms.c.state == state))]

    def active_rooms_of(self, creator: str) -> int:
        q = sa.select(sa.func.count()).select_from(rooms).where(
            rooms.c.creator == creator, rooms.c.state.in_(("waiting", "playing"))
        )
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar_one())

    def update_room(
        self,
        room_id: str,
        change: Callable[[RoomRow], tuple[dict[str, Any], str, dict[int, str | None]]],
    ) -> RoomRow:
        """Change a room's choices under its row lock: ``change(row)`` returns the new config,
        the new state and the seat token hashes to set; it may raise to abort."""
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(rooms).where(rooms.c.id == room_id).with_for_update()).first()
            if r is None:
                raise KeyError(room_id)
            row = _row(r)
            config, state, hashes = change(row)
            conn.execute(
                rooms.update().where(rooms.c.id == room_id).values(config=json.dumps(config), state=state, updated_at=_now())
            )
            for seat, h in hashes.items():
                conn.execute(seats.update().where(seats.c.room_id == room_id, seats.c.seat == seat).values(token_hash=h))
        return RoomRow(row.id, config, row.seed, state, row.version, row.public, row.creator, row.created_at, row.record)

    def seat_of_token(self, room_id: str, token: str) -> int | None:
        """The seat whose token this is (every seat's hash compared in constant time)."""
        wanted = token_hash(token)
        found = None
        with self.engine.connect() as conn:
            for r in conn.execute(sa.select(seats.c.seat, seats.c.token_hash).where(seats.c.room_id == room_id)):
                if r.token_hash is not None and hmac.compare_digest(r.token_hash, wanted):
                    found = int(r.seat)
        return found

    # -- play ----------------------------------------------------------------------------

    def load_actions(self, room_id: str) -> list[tuple[int, str]]:
        q = sa.select(actions.c.seat, actions.c.action).where(actions.c.room_id == room_id).order_by(actions.c.version)
        with self.engine.connect() as conn:
            return [(int(r.seat), r.action) for r in conn.execute(q)]

    def commit_action(
        self, room_id: str, version: int, seat: int, action: str, state: str, record: str | None = None
    ) -> bool:
        """Commit the action decided at ``version`` (the room's version becomes ``version + 1``).

        Returns False, writing nothing, when the room is no longer at ``version`` (another
        process was first)."""
        try:
            with self.engine.begin() as conn:
                cur = conn.execute(
                    sa.select(rooms.c.version).where(rooms.c.id == room_id).with_for_update()
                ).scalar_one_or_none()
                if cur is None or int(cur) != version:
                    return False
                conn.execute(
                    actions.insert().values(room_id=room_id, version=version, seat=seat, action=action, created_at=_now())
                )
                values: dict[str, Any] = {"version": version + 1, "state": state, "updated_at": _now()}
                if record is not None:
                    values["record"] = record
                res = conn.execute(
                    rooms.update().where(rooms.c.id == room_id, rooms.c.version == version).values(**values)
                )
                if res.rowcount != 1:
                    raise _Conflict
        except (_Conflict, sa.exc.IntegrityError):
            return False
        return True


    def set_state(self, room_id: str, state: str, record: str | None = None) -> None:
        """Set a room's state (and its record, when given)."""
        values: dict[str, Any] = {"state": state, "updated_at": _now()}
        if record is not None:
            values["record"] = record
        with self.engine.begin() as conn:
            conn.execute(rooms.update().where(rooms.c.id == room_id).values(**values))


class _Conflict(GostopError):
    pass


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL + synchronous=NORMAL: a committed transaction survives the process being killed.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
