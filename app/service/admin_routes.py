"""``GET /admin/deployment``: which AGENTS.md the service runs, since when, and the last refused change.

Reading it also checks the file (``LiveDeployment.check``), so an operator who just saved
a new version sees at once whether it was taken or why it was refused.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

admin_router = APIRouter(tags=["admin"])


@admin_router.get("/admin/deployment", summary="The running AGENTS.md: deployment, config_version, loaded_at")
async def deployment(request: Request) -> dict[str, Any]:
    """What runs now (after looking at the file), and the last refusal since it was loaded."""
    live = request.app.state.memory_deployment
    await live.check()
    return live.status()
