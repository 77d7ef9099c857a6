"""The caller's tasks over HTTP: list them (as the inspector shows them), start, step, note, complete.

The caller is the verified user of the request (``app.service.auth``); no route takes a user
id, and a task id is only ever looked up among the caller's own tasks (another user's id is
404, exactly like an unknown one). Each task is shown as the
prompt and the agent's task tools see it (``pipelines.tasks.view``): name, status, current
step, the plan with each step's status, findings (PII-masked when stored) and version.
"""
from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Literal

from agentscope.app.deps import get_current_user_id
from fastapi import APIRouter, Depends, HTTPException, Query, Request
from pydantic import BaseModel, Field

from memory.errors import TaskNotFoundError, VersionConflictError
from memory.types import TaskRecord, TaskStatus
from pipelines.tasks import TaskDesk, view

tasks_router = APIRouter(prefix="/memory", tags=["tasks"])
NO_SUCH_TASK = "No such task of yours; list yours with GET /memory/tasks?status=all."


@tasks_router.get("/tasks", summary="The caller's tasks: plan and step statuses, findings, version")
async def list_tasks(
    request: Request,
    status: Literal["running", "all"] = Query("running", description="running | all (adds done and failed tasks)"),
    user_id: str = Depends(get_current_user_id),
) -> dict[str, Any]:
    """Running tasks first, most recently updated first; ``status=all`` adds the finished ones."""
    working = request.app.state.memory_runtime.working
    tasks = await (working.list_tasks(user_id) if status == "all" else working.list_unfinished(user_id))
    tasks.sort(key=lambda t: (t.status is not TaskStatus.RUNNING, -t.updated_at.timestamp()))
    return {"user_id": user_id, "tasks": [{**view(t), "created_at": t.created_at.isoformat()} for t in tasks]}


class TaskStart(BaseModel):
    """``POST /memory/tasks``: a new running task."""

    name: str = Field(min_length=1, max_length=200, description="what the task is called, e.g. 'market report'")
    plan: list[str] = Field(default_factory=list, max_length=30, description="its steps, each pending at first")


class StepUpdate(BaseModel):
    """``POST /memory/tasks/{id}/steps``: where the task stands now."""

    step: str = Field(min_length=1, max_length=200, description="a planned step's text or number, or a new step")
    status: Literal["pending", "in_progress", "done", "blocked"] | None = Field(
        None, description="the planned step's new status; omit to just move the task to this step")


class Finding(BaseModel):
    """``POST /memory/tasks/{id}/findings``: something learnt along the way (stored masked)."""

    text: str = Field(min_length=1, max_length=1000)


def _desk(request: Request, user_id: str) -> TaskDesk:
    return TaskDesk(request.app.state.memory_runtime.working, user_id)


async def _apply(change: Awaitable[TaskRecord]) -> dict[str, Any]:
    """Run one change of the caller's task; map the task errors to their status codes."""
    try:
        return view(await change)
    except TaskNotFoundError:
        raise HTTPException(404, NO_SUCH_TASK) from None
    except VersionConflictError:
        raise HTTPException(409, "The task changed under this request (another session wrote it); "
                                 "nothing was written: re-read it with GET /memory/tasks and retry.") from None
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


async def _running(desk: TaskDesk, task_id: str) -> str:
    try:
        task = await desk.get(task_id)
    except TaskNotFoundError:
        raise HTTPException(404, NO_SUCH_TASK) from None
    if task.status is not TaskStatus.RUNNING:
        raise HTTPException(409, f"The task is {task.status.value}; nothing was written. Start a new one with POST /memory/tasks.")
    return task_id


@tasks_router.post("/tasks", status_code=201, summary="Start a task (name and plan stored PII-masked)")
async def start_task(body: TaskStart, request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """A new running task of the caller's; its state joins the caller's prompts from the next turn."""
    return await _apply(_desk(request, user_id).start(body.name, plan=body.plan))


@tasks_router.post("/tasks/{task_id}/steps", summary="Move the task to a step, or set a planned step's status")
async def update_step(task_id: str, body: StepUpdate, request: Request,
                      user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """With ``status``: that planned step's status; without: the task's current step."""
    desk = _desk(request, user_id)
    await _running(desk, task_id)
    return await _apply(desk.mark(task_id, body.step, body.status) if body.status else desk.step(task_id, body.step))


@tasks_router.post("/tasks/{task_id}/findings", summary="Record a finding on the task (stored PII-masked)")
async def add_finding(task_id: str, body: Finding, request: Request,
                      user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """Append a finding; the last 50 are kept."""
    desk = _desk(request, user_id)
    await _running(desk, task_id)
    return await _apply(desk.note(task_id, body.text))


@tasks_router.post("/tasks/{task_id}/done", summary="Complete the task (it leaves the prompt)")
async def complete_task(task_id: str, request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """Mark the caller's running task done."""
    desk = _desk(request, user_id)
    await _running(desk, task_id)
    return await _apply(desk.done(task_id))
