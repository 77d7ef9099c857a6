"""Write validated candidates to long-term memory: dedup, merge, supersede.

Order per candidate:
1. same slot (e.g. ``residence``) already held by an active memory with other content
   -> the new memory is stored and the old one is **superseded** (kept, linked);
2. identical content hash -> the existing memory is reinforced (``merged``);
3. a memory of the same type at or above ``merge_similarity`` -> reinforced (``merged``);
4. otherwise a new memory is ``created``.
Every write invalidates the user's recall cache.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from loguru import logger

from core.labels import ExtractedLabel
from core.telemetry import stage
from memory.embeddings.service import EmbeddingService
from memory.errors import StoreUnavailableError
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.types import NewMemory, content_hash
from pipelines.extract.validate import ValidatedCandidate


@dataclass(frozen=True)
class WriteContext:
    """Where the memories came from."""

    user_id: str
    session_id: str
    trace_id: str
    turn_id: str | None = None
    created_at: datetime | None = None


class MemoryWriter:
    """Stores validated candidates for one user at a time."""

    def __init__(
        self,
        store: LongTermStore,
        embeddings: EmbeddingService,
        cache: ShortTermStore | None = None,
        merge_similarity: float = 0.95,
    ) -> None:
        self._store = store
        self._embeddings = embeddings
        self._cache = cache
        self._merge_similarity = merge_similarity

    async def write(self, ctx: WriteContext, validated: list[ValidatedCandidate]) -> list[ExtractedLabel]:
        """Store each candidate; returns what happened to each, in order."""
        if not validated:
            return []
        with stage("store", candidates=len(validated)):
            vectors = await self._embeddings.embed_passages([v.candidate.content for v in validated])
            labels = [await self._write_one(ctx, v, vec) for v, vec in zip(validated, vectors)]
        if self._cache is not None:
            try:
                await self._cache.cache_invalidate(ctx.user_id)
            except StoreUnavailableError as exc:  # the memories are stored; a down cache serves nothing
                logger.warning("could not invalidate the recall cache (short-term tier down): {}", exc)
        return labels

    async def _write_one(self, ctx: WriteContext, v: ValidatedCandidate, vector) -> ExtractedLabel:  # noqa: ANN001
        cand = v.candidate
        label = dict(
            memory_type=cand.memory_type.value,
            content=cand.content,
            importance=cand.importance,
            masked_kinds=list(v.masked_kinds),
        )
        digest = content_hash(ctx.user_id, cand.content)
        holders = await self._store.find_by_slot(ctx.user_id, cand.slot) if cand.slot else []
        if any(h.content_hash == digest for h in holders):
            same = next(h for h in holders if h.content_hash == digest)
            await self._store.reinforce(ctx.user_id, same.id, cand.importance)
            return ExtractedLabel(**label, action="merged", memory_id=same.id)
        if not holders:
            hits = await self._store.search(
                ctx.user_id, vector, self._embeddings.model_id, limit=3, types=[cand.memory_type]
            )
            for hit in hits:
                if hit.item.content_hash == digest or hit.similarity >= self._merge_similarity:
                    await self._store.reinforce(ctx.user_id, hit.item.id, cand.importance)
                    return ExtractedLabel(
                        **label, action="merged", memory_id=hit.item.id,
                        reason=f"similar to #{hit.item.id} ({hit.similarity:.3f})",
                    )
        metadata = {"slot": cand.slot} if cand.slot else {}
        if cand.supersedes:
            metadata["supersedes_hint"] = cand.supersedes
        result = await self._store.add(
            NewMemory(
                user_id=ctx.user_id,
                memory_type=cand.memory_type,
                content=cand.content,
                importance=cand.importance,
                source_session=ctx.session_id,
                source_turn=ctx.turn_id,
                trace_id=ctx.trace_id,
                metadata=metadata,
                created_at=ctx.created_at,
            ),
            vector,
            self._embeddings.model_id,
        )
        new_id = result.item.id
        if not result.created:
            await self._store.reinforce(ctx.user_id, new_id, cand.importance)
            return ExtractedLabel(**label, action="merged", memory_id=new_id)
        old = [h for h in holders if h.id != new_id]
        for h in old:
            await self._store.supersede(ctx.user_id, h.id, new_id)
        if old:
            return ExtractedLabel(**label, action="superseded", memory_id=new_id, supersedes_id=old[0].id)
        return ExtractedLabel(**label, action="created", memory_id=new_id)
