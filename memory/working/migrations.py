"""Numbered schema migrations of the working-state tier.

In the style of simonw/llm's ``migrations.py``: ``MIGRATIONS`` is an ordered list of
functions; migration *n* is the *n*-th function (1-based). Each one runs once, and is
recorded in ``schema_migrations`` (version, name, applied_at). Never edit or reorder a
published migration: append a new one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from memory.errors import MemoryAgentError
from memory.working.dialects import Dialect

_PREFIX = re.compile(r"^[A-Za-z0-9_]{0,40}$")


@dataclass(frozen=True)
class Tables:
    """Names of the tier's tables; a prefix keeps several stores apart in one database."""

    prefix: str = ""

    def __post_init__(self) -> None:
        if not _PREFIX.match(self.prefix):
            raise ValueError(
                f"table prefix {self.prefix!r} may only hold letters, digits and '_' (max 40)"
            )

    @property
    def tasks(self) -> str:
        """The tasks table."""
        return f"{self.prefix}tasks"

    @property
    def api_keys(self) -> str:
        """The service's API keys (hashed)."""
        return f"{self.prefix}api_keys"

    @property
    def batch_claims(self) -> str:
        """Which batch worker holds which record of a run, until when."""
        return f"{self.prefix}batch_claims"

    @property
    def migrations(self) -> str:
        """The table recording applied migrations."""
        return f"{self.prefix}schema_migrations"


Execute = Callable[[str], None]
Migration = Callable[[Execute, Dialect, Tables], None]
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next numbered migration."""
    MIGRATIONS.append(fn)
    return fn


@migration
def m001_create_tasks(execute: Execute, d: Dialect, t: Tables) -> None:
    """The tasks table: one row per task, its JSON state and an optimistic version."""
    execute(
        f"""CREATE TABLE IF NOT EXISTS {t.tasks} (
            task_id {d.id_type} NOT NULL PRIMARY KEY,
            user_id {d.id_type} NOT NULL,
            session_id {d.id_type} NULL,
            agent_name {d.id_type} NOT NULL,
            status VARCHAR(16) NOT NULL CHECK (status IN ('running', 'done', 'failed')),
            current_step {d.id_type} NULL,
            state {d.json_type} NOT NULL CHECK (json_valid(state)),
            version INTEGER NOT NULL CHECK (version >= 1),
            created_at {d.ts_type} NOT NULL,
            updated_at {d.ts_type} NOT NULL
        ){d.table_options}"""
    )


@migration
def m002_index_tasks_user_status(execute: Execute, d: Dialect, t: Tables) -> None:
    """Listing a user's unfinished tasks reads (user_id, status)."""
    del d
    execute(
        f"CREATE INDEX IF NOT EXISTS {t.prefix}tasks_user_status ON {t.tasks} (user_id, status)"
    )


@migration
def m003_create_user_consent(execute: Execute, d: Dialect, t: Tables) -> None:
    """Per-user consent to long-term memory: granted or refused, and when."""
    execute(
        f"""CREATE TABLE IF NOT EXISTS {t.prefix}user_consent (
            user_id {d.id_type} NOT NULL PRIMARY KEY,
            granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
            updated_at {d.ts_type} NOT NULL
        ){d.table_options}"""
    )


@migration
def m004_create_api_keys(execute: Execute, d: Dialect, t: Tables) -> None:
    """API keys of the HTTP service: the public key id, the SHA-256 of the secret, never the secret."""
    execute(
        f"""CREATE TABLE IF NOT EXISTS {t.api_keys} (
            key_id {d.id_type} NOT NULL PRIMARY KEY,
            user_id {d.id_type} NOT NULL,
            role VARCHAR(16) NOT NULL CHECK (role IN ('user', 'admin')),
            label {d.id_type} NOT NULL,
            secret_sha256 CHAR(64) NOT NULL,
            created_at {d.ts_type} NOT NULL,
            revoked_at {d.ts_type} NULL
        ){d.table_options}"""
    )
    execute(f"CREATE INDEX IF NOT EXISTS {t.prefix}api_keys_user ON {t.api_keys} (user_id)")


@migration
def m005_create_batch_claims(execute: Execute, d: Dialect, t: Tables) -> None:
    """Records of a batch run claimed by its workers: one row per record, its lane and lease."""
    execute(
        f"""CREATE TABLE IF NOT EXISTS {t.batch_claims} (
            run_id {d.id_type} NOT NULL,
            idx INTEGER NOT NULL,
            lane {d.id_type} NOT NULL,
            owner {d.id_type} NULL,
            lease_until_ms BIGINT NULL,
            done INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (run_id, idx)
        ){d.table_options}"""
    )
    execute(f"CREATE INDEX IF NOT EXISTS {t.prefix}batch_claims_lane ON {t.batch_claims} (run_id, lane, done, idx)")


def _ensure_migrations_table(execute: Execute, d: Dialect, t: Tables) -> None:
    execute(
        f"""CREATE TABLE IF NOT EXISTS {t.migrations} (
            version INTEGER NOT NULL PRIMARY KEY,
            name {d.id_type} NOT NULL,
            applied_at {d.ts_type} NOT NULL
        ){d.table_options}"""
    )


def apply_migrations(conn: Any, dialect: Dialect, tables: Tables) -> list[int]:
    """Apply every migration not yet recorded, in order, under a cross-process lock.

    Args:
        conn: An open autocommit connection of ``dialect``.
        dialect: The engine's dialect.
        tables: The table names to migrate.

    Returns:
        The versions applied by this call (empty when the schema was up to date).

    Raises:
        MemoryAgentError: The database records migrations this code does not know.
    """
    cur = conn.cursor()

    def execute(sql: str) -> None:
        cur.execute(sql)

    try:
        with dialect.migration_lock(conn, f"memory_agent_migrate_{tables.prefix}"):
            _ensure_migrations_table(execute, dialect, tables)
            cur.execute(f"SELECT version, name FROM {tables.migrations}")
            recorded = {int(v): str(n) for v, n in cur.fetchall()}
            _check_history(recorded, dialect, tables)
            applied: list[int] = []
            for version, fn in enumerate(MIGRATIONS, start=1):
                if version in recorded:
                    continue
                fn(execute, dialect, tables)
                cur.execute(
                    dialect.sql(
                        f"{dialect.insert_ignore} INTO {tables.migrations} "
                        "(version, name, applied_at) VALUES (?, ?, ?)"
                    ),
                    (version, fn.__name__, dialect.encode_ts(datetime.now(timezone.utc))),
                )
                applied.append(version)
            return applied
    finally:
        cur.close()


def _check_history(recorded: dict[int, str], dialect: Dialect, tables: Tables) -> None:
    """Refuse a database whose recorded migrations disagree with this code."""
    for version, name in sorted(recorded.items()):
        if version > len(MIGRATIONS):
            raise MemoryAgentError(
                f"{dialect.engine} table {tables.migrations} at {dialect.target} records "
                f"migration {version} ({name}) but this code knows only {len(MIGRATIONS)}; "
                "upgrade memory-agent or point it at another database."
            )
        expected = MIGRATIONS[version - 1].__name__
        if name != expected:
            raise MemoryAgentError(
                f"{dialect.engine} table {tables.migrations} at {dialect.target} records "
                f"migration {version} as {name!r}, this code calls it {expected!r}; "
                "the database was migrated by different code."
            )
