"""Retrieval quality on LoCoMo: the product's recall vs BM25, dense and hybrid baselines.

Every turn of a conversation becomes one memory of one user through the product's write
path (the session date as the memory's time; speaker, turn id and session in metadata);
then every question goes to ``Recaller.recall(user_id, question)``. The same turns and
vectors go through three baselines in the same run. Reported per category (1 multi-hop,
2 temporal, 3 open-domain, 4 single-hop; 5 adversarial apart) and overall (1-4):
evidence recall@1/5/10/20, hit@k, MRR, latency, and the tokens injected per question.

Run (about 8 minutes cold on 2 cores, ~2 minutes with the embedding cache warm)::

    python scripts/bench/recall_quality.py --data ../shared/data/locomo

Options: ``--conversations N`` / ``--max-questions N`` for quick runs, ``--out`` for the JSON.
The data (CC BY-NC 4.0) is read from ``--data`` and never copied.
"""
from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

import common  # noqa: F401 - puts the repository on sys.path
from embed_cache import DEFAULT_CACHE
from harness import Doc, Probe, RunLog, product, run_user
from locomo import load
from report import render, summarise, verdict
from settings_args import add_recall_args

from memory.lexical import lexical_tokens
from pipelines.context.tokens import TokenCounter

ORDER = ["1", "2", "3", "4", "overall", "5"]


async def main(args: argparse.Namespace) -> dict:
    conversations = load(Path(args.data))[: args.conversations or None]
    counter = TokenCounter()
    log = RunLog()
    started = time.perf_counter()
    async with product(args) as prod:
        for conv in conversations:
            docs = [Doc(t.dia_id, t.content, t.when,
                        {"speaker": t.speaker, "dia_id": t.dia_id, "session": t.session}, t.session)
                    for t in conv.turns]
            probes = [Probe(q.question, q.category, q.evidence)
                      for q in conv.questions[: args.max_questions or None]]
            await run_user(f"locomo-{conv.sample_id}", docs, probes, prod.store, prod.embeddings, prod.recaller,
                           counter, log,
                           bm25_tokenize=lexical_tokens if args.bm25_tokenizer == "product" else None)
            print(f"{conv.sample_id}: {len(docs)} turns, {len(probes)} questions "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
        embedder, config = prod.embeddings.embedder, prod.config
    summary = summarise(log, {"1", "2", "3", "4"})
    summary["verdict"] = verdict(summary)
    summary["run"] = {
        "data": str(args.data), "conversations": len(conversations),
        "questions": len(log.scored["product"]), "seconds": round(time.perf_counter() - started, 1),
        "embedding_cache": {"hits": embedder.hits, "misses": embedder.misses},
        "recall_config": repr(config), "query_vectors_cached": args.cache_queries,
        "bm25_tokenizer": args.bm25_tokenizer,
    }
    print()
    print(render(summary, ORDER))
    print(f"\nverdict: {summary['verdict']}")
    return summary


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True, help="folder with locomo_dev.json (or the file)")
    p.add_argument("--conversations", type=int, default=0, help="only the first N conversations")
    p.add_argument("--max-questions", type=int, default=0, help="only the first N questions of each")
    p.add_argument("--cache", default=str(DEFAULT_CACHE), help="embedding cache (SQLite file)")
    p.add_argument("--cache-queries", action="store_true",
                   help="cache query vectors too (for tuning runs; latency then excludes encoding)")
    p.add_argument("--bm25-tokenizer", choices=("bm25s", "product"), default="bm25s",
                   help="baselines' BM25 tokens: bm25s's English tokenizer, or the product's (stemmed)")
    p.add_argument("--out", default="bench-results/recall_quality.json")
    add_recall_args(p)
    return p.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), asyncio.run(main(arguments)))
