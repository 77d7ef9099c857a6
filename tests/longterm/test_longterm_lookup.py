"""Lookups used by recall and the writer: get_many, find_by_slot, reinforce; the similarity scale."""
from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import numpy as np
import psycopg2
import pytest

from memory.errors import MemoryNotFoundError
from memory.longterm.base import LongTermStore
from memory.longterm.pgvector_store import PgVectorStore
from memory.types import MemoryStatus, MemoryType, NewMemory
from tests.longterm.conftest import index_and_partitions, uses_index

Vectors = Callable[..., np.ndarray]
Users = Callable[[], str]


def mem(user: str, text: str, **extra: object) -> NewMemory:
    return NewMemory(user_id=user, memory_type=MemoryType.FACT, content=text, **extra)  # type: ignore[arg-type]


def test_store_implements_every_protocol_method_with_its_signature() -> None:
    protocol = {n: f for n, f in vars(LongTermStore).items() if inspect.iscoroutinefunction(f)}
    assert {"get_many", "find_by_slot", "reinforce"} <= set(protocol)
    for name, declared in protocol.items():
        implemented = getattr(PgVectorStore, name)
        assert inspect.iscoroutinefunction(implemented), name
        assert list(inspect.signature(implemented).parameters) == list(inspect.signature(declared).parameters), name


async def test_get_many_returns_only_the_askers_rows_in_the_given_order(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    owner, stranger = new_user(), new_user()
    a, b, c, gone = (r.item for r in await store.add_many(
        [mem(owner, t) for t in ("a", "b", "c", "gone")], unit_vectors(4), model_id))
    theirs = (await store.add(mem(stranger, "theirs"), unit_vectors(1)[0], model_id)).item
    await store.supersede(owner, a.id, b.id)
    await store.archive(owner, gone.id, "cold")

    got = await store.get_many(owner, [c.id, theirs.id, a.id, 987_654_321, gone.id, c.id])
    assert [i.id for i in got] == [c.id, a.id]
    assert got[1].status is MemoryStatus.SUPERSEDED  # any live status; the caller decides
    assert await store.get_many(stranger, [a.id, b.id, c.id]) == []
    assert [i.content for i in await store.get_many(stranger, [b.id, theirs.id])] == ["theirs"]
    assert await store.get_many(owner, []) == []


async def test_find_by_slot_returns_the_users_active_holders_of_that_slot_newest_first(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user, other = new_user(), new_user()
    now = datetime.now(timezone.utc)
    rows = [
        mem(user, "lives in Beijing", metadata={"slot": "city"}, created_at=now - timedelta(days=30)),
        mem(user, "lives in Shanghai", metadata={"slot": "city"}, created_at=now - timedelta(days=9)),
        mem(user, "lives in Hangzhou", metadata={"slot": "city"}, created_at=now - timedelta(days=2)),
        mem(user, "also in Hangzhou", metadata={"slot": "city"}, created_at=now - timedelta(days=1)),
        mem(user, "works at Acme", metadata={"slot": "employer"}, created_at=now),
        mem(user, "no slot at all", created_at=now),
        mem(other, "lives in Shenzhen", metadata={"slot": "city"}, created_at=now),
    ]
    beijing, shanghai, hangzhou, also, acme, _, _ = (
        r.item for r in await store.add_many(rows, unit_vectors(len(rows)), model_id))
    await store.supersede(user, beijing.id, hangzhou.id)
    await store.archive(user, shanghai.id, "stale")

    assert [i.id for i in await store.find_by_slot(user, "city")] == [also.id, hangzhou.id]
    assert [i.id for i in await store.find_by_slot(user, "employer")] == [acme.id]
    assert await store.find_by_slot(user, "pet") == []
    assert [i.content for i in await store.find_by_slot(other, "city")] == ["lives in Shenzhen"]


async def test_find_by_slot_has_a_partial_index_the_planner_can_use(store: PgVectorStore) -> None:
    with psycopg2.connect(store.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'memories_slot_idx'")
        (definition,) = cur.fetchone()
        cur.execute("SET LOCAL enable_seqscan = off")
        cur.execute("EXPLAIN SELECT id FROM memories WHERE user_id = 'u' AND (metadata->>'slot') = 'city' "
                    "AND status = 'active'")
        plan = " ".join(r[0] for r in cur.fetchall())
        names = index_and_partitions(cur, "memories_slot_idx")
    conn.close()
    assert "(user_id, ((metadata ->> 'slot'::text)))" in definition
    assert "WHERE (status = 'active'::text)" in definition
    assert uses_index(plan, names), plan


async def test_reinforce_raises_importance_never_lowers_it_and_counts_the_use(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    item = (await store.add(mem(user, "likes green tea", importance=0.5), unit_vectors(1)[0], model_id)).item
    before = datetime.now(timezone.utc) - timedelta(seconds=1)

    up = await store.reinforce(user, item.id, 0.8)
    assert up.importance == pytest.approx(0.8) and up.access_count == 1
    assert up.last_accessed_at is not None and up.last_accessed_at >= before
    same = await store.reinforce(user, item.id, 0.3)
    assert same.importance == pytest.approx(0.8) and same.access_count == 2
    assert same.last_accessed_at is not None and same.last_accessed_at >= up.last_accessed_at
    assert await store.get(user, item.id) == same


async def test_reinforce_of_another_users_memory_is_not_found_and_changes_nothing(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    owner, stranger = new_user(), new_user()
    item = (await store.add(mem(owner, "private", importance=0.2), unit_vectors(1)[0], model_id)).item
    with pytest.raises(MemoryNotFoundError, match=stranger):
        await store.reinforce(stranger, item.id, 1.0)
    with pytest.raises(MemoryNotFoundError, match="987654321"):
        await store.reinforce(owner, 987_654_321, 1.0)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        await store.reinforce(owner, item.id, 1.5)
    assert await store.get(owner, item.id) == item


async def test_similarity_is_plain_cosine_clipped_to_the_unit_interval(
    store: PgVectorStore, new_user: Users, model_id: str, rng: np.random.Generator
) -> None:
    user = new_user()
    v = rng.standard_normal(store.dim)
    v /= np.linalg.norm(v)
    u = rng.standard_normal(store.dim)
    u -= (u @ v) * v  # orthogonal to v
    u /= np.linalg.norm(u)
    at_60_degrees = math.cos(math.pi / 3) * v + math.sin(math.pi / 3) * u
    at_120_degrees = math.cos(2 * math.pi / 3) * v + math.sin(2 * math.pi / 3) * u
    names = ["itself", "60 degrees", "orthogonal", "120 degrees", "negation"]
    vectors = np.stack([v, at_60_degrees, u, at_120_degrees, -v]).astype(np.float32)
    await store.add_many([mem(user, n) for n in names], vectors, model_id)

    hits = await store.search(user, v, model_id, limit=10)
    sims = {h.item.content: h.similarity for h in hits}
    assert sims["itself"] == pytest.approx(1.0, abs=1e-5)
    assert sims["60 degrees"] == pytest.approx(0.5, abs=1e-5)  # cos 60° (the old (1+cos)/2 gave 0.75)
    assert sims["orthogonal"] == pytest.approx(0.0, abs=1e-5)  # unrelated scores 0, not 0.5
    assert sims["120 degrees"] == 0.0 and sims["negation"] == 0.0  # negative cosine clipped to 0
    assert [h.item.content for h in hits] == names


async def test_count_is_the_users_number_of_memories_with_those_statuses_beyond_any_page(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    owner, stranger = new_user(), new_user()
    rows = [r.item for r in await store.add_many([mem(owner, f"fact {n}") for n in range(5)], unit_vectors(5), model_id)]
    await store.add_many([mem(stranger, "not mine")], unit_vectors(1), model_id)
    await store.supersede(owner, rows[0].id, rows[1].id)
    await store.archive(owner, rows[2].id, "forgotten")

    assert await store.count(owner) == 3
    assert await store.count(owner, statuses=(MemoryStatus.SUPERSEDED,)) == 1
    assert await store.count(owner, statuses=(MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED)) == 4
    assert len(await store.list(owner, limit=2)) == 2 and await store.count(owner) == 3
    assert await store.count(stranger) == 1 and await store.count(new_user()) == 0
