"""One write decision in one transaction, serialized per user: add + supersede, never half done.

Concurrent turns of one user (two sessions, two replicas) each read the user's memories,
decide, then write. Without care both supersede the same old value and leave two new ones
active. Here a write:

1. takes a transaction-scoped advisory lock on the user (``pg_advisory_xact_lock``; released
   at commit or rollback, so a dead process never holds it);
2. compares the user's *write version* (a digest of the active memory ids) with the one the
   decision was made on: a different version means another write landed in between, so
   nothing is written and the caller decides again on fresh memories;
3. adds (or reinforces / reactivates) and supersedes with a conditional
   ``UPDATE … WHERE status = 'active'`` in the same transaction.

Every statement is filtered by ``user_id``, so it routes to one partition (or one Citus
shard) when the tables are distributed by ``user_id``.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from memory.errors import EmbeddingModelMismatchError
from memory.lexical import Segmenter
from memory.longterm import pg_sql as q
from memory.types import ChangeResult, MemoryChange, MemoryItem, MemoryStatus

LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
VERSION = (
    "SELECT coalesce(md5(string_agg(id::text, ',' ORDER BY id)), '') FROM memories "
    "WHERE user_id = %s AND status = 'active'"
)
SUPERSEDE_ACTIVE = (
    "UPDATE memories SET status = 'superseded', superseded_by = %s "
    "WHERE user_id = %s AND id = ANY(%s) AND status = 'active' RETURNING id"
)


class _Stale(Exception):
    """The user's memories changed since the decision: roll back."""


def lock_key(user_id: str) -> str:
    """The advisory-lock key of one user's memory writes."""
    return f"memory-write:{user_id}"


def write_version(cur: Any, user_id: str) -> str:
    """A digest of the user's active memory ids (changes with every add, supersede, archive)."""
    cur.execute(VERSION, (user_id,))
    return str(cur.fetchone()[0])


def _add(cur: Any, change: MemoryChange, vector: np.ndarray, model_id: str, segmenter: Segmenter
         ) -> tuple[MemoryItem, bool, bool]:
    """Insert ``change.new``; an identical text reinforces (or reactivates) that row: (item, created, reactivated)."""
    cur.execute(q.META_MODEL, (model_id,))
    stored = cur.fetchone()[0]
    if stored != model_id:
        raise EmbeddingModelMismatchError(stored, model_id)
    assert change.new is not None
    result = q.insert_many(cur, [change.new], [vector], model_id, segmenter)[0]
    if result.created:
        return result.item, True, False
    reactivate = result.item.status is MemoryStatus.SUPERSEDED
    if reactivate:
        cur.execute(q.REACTIVATE, (change.new.user_id, result.item.id))
    else:
        cur.execute(q.REINFORCE, (change.importance, change.new.user_id, result.item.id))
    row = cur.fetchone()
    if row is None:
        raise _Stale()
    return q.to_item(row), False, reactivate


def _reinforce(cur: Any, user_id: str, change: MemoryChange, memory_id: int) -> MemoryItem:
    """Raise memory ``memory_id``'s importance to the change's; the updated row.

    Raises:
        _Stale: the memory is no longer there.
    """
    cur.execute(q.REINFORCE, (change.importance, user_id, memory_id))
    row = cur.fetchone()
    if row is None:
        raise _Stale()
    return q.to_item(row)


def _supersede(cur: Any, user_id: str, change: MemoryChange, item_id: int) -> tuple[int, ...]:
    """Mark the change's still-active ``supersede`` ids superseded by ``item_id``; the ids marked.

    Raises:
        _Stale: a versioned change found one of them no longer active.
    """
    olds = [i for i in change.supersede if i != item_id]
    if not olds:
        return ()
    cur.execute(SUPERSEDE_ACTIVE, (item_id, user_id, olds))
    done = tuple(sorted(r[0] for r in cur.fetchall()))
    if change.expect is not None and len(done) != len(olds):
        raise _Stale()
    return done


def apply_change(conn: Any, user_id: str, change: MemoryChange, vector: np.ndarray | None, model_id: str,
                 segmenter: Segmenter) -> ChangeResult:
    """Run ``change`` for ``user_id`` on ``conn`` (inside the caller's transaction)."""
    with conn.cursor() as cur:
        cur.execute(LOCK, (lock_key(user_id),))
        if change.expect is not None and write_version(cur, user_id) != change.expect:
            return ChangeResult(applied=False)
        if change.new is not None and vector is not None:
            item, created, reactivated = _add(cur, change, vector, model_id, segmenter)
        elif change.reinforce is not None:
            item, created, reactivated = _reinforce(cur, user_id, change, change.reinforce), False, False
        else:
            raise ValueError("a memory change adds or reinforces a memory")
        done = _supersede(cur, user_id, change, item.id)
        return ChangeResult(applied=True, item=item, created=created, reactivated=reactivated, superseded=done)


def run_change(conn: Any, user_id: str, change: MemoryChange, vector: np.ndarray | None, model_id: str,
               segmenter: Segmenter) -> ChangeResult:
    """:func:`apply_change`, with a change that went stale mid-way rolled back (``applied=False``)."""
    try:
        return apply_change(conn, user_id, change, vector, model_id, segmenter)
    except _Stale:
        conn.rollback()
        return ChangeResult(applied=False)
