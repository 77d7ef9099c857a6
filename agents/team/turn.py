"""A chat turn answered by a declared team: the one memory turn, with the team as the model.

receive → history → recall (``pipelines.turn``) → the team's agents in dependency order
(the turn's labels ride on every message between them) → store and extract (``finish_turn``).
The reply's labels say which file ran the turn (``deployment``) and each agent's hops
(``team``). The terminal (``python -m app chat --agents``), the service (``serve --agents``)
and ``batch`` all answer through ``team_turn``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.declarative.engine import AgentEngine, RunResult
from core.labels import DeploymentLabel, TeamAgentLabel
from agents.turn_labels import blocked_suffix, retraction_suffix
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


def team_labels(run: RunResult) -> list[TeamAgentLabel]:
    """Each agent that ran, with the hops its input came through, its status and its denials."""
    return [
        TeamAgentLabel(
            name=name, hops=[str(h) for h in run.carried.get(name, {}).get("hops", [])],
            status="failed" if name in run.failed else str(run.labels.get(name, {}).get("status", "ok")),
            denials=[str(d) for d in run.labels.get(name, {}).get("denials", [])],
        )
        for name in run.invoked
    ]


async def team_turn(svc: MemoryServices, engine: AgentEngine, user_id: str, session_id: str, text: str,
                    trace_id: str, task_id: str | None = None) -> TeamReply:
    """One user message through the memory turn and the declared team.

    Args:
        svc: The memory turn's services.
        engine: The team.
        user_id: Whose memory the turn reads and writes.
        session_id: The conversation (short-term history).
        text: The user's message, raw: receive screens and masks it before any agent sees it.
        trace_id: The turn's trace id.
        task_id: The team's task id (default: a new one per run).
    """
    ctx = await start_turn(svc, user_id, session_id, text, trace_id)
    cfg = engine.config
    ctx.labels.deployment = DeploymentLabel(name=cfg.deployment, config_version=cfg.config_version)
    if ctx.blocked:
        close_labels(ctx)
        return TeamReply((ctx.received.refusal or "") + blocked_suffix(ctx.received.masked_text, user_id), ctx, None)
    await prepare_turn(svc, ctx, system_prompt="", summarize_with=None)
    labels: dict[str, Any] = ctx.labels.model_dump(mode="json")
    run = await engine.run({"text": ctx.text}, user_id, session_id, task_id=task_id, trace_id=ctx.trace_id,
                           labels=labels)
    ctx.labels.team = team_labels(run)
    answer = team_answer(engine, run)
    label = await finish_turn(svc, ctx, answer, model_answered=False)
    answer += retraction_suffix(label, ctx.text, user_id)  # "forget what I said about …" in a team chat too
    close_labels(ctx)
    return TeamReply(answer, ctx, run)
