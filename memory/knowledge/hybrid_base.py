"""``HybridKnowledgeBase``: AgentScope's ``KnowledgeBase`` searching lexical + vector on ``PgVectorStore``.

The AgentScope handle embeds queries and chunks with one call; here queries are embedded as
queries (the e5 ``query:`` side, when the model offers ``embed_queries``) and searched with
:meth:`PgVectorStore.hybrid_search` — BM25 over the same tokens memory recall uses (English
words, Chinese bigrams) fused with cosine by RRF, the lexical side weighted down for a mostly
Chinese query as in memory recall, and deferring to the dense rank on chunks written in a script
the query's terms cannot match (:mod:`memory.knowledge.fusion`: a Chinese question about an
English document). Chunks quarantined at ingest (``metadata.quarantined``)
are excluded in SQL: they are listed with their document, never returned by a search.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from agentscope.message import DataBlock, TextBlock
from agentscope.rag import Chunk, KnowledgeBase, VectorSearchResult

from memory.knowledge.pg_hybrid import DEFAULT_PARAMS, HybridParams
from memory.knowledge.pgvector_store import HybridResult, PgVectorStore
from memory.lexical import cjk_share

QUARANTINE_KEY = "quarantined"
EXCLUDED = {QUARANTINE_KEY: True}


class HybridKnowledgeBase(KnowledgeBase):
    """A knowledge base on ``PgVectorStore`` whose search is hybrid.

    Args:
        name: Display name.
        description: What it holds (shown to agents).
        embedding_model: The embedder (``ServerEmbeddingModel`` or any ``EmbeddingModelBase``).
        vector_store: The ``PgVectorStore``.
        collection: Its collection.
        metadata_filter: Optional scope forced onto every record.
        params: Fusion knobs.
        lexical_weight_cjk: Lexical weight for a mostly Chinese query.
        on_inserted: Awaited with ``(document_id, chunks)`` after a document's chunks are stored.
    """

    def __init__(self, name: str, description: str, embedding_model: object, vector_store: PgVectorStore,
                 collection: str, metadata_filter: dict[str, Any] | None = None, params: HybridParams = DEFAULT_PARAMS,
                 lexical_weight_cjk: float = 0.5,
                 on_inserted: Callable[[str, list[Chunk]], Awaitable[None]] | None = None) -> None:
        super().__init__(name=name, description=description, embedding_model=embedding_model,  # type: ignore[arg-type]
                         vector_store=vector_store, collection=collection, metadata_filter=metadata_filter)
        self.store = vector_store
        self.params = params
        self.lexical_weight_cjk = lexical_weight_cjk
        self.on_inserted = on_inserted

    async def insert_document(self, chunks: list[Chunk], document_id: str | None = None,
                              document_metadata: dict[str, Any] | None = None) -> str:
        """AgentScope's insert, then ``on_inserted``."""
        stored = await super().insert_document(chunks, document_id, document_metadata)
        if self.on_inserted is not None and chunks:
            await self.on_inserted(stored, chunks)
        return stored

    async def _query_vectors(self, texts: list[str]) -> list[list[float]]:
        model = self.embedding_model
        embed = getattr(model, "embed_queries", None)
        if embed is not None:
            vectors: list[list[float]] = await embed(texts)
            return vectors
        response = await model(texts)
        return list(response.embeddings)

    async def hybrid(self, query: str, top_k: int = 5) -> list[HybridResult]:
        """The fused hits of one query with their score breakdown (quarantined chunks excluded)."""
        await self.ensure_collection()
        [vector] = await self._query_vectors([query])
        params = self.params
        if cjk_share(query) > 0.5:
            params = replace(params, lexical_weight=min(params.lexical_weight, self.lexical_weight_cjk))
        return await self.store.hybrid_search(self.collection, vector, query, top_k=top_k,
                                              metadata_filter=self.metadata_filter, metadata_exclude=EXCLUDED,
                                              params=params)

    async def search(self, queries: list[str | TextBlock | DataBlock], top_k: int = 5,
                     score_threshold: float | None = None) -> list[VectorSearchResult]:
        """Hybrid hits of every text query, deduplicated by ``(document_id, chunk_index)``, best first."""
        texts = [q.text if isinstance(q, TextBlock) else q for q in queries if not isinstance(q, DataBlock)]
        best: dict[tuple[str, int], VectorSearchResult] = {}
        for text in texts:
            for hit in await self.hybrid(str(text), top_k):
                r = hit.result
                if score_threshold is not None and r.score < score_threshold:
                    continue
                key = (r.document_id, r.chunk.chunk_index)
                if key not in best or r.score > best[key].score:
                    best[key] = r
        return sorted(best.values(), key=lambda r: r.score, reverse=True)[:top_k]
