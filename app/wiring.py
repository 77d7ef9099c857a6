"""Turn settings into pipeline objects (recall config, writer)."""
from __future__ import annotations

from app.container import Runtime
from app.settings import Settings
from pipelines.recall import RecallConfig, Recaller
from pipelines.rerank import DecayCurve, RerankWeights
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
    )


def build_recaller(rt: Runtime, top_k: int | None = None) -> Recaller:
    """A recaller over the runtime's stores, with the hot cache in the short-term tier."""
    return Recaller(rt.longterm, rt.embeddings, recall_config(rt.settings, top_k), cache=rt.shortterm)


def build_writer(rt: Runtime) -> MemoryWriter:
    """A writer that invalidates the user's recall cache on every write."""
    return MemoryWriter(rt.longterm, rt.embeddings, rt.shortterm, rt.settings.merge_similarity)
