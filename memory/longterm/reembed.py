"""Re-encode every long-term memory (live and archived) with another embedding model.

Runs inside one transaction: either every row carries the new model's vector and the
store's ``embedding_model`` / ``embedding_dim`` say so, or nothing changed. A new
dimension changes both ``embedding`` columns' type and rebuilds the HNSW index.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from psycopg2.extras import execute_values

_TABLES = ("memories", "memories_archive")
_READ_ALL = (  # by user: a batch's rows are updated user by user, each UPDATE on one partition
    "SELECT 'memories', user_id, id, content FROM memories UNION ALL "
    "SELECT 'memories_archive', user_id, id, content FROM memories_archive ORDER BY 1, 2, 3"
)


def update_of_user(table: str) -> str:
    """The re-embedding UPDATE of one user's rows of ``table`` (``%s``: user id, then the VALUES):
    filtered by ``user_id``, so it touches that user's partition only (one shard on Citus)."""
    return (f"UPDATE {table} AS m SET embedding = d.e::vector, embedding_model = d.model "
            "FROM (VALUES %s) AS d(id, e, model) WHERE m.user_id = {user} AND m.id = d.id")
_RECORD_MODEL = (
    "INSERT INTO store_meta (key, value) VALUES ('embedding_model', %s), ('embedding_dim', %s) "
    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()"
)


def _retype(cur: Any, dim: int) -> None:
    """Drop the HNSW index and make both ``embedding`` columns ``vector(dim)`` (values nulled)."""
    cur.execute("DROP INDEX memories_embedding_hnsw_idx")
    for table in _TABLES:
        cur.execute(f"ALTER TABLE {table} ALTER COLUMN embedding DROP NOT NULL")
        cur.execute(f"ALTER TABLE {table} ALTER COLUMN embedding TYPE vector({int(dim)}) USING NULL")


def _restore_constraints(cur: Any) -> None:
    """After a retype: every row has a vector again, so re-require it and rebuild the index."""
    for table in _TABLES:
        cur.execute(f"ALTER TABLE {table} ALTER COLUMN embedding SET NOT NULL")
    cur.execute(
        "CREATE INDEX memories_embedding_hnsw_idx ON memories USING hnsw (embedding vector_cosine_ops)"
    )


def reembed_all(
    conn: Any, embed_fn: Callable[[Sequence[str]], np.ndarray], model_id: str, batch_size: int
) -> tuple[int, int]:
    """Re-encode every row on ``conn`` (the caller commits or rolls back); blocking.

    Args:
        conn: An open psycopg2 connection with the ``vector`` type registered, in a transaction.
        embed_fn: Blocking passage encoder, texts -> ``(n, dim)`` unit vectors.
        model_id: Id of that model; recorded in ``store_meta`` and on every row.
        batch_size: Texts per ``embed_fn`` call (and rows per server-side fetch).

    Returns:
        ``(rows re-embedded, new dimension)``.
    """
    count, dim = 0, int(np.asarray(embed_fn(["dimension probe"])).shape[1])
    with conn.cursor() as cur:
        cur.execute("SELECT value FROM store_meta WHERE key = 'embedding_dim'")
        retype = int(cur.fetchone()[0]) != dim
        if retype:
            _retype(cur, dim)  # before the read cursor opens: ALTER needs the table idle
        read = conn.cursor(name="reembed_read")
        read.itersize = batch_size
        read.execute(_READ_ALL)
        while batch := read.fetchmany(batch_size):
            vectors = np.asarray(embed_fn([r[3] for r in batch]), dtype=np.float32)
            groups: dict[tuple[str, str], list[tuple[int, Any, str]]] = {}
            for (t, user, i, _), v in zip(batch, vectors):
                groups.setdefault((t, user), []).append((i, v, model_id))
            for (table, user), part in groups.items():
                literal = cur.mogrify("%s", (user,)).decode().replace("%", "%%")
                execute_values(cur, update_of_user(table).replace("{user}", literal), part, page_size=len(part))
            count += len(batch)
        read.close()
        if retype:
            _restore_constraints(cur)
        cur.execute(_RECORD_MODEL, (model_id, str(dim)))
    return count, dim
