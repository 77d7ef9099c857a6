"""Latency of ``SqlWorkingStore.advance`` on MariaDB and SQLite (a measurement, not a test).

Usage: ``python tests/working/bench_advance.py [N]`` from the project root (default N=500).
Each backend gets its own table prefix / temporary file, dropped afterwards. Calls are
sequential, through the public async API (so ``asyncio.to_thread`` overhead is included).
"""
from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from memory.working.dialects import connect_mysql
from memory.working.sql_store import SqlWorkingStore

MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")


async def measure(store: SqlWorkingStore, calls: int) -> list[float]:
    await store.migrate()
    task = await store.start_task("bench-user", "bench", {"step": 0})
    version, timings = task.version, []
    for i in range(calls):
        state = {"step": i, "collected": list(range(20)), "note": "进行中"}
        began = time.perf_counter()
        version = (await store.advance("bench-user", task.task_id, version, f"step-{i}", state)).version
        timings.append((time.perf_counter() - began) * 1000)
    await store.close()
    return timings


def report(name: str, timings: list[float]) -> None:
    q = statistics.quantiles(timings, n=100)
    print(f"{name:8s} advance x{len(timings)}: p50 {q[49]:.2f} ms, p95 {q[94]:.2f} ms, max {max(timings):.2f} ms")


async def main(calls: int) -> None:
    prefix = f"bench{uuid.uuid4().hex[:8]}_"
    try:
        report("MariaDB", await measure(SqlWorkingStore.for_mysql(MYSQL_URL, table_prefix=prefix), calls))
    finally:
        conn = connect_mysql(MYSQL_URL)
        cur = conn.cursor()
        for table in ("tasks", "schema_migrations"):
            cur.execute(f"DROP TABLE IF EXISTS {prefix}{table}")
        conn.close()
    with tempfile.TemporaryDirectory() as tmp:
        report("SQLite", await measure(SqlWorkingStore.for_sqlite(Path(tmp) / "bench.sqlite3"), calls))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
