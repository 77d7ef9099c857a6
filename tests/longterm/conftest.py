"""Long-term tests share the session's embedded PostgreSQL + pgvector (``tests/conftest.py``).

Tests that need an empty schema get their own database (``fresh_dsn``); the rest share
one store and keep apart by using their own user ids, which is the product's rule anyway.
"""
from __future__ import annotations

import shutil
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any
from pathlib import Path

import numpy as np
import pytest

from memory.longterm.pgvector_store import PgVectorStore, connect
from tests.conftest import server_tmpdir_path

DIM = 64
MODEL = "test-model-64"


@pytest.fixture
def server_tmpdir() -> Iterator[Path]:
    """A temporary folder an embedded server (running as 'pgserver' under root) can use."""
    path = server_tmpdir_path()
    yield path
    shutil.rmtree(path, ignore_errors=True)


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


def index_and_partitions(cur: Any, index: str) -> list[str]:
    """``index`` and its per-partition children (``memories`` is hash-partitioned by user id)."""
    cur.execute("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                "WHERE i.inhparent = %s::regclass", (index,))
    return [index, *(r[0] for r in cur.fetchall())]


def uses_index(plan: str, names: list[str]) -> bool:
    """Whether an EXPLAIN text scans one of ``names``."""
    return any(f"using {name} " in plan or plan.endswith(f"using {name}") for name in names)
