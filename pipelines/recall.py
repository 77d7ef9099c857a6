"""Recall stage: SQL pre-filter + pgvector top-N, reranked, optionally cached per user.

The hot cache holds a user's recent results in the short-term tier. Entries are keyed
by query and filters and are invalidated on every memory write of that user (see
``MemoryWriter``), so a cached result is never stale or foreign.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone

from agents.telemetry import stage
from memory.embeddings.service import EmbeddingService
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.types import MemoryType, SearchHit
from pipelines.rerank import DecayCurve, RerankWeights, ScoredCandidate, rerank


@dataclass(frozen=True)
class RecallConfig:
    """Recall knobs; every one is a setting (see ``app.settings``)."""

    candidates: int = 20
    top_k: int = 5
    weights: RerankWeights = field(default_factory=RerankWeights)
    curve: DecayCurve = field(default_factory=DecayCurve)
    min_similarity: float = 0.0
    cache_ttl_seconds: int = 0
    touch: bool = True


@dataclass(frozen=True)
class RecallResult:
    """Every candidate ranked with its parts; ``selected`` is the top-K that is used."""

    query: str
    candidates: list[ScoredCandidate]
    cache_hit: bool
    latency_ms: float

    @property
    def selected(self) -> list[ScoredCandidate]:
        """The candidates chosen for the context, best first."""
        return [c for c in self.candidates if c.selected]


def build_query(current: str, previous_user_turns: Sequence[str], max_previous: int = 2) -> str:
    """The recall query: the current turn plus the last few user turns, never the whole history."""
    parts = [*previous_user_turns[-max_previous:], current] if max_previous else [current]
    return "\n".join(p.strip() for p in parts if p.strip())


class Recaller:
    """Finds the memories of one user that matter for a query."""

    def __init__(
        self,
        store: LongTermStore,
        embeddings: EmbeddingService,
        config: RecallConfig,
        cache: ShortTermStore | None = None,
    ) -> None:
        self._store = store
        self._embeddings = embeddings
        self._config = config
        self._cache = cache if config.cache_ttl_seconds > 0 else None

    @property
    def config(self) -> RecallConfig:
        """The knobs in use."""
        return self._config

    async def recall(
        self,
        user_id: str,
        query: str,
        types: Sequence[MemoryType] | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        now: datetime | None = None,
    ) -> RecallResult:
        """Search, rerank and (unless cached) touch the selected memories of ``user_id``."""
        started = time.perf_counter()
        now = now or datetime.now(timezone.utc)
        cache_key = self._cache_key(query, types, since, until)
        hits: list[SearchHit] | None = None
        cache_hit = False
        if self._cache is not None:
            cached = await self._cache.cache_get(user_id, cache_key)
            if cached is not None:
                hits = await self._hits_from_cache(user_id, cached)
                cache_hit = hits is not None
        if hits is None:
            vector = await self._embeddings.embed_query(query)
            hits = await self._store.search(
                user_id,
                vector,
                self._embeddings.model_id,
                limit=self._config.candidates,
                types=types,
                since=since,
                until=until,
            )
            if self._cache is not None:
                payload = json.dumps([[h.item.id, h.similarity] for h in hits])
                await self._cache.cache_put(user_id, cache_key, payload, self._config.cache_ttl_seconds)
        with stage("rerank", candidates=len(hits)) as span:
            ranked = rerank(
                hits,
                now,
                self._config.top_k,
                self._config.weights,
                self._config.curve,
                self._config.min_similarity,
            )
            span.set_attribute("memory.selected", sum(c.selected for c in ranked))
        selected_ids = [c.item.id for c in ranked if c.selected]
        if self._config.touch and selected_ids:
            await self._store.touch(user_id, selected_ids)
        return RecallResult(
            query=query,
            candidates=ranked,
            cache_hit=cache_hit,
            latency_ms=(time.perf_counter() - started) * 1000.0,
        )

    async def _hits_from_cache(self, user_id: str, payload: str) -> list[SearchHit] | None:
        """Rebuild hits from cached (id, similarity) pairs; any missing row means a miss."""
        pairs = json.loads(payload)
        items = await self._store.get_many(user_id, [int(i) for i, _ in pairs])
        by_id = {item.id: item for item in items}
        if len(by_id) != len(pairs) or any(item.status.value != "active" for item in items):
            return None
        return [SearchHit(item=by_id[int(i)], similarity=float(s)) for i, s in pairs]

    @staticmethod
    def _cache_key(
        query: str,
        types: Sequence[MemoryType] | None,
        since: datetime | None,
        until: datetime | None,
    ) -> str:
        raw = json.dumps(
            [query, sorted(t.value for t in types or []), str(since), str(until)], ensure_ascii=False
        )
        return "recall:" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]
