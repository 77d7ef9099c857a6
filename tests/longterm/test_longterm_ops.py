"""Operations of the long-term store: errors naming PG_DSN, iterative scan, re-embedding."""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import numpy as np
import psycopg2
import pytest
from psycopg2.extensions import make_dsn

from memory.errors import ConfigError, EmbeddingModelMismatchError, StoreUnavailableError
from memory.longterm.embedded import EmbeddedPostgres
from memory.longterm.pgvector_store import PgVectorMissingError, PgVectorStore, connect, redact_dsn
from memory.types import MemoryType, NewMemory
from tests.longterm.conftest import index_and_partitions, uses_index

LOCAL_PG15 = "postgresql://postgres@127.0.0.1:5432/postgres"


async def test_unreachable_server_names_pg_dsn_without_the_password() -> None:
    with pytest.raises(StoreUnavailableError) as err:
        await connect("postgresql://mem:s3cret@127.0.0.1:1/memory", 64)
    text = str(err.value)
    assert "PG_DSN" in text and "127.0.0.1:1" in text and "refused" in text
    assert "s3cret" not in text and "\n" not in text


async def test_server_without_pgvector_says_so_and_suggests_the_embedded_one() -> None:
    with pytest.raises(PgVectorMissingError) as err:
        await connect(LOCAL_PG15, 64)
    text = str(err.value)
    assert isinstance(err.value, StoreUnavailableError)
    assert "has no pgvector" in text and "PostgreSQL 15" in text
    assert "unset PG_DSN" in text and "\n" not in text


@pytest.mark.slow
async def test_iterative_scan_fills_the_page_for_a_small_user_among_many(
    create_database: Callable[[], str], unit_vectors: Callable[..., np.ndarray], model_id: str
) -> None:
    dsn = create_database()
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        # Make the planner walk the HNSW index (as it does for a heavy user) instead of the
        # per-user btree it would pick for a user with five rows.
        cur.execute(f"ALTER DATABASE {conn.info.dbname} SET enable_sort = off")
    conn.close()
    store = await connect(dsn, 64)
    others = [NewMemory(user_id=f"other-{i % 500}", memory_type=MemoryType.FACT, content=f"c{i}")
              for i in range(5000)]
    await store.add_many(others, unit_vectors(5000), model_id)
    mine = [NewMemory(user_id="small", memory_type=MemoryType.FACT, content=f"mine {i}") for i in range(5)]
    await store.add_many(mine, unit_vectors(5), model_id)
    query = unit_vectors(1)[0]
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute("EXPLAIN SELECT id FROM memories WHERE user_id = 'small' "
                    "ORDER BY embedding <=> %s::vector LIMIT 20", (str(query.tolist()),))
        plan = "\n".join(r[0] for r in cur.fetchall())
        names = index_and_partitions(cur, "memories_embedding_hnsw_idx")
    conn.close()
    assert uses_index(plan, names), plan
    hits = await store.search("small", query, model_id, limit=20)
    assert sorted(h.item.content for h in hits) == [f"mine {i}" for i in range(5)]
    await store.close()


def fake_encoder(dim: int) -> Callable[[Sequence[str]], np.ndarray]:
    """A deterministic text -> unit vector function standing in for a real model."""

    def encode(texts: Sequence[str]) -> np.ndarray:
        rows = []
        for t in texts:
            seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
            v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)

    return encode


async def test_reembed_switches_model_and_dimension_of_live_and_archived_rows(fresh_dsn: str) -> None:
    old_model, new_model = "old-model-64", "new-model-32"
    store = await connect(fresh_dsn, 64)
    texts = [f"memory {i}" for i in range(10)]
    added = await store.add_many(
        [NewMemory(user_id="u", memory_type=MemoryType.FACT, content=t) for t in texts],
        fake_encoder(64)(texts), old_model)
    await store.archive("u", added[9].item.id, "cold")
    await store.close()

    store = PgVectorStore(fresh_dsn, 32)  # the app restarted with the new 32-d model configured
    with pytest.raises(EmbeddingModelMismatchError):
        await store.search("u", fake_encoder(32)(["memory 3"])[0], new_model)
    assert await store.reembed(fake_encoder(32), new_model, batch_size=4) == 10
    assert store.dim == 32
    hits = await store.search("u", fake_encoder(32)(["memory 3"])[0], new_model, limit=3)
    assert hits[0].item.content == "memory 3" and hits[0].similarity == pytest.approx(1.0, abs=1e-5)
    assert hits[0].item.embedding_model == new_model
    with pytest.raises(EmbeddingModelMismatchError) as err:
        await store.search("u", fake_encoder(32)(["memory 3"])[0], old_model)
    assert (err.value.stored, err.value.requested) == (new_model, old_model)
    assert (await store.add(NewMemory(user_id="u", memory_type=MemoryType.FACT, content="after"),
                            fake_encoder(32)(["after"])[0], new_model)).created
    with psycopg2.connect(fresh_dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT embedding_model, vector_dims(embedding) FROM memories_archive")
        assert cur.fetchall() == [(new_model, 32)]
        cur.execute("SELECT key, value FROM store_meta ORDER BY key")
        assert cur.fetchall() == [("embedding_dim", "32"), ("embedding_model", new_model)]
        cur.execute("SELECT count(*) FROM pg_indexes WHERE indexname = 'memories_embedding_hnsw_idx'")
        assert cur.fetchone() == (1,)
    conn.close()
    await store.close()


async def test_user_without_rights_to_create_pgvector_gets_a_clear_error(
    create_database: Callable[[], str], pg_server: EmbeddedPostgres
) -> None:
    dsn = create_database()
    with psycopg2.connect(pg_server.dsn) as conn, conn.cursor() as cur:
        cur.execute("DO $$ BEGIN CREATE ROLE limited_user LOGIN; EXCEPTION WHEN duplicate_object THEN END $$")
    conn.close()
    with pytest.raises(ConfigError) as err:
        await connect(make_dsn(dsn, user="limited_user"), 64)
    text = str(err.value)
    assert text.startswith("PG_DSN:") and "CREATE EXTENSION vector" in text and "\n" not in text


def test_dsn_passwords_never_reach_messages() -> None:
    assert redact_dsn("postgresql://mem:s3:cr%2Ft@db:5432/m") == "postgresql://mem:***@db:5432/m"
    assert redact_dsn("host=db user=mem password='a b' dbname=m") == "host=db user=mem password=*** dbname=m"
    embedded = "postgresql://postgres:@/postgres?host=/tmp/x"
    assert redact_dsn(embedded) == embedded
