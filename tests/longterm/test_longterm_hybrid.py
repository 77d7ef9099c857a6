"""``PgVectorStore.hybrid_search``: BM25 over the lexical index fused with HNSW by RRF."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import psycopg2
import pytest

from memory.errors import EmbeddingModelMismatchError
from memory.longterm.hybrid import HybridParams
from memory.longterm.pgvector_store import PgVectorStore
from memory.types import MemoryType, NewMemory

Vectors = Callable[..., np.ndarray]
Users = Callable[[], str]


async def add(store: PgVectorStore, user: str, texts: list[str], vectors: np.ndarray, model: str) -> list[int]:
    results = await store.add_many([NewMemory(user, MemoryType.FACT, t) for t in texts], vectors, model)
    return [r.item.id for r in results]


async def test_a_word_match_is_found_even_when_its_vector_is_far(store, unit_vectors: Vectors,
                                                                 new_user: Users, model_id: str) -> None:
    user = new_user()
    texts = [f"note number {i} about the weather" for i in range(30)] + ["my passport expires in 2031"]
    vectors = unit_vectors(len(texts))
    ids = await add(store, user, texts, vectors, model_id)
    query = -vectors[-1]  # the opposite direction: last by cosine
    hits = await store.hybrid_search(user, "when does my passport expire?", query, model_id)
    assert hits[0].item.id == ids[-1]
    assert hits[0].lexical_rank == 1 and hits[0].lexical > 0 and hits[0].similarity == 0.0
    assert [h.fused for h in hits] == sorted((h.fused for h in hits), reverse=True)


async def test_dense_only_when_the_lexical_weight_is_zero(store, unit_vectors: Vectors,
                                                          new_user: Users, model_id: str) -> None:
    user = new_user()
    vectors = unit_vectors(5)
    ids = await add(store, user, [f"passport fact {i}" for i in range(5)], vectors, model_id)
    hits = await store.hybrid_search(user, "passport", vectors[3], model_id, HybridParams(lexical_weight=0))
    assert hits[0].item.id == ids[3] and all(h.lexical_rank is None for h in hits)
    assert len(hits) == 5


async def test_another_users_rows_never_come_back_nor_shape_the_scores(store, unit_vectors: Vectors,
                                                                      new_user: Users, model_id: str) -> None:
    alice, bob = new_user(), new_user()
    await add(store, bob, [f"zebra crossing {i}" for i in range(40)], unit_vectors(40), model_id)
    ids = await add(store, alice, ["a zebra at the zoo", "lunch with mum", "bought shoes", "rainy day"],
                    unit_vectors(4), model_id)
    hits = await store.hybrid_search(alice, "zebra", unit_vectors(1)[0], model_id)
    assert {h.item.user_id for h in hits} == {alice}
    assert hits[0].item.id == ids[0] and hits[0].lexical > 0  # rare for alice, whatever bob holds


async def test_another_models_query_is_refused(store, unit_vectors: Vectors, new_user: Users, model_id: str) -> None:
    user = new_user()
    await add(store, user, ["something"], unit_vectors(1), model_id)
    with pytest.raises(EmbeddingModelMismatchError):
        await store.hybrid_search(user, "something", unit_vectors(1)[0], "another-model")


async def test_rows_written_before_the_lexical_migration_are_tokenised_by_it(fresh_dsn: str,
                                                                             unit_vectors: Vectors) -> None:
    from memory.longterm.migrations import MIGRATIONS

    store = PgVectorStore(fresh_dsn, 64)
    await store.migrate()
    texts = ["公司的元旦晚会", "喜欢喝绿茶", "住在杭州", "养了一只柯基"]
    await store.add_many([NewMemory("u", MemoryType.FACT, t) for t in texts], unit_vectors(4), "m")
    with psycopg2.connect(fresh_dsn) as conn, conn.cursor() as cur:
        cur.execute("UPDATE memories SET lexemes = ''::tsvector, lexical_len = 0")
        cur.execute("DROP INDEX memories_lexemes_gin_idx")
        cur.execute("ALTER TABLE memories DROP COLUMN lexemes, DROP COLUMN lexical_len")
        next(m for m in MIGRATIONS if m.number == 5).fn(cur, 64)
        cur.execute("SELECT lexemes::text, lexical_len FROM memories ORDER BY id LIMIT 1")
        lexemes, length = cur.fetchone()
    conn.close()
    assert "'晚会'" in lexemes and length == 4
    hits = await store.hybrid_search("u", "晚会", unit_vectors(1)[0], "m")
    assert hits and hits[0].lexical_rank == 1
    await store.close()
