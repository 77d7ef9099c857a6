"""Long-term store on PostgreSQL + pgvector (psycopg2 in worker threads, a connection pool).

Every query is parameterised and filtered by ``user_id``. ``search`` sets ``hnsw.ef_search``
and, on pgvector >= 0.8, ``hnsw.iterative_scan = relaxed_order`` in its own transaction, so
a user with few rows among many still gets a full result from the HNSW index.

``SearchHit.similarity`` is plain cosine similarity clipped to [0, 1]
(``clip(1 - cosine_distance, 0, 1)``): identical vectors score 1, orthogonal or opposite
ones 0, higher is closer.

SQL text lives in ``pg_sql``, connection plumbing in ``pg_pool``, re-embedding in ``reembed``.
"""
from __future__ import annotations

import builtins
import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memory import search_params
from memory.errors import EmbeddingModelMismatchError, MemoryNotFoundError, StoreUnavailableError
from memory.longterm import pg_sql as q
from memory.longterm.hybrid import (
    HybridHit, HybridParams, fetch_hybrid, fetch_neighbours, hybrid_query, neighbours_query,
)
from memory.longterm.user_data import UserData
from memory.longterm.apply import run_change, write_version
from memory.longterm.pg_pool import PgPool, PgVectorMissingError, redact_dsn, version_tuple
from memory.longterm.reembed import reembed_all
from memory.types import AddResult, ChangeResult, MemoryChange, MemoryItem, MemoryStatus, MemoryType, NewMemory, SearchHit
from memory.lexical import Segmenter, query_terms

__all__ = ["HybridHit", "HybridParams", "PgVectorMissingError", "PgVectorStore", "connect", "redact_dsn"]

_ACTIVE = (MemoryStatus.ACTIVE,)


class PgVectorStore:
    """``LongTermStore`` on PostgreSQL + pgvector.

    Args:
        dsn: libpq DSN or URI (``PG_DSN`` or the embedded server's).
        dim: Dimension of the embeddings this process writes and queries.
        hnsw_ef_search: HNSW candidate list size per search (``HNSW_EF_SEARCH``).
        max_connections: Pool size; callers beyond it wait for a free connection.
        segmenter: How Chinese is cut for the lexical index (``"bigram"`` or ``"jieba"``); the
            same for writes and queries of one store.
    """

    def __init__(
        self,
        dsn: str,
        dim: int,
        hnsw_ef_search: int = search_params.HNSW_EF_SEARCH,
        max_connections: int = 8,
        segmenter: Segmenter = search_params.SEGMENTER,
    ) -> None:
        self.dsn = dsn
        self.segmenter: Segmenter = segmenter
        self.dim = dim
        self.hnsw_ef_search = hnsw_ef_search
        self._pool = PgPool(dsn, max_connections)
        self._run = self._pool.run
        self._user_data = UserData(self._pool.run)

    async def open(self) -> None:
        """Connect and check that pgvector exists. Raises ``StoreUnavailableError``."""
        await asyncio.to_thread(self._pool.open_sync)

    def _vector(self, embedding: np.ndarray) -> np.ndarray:
        vec = np.asarray(embedding, dtype=np.float32).reshape(-1)
        if vec.shape[0] != self.dim:
            raise ValueError(f"embedding has {vec.shape[0]} dimensions; this store expects {self.dim}")
        return vec

    async def migrate(self) -> list[int]:
        """Apply pending schema migrations; returns the numbers applied now.

        Raises:
            ConfigError: the DSN's user may not create pgvector or the tables.
        """
        return await asyncio.to_thread(self._pool.migrate_sync, self.dim)

    async def add(self, memory: NewMemory, embedding: np.ndarray, model_id: str) -> AddResult:
        """Store a memory; an identical content hash of the same user returns the existing row."""
        return (await self.add_many([memory], self._vector(embedding)[None, :], model_id))[0]

    async def add_many(
        self, memories: Sequence[NewMemory], embeddings: np.ndarray, model_id: str
    ) -> list[AddResult]:
        """Batch insert in one statement; duplicates (also within the batch) come back ``created=False``.

        Raises:
            EmbeddingModelMismatchError: the store holds vectors of another model.
        """
        if len(memories) != len(embeddings):
            raise ValueError(f"{len(memories)} memories but {len(embeddings)} embeddings")
        if not memories:
            return []
        vectors = [self._vector(e) for e in embeddings]

        def run(conn: Any) -> list[AddResult]:
            with conn.cursor() as cur:
                cur.execute(q.META_MODEL, (model_id,))  # claim the store for this model if unclaimed
                stored = cur.fetchone()[0]
                if stored != model_id:
                    raise EmbeddingModelMismatchError(stored, model_id)
                return q.insert_many(cur, memories, vectors, model_id, self.segmenter)

        return await self._run(run)

    async def get(self, user_id: str, memory_id: int) -> MemoryItem:
        """One memory of this user (any status). Raises ``MemoryNotFoundError``."""

        def run(conn: Any) -> MemoryItem:
            with conn.cursor() as cur:
                cur.execute(q.GET, (user_id, memory_id))
                row = cur.fetchone()
                if row is not None:
                    return q.to_item(row)
                cur.execute(q.GET_ARCHIVED, (user_id, memory_id))
                arch = cur.fetchone()
            if arch is not None:
                raise MemoryNotFoundError(
                    f"Memory {memory_id} of user {user_id!r} was archived on {arch[0]:%Y-%m-%d} ({arch[1]}); "
                    "it is kept in memories_archive and no longer recalled."
                )
            raise MemoryNotFoundError(f"No memory {memory_id} for user {user_id!r}.")

        return await self._run(run)

    async def get_many(self, user_id: str, memory_ids: Sequence[int]) -> list[MemoryItem]:
        """The memories of this user among ``memory_ids``, any status, in the order of the ids.

        Ids of other users, unknown and archived ids are absent from the result; an id
        given twice comes back once (at its first position).
        """
        ids = list(dict.fromkeys(int(i) for i in memory_ids))
        if not ids:
            return []

        def run(conn: Any) -> list[MemoryItem]:
            with conn.cursor() as cur:
                cur.execute(q.GET_MANY, (user_id, ids))
                return [q.to_item(r) for r in cur.fetchall()]

        by_id = {item.id: item for item in await self._run(run)}
        return [by_id[i] for i in ids if i in by_id]

    async def find_by_slot(self, user_id: str, slot: str) -> list[MemoryItem]:
        """Active memories of the user whose ``metadata["slot"]`` is ``slot``, newest first."""

        def run(conn: Any) -> list[MemoryItem]:
            with conn.cursor() as cur:
                cur.execute(q.FIND_BY_SLOT, (user_id, slot))
                return [q.to_item(r) for r in cur.fetchall()]

        return await self._run(run)

    async def reinforce(self, user_id: str, memory_id: int, importance: float) -> MemoryItem:
        """A duplicate was seen again: raise importance to at least ``importance`` and touch it.

        Importance never goes down; ``last_accessed_at`` becomes now and ``access_count`` grows by 1.

        Returns:
            The memory after the update.

        Raises:
            ValueError: ``importance`` is outside [0, 1].
            MemoryNotFoundError: ``memory_id`` is not a live memory of this user; nothing changed.
        """
        if not 0.0 <= importance <= 1.0:
            raise ValueError(f"importance must be within [0, 1], got {importance}")

        def run(conn: Any) -> MemoryItem | None:
            with conn.cursor() as cur:
                cur.execute(q.REINFORCE, (float(importance), user_id, memory_id))
                row = cur.fetchone()
            return None if row is None else q.to_item(row)

        item = await self._run(run)
        if item is None:
            raise MemoryNotFoundError(f"Cannot reinforce: no memory {memory_id} for user {user_id!r}.")
        return item

    async def list(
        self, user_id: str, statuses: Sequence[MemoryStatus] = _ACTIVE, limit: int = 100
    ) -> list[MemoryItem]:
        """The user's memories with these statuses, newest first."""

        def run(conn: Any) -> list[MemoryItem]:
            with conn.cursor() as cur:
                cur.execute(q.LIST, (user_id, [MemoryStatus(s).value for s in statuses], limit))
                return [q.to_item(r) for r in cur.fetchall()]

        return await self._run(run)

    async def count(self, user_id: str, statuses: Sequence[MemoryStatus] = _ACTIVE) -> int:
        """How many memories with these statuses the user has."""

        def run(conn: Any) -> int:
            with conn.cursor() as cur:
                cur.execute(q.COUNT, (user_id, [MemoryStatus(s).value for s in statuses]))
                return int(cur.fetchone()[0])

        return await self._run(run)

    async def unused_since(self, before: datetime, limit: int = 1000,
                           user_id: str | None = None) -> builtins.list[MemoryItem]:
        """Active memories not used (nor created) since ``before``, by id: of ``user_id`` (one
        partition), or of every user.

        For the forgetting job only: without ``user_id`` it is the one read that is not scoped to
        a user (it fans out to every partition), and it never reaches a model or another user;
        each item is then archived under its own user.
        """

        def run(conn: Any) -> list[MemoryItem]:
            with conn.cursor() as cur:
                if user_id is not None:
                    cur.execute(q.UNUSED_SINCE_OF_USER, (user_id, before, limit))
                else:
                    cur.execute(q.UNUSED_SINCE, (before, limit))
                return [q.to_item(r) for r in cur.fetchall()]

        return await self._run(run)

    async def search(
        self,
        user_id: str,
        query_embedding: np.ndarray,
        model_id: str,
        limit: int = 20,
        types: Sequence[MemoryType] | None = None,
        statuses: Sequence[MemoryStatus] = _ACTIVE,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> builtins.list[SearchHit]:
        """Nearest memories of this user only, most similar first.

        ``similarity`` is ``clip(1 - cosine_distance, 0, 1)``. An empty store returns ``[]``.

        Raises:
            EmbeddingModelMismatchError: the user's rows were embedded by another model.
        """
        vec = self._vector(query_embedding)
        sql, params = q.search_query(user_id, vec, model_id, limit, types, statuses, since, until)

        def run(conn: Any) -> list[SearchHit]:
            with conn.cursor() as cur:
                # One round trip: the store's model, and the HNSW settings local to this transaction.
                cur.execute(q.search_prologue(version_tuple(self._pool.pgvector) >= (0, 8)),
                            (str(self.hnsw_ef_search),))
                stored = cur.fetchone()[0]
                if stored is None:
                    return []  # nothing was ever stored
                if stored != model_id:
                    raise EmbeddingModelMismatchError(stored, model_id)
                cur.execute(sql, params)
                rows = cur.fetchall()
            return [SearchHit(item=q.to_item(r[:-1]), similarity=q.similarity(r[-1])) for r in rows]

        return await self._run(run)

    async def hybrid_search(
        self,
        user_id: str,
        query_text: str,
        query_embedding: np.ndarray,
        model_id: str,
        params: HybridParams = HybridParams(),
        types: Sequence[MemoryType] | None = None,
        statuses: Sequence[MemoryStatus] = _ACTIVE,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> builtins.list[HybridHit]:
        """This user's memories by BM25 over the lexical index and HNSW cosine, fused by RRF.

        ``query_text`` is tokenised with this store's segmenter (as its rows were). A query
        with no usable token (only stop words) falls back to the dense side alone.

        Raises:
            EmbeddingModelMismatchError: the user's rows were embedded by another model.
        """
        vec = self._vector(query_embedding)
        terms = query_terms(query_text, self.segmenter)
        sql, args = hybrid_query(user_id, vec, terms, model_id, params, types, statuses, since, until)
        prologue = q.search_prologue(version_tuple(self._pool.pgvector) >= (0, 8))
        return await self._run(lambda conn: fetch_hybrid(conn, prologue, self.hnsw_ef_search, sql, args, model_id))

    async def neighbours(
        self, user_id: str, query_embedding: np.ndarray, anchors: Sequence[int], model_id: str, after: int = 1
    ) -> builtins.list[tuple[int, MemoryItem, float]]:
        """For each anchor, the next ``after`` active memories of its session (same user), in time order.

        Recall's neighbourhood: the turn after a recalled one often holds the answer. Anchors of
        other users, or without a session, yield nothing.

        Returns:
            ``(anchor id, neighbour, cosine similarity to the query)`` tuples.
        """
        if not anchors or after < 1:
            return []
        sql, args = neighbours_query(user_id, self._vector(query_embedding), anchors, model_id, after)
        return await self._run(lambda conn: fetch_neighbours(conn, sql, args))

    async def supersede(self, user_id: str, old_id: int, new_id: int) -> None:
        """Mark ``old_id`` superseded by ``new_id`` (kept, linked, no longer recalled).

        Raises:
            MemoryNotFoundError: either id is not a memory of this user; nothing is changed.
        """
        if old_id == new_id:
            raise ValueError(f"memory {old_id} cannot supersede itself")

        def run(conn: Any) -> None:
            with conn.cursor() as cur:
                cur.execute(q.LOCK_PAIR, (user_id, old_id, new_id))
                found = {r[0] for r in cur.fetchall()}
                lost = [i for i in (old_id, new_id) if i not in found]
                if lost:
                    raise MemoryNotFoundError(
                        f"Cannot supersede: no memory {lost[0]} for user {user_id!r}; nothing was changed."
                    )
                cur.execute(q.SUPERSEDE, (new_id, user_id, old_id))

        await self._run(run)

    async def write_version(self, user_id: str) -> str:
        """The user's write version: changes whenever an active memory is added, superseded or archived."""

        def run(conn: Any) -> str:
            with conn.cursor() as cur:
                return write_version(cur, user_id)

        return await self._run(run)

    async def apply(self, user_id: str, change: MemoryChange, model_id: str) -> ChangeResult:
        """Add (or reinforce) and supersede in one transaction under the user's write lock.

        See :mod:`memory.longterm.apply`: with ``change.expect`` set, a change whose user's
        memories moved on meanwhile writes nothing and returns ``applied=False``.

        Raises:
            EmbeddingModelMismatchError: the store holds vectors of another model.
        """
        vector = self._vector(change.embedding) if change.new is not None else None
        return await self._run(lambda conn: run_change(conn, user_id, change, vector, model_id, self.segmenter))

    async def reactivate(self, user_id: str, memory_id: int) -> MemoryItem:
        """Make a superseded memory active again (the user said it again); it no longer points on.

        Raises:
            MemoryNotFoundError: ``memory_id`` is not a superseded memory of this user.
        """

        def run(conn: Any) -> MemoryItem | None:
            with conn.cursor() as cur:
                cur.execute(q.REACTIVATE, (user_id, memory_id))
                row = cur.fetchone()
            return None if row is None else q.to_item(row)

        item = await self._run(run)
        if item is None:
            raise MemoryNotFoundError(f"Cannot reactivate: no superseded memory {memory_id} for user {user_id!r}.")
        return item

    async def history(self, user_id: str, memory_id: int) -> builtins.list[MemoryItem]:
        """The supersede chain ending in ``memory_id``, oldest first (includes ``memory_id``)."""

        def run(conn: Any) -> list[MemoryItem]:
            with conn.cursor() as cur:
                cur.execute(q.HISTORY, (user_id, memory_id, user_id, user_id))
                return [q.to_item(r) for r in cur.fetchall()]

        items = await self._run(run)
        if not items:
            raise MemoryNotFoundError(f"No memory {memory_id} for user {user_id!r}.")
        return items

    async def archive(self, user_id: str, memory_id: int, reason: str) -> None:
        """Move a memory, with the items it superseded, to ``memories_archive`` in one transaction."""

        def run(conn: Any) -> None:
            with conn.cursor() as cur:
                cur.execute(q.ARCHIVE, (user_id, memory_id, user_id, user_id, memory_id, reason))
                if cur.rowcount == 0:
                    raise MemoryNotFoundError(f"Cannot archive: no memory {memory_id} for user {user_id!r}.")

        await self._run(run)

    async def touch(self, user_id: str, memory_ids: Sequence[int]) -> None:
        """Record a use of these memories (ids of other users or unknown ids are ignored)."""
        if not memory_ids:
            return

        def run(conn: Any) -> None:
            with conn.cursor() as cur:
                cur.execute(q.TOUCH, (user_id, [int(i) for i in memory_ids]))

        await self._run(run)

    async def reembed(
        self, embed_fn: Callable[[Sequence[str]], np.ndarray], model_id: str, batch_size: int = 64
    ) -> int:
        """Re-encode every memory (live and archived) with another model, all or nothing.

        Args:
            embed_fn: Blocking passage encoder, texts -> ``(n, dim)`` unit vectors.
            model_id: Id of that model; recorded in ``store_meta`` and on every row.
            batch_size: Texts per ``embed_fn`` call.

        Returns:
            Number of rows re-embedded. A new dimension changes the column type and rebuilds the index.
        """
        count, self.dim = await self._run(lambda conn: reembed_all(conn, embed_fn, model_id, batch_size))
        return count

    async def export_user(self, user_id: str) -> dict[str, builtins.list[dict[str, Any]]]:
        """Every memory (any status) and archive row of the user, without vectors."""
        return await self._user_data.export_user(user_id)

    async def erase_user(self, user_id: str) -> dict[str, int]:
        """Delete every row of the user, archive included (a real deletion); counts per table."""
        return await self._user_data.erase_user(user_id)

    async def server_version(self) -> str:
        """E.g. ``"PostgreSQL 18.4, pgvector 0.8.5"``."""
        await asyncio.to_thread(self._pool.open_sync)
        return f"PostgreSQL {self._pool.server}, pgvector {self._pool.pgvector or 'not installed'}"

    async def close(self) -> None:
        """Close every pooled connection."""
        await self._pool.close()


async def connect(
    dsn: str,
    dim: int,
    hnsw_ef_search: int = search_params.HNSW_EF_SEARCH,
    max_connections: int = 8,
    segmenter: Segmenter = search_params.SEGMENTER,
    require: bool = True,
) -> PgVectorStore:
    """Open a store, check pgvector, and apply pending migrations.

    With ``require=False`` an unreachable server is no error: the store is returned unopened
    (its calls raise ``StoreUnavailableError``); ``open`` and ``migrate`` it once the server is up.

    Raises:
        StoreUnavailableError: the server is unreachable (``PgVectorMissingError`` if it lacks pgvector).
    """
    store = PgVectorStore(dsn, dim, hnsw_ef_search, max_connections, segmenter)
    try:
        await store.open()
        await store.migrate()
    except StoreUnavailableError:
        if require:
            raise
    return store
