"""Tasks as first-class working state: start, step, record findings, complete, resume.

A task's state lives in the working tier (MariaDB/SQLite JSON) with optimistic versioning;
the turn injects the running task's state into the prompt under the budget's working
share. Findings and names are user text, so they are PII-masked before they are stored.

State document: ``{"name": str, "findings": [str], "steps": [{"step", "at"}],
"plan": [{"step", "status"}]}``: ``steps`` is the history of where the task stood, ``plan``
the steps the task was started with (or that were marked since), each with its status.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from memory.errors import VersionConflictError
from memory.types import TaskRecord
from memory.working.base import WorkingStore
from pipelines.receive.pii import mask_pii

AGENT = "assistant"
_WORD = re.compile(r"[0-9A-Za-z]{3,}|[\u4e00-\u9fff]+")
_MAX_FINDINGS = 50
_MAX_PLAN = 30
STEP_STATUSES = ("pending", "in_progress", "done", "blocked")
"""The status a planned step can have."""


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def task_name(task: TaskRecord) -> str:
    """The task's human name (its id when it has none)."""
    return str(task.state.get("name") or task.task_id)


def _clean(text: str, limit: int) -> str:
    """User text as it may be stored: whitespace collapsed, personal data masked, capped."""
    return mask_pii(" ".join(text.split())).text[:limit]


def plan_of(task: TaskRecord) -> list[dict[str, str]]:
    """The task's planned steps with their status (``[]`` when it was started without a plan)."""
    return [dict(p) for p in task.state.get("plan", [])]


def view(task: TaskRecord) -> dict[str, Any]:
    """The task as the prompt, the agent's tools and the inspector show it (JSON-ready)."""
    return {"task_id": task.task_id, "task": task_name(task), "status": task.status.value,
            "step": task.current_step, "version": task.version, "updated_at": task.updated_at.isoformat(),
            "plan": plan_of(task), "findings": list(task.state.get("findings", []))}


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

    async def start(self, name: str, session_id: str | None = None, plan: list[str] | None = None) -> TaskRecord:
        """A new running task called ``name`` (masked), at step ``started``, with ``plan`` steps pending."""
        clean = _clean(name, 200)
        if not clean:
            raise ValueError("a task needs a name, e.g. /task start market report")
        steps = [s for s in (_clean(p, 200) for p in plan or []) if s]
        if len(steps) > _MAX_PLAN:
            raise ValueError(f"a plan holds at most {_MAX_PLAN} steps, got {len(steps)}; merge some steps")
        state = {"name": clean, "findings": [], "steps": [{"step": "started", "at": _now()}],
                 "plan": [{"step": s, "status": "pending"} for s in steps]}
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

    async def _change(self, task_id: str, update: Callable[[dict[str, Any]], dict[str, Any]]) -> TaskRecord:
        """Apply ``update(state)`` at the current version; re-read once on a concurrent write.

        The task's current step is the newest entry of the state's step history.
        """
        for attempt in range(2):
            task = await self.get(task_id)
            state = update(copy.deepcopy(task.state))
            history = state.get("steps") or []
            step = history[-1]["step"] if history else task.current_step or "started"
            try:
                return await self._working.advance(self.user_id, task_id, task.version, step, state)
            except VersionConflictError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def step(self, task_id: str, step: str) -> TaskRecord:
        """Move the task to ``step`` (masked)."""
        clean = _clean(step, 200)

        def update(state: dict[str, Any]) -> dict[str, Any]:
            state["steps"] = [*state.get("steps", []), {"step": clean, "at": _now()}][-_MAX_FINDINGS:]
            return state

        return await self._change(task_id, update)

    async def mark(self, task_id: str, step: str, status: str) -> TaskRecord:
        """Set a planned step's ``status``; ``step`` is its text or its number (1-based).

        A step that is not in the plan yet is added to it. The task moves to that step.

        Raises:
            ValueError: an unknown status, an empty step, or a full plan.
        """
        if status not in STEP_STATUSES:
            raise ValueError(f"unknown step status {status!r}; use one of {', '.join(STEP_STATUSES)}")
        wanted = _clean(step, 200)
        if not wanted:
            raise ValueError("name the step to update, by its text or its number in the plan")

        def update(state: dict[str, Any]) -> dict[str, Any]:
            plan = [dict(p) for p in state.get("plan", [])]
            at = (int(wanted) - 1 if wanted.isdigit() and 0 < int(wanted) <= len(plan)
                  else next((i for i, p in enumerate(plan) if p["step"].casefold() == wanted.casefold()), None))
            if at is None:
                if len(plan) >= _MAX_PLAN:
                    raise ValueError(f"the plan already holds {_MAX_PLAN} steps; update one of them instead")
                plan.append({"step": wanted, "status": status})
                at = len(plan) - 1
            plan[at]["status"] = status
            state["plan"] = plan
            history = {"step": plan[at]["step"], "status": status, "at": _now()}
            state["steps"] = [*state.get("steps", []), history][-_MAX_FINDINGS:]
            return state

        return await self._change(task_id, update)

    async def note(self, task_id: str, finding: str) -> TaskRecord:
        """Record a finding (masked) on the task."""
        clean = _clean(finding, 1000)
        if not clean:
            raise ValueError("a finding needs some text")

        def update(state: dict[str, Any]) -> dict[str, Any]:
            state["findings"] = [*state.get("findings", []), clean][-_MAX_FINDINGS:]
            return state

        return await self._change(task_id, update)

    async def done(self, task_id: str) -> TaskRecord:
        """Mark the task done (it leaves the prompt)."""
        task = await self.get(task_id)
        return await self._working.finish(self.user_id, task_id, task.version)


def describe(task: TaskRecord) -> str:
    """One line for the terminal: name, status, step, findings count, id."""
    findings = task.state.get("findings", [])
    plan = plan_of(task)
    done = sum(p["status"] == "done" for p in plan)
    progress = f", plan {done}/{len(plan)} done" if plan else ""
    return (f"{task_name(task)} — {task.status.value}, step {task.current_step!r}{progress}, "
            f"{len(findings)} finding(s), v{task.version} (id {task.task_id})")
