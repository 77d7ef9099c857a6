"""Contract of the long-term store against the embedded PostgreSQL + pgvector."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import numpy as np
import psycopg2
import pytest

from memory.errors import EmbeddingModelMismatchError, MemoryNotFoundError
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryStatus, MemoryType, NewMemory

Vectors = Callable[..., np.ndarray]
Users = Callable[[], str]


def mem(user: str, text: str, kind: MemoryType = MemoryType.FACT, **extra: object) -> NewMemory:
    return NewMemory(user_id=user, memory_type=kind, content=text, **extra)  # type: ignore[arg-type]


async def test_migrations_are_recorded_once_in_order(fresh_dsn: str) -> None:
    store = PgVectorStore(fresh_dsn, 64)
    assert await store.migrate() == [1, 2, 3, 4, 5, 6, 7]
    assert await store.migrate() == []
    again = await connect(fresh_dsn, 64)  # a second process on the same database
    assert await again.migrate() == []
    with psycopg2.connect(fresh_dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT number, name FROM schema_migrations ORDER BY number")
        rows = cur.fetchall()
        cur.execute("SELECT value FROM store_meta WHERE key = 'embedding_dim'")
        dim = cur.fetchone()[0]
    conn.close()
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert rows[0][1].startswith("m001_")
    assert dim == "64"
    assert (await store.server_version()).startswith("PostgreSQL 18")
    await store.close()
    await again.close()


async def test_add_then_get_round_trips_every_field(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    when = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)
    new = mem(user, "我喜欢乌龙茶 and dark mode", MemoryType.PREFERENCE, importance=0.7,
              source_session="s1", source_turn="t3", trace_id="tr-9", metadata={"lang": "zh"},
              created_at=when)
    result = await store.add(new, unit_vectors(1)[0], model_id)
    assert result.created
    item = await store.get(user, result.item.id)
    assert item == result.item
    assert (item.content, item.memory_type, item.importance) == (new.content, MemoryType.PREFERENCE, 0.7)
    assert (item.source_session, item.source_turn, item.trace_id) == ("s1", "t3", "tr-9")
    assert item.metadata == {"lang": "zh"} and item.created_at == when
    assert item.status is MemoryStatus.ACTIVE and item.embedding_model == model_id
    assert item.access_count == 0 and item.last_accessed_at is None


async def test_same_text_twice_is_one_row(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    first = await store.add(mem(user, "Lives in Hangzhou"), unit_vectors(1)[0], model_id)
    second = await store.add(mem(user, "  lives   in HANGZHOU "), unit_vectors(1)[0], model_id)
    assert first.created and not second.created
    assert second.item.id == first.item.id
    assert [i.id for i in await store.list(user)] == [first.item.id]
    other = await store.add(mem(new_user(), "Lives in Hangzhou"), unit_vectors(1)[0], model_id)
    assert other.created  # the same words of another user are that user's own memory


async def test_get_of_another_users_memory_is_not_found(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    owner, stranger = new_user(), new_user()
    item = (await store.add(mem(owner, "secret plan"), unit_vectors(1)[0], model_id)).item
    with pytest.raises(MemoryNotFoundError, match=stranger):
        await store.get(stranger, item.id)


async def test_add_many_keeps_order_and_reports_duplicates(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    texts = [f"fact number {i}" for i in range(50)]
    first = await store.add_many([mem(user, t) for t in texts], unit_vectors(50), model_id)
    assert [r.item.content for r in first] == texts and all(r.created for r in first)
    batch = ["fact number 3", "brand new", "brand new", "fact number 7"]
    second = await store.add_many([mem(user, t) for t in batch], unit_vectors(4), model_id)
    assert [r.created for r in second] == [False, True, False, False]
    assert second[0].item.id == first[3].item.id and second[1].item.id == second[2].item.id
    assert len(await store.list(user, limit=1000)) == 51


async def test_search_scores_are_unit_interval_and_sorted(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    vecs = unit_vectors(12)
    added = await store.add_many([mem(user, f"m{i}") for i in range(12)], vecs, model_id)
    hits = await store.search(user, vecs[4], model_id, limit=20)
    assert len(hits) == 12
    assert hits[0].item.id == added[4].item.id and hits[0].similarity == pytest.approx(1.0, abs=1e-5)
    sims = [h.similarity for h in hits]
    assert sims == sorted(sims, reverse=True) and all(0.0 <= s <= 1.0 for s in sims)
    opposite = await store.search(user, -vecs[4], model_id, limit=12)
    assert opposite[-1].item.id == added[4].item.id
    assert opposite[-1].similarity == pytest.approx(0.0, abs=1e-5)
    assert len(await store.search(user, vecs[0], model_id, limit=3)) == 3


async def test_every_search_returns_only_the_searching_users_rows(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str, rng: np.random.Generator
) -> None:
    users = [new_user() for _ in range(30)]
    owned: dict[str, set[int]] = {u: set() for u in users}
    for u in users:
        n = int(rng.integers(1, 12))
        kinds = [list(MemoryType)[i] for i in rng.integers(0, len(MemoryType), size=n)]
        res = await store.add_many([mem(u, f"{u} note {i}", k) for i, k in enumerate(kinds)],
                                   unit_vectors(n), model_id)
        owned[u] = {r.item.id for r in res}
    for u in users:
        for q in unit_vectors(3):
            hits = await store.search(u, q, model_id, limit=20)
            assert {h.item.user_id for h in hits} == {u}
            assert {h.item.id for h in hits} == owned[u]


async def test_type_status_and_time_filters(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    now = datetime.now(timezone.utc)
    rows = [("old fact", MemoryType.FACT, now - timedelta(days=40)),
            ("new fact", MemoryType.FACT, now - timedelta(days=1)),
            ("likes tea", MemoryType.PREFERENCE, now - timedelta(days=2)),
            ("chose plan B", MemoryType.DECISION, now - timedelta(days=10))]
    res = await store.add_many([mem(user, t, k, created_at=c) for t, k, c in rows], unit_vectors(4), model_id)
    q = unit_vectors(1)[0]

    async def contents(**kw: object) -> set[str]:
        return {h.item.content for h in await store.search(user, q, model_id, **kw)}  # type: ignore[arg-type]

    assert await contents(types=[MemoryType.FACT]) == {"old fact", "new fact"}
    assert await contents(types=[MemoryType.PREFERENCE, MemoryType.DECISION]) == {"likes tea", "chose plan B"}
    assert await contents(since=now - timedelta(days=7)) == {"new fact", "likes tea"}
    assert await contents(until=now - timedelta(days=7)) == {"old fact", "chose plan B"}
    await store.supersede(user, res[0].item.id, res[1].item.id)
    assert "old fact" not in await contents()
    assert await contents(statuses=[MemoryStatus.SUPERSEDED]) == {"old fact"}


async def test_supersede_hides_old_item_but_keeps_its_history(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    vecs = unit_vectors(3)
    a, b, c = (r.item for r in await store.add_many(
        [mem(user, f"works at {c}") for c in ("Acme", "Globex", "Initech")], vecs, model_id))
    await store.supersede(user, a.id, b.id)
    await store.supersede(user, b.id, c.id)
    hits = await store.search(user, vecs[0], model_id)
    assert [h.item.id for h in hits] == [c.id]
    old = await store.get(user, a.id)
    assert old.status is MemoryStatus.SUPERSEDED and old.superseded_by == b.id
    assert [i.content for i in await store.history(user, c.id)] == [
        "works at Acme", "works at Globex", "works at Initech"]
    assert [i.id for i in await store.list(user)] == [c.id]


async def test_supersede_across_users_changes_nothing(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user, other = new_user(), new_user()
    mine = (await store.add(mem(user, "mine"), unit_vectors(1)[0], model_id)).item
    theirs = (await store.add(mem(other, "theirs"), unit_vectors(1)[0], model_id)).item
    with pytest.raises(MemoryNotFoundError, match=str(theirs.id)):
        await store.supersede(user, mine.id, theirs.id)
    with pytest.raises(MemoryNotFoundError):
        await store.history(user, theirs.id)
    assert (await store.get(user, mine.id)).status is MemoryStatus.ACTIVE


async def test_archive_moves_the_row_out_of_recall_into_the_archive(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    vecs = unit_vectors(3)
    old, new, keep = (r.item for r in await store.add_many(
        [mem(user, "v1"), mem(user, "v2"), mem(user, "unrelated")], vecs, model_id))
    await store.supersede(user, old.id, new.id)
    await store.archive(user, new.id, "unused for 30 days")
    with pytest.raises(MemoryNotFoundError, match="archived"):
        await store.get(user, new.id)
    assert [h.item.id for h in await store.search(user, vecs[1], model_id)] == [keep.id]
    with psycopg2.connect(store.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT id, status, reason, content FROM memories_archive "
                    "WHERE user_id = %s ORDER BY id", (user,))
        archived = cur.fetchall()
    conn.close()
    assert archived == [(old.id, "superseded", "unused for 30 days", "v1"),
                        (new.id, "archived", "unused for 30 days", "v2")]
    with pytest.raises(MemoryNotFoundError):
        await store.archive(new_user(), keep.id, "not yours")
    assert (await store.get(user, keep.id)).status is MemoryStatus.ACTIVE


async def test_touch_records_use(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    item = (await store.add(mem(user, "touch me"), unit_vectors(1)[0], model_id)).item
    before = datetime.now(timezone.utc)
    await store.touch(user, [item.id])
    await store.touch(user, [item.id])
    await store.touch(new_user(), [item.id])  # another user's touch does not count
    after = await store.get(user, item.id)
    assert after.access_count == 2
    assert after.last_accessed_at is not None and after.last_accessed_at >= before - timedelta(seconds=1)


async def test_another_embedding_model_is_refused(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    user = new_user()
    await store.add(mem(user, "x"), unit_vectors(1)[0], model_id)
    with pytest.raises(EmbeddingModelMismatchError, match="reembed") as err:
        await store.search(user, unit_vectors(1)[0], "other-model")
    assert (err.value.stored, err.value.requested) == (model_id, "other-model")
    with pytest.raises(EmbeddingModelMismatchError):
        await store.add(mem(user, "y"), unit_vectors(1)[0], "other-model")
    assert [i.content for i in await store.list(user)] == ["x"]


async def test_wrong_dimension_is_refused(
    store: PgVectorStore, unit_vectors: Vectors, new_user: Users, model_id: str
) -> None:
    with pytest.raises(ValueError, match=f"expects {store.dim}"):
        await store.add(mem(new_user(), "x"), unit_vectors(1, store.dim + 1)[0], model_id)
