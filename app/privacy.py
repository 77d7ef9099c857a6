"""The user decides: consent, export of everything held, and a real erase across all tiers.

``export`` returns one JSON document of every tier (short-term sessions and turns, working
tasks, long-term memories of every status, the archive, queued writes, consent). ``erase``
deletes all of it — Redis keys, task rows, memories and archive rows, queued outbox and
journal entries, the consent answer and any extra records a deployment registers (the
service's session records) — and returns a receipt with a count per store.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timezone
from typing import Any

from loguru import logger

from app.composition import Runtime, consent_store, memory_outbox, shortterm_journal

ExtraEraser = Callable[[str], Awaitable[int | dict[str, int]]]


async def _shortterm_export(rt: Runtime, user_id: str) -> list[dict[str, Any]]:
    sessions = []
    for sid in await rt.shortterm.list_sessions(user_id):
        turns = await rt.shortterm.recent_turns(user_id, sid)
        sessions.append({
            "session_id": sid,
            "summary": await rt.shortterm.get_summary(user_id, sid),
            "turns": [{"role": t.role, "content": t.content, "ts": t.ts.isoformat()} for t in turns],
        })
    return sessions


async def export_user(rt: Runtime, user_id: str) -> dict[str, Any]:
    """Everything held about ``user_id``, as one JSON-serialisable document."""
    consent = consent_store(rt)
    tasks = await rt.working.list_tasks(user_id)  # type: ignore[attr-defined]
    pending = [e for e in await memory_outbox(rt.settings).pending() if e.get("user_id") == user_id]
    journal = [e for e in await shortterm_journal(rt.settings).pending() if e.get("user_id") == user_id]
    return {
        "user_id": user_id,
        "exported_at": datetime.now(timezone.utc).isoformat(),
        "consent": {"answer": await consent.answer(user_id), "default": consent.default.value,
                    "longterm_enabled": await consent.allows(user_id)},
        "shortterm": {"sessions": await _shortterm_export(rt, user_id), "journal": journal},
        "working": {"tasks": [
            {"task_id": t.task_id, "agent": t.agent_name, "status": t.status.value, "step": t.current_step,
             "state": t.state, "version": t.version, "created_at": t.created_at.isoformat(),
             "updated_at": t.updated_at.isoformat()} for t in tasks
        ]},
        "longterm": {**await rt.longterm.export_user(user_id), "outbox": pending},
    }


async def erase_user(rt: Runtime, user_id: str, extra: dict[str, ExtraEraser] | None = None) -> dict[str, int]:
    """Delete everything held about ``user_id`` in every tier; the receipt counts per store.

    Every store is attempted; a store that fails is reported by raising after the others
    were erased, so a retry finishes the job (erase is idempotent).
    """
    receipt: dict[str, int] = {}
    errors: list[str] = []

    async def step(name: str, call: Callable[[], Awaitable[Any]]) -> None:
        try:
            result = await call()
        except Exception as exc:  # noqa: BLE001 - erase the rest, report below
            errors.append(f"{name}: {type(exc).__name__}")
            return
        if isinstance(result, dict):
            receipt.update({f"{name}.{k}": int(v) for k, v in result.items()})
        else:
            receipt[name] = int(result)

    await step("longterm", lambda: rt.longterm.erase_user(user_id))
    await step("outbox", lambda: memory_outbox(rt.settings).remove_user(user_id))
    await step("journal", lambda: shortterm_journal(rt.settings).remove_user(user_id))
    await step("shortterm", lambda: rt.shortterm.erase_user(user_id))
    await step("working", lambda: rt.working.erase_user(user_id))  # type: ignore[attr-defined]
    await step("consent", lambda: consent_store(rt).erase(user_id))
    for name, eraser in (extra or {}).items():
        await step(name, lambda eraser=eraser: eraser(user_id))
    logger.info("erased a user's data", receipt=receipt, failed=errors)
    if errors:
        from memory.errors import MemoryAgentError

        raise MemoryAgentError(
            "Erase incomplete; these stores failed: " + ", ".join(errors)
            + ". Everything else was deleted; run the erase again when they are back."
        )
    return receipt
