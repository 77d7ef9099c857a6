"""Tasks as first-class working state: start, step, record findings, complete, resume.

A task's state lives in the working tier (MariaDB/SQLite JSON) with optimistic versioning;
the turn injects the running task's state into the prompt under the budget's working
share. Findings and names are user text, so they are PII-masked before they are stored.

State document: ``{"name": str, "findings": [str], "steps": [{"step", "at"}]}``.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from memory.errors import VersionConflictError
from memory.types import TaskRecord
from memory.working.base import WorkingStore
from pipelines.pii import mask_pii

AGENT = "assistant"
_WORD = re.compile(r"[0-9A-Za-z]{3,}|[\u4e00-\u9fff]+")
_MAX_FINDINGS = 50


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def task_name(task: TaskRecord) -> str:
    """The task's human name (its id when it has none)."""
    return str(task.state.get("name") or task.task_id)


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names the task: every word of its name (3+ letters, or a CJK run) occurs."""
    words = [w.lower() for w in _WORD.findall(name)]
    lowered = text.lower()
    return bool(words) and all(w in lowered for w in words)


class TaskDesk:
    """One user's tasks in the working tier.

    Args:
        working: The working-state store.
        user_id: Whose tasks; nothing of another user is ever read.
    """

    def __init__(self, working: WorkingStore, user_id: str) -> None:
        self._working = working
        self.user_id = user_id

    async def start(self, name: str, session_id: str | None = None) -> TaskRecord:
        """A new running task called ``name`` (masked), at step ``started``."""
        clean = mask_pii(" ".join(name.split())).text[:200]
        if not clean:
            raise ValueError("a task needs a name, e.g. /task start market report")
        state = {"name": clean, "findings": [], "steps": [{"step": "started", "at": _now()}]}
        return await self._working.start_task(self.user_id, AGENT, state, session_id=session_id, step="started")

    async def unfinished(self) -> list[TaskRecord]:
        """The user's running tasks, oldest first."""
        return await self._working.list_unfinished(self.user_id)

    async def get(self, task_id: str) -> TaskRecord:
        """One task of this user (``TaskNotFoundError`` otherwise)."""
        return await self._working.get_task(self.user_id, task_id)

    async def find(self, text: str) -> TaskRecord | None:
        """The running task ``text`` names (by id or by its name's words); newest wins."""
        tasks = await self.unfinished()
        for task in reversed(tasks):
            if task.task_id == text.strip() or mentions(text, task_name(task)):
                return task
        return None

    async def _change(self, task_id: str, step: str | None, update: Any) -> TaskRecord:
        """Apply ``update(state)`` at the current version; re-read once on a concurrent write."""
        for attempt in range(2):
            task = await self.get(task_id)
            state = update(dict(task.state))
            try:
                return await self._working.advance(self.user_id, task_id, task.version,
                                                   step or task.current_step or "started", state)
            except VersionConflictError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def step(self, task_id: str, step: str) -> TaskRecord:
        """Move the task to ``step`` (masked)."""
        clean = mask_pii(" ".join(step.split())).text[:200]

        def update(state: dict[str, Any]) -> dict[str, Any]:
            state["steps"] = [*state.get("steps", []), {"step": clean, "at": _now()}][-_MAX_FINDINGS:]
            return state

        return await self._change(task_id, clean, update)

    async def note(self, task_id: str, finding: str) -> TaskRecord:
        """Record a finding (masked) on the task."""
        clean = mask_pii(" ".join(finding.split())).text[:1000]

        def update(state: dict[str, Any]) -> dict[str, Any]:
            state["findings"] = [*state.get("findings", []), clean][-_MAX_FINDINGS:]
            return state

        return await self._change(task_id, None, update)

    async def done(self, task_id: str) -> TaskRecord:
        """Mark the task done (it leaves the prompt)."""
        task = await self.get(task_id)
        return await self._working.finish(self.user_id, task_id, task.version)


def describe(task: TaskRecord) -> str:
    """One line for the terminal: name, status, step, findings count, id."""
    findings = task.state.get("findings", [])
    return (f"{task_name(task)} — {task.status.value}, step {task.current_step!r}, "
            f"{len(findings)} finding(s), v{task.version} (id {task.task_id})")
