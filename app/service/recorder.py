"""The service's per-turn middleware between ``TracingMiddleware`` and ``MemoryMiddleware``.

It drops memory labels a client put on its input, records the finished turn's labels (for
``/memory/explain`` and the stored reply), marks the session as finishing (so the next turn
waits instead of a 409, ``app.service.chat``), puts what a debugger needs on the turn's
``invoke_agent`` span, and turns a reply made without the agent loop (screened input) into
service events. Every recorded reply says which ``AGENTS.md`` version ran it
(``deployment`` in its labels), and the service agent takes its system prompt from that
same snapshot (``app.serve.service_agent_class``).
"""
from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.app.storage import RedisStorage
from agentscope.event import ReplyEndEvent, ReplyStartEvent, TextBlockDeltaEvent, TextBlockEndEvent, TextBlockStartEvent
from agentscope.message import Msg, TextBlock
from agentscope.middleware import MiddlewareBase
from opentelemetry import trace

from app.api import TurnLog
from app.live_deployment import Deployed
from app.service.replicas import TurnGate
from app.service.storage import ServiceStorage
from core.labels import METADATA_KEY
from pipelines.receive.pii import mask_pii

TOP_N = 5


class TurnRecorder(MiddlewareBase):
    """Sits between ``TracingMiddleware`` and ``MemoryMiddleware`` for one turn.

    Drops memory labels a client put on its input (the pipeline sets them; a forged
    ``trace_id`` or ``user_id`` must not leak in), records the finished turn's labels in
    the ``TurnLog``, stores the input message again with its real labels, and turns a
    reply the pipeline made without the agent loop (screened input) into service events.
    """

    def __init__(self, turns: TurnLog, storage: RedisStorage, gate: TurnGate, user_id: str, session_id: str,
                 deployed: Deployed | None = None) -> None:
        self.deployed = deployed
        self.turns = turns
        self.gate = gate
        self.storage = storage
        self.user_id = user_id
        self.session_id = session_id

    async def on_reply(
        self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]
    ) -> AsyncGenerator:
        """Pass the turn through, recording what the pipeline labelled."""
        user_msgs = _user_msgs(input_kwargs.get("inputs"))
        started = finishing = False
        async for item in next_handler(**input_kwargs):
            if isinstance(item, ReplyStartEvent):
                started = True
            if isinstance(item, ReplyEndEvent) and not finishing:
                await self.gate.finishing(self.session_id)  # before the end event is published
                finishing = True
            if isinstance(item, Msg) and isinstance(item.metadata.get(METADATA_KEY), dict):
                await self._record(item)
                if not finishing:  # a reply made without the agent loop: no end event came
                    await self.gate.finishing(self.session_id)
                    finishing = True
                if not started:
                    for event in _events_of(agent, item):
                        yield event
                await self._keep_inputs(user_msgs)
            yield item

    async def _record(self, reply: Msg) -> None:
        """The reply's labels (with the deployment that ran it): kept for ``/memory/explain``, on the span."""
        labels = reply.metadata[METADATA_KEY]
        if self.deployed is not None:
            labels["deployment"] = self.deployed.label.model_dump(mode="json")
        await self.turns.record(self.user_id, self.session_id, reply.id, labels)
        if isinstance(self.storage, ServiceStorage):
            self.storage.keep_reply_labels(self.user_id, reply.id, labels)
        annotate_span(trace.get_current_span(), labels)

    async def _keep_inputs(self, user_msgs: list[Msg]) -> None:
        """The user's messages the turn labelled, stored masked."""
        for msg in user_msgs:
            if METADATA_KEY in msg.metadata:
                await self.storage.upsert_message(self.user_id, self.session_id, _masked(msg))


def _user_msgs(inputs: Any) -> list[Msg]:
    """The user's messages of a run, without labels a client may have sent (only the turn writes them)."""
    user_msgs = [m for m in (inputs if isinstance(inputs, list) else [inputs]) if isinstance(m, Msg)]
    for msg in user_msgs:
        if isinstance(msg.metadata, dict):
            msg.metadata.pop(METADATA_KEY, None)
    return user_msgs


def _masked(msg: Msg) -> Msg:
    """The message as the service should keep it: PII masked, like every memory tier."""
    masked = mask_pii(msg.get_text_content() or "")
    if not masked.matches:
        return msg
    return msg.model_copy(update={"content": [TextBlock(text=masked.text)]})


def _events_of(agent: Any, reply: Msg) -> list[Any]:
    """The events the service persists and streams, for a reply made without the agent loop."""
    text = reply.get_text_content() or ""
    block = f"{reply.id}-text"
    session_id = agent.state.session_id or ""
    return [
        ReplyStartEvent(session_id=session_id, reply_id=reply.id, name=reply.name),
        TextBlockStartEvent(reply_id=reply.id, block_id=block),
        TextBlockDeltaEvent(reply_id=reply.id, block_id=block, delta=text),
        TextBlockEndEvent(reply_id=reply.id, block_id=block),
        ReplyEndEvent(session_id=session_id, reply_id=reply.id),
    ]




def _fallbacks(labels: dict[str, Any]) -> list[str]:
    """Which fallbacks the turn took: the model's backup or fallback reply, a degraded recall, a queued write."""
    infer = labels.get("infer") or {}
    fallbacks = [f"infer:{infer['used']}"] if infer.get("used") in ("backup", "fallback") else []
    if (labels.get("recall") or {}).get("error"):
        fallbacks.append("recall:degraded")
    if (labels.get("extract") or {}).get("queued"):
        fallbacks.append("extract:queued")
    return fallbacks


def _annotate_recall(span: Any, recall: dict[str, Any]) -> None:
    """Candidate count, the top ids and scores, the injected ids."""
    candidates = sorted(recall.get("candidates") or [], key=lambda c: c.get("rank", 0))
    span.set_attribute("memory.candidates", len(candidates))
    span.set_attribute("memory.top_ids", [int(c["id"]) for c in candidates[:TOP_N]])
    span.set_attribute("memory.top_scores", [round(float(c["score"]), 4) for c in candidates[:TOP_N]])
    span.set_attribute("memory.injected_ids", [int(i) for i in recall.get("injected_ids") or []])


def annotate_span(span: Any, labels: dict[str, Any]) -> None:
    """Candidate count, top memory ids and scores, tokens per section and fallbacks, as attributes.

    Ids, scores and counts only: never memory content or user text.
    """
    _annotate_recall(span, labels.get("recall") or {})
    for section, tokens in ((labels.get("budget") or {}).get("used") or {}).items():
        span.set_attribute(f"memory.tokens.{section}", int(tokens))
    span.set_attribute("memory.fallbacks", _fallbacks(labels))
    span.set_attribute("memory.blocked", bool((labels.get("screening") or {}).get("blocked")))
