"""Recall, write and supersede of one user touch one partition of ``memories`` (hash by user id).

The schema is distributed by ``user_id`` (migration 7): on a Citus cluster the same queries
route to one shard. Two independent proofs per operation, on the store's own code path:

* ``EXPLAIN`` of the recall queries lists exactly one partition (plan-time pruning);
* inside the very transaction the store runs (its ``_run`` is wrapped), PostgreSQL's
  per-transaction statistics (``pg_stat_xact_user_tables``) show scans, inserts or updates
  on exactly one partition: the user's.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import numpy as np
import pytest

from memory.lexical import query_terms
from memory.longterm import pg_sql as q
from memory.longterm.hybrid import HybridParams, hybrid_query, neighbours_query
from memory.longterm.migrations import USER_PARTITIONS
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryChange, MemoryStatus, MemoryType, NewMemory
from tests.longterm.conftest import DIM, MODEL

T = TypeVar("T")
USERS = [f"user-{i}" for i in range(48)]
PARTITION = re.compile(r"\bmemories(?:_archive)?_p\d+\b")
# Per-table activity not yet flushed to the shared statistics: it may still hold earlier
# transactions of the connection, so the difference over the store's transaction is taken
# (flushes only happen between transactions).
ACTIVITY = (
    "SELECT relname, seq_scan + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del "
    "FROM pg_stat_xact_user_tables WHERE relname ~ '^memories(_archive)?_p[0-9]+$'"
)


@pytest.fixture(scope="module")
async def spread(create_database: Callable[[], str]) -> AsyncIterator[PgVectorStore]:
    """A store whose every partition holds users (48 users, 6 memories each, in one session)."""
    store = await connect(create_database(), DIM)
    rng = np.random.default_rng(7)
    mems = [NewMemory(user_id=u, memory_type=MemoryType.FACT, content=f"{u} likes topic {k} and tea",
                      source_session="s1") for u in USERS for k in range(6)]
    vecs = rng.standard_normal((len(mems), DIM)).astype(np.float32)
    await store.add_many(mems, vecs / np.linalg.norm(vecs, axis=1, keepdims=True), MODEL)
    yield store
    await store.close()


async def partition_of(store: PgVectorStore, user: str) -> str:
    """The partition that holds ``user``'s rows."""

    def run(conn: Any) -> list[str]:
        with conn.cursor() as cur:
            cur.execute("SELECT DISTINCT tableoid::regclass::text FROM memories WHERE user_id = %s", (user,))
            return [r[0] for r in cur.fetchall()]

    found = await store._run(run)
    assert len(found) == 1
    return found[0]


async def touched(store: PgVectorStore, operation: Callable[[], Any]) -> list[str]:
    """Run ``operation`` (a store call); the partitions its transactions read or wrote."""
    seen: list[str] = []
    original = store._run

    async def observed(fn: Callable[[Any], T]) -> T:
        def run(conn: Any) -> T:
            with conn.cursor() as cur:
                cur.execute(ACTIVITY)
                before = dict(cur.fetchall())
            result = fn(conn)
            with conn.cursor() as cur:  # still inside the store's transaction
                cur.execute(ACTIVITY)
                seen.extend(name for name, n in cur.fetchall() if n > before.get(name, 0))
            return result

        return await original(run)

    store._run = observed  # type: ignore[method-assign]
    try:
        await operation()
    finally:
        store._run = original  # type: ignore[method-assign]
    return sorted(set(seen))


def explain(store: PgVectorStore, sql: str, args: list[Any] | tuple[Any, ...]) -> Callable[[Any], set[str]]:
    def run(conn: Any) -> set[str]:
        with conn.cursor() as cur:
            cur.execute("SET LOCAL enable_seqscan = off")
            cur.execute("EXPLAIN " + sql, args)
            return set(PARTITION.findall("\n".join(r[0] for r in cur.fetchall())))

    return run


def unit(rng: np.random.Generator) -> np.ndarray:
    v = rng.standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


async def test_the_schema_is_partitioned_by_user_id(spread: PgVectorStore) -> None:
    def run(conn: Any) -> tuple[list[str], int, dict[str, str]]:
        with conn.cursor() as cur:
            cur.execute("SELECT pg_get_partkeydef('memories'::regclass), pg_get_partkeydef('memories_archive'::regclass)")
            keys = list(cur.fetchone())
            cur.execute("SELECT count(DISTINCT tableoid) FROM memories")
            used = int(cur.fetchone()[0])
            cur.execute("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                        "WHERE conrelid IN ('memories'::regclass, 'memories_archive'::regclass) AND contype IN ('p','u','f')")
            return keys, used, dict(cur.fetchall())

    keys, used, constraints = await spread._run(run)
    assert keys == ["HASH (user_id)", "HASH (user_id)"]
    assert used == USER_PARTITIONS  # 48 users fill every partition
    assert constraints["memories_pkey"] == "PRIMARY KEY (user_id, id)"
    assert constraints["memories_archive_pkey"] == "PRIMARY KEY (user_id, id)"
    assert constraints["memories_user_id_content_hash_key"] == "UNIQUE (user_id, content_hash)"
    assert constraints["memories_superseded_by_fkey"] == (
        "FOREIGN KEY (user_id, superseded_by) REFERENCES memories(user_id, id)")


async def test_recall_plans_touch_one_partition(spread: PgVectorStore) -> None:
    rng = np.random.default_rng(1)
    vec = unit(rng)
    user = "user-5"
    dense, dense_args = q.search_query(user, vec, MODEL, 20, None, (MemoryStatus.ACTIVE,), None, None)
    hybrid, hybrid_args = hybrid_query(user, vec, query_terms("tea topic"), MODEL, HybridParams(), None,
                                       (MemoryStatus.ACTIVE,), None, None)
    anchors = [i.id for i in await spread.list(user)][:2]
    near, near_args = neighbours_query(user, vec, anchors, MODEL, 1)
    home = await partition_of(spread, user)
    for sql, args in ((dense, dense_args), (hybrid, hybrid_args), (near, near_args),
                      (q.HISTORY, (user, anchors[0], user, user)), (q.FIND_BY_SLOT, (user, "city"))):
        assert await spread._run(explain(spread, sql, args)) == {home}, sql[:80]


async def test_recall_write_and_supersede_touch_only_the_users_partition(spread: PgVectorStore) -> None:
    rng = np.random.default_rng(2)
    user = "user-11"
    home = await partition_of(spread, user)
    vec = unit(rng)

    recall = await touched(spread, lambda: spread.hybrid_search(user, "tea topic", vec, MODEL))
    dense = await touched(spread, lambda: spread.search(user, vec, MODEL))
    assert recall == [home] and dense == [home]

    old = (await spread.list(user))[0]
    version = await spread.write_version(user)
    moved = NewMemory(user_id=user, memory_type=MemoryType.FACT, content=f"{user} moved to Berlin")
    result: list[Any] = []

    async def supersede() -> None:
        result.append(await spread.apply(user, MemoryChange(new=moved, embedding=unit(rng), supersede=(old.id,),
                                                            expect=version), MODEL))

    assert await touched(spread, supersede) == [home]
    assert result[0].applied and result[0].superseded == (old.id,)

    again = NewMemory(user_id=user, memory_type=MemoryType.FACT, content=f"{user} drinks coffee now")
    assert await touched(spread, lambda: spread.add(again, unit(rng), MODEL)) == [home]
    duplicate = NewMemory(user_id=user, memory_type=MemoryType.FACT, content=f"{user} drinks coffee now")
    assert await touched(spread, lambda: spread.add(duplicate, unit(rng), MODEL)) == [home]  # the conflict lookup
    newest = (await spread.list(user))[0]
    assert await touched(spread, lambda: spread.supersede(user, result[0].item.id, newest.id)) == [home]
    assert await touched(spread, lambda: spread.history(user, newest.id)) == [home]
    assert [i.id for i in await spread.history(user, newest.id)][-1] == newest.id


async def test_forgetting_and_reembedding_for_one_user_touch_its_partition(spread: PgVectorStore) -> None:
    """The batch jobs where they act for one user: ``forget --user`` reads and archives on the user's
    partition (and the archive's partition of the same hash); each re-embedding UPDATE filters by user."""
    from datetime import datetime, timedelta, timezone

    from memory.longterm.reembed import update_of_user
    from pipelines.forgetting import ForgetPolicy, run_forgetting

    user = USERS[-1]
    home = await partition_of(spread, user)
    suffix = home.removeprefix("memories")  # "_p3": the archive is hashed the same way
    later = datetime.now(timezone.utc) + timedelta(days=3650)
    stale: list[Any] = []

    async def scan() -> None:
        stale.extend(await spread.unused_since(later, 1000, user))

    assert await touched(spread, scan) == [home]
    assert {i.user_id for i in stale} == {user} and len(stale) >= 6

    decisions: list[Any] = []

    async def forget() -> None:
        decisions.extend(await run_forgetting(spread, ForgetPolicy(threshold=1.0), None, now=later, user_id=user))

    seen = await touched(spread, forget)
    assert seen and all(name.endswith(suffix) for name in seen), seen  # memories_pN and memories_archive_pN
    assert decisions and all(d.archive and d.item.user_id == user for d in decisions)

    vector = "[" + ",".join(["0.1"] * DIM) + "]"
    for table in ("memories", "memories_archive"):
        sql = update_of_user(table).replace("{user}", "%s").replace("VALUES %s", "VALUES (1, %s, 'm')")
        plan = await spread._run(explain(spread, sql, (vector, user)))
        assert plan == {table + suffix}, plan
