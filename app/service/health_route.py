"""``GET /health``: AgentScope's liveness and component readiness, plus the stores' readiness.

The answer stays AgentScope's (``status``, ``version``, ``components``: the web UI's set-up
page reads them) with ``readiness`` (``ready`` or ``degraded``), ``stores`` (each tier
``ok`` or why it is down), ``replica`` (this process's id among the replicas) and
``redis_persistence`` (``aof``, ``rdb``, ``none``, ``unknown``, or ``unchecked`` while Redis
has not answered yet; ``app/service/persistence.py``). A store
that is down does not make the probe fail: the service answers degraded turns, so a load
balancer keeps sending traffic. The stores are checked at most every ``PROBE_EVERY_S``.
"""
from __future__ import annotations

import time
from typing import Any

from agentscope.app._router._health import get_health
from agentscope.app.deps import get_current_user_id
from fastapi import APIRouter, Depends, Request, Response

PROBE_EVERY_S = 3.0

health_router = APIRouter(tags=["health"])


async def store_readiness(request: Request) -> dict[str, str]:
    """Each tier ``ok`` or why it is down (cached for ``PROBE_EVERY_S``)."""
    state = request.app.state
    cached: tuple[float, dict[str, str]] | None = getattr(state, "memory_store_probe", None)
    now = time.monotonic()
    if cached is None or now - cached[0] > PROBE_EVERY_S:
        down = await state.memory_runtime.probe()
        stores = {tier: down.get(tier, "ok") for tier in ("short-term", "working", "long-term")}
        state.memory_store_probe = cached = (now, stores)
    return cached[1]


@health_router.get("/health", summary="Liveness, component readiness and the stores' readiness")
async def health(request: Request, response: Response, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """AgentScope's health answer with ``readiness``, ``stores`` and ``replica``."""
    base = await get_health(request, response, user_id)
    stores = await store_readiness(request)
    degraded = any(v != "ok" for v in stores.values())
    replica = getattr(request.app.state, "memory_replica", None)
    return {**base.model_dump(mode="json"), "readiness": "degraded" if degraded else "ready",
            "stores": stores, "replica": replica.id if replica is not None else None,
            "redis_persistence": getattr(request.app.state, "memory_persistence", {}).get("redis", "unchecked")}
