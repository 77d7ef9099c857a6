"""Rerank recalled candidates: ``w_sim·relevance + w_imp·importance + w_decay·time_decay``.

``relevance`` is the cosine similarity for a dense-only search, and the hybrid search's
RRF score scaled to [0, 1] (divided by its largest possible value) for a hybrid one.
Pure functions, so the score of every candidate can be shown and tested.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from core.knobs import knob
from memory.types import MemoryItem, SearchHit


@dataclass(frozen=True)
class DecayCurve:
    """Time decay of a memory's recency weight, by age in days.

    Full weight (1.0) up to ``full_days``; then linear down to ``value_at_slow`` at
    ``slow_after_days``; after that multiplied by ``1 - weekly_drop`` per week, never
    below ``floor``. The defaults are the product's: full for 7 days, -10 % per week
    after 30 days.
    """

    full_days: float = knob(7.0, "DECAY_FULL_DAYS", "a memory keeps full recency weight this many days", ge=0)
    slow_after_days: float = knob(30.0, "DECAY_SLOW_AFTER_DAYS", "linear decay ends, weekly decay starts, at this age", ge=0)
    value_at_slow: float = knob(0.9, "DECAY_VALUE_AT_SLOW", "the recency weight at `DECAY_SLOW_AFTER_DAYS`", ge=0, le=1)
    weekly_drop: float = knob(0.10, "DECAY_WEEKLY_DROP", "share of the recency weight lost per week after that", ge=0, le=1)
    floor: float = 0.0

    def weight(self, age_days: float) -> float:
        """The decay weight in [floor, 1] of a memory ``age_days`` old."""
        age = max(0.0, age_days)
        if age <= self.full_days:
            return 1.0
        if age <= self.slow_after_days:
            span = self.slow_after_days - self.full_days
            return 1.0 - (1.0 - self.value_at_slow) * (age - self.full_days) / span
        weeks = (age - self.slow_after_days) / 7.0
        return max(self.floor, float(self.value_at_slow * (1.0 - self.weekly_drop) ** weeks))


@dataclass(frozen=True)
class RerankWeights:
    """Weights of the final score (``RECALL_WEIGHT_*``).

    ``decay`` defaults to 0.03, measured: with 0.1 the recency term outweighs relevance
    (cosine similarities of one user's memories sit within ~0.1 of each other), and on the
    Chinese recall set recall@10 fell from 0.975 to 0.942 (dense-only scoring: to 0.575);
    0.03 still puts the newer of two equally relevant memories (a change of mind) first.
    """

    similarity: float = knob(0.6, "RECALL_WEIGHT_SIMILARITY", "rerank weight of relevance: `score = w·relevance + w·importance + w·time_decay`", ge=0)
    importance: float = knob(0.3, "RECALL_WEIGHT_IMPORTANCE", "rerank weight of a memory's importance", ge=0)
    decay: float = knob(0.03, "RECALL_WEIGHT_DECAY", "rerank weight of time decay (0.03 measured, see `docs/BENCHMARKS.md`)", ge=0)


@dataclass(frozen=True)
class ScoredCandidate:
    """One candidate with every part of its score, for display and metadata."""

    item: MemoryItem
    similarity: float
    importance: float
    decay: float
    score: float
    rank: int
    selected: bool
    relevance: float | None = None
    lexical: float = 0.0

    def breakdown(self) -> dict[str, object]:
        """JSON-ready view used in ``Msg.metadata["memory"]["recall"]``."""
        return {
            "id": self.item.id,
            "type": self.item.memory_type.value,
            "content": self.item.content,
            "rank": self.rank,
            "similarity": round(self.similarity, 4),
            "importance": round(self.importance, 4),
            "decay": round(self.decay, 4),
            "score": round(self.score, 4),
            "selected": self.selected,
            "relevance": None if self.relevance is None else round(self.relevance, 4),
            "lexical": round(self.lexical, 4),
        }


def memory_age_days(item: MemoryItem, now: datetime) -> float:
    """Age used for decay: since the memory was last used, or created if never used."""
    ref = item.last_accessed_at or item.created_at
    return (now - ref).total_seconds() / 86400.0


def rerank(
    hits: Sequence[SearchHit],
    now: datetime,
    top_k: int,
    weights: RerankWeights = RerankWeights(),
    curve: DecayCurve = DecayCurve(),
    min_similarity: float = 0.0,
    relevance: Sequence[float] | None = None,
    lexical: Sequence[float] | None = None,
) -> list[ScoredCandidate]:
    """Score every hit, sort by score (ties: newer first), mark the first ``top_k`` selected.

    Hits below ``min_similarity`` are kept in the list (for display) but never selected.

    Args:
        relevance: Per hit, the relevance in [0, 1] that takes the similarity's place in the
            score (the hybrid search's scaled RRF); ``None`` scores by similarity.
        lexical: Per hit, its BM25 score (shown, not scored).
    """
    if relevance is not None and len(relevance) != len(hits):
        raise ValueError(f"{len(relevance)} relevance values for {len(hits)} hits")
    scored = []
    for index, hit in enumerate(hits):
        decay = curve.weight(memory_age_days(hit.item, now))
        rel = hit.similarity if relevance is None else float(relevance[index])
        score = (
            weights.similarity * rel
            + weights.importance * hit.item.importance
            + weights.decay * decay
        )
        lex = 0.0 if lexical is None else float(lexical[index])
        scored.append((score, hit, decay, None if relevance is None else rel, lex))
    scored.sort(key=lambda s: (-s[0], -s[1].item.created_at.timestamp()))
    out: list[ScoredCandidate] = []
    chosen = 0
    for rank, (score, hit, decay, shown, lex) in enumerate(scored, start=1):
        selected = chosen < top_k and hit.similarity >= min_similarity
        chosen += selected
        out.append(
            ScoredCandidate(
                item=hit.item,
                similarity=hit.similarity,
                importance=hit.item.importance,
                decay=decay,
                score=score,
                rank=rank,
                selected=selected,
                relevance=shown,
                lexical=lex,
            )
        )
    return out
