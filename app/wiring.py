"""Turn settings into pipeline objects (recall config, writer, the turn's services)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from agentscope.model import ChatModelBase

from agents.factory import model_completion
from agents.models.factory import select_provider
from app.container import Runtime
from app.settings import Settings
from memory.longterm.hybrid import HybridParams
from memory.working.consent import ConsentDefault, ConsentStore
from pipelines.budget import get_profile
from pipelines.forgetting import ForgetPolicy
from pipelines.outbox import Outbox
from pipelines.recall import RecallConfig, Recaller
from pipelines.rerank import DecayCurve, RerankWeights
from pipelines.tokens import TokenCounter
from pipelines.turn import MemoryServices, TurnLimits, TurnPolicy
from pipelines.screening.semantic import SemanticScreen
from pipelines.writer import MemoryWriter


def recall_config(settings: Settings, top_k: int | None = None) -> RecallConfig:
    """The ``RecallConfig`` described by the settings."""
    return RecallConfig(
        candidates=settings.recall_candidates,
        top_k=top_k or settings.recall_top_k,
        weights=RerankWeights(
            similarity=settings.recall_weight_similarity,
            importance=settings.recall_weight_importance,
            decay=settings.recall_weight_decay,
        ),
        curve=DecayCurve(
            full_days=settings.decay_full_days,
            slow_after_days=settings.decay_slow_after_days,
            value_at_slow=settings.decay_value_at_slow,
            weekly_drop=settings.decay_weekly_drop,
        ),
        min_similarity=settings.recall_min_similarity,
        cache_ttl_seconds=settings.recall_cache_ttl_seconds,
        hybrid=HybridParams(
            limit=settings.recall_candidates,
            dense_limit=settings.recall_dense_candidates,
            lexical_limit=settings.recall_lexical_candidates,
            rrf_k=settings.recall_rrf_k,
            dense_weight=settings.recall_dense_weight,
            lexical_weight=settings.recall_lexical_weight,
            lexical_weight_cjk=settings.recall_lexical_weight_cjk,
            bm25_k1=settings.recall_bm25_k1,
            bm25_b=settings.recall_bm25_b,
        ) if settings.recall_hybrid else None,
    )


def forget_policy(settings: Settings) -> ForgetPolicy:
    """The forgetting job's policy from the settings (same decay curve as recall)."""
    return ForgetPolicy(
        unused_days=settings.forget_unused_days,
        threshold=settings.forget_threshold,
        curve=recall_config(settings).curve,
    )


def build_recaller(rt: Runtime, top_k: int | None = None) -> Recaller:
    """A recaller over the runtime's stores, with the hot cache in the short-term tier."""
    return Recaller(rt.longterm, rt.embeddings, recall_config(rt.settings, top_k), cache=rt.shortterm)


def build_writer(rt: Runtime) -> MemoryWriter:
    """A writer that invalidates the user's recall cache on every write."""
    return MemoryWriter(rt.longterm, rt.embeddings, rt.shortterm, rt.settings.merge_similarity)


def memory_outbox(settings: Settings) -> Outbox:
    """Long-term writes that wait while PostgreSQL is down (a local journal, outside that store)."""
    return Outbox(settings.home / "outbox" / "memory-writes.jsonl")


def shortterm_journal(settings: Settings) -> Outbox:
    """Short-term turns that wait while Redis is down (a local journal, outside that store)."""
    return Outbox(settings.home / "outbox" / "shortterm-turns.jsonl")


def consent_store(rt: Runtime) -> ConsentStore:
    """Per-user consent in the working-state database, with ``LONGTERM_CONSENT`` as the default."""
    return ConsentStore(rt.working, ConsentDefault(rt.settings.longterm_consent))  # type: ignore[arg-type]


def build_services(
    rt: Runtime,
    model: ChatModelBase | None,
    policy: TurnPolicy,
    on_turn: Callable[[], Awaitable[None]] | None = None,
) -> MemoryServices:
    """The turn's services over a runtime; extraction uses the model unless offline."""
    s = rt.settings
    complete = None if model is None or select_provider(s) == "offline" else model_completion(model)
    return MemoryServices(
        shortterm=rt.shortterm, recaller=build_recaller(rt), writer=build_writer(rt), counter=TokenCounter(),
        profile=get_profile(s.budget_profile),
        limits=TurnLimits(s.max_input_chars, s.screening_threshold, s.context_window),
        policy=policy,
        outbox=memory_outbox(s), journal=shortterm_journal(s),
        complete=complete, working=rt.working, consent=consent_store(rt), on_turn=on_turn,
        semantic=SemanticScreen.for_embeddings(rt.embeddings),
    )
