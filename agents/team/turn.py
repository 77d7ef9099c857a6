"""A chat turn answered by a declared team: the one memory turn, with the team as the model.

receive → history → recall (``pipelines.turn``) → the team's agents in dependency order
(the turn's labels ride on every message between them) → store and extract (``finish_turn``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.declarative.engine import AgentEngine, RunResult
from pipelines.turn import MemoryServices, TurnContext, close_labels, finish_turn, prepare_turn, start_turn


@dataclass
class TeamReply:
    """The team's answer to one turn."""

    text: str
    ctx: TurnContext
    run: RunResult | None


def team_answer(engine: AgentEngine, run: RunResult) -> str:
    """The reply: every model agent's text output, in run order, under its name."""
    parts = []
    for name in run.invoked:
        spec = engine.config.agent(name)
        if spec.tools:
            continue
        for value in run.outputs.get(name, {}).values():
            if isinstance(value, str) and value.strip():
                parts.append(f"[{name}]\n{value.strip()}")
    parts += [f"(warning) {w}" for w in run.warnings]
    return "\n\n".join(parts) or "The team produced no answer; see the warnings."


async def team_turn(svc: MemoryServices, engine: AgentEngine, user_id: str, session_id: str, text: str,
                    trace_id: str) -> TeamReply:
    """One user message through the memory turn and the declared team."""
    ctx = await start_turn(svc, user_id, session_id, text, trace_id)
    if ctx.blocked:
        close_labels(ctx)
        return TeamReply(ctx.received.refusal or "", ctx, None)
    await prepare_turn(svc, ctx, system_prompt="", summarize_with=None)
    labels: dict[str, Any] = ctx.labels.model_dump(mode="json")
    run = await engine.run({"text": ctx.text}, user_id, session_id, trace_id=ctx.trace_id, labels=labels)
    answer = team_answer(engine, run)
    await finish_turn(svc, ctx, answer, model_answered=False)
    close_labels(ctx)
    return TeamReply(answer, ctx, run)
