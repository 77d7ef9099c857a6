"""What ``prepare_turn`` gathers for the context: consent, recalled memories, knowledge chunks, the task's
working state — each under its stage's declared policy, degrading (labelled) when its store is down."""
from __future__ import annotations

import time
from typing import Any

from loguru import logger

from core import telemetry
from pipelines.knowledge.recall import KnowledgeHit
from pipelines.recall.query import build_query
from pipelines.recall.recaller import RecallResult
from pipelines.tasks import TaskDesk, task_name, view
from pipelines.turn.extraction import replay_outbox
from pipelines.turn.resilience import run_stage
from pipelines.turn.services import MemoryServices
from pipelines.turn.state import TurnContext

CONSENT_OFF = "long-term memory is off for this user (no consent)"


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0


async def consent_allows(svc: MemoryServices, ctx: TurnContext) -> bool:
    """Whether the user agreed to long-term memory; unknown (the store is down) counts as not granted."""
    consent = svc.consent
    if consent is None:
        return True
    allowed, error = await run_stage("consent", svc.policy.consent, lambda: consent.allows(ctx.user_id))
    if allowed is None:  # cannot tell: treat as not granted (nothing personal is stored)
        ctx.degrade("working")
        logger.warning("consent unknown, long-term memory stays off this turn: {}", error)
        return False
    return bool(allowed)


async def recall_memories(svc: MemoryServices, ctx: TurnContext) -> tuple[RecallResult, str | None]:
    """The user's memories recalled for this turn (after the outbox is replayed), and the error that degraded it."""
    query = build_query(ctx.text, [p.content for p in ctx.previous if p.role == "user"])
    empty = RecallResult(query=query, candidates=[], cache_hit=False, latency_ms=0.0)
    if not ctx.longterm_enabled:
        return empty, CONSENT_OFF

    async def search() -> RecallResult:
        ctx.replayed += await replay_outbox(svc)
        if ctx.replayed:
            logger.info("long-term tier is back: {} queued memory entries written", ctx.replayed)
        return await svc.recaller.recall(ctx.user_id, query)

    with telemetry.stage("recall", user_hash=telemetry.user_hash(ctx.user_id)) as span:
        result, error = await run_stage("recall", svc.policy.recall, search)
        if result is None:
            ctx.degrade("longterm")
            result = empty
        span.set_attribute("memory.candidates", len(result.candidates))
        span.set_attribute("memory.cache_hit", result.cache_hit)
        span.set_attribute("memory.top_ids", [c.item.id for c in result.selected])
        span.set_attribute("memory.top_scores", [round(c.score, 4) for c in result.selected])
    return result, error


async def recall_knowledge(svc: MemoryServices, ctx: TurnContext) -> tuple[list[KnowledgeHit], str | None]:
    """Chunks of the session's attached knowledge bases (none without ``svc.knowledge``); degrades on failure."""
    if svc.knowledge is None or not ctx.text.strip():
        return [], None
    source = svc.knowledge
    t = time.perf_counter()
    with telemetry.stage("knowledge"):
        found, error = await run_stage("knowledge", svc.policy.knowledge,
                                       lambda: source.recall(ctx.user_id, ctx.session_id, ctx.text))
    ctx.timings["knowledge"] = _ms(t)
    if error is not None:
        ctx.degrade("knowledge")
    return list(found or []), error


async def _resume_named_task(svc: MemoryServices, ctx: TurnContext) -> None:
    """"Where were we on the market report?": a turn that names a running task resumes it."""
    working = svc.working
    if ctx.task_id is not None or working is None:
        return
    found, error = await run_stage("task lookup", svc.policy.working, lambda: TaskDesk(working, ctx.user_id).find(ctx.text))
    if error is not None:
        ctx.degrade("working")
    elif found is not None:
        ctx.task_id = found.task_id
        ctx.labels.task_id = found.task_id


async def working_state(svc: MemoryServices, ctx: TurnContext) -> dict[str, Any] | None:
    """The working state of the turn's task (one the turn names is resumed); ``None`` without a task or its store."""
    await _resume_named_task(svc, ctx)
    working, task_id = svc.working, ctx.task_id
    if task_id is None or working is None:
        return None
    task, error = await run_stage("working state", svc.policy.working,
                                  lambda: working.get_task(ctx.user_id, task_id))
    if task is None:
        ctx.degrade("working")
        logger.warning("answering without the task's working state: {}", error)
        return None
    state = view(task)
    ctx.labels.working = {"task_id": task.task_id, "task": task_name(task), "step": task.current_step,
                          "version": task.version, "findings": len(task.state.get("findings", []))}
    return state
