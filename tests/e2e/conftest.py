"""End-to-end fixtures: the whole product over real stores with the offline model.

Short-term: the real Redis (unique key prefix per test); working state: the real MariaDB;
long-term: an embedded PostgreSQL + pgvector (one server, a fresh database per test).
"""
from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg2
import pytest
from psycopg2.extensions import make_dsn

from app.container import Runtime, open_runtime
from app.settings import Settings, load_settings
from memory.longterm.embedded import EmbeddedPostgres, start_embedded_sync

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")


@pytest.fixture(scope="session")
def e2e_pg() -> Iterator[EmbeddedPostgres]:
    """One embedded PostgreSQL for the end-to-end tests (not under pytest's 0700 tmp)."""
    path = Path(tempfile.mkdtemp(prefix="memory-agent-e2e-"))
    server = start_embedded_sync(path / "pgdata")
    yield server
    server.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def e2e_env(e2e_pg: EmbeddedPostgres, tmp_path: Path) -> dict[str, str]:
    """Environment variables of a fresh deployment: own database, own Redis prefix."""
    name = f"e2e_{uuid.uuid4().hex[:10]}"
    conn = psycopg2.connect(e2e_pg.dsn)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    conn.close()
    return {
        "MEMORY_AGENT_HOME": str(tmp_path / "home"),
        "REDIS_URL": REDIS_URL,
        "REDIS_PREFIX": f"e2e{uuid.uuid4().hex[:10]}",
        "MYSQL_URL": MYSQL_URL,
        "PG_DSN": make_dsn(e2e_pg.dsn, dbname=name),
        "RECALL_CACHE_TTL_SECONDS": "300",
    }


def settings_from(env: dict[str, str], **overrides: object) -> Settings:
    """Settings of that deployment (plus overrides)."""
    fields = {k.lower(): v for k, v in env.items()}
    fields.update(overrides)
    return load_settings(**fields)


@pytest.fixture
async def runtime(e2e_env: dict[str, str]) -> AsyncIterator[Runtime]:
    """The opened runtime of the deployment."""
    rt = await open_runtime(settings_from(e2e_env))
    yield rt
    await rt.aclose()
