"""API keys of the HTTP service, kept in the working-state SQL tier (MariaDB or SQLite).

A key reads ``mak_<key_id>_<secret>``. Only ``key_id`` (public, the row's primary key) and
the SHA-256 of ``secret`` (32 random bytes, so a plain hash cannot be brute-forced) are
stored; the whole key is shown once, when it is created. Revoking sets ``revoked_at``; the
row stays, so ``list`` shows what existed.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from memory.errors import MemoryAgentError
from memory.working.sql_store import SqlWorkingStore

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
    """Create, verify, list and revoke API keys in one SQL table of the working-state tier.

    Args:
        store: The working-state store whose database holds the ``api_keys`` table; every
            statement goes through its ``execute`` (one transaction each, its pool, its errors).
    """

    def __init__(self, store: SqlWorkingStore) -> None:
        self._store = store

    @classmethod
    def for_mysql(cls, url: str, table_prefix: str = "") -> SqlKeyStore:
        """Keys on MariaDB/MySQL at ``url``."""
        return cls(SqlWorkingStore.for_mysql(url, table_prefix, pool_size=4))

    @classmethod
    def for_sqlite(cls, path: str | Path, table_prefix: str = "") -> SqlKeyStore:
        """Keys in the SQLite file ``path``."""
        return cls(SqlWorkingStore.for_sqlite(path, table_prefix, pool_size=4))

    def _key(self, row: tuple[Any, ...]) -> ApiKey:
        return ApiKey(
            key_id=row[0], user_id=row[1], role=row[2], label=row[3],
            created_at=self._store.decode_ts(row[4]),
            revoked_at=self._store.decode_ts(row[5]) if row[5] is not None else None,
        )

    async def migrate(self) -> list[int]:
        """Apply pending working-tier migrations (the key table is one of them)."""
        return await self._store.migrate()

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

        await self._store.execute(
            "INSERT INTO {p}api_keys (key_id, user_id, role, label, secret_sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (key_id, user_id, role, label, _digest(secret), self._store.encode_ts(now)),
        )
        key = ApiKey(key_id, user_id, role, label, now, None)
        return CreatedKey(key, f"{KEY_PREFIX}{key_id}_{secret}")

    async def verify(self, presented: str) -> ApiKey | None:
        """The live key ``presented`` is, or ``None`` (malformed, unknown, wrong secret, revoked)."""
        match = _KEY.match(presented)
        if match is None:
            return None
        key_id, secret = match.groups()
        rows = await self._store.execute(
            "SELECT key_id, user_id, role, label, created_at, revoked_at, secret_sha256 FROM {p}api_keys WHERE key_id = ?",
            (key_id,),
        )
        if not rows or rows[0][5] is not None:
            return None
        if not hmac.compare_digest(str(rows[0][6]), _digest(secret)):
            return None
        return self._key(rows[0])

    async def list(self, user_id: str | None = None) -> list[ApiKey]:
        """Keys of ``user_id`` (every key when ``None``), oldest first, revoked ones included."""
        sql = "SELECT key_id, user_id, role, label, created_at, revoked_at FROM {p}api_keys"
        params: tuple[Any, ...] = ()
        if user_id is not None:
            sql += " WHERE user_id = ?"
            params = (user_id,)
        rows = await self._store.execute(sql + " ORDER BY created_at, key_id", params)
        return [self._key(r) for r in rows]

    async def revoke(self, key_id: str, user_id: str | None = None) -> ApiKey:
        """Revoke ``key_id`` (of ``user_id`` when given); revoking twice is harmless.

        Raises:
            KeyNotFoundError: no such key (for that user).
        """
        key_id = key_id.removeprefix(KEY_PREFIX).split("_")[0]
        now = self._store.encode_ts(datetime.now(timezone.utc))
        where = "key_id = ?" + (" AND user_id = ?" if user_id is not None else "")
        params: tuple[Any, ...] = (key_id,) + ((user_id,) if user_id is not None else ())
        await self._store.execute(f"UPDATE {{p}}api_keys SET revoked_at = ? WHERE {where} AND revoked_at IS NULL",
                                  (now, *params))
        rows = await self._store.execute(
            f"SELECT key_id, user_id, role, label, created_at, revoked_at FROM {{p}}api_keys WHERE {where}", params
        )
        if not rows:
            whose = f" of user {user_id!r}" if user_id is not None else ""
            raise KeyNotFoundError(
                f"No API key {key_id!r}{whose}; list them with `python -m app keys list --user ID`."
            )
        return self._key(rows[0])

    async def close(self) -> None:
        """Release connections."""
        await self._store.close()
