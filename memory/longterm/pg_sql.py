"""SQL text of the long-term store and the mapping of its rows to value types.

Every statement is parameterised and filtered by ``user_id``. Rows are selected as
``COLS`` and turned into ``MemoryItem`` by :func:`to_item`.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
from psycopg2.extras import Json, execute_values

from memory.types import AddResult, MemoryItem, MemoryStatus, MemoryType, NewMemory, content_hash
from memory.lexical import Segmenter, lexical_tokens, tsvector_literal

COLS = (
    "id, user_id, memory_type, content, content_hash, importance, embedding_model, created_at, "
    "last_accessed_at, access_count, status, superseded_by, source_session, source_turn, trace_id, metadata"
)
# The chain of items that (transitively) point at %s through superseded_by, oldest first.
_CHAIN = (
    "WITH RECURSIVE chain AS ("
    " SELECT id, 0 AS depth FROM memories WHERE user_id = %s AND id = %s"
    " UNION ALL SELECT m.id, c.depth + 1 FROM memories m JOIN chain c ON m.superseded_by = c.id"
    " WHERE m.user_id = %s AND c.depth < 1000)"
)
HISTORY = (
    f"{_CHAIN} SELECT {', '.join('m.' + c for c in COLS.split(', '))} FROM memories m"
    " JOIN (SELECT id, max(depth) AS depth FROM chain GROUP BY id) c USING (id)"
    " WHERE m.user_id = %s ORDER BY c.depth DESC, m.created_at, m.id"
)
_ARCHIVE_SELECT = COLS.replace("status", "CASE WHEN id = %s THEN 'archived' ELSE status END")
ARCHIVE = (
    f"{_CHAIN}, moved AS (DELETE FROM memories WHERE user_id = %s AND id IN (SELECT id FROM chain)"
    f" RETURNING *) INSERT INTO memories_archive ({COLS}, embedding, reason)"
    f" SELECT {_ARCHIVE_SELECT}, embedding, %s FROM moved"
)
META_MODEL = (
    "INSERT INTO store_meta (key, value) VALUES ('embedding_model', %s) ON CONFLICT (key) DO NOTHING;"
    "SELECT value FROM store_meta WHERE key = 'embedding_model'"
)
INSERT = (
    "INSERT INTO memories (user_id, memory_type, content, content_hash, importance, embedding, "
    "embedding_model, created_at, source_session, source_turn, trace_id, metadata, lexemes, lexical_len) VALUES %s "
    f"ON CONFLICT (user_id, content_hash) DO NOTHING RETURNING {COLS}"
)
ROW_TEMPLATE = "(%s, %s, %s, %s, %s, %s, %s, COALESCE(%s, now()), %s, %s, %s, %s, %s::tsvector, %s)"
GET = f"SELECT {COLS} FROM memories WHERE user_id = %s AND id = %s"
GET_ARCHIVED = "SELECT archived_at, reason FROM memories_archive WHERE user_id = %s AND id = %s"
GET_MANY = f"SELECT {COLS} FROM memories WHERE user_id = %s AND id = ANY(%s)"
UNUSED_SINCE = (
    f"SELECT {COLS} FROM memories WHERE status = 'active' "
    "AND COALESCE(last_accessed_at, created_at) < %s ORDER BY id LIMIT %s"
)
UNUSED_SINCE_OF_USER = (  # one user's: one partition (one shard on Citus)
    f"SELECT {COLS} FROM memories WHERE user_id = %s AND status = 'active' "
    "AND COALESCE(last_accessed_at, created_at) < %s ORDER BY id LIMIT %s"
)
LIST = (
    f"SELECT {COLS} FROM memories WHERE user_id = %s AND status = ANY(%s) "
    "ORDER BY created_at DESC, id DESC LIMIT %s"
)
COUNT = "SELECT count(*) FROM memories WHERE user_id = %s AND status = ANY(%s)"
# ``status = 'active'`` is spelled as a literal so the planner can use the partial index
# memories_slot_idx (migration 4).
FIND_BY_SLOT = (
    f"SELECT {COLS} FROM memories WHERE user_id = %s AND (metadata->>'slot') = %s "
    "AND status = 'active' ORDER BY created_at DESC, id DESC"
)
REINFORCE = (
    "UPDATE memories SET importance = GREATEST(importance, %s::real), last_accessed_at = now(), "
    f"access_count = access_count + 1 WHERE user_id = %s AND id = %s RETURNING {COLS}"
)
TOUCH = (
    "UPDATE memories SET last_accessed_at = now(), access_count = access_count + 1 "
    "WHERE user_id = %s AND id = ANY(%s)"
)
LOCK_PAIR = "SELECT id FROM memories WHERE user_id = %s AND id IN (%s, %s) FOR UPDATE"
SUPERSEDE = "UPDATE memories SET status = 'superseded', superseded_by = %s WHERE user_id = %s AND id = %s"
REACTIVATE = (
    "UPDATE memories SET status = 'active', superseded_by = NULL, last_accessed_at = now() "
    f"WHERE user_id = %s AND id = %s AND status = 'superseded' RETURNING {COLS}"
)


def to_item(row: Sequence[Any]) -> MemoryItem:
    """A ``MemoryItem`` from a row selected as ``COLS``."""
    values = list(row)
    values[2] = MemoryType(values[2])
    values[5] = round(float(values[5]), 6)  # real -> float without float32 noise
    values[10] = MemoryStatus(values[10])
    values[15] = values[15] or {}
    return MemoryItem(*values)


def insert_many(
    cur: Any,
    memories: Sequence[NewMemory],
    vectors: Sequence[np.ndarray],
    model_id: str,
    segmenter: Segmenter = "bigram",
) -> list[AddResult]:
    """Insert in one statement; a row whose (user, content hash) exists comes back ``created=False``.

    Each row also gets its lexical tokens (``lexemes``, ``lexical_len``) for hybrid recall.

    Results are in the order of ``memories``; a text repeated within the batch is created once.
    """
    keys = [(m.user_id, content_hash(m.user_id, m.content)) for m in memories]
    tokens = [lexical_tokens(m.content, segmenter) for m in memories]
    rows = [
        (m.user_id, MemoryType(m.memory_type).value, m.content, h, float(m.importance), v, model_id,
         m.created_at, m.source_session, m.source_turn, m.trace_id, Json(m.metadata),
         tsvector_literal(toks), len(toks))
        for m, (_, h), v, toks in zip(memories, keys, vectors, tokens)
    ]
    inserted = execute_values(cur, INSERT, rows, template=ROW_TEMPLATE, page_size=len(rows), fetch=True)
    new = {(r[1], r[4]): to_item(r) for r in inserted}
    old = _existing(cur, sorted(set(keys) - set(new)))
    return _add_results(keys, new, old)


def _existing(cur: Any, missing: list[tuple[str, str]]) -> dict[tuple[str, str], MemoryItem]:
    """The stored rows of the (user, content hash) keys the insert skipped, one query per user."""
    old: dict[tuple[str, str], MemoryItem] = {}
    for user in sorted({u for u, _ in missing}):  # one user per query: one partition (or shard) each
        hashes = [h for u, h in missing if u == user]
        cur.execute(f"SELECT {COLS} FROM memories WHERE user_id = %s AND content_hash = ANY(%s)", (user, hashes))
        old.update({(r[1], r[4]): to_item(r) for r in cur.fetchall()})
    return old


def _add_results(keys: list[tuple[str, str]], new: dict[tuple[str, str], MemoryItem],
                 old: dict[tuple[str, str], MemoryItem]) -> list[AddResult]:
    """One result per key in order: ``created`` for the first occurrence of a newly inserted row."""
    results: list[AddResult] = []
    seen: set[tuple[str, str]] = set()
    for key in keys:
        created = key in new and key not in seen
        seen.add(key)
        results.append(AddResult(item=new[key] if key in new else old[key], created=created))
    return results


def similarity(cosine_distance: float) -> float:
    """Plain cosine similarity clipped to [0, 1]: ``clip(1 - cosine_distance, 0, 1)``.

    Opposite and unrelated (orthogonal or worse) vectors both score 0; identical ones 1.
    """
    return float(np.clip(1.0 - float(cosine_distance), 0.0, 1.0))


def search_prologue(iterative_scan: bool) -> str:
    """One round trip that sets the HNSW knobs for this transaction and reads the store's model.

    Takes one parameter: ``hnsw.ef_search`` as text. ``iterative_scan`` needs pgvector >= 0.8.
    The knobs are set with ``SET LOCAL`` (not ``set_config()``): Citus forwards ``SET LOCAL``
    to the shards a transaction reaches (``citus.propagate_set_commands = 'local'``), so the
    search on a worker node uses them too. The caller's transaction ends them.
    """
    return (
        "SET LOCAL hnsw.ef_search = %s; "
        + ("SET LOCAL hnsw.iterative_scan = relaxed_order; " if iterative_scan else "")
        + "SELECT (SELECT value FROM store_meta WHERE key = 'embedding_model')"
    )


def user_filter(
    user_id: str,
    model_id: str,
    types: Sequence[MemoryType] | None,
    statuses: Sequence[MemoryStatus],
    since: datetime | None,
    until: datetime | None,
) -> tuple[str, list[Any]]:
    """The pre-filter of every search: this user, these statuses, this model (+ type, time)."""
    where = ["user_id = %s", "status = ANY(%s)", "embedding_model = %s"]
    params: list[Any] = [user_id, [MemoryStatus(s).value for s in statuses], model_id]
    if types is not None:
        where.append("memory_type = ANY(%s)")
        params.append([MemoryType(t).value for t in types])
    if since is not None:
        where.append("created_at >= %s")
        params.append(since)
    if until is not None:
        where.append("created_at < %s")
        params.append(until)
    return " AND ".join(where), params


def search_query(
    user_id: str,
    vec: np.ndarray,
    model_id: str,
    limit: int,
    types: Sequence[MemoryType] | None,
    statuses: Sequence[MemoryStatus],
    since: datetime | None,
    until: datetime | None,
) -> tuple[str, list[Any]]:
    """The nearest-neighbour query and its parameters; rows are ``COLS`` + cosine distance.

    The inner ``ORDER BY embedding <=> %s LIMIT`` is what the HNSW index serves; the outer
    sort makes ties deterministic (by id).
    """
    where, fparams = user_filter(user_id, model_id, types, statuses, since, until)
    params: list[Any] = [vec, *fparams, vec, limit]
    sql = (
        f"WITH hits AS MATERIALIZED (SELECT {COLS}, embedding <=> %s AS distance FROM memories "
        f"WHERE {where} ORDER BY embedding <=> %s LIMIT %s) "
        "SELECT * FROM hits ORDER BY distance, id"
    )
    return sql, params
