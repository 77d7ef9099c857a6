"""The service's knowledge recall: the bases attached to one agent's session, for its verified user.

Attached are the ids in the session record's ``knowledge_config`` (the web UI's attachment
form; the terminal chat's ``/kb attach NAME`` is ``app.chat_kb``) plus the shared team bases the
running AGENTS.md names (``memory_access.knowledge_bases``). Every id is resolved through
AgentScope's access service, so only the user's own bases and the team bases the deployment
shares are ever searched; a base that cannot be resolved (deleted, no longer shared) is skipped.
"""
from __future__ import annotations

from collections.abc import Callable

from agentscope.app._service import ResourceAccessService
from agentscope.app.access import ResourceAccessPolicyBase
from agentscope.app.storage import KnowledgeBaseRecord, StorageBase
from fastapi import HTTPException

from app.service.knowledge_routes import TEAM_OWNER
from memory.knowledge.hybrid_base import HybridKnowledgeBase
from memory.knowledge.manager import PgKnowledgeBaseManager
from pipelines.knowledge.recall import KnowledgeHit

TOP_K = 6
MIN_SIMILARITY = 0.80
"""A chunk with no query term and a cosine below this is not about the question (e5 scale)."""


async def search_base(manager: PgKnowledgeBaseManager, record: KnowledgeBaseRecord, query: str,
                      top_k: int = TOP_K) -> list[KnowledgeHit]:
    """The best chunks of one base for ``query`` (the caller has checked the user may read it).

    A chunk that shares no term with the query and whose cosine is below :data:`MIN_SIMILARITY`
    is left out: it is only the nearest of unrelated text.
    """
    kb = await manager.get_knowledge(record.user_id, record.id)
    if not isinstance(kb, HybridKnowledgeBase):
        raise TypeError(f"knowledge base {record.id} is not on the hybrid pgvector store")
    hits: list[KnowledgeHit] = []
    for h in await kb.hybrid(query, top_k):
        if h.lexical_rank is None and h.similarity < MIN_SIMILARITY:
            continue
        r = h.result
        hits.append(KnowledgeHit(
            knowledge_base_id=record.id, knowledge_base=record.data.name, document_id=r.document_id,
            source=r.chunk.source, chunk_index=r.chunk.chunk_index, total_chunks=r.chunk.total_chunks,
            content=getattr(r.chunk.content, "text", ""), score=r.score, similarity=h.similarity, bm25=h.bm25,
            dense_rank=h.dense_rank, lexical_rank=h.lexical_rank))
    return hits


class SessionKnowledge:
    """``KnowledgeRecall`` for one agent's sessions.

    Args:
        storage: The service storage (sessions and knowledge-base records).
        manager: The knowledge-base manager.
        policy: The access policy (team bases).
        team_names: The team bases the deployment shares (read at each turn).
        agent_id: The agent whose session records hold the attachments.
        top_k: Chunks recalled per turn across all attached bases.
    """

    def __init__(self, storage: StorageBase, manager: PgKnowledgeBaseManager, policy: ResourceAccessPolicyBase,
                 team_names: Callable[[], set[str]], agent_id: str, top_k: int = TOP_K) -> None:
        self.storage = storage
        self.manager = manager
        self.access = ResourceAccessService(storage, policy)
        self.team_names = team_names
        self.agent_id = agent_id
        self.top_k = top_k

    async def attached(self, user_id: str, session_id: str) -> list[str]:
        """Ids attached to the session, then the deployment's team bases."""
        ids: list[str] = []
        session = await self.storage.get_session(user_id, self.agent_id, session_id)
        cfg = getattr(getattr(session, "config", None), "knowledge_config", None)
        if cfg is not None:
            ids += list(cfg.knowledge_base_ids)
        names = self.team_names()
        if names:
            ids += [r.id for r in await self.storage.list_knowledge_bases(TEAM_OWNER) if r.data.name in names]
        return list(dict.fromkeys(ids))

    async def recall(self, user_id: str, session_id: str, query: str) -> list[KnowledgeHit]:
        """The best chunks of every attached base the user may read, best first."""
        hits: list[KnowledgeHit] = []
        for kb_id in await self.attached(user_id, session_id):
            try:
                record = await self.access.resolve_knowledge_base(user_id, kb_id)
            except HTTPException:
                continue  # deleted or no longer shared: skipped, as AgentScope's chat does
            hits += await search_base(self.manager, record, query, self.top_k)
        hits.sort(key=lambda h: -h.score)
        return hits[: self.top_k]
