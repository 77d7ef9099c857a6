"""The chat agent's task tools: start, update a step, record a finding, complete, status, resume.

AgentScope tool functions over ``pipelines.tasks.TaskDesk`` (one implementation of tasks for
the chat commands, the turn and these tools). They act on the session's user and the
session's current task, both read from a ``TaskBinding`` (the agent's memory middleware):
no tool takes a user id, and a task id is only ever looked up among the user's own running
tasks, so a model that was talked into it cannot reach another user's task.

Findings, names and steps are PII-masked by ``TaskDesk`` before they are stored. Every
failure (no active task, a task finished or changed elsewhere, a store that is down) comes
back to the model as a readable tool error with what to do next; the turn goes on.

Offline (the deterministic responder) the agent gets no tools: the responder cannot call
them, the ``/task`` chat commands do the same work.
"""
from __future__ import annotations

import json
from typing import Literal, Protocol

from agentscope.message import TextBlock, ToolResultState
from agentscope.permission import PermissionBehavior, PermissionDecision
from agentscope.tool import FunctionTool, ToolChunk
from loguru import logger

from memory.errors import MemoryAgentError, TaskNotFoundError, VersionConflictError
from memory.types import TaskRecord, TaskStatus
from memory.working.base import WorkingStore
from pipelines.tasks import TaskDesk, describe, task_name, view

StepStatus = Literal["pending", "in_progress", "done", "blocked"]

_ALLOWED = PermissionDecision(
    behavior=PermissionBehavior.ALLOW,
    message="task tools act only on the session user's own tasks",
)
_NO_TASK = ("No task is active in this conversation. Start one with task_start, or resume one of the "
            "user's running tasks with task_resume (task_status lists them).")


class TaskBinding(Protocol):
    """Whose tasks the tools act on, and which one is current (the agent's memory middleware).

    Attributes:
        user_id: The session's user; fixed when the session opens.
        session_id: The conversation.
        task_id: The active task, or ``None``; the tools set it when they start, resume or
            complete a task, and the next turns put its state in the prompt.
    """

    user_id: str
    session_id: str
    task_id: str | None


def _ok(task: TaskRecord, note: str) -> ToolChunk:
    body = json.dumps(view(task), ensure_ascii=False)
    return ToolChunk(content=[TextBlock(text=f"{note}\n{body}")], state=ToolResultState.RUNNING)


def _error(text: str) -> ToolChunk:
    return ToolChunk(content=[TextBlock(text=f"Error: {text}")], state=ToolResultState.ERROR)


class TaskTools:
    """The task tool functions bound to one session.

    Args:
        working: The working-state store.
        binding: The session's user and current task.
    """

    def __init__(self, working: WorkingStore, binding: TaskBinding) -> None:
        self._binding = binding
        self._desk = TaskDesk(working, binding.user_id)

    def tools(self) -> list[FunctionTool]:
        """The tools to register on the agent (allowed without asking: they touch only the user's tasks)."""
        funcs = (self.task_start, self.task_update_step, self.task_add_finding, self.task_complete,
                 self.task_status, self.task_resume)
        return [FunctionTool(f, permission=_ALLOWED, is_concurrency_safe=False,
                             is_read_only=f.__name__ == "task_status") for f in funcs]

    async def task_start(self, name: str, steps: list[str] | None = None) -> ToolChunk:
        """Start a new task for the user and make it the active one; its state joins every later prompt.

        Use it when the user begins a piece of work that spans several turns or sessions
        (a report, a trip, a comparison).

        Args:
            name (str): A short name the user would use for it, e.g. "market report".
            steps (list[str] | None): The planned steps, in order; each starts as "pending".
        """
        try:
            task = await self._desk.start(name, self._binding.session_id, plan=steps or [])
        except (ValueError, MemoryAgentError) as exc:
            return await self._failed("task_start", exc)
        self._binding.task_id = task.task_id
        return _ok(task, f"Started task {task_name(task)!r}; it is now the active task.")

    async def task_update_step(self, step: str, status: StepStatus) -> ToolChunk:
        """Set the status of a step of the active task (a step not in the plan yet is added).

        Args:
            step (str): The step's text as in the plan, or its number in the plan (1 = first).
            status (str): "pending", "in_progress", "done" or "blocked".
        """
        if self._binding.task_id is None:
            return _error(_NO_TASK)
        try:
            task = await self._desk.mark(self._binding.task_id, step, status)
        except (ValueError, MemoryAgentError) as exc:
            return await self._failed("task_update_step", exc)
        return _ok(task, f"Step {task.current_step!r} is now {status}.")

    async def task_add_finding(self, text: str) -> ToolChunk:
        """Record a finding (a fact, number or decision learnt while working) on the active task.

        Args:
            text (str): The finding, one sentence. Personal data in it is masked before it is stored.
        """
        if self._binding.task_id is None:
            return _error(_NO_TASK)
        try:
            task = await self._desk.note(self._binding.task_id, text)
        except (ValueError, MemoryAgentError) as exc:
            return await self._failed("task_add_finding", exc)
        return _ok(task, "Finding recorded (as stored, personal data masked).")

    async def task_complete(self) -> ToolChunk:
        """Mark the active task done; it leaves the prompt and no task is active afterwards."""
        if self._binding.task_id is None:
            return _error(_NO_TASK)
        try:
            task = await self._desk.done(self._binding.task_id)
        except MemoryAgentError as exc:
            return await self._failed("task_complete", exc)
        self._binding.task_id = None
        return _ok(task, f"Task {task_name(task)!r} is done; no task is active now.")

    async def task_status(self) -> ToolChunk:
        """The active task's state (plan with each step's status, findings, version) and the user's other running tasks."""
        try:
            running = await self._desk.unfinished()
            active = await self._desk.get(self._binding.task_id) if self._binding.task_id else None
        except MemoryAgentError as exc:
            return await self._failed("task_status", exc)
        others = [describe(t) for t in running if active is None or t.task_id != active.task_id]
        body = {"active": view(active) if active else None, "other_running_tasks": others}
        return ToolChunk(content=[TextBlock(text=json.dumps(body, ensure_ascii=False))], state=ToolResultState.RUNNING)

    async def task_resume(self, name: str) -> ToolChunk:
        """Make one of the user's running tasks the active one again.

        Args:
            name (str): The task's name (its words, e.g. "market report") or its id.
        """
        try:
            task = await self._desk.find(name)
        except MemoryAgentError as exc:
            return await self._failed("task_resume", exc)
        if task is None:
            return _error(f"None of the user's running tasks matches {name!r}; task_status lists them.")
        self._binding.task_id = task.task_id
        return _ok(task, f"Resumed task {task_name(task)!r}; it is now the active task.")

    async def _failed(self, tool: str, exc: Exception) -> ToolChunk:
        """The model-facing error for ``exc``; nothing of the user's text goes to the log."""
        logger.warning("task tool {} failed: {}", tool, type(exc).__name__)
        if isinstance(exc, ValueError):
            return _error(f"{exc}.")
        if isinstance(exc, TaskNotFoundError):
            self._binding.task_id = None
            return _error("The active task no longer exists (it was erased). " + _NO_TASK)
        if isinstance(exc, VersionConflictError) and self._binding.task_id is not None:
            return await self._conflict()
        return _error("The task store did not answer, nothing was written. Tell the user their task "
                      "could not be updated right now; try again in a later turn.")

    async def _conflict(self) -> ToolChunk:
        """A finished task, or one changed by another session twice in a row: nothing was written."""
        try:
            task = await self._desk.get(self._binding.task_id)  # type: ignore[arg-type]
        except MemoryAgentError:
            return _error("The task changed elsewhere and cannot be read now; nothing was written. Try again later.")
        if task.status is not TaskStatus.RUNNING:
            self._binding.task_id = None
            return _error(f"Task {task_name(task)!r} is already {task.status.value} (version {task.version}), "
                          "so nothing was written. Start a new task with task_start if the work goes on.")
        return _error(f"Task {task_name(task)!r} was changed at the same moment in another session "
                      f"(now version {task.version}); nothing was written. Call task_status to see its "
                      "state, then retry the update.")
