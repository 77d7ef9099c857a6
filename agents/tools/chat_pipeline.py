"""Tools of the chat's memory pipeline (toolset ``chat``), as declared in ``configs/AGENTS.md``.

The terminal chat and the Agent Service run this pipeline through ``MemoryMiddleware``;
these tools expose the same stages to the declarative engine. ``screen_input``,
``judge_turn`` and ``extract_candidates`` are self-contained; ``recall_memories`` needs the
chat's ``MemoryServices`` (``AgentEngine.build(..., services=...)``) and says so otherwise.
"""
from __future__ import annotations

from typing import Any

from agents.declarative.tool_context import ToolContext
from agents.declarative.registry import tool
from memory.errors import MemoryAgentError
from pipelines.extract.rules import extract_rules
from pipelines.extract.judge import judge
from pipelines.receive.intake import receive

TOOLSET = "chat"


def _limits(ctx: ToolContext) -> tuple[int, float]:
    """The chat's limits (``MemoryServices.limits``, from the settings), else ``TurnLimits`` defaults."""
    from pipelines.turn import TurnLimits  # the whole turn; ``audit`` loads this module without it

    limits = getattr(ctx.services, "limits", None)
    if not isinstance(limits, TurnLimits):
        limits = TurnLimits()
    return limits.max_input_chars, limits.screening_threshold


@tool(TOOLSET)
def screen_input(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """The receive stage: injection screen, PII masking, length limit."""
    max_chars, threshold = _limits(ctx)
    rec = receive(str(inputs.get("text", "")), max_chars, threshold, trace_id=ctx.trace_id)
    return {
        "text": rec.text, "masked_text": rec.masked_text, "blocked": rec.blocked,
        "screening_score": rec.screening.score if rec.screening else 1.0,
        "pii_kinds": list(rec.pii.kinds), "refusal": rec.refusal or "",
    }


@tool(TOOLSET)
async def recall_memories(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Recall and rerank this user's memories for the turn (needs the chat's services)."""
    recaller = getattr(ctx.services, "recaller", None)
    if recaller is None:
        raise MemoryAgentError(
            "recall_memories needs the chat's MemoryServices; build the engine with services=... "
            "(app.session.build_services) or run it through `python -m app chat`"
        )
    result = await recaller.recall(ctx.user_id, str(inputs.get("masked_text", "")))
    notes = [
        {"id": c.item.id, "type": c.item.memory_type.value, "content": c.item.content,
         "time": c.item.created_at.isoformat(), "score": round(c.score, 4)}
        for c in result.selected
    ]
    return {"notes": notes}


@tool(TOOLSET)
def judge_turn(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Whether the turn is worth remembering, and why."""
    del ctx
    decision = judge(str(inputs.get("masked_text", "")))
    return {"fire": decision.fire, "reasons": list(decision.reasons)}


@tool(TOOLSET)
def extract_candidates(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Rule-based extraction (the LLM extractor runs in the chat when a model is configured)."""
    del ctx
    if inputs.get("fire") is False:
        return {"candidates": []}
    found = extract_rules(str(inputs.get("masked_text", "")))
    return {"candidates": [
        {"memory_type": c.memory_type.value, "content": c.content, "importance": c.importance, "slot": c.slot}
        for c in found
    ]}
