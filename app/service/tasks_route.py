"""``GET /memory/tasks``: the caller's tasks as the inspector shows them.

The caller is the verified user of the request (``app.service.auth``); the route takes no
user or task id, so it can only ever list the caller's own tasks. Each task is shown as the
prompt and the agent's task tools see it (``pipelines.tasks.view``): name, status, current
step, the plan with each step's status, findings (PII-masked when stored) and version.
"""
from __future__ import annotations

from typing import Any, Literal

from agentscope.app.deps import get_current_user_id
from fastapi import APIRouter, Depends, Query, Request

from memory.types import TaskStatus
from pipelines.tasks import view

tasks_router = APIRouter(prefix="/memory", tags=["tasks"])


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
