"""The memory turn as AgentScope middleware: span → prepare → the agent's own reply → finish.

Shape of AgentScope's ``Mem0Middleware``: recall before the model call, write back after the
reply. The turn itself lives in ``pipelines.turn`` (one implementation for the chat, the
service, the declarative engine and ``remember``); this class only adapts it to the agent.

Decision on AgentScope's runtime-state injection: agents built by ``agents.factory`` turn
``InjectionConfig.inject_runtime_state`` off. Its per-call time hint changes every call
(defeating prompt caching) and is invisible to our budget; the date is in the system prompt
and every memory note carries its own time.
"""
from __future__ import annotations

import time
from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.message import AssistantMsg, Msg, TextBlock, UserMsg
from agentscope.middleware import MiddlewareBase

from agents.models.offline import OfflineChatModel
from agents.turn_labels import infer_label, noted_suffix, record_model_call, task_suffix
from core import telemetry
from core.labels import METADATA_KEY, ExtractLabel, InferLabel
from core.trace import trace_id_var
from pipelines.context import HistoryTurn
from pipelines.turn import MemoryServices, TurnContext, close_labels, finish_turn, prepare_turn, start_turn


class MemoryMiddleware(MiddlewareBase):
    """Gives an agent long-term memory of one user, scoped to that user only.

    Args:
        services: The shared turn services.
        user_id: Whose memory this agent reads and writes. Nothing else is ever read.
        session_id: The conversation this agent serves (short-term tier key).
        task_id: The working-state task whose state goes into the prompt, if any.
    """

    def __init__(self, services: MemoryServices, user_id: str, session_id: str, task_id: str | None = None) -> None:
        self.services = services
        self.user_id = user_id
        self.session_id = session_id
        self.task_id = task_id
        self.last_turn: TurnContext | None = None
        self._turn: TurnContext | None = None

    def _offline(self, agent: Any) -> bool:
        return isinstance(getattr(agent.model, "primary", agent.model), OfflineChatModel)

    async def on_reply(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]) -> AsyncGenerator:
        """Run one turn around the agent's reply; input of any role is received (masked, screened)."""
        inputs = input_kwargs.get("inputs")
        msg = inputs[-1] if isinstance(inputs, list) and inputs else inputs
        if not isinstance(msg, Msg):
            async for item in next_handler(**input_kwargs):
                yield item
            return
        with telemetry.tracer().start_as_current_span("memory.turn") as root:
            trace_id = telemetry.trace_id_of(root)  # never taken from the client's message
            root.set_attribute("memory.user_hash", telemetry.user_hash(self.user_id))
            root.set_attribute("memory.trace_id", trace_id)
            with telemetry.stage("receive") as span:
                ctx = await start_turn(self.services, self.user_id, self.session_id, msg.get_text_content() or "",
                                 trace_id, self.task_id)
                span.set_attribute("memory.blocked", ctx.blocked)
                span.set_attribute("memory.pii_kinds", ",".join(ctx.labels.pii.kinds if ctx.labels.pii else []))
            token = trace_id_var.set(trace_id)
            self._turn = ctx
            try:
                msg.metadata[METADATA_KEY] = ctx.labels.model_dump(mode="json")
                if ctx.blocked:
                    telemetry.TURNS.labels(outcome="refused").inc()
                    ctx.labels.infer = InferLabel(model="none", used="skipped")
                    ctx.labels.extract = ExtractLabel(fired=False, reasons=["blocked"])
                    yield self._finish(ctx, AssistantMsg(name=agent.name, content=ctx.received.refusal))
                    return
                offline = self._offline(agent)
                await prepare_turn(self.services, ctx, agent._system_prompt,  # noqa: SLF001
                                   None if offline else self.services.complete)
                agent.state.context = [_to_msg(h, agent.name) for h in ctx.build.messages[:-1]]
                agent.state.summary = ctx.build.summary_text or ""
                newest = ctx.build.messages[-1].content if ctx.build.messages else ctx.text
                input_kwargs = {**input_kwargs, "inputs": UserMsg(name=msg.name, content=newest, metadata=msg.metadata)}
                final: Msg | None = None
                t = time.perf_counter()
                with telemetry.stage("infer") as span:
                    async for item in next_handler(**input_kwargs):
                        if isinstance(item, Msg):
                            final = item
                            continue
                        yield item
                    ctx.labels.infer = ctx.labels.infer or InferLabel(model=str(getattr(agent.model, "model", "")), used="primary")
                    span.set_attribute("memory.model_used", ctx.labels.infer.used)
                    span.set_attribute("memory.fallback", ctx.labels.infer.used in ("backup", "fallback"))
                ctx.timings["infer"] = (time.perf_counter() - t) * 1000.0
                if final is None:
                    return
                record_model_call(ctx.labels.infer, ctx.timings["infer"])
                label = await finish_turn(self.services, ctx, final.get_text_content() or "",
                                          ctx.labels.infer.used in ("primary", "backup"))
                findings = list((ctx.working_state or {}).get("findings", []))
                suffix = noted_suffix(label, ctx.text) + task_suffix(ctx.labels.working, findings, ctx.text)
                if offline and suffix:
                    final.content = [TextBlock(text=(final.get_text_content() or "") + suffix)]
                yield self._finish(ctx, final)
            finally:
                self._turn = None
                trace_id_var.reset(token)

    async def on_model_call(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> Any:
        """Record how the model call went (retries, backup, breaker) on the turn's labels."""
        response = await next_handler(**input_kwargs)
        if self._turn is not None:
            label = infer_label(response, agent.model, self._offline(agent))
            if label is not None:
                self._turn.labels.infer = label
        return response

    async def on_compress_context(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> None:
        """The budgeted context build owns the window (overflow goes to the rolling summary)."""
        return None

    async def on_system_prompt(self, agent: Any, system_prompt: str) -> str:
        """Replace the agent's base prompt with the budgeted system text of this turn."""
        if self._turn is None or self._turn.build is None:
            return system_prompt
        base = agent._system_prompt  # noqa: SLF001
        rest = system_prompt[len(base):] if system_prompt.startswith(base) else ""
        return self._turn.build.system_text + rest

    def _finish(self, ctx: TurnContext, reply: Msg) -> Msg:
        reply.metadata[METADATA_KEY] = close_labels(ctx).model_dump(mode="json")
        self.last_turn = ctx
        return reply


def _to_msg(turn: HistoryTurn, agent_name: str) -> Msg:
    if turn.role == "assistant":
        return AssistantMsg(name=agent_name, content=turn.content)
    return UserMsg(name="user", content=turn.content)
