"""Working-state tier: where a running task stands, resumable after a crash."""
from __future__ import annotations

from typing import Any, Protocol

from memory.types import TaskRecord


class WorkingStore(Protocol):
    """Tasks with a JSON state document and optimistic concurrency on ``version``.

    Every mutating call takes the ``expected_version`` the caller read; when the row has
    moved on, nothing is written and ``VersionConflictError`` is raised.
    """

    async def migrate(self) -> list[int]:
        """Apply pending schema migrations; returns the numbers applied now."""

    async def start_task(
        self,
        user_id: str,
        agent_name: str,
        state: dict[str, Any],
        session_id: str | None = None,
        task_id: str | None = None,
        step: str | None = None,
    ) -> TaskRecord:
        """Create a running task at version 1."""

    async def get_task(self, user_id: str, task_id: str) -> TaskRecord:
        """Read a task of this user. Raises ``TaskNotFoundError``."""

    async def advance(
        self,
        user_id: str,
        task_id: str,
        expected_version: int,
        step: str,
        state: dict[str, Any],
    ) -> TaskRecord:
        """Move the task to ``step`` with the new ``state`` (version + 1), in one transaction."""

    async def finish(
        self, user_id: str, task_id: str, expected_version: int, state: dict[str, Any] | None = None
    ) -> TaskRecord:
        """Mark the task done."""

    async def fail(self, user_id: str, task_id: str, expected_version: int, error: str) -> TaskRecord:
        """Mark the task failed, recording ``error`` in the state under ``"error"``."""

    async def list_unfinished(self, user_id: str, agent_name: str | None = None) -> list[TaskRecord]:
        """Running tasks of the user, oldest first."""

    async def list_tasks(self, user_id: str) -> list[TaskRecord]:
        """Every task of the user, any status, oldest first (for export)."""

    async def erase_user(self, user_id: str) -> int:
        """Delete every task of the user; returns how many rows went."""

    async def server_version(self) -> str:
        """Engine and version, e.g. ``"MariaDB 10.11.9"`` or ``"SQLite 3.40.1"``."""

    async def close(self) -> None:
        """Release connections."""
