"""The memory API of the service: list, explain and forget, always for the caller only.

The caller is the verified user of the request (``app.service.auth``: an API key, a JWT,
or a trusted gateway's ``X-User-ID``), installed over AgentScope's ``get_current_user_id``
dependency, and nothing else: no route takes a user id in the path, query or body, so no
request can name another user's memories. Routes are documented in
``docs/API.md``; the inspector page (``/ui/``) uses exactly these.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from agentscope.app.deps import get_current_user_id
from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import PlainTextResponse
from redis.asyncio import Redis
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from memory.errors import MemoryNotFoundError
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.shortterm.keys import glob_escape
from memory.types import MemoryItem, MemoryStatus
from pipelines.forgetting import forget_memory

StatusFilter = Literal["active", "superseded", "all"]


class TurnLog:
    """The last turn's labels per user and per session (for ``/memory/explain``) and per reply
    message, in Redis: every replica reads what any replica recorded.

    Keys ``{prefix}:svc:turns:{user}:last``, ``...:session:{id}`` and ``...:reply:{id}``,
    each with a TTL (``SERVICE_EXPLAIN_TTL_SECONDS``; a reply's labels wait only until the
    reply message is stored, which then carries them in ``metadata["memory"]``, see
    ``app.service.storage``). A full erase deletes them (``forget_user``).

    Args:
        redis: The service's Redis client (``decode_responses=True``).
        prefix: ``REDIS_PREFIX``.
        ttl_s: How long a turn's labels stay readable.
    """

    REPLY_TTL_S = 3600

    def __init__(self, redis: Redis, prefix: str, ttl_s: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.ttl_s = ttl_s

    def _key(self, user_id: str, *rest: str) -> str:
        return ":".join((self.prefix, "svc", "turns", user_id, *rest))

    async def record(self, user_id: str, session_id: str, reply_id: str, labels: dict[str, Any]) -> None:
        """Remember the labels of a finished turn."""
        value = json.dumps(labels, default=str)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(self._key(user_id, "last"), value, ex=self.ttl_s)
            pipe.set(self._key(user_id, "session", session_id), value, ex=self.ttl_s)
            pipe.set(self._key(user_id, "reply", reply_id), value, ex=self.REPLY_TTL_S)
            await pipe.execute()

    async def last(self, user_id: str, session_id: str | None = None) -> dict[str, Any] | None:
        """The user's last turn (in ``session_id`` when given), or ``None``."""
        key = self._key(user_id, "session", session_id) if session_id is not None else self._key(user_id, "last")
        value = await self.redis.get(key)
        return json.loads(value) if value else None

    async def forget_user(self, user_id: str) -> int:
        """Drop every turn label of ``user_id`` (part of a full erase); returns how many."""
        deleted = 0
        async for key in self.redis.scan_iter(match=self._key(glob_escape(user_id), "*"), count=500):
            deleted += int(await self.redis.delete(key))
        return deleted

    async def labels_for_reply(self, user_id: str, reply_id: str) -> dict[str, Any] | None:
        """The labels of the reply message ``reply_id`` of ``user_id``, if its turn was recorded."""
        value = await self.redis.get(self._key(user_id, "reply", reply_id))
        return json.loads(value) if value else None


def item_json(item: MemoryItem) -> dict[str, Any]:
    """A memory as the API returns it."""
    return {
        "id": item.id,
        "type": item.memory_type.value,
        "content": item.content,
        "importance": round(item.importance, 4),
        "status": item.status.value,
        "created_at": _iso(item.created_at),
        "last_used_at": _iso(item.last_accessed_at),
        "use_count": item.access_count,
        "superseded_by": item.superseded_by,
        "source_session": item.source_session,
        "trace_id": item.trace_id,
        "embedding_model": item.embedding_model,
    }


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _statuses(status: StatusFilter) -> tuple[MemoryStatus, ...]:
    if status == "all":
        return (MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED)
    return (MemoryStatus(status),)


def _longterm(request: Request) -> LongTermStore:
    return request.app.state.memory_runtime.longterm


def _shortterm(request: Request) -> ShortTermStore:
    return request.app.state.memory_runtime.shortterm


def _turns(request: Request) -> TurnLog:
    return request.app.state.memory_turns


def _not_found(exc: MemoryNotFoundError) -> HTTPException:
    return HTTPException(status_code=404, detail=f"{exc} List your memories with GET /memory/items.")


def explain_json(labels: dict[str, Any]) -> dict[str, Any]:
    """The last turn's recall as a ranked list, with what reached the context and its tokens."""
    recall = labels.get("recall") or {}
    injected = set(recall.get("injected_ids") or [])
    candidates = [
        {**c, "injected": c["id"] in injected}
        for c in sorted(recall.get("candidates") or [], key=lambda c: c["rank"])
    ]
    budget = labels.get("budget") or {}
    return {
        "trace_id": labels.get("trace_id"),
        "session_id": labels.get("session_id"),
        "query": recall.get("query"),
        "cache_hit": recall.get("cache_hit", False),
        "candidates": candidates,
        "injected_ids": sorted(injected),
        "knowledge": recall.get("knowledge") or [],
        "budget": {
            "window": budget.get("window"),
            "profile": budget.get("profile"),
            "allowance": budget.get("allowance") or {},
            "used": budget.get("used") or {},
        },
        "screening": labels.get("screening"),
        "infer": labels.get("infer"),
        "extract": labels.get("extract"),
        "timings_ms": labels.get("timings_ms") or {},
    }


memory_router = APIRouter(prefix="/memory", tags=["memory"])


@memory_router.get("/items", summary="The caller's memories, newest first")
async def list_items(
    request: Request,
    status: StatusFilter = Query("active", description="active | superseded | all (= active + superseded)"),
    limit: int = Query(200, ge=1, le=1000),
    user_id: str = Depends(get_current_user_id),
) -> dict[str, Any]:
    """List the caller's memories (forgotten ones are in the cold archive, not listed)."""
    store = _longterm(request)
    items = await store.list(user_id, statuses=_statuses(status), limit=limit)
    total = len(items) if len(items) < limit else await store.count(user_id, statuses=_statuses(status))
    return {"user_id": user_id, "items": [item_json(i) for i in items], "total": total}


@memory_router.get("/items/{memory_id}/history", summary="The supersede chain ending in this memory")
async def item_history(request: Request, memory_id: int, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """The versions this memory replaced, oldest first, ending with the memory itself."""
    try:
        items = await _longterm(request).history(user_id, memory_id)
    except MemoryNotFoundError as exc:
        raise _not_found(exc) from None
    return {"memory_id": memory_id, "history": [item_json(i) for i in items]}


@memory_router.delete("/items/{memory_id}", summary="Forget one memory (moved to the cold archive)")
async def forget_item(request: Request, memory_id: int, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """Archive one of the caller's memories (and its superseded versions); drop cached recalls."""
    try:
        current = await _longterm(request).get(user_id, memory_id)
        if current.status is MemoryStatus.SUPERSEDED:
            raise HTTPException(
                status_code=404,
                detail=f"Memory {memory_id} is not active: memory {current.superseded_by} superseded it. "
                f"Forget the current version (DELETE /memory/items/{current.superseded_by}); its history goes with it.",
            )
        await forget_memory(
            _longterm(request), _shortterm(request), user_id, memory_id, "forgotten at the user's request (API)"
        )
    except MemoryNotFoundError as exc:
        raise _not_found(exc) from None
    return {"forgotten": memory_id}


@memory_router.get("/explain", summary="The caller's last turn: recall ranking, scores, context tokens")
async def explain(
    request: Request,
    session_id: str | None = Query(None, description="only a turn of this session (default: the last turn)"),
    user_id: str = Depends(get_current_user_id),
) -> dict[str, Any]:
    """Why the agent answered as it did in the caller's last turn."""
    labels = await _turns(request).last(user_id, session_id)
    if labels is None:
        where = f" in session {session_id!r}" if session_id else ""
        raise HTTPException(
            status_code=404,
            detail=f"No turn of yours{where} recently; send a message with POST /chat/ first.",
        )
    return explain_json(labels)


metrics_router = APIRouter(tags=["metrics"])


@metrics_router.get("/metrics", response_class=PlainTextResponse, summary="Prometheus metrics")
async def metrics() -> PlainTextResponse:
    """Every counter and histogram of ``core.telemetry`` (and the process collectors)."""
    return PlainTextResponse(generate_latest(), media_type=CONTENT_TYPE_LATEST)
