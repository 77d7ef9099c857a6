"""Connection plumbing of the long-term store: pool, pgvector check, error mapping.

psycopg2 is blocking, so every call runs in a worker thread (``asyncio.to_thread``) and
borrows a pooled connection for one transaction. A caller beyond the pool size waits for a
free connection instead of failing.

A lost connection (server restarted, crashed or unreachable) is retried with backoff
(:data:`RETRY_DELAYS`): the pool is dropped (its other connections are dead too) and
reopened, and when an embedded server registered for this DSN (:func:`register_supervisor`)
its postmaster is gone, it is restarted first. A transaction whose connection broke is run
again, so it runs twice only if the server committed it and died before answering. What
still fails becomes a one-line ``StoreUnavailableError`` naming ``PG_DSN`` (password
removed), or the data folder for the embedded server; no driver exception gets out.
"""
from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

import psycopg2
import psycopg2.errors
import psycopg2.extensions
from pgvector.psycopg2 import register_vector
from psycopg2.pool import PoolError

from core import telemetry
from memory.errors import ConfigError, EmbeddedStoreUnavailableError, StoreUnavailableError
from memory.pg_keeping_pool import KeepingPool
from memory.longterm.migrations import apply_migrations

T = TypeVar("T")

#: Pauses before each retry of a call whose connection was lost (~1.4 s in all, plus restart).
RETRY_DELAYS = (0.1, 0.3, 1.0)


class Supervisor(Protocol):
    """An embedded server that can restart itself (``memory.longterm.embedded.EmbeddedPostgres``)."""

    @property
    def data_dir(self) -> str:
        """Its data folder, named in errors instead of ``PG_DSN``."""

    def recover(self) -> bool:
        """Restart it if it is gone (blocking); ``True`` when this call restarted it."""


_supervisors: dict[str, Supervisor] = {}


def register_supervisor(dsn: str, supervisor: Supervisor) -> None:
    """Have pools on ``dsn`` restart ``supervisor``'s server when a connection to it fails."""
    _supervisors[dsn] = supervisor


def unregister_supervisor(dsn: str) -> None:
    """Undo :func:`register_supervisor` (the server is being stopped on purpose)."""
    _supervisors.pop(dsn, None)


class _ConnectionLost(Exception):
    """Internal: the connection broke or could not be made; worth a retry."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class PgVectorMissingError(StoreUnavailableError):
    """The PostgreSQL server is reachable but has no pgvector extension."""

    def __init__(self, target: str, server_version: str) -> None:
        super().__init__("PostgreSQL", "PG_DSN", target, "no pgvector")
        self.args = (
            f"PostgreSQL {server_version} at {target} (PG_DSN) has no pgvector extension "
            "('vector' is not in pg_available_extensions). Install pgvector >= 0.8 on that server, "
            "point PG_DSN at one that has it, or unset PG_DSN to use the embedded PostgreSQL with pgvector.",
        )

    def __str__(self) -> str:
        return str(self.args[0])


_STATEMENTS = telemetry.SQL_STATEMENTS.labels(store="longterm")


class _CountingCursor(psycopg2.extensions.cursor):  # type: ignore[misc]  # psycopg2 has no types
    """A cursor that counts the statements it sends (``memory_agent_sql_statements``)."""

    def execute(self, query: Any, vars: Any = None) -> Any:  # noqa: A002 - psycopg2's name
        _STATEMENTS.inc()
        return super().execute(query, vars)

    def executemany(self, query: Any, vars_list: Any) -> Any:
        _STATEMENTS.inc()
        return super().executemany(query, vars_list)


class _Conn(psycopg2.extensions.connection):  # type: ignore[misc]  # psycopg2 has no types
    """A connection that remembers whether the ``vector`` type is registered on it, and counts statements."""

    vector_registered = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_factory = _CountingCursor


def redact_dsn(dsn: str) -> str:
    """The DSN without its password (URI ``user:pw@`` or key/value ``password=``)."""
    if "://" in dsn:
        parts = urlsplit(dsn)
        if parts.password:
            dsn = parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")).geturl()
    return re.sub(r"(password\s*=\s*)('[^']*'|\S+)", r"\1***", dsn, flags=re.IGNORECASE)


def one_line(exc: BaseException) -> str:
    """The exception's message on one line (its type name if it has none)."""
    return " ".join(str(exc).split()) or type(exc).__name__


def version_tuple(version: str | None) -> tuple[int, ...]:
    """``"0.8.1"`` -> ``(0, 8, 1)``; ``None`` -> ``(0,)``."""
    return tuple(int(p) for p in re.findall(r"\d+", version or "0"))[:3]


class PgPool:
    """A lazily opened thread-safe pool that checks for pgvector on first use.

    Args:
        dsn: libpq DSN or URI.
        max_connections: Pool size; callers beyond it wait for a free connection.
    """

    def __init__(self, dsn: str, max_connections: int) -> None:
        self.dsn = dsn
        self._max = max_connections
        self._pool: KeepingPool | None = None
        self._slots = threading.BoundedSemaphore(max_connections)
        self._open_lock = threading.Lock()
        self.server = ""
        self.pgvector: str | None = None

    def unavailable(self, exc: BaseException) -> StoreUnavailableError:
        """The error to raise when the server cannot be reached."""
        supervisor = _supervisors.get(self.dsn)
        if supervisor is not None:
            return EmbeddedStoreUnavailableError("PostgreSQL", supervisor.data_dir, one_line(exc))
        return StoreUnavailableError("PostgreSQL", "PG_DSN", redact_dsn(self.dsn), one_line(exc))

    def _retrying(self, attempt: Callable[[], T]) -> T:
        """Run ``attempt``; on a lost connection restart/reconnect and run it again, with backoff."""
        delays = iter(RETRY_DELAYS)
        while True:
            try:
                return attempt()
            except _ConnectionLost as lost:
                delay = next(delays, None)
                if delay is None:
                    raise self.unavailable(lost.cause) from None
                self._reset()
                supervisor = _supervisors.get(self.dsn)
                if supervisor is None or not supervisor.recover():
                    time.sleep(delay)

    def _reset(self) -> None:
        """Drop the pool: after a lost connection its idle connections are dead too."""
        with self._open_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            try:
                pool.closeall()
            except (psycopg2.Error, PoolError):
                pass  # already closed by another thread

    def open_sync(self) -> None:
        """Create the pool and read the server / pgvector versions; blocking, idempotent.

        Raises:
            StoreUnavailableError: unreachable server; ``PgVectorMissingError`` if it lacks pgvector.
        """
        self._retrying(self._open_once)

    def _open_once(self) -> KeepingPool:
        """The pool, created on first use (one attempt)."""
        with self._open_lock:
            if self._pool is not None:
                return self._pool
            try:
                pool = KeepingPool(self._max, self.dsn, connect_timeout=5, connection_factory=_Conn)
            except psycopg2.OperationalError as exc:
                raise _ConnectionLost(exc) from exc
            except psycopg2.Error as exc:
                raise self.unavailable(exc) from exc
            conn = pool.getconn()
            try:
                with conn, conn.cursor() as cur:
                    cur.execute(
                        "SELECT current_setting('server_version'),"
                        " (SELECT default_version FROM pg_available_extensions WHERE name = 'vector'),"
                        " (SELECT extversion FROM pg_extension WHERE extname = 'vector')"
                    )
                    server, available, installed = cur.fetchone()
            except (psycopg2.OperationalError, psycopg2.InterfaceError) as exc:
                pool.closeall()
                raise _ConnectionLost(exc) from exc
            finally:
                if not pool.closed:
                    pool.putconn(conn)
            if available is None and installed is None:
                pool.closeall()
                raise PgVectorMissingError(redact_dsn(self.dsn), server)
            self.server, self.pgvector, self._pool = server, installed, pool
            return pool

    def call(self, fn: Callable[[Any], T]) -> T:
        """Run ``fn(conn)`` in one transaction on a pooled connection; blocking.

        Raises:
            StoreUnavailableError: the server stayed unreachable through the retries, or the
                driver reported another operational failure (one line).
        """
        return self._retrying(lambda: self._call_once(fn))

    def _call_once(self, fn: Callable[[Any], T]) -> T:
        pool = self._open_once()
        with self._slots:
            try:
                conn = pool.getconn()
            except psycopg2.OperationalError as exc:  # a new connection could not be made
                raise _ConnectionLost(exc) from exc
            except PoolError as exc:  # another thread dropped this pool meanwhile
                raise _ConnectionLost(exc) from exc
            broken = False
            try:
                if not conn.vector_registered and self.pgvector is not None:
                    register_vector(conn)
                    conn.commit()
                    conn.vector_registered = True
                with conn:
                    return fn(conn)
            except (psycopg2.OperationalError, psycopg2.InterfaceError) as exc:
                broken = bool(conn.closed)
                if broken:
                    raise _ConnectionLost(exc) from exc
                raise self.unavailable(exc) from exc
            finally:
                try:
                    pool.putconn(conn, close=broken)
                except PoolError:
                    conn.close()  # the pool was dropped while this connection was out

    async def run(self, fn: Callable[[Any], T]) -> T:
        """:meth:`call` in a worker thread."""
        return await asyncio.to_thread(self.call, fn)

    def migrate_sync(self, dim: int) -> list[int]:
        """Apply pending migrations (creating pgvector if needed); blocking.

        Raises:
            ConfigError: the DSN's user may not create the extension or the tables.
        """
        self.open_sync()
        pool = self._pool
        assert pool is not None
        conn = pool.getconn()
        try:
            try:
                applied = apply_migrations(conn, dim)
            except psycopg2.errors.InsufficientPrivilege as exc:
                raise ConfigError(
                    f"PG_DSN: the PostgreSQL user of {redact_dsn(self.dsn)} may not set up the schema "
                    f"({one_line(exc)}). Run `CREATE EXTENSION vector;` in that database as a superuser "
                    "(or grant the rights), or unset PG_DSN to use the embedded PostgreSQL."
                ) from exc
            with conn, conn.cursor() as cur:
                cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
                self.pgvector = cur.fetchone()[0]
        finally:
            pool.putconn(conn)
        return applied

    async def close(self) -> None:
        """Close every pooled connection (the pool reopens on next use)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(pool.closeall)
