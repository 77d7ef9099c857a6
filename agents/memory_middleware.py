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

import asyncio
import contextlib
import inspect
import uuid
from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.event import ReplyEndEvent
from agentscope.message import AssistantMsg, Msg, TextBlock, UserMsg
from agentscope.middleware import MiddlewareBase

from agents.models.offline import is_offline
from agents.models.streaming import is_reset
from agents.reply_tail import ReplyTail
from agents.turn_consent import consent_command, first_turn_notice, is_consent_command
from agents.turn_labels import (
    blocked_suffix, infer_label, infer_stage, noted_suffix, offline_suffix, retraction_suffix,
)
from core import telemetry
from core.labels import METADATA_KEY, PREMASKED_KEY, ExtractLabel, InferLabel, MemoryLabels
from pipelines.turn import MemoryServices, TurnContext, close_labels, finish_turn, prepare_turn, start_turn
from pipelines.turn.retraction import asks_to_forget_all


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
        self._tail: ReplyTail | None = None

    async def on_reply(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]) -> AsyncGenerator:
        """Run one turn around the agent's reply; input of any role is received (masked, screened).

        ``/consent on|off|status`` is a command, answered here and never sent to the model.
        The reply's last text block stays open until the turn is stored (``ReplyTail``): what
        the turn adds ("Noted: …", the consent notice) is streamed before the reply ends, and
        the stored turn holds exactly the text shown.
        """
        msg = newest_input(input_kwargs)
        if msg is None:
            async for item in next_handler(**input_kwargs):
                yield item
            return
        text = msg.get_text_content() or ""
        if is_consent_command(text):
            yield await self._command_reply(agent, text)
            return
        with telemetry.turn_span(self.user_id) as trace_id:
            try:
                async with contextlib.aclosing(self._turn_events(agent, input_kwargs, next_handler, msg, trace_id)) as events:
                    async for item in events:
                        yield item
            except Exception:
                telemetry.TURNS.labels(outcome="error").inc()  # the error rate's numerator; the error propagates
                raise
            finally:
                self._turn = None
                self._tail = None

    async def _turn_events(self, agent: Any, input_kwargs: dict[str, Any],
                           next_handler: Callable[..., AsyncGenerator[Any, None]], msg: Msg,
                           trace_id: str) -> AsyncGenerator[Any, None]:
        """The turn around the agent's reply: its events as they come, the finished reply last."""
        ctx = self._turn = await start_turn(self.services, self.user_id, self.session_id, msg.get_text_content() or "",
                                            trace_id, self.task_id, premasked_counts(msg), input_id=msg.id)
        msg.metadata[METADATA_KEY] = ctx.labels.model_dump(mode="json")
        if ctx.blocked:
            yield await self._refusal(agent, ctx)
            return
        offline = is_offline(agent.model)
        await prepare_turn(self.services, ctx, agent._system_prompt,  # noqa: SLF001
                           None if offline else self.services.complete)
        self.task_id = ctx.task_id  # a task the user named ("where were we on …") stays active
        tail = self._tail = ReplyTail()
        final: Msg | None = None
        suffix: str | None = None
        stream = infer_stage(agent, ctx, next_handler(**{**input_kwargs, "inputs": _seed(agent, ctx, msg)}))
        async with contextlib.aclosing(stream):  # a cancelled turn closes its spans here, not at GC
            async for item in stream:
                if isinstance(item, Msg):
                    final = item
                    continue
                if isinstance(item, ReplyEndEvent) and suffix is None:
                    suffix = await self._store(ctx, tail.text, offline)
                    events = [*tail.close(suffix), item]
                else:
                    events = tail.feed(item)
                for event in events:
                    yield event
        if final is not None:
            yield await self._final_reply(ctx, final, suffix, offline)

    async def _refusal(self, agent: Any, ctx: TurnContext) -> Msg:
        """The reply to a blocked message: the refusal, and how to erase when it asked to forget everything."""
        masked = ctx.received.masked_text
        suffix = blocked_suffix(masked, self.user_id, await asks_to_forget_all(self.services, masked))
        return self._finish(ctx, AssistantMsg(name=agent.name, content=(ctx.received.refusal or "") + suffix))

    async def _final_reply(self, ctx: TurnContext, final: Msg, suffix: str | None, offline: bool) -> Msg:
        """The agent's reply with what the turn adds; the turn is stored here when no end event came
        (the reply was parked for a confirmation)."""
        reply_text = final.get_text_content() or ""
        if suffix is None:
            suffix = await self._store(ctx, reply_text, offline)
        final.content = [TextBlock(text=reply_text + suffix)]
        return self._finish(ctx, final)

    async def _store(self, ctx: TurnContext, reply_text: str, offline: bool) -> str:
        """Finish the turn (history, extraction); the text the reply ends with. Nothing is stored for a
        cancelled turn (Ctrl-C in the chat): the cancellation propagates."""
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise asyncio.CancelledError
        notice = await first_turn_notice(self.services, ctx)
        model = ctx.labels.infer is not None and ctx.labels.infer.used in ("primary", "backup")

        def suffix_of(label: ExtractLabel) -> str:
            said = offline_suffix(label, ctx) if offline else noted_suffix(label, ctx.text)
            return said + retraction_suffix(label, ctx.text, self.user_id) + notice

        label = await asyncio.shield(finish_turn(self.services, ctx, reply_text, model, suffix_of))
        return suffix_of(label)

    async def _command_reply(self, agent: Any, text: str) -> Msg:
        """The reply to a chat command, made without the model; labelled like a turn that stored nothing."""
        reply = await consent_command(self.services, self.user_id, text)
        labels = command_labels(self.user_id, self.session_id)
        return AssistantMsg(name=agent.name, content=reply, metadata={METADATA_KEY: labels.model_dump(mode="json")})

    async def on_model_call(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> Any:
        """Record how the model call went (retries, backup, breaker) on the turn's labels; a streamed
        call is watched chunk by chunk (a reset chunk becomes the client's ``reply_reset`` event)."""
        response = await next_handler(**input_kwargs)
        if inspect.isasyncgen(response):
            return self._watch(agent, response)
        self._record_infer(agent, response)
        return response

    async def _watch(self, agent: Any, chunks: AsyncGenerator) -> AsyncGenerator:
        async for chunk in chunks:
            if is_reset(chunk) and self._tail is not None:
                self._tail.reset_next()
            if getattr(chunk, "is_last", False):
                self._record_infer(agent, chunk)
            yield chunk

    def _record_infer(self, agent: Any, response: Any) -> None:
        if self._turn is not None:
            self._turn.labels.infer = infer_label(response, agent.model, is_offline(agent.model)) or self._turn.labels.infer

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


def command_labels(user_id: str, session_id: str) -> MemoryLabels:
    """The labels of a reply to a chat command: no model call, nothing stored."""
    return MemoryLabels(
        trace_id=uuid.uuid4().hex, user_id=user_id, session_id=session_id, stage="receive",
        infer=InferLabel(model="none", used="skipped"), extract=ExtractLabel(fired=False, reasons=["command"]),
    )


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
