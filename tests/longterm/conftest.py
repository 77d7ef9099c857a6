"""One embedded PostgreSQL + pgvector server for every long-term test (session scope).

Tests that need an empty schema get their own database (``fresh_dsn``); the rest share
one store and keep apart by using their own user ids, which is the product's rule anyway.
"""
from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import numpy as np
import psycopg2
import pytest
from psycopg2.extensions import make_dsn

from memory.longterm.embedded import EmbeddedPostgres, start_embedded_sync
from memory.longterm.pgvector_store import PgVectorStore, connect

DIM = 64
MODEL = "test-model-64"


def _server_tmpdir() -> Path:
    # Not under pytest's tmp_path: pytest resets /tmp/pytest-of-<user> to mode 0700 whenever a
    # session starts, which locks the unprivileged 'pgserver' user out when tests run as root.
    return Path(tempfile.mkdtemp(prefix="memory-agent-lt-"))


@pytest.fixture
def server_tmpdir() -> Iterator[Path]:
    """A temporary folder an embedded server (running as 'pgserver' under root) can use."""
    path = _server_tmpdir()
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[EmbeddedPostgres]:
    """The embedded server, started once in a temporary data folder."""
    path = _server_tmpdir()
    server = start_embedded_sync(path / "pgdata")
    yield server
    server.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def create_database(pg_server: EmbeddedPostgres) -> Callable[[], str]:
    """Factory: a new empty database on the shared server; returns its DSN."""

    def create() -> str:
        name = f"lt_{uuid.uuid4().hex[:12]}"
        conn = psycopg2.connect(pg_server.dsn)
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute(f'CREATE DATABASE "{name}"')
        conn.close()
        return make_dsn(pg_server.dsn, dbname=name)

    return create


@pytest.fixture
def fresh_dsn(create_database: Callable[[], str]) -> str:
    """DSN of a database of its own (for migrations, model switches, re-embedding)."""
    return create_database()


@pytest.fixture(scope="session")
async def store(create_database: Callable[[], str]) -> AsyncIterator[PgVectorStore]:
    """The shared migrated store, ``DIM``-dimensional, embedded with ``MODEL``."""
    s = await connect(create_database(), DIM, hnsw_ef_search=100)
    yield s
    await s.close()


@pytest.fixture
def rng() -> np.random.Generator:
    """Seeded randomness, so a failure can be replayed."""
    return np.random.default_rng(1234)


@pytest.fixture
def model_id() -> str:
    """The embedding model id the shared store was written with."""
    return MODEL


@pytest.fixture
def unit_vectors(rng: np.random.Generator) -> Callable[..., np.ndarray]:
    """Factory: ``n`` random unit vectors (float32), like a real embedder's output."""

    def make(n: int, dim: int = DIM) -> np.ndarray:
        v = rng.standard_normal((n, dim)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    return make


@pytest.fixture
def new_user() -> Callable[[], str]:
    """Factory: a user id no other test uses."""
    return lambda: f"u-{uuid.uuid4().hex[:10]}"
