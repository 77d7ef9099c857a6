"""``PgVectorStore``: AgentScope's ``VectorStoreBase`` on PostgreSQL + pgvector.

Each collection is its own table with an HNSW cosine index (see :mod:`.pg_schema`), so a
knowledge base's vectors are never compared with another's and collections of different
dimensions coexist. Metadata filters are SQL (``metadata @> filter``, GIN-indexed), never
applied after the fact.

Besides the base class's dense ``search``, :meth:`PgVectorStore.hybrid_search` fuses an
Okapi BM25 lexical ranking with the dense one by reciprocal rank fusion in one statement,
like the product's memory recall. The lexical side needs a ``tokenizer`` (the same one for
chunks and queries); its collection statistics live in the registry row and a per-collection
term table, maintained by every insert and delete, so scoring reads a few rows by key.

psycopg2 is blocking: every call runs in a worker thread on a pooled connection, one
transaction per call. No application import: this module could be offered upstream.
"""
from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self, TypeVar

import numpy as np
import psycopg2
from pgvector.psycopg2 import register_vector
from psycopg2.extensions import connection as _PgConnection

from agentscope.rag import Chunk, DocumentSummary, VectorRecord, VectorSearchResult, VectorStoreBase

from memory.knowledge import pg_schema as s
from memory.knowledge.fusion import Candidate, chunk_cjk_share, fuse, term_scripts
from memory.lexical import tsvector_literal
from memory.pg_keeping_pool import KeepingPool
from memory.knowledge.pg_hybrid import DEFAULT_PARAMS, HybridParams, hybrid_sql
from memory.knowledge.term_budget import scored_terms

T = TypeVar("T")
Tokenizer = Callable[[str], Sequence[str]]


class _Conn(_PgConnection):  # type: ignore[misc]  # psycopg2 has no types
    """A connection that remembers whether the ``vector`` type is registered on it."""

    vector_registered = False


class CollectionNotFoundError(KeyError):
    """The named collection does not exist in this store."""


@dataclass(frozen=True)
class HybridResult:
    """One fused hit: the AgentScope result (``score`` = fused RRF) and its breakdown.

    ``lexical_reach`` is the share of the lexical weight that judged this chunk (1 for a chunk in
    the script of the query's terms, 0 for one in another script or when no term matched; the
    rest followed the dense rank: :mod:`memory.knowledge.fusion`).
    """

    result: VectorSearchResult
    similarity: float
    bm25: float
    dense_rank: int | None
    lexical_rank: int | None
    lexical_reach: float = 1.0


def _text(content: Any) -> str:
    """The text of a stored content block (``{"type": "text", "text": ...}``), else ``""``."""
    text = content.get("text") if isinstance(content, dict) else None
    return text if isinstance(text, str) else ""


def _chunk(row: Sequence[Any]) -> tuple[str, Chunk]:
    document_id, index, total, source, content, metadata = row[:6]
    return document_id, Chunk(content=content, source=source, chunk_index=index, total_chunks=total,
                              metadata=metadata or {})


class PgVectorStore(VectorStoreBase):
    """A ``VectorStoreBase`` on PostgreSQL with pgvector >= 0.7.

    Args:
        dsn: libpq DSN or URI.
        tokenizer: Splits text into lexical tokens (chunks and queries alike); ``None`` keeps
            no lexical index and ``hybrid_search`` is dense only.
        ef_search: ``hnsw.ef_search`` of each search.
        max_connections: Pool size.
        hnsw_m: HNSW ``m`` of new collections.
        hnsw_ef_construction: HNSW ``ef_construction`` of new collections.
    """

    def __init__(self, dsn: str, tokenizer: Tokenizer | None = None, ef_search: int = 100,
                 max_connections: int = 4, hnsw_m: int = 16, hnsw_ef_construction: int = 64) -> None:
        self.dsn = dsn
        self.tokenizer = tokenizer
        self.ef_search = ef_search
        self.hnsw_m = hnsw_m
        self.hnsw_ef_construction = hnsw_ef_construction
        self._max = max_connections
        self._pool: KeepingPool | None = None
        self._iterative = False
        self._tables: dict[str, tuple[str, int]] = {}

    # -- lifecycle -------------------------------------------------------------------------
    async def __aenter__(self) -> Self:
        if self._pool is None:
            await asyncio.to_thread(self._open)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc_val: BaseException | None,
                        exc_tb: Any) -> None:
        if self._pool is not None:
            self._pool.closeall()
            self._pool = None

    def _open(self) -> None:
        conn = psycopg2.connect(self.dsn)
        try:
            with conn, conn.cursor() as cur:
                # Replicas open at once on one database: CREATE … IF NOT EXISTS is not safe
                # concurrently (a UniqueViolation on the catalog), so the registry is made under the lock.
                cur.execute("SELECT pg_advisory_xact_lock(hashtext('kb_collections'))")
                cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
                cur.execute(s.REGISTRY)
                cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
                version = tuple(int(p) for p in cur.fetchone()[0].split(".")[:2])
        finally:
            conn.close()
        self._iterative = version >= (0, 8)
        self._pool = KeepingPool(self._max, self.dsn, connection_factory=_Conn)

    def _call(self, fn: Callable[[Any], T]) -> T:
        if self._pool is None:
            raise RuntimeError("PgVectorStore is not open: use `async with store:` first")
        conn = self._pool.getconn()
        try:
            if not conn.vector_registered:  # once per connection: it looks the type up in the catalogue
                register_vector(conn)
                conn.vector_registered = True
            with conn:
                with conn.cursor() as cur:
                    return fn(cur)
        finally:
            self._pool.putconn(conn)

    async def _run(self, fn: Callable[[Any], T]) -> T:
        return await asyncio.to_thread(self._call, fn)

    def _table(self, cur: Any, name: str) -> tuple[str, int]:
        found = self._tables.get(name)
        if found is None:
            cur.execute("SELECT table_name, dimensions FROM kb_collections WHERE name = %s", (name,))
            row = cur.fetchone()
            if row is None:
                raise CollectionNotFoundError(f"collection {name!r} does not exist")
            found = self._tables[name] = (row[0], int(row[1]))
        return found

    # -- collections -----------------------------------------------------------------------
    async def create_collection(self, name: str, dimensions: int) -> None:
        """Create the collection's tables and indexes; a second call with the same dimension is a no-op.

        Raises:
            ValueError: It exists with another dimension, or ``dimensions`` is not positive.
        """
        if dimensions <= 0:
            raise ValueError(f"dimensions must be positive, got {dimensions}")

        def create(cur: Any) -> None:
            cur.execute("SELECT pg_advisory_xact_lock(hashtext('kb_collections'))")
            cur.execute("SELECT dimensions FROM kb_collections WHERE name = %s", (name,))
            row = cur.fetchone()
            if row is not None:
                if int(row[0]) != dimensions:
                    raise ValueError(f"collection {name!r} exists with {row[0]} dimensions, not {dimensions}")
                return
            table = s.table_for(name)
            for stmt in s.create_statements(table, dimensions, self.hnsw_m, self.hnsw_ef_construction):
                cur.execute(stmt)
            cur.execute("INSERT INTO kb_collections (name, table_name, dimensions) VALUES (%s, %s, %s)",
                        (name, table, dimensions))

        await self._run(create)

    async def delete_collection(self, name: str) -> None:
        """Drop the collection and every record in it (no error if it does not exist)."""
        def drop(cur: Any) -> None:
            cur.execute("DELETE FROM kb_collections WHERE name = %s RETURNING table_name", (name,))
            row = cur.fetchone()
            if row is not None:
                for stmt in s.drop_statements(row[0]):
                    cur.execute(stmt)

        self._tables.pop(name, None)
        await self._run(drop)

    async def has_collection(self, name: str) -> bool:
        """Whether the collection exists."""
        def has(cur: Any) -> bool:
            cur.execute("SELECT 1 FROM kb_collections WHERE name = %s", (name,))
            return cur.fetchone() is not None

        return await self._run(has)

    # -- writes ----------------------------------------------------------------------------
    def _tokens(self, chunk: Chunk) -> list[str]:
        text = getattr(chunk.content, "text", None)
        return list(self.tokenizer(text)) if self.tokenizer is not None and isinstance(text, str) else []

    async def insert(self, collection: str, records: list[VectorRecord]) -> None:
        """Insert records; a record with the ``(document_id, chunk_index)`` of a stored one replaces it.

        Raises:
            CollectionNotFoundError: No such collection.
            ValueError: A vector has the wrong dimension.
        """
        if not records:
            return
        rows = []
        for r in records:
            tokens = self._tokens(r.chunk)
            rows.append((r, tokens))

        def insert(cur: Any) -> None:
            table, dim = self._table(cur, collection)
            for r, _ in rows:
                if len(r.vector) != dim:
                    raise ValueError(f"vector has {len(r.vector)} dimensions; collection {collection!r} has {dim}")
            keys = [(r.document_id, r.chunk.chunk_index) for r, _ in rows]
            self._remove(cur, table, collection, "(document_id, chunk_index) IN (SELECT * FROM unnest(%s::text[], %s::int[]))",
                         [[k[0] for k in keys], [k[1] for k in keys]])
            df: dict[str, int] = {}
            total = 0
            for r, tokens in rows:
                c = r.chunk
                cur.execute(
                    f"INSERT INTO {table} (document_id, chunk_index, total_chunks, source, content, metadata, "
                    "lexemes, lexical_len, embedding) VALUES (%s, %s, %s, %s, %s::jsonb, %s::jsonb, "
                    "NULLIF(%s, '')::tsvector, %s, %s)",
                    (r.document_id, c.chunk_index, c.total_chunks, c.source,
                     json.dumps(c.content.model_dump(mode="json"), ensure_ascii=False),
                     json.dumps(c.metadata, ensure_ascii=False, default=str), tsvector_literal(tokens),
                     len(tokens), np.asarray(r.vector, dtype=np.float32)),
                )
                total += len(tokens)
                for term in set(tokens):
                    df[term] = df.get(term, 0) + 1
            self._add_stats(cur, table, collection, len(rows), total, df)

        await self._run(insert)

    @staticmethod
    def _add_stats(cur: Any, table: str, collection: str, chunks: int, total: int, df: dict[str, int]) -> None:
        cur.execute("UPDATE kb_collections SET chunks = chunks + %s, total_len = total_len + %s WHERE name = %s",
                    (chunks, total, collection))
        if not df:
            return
        terms = sorted(df)  # one lock order for concurrent writers
        cur.execute(
            f"INSERT INTO {table}_terms AS t (term, df) SELECT * FROM unnest(%s::text[], %s::bigint[]) "
            "ON CONFLICT (term) DO UPDATE SET df = t.df + excluded.df",
            (terms, [df[t] for t in terms]),
        )
        if any(v < 0 for v in df.values()):
            cur.execute(f"DELETE FROM {table}_terms WHERE term = ANY(%s) AND df <= 0", (terms,))

    def _remove(self, cur: Any, table: str, collection: str, where: str, args: list[Any]) -> int:
        cur.execute(
            f"WITH gone AS (DELETE FROM {table} WHERE {where} RETURNING lexemes, lexical_len) "
            "SELECT count(*), COALESCE(sum(lexical_len), 0), "
            "(SELECT array_agg(t) FROM gone g, unnest(tsvector_to_array(g.lexemes)) t) FROM gone",
            args,
        )
        count, total, terms = cur.fetchone()
        if count:
            df: dict[str, int] = {}
            for term in terms or []:
                df[term] = df.get(term, 0) - 1
            self._add_stats(cur, table, collection, -int(count), -int(total), df)
        return int(count)

    async def delete(self, collection: str, document_id: str, metadata_filter: dict[str, Any] | None = None) -> None:
        """Delete the document's records (only those matching ``metadata_filter`` when given)."""
        where, fargs = s.filter_sql(metadata_filter)

        def delete(cur: Any) -> None:
            table, _ = self._table(cur, collection)
            self._remove(cur, table, collection, f"document_id = %s AND {where}", [document_id, *fargs])

        await self._run(delete)

    # -- reads -----------------------------------------------------------------------------
    def _prologue(self, cur: Any) -> None:
        cur.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(self.ef_search),))
        if self._iterative:
            cur.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")

    async def search(self, collection: str, query_vector: list[float], top_k: int = 5,
                     metadata_filter: dict[str, Any] | None = None) -> list[VectorSearchResult]:
        """The ``top_k`` nearest records by cosine; ``score`` is cosine similarity (higher is closer)."""
        where, fargs = s.filter_sql(metadata_filter)
        vec = np.asarray(query_vector, dtype=np.float32)

        def search(cur: Any) -> list[VectorSearchResult]:
            table, _ = self._table(cur, collection)
            self._prologue(cur)
            cur.execute(f"SELECT {s.COLUMNS}, embedding <=> %s FROM {table} WHERE {where} "
                        "ORDER BY embedding <=> %s LIMIT %s", [vec, *fargs, vec, int(top_k)])
            out = []
            for row in cur.fetchall():
                document_id, chunk = _chunk(row)
                out.append(VectorSearchResult(score=1.0 - float(row[6]), document_id=document_id, chunk=chunk))
            return out

        return await self._run(search)

    async def hybrid_search(self, collection: str, query_vector: Sequence[float], query_text: str, top_k: int = 5,
                            metadata_filter: dict[str, Any] | None = None,
                            metadata_exclude: dict[str, Any] | None = None,
                            params: HybridParams = DEFAULT_PARAMS) -> list[HybridResult]:
        """BM25 (over the tokenizer's terms) and cosine, fused by script-aware weighted RRF.

        One statement fetches both sides' candidates; :func:`memory.knowledge.fusion.fuse` ranks
        them: on a chunk written in a script none of the query's (found) terms is in, the lexical
        weight follows the dense rank instead of voting for same-script noise.

        Args:
            collection: The collection.
            query_vector: The query's embedding.
            query_text: The query's text (tokenized like the chunks).
            top_k: Fused results returned.
            metadata_filter: Only records whose metadata contains these pairs.
            metadata_exclude: No record whose metadata holds any of these pairs.
            params: Fusion and BM25 knobs.
        """
        terms = list(dict.fromkeys(self.tokenizer(query_text))) if self.tokenizer and params.lexical_weight > 0 else []
        vec = np.asarray(query_vector, dtype=np.float32)
        where, fargs = s.filter_sql(metadata_filter, "c.")
        exclude, eargs = s.exclude_sql(metadata_exclude, "c.")
        where, fargs = f"{where} AND {exclude}", fargs + eargs

        def hybrid(cur: Any) -> list[HybridResult]:
            table, _ = self._table(cur, collection)
            self._prologue(cur)
            idf: list[float] = []
            avgdl = 1.0
            if terms:
                cur.execute("SELECT chunks, total_len FROM kb_collections WHERE name = %s", (collection,))
                n, total = cur.fetchone()
                avgdl = max(float(total) / max(int(n), 1), 1.0)
                cur.execute(f"SELECT term, df FROM {table}_terms WHERE term = ANY(%s)", (terms,))
                df = dict(cur.fetchall())
                kept = scored_terms(terms, df, int(n), params.max_df_share, params.min_df_cap,
                                    params.max_lexical_rows)
                idf = [math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in kept]
            else:
                kept = []
            sql, args = hybrid_sql(table, where, fargs, vec, kept, idf, avgdl, params)
            cur.execute(sql, args)
            rows = {int(row[6]): row for row in cur.fetchall()}
            candidates = [Candidate(key=key, dense_rank=None if row[9] is None else int(row[9]),
                                    lexical_rank=None if row[10] is None else int(row[10]),
                                    chunk_cjk=chunk_cjk_share(_text(row[4]))) for key, row in rows.items()]
            fused = fuse(candidates, term_scripts(kept), float(params.dense_weight), float(params.lexical_weight),
                         float(params.rrf_k), int(top_k))
            out = []
            for f in fused:
                row = rows[f.candidate.key]
                document_id, chunk = _chunk(row)
                out.append(HybridResult(
                    result=VectorSearchResult(score=f.score, document_id=document_id, chunk=chunk),
                    similarity=1.0 - float(row[7]), bm25=float(row[8] or 0.0),
                    dense_rank=f.candidate.dense_rank, lexical_rank=f.candidate.lexical_rank,
                    lexical_reach=f.reach))
            return out

        return await self._run(hybrid)

    async def list_documents(self, collection: str, metadata_filter: dict[str, Any] | None = None) -> list[DocumentSummary]:
        """One summary per document: source and metadata of its first chunk, chunk count."""
        where, fargs = s.filter_sql(metadata_filter)

        def docs(cur: Any) -> list[DocumentSummary]:
            table, _ = self._table(cur, collection)
            cur.execute(
                f"SELECT DISTINCT ON (document_id) document_id, source, metadata, "
                f"count(*) OVER (PARTITION BY document_id) FROM {table} WHERE {where} "
                "ORDER BY document_id, chunk_index", fargs)
            return [DocumentSummary(document_id=d, source=src, metadata=meta or {}, chunk_count=int(n))
                    for d, src, meta, n in cur.fetchall()]

        return await self._run(docs)

    async def list_chunks(self, collection: str, document_id: str, *, offset: int = 0, limit: int = 30,
                          metadata_filter: dict[str, Any] | None = None) -> list[Chunk]:
        """Chunks ``offset <= chunk_index < offset + limit`` of one document, in order."""
        where, fargs = s.filter_sql(metadata_filter)

        def chunks(cur: Any) -> list[Chunk]:
            table, _ = self._table(cur, collection)
            cur.execute(f"SELECT {s.COLUMNS} FROM {table} WHERE document_id = %s AND chunk_index >= %s "
                        f"AND chunk_index < %s AND {where} ORDER BY chunk_index",
                        [document_id, int(offset), int(offset) + int(limit), *fargs])
            return [_chunk(row)[1] for row in cur.fetchall()]

        return await self._run(chunks)

    async def collection_stats(self, collection: str) -> tuple[int, int]:
        """``(chunks, distinct terms)`` of a collection (from the registry and its term table)."""
        def stats(cur: Any) -> tuple[int, int]:
            table, _ = self._table(cur, collection)
            cur.execute(f"SELECT (SELECT chunks FROM kb_collections WHERE name = %s), count(*) FROM {table}_terms",
                        (collection,))
            n, terms = cur.fetchone()
            return int(n), int(terms)

        return await self._run(stats)

