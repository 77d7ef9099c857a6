"""The memory turn as AgentScope middleware: span → prepare → the agent's own reply → finish.

Shape of AgentScope's ``Mem0Middleware``: recall before the model call, write back after the
reply. The turn itself lives in ``pipelines.turn`` (one implementation for the chat, the
service, the declarative team and ``remember``); this class only adapts it to the agent.

AgentScope's runtime-state injection is off (``agents.factory``): its per-call time hint
changes every call and is invisible to our budget; the date is in the system prompt and
every memory note carries its own time. AgentScope's own compression is off too: the
budgeted context build owns the window and compacts overflow into the rolling summary.
"""
from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.message import AssistantMsg, Msg, TextBlock, UserMsg
from agentscope.middleware import MiddlewareBase

from agents.models.offline import is_offline
from agents.turn_labels import infer_label, infer_stage, offline_suffix, retraction_suffix
from core import telemetry
from core.labels import METADATA_KEY, PREMASKED_KEY
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
        self.services, self.user_id, self.session_id, self.task_id = services, user_id, session_id, task_id
        self.last_turn: TurnContext | None = None
        self._turn: TurnContext | None = None

    async def on_reply(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]) -> AsyncGenerator:
        """Run one turn around the agent's reply; input of any role is received (masked, screened)."""
        msg = newest_input(input_kwargs)
        if msg is None:
            async for item in next_handler(**input_kwargs):
                yield item
            return
        with telemetry.turn_span(self.user_id) as trace_id:
            try:
                ctx = self._turn = await start_turn(self.services, self.user_id, self.session_id,
                                                    msg.get_text_content() or "", trace_id, self.task_id,
                                                    premasked_counts(msg))
                msg.metadata[METADATA_KEY] = ctx.labels.model_dump(mode="json")
                if ctx.blocked:
                    yield self._finish(ctx, AssistantMsg(name=agent.name, content=ctx.received.refusal))
                    return
                offline = is_offline(agent.model)
                await prepare_turn(self.services, ctx, agent._system_prompt,  # noqa: SLF001
                                   None if offline else self.services.complete)
                self.task_id = ctx.task_id  # a task the user named ("where were we on …") stays active
                final: Msg | None = None
                async for item in infer_stage(agent, ctx, next_handler(**{**input_kwargs, "inputs": _seed(agent, ctx, msg)})):
                    if isinstance(item, Msg):
                        final = item
                    else:
                        yield item
                if final is None:
                    return
                label = await finish_turn(self.services, ctx, final.get_text_content() or "",
                                          ctx.labels.infer.used in ("primary", "backup"))
                suffix = (offline_suffix(label, ctx) if offline else "") + retraction_suffix(label, ctx.text, self.user_id)
                if suffix:
                    final.content = [TextBlock(text=(final.get_text_content() or "") + suffix)]
                yield self._finish(ctx, final)
            except Exception:
                telemetry.TURNS.labels(outcome="error").inc()  # the error rate's numerator; the error propagates
                raise
            finally:
                self._turn = None

    async def on_model_call(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> Any:
        """Record how the model call went (retries, backup, breaker) on the turn's labels."""
        response = await next_handler(**input_kwargs)
        if self._turn is not None:
            self._turn.labels.infer = infer_label(response, agent.model, is_offline(agent.model)) or self._turn.labels.infer
        return response

    async def on_compress_context(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> None:
        """The budgeted context build owns the window (overflow goes to the rolling summary)."""
        return None

    async def on_system_prompt(self, agent: Any, system_prompt: str) -> str:
        """Replace the agent's base prompt with the budgeted system text of this turn."""
        if self._turn is None or self._turn.build is None:
            return system_prompt
        base = agent._system_prompt  # noqa: SLF001
        return self._turn.build.system_text + (system_prompt[len(base):] if system_prompt.startswith(base) else "")

    def _finish(self, ctx: TurnContext, reply: Msg) -> Msg:
        reply.metadata[METADATA_KEY] = close_labels(ctx).model_dump(mode="json")
        self.last_turn = ctx
        return reply


def premasked_counts(msg: Msg) -> dict[str, int]:
    """What the service's HTTP boundary masked in ``msg`` (kinds and counts), recorded in its metadata."""
    found = msg.metadata.get(PREMASKED_KEY) if isinstance(msg.metadata, dict) else None
    counts = found.get("counts") if isinstance(found, dict) else None
    return {str(k): int(v) for k, v in counts.items()} if isinstance(counts, dict) else {}


def newest_input(input_kwargs: dict) -> Msg | None:
    """The newest message a reply was called with (``None`` when it was called without one)."""
    inputs = input_kwargs.get("inputs")
    msg = inputs[-1] if isinstance(inputs, list) and inputs else inputs
    return msg if isinstance(msg, Msg) else None


def _seed(agent: Any, ctx: TurnContext, msg: Msg) -> Msg:
    """Give the agent the turn's budgeted history and summary; the newest (masked) message is its input."""
    history = ctx.build.messages
    agent.state.context = [AssistantMsg(name=agent.name, content=h.content) if h.role == "assistant"
                           else UserMsg(name="user", content=h.content) for h in history[:-1]]
    agent.state.summary = ctx.build.summary_text or ""
    return UserMsg(name=msg.name, content=history[-1].content if history else ctx.text, metadata=msg.metadata)
