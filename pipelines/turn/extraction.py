"""The turn's extraction stage: a request to forget is carried out, anything else is extracted and written
under the extract stage's declared chain (the model, retried → the rules → the outbox)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from loguru import logger

from core.labels import ExtractLabel
from pipelines.context.compact import Complete
from pipelines.extract.memorize import memorize, replay
from pipelines.extract.writer import WriteContext
from pipelines.receive.intake import unstorable_reason
from pipelines.turn.resilience import one_line, run_stage
from pipelines.turn.retraction import retract
from pipelines.turn.services import MemoryServices, StagePolicy
from pipelines.turn.state import TurnContext


async def replay_outbox(svc: MemoryServices) -> int:
    """Long-term entries queued while the store was down, written now; how many."""
    return await svc.outbox.drain(lambda entry: replay(entry, svc.writer))


async def retract_or_memorize(svc: MemoryServices, ctx: TurnContext, wctx: WriteContext, index: int,
                              complete: Complete | None, recent: list[str]) -> ExtractLabel:
    """A request to forget is carried out (never stored); anything else goes to extraction."""
    try:
        retracted = await retract(svc, ctx)
    except Exception as exc:  # noqa: BLE001 - the store is down: say so, store nothing of the request
        logger.warning("could not carry out a retraction: {}", one_line(exc))
        ctx.degrade("longterm")
        return ExtractLabel(fired=False, reasons=["retraction", "long-term store unavailable"])
    if retracted is not None:
        return retracted
    why = unstorable_reason(ctx.received.screening)
    if why is not None:
        return ExtractLabel(fired=False, reasons=[why])
    return await extract(svc, ctx, wctx, index, complete, recent)


def _retrying(complete: Complete, policy: StagePolicy) -> Complete:
    """The extraction model retried as the extract stage declares (its primary tool)."""
    if policy.retries == 0:
        return complete
    once = replace(policy, on_failure="fail")

    async def call(prompt: str) -> str:
        reply, _ = await run_stage("extraction model", once, lambda: complete(prompt))
        return reply or ""

    return call


async def extract(svc: MemoryServices, ctx: TurnContext, wctx: WriteContext, index: int, complete: Complete | None,
                  recent: Sequence[str] = (), explicit: bool = False) -> ExtractLabel:
    """Extraction under the extract stage's declared chain: the model (retried) → the rules → the outbox.

    ``on_failure`` decides what a failure that is left means: ``degrade`` queues in the outbox
    (a model failure without the rules backup extracts nothing), ``skip_and_warn`` stores nothing
    and says so, ``fail`` raises.
    """
    policy = svc.policy.extract
    outbox = svc.outbox if policy.on_failure == "degrade" else None
    model = _retrying(complete, policy) if complete is not None else None
    found, error = await run_stage("extract", replace(policy, retries=0), lambda: memorize(
        ctx.memory_text, index, svc.writer, wctx, model, outbox, explicit=explicit, recent=recent,
        backup=policy.rules_backup))
    if found is None:
        ctx.degrade("longterm")
        return ExtractLabel(fired=False, reasons=[f"extraction skipped: {error}"])
    return found
