"""Recall stage: SQL pre-filter + hybrid search (BM25 + pgvector, RRF), reranked, cached per user.

Recall's inputs are the user id, the query text and the settings (``RecallConfig``); the
optional type/time filters narrow the SQL pre-filter. With ``RecallConfig.hybrid`` set
(the default) the store fuses a BM25 search over its lexical index with the HNSW cosine
search (``PgVectorStore.hybrid_search``); with ``hybrid=None`` it is cosine top-N alone.

The hot cache holds a user's recent results in the short-term tier. Entries are keyed
by query and filters and are invalidated on every memory write of that user (see
``MemoryWriter``), so a cached result is never stale or foreign.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import TypeVar

import numpy as np

from loguru import logger

from core.telemetry import stage
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError, StoreUnavailableError
from memory.longterm.base import LongTermStore
from memory.longterm.hybrid import HybridSearchStore
from memory.search_params import HybridParams
from memory.shortterm.base import ShortTermStore
from memory.types import MemoryItem, MemoryType, SearchHit
from memory.lexical import Segmenter, cjk_share, lexical_tokens, query_terms
from pipelines.recall.config import RecallConfig as RecallConfig  # re-exported: declared in config.py
from pipelines.recall.rounds import feedback_terms
from pipelines.recall.sequence import (
    Pool,
    Request,
    anchors,
    boosted,
    cut,
    diversified,
    planned,
    searched,
    with_feedback,
    with_neighbours,
)
from pipelines.recall.rerank import ScoredCandidate, rerank
from pipelines.recall.time_expr import time_adjusted

T = TypeVar("T")


@dataclass(frozen=True)
class _Found:
    """Search output before rerank: hits, and for a hybrid search their relevance and BM25."""

    hits: list[SearchHit]
    relevance: list[float] | None
    lexical: list[float] | None

    def extras(self) -> tuple[list[float | None], list[float | None]]:
        """Relevance and lexical per hit (``None`` each for a dense-only search)."""
        none: list[float | None] = [None] * len(self.hits)
        return (list(self.relevance) if self.relevance is not None else none,
                list(self.lexical) if self.lexical is not None else none)


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


def dense_text(query: str, max_chars: int) -> str:
    """What the dense side encodes: the whole query, or its last lines within ``max_chars``.

    A long dialogue context is mostly about what came before; its last lines carry the
    need. ``max_chars <= 0`` keeps the whole query. The lexical side always sees it whole.
    """
    if max_chars <= 0 or len(query) <= max_chars:
        return query
    kept: list[str] = []
    used = 0
    for line in reversed([ln for ln in query.splitlines() if ln.strip()]):
        if kept and used + len(line) > max_chars:
            break
        kept.append(line)
        used += len(line)
    text = "\n".join(reversed(kept))
    return text[-max_chars:] if len(text) > max_chars else text


def _all_active(items: Sequence[MemoryItem]) -> bool:
    return all(item.status.value == "active" for item in items)


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
        if config.hybrid is not None and not isinstance(store, HybridSearchStore):
            raise ConfigError(
                f"{type(store).__name__} has no hybrid_search, so hybrid recall cannot run on it; "
                "use PgVectorStore or set RecallConfig.hybrid=None for dense-only recall."
            )

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
        found, generation = await self._cached(user_id, cache_key)
        cache_hit = found is not None
        if found is None:
            found = await self._search(user_id, query, types, since, until, now)
            await self._keep(user_id, cache_key, found, generation)
        hits = found.hits
        with stage("rerank", candidates=len(hits)) as span:
            ranked = rerank(
                hits,
                now,
                self._config.top_k,
                self._config.weights,
                self._config.curve,
                self._config.min_similarity,
                found.relevance,
                found.lexical,
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

    async def _cached(self, user_id: str, cache_key: str) -> tuple[_Found | None, str | None]:
        """The cached search of ``cache_key`` (``None`` on a miss) and the cache's generation, read before
        searching: a write meanwhile drops the put (``None``: no cache, or it is down)."""
        if self._cache is None:
            return None, None
        cached = await self._cache_call(self._cache.cache_get(user_id, cache_key))
        if cached is None:
            return None, None
        found = await self._hits_from_cache(user_id, cached.value) if cached.value is not None else None
        return found, cached.generation

    async def _keep(self, user_id: str, cache_key: str, found: _Found, generation: str | None) -> None:
        """Cache a search (unless there is no cache generation to put it under)."""
        if self._cache is None or generation is None:
            return
        payload = json.dumps([[h.item.id, h.similarity, r, x] for h, r, x in zip(found.hits, *found.extras())])
        await self._cache_call(self._cache.cache_put(user_id, cache_key, payload, self._config.cache_ttl_seconds,
                                                     generation))

    async def _search(
        self,
        user_id: str,
        query: str,
        types: Sequence[MemoryType] | None,
        since: datetime | None,
        until: datetime | None,
        now: datetime,
    ) -> _Found:
        """Embed the query and run the declared rounds (``pipelines.recall.sequence``)."""
        cfg = self._config
        vector = await self._embeddings.embed_query(dense_text(query, cfg.dense_query_chars))
        rounds = planned(cfg, Request(filtered=types is not None or since is not None or until is not None))
        if rounds == ["dense"]:
            hits = await self._store.search(
                user_id, vector, self._embeddings.model_id, limit=cfg.candidates,
                types=types, since=since, until=until,
            )
            return _Found(hits, None, None)
        return await self._hybrid(user_id, query, vector, rounds, types, since, until, now)

    def _params(self, query: str) -> HybridParams:
        """The hybrid search's parameters for ``query`` (the CJK lexical weight for a mostly CJK query)."""
        cfg = self._config
        assert cfg.hybrid is not None
        params = replace(cfg.hybrid, limit=cfg.candidates)
        if cjk_share(query) > 0.5:
            params = replace(params, lexical_weight=params.lexical_weight_cjk)
        return params

    async def _hybrid(self, user_id: str, query: str, vector: np.ndarray, rounds: list[str],
                      types: Sequence[MemoryType] | None, since: datetime | None, until: datetime | None,
                      now: datetime) -> _Found:
        """The hybrid search, then the declared rounds after it: feedback, time, neighbours, diversify."""
        cfg = self._config
        params = self._params(query)
        store = self._store
        assert isinstance(store, HybridSearchStore)
        model = self._embeddings.model_id
        best = (params.dense_weight + params.lexical_weight) / (params.rrf_k + 1.0)

        async def search(text: str) -> Pool:
            found = await store.hybrid_search(user_id, text, vector, model, params, types=types, since=since, until=until)
            return searched(
                (h.item, h.similarity, h.lexical, min(1.0, h.fused / best) if best > 0 else 0.0) for h in found
            )

        pool = await search(query)
        if "feedback" in rounds and len(pool.items) > cfg.feedback_docs:
            extra = self._feedback_terms(query, pool, getattr(store, "segmenter", "bigram"))
            if extra:
                pool = with_feedback(pool, await search(query + "\n" + " ".join(extra)), cfg.feedback_weight)
        pool = await self._after_search(pool, rounds, user_id, query, vector, now)
        order = cut(pool, cfg.candidates)
        return _Found(
            [SearchHit(item=pool.items[i], similarity=pool.similarity[i]) for i in order],
            [pool.relevance[i] for i in order],
            [pool.lexical.get(i, 0.0) for i in order],
        )

    async def _after_search(self, pool: Pool, rounds: list[str], user_id: str, query: str, vector: np.ndarray,
                            now: datetime) -> Pool:
        """The rounds that rework a searched pool: time words, neighbours of the best, diversity."""
        cfg = self._config
        if "time" in rounds:
            held = {i: SearchHit(item=item, similarity=pool.similarity[i]) for i, item in pool.items.items()}
            pool = boosted(pool, time_adjusted(pool.relevance, held, query, now, cfg.time_boost, cfg.when_boost))
        if "neighbours" in rounds:
            store = self._store
            assert isinstance(store, HybridSearchStore)
            found = await store.neighbours(user_id, vector, anchors(pool, cfg.neighbour_anchors),
                                           self._embeddings.model_id, cfg.neighbours)
            pool = with_neighbours(pool, found, cfg.neighbour_factor, cfg.neighbour_gap)
        if "diversify" in rounds:
            pool = diversified(pool, cfg.mmr_lambda, cfg.candidates)
        return pool

    def _feedback_terms(self, query: str, pool: Pool, segmenter: Segmenter) -> list[str]:
        """Tokens of the first search's best memories the query lacks, rarest in the pool first."""
        cfg = self._config
        texts = [item.content for item in pool.items.values()]
        df = Counter(t for text in texts for t in set(lexical_tokens(text, segmenter)))
        return feedback_terms(query_terms(query, segmenter), texts[: cfg.feedback_docs], df, len(texts),
                              cfg.feedback_terms, segmenter)

    @staticmethod
    async def _cache_call(call: Awaitable[T]) -> T | None:
        """A cache read or write; a cache that is down is a miss, never a failed recall."""
        try:
            return await call
        except StoreUnavailableError as exc:
            logger.warning("recall cache unavailable, searching without it: {}", exc)
            return None

    async def _hits_from_cache(self, user_id: str, payload: str) -> _Found | None:
        """Rebuild hits from cached ``[id, similarity, relevance, lexical]``; a missing row means a miss."""
        rows = json.loads(payload)
        items = await self._store.get_many(user_id, [int(r[0]) for r in rows])
        by_id = {item.id: item for item in items}
        if len(by_id) != len(rows) or not _all_active(items):  # one of them is gone, or no longer active
            return None
        hits = [SearchHit(item=by_id[int(r[0])], similarity=float(r[1])) for r in rows]
        if not rows or rows[0][2] is None:  # a dense-only search
            return _Found(hits, None, None)
        return _Found(hits, [float(r[2]) for r in rows], [float(r[3]) for r in rows])

    def _cache_key(
        self,
        query: str,
        types: Sequence[MemoryType] | None,
        since: datetime | None,
        until: datetime | None,
    ) -> str:
        raw = json.dumps(
            [query, sorted(t.value for t in types or []), str(since), str(until),
             repr(self._config)],
            ensure_ascii=False,
        )
        return "recall:" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]
