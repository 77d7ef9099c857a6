"""Upgrading a store of schema version 6 (unpartitioned) to 7 (hash-partitioned by user id) keeps everything."""
from __future__ import annotations

import numpy as np
import psycopg2
import pytest
from pgvector.psycopg2 import register_vector
from psycopg2.extras import Json

from memory.errors import MemoryNotFoundError
from memory.longterm.migrations import apply_migrations
from memory.longterm.pgvector_store import PgVectorStore
from memory.types import MemoryStatus, MemoryType, NewMemory
from tests.longterm.conftest import DIM, MODEL

ROWS = ("SELECT id, user_id, content, status, superseded_by, lexemes::text, metadata FROM memories "
        "ORDER BY id")


def _vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


async def test_version_6_data_survives_the_partitioning_and_the_store_works_on_it(fresh_dsn: str) -> None:
    conn = psycopg2.connect(fresh_dsn)
    assert apply_migrations(conn, DIM, upto=6) == [1, 2, 3, 4, 5, 6]
    register_vector(conn)
    with conn, conn.cursor() as cur:
        cur.execute("INSERT INTO store_meta (key, value) VALUES ('embedding_model', %s)", (MODEL,))
        ids = {}
        for n, (user, text) in enumerate([("ana", "ana lives in Hangzhou"), ("ana", "ana lives in Shanghai"),
                                          ("ben", "ben likes tea"), ("ana", "ana plays go"),
                                          ("ben", "ben was in Oslo")]):
            cur.execute(
                "INSERT INTO memories (user_id, memory_type, content, content_hash, embedding, embedding_model, "
                "metadata, lexemes, lexical_len, source_session) "
                "VALUES (%s, 'fact', %s, md5(%s), %s, %s, %s, to_tsvector('simple', %s), 3, 's1') RETURNING id",
                (user, text, user + text, _vec(n), MODEL, Json({"slot": "city"} if "lives" in text else {}), text),
            )
            ids[text] = cur.fetchone()[0]
        cur.execute("UPDATE memories SET status = 'superseded', superseded_by = %s WHERE id = %s",
                    (ids["ana lives in Shanghai"], ids["ana lives in Hangzhou"]))
        cur.execute(
            "WITH moved AS (DELETE FROM memories WHERE id = %s RETURNING *) "
            "INSERT INTO memories_archive (id, user_id, memory_type, content, content_hash, importance, embedding, "
            "embedding_model, created_at, status, reason) SELECT id, user_id, memory_type, content, content_hash, "
            "importance, embedding, embedding_model, created_at, 'archived', 'unused' FROM moved",
            (ids["ben was in Oslo"],),
        )
        cur.execute(ROWS)
        before = cur.fetchall()
        cur.execute("SELECT id, user_id, reason FROM memories_archive")
        archived_before = cur.fetchall()
    conn.close()

    store = PgVectorStore(fresh_dsn, DIM)
    await store.open()
    assert await store.migrate() == [7]
    conn = psycopg2.connect(fresh_dsn)
    with conn, conn.cursor() as cur:
        cur.execute(ROWS)
        assert cur.fetchall() == before
        cur.execute("SELECT id, user_id, reason FROM memories_archive")
        assert cur.fetchall() == archived_before
        cur.execute("SELECT pg_get_partkeydef('memories'::regclass), pg_get_partkeydef('memories_archive'::regclass)")
        assert cur.fetchone() == ("HASH (user_id)", "HASH (user_id)")
        cur.execute("SELECT count(*) FROM pg_tables WHERE tablename LIKE '%%unpartitioned'")
        assert cur.fetchone()[0] == 0
    conn.close()

    # The store works on the upgraded schema: history, slot lookup, search, new ids, archive lookups.
    chain = await store.history("ana", ids["ana lives in Shanghai"])
    assert [i.content for i in chain] == ["ana lives in Hangzhou", "ana lives in Shanghai"]
    assert [i.content for i in await store.find_by_slot("ana", "city")] == ["ana lives in Shanghai"]
    hits = await store.search("ana", _vec(3), MODEL, limit=5)
    assert hits[0].item.content == "ana plays go" and {h.item.user_id for h in hits} == {"ana"}
    added = await store.add(NewMemory(user_id="ben", memory_type=MemoryType.FACT, content="ben moved to Rome"),
                            _vec(9), MODEL)
    assert added.created and added.item.id > max(ids.values())  # the id sequence carried over
    assert await store.count("ben", (MemoryStatus.ACTIVE,)) == 2
    with pytest.raises(MemoryNotFoundError, match="archived"):
        await store.get("ben", ids["ben was in Oslo"])
    await store.close()
