"""Settings into pipeline objects: recall config, forgetting policy, writer, the turn's services."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from app.composition.runtime import Runtime
from app.settings import Settings
from memory.working.consent import ConsentStore
from pipelines.context.budget import get_profile
from pipelines.forgetting import ForgetPolicy
from pipelines.extract.outbox import Outbox
from pipelines.recall.config import RecallConfig, from_values
from pipelines.recall.recaller import Recaller
from pipelines.recall.rerank import DecayCurve
from pipelines.context.tokens import TokenCounter
from pipelines.receive.screening.semantic import SemanticScreen
from pipelines.turn import MemoryServices, TurnLimits, TurnPolicy
from pipelines.extract.writer import MemoryWriter

if TYPE_CHECKING:
    from agentscope.model import ChatModelBase


def recall_config(settings: Settings, top_k: int | None = None) -> RecallConfig:
    """The ``RecallConfig`` described by the settings (``top_k`` overrides ``RECALL_TOP_K``)."""
    return from_values(settings.recall, decay_curve(settings), top_k)


def decay_curve(settings: Settings) -> DecayCurve:
    """The time-decay curve of recall's rerank and of the forgetting job."""
    d = settings.decay
    return DecayCurve(
        full_days=d.full_days, slow_after_days=d.slow_after_days, value_at_slow=d.value_at_slow, weekly_drop=d.weekly_drop
    )


def forget_policy(settings: Settings) -> ForgetPolicy:
    """The forgetting job's policy from the settings (same decay curve as recall)."""
    return ForgetPolicy(
        unused_days=settings.forget.unused_days, threshold=settings.forget.threshold, curve=decay_curve(settings)
    )


def turn_limits(settings: Settings) -> TurnLimits:
    """The turn's input limit, screening threshold and context window."""
    t = settings.turn
    return TurnLimits(t.max_input_chars, t.screening_threshold, t.context_window)


def build_recaller(rt: Runtime, top_k: int | None = None) -> Recaller:
    """A recaller over the runtime's stores, with the hot cache in the short-term tier."""
    return Recaller(rt.longterm, rt.embeddings, recall_config(rt.settings, top_k), cache=rt.shortterm)


def build_writer(rt: Runtime) -> MemoryWriter:
    """A writer that invalidates the user's recall cache on every write."""
    return MemoryWriter(rt.longterm, rt.embeddings, rt.shortterm, rt.settings.longterm.merge_similarity)


def memory_outbox(settings: Settings) -> Outbox:
    """Long-term writes that wait while PostgreSQL is down (a local journal, outside that store)."""
    return Outbox(settings.home / "outbox" / "memory-writes.jsonl")


def shortterm_journal(settings: Settings) -> Outbox:
    """Short-term turns that wait while Redis is down (a local journal, outside that store)."""
    return Outbox(settings.home / "outbox" / "shortterm-turns.jsonl")


def consent_store(rt: Runtime) -> ConsentStore:
    """Per-user consent in the working-state database, with ``LONGTERM_CONSENT`` as the default."""
    return ConsentStore(rt.working, rt.settings.longterm.consent)  # type: ignore[arg-type]


def build_services(
    rt: Runtime,
    model: ChatModelBase | None,
    policy: TurnPolicy,
    on_turn: Callable[[], Awaitable[None]] | None = None,
) -> MemoryServices:
    """The turn's services over a runtime; extraction uses the model unless offline."""
    from agents.factory import model_completion
    from agents.models.provider import select_provider

    s = rt.settings
    complete = None if model is None or select_provider(s.model) == "offline" else model_completion(model)
    return MemoryServices(
        shortterm=rt.shortterm, recaller=build_recaller(rt), writer=build_writer(rt), counter=TokenCounter(),
        profile=get_profile(s.turn.budget_profile), limits=turn_limits(s),
        policy=policy,
        outbox=memory_outbox(s), journal=shortterm_journal(s),
        complete=complete, working=rt.working, consent=consent_store(rt), on_turn=on_turn,
        semantic=SemanticScreen.for_embeddings(rt.embeddings),
    )
