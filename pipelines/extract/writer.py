"""Write validated candidates to long-term memory: dedup, merge, supersede — never lossy.

The update rule (subject similarity + value difference). Every memory has a subject
``(slot, qualifier)`` and a value (``pipelines.extract.subject``): from the candidate
when the extractor set them, otherwise read from the note with the rule tables
(``rules.describe``), so memories written by a model or before this rule existed take
part too. For each new candidate, against the user's active memories that share its slot
or are among its nearest neighbours (any language: the embedder is multilingual):

1. identical text (content hash) → the existing memory is reinforced (``merged``);
2. the model named an existing memory it updates (``replaces_id``, from the small ids
   shown in its prompt) → that memory is superseded, unless the two are about different
   subjects (then the hint is ignored);
3. same subject (same slot; qualifiers equal after canonicalisation, or similar by the
   embedder across languages; an unqualified event such as "the deadline" matches the
   user's latest one) and **same value** → reinforced (``merged``); **different value** →
   the new memory is stored and the old one is superseded (kept, linked both ways:
   ``superseded_by`` on the old, "replaces #N" on the new);
4. no known subject: a near duplicate (cosine ≥ ``merge_similarity``) is merged only when
   the new text adds nothing (its content words are a subset of the old one's); when the
   new text is a strict superset of the old, the new one supersedes it; otherwise both
   are kept. Distinct facts (different qualifier or object) are never merged, whatever
   their cosine;
5. otherwise a new memory is ``created``.

Restating a value that was superseded reactivates that memory. Every write invalidates the
user's recall cache.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from loguru import logger

from core.labels import ExtractedLabel
from core.telemetry import stage
from memory.embeddings.service import EmbeddingService
from memory.errors import StoreUnavailableError
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.types import MemoryItem, MemoryStatus, NewMemory, content_hash
from pipelines.extract.rules import describe
from pipelines.extract.subject import EVENT_SLOTS, QUALIFIER_SIMILARITY, Subject, same_subject
from pipelines.extract.validate import ValidatedCandidate

#: Nearest active memories compared with each new candidate.
NEIGHBOURS = 8
_STOP = frozenset("""user user's the a an is are was were has have had of to in on at for and or with their they
    them it its be been that this as by from 用户 的 了 是 在 和 与 也 都 很""".split())


@dataclass(frozen=True)
class WriteContext:
    """Where the memories came from."""

    user_id: str
    session_id: str
    trace_id: str
    turn_id: str | None = None
    created_at: datetime | None = None


def _with_value(subj: Subject, content: str) -> Subject:
    """A keyed subject whose value is unknown takes its whole text as value (never "equal" by default)."""
    if subj.slot and subj.value is None:
        return Subject(subj.slot, subj.qualifier, " ".join(sorted(content_words(content))))
    return subj


def subject_of(item: MemoryItem) -> Subject:
    """The subject of a stored memory: from its metadata, else read from its text."""
    meta = item.metadata or {}
    if meta.get("slot") and "value" in meta:
        return _with_value(Subject(meta["slot"], meta.get("qualifier"), meta.get("value")), item.content)
    if meta.get("slot"):
        found = describe(item.content)
        return _with_value(found if found.slot == meta["slot"] else Subject(meta["slot"]), item.content)
    return describe(item.content)


def content_words(text: str) -> set[str]:
    """Words (English), characters (Chinese) and numbers that carry content."""
    tokens = re.findall(r"\[[^\]]+\]|[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]", text.casefold())
    return {t for t in tokens if t not in _STOP and t not in "用户的了是在"}


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

    async def similar(self, user_id: str, text: str, limit: int = 5) -> list[tuple[int, str]]:
        """The user's active memories nearest to ``text`` as ``(id, content)``, nearest first.

        Pass them to ``extract_with_llm(..., existing=...)`` so the model sees them with
        small ids and can say which one a new fact updates.
        """
        vector = await self._embeddings.embed_query(text)
        hits = await self._store.search(user_id, vector, self._embeddings.model_id, limit=limit)
        return [(h.item.id, h.item.content) for h in hits]

    async def write(self, ctx: WriteContext, validated: list[ValidatedCandidate]) -> list[ExtractedLabel]:
        """Store each candidate; returns what happened to each, in order.

        A label's ``action`` is ``created``, ``merged`` (``memory_id`` is the memory that
        was reinforced) or ``superseded`` (a new memory ``memory_id`` replaced
        ``supersedes_id``; ``reason`` says "replaces #N" and lists every replaced id).
        """
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

    async def _pool(self, user_id: str, subj: Subject, vector: np.ndarray) -> tuple[list[MemoryItem], dict[int, float]]:
        hits = await self._store.search(user_id, vector, self._embeddings.model_id, limit=NEIGHBOURS)
        sims = {h.item.id: h.similarity for h in hits}
        pool = {h.item.id: h.item for h in hits}
        if subj.slot:
            for item in await self._store.find_by_slot(user_id, subj.slot):
                pool.setdefault(item.id, item)
        return list(pool.values()), sims

    async def _same(self, new: Subject, olds: list[tuple[MemoryItem, Subject]]) -> list[MemoryItem]:
        """The memories among ``olds`` about the same subject as ``new``."""
        same: list[MemoryItem] = []
        loose: list[MemoryItem] = []
        unsure: list[tuple[MemoryItem, Subject]] = []
        for item, subj in olds:
            verdict = same_subject(new, subj)
            if verdict is None:
                unsure.append((item, subj))
            elif verdict and new.slot in EVENT_SLOTS and new.qualifier != subj.qualifier:
                loose.append(item)
            elif verdict:
                same.append(item)
        if unsure:
            vecs = await self._embeddings.embed_passages([new.qualifier or ""] + [s.qualifier or "" for _, s in unsure])
            for (item, _), vec in zip(unsure, vecs[1:]):
                if float(np.dot(vecs[0], vec)) >= QUALIFIER_SIMILARITY:
                    same.append(item)
        if loose and not same:
            same.append(max(loose, key=lambda i: (i.created_at, i.id)))  # the user's latest such event
        return same

    async def _write_one(self, ctx: WriteContext, v: ValidatedCandidate, vector: np.ndarray) -> ExtractedLabel:
        cand = v.candidate
        label = dict(memory_type=cand.memory_type.value, content=cand.content, importance=cand.importance,
                     masked_kinds=list(v.masked_kinds))
        subj = Subject(cand.slot, cand.qualifier, cand.value) if cand.slot and cand.value else describe(cand.content)
        if cand.slot and not subj.slot:
            subj = Subject(cand.slot, cand.qualifier, cand.value)
        subj = _with_value(subj, cand.content)
        digest = content_hash(ctx.user_id, cand.content)
        pool, sims = await self._pool(ctx.user_id, subj, vector)
        same_text = next((i for i in pool if i.content_hash == digest), None)
        if same_text is not None:
            await self._store.reinforce(ctx.user_id, same_text.id, cand.importance)
            return ExtractedLabel(**label, action="merged", memory_id=same_text.id, reason=f"same as #{same_text.id}")
        subjects = [(item, subject_of(item)) for item in pool]
        replaced: list[MemoryItem] = []
        if cand.replaces_id is not None:
            target = next(((i, s) for i, s in subjects if i.id == cand.replaces_id), None)
            if target is not None and not (subj.keyed and target[1].keyed and same_subject(subj, target[1]) is False):
                replaced.append(target[0])
        if subj.keyed:
            same = await self._same(subj, [(i, s) for i, s in subjects if s.keyed])
            equal = [i for i in same if subject_of(i).value == subj.value]
            if equal and len(equal) == len(same) and not replaced:
                await self._store.reinforce(ctx.user_id, equal[0].id, cand.importance)
                return ExtractedLabel(**label, action="merged", memory_id=equal[0].id,
                                      reason=f"same {subj.slot} as #{equal[0].id}")
            replaced += [i for i in same if i not in replaced]
        elif not replaced:
            new_words = content_words(cand.content)
            for item, s in subjects:
                if s.keyed or sims.get(item.id, 0.0) < self._merge_similarity or item.memory_type != cand.memory_type:
                    continue
                old_words = content_words(item.content)
                if new_words <= old_words:
                    await self._store.reinforce(ctx.user_id, item.id, cand.importance)
                    return ExtractedLabel(**label, action="merged", memory_id=item.id,
                                          reason=f"similar to #{item.id} ({sims[item.id]:.3f}), adds nothing")
                if old_words < new_words:
                    replaced.append(item)
        return await self._store_new(ctx, v, vector, subj, replaced, label)

    async def _store_new(self, ctx: WriteContext, v: ValidatedCandidate, vector: np.ndarray, subj: Subject,
                         replaced: list[MemoryItem], label: dict) -> ExtractedLabel:
        cand = v.candidate
        metadata: dict = {}
        if subj.slot:
            metadata.update(slot=subj.slot, qualifier=subj.qualifier, value=subj.value)
        if cand.supersedes:
            metadata["supersedes_hint"] = cand.supersedes
        result = await self._store.add(
            NewMemory(user_id=ctx.user_id, memory_type=cand.memory_type, content=cand.content,
                      importance=cand.importance, source_session=ctx.session_id, source_turn=ctx.turn_id,
                      trace_id=ctx.trace_id, metadata=metadata, created_at=ctx.created_at),
            vector, self._embeddings.model_id,
        )
        item = result.item
        if not result.created:
            if item.status == MemoryStatus.SUPERSEDED:
                item = await self._store.reactivate(ctx.user_id, item.id)
            else:
                await self._store.reinforce(ctx.user_id, item.id, cand.importance)
                if not replaced:
                    return ExtractedLabel(**label, action="merged", memory_id=item.id, reason=f"same as #{item.id}")
        old = [r for r in replaced if r.id != item.id]
        for r in old:
            await self._store.supersede(ctx.user_id, r.id, item.id)
        if old:
            ids = ", ".join(f"#{r.id}" for r in old)
            return ExtractedLabel(**label, action="superseded", memory_id=item.id, supersedes_id=old[0].id,
                                  reason=f"replaces {ids}")
        return ExtractedLabel(**label, action="created", memory_id=item.id)
