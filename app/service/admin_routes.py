"""Admin routes: the running deployment, and the last hour's health.

``GET /admin/deployment``: which AGENTS.md the service runs, since when, and the last
refused change. Reading it also checks the file (``LiveDeployment.check``), so an operator
who just saved a new version sees at once whether it was taken or why it was refused.

``GET /admin/health``: the golden signals of the last hour, point by point
(``core.health``), for the inspector's health panel; process-wide figures, so admin only.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from core import health

admin_router = APIRouter(tags=["admin"])


@admin_router.get("/admin/deployment", summary="The running AGENTS.md: deployment, config_version, loaded_at")
async def deployment(request: Request) -> dict[str, Any]:
    """What runs now (after looking at the file), and the last refusal since it was loaded."""
    live = request.app.state.memory_deployment
    await live.check()
    return live.status()


@admin_router.get("/admin/health", summary="The last hour's turns, hit rate, p95 latency, fallbacks, denials, context tokens")
async def health_series() -> dict[str, Any]:
    """Points of the process's health series, the newest ending now."""
    return health.SERIES.series()
