"""Where the game server keeps its rooms: a repository over SQLAlchemy 2 (SQLite or PostgreSQL).

Tables (created by the Alembic migrations in :mod:`gostop.server.migrations`, run at
startup): ``rooms`` (the room's choices as JSON, the match seed, state and version, the final
record once over and when the match ended: ``ended_at``, UTC, NULL for a room not over and for
one that ended before revision 0003 kept it), ``seats`` (only the SHA-256 hash of each seat's token), ``actions`` (every
committed action, keyed by room and version), ``transfers`` (a seat's pending one-time transfer
code, hashed, with its expiry and the wrong tries) and ``rematches`` / ``rematch_votes`` (a
finished room's rematch: the new room's id and each seat's answer, with the hash of the new
seat token of a seat that accepted). A room is rebuilt by replaying its actions, so
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

__all__ = ["Store", "RoomRow", "RematchRow", "NewRoom", "metadata", "default_db_url", "token_hash", "StoreError"]

metadata = sa.MetaData()

#: The newest revision of ``migrations/versions`` (what ``alembic heads`` says; a test checks).
SCHEMA_HEAD = "0003"

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
    #: when the match ended (UTC): set once, when the room's state becomes ``over``
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_rooms_state_created", "state", "created_at"),
    sa.Index("ix_rooms_creator_state", "creator", "state"),
    sa.Index("ix_rooms_state_ended", "state", "ended_at"),
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


transfers = sa.Table(
    "transfers",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("code_hash", sa.String(64), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("tries", sa.Integer, nullable=False),
)

rematches = sa.Table(
    "rematches",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("next_id", sa.String(32), nullable=False),
    sa.Column("done", sa.Boolean, nullable=False),
)

rematch_votes = sa.Table(
    "rematch_votes",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("accept", sa.Boolean, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
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
    #: when the match ended (UTC); None: not over, or over before the store kept it (0003)
    ended_at: datetime | None = None


@dataclass(frozen=True)
class RematchRow:
    """A finished room's rematch: the new room's id (reserved at the first answer), whether it
    exists yet, and each seat's answer."""

    next_id: str
    done: bool
    votes: dict[int, bool]


@dataclass(frozen=True)
class NewRoom:
    """A room to create: its choices, seed, state and the seats whose tokens the rematch
    answers hold."""

    config: dict[str, Any]
    seed: int
    state: str
    humans: tuple[int, ...]


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)  # SQLite gives naive UTC times


def _unseated() -> Any:
    """A room none of whose seats has a token (nobody sits in it)."""
    return ~sa.exists().where(seats.c.room_id == rooms.c.id, seats.c.token_hash.is_not(None))


def _stale_waiting(stale_before: datetime) -> Any:
    """A waiting room nobody sits in, unchanged since ``stale_before``."""
    return sa.and_(rooms.c.state == "waiting", rooms.c.updated_at < stale_before, _unseated())


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
        ended_at=None if r.ended_at is None else _aware(r.ended_at),
    )


def _ended_now(room_id: str, now: datetime) -> Any:
    """The value of ``ended_at`` for a room whose state becomes ``over``: the one it has (the
    end is recorded once: a record written again keeps it), else when its last action was
    committed (the action that ended the match: its record may be written later, e.g. by the
    maintenance task after a failure), else ``now`` (a match decided at the deal has none)."""
    last = sa.select(sa.func.max(actions.c.created_at)).where(actions.c.room_id == room_id).scalar_subquery()
    return sa.func.coalesce(rooms.c.ended_at, last, sa.literal(now, sa.DateTime(timezone=True)))


#: PostgreSQL: longest a statement waits for a lock, and longest a statement runs, in seconds.
#: A lock held too long (a stuck transaction, an operator's ``LOCK TABLE``) turns into an error
#: that is logged and answered (the commit is refused: the player decides again, the bot driver
#: tries again) instead of a hang that takes the database threads with it.
LOCK_TIMEOUT = 5.0
STATEMENT_TIMEOUT = 30.0


class Store:
    """The server's repository (see the module docstring)."""

    def __init__(self, url: str | None = None, lock_timeout: float = LOCK_TIMEOUT,
                 statement_timeout: float = STATEMENT_TIMEOUT) -> None:
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
        elif self.engine.dialect.name == "postgresql":
            sa.event.listen(self.engine, "connect", _pg_timeouts(lock_timeout, statement_timeout))

    @property
    def safe_url(self) -> str:
        """The URL without a password."""
        try:
            return sa.engine.make_url(self.url).render_as_string(hide_password=True)
        except Exception:
            return "(unreadable database URL)"

    def migrate(self) -> None:
        """Create or upgrade the tables to the newest revision.

        A database already at :data:`SCHEMA_HEAD` is left as it is, and an empty one gets the
        tables of :data:`metadata` and the head revision at once (Alembic's "create the tables,
        then stamp" for a new database): neither imports Alembic, which took a fifth of a
        server's start-up. Any other database is upgraded by Alembic's migrations. The tests
        check that the migrations build exactly :data:`metadata`, and that ``SCHEMA_HEAD`` is
        their head."""
        try:
            with self.engine.begin() as conn:
                if not self.sqlite:
                    # several processes may start at once: one migrates, the others wait (as long
                    # as it takes: no lock or statement timeout here)
                    conn.execute(sa.text("SET LOCAL lock_timeout = 0"))
                    conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(770077)"))
                tables = set(sa.inspect(conn).get_table_names())
                if "alembic_version" in tables:
                    current = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all()
                    if current == [SCHEMA_HEAD]:
                        return
                elif not tables:
                    metadata.create_all(conn)
                    version = sa.Table(  # the table as Alembic makes it
                        "alembic_version", sa.MetaData(),
                        sa.Column("version_num", sa.String(32), nullable=False),
                        sa.PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
                    )
                    version.create(conn)
                    conn.execute(version.insert().values(version_num=SCHEMA_HEAD))
                    return
                self._upgrade(conn)
        except sa.exc.OperationalError as exc:
            raise StoreError(f"cannot open database {self.safe_url}: {exc.orig}") from None

    @staticmethod
    def _upgrade(conn: Any) -> None:
        """Alembic's migrations, from the database's revision to the head."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")

    def dispose(self) -> None:
        self.engine.dispose()

    # -- rooms ---------------------------------------------------------------------------

    def create_room(
        self, room_id: str, config: dict[str, Any], seed: int, public: bool, creator: str, state: str,
        tokens: dict[int, str] | None = None,
    ) -> None:
        with self.engine.begin() as conn:
            self._insert_room(conn, room_id, config, seed, public, creator, state, tokens)

    @staticmethod
    def _insert_room(
        conn: Any, room_id: str, config: dict[str, Any], seed: int, public: bool, creator: str, state: str,
        tokens: dict[int, str] | None = None,
    ) -> None:
        now = _now()
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

    def list_rooms(self, state: str | None, limit: int, public_only: bool = True, offset: int = 0) -> list[RoomRow]:
        """Rooms newest first: by creation, finished rooms (``state="over"``) by their end
        (those that ended before the store kept it, ``ended_at`` NULL, last, by creation); the
        first ``offset`` of them skipped (a lobby's next page)."""
        order: list[Any] = [rooms.c.created_at.desc()]
        if state == "over":
            order = [rooms.c.ended_at.is_(None), rooms.c.ended_at.desc(), *order]
        q = sa.select(rooms).order_by(*order, rooms.c.id).limit(limit).offset(offset)
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

    def active_rooms_of(self, creator: str, stale_before: datetime | None = None) -> int:
        """The creator's open rooms (waiting or playing), without the waiting rooms nobody sits
        in that have not changed since ``stale_before`` (expired: :meth:`expire_waiting`)."""
        q = sa.select(sa.func.count()).select_from(rooms).where(
            rooms.c.creator == creator, rooms.c.state.in_(("waiting", "playing"))
        )
        if stale_before is not None:
            q = q.where(sa.not_(_stale_waiting(stale_before)))
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar_one())

    def oldest_unseated_of(self, creator: str, stale_before: datetime) -> datetime | None:
        """When the least recently changed of the creator's waiting rooms nobody sits in (and
        not expired: changed since ``stale_before``) last changed; None: the creator has none."""
        q = sa.select(sa.func.min(rooms.c.updated_at)).where(
            rooms.c.creator == creator, rooms.c.state == "waiting", rooms.c.updated_at >= stale_before, _unseated()
        )
        with self.engine.connect() as conn:
            t = conn.execute(q).scalar_one_or_none()
        return None if t is None else _aware(t)

    def expire_waiting(self, stale_before: datetime, limit: int = 500) -> list[str]:
        """Delete the waiting rooms nobody sits in (no seat token) unchanged since
        ``stale_before``; their ids. A seat taken meanwhile keeps its room: the room rows are
        locked and checked again (a join changes ``updated_at`` under the same lock)."""
        with self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(
                sa.select(rooms.c.id).where(_stale_waiting(stale_before)).limit(limit).with_for_update()
            )]
            if not ids:
                return []
            conn.execute(rooms.delete().where(rooms.c.id.in_(ids), _stale_waiting(stale_before)))
            kept = {r.id for r in conn.execute(sa.select(rooms.c.id).where(rooms.c.id.in_(ids)))}
        return [i for i in ids if i not in kept]

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
        return RoomRow(row.id, config, row.seed, state, row.version, row.public, row.creator, row.created_at, row.record,
                       row.ended_at)

    def seat_of_token(self, room_id: str, token: str) -> int | None:
        """The seat whose token this is (every seat's hash compared in constant time)."""
        wanted = token_hash(token)
        found = None
        with self.engine.connect() as conn:
            for r in conn.execute(sa.select(seats.c.seat, seats.c.token_hash).where(seats.c.room_id == room_id)):
                if r.token_hash is not None and hmac.compare_digest(r.token_hash, wanted):
                    found = int(r.seat)
        return found

    def seat_token_hash(self, room_id: str, seat: int) -> str | None:
        with self.engine.connect() as conn:
            h = conn.execute(
                sa.select(seats.c.token_hash).where(seats.c.room_id == room_id, seats.c.seat == seat)
            ).scalar_one_or_none()
        return None if h is None else str(h)

    # -- seat moves ----------------------------------------------------------------------

    def new_transfer(self, room_id: str, seat: int, code_hash: str, expires_at: datetime) -> None:
        """The seat's one pending transfer code (replacing an earlier one)."""
        with self.engine.begin() as conn:
            conn.execute(transfers.delete().where(transfers.c.room_id == room_id, transfers.c.seat == seat))
            conn.execute(transfers.insert().values(room_id=room_id, seat=seat, code_hash=code_hash,
                                                   expires_at=expires_at, tries=0))

    def redeem_transfer(self, room_id: str, code_hash: str, new_token_hash: str, max_tries: int) -> tuple[str, int | None]:
        """Redeem a transfer code under the room's row lock: ``("ok", seat)`` (the code is used
        up and the seat's token hash replaced), ``("wrong", None)`` (no pending code matches:
        every pending code of the room counts one more wrong try) or ``("locked", None)`` (that
        was one wrong try too many: the room's pending codes are void)."""
        now = _now()
        with self.engine.begin() as conn:
            if conn.execute(sa.select(rooms.c.id).where(rooms.c.id == room_id).with_for_update()).first() is None:
                raise KeyError(room_id)
            pending = list(conn.execute(sa.select(transfers).where(transfers.c.room_id == room_id)))
            found = None
            for r in pending:
                if _aware(r.expires_at) > now and hmac.compare_digest(r.code_hash, code_hash):
                    found = int(r.seat)
            conn.execute(transfers.delete().where(transfers.c.room_id == room_id, transfers.c.expires_at <= now))
            if found is not None and conn.execute(
                sa.select(seats.c.token_hash).where(seats.c.room_id == room_id, seats.c.seat == found)
            ).scalar_one_or_none() is None:  # the player left the seat since: the code went with it
                conn.execute(transfers.delete().where(transfers.c.room_id == room_id, transfers.c.seat == found))
                return "wrong", None
            if found is not None:
                conn.execute(transfers.delete().where(transfers.c.room_id == room_id, transfers.c.seat == found))
                conn.execute(seats.update().where(seats.c.room_id == room_id, seats.c.seat == found)
                             .values(token_hash=new_token_hash))
                return "ok", found
            live = [r for r in pending if _aware(r.expires_at) > now]
            if any(int(r.tries) + 1 >= max_tries for r in live):
                conn.execute(transfers.delete().where(transfers.c.room_id == room_id))
                return "locked", None
            conn.execute(transfers.update().where(transfers.c.room_id == room_id).values(tries=transfers.c.tries + 1))
            return "wrong", None

    def rematch_of(self, room_id: str) -> RematchRow | None:
        with self.engine.connect() as conn:
            return self._rematch(conn, room_id)

    @staticmethod
    def _rematch(conn: Any, room_id: str) -> RematchRow | None:
        r = conn.execute(sa.select(rematches).where(rematches.c.room_id == room_id)).first()
        if r is None:
            return None
        votes = {int(v.seat): bool(v.accept)
                 for v in conn.execute(sa.select(rematch_votes).where(rematch_votes.c.room_id == room_id))}
        return RematchRow(r.next_id, bool(r.done), votes)

    def vote_rematch(
        self, room_id: str, seat: int, accept: bool, token_hash_: str | None, new_id: str,
        plan: Callable[[RoomRow, dict[int, bool]], NewRoom | None],
    ) -> tuple[str, RematchRow]:
        """Record a seat's rematch answer under the room's row lock (the first answer reserves
        the new room's id ``new_id``). ``plan(row, votes)`` says whether the new room is to be
        created now (in the same transaction, with the accepted seats' token hashes). Returns
        ``("ok" | "created" | "reissued" | "closed" | "not_over", rematch)``: ``reissued`` -- the
        new room exists and the seat, which accepted, gets a new token; ``closed`` -- the new room
        exists and the answer changes nothing."""
        with self.engine.begin() as conn:
            r = conn.execute(sa.select(rooms).where(rooms.c.id == room_id).with_for_update()).first()
            if r is None:
                raise KeyError(room_id)
            row = _row(r)
            if row.state != "over":
                return "not_over", RematchRow(new_id, False, {})
            found = self._rematch(conn, room_id)
            if found is None:
                conn.execute(rematches.insert().values(room_id=room_id, next_id=new_id, done=False))
                found = RematchRow(new_id, False, {})
            if found.done:
                if accept and found.votes.get(seat) and token_hash_ is not None:
                    conn.execute(seats.update().where(seats.c.room_id == found.next_id, seats.c.seat == seat)
                                 .values(token_hash=token_hash_))
                    conn.execute(rematch_votes.update().where(rematch_votes.c.room_id == room_id,
                                                              rematch_votes.c.seat == seat).values(token_hash=token_hash_))
                    return "reissued", found
                return "closed", found
            conn.execute(rematch_votes.delete().where(rematch_votes.c.room_id == room_id, rematch_votes.c.seat == seat))
            conn.execute(rematch_votes.insert().values(room_id=room_id, seat=seat, accept=accept,
                                                       token_hash=token_hash_ if accept else None))
            votes = {**found.votes, seat: accept}
            new = plan(row, votes)
            if new is None:
                return "ok", RematchRow(found.next_id, False, votes)
            hashes = {int(v.seat): v.token_hash for v in conn.execute(
                sa.select(rematch_votes).where(rematch_votes.c.room_id == room_id, rematch_votes.c.accept.is_(True)))}
            tokens = {s: h for s, h in hashes.items() if h is not None and s in new.humans}
            self._insert_room(conn, found.next_id, new.config, new.seed, row.public, row.creator, new.state, tokens)
            conn.execute(rematches.update().where(rematches.c.room_id == room_id).values(done=True))
            return "created", RematchRow(found.next_id, True, votes)

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
                now = _now()
                values: dict[str, Any] = {"version": version + 1, "state": state, "updated_at": now}
                if record is not None:
                    values["record"] = record
                if state == "over":
                    values["ended_at"] = sa.func.coalesce(rooms.c.ended_at, sa.literal(now, sa.DateTime(timezone=True)))
                res = conn.execute(
                    rooms.update().where(rooms.c.id == room_id, rooms.c.version == version).values(**values)
                )
                if res.rowcount != 1:
                    raise _Conflict
        except (_Conflict, sa.exc.IntegrityError):
            return False
        return True


    def set_state(self, room_id: str, state: str, record: str | None = None) -> datetime | None:
        """Set a room's state (and its record, when given). ``over`` records when the match
        ended (once: see :func:`_ended_now`); returns the room's ``ended_at``."""
        now = _now()
        values: dict[str, Any] = {"state": state, "updated_at": now}
        if record is not None:
            values["record"] = record
        if state == "over":
            values["ended_at"] = _ended_now(room_id, now)
        with self.engine.begin() as conn:
            conn.execute(rooms.update().where(rooms.c.id == room_id).values(**values))
            ended = conn.execute(sa.select(rooms.c.ended_at).where(rooms.c.id == room_id)).scalar_one_or_none()
        return None if ended is None else _aware(ended)


class _Conflict(GostopError):
    pass


def _pg_timeouts(lock_timeout: float, statement_timeout: float) -> Callable[[Any, Any], None]:
    """A new PostgreSQL connection's lock and statement timeouts (committed: a rolled-back
    ``SET`` would be undone)."""

    def setup(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute(f"SET lock_timeout = {int(lock_timeout * 1000)}")
        cur.execute(f"SET statement_timeout = {int(statement_timeout * 1000)}")
        cur.close()
        dbapi_conn.commit()

    return setup


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL + synchronous=NORMAL: a committed transaction survives the process being killed.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
