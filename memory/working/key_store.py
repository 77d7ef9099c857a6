"""API keys of the HTTP service, kept in the working-state SQL tier (MariaDB or SQLite).

A key reads ``mak_<key_id>_<secret>``. Only ``key_id`` (public, the row's primary key) and
the SHA-256 of ``secret`` (32 random bytes, so a plain hash cannot be brute-forced) are
stored; the whole key is shown once, when it is created. Revoking sets ``revoked_at``; the
row stays, so ``list`` shows what existed.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Literal, TypeVar

from memory.errors import MemoryAgentError
from memory.working.dialects import Dialect, mysql_dialect, sqlite_dialect
from memory.working.migrations import Tables, apply_migrations
from memory.working.pool import ConnectionPool

T = TypeVar("T")
Role = Literal["user", "admin"]
KEY_PREFIX = "mak_"
_KEY = re.compile(r"^mak_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")
_MAX_ID = 255


class KeyNotFoundError(MemoryAgentError):
    """No such key (or it belongs to another user)."""


@dataclass(frozen=True)
class ApiKey:
    """One key as listed: never the secret."""

    key_id: str
    user_id: str
    role: Role
    label: str
    created_at: datetime
    revoked_at: datetime | None


@dataclass(frozen=True)
class CreatedKey:
    """A key just created: ``secret`` is the full key, shown once and never stored."""

    key: ApiKey
    secret: str


def looks_like_key(value: str) -> bool:
    """Whether ``value`` has the shape of one of our API keys (not whether it is valid)."""
    return value.startswith(KEY_PREFIX)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


class SqlKeyStore:
    """Create, verify, list and revoke API keys in one SQL table.

    Args:
        dialect: The engine (see ``memory.working.dialects``).
        table_prefix: Prefix of the table names (the working store's prefix).
        pool_size: Idle connections kept for reuse.
    """

    def __init__(self, dialect: Dialect, table_prefix: str = "", pool_size: int = 4) -> None:
        self._d = dialect
        self._t = Tables(table_prefix)
        self._pool = ConnectionPool(dialect.connect, pool_size)

    @classmethod
    def for_mysql(cls, url: str, table_prefix: str = "") -> SqlKeyStore:
        """Keys on MariaDB/MySQL at ``url``."""
        return cls(mysql_dialect(url), table_prefix)

    @classmethod
    def for_sqlite(cls, path: str | Path, table_prefix: str = "") -> SqlKeyStore:
        """Keys in the SQLite file ``path``."""
        return cls(sqlite_dialect(path), table_prefix)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(self._with_conn, fn, *args)

    def _with_conn(self, fn: Callable[..., T], *args: Any) -> T:
        conn = self._pool.acquire()
        healthy = True
        try:
            return fn(conn, *args)
        except Exception as exc:
            if self._d.missing_table(exc):
                raise MemoryAgentError(
                    f"The API key table {self._t.api_keys} does not exist in {self._d.engine} at "
                    f"{self._d.target}; run `python -m app migrate` first."
                ) from None
            if isinstance(exc, self._d.unavailable_errors):
                healthy = False
                raise self._d.unavailable(exc) from None
            raise
        finally:
            self._pool.release(conn, healthy)

    def _rows(self, conn: Any, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        cur = conn.cursor()
        try:
            cur.execute(self._d.sql(sql), params)
            return cur.fetchall() if cur.description else []
        finally:
            cur.close()

    def _key(self, row: tuple[Any, ...]) -> ApiKey:
        return ApiKey(
            key_id=row[0], user_id=row[1], role=row[2], label=row[3],
            created_at=self._d.decode_ts(row[4]),
            revoked_at=self._d.decode_ts(row[5]) if row[5] is not None else None,
        )

    async def migrate(self) -> list[int]:
        """Apply pending working-tier migrations (the key table is one of them)."""
        return await self._call(lambda conn: apply_migrations(conn, self._d, self._t))

    async def create(self, user_id: str, role: Role = "user", label: str = "") -> CreatedKey:
        """A new key for ``user_id``; the returned ``secret`` is the only copy of the key.

        Raises:
            ValueError: ``user_id`` is empty or too long, or ``role`` is unknown.
        """
        if not user_id or len(user_id) > _MAX_ID or user_id != user_id.strip():
            raise ValueError(f"user id must be 1-{_MAX_ID} characters without surrounding spaces, got {user_id!r}")
        if role not in ("user", "admin"):
            raise ValueError(f"role must be 'user' or 'admin', got {role!r}")
        key_id = secrets.token_hex(8)
        secret = secrets.token_urlsafe(32)
        now = datetime.now(timezone.utc)
        label = (label or "")[:_MAX_ID]

        def insert(conn: Any) -> None:
            self._rows(
                conn,
                f"INSERT INTO {self._t.api_keys} (key_id, user_id, role, label, secret_sha256, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (key_id, user_id, role, label, _digest(secret), self._d.encode_ts(now)),
            )

        await self._call(insert)
        key = ApiKey(key_id, user_id, role, label, now, None)
        return CreatedKey(key, f"{KEY_PREFIX}{key_id}_{secret}")

    async def verify(self, presented: str) -> ApiKey | None:
        """The live key ``presented`` is, or ``None`` (malformed, unknown, wrong secret, revoked)."""
        match = _KEY.match(presented)
        if match is None:
            return None
        key_id, secret = match.groups()
        rows = await self._call(
            self._rows,
            f"SELECT key_id, user_id, role, label, created_at, revoked_at, secret_sha256 "
            f"FROM {self._t.api_keys} WHERE key_id = ?",
            (key_id,),
        )
        if not rows or rows[0][5] is not None:
            return None
        if not hmac.compare_digest(str(rows[0][6]), _digest(secret)):
            return None
        return self._key(rows[0])

    async def list(self, user_id: str | None = None) -> list[ApiKey]:
        """Keys of ``user_id`` (every key when ``None``), oldest first, revoked ones included."""
        sql = f"SELECT key_id, user_id, role, label, created_at, revoked_at FROM {self._t.api_keys}"
        params: tuple[Any, ...] = ()
        if user_id is not None:
            sql += " WHERE user_id = ?"
            params = (user_id,)
        rows = await self._call(self._rows, sql + " ORDER BY created_at, key_id", params)
        return [self._key(r) for r in rows]

    async def revoke(self, key_id: str, user_id: str | None = None) -> ApiKey:
        """Revoke ``key_id`` (of ``user_id`` when given); revoking twice is harmless.

        Raises:
            KeyNotFoundError: no such key (for that user).
        """
        key_id = key_id.removeprefix(KEY_PREFIX).split("_")[0]
        now = self._d.encode_ts(datetime.now(timezone.utc))

        def revoke(conn: Any) -> list[tuple[Any, ...]]:
            where = "key_id = ?" + (" AND user_id = ?" if user_id is not None else "")
            params: tuple[Any, ...] = (key_id,) + ((user_id,) if user_id is not None else ())
            self._rows(conn, f"UPDATE {self._t.api_keys} SET revoked_at = ? WHERE {where} AND revoked_at IS NULL",
                       (now, *params))
            return self._rows(
                conn, f"SELECT key_id, user_id, role, label, created_at, revoked_at FROM {self._t.api_keys} "
                f"WHERE {where}", params,
            )

        rows = await self._call(revoke)
        if not rows:
            whose = f" of user {user_id!r}" if user_id is not None else ""
            raise KeyNotFoundError(
                f"No API key {key_id!r}{whose}; list them with `python -m app keys list --user ID`."
            )
        return self._key(rows[0])

    async def close(self) -> None:
        """Release connections."""
        await asyncio.to_thread(self._pool.close)
