"""Extract-and-validate stage: decide, extract (model or rules), validate, write.

The model extracts when one is reachable; on any model or parse failure the rule-based
extractor takes over, so a turn worth remembering is never lost to a flaky model. When the
long-term store is down, the validated (already PII-masked) candidates go to the outbox and
are written by a later turn (see ``pipelines.extract.outbox``).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from loguru import logger

from core import telemetry
from core.labels import ExtractedLabel, ExtractLabel
from memory.types import MemoryType
from pipelines.extract.rules import fallback_note
from pipelines.extract import Candidate, Rejection, ValidatedCandidate, extract_rules, extract_with_llm, judge
from pipelines.extract import validate_candidates
from pipelines.extract.outbox import Entry, Outbox
from pipelines.receive.pii import mask_pii
from pipelines.extract.writer import MemoryWriter, WriteContext

Complete = Callable[[str], Awaitable[str]]


@dataclass(frozen=True)
class Prepared:
    """What a turn yields for memory before anything is written."""

    label: ExtractLabel
    valid: list[ValidatedCandidate]
    rejected: list[Rejection]


async def prepare(
    text: str,
    turn_index: int,
    complete: Complete | None = None,
    existing: Sequence[tuple[int, str]] = (),
    explicit: bool = False,
) -> Prepared:
    """Trigger, extraction and validation of one user message (no store involved).

    Args:
        text: The user's message, already normalised and PII-masked at receive.
        turn_index: Position of the message in its session (early turns are introductions).
        complete: The model as ``prompt -> reply``; ``None`` uses the rule-based extractor.
        existing: The user's similar memories ``(id, content)``, shown to the model with small
            ids so it can say which one a new fact updates.
        explicit: The user asked to remember this (``remember``): a statement no rule
            recognises is kept as a plain fact, unless it is small talk or a question.
    """
    decision = judge(text, turn_index)
    if not decision.fire and not explicit:
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons)), [], [])
    extractor = "rules"
    cands = None
    if complete is not None:
        try:
            cands = await extract_with_llm(text, complete, existing=existing)
            extractor = "llm"
        except Exception as exc:  # noqa: BLE001 - any model failure falls back to rules
            telemetry.record_fallback("extract", "model_error")
            logger.warning("LLM extraction failed, using rules: {}", exc)
    if cands is None:
        cands = extract_rules(text, turn_index) or (fallback_note(text) if explicit else [])
    if not cands and not decision.fire:
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) or ["nothing to remember"]), [], [])
    valid, rejected = validate_candidates(cands, mask_pii)
    label = ExtractLabel(fired=True, reasons=list(decision.reasons), extractor=extractor)
    return Prepared(label, valid, rejected)


def _rejected_labels(rejected: list[Rejection]) -> list[ExtractedLabel]:
    return [
        ExtractedLabel(
            memory_type=r.candidate.memory_type.value,
            content=mask_pii(r.candidate.content).text,
            importance=r.candidate.importance,
            action="rejected",
            reason=f"{r.reason}: {r.detail}" if r.detail else r.reason,
        )
        for r in rejected
    ]


async def memorize(
    text: str,
    turn_index: int,
    writer: MemoryWriter,
    ctx: WriteContext,
    complete: Complete | None = None,
    outbox: Outbox | None = None,
    explicit: bool = False,
) -> ExtractLabel:
    """Remember what is worth remembering in one user message.

    Any failure of the store (a down server, a raw driver error) queues the validated,
    masked candidates in ``outbox``; they are written exactly once by a later replay
    (dedup by content hash).

    Raises:
        Exception: the store failed and there is no outbox.
    """
    existing: list[tuple[int, str]] = []
    if complete is not None:
        try:
            existing = await writer.similar(ctx.user_id, text)
        except Exception as exc:  # noqa: BLE001 - the store is down: extract without them, queue below
            logger.warning("similar memories unavailable for the extraction prompt: {}", type(exc).__name__)
    prepared = await prepare(text, turn_index, complete, existing, explicit)
    label = prepared.label
    if not label.fired:
        return label
    try:
        items = await writer.write(ctx, prepared.valid)
    except Exception as exc:  # noqa: BLE001 - any store or driver failure: queue, never lose
        if outbox is None:
            raise
        await outbox.append(to_entry(ctx, prepared.valid))
        logger.warning("long-term store unavailable, {} memories queued: {}: {}", len(prepared.valid),
                       type(exc).__name__, str(exc).splitlines()[0] if str(exc) else "")
        return label.model_copy(update={"queued": True, "items": _rejected_labels(prepared.rejected)})
    return label.model_copy(update={"items": items + _rejected_labels(prepared.rejected)})


def to_entry(ctx: WriteContext, valid: list[ValidatedCandidate]) -> Entry:
    """An outbox entry: where the memories came from and the validated candidates."""
    return {
        "user_id": ctx.user_id, "session_id": ctx.session_id, "trace_id": ctx.trace_id,
        "turn_id": ctx.turn_id, "created_at": (ctx.created_at or datetime.now(timezone.utc)).isoformat(),
        "candidates": [
            {"memory_type": v.candidate.memory_type.value, "content": v.candidate.content,
             "importance": v.candidate.importance, "slot": v.candidate.slot,
             "supersedes": v.candidate.supersedes, "qualifier": v.candidate.qualifier,
             "value": v.candidate.value, "replaces_id": v.candidate.replaces_id,
             "masked_kinds": list(v.masked_kinds)}
            for v in valid
        ],
    }


async def replay(entry: Entry, writer: MemoryWriter) -> list[ExtractedLabel]:
    """Write one outbox entry (raises ``StoreUnavailableError`` while the store is still down)."""
    created = datetime.fromisoformat(entry["created_at"]) if entry.get("created_at") else None
    ctx = WriteContext(entry["user_id"], entry["session_id"], entry["trace_id"], turn_id=entry.get("turn_id"),
                       created_at=created)
    valid = [
        ValidatedCandidate(
            Candidate(MemoryType(c["memory_type"]), c["content"], float(c["importance"]), c.get("slot"),
                      c.get("supersedes"), c.get("qualifier"), c.get("value"), c.get("replaces_id")),
            list(c.get("masked_kinds", [])),
        )
        for c in entry["candidates"]
    ]
    return await writer.write(ctx, valid)
