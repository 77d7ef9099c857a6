"""Where each memory scope lives.

* ``task`` → the working-state tier: one task row per engine task, its memories in
  ``state["memory"]``. When the task ends, memories written by ``ephemeral`` agents are
  destroyed; the others are archived with the (finished) task row.
* ``global`` → the working-state tier: one long-running row per deployment
  (user ``__global__``), shared by every user and readable only through declared rules.
* ``session`` → the short-term tier (the same Redis and key prefix as the chat):
  ``<prefix>:user:{<user>}:session:<session>:agentmem:<memory>`` (the user's hash tag), expiring with the session TTL.

Every write re-reads and writes at the version it read (optimistic), retrying a few times
when another writer moved the row.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Protocol

from loguru import logger

from agents.declarative.schema import MemoryScope, Persistence
from memory.errors import TaskNotFoundError, VersionConflictError
from memory.shortterm import keys
from memory.types import TaskStatus
from memory.working.base import WorkingStore

GLOBAL_USER = "__global__"
_WRITE_ATTEMPTS = 5


@dataclass(frozen=True)
class ScopeRef:
    """Whose memory: the user, their session and the task a run belongs to."""

    user_id: str
    session_id: str
    task_id: str


class ScopeStore(Protocol):
    """Named memories (JSON objects) of one scope."""

    async def read(self, ref: ScopeRef, memory: str) -> dict[str, Any] | None:
        """The memory's fields, or ``None`` when it does not exist (or its task ended)."""

    async def write(self, ref: ScopeRef, memory: str, data: dict[str, Any], persistence: Persistence, writer: str) -> None:
        """Replace the memory's fields."""


async def _update_row(
    working: WorkingStore, user_id: str, task_id: str, step: str, change: Any
) -> None:
    """Apply ``change(state) -> state`` at the version read; retry on a conflict."""
    for attempt in range(_WRITE_ATTEMPTS):
        rec = await working.get_task(user_id, task_id)
        try:
            await working.advance(user_id, task_id, rec.version, step, change(dict(rec.state)))
            return
        except VersionConflictError:
            if attempt == _WRITE_ATTEMPTS - 1:
                raise


def _entry(data: dict[str, Any], persistence: Persistence, writer: str) -> dict[str, Any]:
    return {
        "data": data, "persistence": persistence.value, "writer": writer,
        "written_at": datetime.now(timezone.utc).isoformat(),
    }


class TaskScopeStore:
    """Task memories in the task's own working-state row (see the module docstring)."""

    def __init__(self, working: WorkingStore, deployment: str) -> None:
        self.working = working
        self.agent_name = f"agents:{deployment}"

    async def open_task(self, ref: ScopeRef) -> None:
        """Create the task row (idempotent for a task that is still running)."""
        try:
            await self.working.start_task(
                ref.user_id, self.agent_name, {"memory": {}}, session_id=ref.session_id,
                task_id=ref.task_id, step="started",
            )
        except VersionConflictError:
            rec = await self.working.get_task(ref.user_id, ref.task_id)
            if rec.status is not TaskStatus.RUNNING:
                raise VersionConflictError(
                    f"task {ref.task_id!r} of user {ref.user_id!r} has already ended; start a new task id"
                ) from None

    async def read(self, ref: ScopeRef, memory: str) -> dict[str, Any] | None:
        """The memory of a running task; an ended task's memory is never read again."""
        try:
            rec = await self.working.get_task(ref.user_id, ref.task_id)
        except TaskNotFoundError:
            return None
        if rec.status is not TaskStatus.RUNNING:
            return None
        entry = rec.state.get("memory", {}).get(memory)
        return dict(entry["data"]) if entry else None

    async def write(self, ref: ScopeRef, memory: str, data: dict[str, Any], persistence: Persistence, writer: str) -> None:
        """Store ``data`` as ``memory`` in the task's state."""

        def change(state: dict[str, Any]) -> dict[str, Any]:
            mem = dict(state.get("memory", {}))
            mem[memory] = _entry(data, persistence, writer)
            return {**state, "memory": mem}

        await _update_row(self.working, ref.user_id, ref.task_id, f"wrote:{memory}", change)

    async def end_task(self, ref: ScopeRef, failed: str | None = None) -> dict[str, Any]:
        """Finish the task: ephemeral memories destroyed, the others archived in the row.

        Returns:
            The archived state.
        """
        for attempt in range(_WRITE_ATTEMPTS):
            rec = await self.working.get_task(ref.user_id, ref.task_id)
            mem = rec.state.get("memory", {})
            kept = {k: v for k, v in mem.items() if v.get("persistence") != Persistence.EPHEMERAL.value}
            state = {**rec.state, "memory": kept, "destroyed": sorted(set(mem) - set(kept))}
            if failed is not None:
                state["error"] = failed
            try:
                await self.working.finish(ref.user_id, ref.task_id, rec.version, state)
                return state
            except VersionConflictError:
                if attempt == _WRITE_ATTEMPTS - 1:
                    raise
        return {}


class GlobalScopeStore:
    """Shared knowledge of a deployment in one working-state row."""

    def __init__(self, working: WorkingStore, deployment: str) -> None:
        self.working = working
        self.task_id = f"global:{deployment}"

    async def read(self, ref: ScopeRef, memory: str) -> dict[str, Any] | None:
        """The shared memory (the same for every user)."""
        del ref
        try:
            rec = await self.working.get_task(GLOBAL_USER, self.task_id)
        except TaskNotFoundError:
            return None
        entry = rec.state.get("memory", {}).get(memory)
        return dict(entry["data"]) if entry else None

    async def write(self, ref: ScopeRef, memory: str, data: dict[str, Any], persistence: Persistence, writer: str) -> None:
        """Replace the shared memory."""
        del ref
        try:
            await self.working.start_task(
                GLOBAL_USER, "agents-global", {"memory": {}}, task_id=self.task_id, step="created"
            )
        except VersionConflictError as exc:
            logger.debug("global memory row exists", detail=str(exc))  # the normal case

        def change(state: dict[str, Any]) -> dict[str, Any]:
            mem = dict(state.get("memory", {}))
            mem[memory] = _entry(data, persistence, writer)
            return {**state, "memory": mem}

        await _update_row(self.working, GLOBAL_USER, self.task_id, f"wrote:{memory}", change)


class RedisLike(Protocol):
    """The two commands the session scope uses (``redis.asyncio.Redis``)."""

    async def get(self, name: str) -> Any: ...  # noqa: D102

    async def set(self, name: str, value: str, ex: int | None = None) -> Any: ...  # noqa: D102


class SessionScopeStore:
    """Session memories in the short-term tier, expiring with the session TTL."""

    def __init__(self, client: RedisLike, prefix: str, ttl_seconds: int) -> None:
        self.client = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds

    def key(self, ref: ScopeRef, memory: str) -> str:
        """The Redis key of one session memory."""
        return f"{keys.session_root(self.prefix, ref.user_id, ref.session_id)}{keys.SEP}agentmem{keys.SEP}{memory}"

    async def read(self, ref: ScopeRef, memory: str) -> dict[str, Any] | None:
        """The memory of this user's session, ``None`` after it expired."""
        raw = await self.client.get(self.key(ref, memory))
        if raw is None:
            return None
        return dict(json.loads(raw)["data"])

    async def write(self, ref: ScopeRef, memory: str, data: dict[str, Any], persistence: Persistence, writer: str) -> None:
        """Store the memory for this session with the session's TTL."""
        value = json.dumps(_entry(data, persistence, writer), ensure_ascii=False)
        await self.client.set(self.key(ref, memory), value, ex=self.ttl_seconds)


@dataclass
class ScopeStores:
    """The store of each scope; ``session`` may be ``None`` when no agent declares it."""

    task: TaskScopeStore
    global_: GlobalScopeStore
    session: SessionScopeStore | None = None

    def for_scope(self, scope: MemoryScope) -> ScopeStore:
        """The store serving ``scope``."""
        if scope is MemoryScope.TASK:
            return self.task
        if scope is MemoryScope.GLOBAL:
            return self.global_
        if self.session is None:
            raise RuntimeError(
                "an agent declares memory_scope 'session' but no short-term store was given to the engine; "
                "open the engine with open_scope_stores(settings, needs_session=True)"
            )
        return self.session
