"""Extract-and-validate stage: decide, extract (model or rules), validate, write.

The model extracts when one is reachable; on any model or parse failure the rule-based
extractor takes over, so a turn worth remembering is never lost to a flaky model.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from loguru import logger

from agents.labels import ExtractedLabel, ExtractLabel
from pipelines.extract import extract_rules, extract_with_llm, judge, validate_candidates
from pipelines.pii import mask_pii
from pipelines.writer import MemoryWriter, WriteContext

Complete = Callable[[str], Awaitable[str]]


async def memorize(
    text: str,
    turn_index: int,
    writer: MemoryWriter,
    ctx: WriteContext,
    complete: Complete | None = None,
) -> ExtractLabel:
    """Remember what is worth remembering in one user message.

    Args:
        text: The user's message (raw; PII is masked before anything is stored).
        turn_index: Position of the message in its session (early turns are introductions).
        writer: Stores validated candidates (dedup, merge, supersede).
        ctx: Who said it, where, and the trace id.
        complete: The model as ``prompt -> reply``; ``None`` uses the rule-based extractor.
    """
    decision = judge(text, turn_index)
    if not decision.fire:
        return ExtractLabel(fired=False, reasons=list(decision.reasons))
    extractor = "rules"
    cands = None
    if complete is not None:
        try:
            cands = await extract_with_llm(text, complete)
            extractor = "llm"
        except Exception as exc:  # noqa: BLE001 - any model failure falls back to rules
            logger.warning("LLM extraction failed, using rules: {}", exc)
    if cands is None:
        cands = extract_rules(text, turn_index)
    valid, rejected = validate_candidates(cands, mask_pii)
    items: list[ExtractedLabel] = await writer.write(ctx, valid)
    items += [
        ExtractedLabel(
            memory_type=r.candidate.memory_type.value,
            content=mask_pii(r.candidate.content).text,
            importance=r.candidate.importance,
            action="rejected",
            reason=f"{r.reason}: {r.detail}" if r.detail else r.reason,
        )
        for r in rejected
    ]
    return ExtractLabel(fired=True, reasons=list(decision.reasons), extractor=extractor, items=items)
