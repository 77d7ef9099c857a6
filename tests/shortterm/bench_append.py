"""Latency of ``append_turn`` against a Redis server (not a test; run by hand).

Usage: ``python -m tests.shortterm.bench_append [URL] [N]`` from the repository root
(defaults: ``redis://127.0.0.1:6379/0``, 1000 calls). Uses a random key prefix and
deletes its keys afterwards.
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import time
import uuid
from datetime import datetime, timezone

from memory.shortterm.redis_store import RedisShortTermStore
from memory.types import Turn


async def main(url: str, n: int) -> None:
    """Append ``n`` turns to one session and print p50/p95/p99 in milliseconds."""
    prefix = f"bench-{uuid.uuid4().hex[:10]}"
    store = await RedisShortTermStore.connect(url, prefix=prefix, window=50, ttl_seconds=600,
                                              session_quota=50, error_log_ttl_seconds=3600)
    samples: list[float] = []
    try:
        for i in range(n):
            t = Turn(role="user", content=f"turn {i} " + "x" * 200, ts=datetime.now(timezone.utc))
            start = time.perf_counter()
            await store.append_turn("bench-user", "bench-session", t)
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        await store.end_session("bench-user", "bench-session")
        await store.close()
    q = statistics.quantiles(samples, n=100)
    print(f"append_turn x{n} on {url}: p50 {statistics.median(samples):.3f} ms, "
          f"p95 {q[94]:.3f} ms, p99 {q[98]:.3f} ms")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "redis://127.0.0.1:6379/0",
                     int(sys.argv[2]) if len(sys.argv) > 2 else 1000))
