"""Knowledge recall in the turn: the session's attached knowledge bases, searched beside memory.

The turn asks a :class:`KnowledgeRecall` (built by the composition root over AgentScope's
knowledge-base manager) for the chunks of the bases attached to the session — by the web
UI's attachment form, the ``/kb attach`` command or AGENTS.md — and fits them in the
profile's knowledge share as a quoted block (``pipelines.context.knowledge_block``) with the
document name and chunk as source. Quarantined chunks never come back (excluded in SQL).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pipelines.context.knowledge_block import KnowledgeNote


@dataclass(frozen=True)
class KnowledgeHit:
    """One recalled chunk with its score breakdown (for ``/why`` and the inspector).

    Attributes:
        knowledge_base_id: The base.
        knowledge_base: Its name.
        document_id: The document.
        source: The document's file name.
        chunk_index: 0-based index of the chunk in its document.
        total_chunks: Chunks of the document.
        content: The chunk's (masked) text.
        score: Fused RRF score.
        similarity: Cosine similarity to the query.
        bm25: Lexical score (0 when no term matched).
        dense_rank: Rank on the dense side, if any.
        lexical_rank: Rank on the lexical side, if any.
    """

    knowledge_base_id: str
    knowledge_base: str
    document_id: str
    source: str
    chunk_index: int
    total_chunks: int
    content: str
    score: float
    similarity: float
    bm25: float
    dense_rank: int | None
    lexical_rank: int | None

    @property
    def id(self) -> str:
        """``<knowledge base>/<document>#<chunk>``."""
        return f"{self.knowledge_base_id}/{self.document_id}#{self.chunk_index}"

    def note(self) -> KnowledgeNote:
        """The chunk as the context builder takes it."""
        return KnowledgeNote(id=self.id, content=self.content, knowledge_base=self.knowledge_base, score=self.score,
                             source=f"{self.source}, chunk {self.chunk_index + 1} of {self.total_chunks}")

    def label(self, injected: bool) -> dict[str, Any]:
        """The hit as a turn label (no chunk text beyond a preview)."""
        return {"id": self.id, "knowledge_base": self.knowledge_base, "source": self.source,
                "chunk": self.chunk_index, "score": round(self.score, 4), "similarity": round(self.similarity, 4),
                "bm25": round(self.bm25, 4), "dense_rank": self.dense_rank, "lexical_rank": self.lexical_rank,
                "injected": injected, "preview": self.content[:160]}


class KnowledgeRecall(Protocol):
    """Searches the knowledge bases attached to a session, for its verified user only."""

    async def recall(self, user_id: str, session_id: str, query: str) -> list[KnowledgeHit]:
        """The best chunks of the session's attached bases, best first (``[]`` when none is attached)."""
        ...
