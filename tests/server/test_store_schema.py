"""The server's database schema: Alembic's migrations and the fast start of ``Store.migrate``.

``Store.migrate`` creates an empty database's tables from ``store.metadata`` and stamps it at
``SCHEMA_HEAD`` without Alembic, and leaves a database at the head alone; these tests hold that
to the migrations: they build exactly that schema, their head is ``SCHEMA_HEAD``, and an older
database is still upgraded by them. On a real SQLite file and a real PostgreSQL database.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from gostop.server import store as store_module
from gostop.server.store import SCHEMA_HEAD, Store, metadata

MIGRATIONS = Path(store_module.__file__).with_name("migrations")


def _alembic_config() -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def _alembic_upgrade(store: Store, revision: str) -> None:
    from alembic import command

    cfg = _alembic_config()
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def _schema(engine: sa.Engine) -> dict[str, Any]:
    """Everything of the schema that a query can tell apart, table by table."""
    out: dict[str, Any] = {}
    with engine.connect() as conn:
        insp = sa.inspect(conn)
        for table in sorted(insp.get_table_names()):
            out[table] = {
                "columns": [(c["name"], str(c["type"]), c["nullable"], str(c.get("default")))
                            for c in insp.get_columns(table)],
                "pk": insp.get_pk_constraint(table)["constrained_columns"],
                "fks": sorted((tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]),
                               str((f.get("options") or {}).get("ondelete"))) for f in insp.get_foreign_keys(table)),
                "indexes": sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                                  for i in insp.get_indexes(table)),
                "unique": sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(table)),
            }
        out["version"] = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all()
    return out


@pytest.fixture(params=["sqlite", "postgresql"])
def urls(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two empty databases of one kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'a.sqlite'}", f"sqlite:///{tmp_path / 'b.sqlite'}"
        return
    from serverproc import need_service, postgres_database, postgres_ok

    need_service("PostgreSQL", postgres_ok())
    with postgres_database() as a, postgres_database() as b:
        yield a, b


def test_schema_head_is_the_migrations_head() -> None:
    from alembic.script import ScriptDirectory

    assert ScriptDirectory.from_config(_alembic_config()).get_heads() == [SCHEMA_HEAD]


def test_a_new_database_gets_the_schema_the_migrations_build(urls: tuple[str, str]) -> None:
    by_alembic, by_start = Store(urls[0]), Store(urls[1])
    try:
        _alembic_upgrade(by_alembic, "head")
        by_start.migrate()
        assert _schema(by_alembic.engine) == _schema(by_start.engine)
        assert _schema(by_start.engine)["version"] == [SCHEMA_HEAD]
        # and Alembic's own comparison finds nothing between the migrations and the metadata
        from alembic.autogenerate import compare_metadata
        from alembic.migration import MigrationContext

        with by_alembic.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        # a started database is at the head for Alembic too: an upgrade has nothing to do
        _alembic_upgrade(by_start, "head")
        assert _schema(by_start.engine) == _schema(by_alembic.engine)
    finally:
        by_alembic.dispose()
        by_start.dispose()


def test_an_older_database_is_upgraded_by_the_migrations_and_keeps_its_rooms(urls: tuple[str, str]) -> None:
    old, new = Store(urls[0]), Store(urls[1])
    try:
        _alembic_upgrade(old, "0001")
        with old.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO rooms (id, created_at, updated_at, config, seed, state, version, public, "
                                 "creator) VALUES ('r1', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, '{}', 7, 'waiting', 0, "
                                 "true, 'c')"))
        old.migrate()
        new.migrate()
        assert _schema(old.engine) == _schema(new.engine)
        assert old.get_room("r1") is not None and old.get_room("r1").seed == 7  # type: ignore[union-attr]
    finally:
        old.dispose()
        new.dispose()


def test_a_database_at_the_head_starts_without_alembic(tmp_path: Path) -> None:
    """A server's start (twice: a new database, then a restart) never imports Alembic."""
    url = f"sqlite:///{tmp_path / 'server.sqlite'}"
    code = (
        "import sys\n"
        "from gostop.server.store import Store\n"
        f"s = Store({url!r}); s.migrate(); s.dispose()\n"
        f"s = Store({url!r}); s.migrate(); s.dispose()\n"
        "print('alembic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "False"
    assert _schema(sa.create_engine(url))["version"] == [SCHEMA_HEAD]


def test_rooms_that_ended_before_revision_0003_keep_no_end_time(urls: tuple[str, str]) -> None:
    """A database at 0002 (no ``ended_at``) upgraded at start: its finished room keeps NULL and
    is listed after the rooms that end from now on; a room still playing records its end."""
    old = Store(urls[0])
    try:
        _alembic_upgrade(old, "0002")
        with old.engine.begin() as conn:
            for room_id, made, state, record in (("legacy", "2026-01-02 10:00:00", "over", "'{}'"),
                                                 ("live", "2026-01-01 10:00:00", "playing", "null")):
                conn.execute(sa.text(
                    "INSERT INTO rooms (id, created_at, updated_at, config, seed, state, version, public, creator, record) "
                    f"VALUES ('{room_id}', '{made}', '{made}', '{{}}', 7, '{state}', 0, true, 'c', {record})"))
        old.migrate()
        assert _schema(old.engine)["version"] == [SCHEMA_HEAD] == ["0003"]
        assert "ended_at" in [c["name"] for c in sa.inspect(old.engine).get_columns("rooms")]
        legacy = old.get_room("legacy")
        assert legacy is not None and legacy.state == "over" and legacy.record == "{}" and legacy.ended_at is None
        ended = old.set_state("live", "over", "{}")
        assert ended is not None and old.get_room("live").ended_at == ended  # type: ignore[union-attr]
        # made after "live" but without an end time: listed after it
        assert [r.id for r in old.list_rooms("over", 10)] == ["live", "legacy"]
        assert [r.id for r in old.list_rooms(None, 10)] == ["legacy", "live"]
    finally:
        old.dispose()
