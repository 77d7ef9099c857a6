"""The user decides, over HTTP: consent, export of everything held, and a real erase.

Every route acts on the caller's own data only (the verified user of the request).
``DELETE /memory/all`` erases every tier, the archive, the outbox and journal, the consent
answer, the service's own session records and the turn labels kept in this process.
"""
from __future__ import annotations

from typing import Any

from agentscope.app.deps import get_current_user_id
from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from app.privacy import erase_user, export_user
from app.service.knowledge_privacy import erase_knowledge, export_knowledge
from app.composition import consent_store
from app.service.bus import bus_keys_of_session
from memory.shortterm.keys import glob_escape, tagged

async def _session_ids(state: Any, user_id: str) -> list[str]:  # noqa: ANN401
    """Ids of every session of ``user_id`` in the service's storage (every agent)."""
    ids: list[str] = []
    for agent in await state.storage.list_agents(user_id):
        ids += [s.id for s in await state.storage.list_sessions(user_id, agent.id)]
    return ids


privacy_router = APIRouter(prefix="/memory", tags=["privacy"])


class ConsentBody(BaseModel):
    """The caller's answer: may long-term memory keep what they say across sessions?"""

    granted: bool


async def _consent(request: Request, user_id: str) -> dict[str, Any]:
    store = consent_store(request.app.state.memory_runtime)
    return {"user_id": user_id, "answer": await store.answer(user_id), "default": store.default.value,
            "longterm_enabled": await store.allows(user_id)}


@privacy_router.get("/consent", summary="Whether long-term memory is on for the caller")
async def get_consent(request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """The caller's answer (``null`` when never asked), the deployment default and the result."""
    return await _consent(request, user_id)


@privacy_router.put("/consent", summary="Grant or revoke the caller's consent to long-term memory")
async def put_consent(body: ConsentBody, request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """Record the caller's answer; revoking stops reading and writing long-term memory (nothing is deleted)."""
    await consent_store(request.app.state.memory_runtime).set(user_id, body.granted)
    return await _consent(request, user_id)


@privacy_router.get("/export", summary="Everything held about the caller, every tier and the archive")
async def export(request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """One JSON document: sessions and turns, tasks, memories of every status, archive, queued writes, consent."""
    state = request.app.state
    exported = await export_user(state.memory_runtime, user_id)
    exported["knowledge"] = await export_knowledge(state.memory_knowledge, state.storage, user_id)
    return exported


@privacy_router.delete("/all", summary="Erase everything held about the caller (cannot be undone)")
async def erase(request: Request, user_id: str = Depends(get_current_user_id)) -> dict[str, Any]:
    """A real deletion across every tier; the receipt counts what was deleted per store."""
    state = request.app.state
    prefix = state.memory_runtime.settings.shortterm.prefix

    async def service_records(uid: str) -> int:
        """The service's sessions, messages, agents, credentials and rate-limit buckets of ``uid``."""
        deleted = 0
        for pattern in (f"{prefix}:svc:user:{glob_escape(tagged(uid))}:*", f"{prefix}:svc:rl:*:{glob_escape(tagged(uid))}"):
            async for key in state.memory_service_redis.scan_iter(match=pattern, count=500):
                deleted += await state.memory_service_redis.delete(key)
        return deleted

    async def turn_labels(uid: str) -> int:
        """Explain labels, journaled turns, and the bus keys (streams, locks) of the user's sessions."""
        deleted = await state.memory_turns.forget_user(uid) + await state.memory_journal.forget_user(uid)
        for sid in await _session_ids(state, uid):
            keys = bus_keys_of_session(prefix, sid) + [state.memory_turn_runner.gate.key(sid)]
            for key in keys:  # one key per call: on a Redis Cluster they live in different slots
                deleted += int(await state.memory_service_redis.delete(key))
        return deleted

    async def knowledge(uid: str) -> dict[str, int]:
        return await erase_knowledge(state.memory_knowledge, state.storage, uid)

    # knowledge and bus keys first: they read the service records (documents, session ids)
    receipt = await erase_user(state.memory_runtime, user_id,
                               extra={"knowledge": knowledge, "turn_labels": turn_labels,
                                      "service_records": service_records})
    return {"user_id": user_id, "erased": receipt}
