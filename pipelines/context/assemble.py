"""Context stage of a turn: recalled notes + history into a budgeted prompt, compacting overflow."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from core.labels import BudgetLabel, RecallCandidate, RecallLabel
from memory.shortterm.base import ShortTermStore
from memory.types import Turn
from pipelines.context.budget import BudgetProfile
from pipelines.context.compact import Complete, summarize_overflow
from pipelines.context.knowledge_block import KnowledgeNote
from pipelines.context.builder import ContextBuild, HistoryTurn, MemoryNote, build_context
from pipelines.recall.recaller import RecallResult
from pipelines.context.tokens import TokenCounter


def memory_notes(result: RecallResult) -> list[MemoryNote]:
    """The selected memories as notes for the memory block (time to the second)."""
    return [
        MemoryNote(
            id=c.item.id, type=c.item.memory_type.value, content=c.item.content,
            time=c.item.created_at.replace(microsecond=0),
            source=f"session {c.item.source_session or '?'}", score=c.score,
        )
        for c in result.selected
    ]


async def assemble_context(
    *,
    shortterm: ShortTermStore,
    user_id: str,
    session_id: str,
    system_prompt: str,
    text: str,
    previous: list[Turn],
    summary: str | None,
    result: RecallResult,
    window_tokens: int,
    profile: BudgetProfile,
    counter: TokenCounter,
    summarize_with: Complete | None,
    working_state: dict[str, Any] | None = None,
    compact: bool = True,
    knowledge: list[KnowledgeNote] | None = None,
) -> ContextBuild:
    """Build the turn's context; turns that do not fit are compacted into the rolling summary.

    Args:
        summarize_with: The model for the summary; ``None`` makes it extractive.
        working_state: The running task's state, injected under the profile's working share.
        compact: Write the compacted summary back (off while the short-term tier is down).
        knowledge: Chunks from the session's knowledge bases (the profile's knowledge share).
    """
    history = [HistoryTurn(t.role, t.content) for t in previous] + [HistoryTurn("user", text)]
    today = datetime.now(timezone.utc)
    build = build_context(
        system_prompt=f"{system_prompt}\nToday is {today:%Y-%m-%d} (UTC).", history=history,
        summary=summary, memories=memory_notes(result), working_state=working_state,
        window_tokens=window_tokens, profile=profile, counter=counter, knowledge=knowledge,
    )
    if build.overflow_turns and compact:
        new_summary, _how = await summarize_overflow(
            [(h.role, h.content) for h in build.overflow_turns],
            max(64, build.budget["history"] // 4), counter, summary, summarize_with,
        )
        keep = max(0, len(previous) - len(build.overflow_turns))
        await shortterm.compact(user_id, session_id, new_summary, keep_last=keep)
    return build


def recall_label(result: RecallResult, build: ContextBuild, error: str | None) -> RecallLabel:
    """The recall labels of a turn: every candidate, what was selected and injected."""
    return RecallLabel(
        query=result.query, cache_hit=result.cache_hit,
        candidates=[RecallCandidate.model_validate(c.breakdown()) for c in result.candidates],
        selected_ids=[c.item.id for c in result.selected],
        injected_ids=list(build.included_memory_ids), error=error,
    )


def budget_label(build: ContextBuild, window: int, profile: BudgetProfile) -> BudgetLabel:
    """The budget labels of a turn: allowance and use per section."""
    return BudgetLabel(
        window=window, profile=profile.name, allowance=dict(build.budget), used=dict(build.tokens),
        bytes=dict(build.sizes),
        compacted_turns=len(build.overflow_turns),
    )
