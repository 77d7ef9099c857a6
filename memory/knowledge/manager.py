"""``PgKnowledgeBaseManager``: AgentScope's collection-per-knowledge-base manager on ``PgVectorStore``.

Records live in the service's storage (AgentScope's ``KnowledgeBaseRecord``); each knowledge
base owns one collection. The runtime handle is a :class:`HybridKnowledgeBase` embedding with
the server's embedder (the one memory uses), whatever credential the record names: this
server keeps no provider keys, and a record pinned to another model is refused.
"""
from __future__ import annotations

from agentscope.app.rag import CollectionPerKbManager, KnowledgeBaseNotFoundError
from agentscope.app.storage import StorageBase
from collections.abc import Awaitable, Callable
from functools import partial

from agentscope.rag import Chunk, KnowledgeBase

from memory.knowledge.embedding import ServerEmbeddingModel
from memory.knowledge.hybrid_base import HybridKnowledgeBase
from memory.knowledge.pg_hybrid import DEFAULT_PARAMS, HybridParams
from memory.knowledge.pgvector_store import PgVectorStore


class PgKnowledgeBaseManager(CollectionPerKbManager):
    """Knowledge bases as collections of one ``PgVectorStore``.

    Args:
        storage: The service storage holding the records.
        vector_store: The store.
        embedding_class: The bound server embedder (``server_embedding_class``).
        params: Hybrid search knobs.
        on_inserted: Awaited with ``(owner, knowledge base id, document id, chunks)`` after a
            document is indexed (the composition root drops raw binaries holding personal data).
    """

    def __init__(self, storage: StorageBase, vector_store: PgVectorStore,
                 embedding_class: type[ServerEmbeddingModel], params: HybridParams = DEFAULT_PARAMS,
                 on_inserted: Callable[[str, str, str, list[Chunk]], Awaitable[None]] | None = None) -> None:
        super().__init__(storage, vector_store)
        self.on_inserted = on_inserted
        self.store = vector_store
        self.embedding_class = embedding_class
        self.params = params

    async def get_knowledge(self, user_id: str, knowledge_base_id: str) -> KnowledgeBase:
        """The hybrid handle of one of ``user_id``'s knowledge bases.

        Raises:
            KnowledgeBaseNotFoundError: Not one of this owner's.
        """
        record = await self._storage.get_knowledge_base(user_id, knowledge_base_id)
        if record is None:
            raise KnowledgeBaseNotFoundError(f"Knowledge base {knowledge_base_id!r} not found.")
        cfg = record.data.embedding_model_config
        model = self.embedding_class(model=cfg.model, dimensions=cfg.dimensions)
        return HybridKnowledgeBase(name=record.data.name, description=record.data.description,
                                   embedding_model=model, vector_store=self.store,
                                   collection=record.data.collection_name, params=self.params,
                                   on_inserted=None if self.on_inserted is None
                                   else partial(self.on_inserted, user_id, knowledge_base_id))
