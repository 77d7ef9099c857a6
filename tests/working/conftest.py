"""Fixtures of the working-state tests: every test runs on real MariaDB and real SQLite.

MariaDB tests use the server at ``TEST_MYSQL_URL`` (default the local ``test`` database)
with a fresh table prefix per test, dropped afterwards; SQLite tests use a file in
``tmp_path``.
"""
from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import AsyncIterator, Callable

import pytest

from memory.working.dialects import connect_mysql, connect_sqlite
from memory.working.sql_store import SqlWorkingStore

MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")
BACKENDS = ["mariadb", "sqlite"]


class Backend:
    """Where one test's data lives; ``store()`` opens another store on the same tables."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        self.prefix = f"t{uuid.uuid4().hex[:10]}_"
        self.location = MYSQL_URL if kind == "mariadb" else str(tmp_path / "working.sqlite3")
        self.opened: list[SqlWorkingStore] = []

    def store(self) -> SqlWorkingStore:
        if self.kind == "mariadb":
            store = SqlWorkingStore.for_mysql(self.location, table_prefix=self.prefix)
        else:
            store = SqlWorkingStore.for_sqlite(self.location, table_prefix=self.prefix)
        self.opened.append(store)
        return store

    def raw_query(self, sql: str) -> list[tuple]:
        """Run ``sql`` on a plain driver connection (to look behind the store's back)."""
        conn = connect_mysql(self.location) if self.kind == "mariadb" else connect_sqlite(self.location)
        try:
            cur = conn.cursor()
            cur.execute(sql.replace("{p}", self.prefix))
            rows = cur.fetchall() if cur.description else []
            cur.close()
            return rows
        finally:
            conn.close()

    def drop_tables(self) -> None:
        for table in ("tasks", "user_consent", "api_keys", "batch_claims", "schema_migrations"):
            self.raw_query(f"DROP TABLE IF EXISTS {{p}}{table}")


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh, empty location on the parametrised engine; cleaned up after the test."""
    where = Backend(request.param, tmp_path)
    yield where
    for store in where.opened:
        await store.close()
    if where.kind == "mariadb":
        where.drop_tables()


@pytest.fixture
async def store(backend: Backend) -> SqlWorkingStore:
    """A migrated store on the parametrised engine."""
    opened = backend.store()
    await opened.migrate()
    return opened


@pytest.fixture
def user() -> Callable[[str], str]:
    """Unique user ids, so rows of different tests never meet."""
    run = uuid.uuid4().hex[:8]
    return lambda name: f"{name}-{run}"
