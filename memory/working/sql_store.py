"""``WorkingStore`` on SQL: one implementation for MariaDB and SQLite.

The drivers are synchronous; every call runs on a worker thread (``asyncio.to_thread``)
with a connection of its own taken from a small pool, so the event loop never blocks and
no connection is used by two threads at once. Writes are optimistic: an ``UPDATE`` only
matches the row at the version the caller read, and bumps it.
"""
from __future__ import annotations

import asyncio
import json
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from memory.errors import MemoryAgentError, TaskNotFoundError, VersionConflictError
from memory.types import TaskRecord, TaskStatus
from memory.working.dialects import Dialect, mysql_dialect, sqlite_dialect
from memory.working.migrations import Tables, apply_migrations
from memory.working.pool import ConnectionPool

T = TypeVar("T")
Statement = Callable[..., list[tuple[Any, ...]]]
"""``run(sql, params=())``: one statement inside :meth:`SqlWorkingStore.transaction`."""
_COLUMNS = (
    "task_id, user_id, session_id, agent_name, status, current_step, state, version, "
    "created_at, updated_at"
)
_KEEP: Any = object()  # "leave this column as it is" in an update
_MAX_ID = 255
SQLITE_FILE = "working.sqlite3"


def _check_id(name: str, value: str | None, required: bool = True) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str) or not value or len(value) > _MAX_ID:
        raise ValueError(f"{name} must be a non-empty string of at most {_MAX_ID} characters, got {value!r}")


def _encode_state(state: dict[str, Any]) -> str:
    if not isinstance(state, dict):
        raise TypeError(f"state must be a dict (a JSON object), got {type(state).__name__}")
    try:
        return json.dumps(state, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise TypeError(f"state cannot be stored as JSON: {exc}") from None


class SqlWorkingStore:
    """Working-state tasks in a SQL table (MariaDB/MySQL or SQLite).

    Args:
        dialect: The engine (see ``memory.working.dialects``).
        table_prefix: Prefix of the table names, to keep several stores in one database.
        pool_size: Idle connections kept for reuse.
    """

    def __init__(self, dialect: Dialect, table_prefix: str = "", pool_size: int = 8) -> None:
        self._d = dialect
        self._t = Tables(table_prefix)
        self._pool = ConnectionPool(dialect.connect, pool_size)

    @classmethod
    def for_mysql(cls, url: str, table_prefix: str = "", pool_size: int = 8) -> SqlWorkingStore:
        """A store on MariaDB/MySQL at ``mysql://user:pass@host:port/db`` (connects lazily)."""
        return cls(mysql_dialect(url), table_prefix, pool_size)

    @classmethod
    def for_sqlite(cls, path: str | Path, table_prefix: str = "", pool_size: int = 8) -> SqlWorkingStore:
        """A store in the SQLite file ``path`` (WAL mode; safe across threads and processes)."""
        return cls(sqlite_dialect(path), table_prefix, pool_size)

    # ------------------------------------------------------------------ plumbing

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
                    f"A working-state table ({self._t.tasks}, {self._t.api_keys}, ...) does not exist in "
                    f"{self._d.engine} at {self._d.target}; run `python -m app migrate` first."
                ) from None
            if isinstance(exc, self._d.unavailable_errors):
                healthy = False
                raise self._d.unavailable(exc) from None
            raise
        finally:
            if healthy and conn.in_transaction:
                try:
                    conn.rollback()
                except Exception:  # noqa: BLE001 - a broken connection is discarded below
                    healthy = False
            self._pool.release(conn, healthy)

    def _q(self, sql: str) -> str:
        return self._d.sql(sql)

    def _record(self, row: tuple[Any, ...]) -> TaskRecord:
        state = row[6].decode("utf-8") if isinstance(row[6], (bytes, bytearray)) else row[6]
        return TaskRecord(
            task_id=row[0],
            user_id=row[1],
            session_id=row[2],
            agent_name=row[3],
            status=TaskStatus(row[4]),
            current_step=row[5],
            state=json.loads(state),
            version=int(row[7]),
            created_at=self._d.decode_ts(row[8]),
            updated_at=self._d.decode_ts(row[9]),
        )

    def _select(self, cur: Any, user_id: str, task_id: str) -> TaskRecord | None:
        cur.execute(
            self._q(f"SELECT {_COLUMNS} FROM {self._t.tasks} WHERE task_id = ? AND user_id = ?"),
            (task_id, user_id),
        )
        rows = cur.fetchall()
        return self._record(rows[0]) if rows else None

    @staticmethod
    def _not_found(user_id: str, task_id: str) -> TaskNotFoundError:
        return TaskNotFoundError(
            f"No task {task_id!r} for user {user_id!r}; "
            "list_unfinished() shows the tasks this user can resume."
        )

    @staticmethod
    def _check_writable(current: TaskRecord, expected_version: int) -> None:
        """Raise the reason ``current`` cannot be written at ``expected_version``."""
        if current.status is not TaskStatus.RUNNING:
            raise VersionConflictError(
                f"Task {current.task_id!r} of user {current.user_id!r} is already "
                f"{current.status.value} (version {current.version}); a finished task cannot "
                "change, start a new one."
            )
        if current.version != expected_version:
            raise VersionConflictError(
                f"Task {current.task_id!r} of user {current.user_id!r}: expected version "
                f"{expected_version}, found {current.version}; re-read the task and retry."
            )

    # ------------------------------------------------------------------ sync bodies

    def _insert(self, conn: Any, rec: TaskRecord) -> TaskRecord:
        cur = conn.cursor()
        try:
            cur.execute(
                self._q(f"INSERT INTO {self._t.tasks} ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                (
                    rec.task_id, rec.user_id, rec.session_id, rec.agent_name, rec.status.value,
                    rec.current_step, _encode_state(rec.state), rec.version,
                    self._d.encode_ts(rec.created_at), self._d.encode_ts(rec.updated_at),
                ),
            )
            return rec
        except Exception as exc:
            if not self._d.duplicate_key(exc):
                raise
            existing = self._select(cur, rec.user_id, rec.task_id)
            if existing is None:
                raise VersionConflictError(
                    f"Task id {rec.task_id!r} is already in use; choose another task_id."
                ) from None
            raise VersionConflictError(
                f"Task {rec.task_id!r} of user {rec.user_id!r} already exists (version "
                f"{existing.version}, {existing.status.value}); resume it with get_task() "
                "instead of starting it again."
            ) from None
        finally:
            cur.close()

    def _get(self, conn: Any, user_id: str, task_id: str) -> TaskRecord:
        cur = conn.cursor()
        try:
            found = self._select(cur, user_id, task_id)
        finally:
            cur.close()
        if found is None:
            raise self._not_found(user_id, task_id)
        return found

    def _update(
        self, conn: Any, user_id: str, task_id: str, expected_version: int,
        status: TaskStatus, step: Any, state: Any,
    ) -> TaskRecord:
        sets = ["status = ?", "version = version + 1", "updated_at = ?"]
        params: list[Any] = [status.value, self._d.encode_ts(datetime.now(timezone.utc))]
        if step is not _KEEP:
            sets.append("current_step = ?")
            params.append(step)
        if state is not _KEEP:
            sets.append("state = ?")
            params.append(_encode_state(state))
        params += [task_id, user_id, expected_version, TaskStatus.RUNNING.value]
        cur = conn.cursor()
        try:
            cur.execute(self._d.begin_sql)
            cur.execute(
                self._q(
                    f"UPDATE {self._t.tasks} SET {', '.join(sets)} "
                    "WHERE task_id = ? AND user_id = ? AND version = ? AND status = ?"
                ),
                tuple(params),
            )
            if cur.rowcount == 1:
                updated = self._select(cur, user_id, task_id)
                conn.commit()
                if updated is not None:  # always: our own transaction wrote the row
                    return updated
            conn.rollback()
            current = self._select(cur, user_id, task_id)
        finally:
            cur.close()
        if current is None:
            raise self._not_found(user_id, task_id)
        self._check_writable(current, expected_version)
        raise VersionConflictError(  # the row moved between the UPDATE and the re-read
            f"Task {task_id!r} of user {user_id!r}: expected version {expected_version}, "
            f"found {current.version}; re-read the task and retry."
        )

    def _fail(self, conn: Any, user_id: str, task_id: str, expected_version: int, error: str) -> TaskRecord:
        current = self._get(conn, user_id, task_id)
        self._check_writable(current, expected_version)
        state = {**current.state, "error": error}
        return self._update(conn, user_id, task_id, expected_version, TaskStatus.FAILED, _KEEP, state)

    def _unfinished(self, conn: Any, user_id: str, agent_name: str | None) -> list[TaskRecord]:
        sql = f"SELECT {_COLUMNS} FROM {self._t.tasks} WHERE user_id = ? AND status = ?"
        params: list[Any] = [user_id, TaskStatus.RUNNING.value]
        if agent_name is not None:
            sql += " AND agent_name = ?"
            params.append(agent_name)
        cur = conn.cursor()
        try:
            cur.execute(self._q(sql + " ORDER BY created_at, task_id"), tuple(params))
            return [self._record(row) for row in cur.fetchall()]
        finally:
            cur.close()

    def _version(self, conn: Any) -> str:
        cur = conn.cursor()
        try:
            cur.execute(self._d.version_sql)
            return self._d.format_version(str(cur.fetchall()[0][0]))
        finally:
            cur.close()

    # ------------------------------------------------------------------ WorkingStore

    async def migrate(self) -> list[int]:
        """Apply pending schema migrations; returns the numbers applied now."""
        return await self._call(lambda conn: apply_migrations(conn, self._d, self._t))

    async def start_task(
        self,
        user_id: str,
        agent_name: str,
        state: dict[str, Any],
        session_id: str | None = None,
        task_id: str | None = None,
        step: str | None = None,
    ) -> TaskRecord:
        """Create a running task at version 1 (``task_id`` defaults to a uuid4 hex)."""
        task_id = task_id if task_id is not None else uuid.uuid4().hex
        for name, value, required in (
            ("user_id", user_id, True), ("agent_name", agent_name, True), ("task_id", task_id, True),
            ("session_id", session_id, False), ("step", step, False),
        ):
            _check_id(name, value, required)
        now = datetime.now(timezone.utc)
        rec = TaskRecord(
            task_id=task_id, user_id=user_id, session_id=session_id, agent_name=agent_name,
            status=TaskStatus.RUNNING, current_step=step, state=json.loads(_encode_state(state)),
            version=1, created_at=now, updated_at=now,
        )
        return await self._call(self._insert, rec)

    async def get_task(self, user_id: str, task_id: str) -> TaskRecord:
        """Read a task of this user. Raises ``TaskNotFoundError``."""
        return await self._call(self._get, user_id, task_id)

    async def advance(
        self, user_id: str, task_id: str, expected_version: int, step: str, state: dict[str, Any]
    ) -> TaskRecord:
        """Move the task to ``step`` with the new ``state`` (version + 1), in one transaction."""
        _check_id("step", step)
        _encode_state(state)
        return await self._call(
            self._update, user_id, task_id, expected_version, TaskStatus.RUNNING, step, state
        )

    async def finish(
        self, user_id: str, task_id: str, expected_version: int, state: dict[str, Any] | None = None
    ) -> TaskRecord:
        """Mark the task done, replacing its state when ``state`` is given."""
        if state is not None:
            _encode_state(state)
        return await self._call(
            self._update, user_id, task_id, expected_version, TaskStatus.DONE, _KEEP,
            _KEEP if state is None else state,
        )

    async def fail(self, user_id: str, task_id: str, expected_version: int, error: str) -> TaskRecord:
        """Mark the task failed, recording ``error`` in the state under ``"error"``."""
        return await self._call(self._fail, user_id, task_id, expected_version, error)

    async def list_unfinished(self, user_id: str, agent_name: str | None = None) -> list[TaskRecord]:
        """Running tasks of the user, oldest first."""
        return await self._call(self._unfinished, user_id, agent_name)

    async def execute(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement in its own transaction, for the tier's other tables (consent, keys).

        ``{p}`` in ``sql`` is the table prefix and ``?`` the placeholder of either engine.
        Returns the rows of a query, ``[]`` for other statements.
        """
        return await self._call(self._execute, sql.replace("{p}", self._t.prefix), params)

    def _execute(self, conn: Any, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        cur = conn.cursor()
        try:
            cur.execute(self._q(sql), params)
            rows = cur.fetchall() if cur.description else []
            conn.commit()
            return list(rows)
        finally:
            cur.close()

    async def transaction(self, body: Callable[[Statement], T]) -> T:
        """Run ``body(run)`` in one write transaction; ``run(sql, params)`` returns a query's rows.

        ``{p}`` and ``?`` as in :meth:`execute`; ``{skip_locked}`` becomes this engine's
        ``FOR UPDATE SKIP LOCKED`` (nothing on SQLite, whose write transaction already holds
        the database) and ``{insert_ignore}`` its insert that skips an existing key. Committed when ``body`` returns, rolled back when it raises.
        """
        return await self._call(self._transaction, body)

    def _transaction(self, conn: Any, body: Callable[[Statement], T]) -> T:
        cur = conn.cursor()

        def run(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
            text = (sql.replace("{p}", self._t.prefix).replace("{skip_locked}", self._d.skip_locked)
                    .replace("{insert_ignore}", self._d.insert_ignore))
            cur.execute(self._q(text), params)
            return list(cur.fetchall()) if cur.description else []

        try:
            cur.execute(self._d.begin_sql)
            result = body(run)
            conn.commit()
            return result
        finally:
            cur.close()

    @property
    def claims_across_processes(self) -> bool:
        """Whether several processes can claim work here (``SKIP LOCKED``: MariaDB/MySQL, not SQLite)."""
        return bool(self._d.skip_locked)

    def encode_ts(self, value: datetime) -> object:
        """A UTC timestamp as this engine stores it (for ``execute`` parameters)."""
        return self._d.encode_ts(value)

    def decode_ts(self, value: object) -> datetime:
        """A timestamp ``execute`` returned, as an aware UTC ``datetime``."""
        return self._d.decode_ts(value)

    async def erase_user(self, user_id: str) -> int:
        """Delete every task of ``user_id`` (any status); returns how many rows went."""
        _check_id("user_id", user_id)
        before = await self.execute("SELECT COUNT(*) FROM {p}tasks WHERE user_id = ?", (user_id,))
        await self.execute("DELETE FROM {p}tasks WHERE user_id = ?", (user_id,))
        return int(before[0][0]) if before else 0

    async def list_tasks(self, user_id: str) -> list[TaskRecord]:
        """Every task of the user, any status, oldest first (for export)."""
        rows = await self.execute(
            f"SELECT {_COLUMNS} FROM {{p}}tasks WHERE user_id = ? ORDER BY created_at", (user_id,)
        )
        return [self._record(r) for r in rows]

    async def server_version(self) -> str:
        """Engine and version, e.g. ``"MariaDB 10.11.9"`` or ``"SQLite 3.40.1"``."""
        return await self._call(self._version)

    async def close(self) -> None:
        """Release connections; later calls raise ``RuntimeError``."""
        await asyncio.to_thread(self._pool.close)
