"""How the model call of a turn went, and what the offline reply says about what was stored."""
from __future__ import annotations

import re
import time
from collections.abc import AsyncGenerator
from typing import Any

from agentscope.message import Msg

from core import telemetry
from agents.models.offline import noted_line
from agents.models.offline_reading import prefers_chinese
from core.labels import ExtractLabel, InferLabel, RecalledNote
from pipelines.extract.retract import read_retraction
from pipelines.tasks import mentions
from pipelines.turn import TurnContext


def infer_label(response: Any, model: Any, offline: bool) -> InferLabel | None:
    """The ``InferLabel`` of a model response carrying resilience info, else ``None``."""
    outcome = getattr(response, "metadata", None) or {}
    info = outcome.get("resilience") if isinstance(outcome, dict) else None
    if not info:
        return None
    used = info.get("used", "primary")
    if used == "primary" and offline:
        used = "offline"
    return InferLabel(
        model=str(info.get("model") or getattr(model, "model", "")),
        used=used,
        attempts=int(info.get("attempts", 0)),
        breaker=str(info.get("breaker", "closed")),
        errors=[str(e) for e in info.get("errors", [])],
    )


async def infer_stage(agent: Any, ctx: TurnContext, stream: AsyncGenerator) -> AsyncGenerator:
    """The agent's own reply as the turn's ``infer`` stage: its span, timing, labels and metrics.

    Forwards every item of ``stream``; the reply ``Msg`` is forwarded too (last), so the
    caller can finish the turn with it.
    """
    t = time.perf_counter()
    final: Msg | None = None
    with telemetry.stage("infer") as span:
        async for item in stream:
            if isinstance(item, Msg):
                final = item
            else:
                yield item
        ctx.labels.infer = ctx.labels.infer or InferLabel(model=str(getattr(agent.model, "model", "")), used="primary")
        span.set_attribute("memory.model_used", ctx.labels.infer.used)
        span.set_attribute("memory.fallback", ctx.labels.infer.used in ("backup", "fallback"))
    ctx.timings["infer"] = (time.perf_counter() - t) * 1000.0
    if final is not None:
        record_model_call(ctx.labels.infer, ctx.timings["infer"])
        yield final


def record_model_call(infer: InferLabel, elapsed_ms: float) -> None:
    """Count the call in the Prometheus metrics."""
    telemetry.MODEL_CALLS.labels(used=infer.used).inc()
    telemetry.MODEL_LATENCY.observe(elapsed_ms / 1000.0)
    if infer.used in ("backup", "fallback"):
        telemetry.record_fallback("infer", "backup_model" if infer.used == "backup" else "fallback_reply")
    telemetry.BREAKER_OPEN.set(1 if infer.breaker == "open" else 0)


def _is_zh(text: str) -> bool:
    return prefers_chinese(text)


def noted_suffix(label: ExtractLabel, user_text: str) -> str:
    """``"\nNoted: …"`` listing what this turn stored (offline mode), or ``""``.

    The offline responder answers before extraction runs; this line tells the user what
    was actually saved (or queued while the store is down), so a stated fact never looks
    ignored.
    """
    stored = [i for i in label.items if i.action in ("created", "superseded", "merged")]
    zh = _is_zh(user_text)
    if label.queued and not stored:
        return "\n（已记下，长期记忆暂时不可用，恢复后写入。）" if zh else "\nNoted (long-term memory is unavailable; it is saved when it is back)."
    line = noted_line([i.content for i in stored], zh)
    return f"\n{line}" if line else ""


def _erase_pointer(zh: bool, user_id: str) -> str:
    if zh:
        return (f"\n我没有删除任何内容。要删除关于你的全部记忆，请运行 `python -m app erase --user {user_id}`"
                "（erase 会先让你确认）；只删一条用 /forget ID（/memories 列出编号）。")
    return (f"\nI did not forget anything. To erase everything I hold about you, run "
            f"`python -m app erase --user {user_id}` (erase asks you to confirm); /forget ID removes one note "
            "(/memories lists the ids).")


def blocked_suffix(masked_text: str, user_id: str, forget_all: bool | None = None) -> str:
    """For a refused message that asks to forget everything about the user ("forget everything you know about
    me" reads like an attack on the rules): nothing was forgotten, and how to erase. ``forget_all`` is the
    retraction reading of the message (``pipelines.turn.retraction.asks_to_forget_all``); ``None``: the rules'."""
    if forget_all is None:
        request = read_retraction(masked_text) if masked_text else None
        forget_all = request is not None and request.scope == "all"
    return _erase_pointer(_is_zh(masked_text), user_id) if forget_all else ""


def retraction_suffix(label: ExtractLabel, user_text: str, user_id: str) -> str:
    """What a retraction did, in the user's language: the notes forgotten, the ones to choose from, or how to erase."""
    r = label.retraction
    if r is None:
        return ""
    zh = _is_zh(user_text)
    if r.scope == "all":
        return _erase_pointer(zh, user_id)
    if r.forgotten:
        return _forgotten_line(r.forgotten, zh) + _kept_line(r.kept, zh)
    if r.candidates:
        return _candidates_lines(r.candidates, zh)
    return ("\n没有找到与此相符的记忆，什么都没有删除；/memories 可以查看我记住的内容。" if zh
            else "\nNo note matched, so nothing was forgotten; /memories shows what I remember.")


def _forgotten_line(forgotten: list[RecalledNote], zh: bool) -> str:
    """``"\nForgotten: 'a'; 'b'"`` in the user's language."""
    if zh:
        return "\n已忘记：" + "；".join(f"「{n.content}」" for n in forgotten)
    return "\nForgotten: " + "; ".join(f"'{n.content}'" for n in forgotten)


def _kept_line(kept: list[RecalledNote], zh: bool) -> str:
    """The rest of partly forgotten notes, as now kept."""
    if not kept:
        return ""
    if zh:
        return "\n保留的部分：" + "；".join(f"「{n.content}」" for n in kept)
    return "\nKept: " + "; ".join(f"'{n.content}'" for n in kept)


def _candidates_lines(candidates: list[RecalledNote], zh: bool) -> str:
    """The notes a retraction could mean, one per line with its id, and how to forget one."""
    listed = "\n".join(f"  #{n.memory_id} {n.content}" for n in candidates)
    if zh:
        return f"\n你指的是哪一条？用 /forget ID 删除：\n{listed}"
    return f"\nWhich one do you mean? Forget it with /forget ID:\n{listed}"


_TASK_WORDS = re.compile(
    r"\b(?:task|progress|step|steps|findings?|where (?:were|are) we|status|next|plan|done so far)\b"
    r"|任务|进度|步骤|下一步|到哪|做到|计划|发现|结论", re.I)


def about_task(user_text: str, task: str) -> bool:
    """Whether the message asks about the running task: it names it, or asks about progress, steps or findings."""
    return bool(_TASK_WORDS.search(user_text)) or (bool(task) and mentions(user_text, task))


def task_suffix(working: dict[str, object] | None, findings: list[str], user_text: str) -> str:
    """``"\nTask …: step …"`` for an offline reply about the running task, or ``""``.

    "Where do I live?" while a task runs is not about the task, so it gets no task line.
    """
    if not working or not about_task(user_text, str(working.get("task") or "")):
        return ""
    shown = "; ".join(findings[-3:])
    if _is_zh(user_text):
        return f"\n任务「{working.get('task')}」：当前步骤 {working.get('step')}" + (f"；已记录：{shown}" if shown else "")
    return f"\nTask \"{working.get('task')}\": at step {working.get('step')!r}" + (f"; findings so far: {shown}" if shown else "")


def offline_suffix(label: ExtractLabel, ctx: TurnContext) -> str:
    """What an offline reply adds after the turn: what was noted, and where the active task stands."""
    findings = list((ctx.working_state or {}).get("findings", []))
    return noted_suffix(label, ctx.text) + task_suffix(ctx.labels.working, findings, ctx.text)
