"""The memory pipeline as AgentScope middleware: receive → recall → context → infer → extract.

Shape of AgentScope's ``Mem0Middleware``: recall before the model call, write back after
the reply. One middleware instance serves one user's session (an agent per session).

Decision on AgentScope's runtime-state injection: agents built by ``agents.factory`` turn
``InjectionConfig.inject_runtime_state`` off. Its per-call time hint changes every call
(defeating prompt caching) and is invisible to our budget; we put today's date in the
system prompt instead, and every memory note carries its own time.
"""
from __future__ import annotations

import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from agentscope.message import AssistantMsg, Msg, UserMsg
from agentscope.middleware import MiddlewareBase
from loguru import logger

from agents.models.offline import OfflineChatModel
from core.labels import METADATA_KEY, ExtractLabel, InferLabel, MemoryLabels
from core import telemetry
from agents.services import MemoryServices
from core.trace import trace_id_var
from memory.errors import SessionQuotaExceededError, StoreUnavailableError
from memory.types import Turn
from pipelines.context import ContextBuild, HistoryTurn
from pipelines.context_stage import assemble_context, budget_label, recall_label
from pipelines.memorize import memorize, replay
from pipelines.receive import receive
from pipelines.recall import RecallResult, build_query
from pipelines.writer import WriteContext


@dataclass
class TurnState:
    """Everything one turn learned, shown by ``/why`` and put on the reply's metadata."""

    labels: MemoryLabels
    recall: RecallResult | None = None
    build: ContextBuild | None = None
    recall_error: str | None = None
    timings: dict[str, float] = field(default_factory=dict)


def _now() -> datetime:
    return datetime.now(timezone.utc)


class MemoryMiddleware(MiddlewareBase):
    """Gives an agent long-term memory of one user, scoped to that user only.

    Args:
        services: The shared pipeline services.
        user_id: Whose memory this agent reads and writes. Nothing else is ever read.
        session_id: The conversation this agent serves (short-term tier key).
        task_id: The working-state task this turn belongs to, if any.
    """

    def __init__(self, services: MemoryServices, user_id: str, session_id: str, task_id: str | None = None) -> None:
        self.services = services
        self.user_id = user_id
        self.session_id = session_id
        self.task_id = task_id
        self.last_turn: TurnState | None = None
        self._turn: TurnState | None = None

    # ------------------------------------------------------------------ hooks
    async def on_reply(
        self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]
    ) -> AsyncGenerator:
        """Run one turn through the pipeline around the agent's own reply."""
        inputs = input_kwargs.get("inputs")
        msg = inputs[-1] if isinstance(inputs, list) and inputs else inputs
        if not isinstance(msg, Msg) or msg.role != "user":
            async for item in next_handler(**input_kwargs):
                yield item
            return
        with telemetry.tracer().start_as_current_span("memory.turn") as root:
            async for item in self._turn_pipeline(agent, msg, input_kwargs, next_handler, root):
                yield item

    async def _turn_pipeline(
        self, agent: Any, msg: Msg, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator], root: Any
    ) -> AsyncGenerator:
        svc, s = self.services, self.services.settings
        text = msg.get_text_content() or ""
        started = time.perf_counter()
        trace_id = telemetry.trace_id_of(root)  # never taken from the client's message
        root.set_attribute("memory.user_hash", telemetry.user_hash(self.user_id))
        root.set_attribute("memory.trace_id", trace_id)
        with telemetry.stage("receive", chars=len(text)) as span:
            rec = receive(text, s.max_input_chars, s.screening_threshold, trace_id=trace_id)
            span.set_attribute("memory.blocked", rec.blocked)
            span.set_attribute("memory.screening_score", rec.screening.score if rec.screening else 0.0)
            span.set_attribute("memory.pii_kinds", ",".join(rec.pii.kinds))
        token = trace_id_var.set(rec.trace_id)
        try:
            turn = TurnState(
                labels=MemoryLabels(
                    trace_id=rec.trace_id, user_id=self.user_id, session_id=self.session_id,
                    task_id=self.task_id, stage="receive", screening=rec.screening, pii=rec.pii,
                )
            )
            self._turn = turn
            turn.timings["receive"] = _ms(started)
            msg.metadata[METADATA_KEY] = turn.labels.model_dump(mode="json")
            for kind in rec.pii.kinds:
                telemetry.PII_MASKS.labels(kind=kind).inc()
            logger.info("turn received", user_id=self.user_id, blocked=rec.blocked)
            if rec.blocked:
                if rec.screening is not None and rec.screening.blocked:
                    telemetry.SCREENING_BLOCKS.inc()
                telemetry.TURNS.labels(outcome="refused").inc()
                turn.labels.infer = InferLabel(model="none", used="skipped")
                turn.labels.extract = ExtractLabel(fired=False, reasons=["blocked"])
                reply = AssistantMsg(name=agent.name, content=rec.refusal)
                yield self._finish(turn, reply)
                return
            try:
                await svc.shortterm.open_session(self.user_id, self.session_id)
            except SessionQuotaExceededError:
                telemetry.QUOTA_REFUSALS.inc()
                raise
            previous = await svc.shortterm.recent_turns(self.user_id, self.session_id)
            summary = await svc.shortterm.get_summary(self.user_id, self.session_id)

            t = time.perf_counter()
            query = build_query(rec.masked_text, [p.content for p in previous if p.role == "user"])
            with telemetry.stage("recall", user_hash=telemetry.user_hash(self.user_id)) as span:
                replayed = await self._replay_outbox()
                try:
                    result = await svc.recaller.recall(self.user_id, query)
                except StoreUnavailableError as exc:  # degrade: answer without long-term memory
                    logger.warning("recall unavailable, answering without long-term memory: {}", exc)
                    turn.recall_error = str(exc)
                    result = RecallResult(query=query, candidates=[], cache_hit=False, latency_ms=_ms(t))
                span.set_attribute("memory.candidates", len(result.candidates))
                span.set_attribute("memory.cache_hit", result.cache_hit)
                if result.candidates:
                    span.set_attribute("memory.top_score", result.candidates[0].score)
            turn.recall = result
            turn.timings["recall"] = _ms(t)
            telemetry.RECALL_LATENCY.observe(turn.timings["recall"] / 1000.0)

            t = time.perf_counter()
            with telemetry.stage("context") as span:
                build = await self._build(agent, rec.masked_text, previous, summary, result)
                for section, used in build.tokens.items():
                    span.set_attribute(f"memory.tokens.{section}", used)
                span.set_attribute("memory.injected", len(build.included_memory_ids))
                span.set_attribute("memory.compacted_turns", len(build.overflow_turns))
            turn.build = build
            turn.timings["context"] = _ms(t)
            turn.labels.stage = "context"
            for section, used in build.tokens.items():
                telemetry.CONTEXT_TOKENS.labels(section=section).observe(used)
            if build.included_memory_ids:
                telemetry.MEMORY_HITS.inc()

            agent.state.context = [_to_msg(h, agent.name) for h in build.messages[:-1]]
            agent.state.summary = build.summary_text or ""
            newest = build.messages[-1].content if build.messages else rec.masked_text
            if newest != text:
                input_kwargs = {**input_kwargs, "inputs": UserMsg(name=msg.name, content=newest, metadata=msg.metadata)}

            t = time.perf_counter()
            final: Msg | None = None
            with telemetry.stage("infer") as span:
                async for item in next_handler(**input_kwargs):
                    if isinstance(item, Msg):
                        final = item
                        continue
                    yield item
                if turn.labels.infer is not None:
                    span.set_attribute("memory.model_used", turn.labels.infer.used)
                    span.set_attribute("memory.attempts", turn.labels.infer.attempts)
                    span.set_attribute("memory.breaker", turn.labels.infer.breaker)
            turn.timings["infer"] = _ms(t)
            if final is None:
                return
            turn.labels.stage = "infer"
            if turn.labels.infer is None:
                turn.labels.infer = InferLabel(model=str(getattr(agent.model, "model", "")), used="primary")
            self._count_model_call(turn.labels.infer, turn.timings["infer"])

            reply_text = final.get_text_content() or ""
            index = len(previous)
            await svc.shortterm.append_turn(
                self.user_id, self.session_id,
                Turn("user", rec.masked_text, _now(), {"trace_id": rec.trace_id}),
            )
            await svc.shortterm.append_turn(
                self.user_id, self.session_id, Turn("assistant", reply_text, _now(), {"trace_id": rec.trace_id})
            )
            t = time.perf_counter()
            ctx = WriteContext(self.user_id, self.session_id, rec.trace_id, turn_id=f"{self.session_id}:{index}")
            complete = svc.complete if turn.labels.infer.used in ("primary", "backup") else None
            with telemetry.stage("extract") as span:
                turn.labels.extract = await memorize(text, index // 2, svc.writer, ctx, complete, svc.outbox)
                turn.labels.extract.replayed = replayed
                span.set_attribute("memory.queued", turn.labels.extract.queued)
                span.set_attribute("memory.fired", turn.labels.extract.fired)
                span.set_attribute("memory.extractor", turn.labels.extract.extractor)
                span.set_attribute("memory.items", len(turn.labels.extract.items))
            for item in turn.labels.extract.items:
                telemetry.MEMORIES_WRITTEN.labels(action=item.action).inc()
            turn.timings["extract"] = _ms(t)
            telemetry.TURNS.labels(outcome="answered").inc()
            if svc.on_turn is not None:
                try:
                    await svc.on_turn()
                except Exception as exc:  # noqa: BLE001 - bookkeeping must not fail the user's turn
                    logger.warning("recording the turn failed: {}", exc)
            yield self._finish(turn, final)
        finally:
            self._turn = None
            trace_id_var.reset(token)

    async def _replay_outbox(self) -> int:
        """Write memories queued while the long-term store was down; how many entries were written."""
        outbox = self.services.outbox
        if outbox is None:
            return 0
        writer = self.services.writer
        replayed = await outbox.drain(lambda entry: replay(entry, writer))
        if replayed:
            logger.info("wrote {} queued memory entries", replayed)
        return replayed

    @staticmethod
    def _count_model_call(infer: InferLabel, elapsed_ms: float) -> None:
        telemetry.MODEL_CALLS.labels(used=infer.used).inc()
        telemetry.MODEL_LATENCY.observe(elapsed_ms / 1000.0)
        if infer.used in ("backup", "fallback"):
            telemetry.FALLBACKS.labels(kind=infer.used).inc()
        telemetry.BREAKER_OPEN.set(1 if infer.breaker == "open" else 0)

    async def on_model_call(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]) -> Any:
        """Record how the model call went (retries, backup, breaker) on the turn's labels."""
        response = await next_handler(**input_kwargs)
        turn = self._turn
        outcome = getattr(response, "metadata", None) or {}
        info = outcome.get("resilience") if isinstance(outcome, dict) else None
        if turn is not None and info:
            used = info.get("used", "primary")
            if used == "primary" and isinstance(getattr(agent.model, "primary", None), OfflineChatModel):
                used = "offline"
            turn.labels.infer = InferLabel(
                model=str(info.get("model") or getattr(agent.model, "model", "")),
                used=used,
                attempts=int(info.get("attempts", 0)),
                breaker=str(info.get("breaker", "closed")),
                errors=[str(e) for e in info.get("errors", [])],
            )
        return response

    async def on_compress_context(
        self, agent: Any, input_kwargs: dict, next_handler: Callable[..., Any]
    ) -> None:
        """The budgeted context build owns the window: AgentScope's own compression is off.

        History that does not fit is compacted into the rolling summary in the short-term
        tier (see ``_build``), where it survives the process; AgentScope's compression would
        summarise into agent state instead and call the model for structured output.
        """
        return None

    # ------------------------------------------------------------------ stages
    async def _build(
        self, agent: Any, text: str, previous: list[Turn], summary: str | None, result: RecallResult
    ) -> ContextBuild:
        svc, s = self.services, self.services.settings
        offline = isinstance(getattr(agent.model, "primary", None), OfflineChatModel)
        build = await assemble_context(
            shortterm=svc.shortterm, user_id=self.user_id, session_id=self.session_id,
            system_prompt=agent._system_prompt, text=text, previous=previous, summary=summary,  # noqa: SLF001
            result=result, window_tokens=s.context_window, profile=svc.profile, counter=svc.counter,
            summarize_with=None if offline else svc.complete,
        )
        turn = self._turn
        if turn is not None:
            turn.labels.recall = recall_label(result, build, turn.recall_error)
            turn.labels.budget = budget_label(build, s.context_window, svc.profile)
        return build

    async def on_system_prompt(self, agent: Any, system_prompt: str) -> str:
        """Replace the agent's base prompt with the budgeted system text of this turn."""
        if self._turn is None or self._turn.build is None:
            return system_prompt
        base = agent._system_prompt  # noqa: SLF001
        rest = system_prompt[len(base):] if system_prompt.startswith(base) else ""
        return self._turn.build.system_text + rest

    def _finish(self, turn: TurnState, reply: Msg) -> Msg:
        turn.labels.stage = "extract" if turn.labels.extract is not None else turn.labels.stage
        turn.labels.timings_ms = {k: round(v, 2) for k, v in turn.timings.items()}
        reply.metadata[METADATA_KEY] = turn.labels.model_dump(mode="json")
        self.last_turn = turn
        logger.info(
            "turn done",
            user_id=self.user_id,
            injected=len(turn.labels.recall.injected_ids) if turn.labels.recall else 0,
            extracted=len(turn.labels.extract.items) if turn.labels.extract else 0,
        )
        return reply


def _to_msg(turn: HistoryTurn, agent_name: str) -> Msg:
    if turn.role == "assistant":
        return AssistantMsg(name=agent_name, content=turn.content)
    return UserMsg(name="user", content=turn.content)


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
