"""A chat turn answered by a declared team: the one memory turn, with the team as the model.

receive → history → recall (``pipelines.turn``) → the team's agents in dependency order
(the turn's labels ride on every message between them; what recall found is the team's
``long_term`` memory, so the team never recalls a second time) → store and extract (``finish_turn``).
The reply's labels say which file ran the turn (``deployment``) and each agent's hops
(``team``). The terminal (``python -m app chat --agents``), the service (``serve --agents``)
and ``batch`` all answer through ``team_turn``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.declarative.engine import AgentEngine, RunResult
from core.labels import DeploymentLabel, TeamAgentLabel
from agents.models.offline_reading import prefers_chinese
from agents.turn_consent import first_turn_notice
from agents.turn_labels import blocked_suffix, noted_suffix, retraction_suffix
from core.labels import ExtractLabel
from pipelines.turn import MemoryServices, TurnContext, close_labels, finish_turn, prepare_turn, start_turn
from pipelines.turn.retraction import asks_to_forget_all


@dataclass
class TeamReply:
    """The team's answer to one turn."""

    text: str
    ctx: TurnContext
    run: RunResult | None


def _did_reception(name: str, out: dict[str, Any], zh: bool) -> str:
    """What the agent that read the request did: its destination and the notes it recalled."""
    notes = len(out.get("user_notes") or [])
    if zh:
        return (f"接待（{name}）：读了你的请求" + (f"，目的地{out['destination']}" if out["destination"] else "")
                + (f"，调取了你的 {notes} 条记忆" if notes else "") + "。")
    return (f"{name.capitalize()}: read your request" + (f" (destination {out['destination']})" if out["destination"] else "")
            + (f" and recalled {notes} of your notes" if notes else "") + ".")


def _did_research(name: str, out: dict[str, Any], zh: bool) -> str:
    """What the agent that looked up the team's tips did: how many, and how often the team planned there."""
    tips, times = len(out.get("tips") or []), out.get("times_planned")
    if zh:
        return f"资料（{name}）：{tips} 条团队建议" + (f"（团队第 {times} 次规划这里）" if times else "") + "。"
    return f"{name.capitalize()}: {tips} team tip(s)" + (f" (the team has planned this {times} time(s))" if times else "") + "."


_SAYS = (("destination", _did_reception), ("tips", _did_research))  # the output field that says what the agent was


def _did(name: str, out: dict[str, Any], zh: bool) -> str | None:
    """One sentence on what a tool agent did, from its output; ``None`` when it has nothing to say."""
    for field, say in _SAYS:
        if field in out:
            return say(name, out, zh)
    return None


def _heading(name: str, field: str, zh: bool) -> str:
    if field == "plan":
        return f"策划（{name}）的行程：" if zh else f"{name.capitalize()}'s plan:"
    if field == "review":
        return f"评审（{name}）的意见：" if zh else f"{name.capitalize()}'s remarks:"
    return f"{name}：" if zh else f"{name.capitalize()}:"


def _agent_parts(engine: AgentEngine, name: str, out: dict[str, Any], zh: bool) -> list[str]:
    """What one agent contributes: a tool agent's sentence, or a model agent's texts under headings."""
    if engine.config.agent(name).tools:
        said = _did(name, out, zh)
        return [said] if said else []
    return [f"{_heading(name, field, zh)}\n{value.strip()}"
            for field, value in out.items() if isinstance(value, str) and value.strip()]


def team_answer(engine: AgentEngine, run: RunResult, request: str = "") -> str:
    """The reply as prose: what each tool agent did, then each model agent's text under a heading."""
    zh = prefers_chinese(request)
    parts = [part for name in run.invoked for part in _agent_parts(engine, name, run.outputs.get(name, {}), zh)]
    parts += [(f"注意：{w}" if zh else f"Note: {w}") for w in run.warnings]
    return "\n\n".join(parts) or ("团队没有给出回答；请看提示。" if zh else "The team produced no answer; see the warnings.")


def recalled_notes(ctx: TurnContext) -> list[dict[str, Any]]:
    """What the turn recalled for this message, as the team's ``long_term`` memory (the team never recalls again)."""
    if ctx.recall is None:
        return []
    return [{"id": c.item.id, "type": c.item.memory_type.value, "content": c.item.content,
             "time": c.item.created_at.isoformat(), "score": round(c.score, 4)} for c in ctx.recall.selected]


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
        return TeamReply((ctx.received.refusal or "") + blocked_suffix(ctx.received.masked_text, user_id,
                                                                    await asks_to_forget_all(svc, ctx.received.masked_text)), ctx, None)
    await prepare_turn(svc, ctx, system_prompt="", summarize_with=None)
    labels: dict[str, Any] = ctx.labels.model_dump(mode="json")
    run = await engine.run({"text": ctx.text}, user_id, session_id, task_id=task_id, trace_id=ctx.trace_id,
                           labels=labels, long_term=recalled_notes(ctx))
    ctx.labels.team = team_labels(run)
    answer = team_answer(engine, run, ctx.text)
    notice = await first_turn_notice(svc, ctx)

    def ending(label: ExtractLabel) -> str:  # what was noted, a retraction's result, the consent notice
        return noted_suffix(label, ctx.text) + retraction_suffix(label, ctx.text, user_id) + notice

    label = await finish_turn(svc, ctx, answer, model_answered=False, ending=ending)
    answer += ending(label)
    close_labels(ctx)
    return TeamReply(answer, ctx, run)
