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

Restating a value that was superseded reactivates that memory. A candidate that opens with an
unresolved he/she and replaces one note about a person of the user is stored naming that person
(「他去年跳槽了，现在在京东」 replacing 「用户表哥在阿里做运营。」 → 「用户表哥去年跳槽了，现在在京东。」). Every write invalidates the
user's recall cache.

The decision is the pure function :func:`pipelines.extract.decision.decide`; the writer reads
the pool, measures it, and applies the decision with ``LongTermStore.apply``: add and
supersede in one transaction under the user's write lock. A decision made on memories that
another concurrent write changed meanwhile is not applied; it is made again on fresh ones.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import numpy as np
from loguru import logger

from core.labels import ExtractedLabel
from core.telemetry import stage
from memory.search_params import MERGE_SIMILARITY
from memory.embeddings.service import EmbeddingService
from memory.errors import StoreUnavailableError
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.types import ChangeResult, MemoryChange, MemoryItem, MemoryStatus, NewMemory, content_hash
from pipelines.extract.candidate import Candidate
from pipelines.extract.decision import Decision, Merge, Skip, Supersede, decide
from pipelines.extract.decision_types import PoolEntry, Proposal
from pipelines.extract.replacement import content_words
from pipelines.extract.rules import describe
from pipelines.extract.slot_head import SlotHead, load_slot_head
from pipelines.extract.slots import resolve_pronoun
from pipelines.extract.subject import QUALIFIER_SIMILARITY, Subject, same_subject
from pipelines.extract.validate import ValidatedCandidate

#: Nearest active memories compared with each new candidate.
NEIGHBOURS = 8
#: Decisions made before a write goes through unconditionally (each retry follows another write of the user).
WRITE_ATTEMPTS = 5
#: Cosine a memory needs to the candidate to be scored by the same-slot head (replaced pairs measured: >= 0.77).
HEAD_FLOOR = 0.72
#: At most this many of the nearest memories are scored by the head.
HEAD_ENTRIES = 4
#: Passage vectors of notes kept in process (the head re-reads the pool's vectors; the store returns none).
VECTOR_CACHE = 2048


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


class MemoryWriter:
    """Stores validated candidates for one user at a time."""

    def __init__(
        self,
        store: LongTermStore,
        embeddings: EmbeddingService,
        cache: ShortTermStore | None = None,
        merge_similarity: float = MERGE_SIMILARITY,
    ) -> None:
        self._store = store
        self._embeddings = embeddings
        self._cache = cache
        self._merge_similarity = merge_similarity
        head = load_slot_head()
        self._head: SlotHead | None = head if head is not None and head.model_id == embeddings.model_id else None
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    @property
    def embeddings(self) -> EmbeddingService:
        """The embedding service the writer encodes with (its query cache is the turn's)."""
        return self._embeddings

    async def active(self, user_id: str, limit: int = 200) -> list[MemoryItem]:
        """The user's active memories, newest first."""
        return await self._store.list(user_id, (MemoryStatus.ACTIVE,), limit)

    async def superseded(self, user_id: str, limit: int = 200) -> list[MemoryItem]:
        """The user's superseded memories (the history of the active ones, never recalled), newest first."""
        return await self._store.list(user_id, (MemoryStatus.SUPERSEDED,), limit)

    async def nearest(self, user_id: str, query: str, limit: int = 50) -> dict[int, float]:
        """Cosine of the user's active memories nearest to ``query`` (a query encoding), by id."""
        vector = await self._embeddings.embed_query(query)
        hits = await self._store.search(user_id, vector, self._embeddings.model_id, limit=limit)
        return {h.item.id: h.similarity for h in hits}

    async def forget(self, user_id: str, memory_id: int, reason: str) -> None:
        """Archive one of the user's memories (kept for audit, never recalled) and drop cached recalls."""
        await self._store.archive(user_id, memory_id, reason)
        if self._cache is not None:
            await self._cache.cache_invalidate(user_id)

    async def rewrite(self, user_id: str, memory_id: int, content: str, reason: str) -> int:
        """Replace a memory by ``content`` (a part of it): the new memory keeps the old one's source and type and
        names it (``rewritten_from``), the old one is archived with ``reason`` (kept for audit). The new id."""
        old = await self._store.get(user_id, memory_id)
        vector = (await self._embeddings.embed_passages([content]))[0]
        new = NewMemory(user_id=user_id, memory_type=old.memory_type, content=content, importance=old.importance,
                        source_session=old.source_session, source_turn=old.source_turn, trace_id=old.trace_id,
                        metadata={"rewritten_from": memory_id}, created_at=old.created_at)
        added = await self._store.add(new, vector, self._embeddings.model_id)
        await self.forget(user_id, memory_id, f"{reason} (kept part: #{added.item.id})")
        return added.item.id

    async def session_notes(self, user_id: str, session_id: str, limit: int = 6) -> list[tuple[int, str]]:
        """The user's active memories written in this session, newest first, as ``(id, content)``."""
        items = await self._store.list(user_id, (MemoryStatus.ACTIVE,), 100)
        return [(i.id, i.content) for i in items if i.source_session == session_id][:limit]

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
            for v, vec in zip(validated, vectors):
                self._remember_vector(v.candidate.content, vec)
            labels = [await self._write_one(ctx, v, vec) for v, vec in zip(validated, vectors)]
        if self._cache is not None:
            try:
                await self._cache.cache_invalidate(ctx.user_id)
            except StoreUnavailableError as exc:  # the memories are stored; a down cache serves nothing
                logger.warning("could not invalidate the recall cache (short-term tier down): {}", exc)
        return labels

    async def _pool(self, user_id: str, subj: Subject, vector: np.ndarray, turn_id: str | None = None,
                    session_id: str | None = None) -> list[PoolEntry]:
        """The user's active memories near ``vector`` and of ``subj``'s slot, as the decision sees them
        (``turn_id``, ``session_id``: the candidate's turn and session, so notes of the same message and of
        the same conversation are marked)."""
        hits = await self._store.search(user_id, vector, self._embeddings.model_id, limit=NEIGHBOURS)
        sims = {h.item.id: h.similarity for h in hits}
        items = {h.item.id: h.item for h in hits}
        if subj.slot:
            for item in await self._store.find_by_slot(user_id, subj.slot):
                items.setdefault(item.id, item)
        entries = [PoolEntry(i.id, i.content, i.memory_type, subject_of(i), i.content_hash, i.created_at,
                             sims.get(i.id, 0.0), same_turn=turn_id is not None and i.source_turn == turn_id,
                             same_session=session_id is not None and i.source_session == session_id)
                   for i in items.values()]
        return await self._qualifiers(subj, entries)

    def _remember_vector(self, content: str, vector: np.ndarray) -> None:
        self._vectors[content] = vector
        self._vectors.move_to_end(content)
        while len(self._vectors) > VECTOR_CACHE:
            self._vectors.popitem(last=False)

    async def _scored(self, content: str, vector: np.ndarray, entries: list[PoolEntry]) -> list[PoolEntry]:
        """The nearest entries scored by the same-slot head (does ``content`` replace each?)."""
        if self._head is None:
            return entries
        near = _head_entries(content, entries)
        await self._embed_missing([e.content for e in near if e.content not in self._vectors])
        head = self._head
        scores = {e.id: head.score(self._vectors[e.content], vector, e.content, content) for e in near
                  if e.content in self._vectors}
        return [replace(e, replaces=scores[e.id]) if e.id in scores else e for e in entries]

    async def _embed_missing(self, missing: list[str]) -> None:
        """Embed the notes the vector cache lacks and keep their vectors."""
        if missing:
            for text, vec in zip(missing, await self._embeddings.embed_passages(missing)):
                self._remember_vector(text, vec)

    async def _qualifiers(self, subj: Subject, entries: list[PoolEntry]) -> list[PoolEntry]:
        """Qualifiers of one slot the lexicon cannot compare (two languages) compared by the embedder."""
        unsure = [e for e in entries if e.subject.keyed and same_subject(subj, e.subject) is None]
        if not unsure:
            return entries
        vecs = await self._embeddings.embed_passages([subj.qualifier or ""] + [e.subject.qualifier or "" for e in unsure])
        return _with_similar(entries, {e.id: float(np.dot(vecs[0], v)) >= QUALIFIER_SIMILARITY
                                       for e, v in zip(unsure, vecs[1:])})

    async def _write_one(self, ctx: WriteContext, v: ValidatedCandidate, vector: np.ndarray) -> ExtractedLabel:
        """Decide on fresh memories and apply under the user's lock; decide again when another write got in first."""
        cand = v.candidate
        label: dict[str, Any] = dict(memory_type=cand.memory_type.value, content=cand.content, importance=cand.importance,
                     masked_kinds=list(v.masked_kinds))
        subj = candidate_subject(cand)
        proposal = Proposal(cand.content, cand.memory_type, subj, content_hash(ctx.user_id, cand.content),
                            cand.replaces_id, cand.changes, cand.adds, cand.repairs)
        for attempt in range(WRITE_ATTEMPTS):
            version = await self._store.write_version(ctx.user_id)
            pool = await self._scored(cand.content, vector, await self._pool(ctx.user_id, subj, vector, ctx.turn_id,
                                                                                 ctx.session_id))
            decision = decide(proposal, pool, self._merge_similarity)
            if isinstance(decision, Skip):
                return ExtractedLabel(**label, action="skipped", reason=decision.reason)
            named = _named_by_replaced(cand.content, decision, pool)
            if named is not None:  # "他去年跳槽了" replacing 「用户表哥在阿里做运营。」: 他 is the cousin
                cand, vector = replace(cand, content=named), (await self._embeddings.embed_passages([named]))[0]
                label["content"] = named
            last = attempt == WRITE_ATTEMPTS - 1
            result = await self._store.apply(ctx.user_id, self._change(ctx, cand, subj, vector, decision,
                                                                       None if last else version),
                                             self._embeddings.model_id)
            if result.applied:
                return _label(label, decision, result)
            logger.info("memories of the user changed during the write; deciding again (attempt {})", attempt + 2)
        raise AssertionError("unreachable: the last attempt is unconditional")

    def _change(self, ctx: WriteContext, cand: Candidate, subj: Subject, vector: np.ndarray, decision: Decision,
                expect: str | None) -> MemoryChange:
        if isinstance(decision, Merge):
            return MemoryChange(reinforce=decision.id, importance=cand.importance, expect=expect)
        metadata: dict[str, Any] = {}
        if subj.slot:
            metadata.update(slot=subj.slot, qualifier=subj.qualifier, value=subj.value)
        if cand.supersedes:
            metadata["supersedes_hint"] = cand.supersedes
        new = NewMemory(user_id=ctx.user_id, memory_type=cand.memory_type, content=cand.content,
                        importance=cand.importance, source_session=ctx.session_id, source_turn=ctx.turn_id,
                        trace_id=ctx.trace_id, metadata=metadata, created_at=ctx.created_at)
        olds = decision.ids if isinstance(decision, Supersede) else ()
        return MemoryChange(new=new, embedding=vector, supersede=olds, importance=cand.importance, expect=expect)


def _named_by_replaced(content: str, decision: Decision, pool: list[PoolEntry]) -> str | None:
    """The candidate with its unresolved he/she named as the one note it replaces names its person, if so."""
    if not isinstance(decision, Supersede) or len(decision.ids) != 1:
        return None
    old = next((e.content for e in pool if e.id == decision.ids[0]), None)
    return resolve_pronoun(content, old) if old is not None else None


def _head_entries(content: str, entries: list[PoolEntry]) -> list[PoolEntry]:
    """The entries the same-slot head scores: the nearest few above its floor, other than ``content`` itself."""
    return sorted((e for e in entries if e.similarity >= HEAD_FLOOR and e.content != content),
                  key=lambda e: -e.similarity)[:HEAD_ENTRIES]


def _with_similar(entries: list[PoolEntry], similar: dict[int, bool]) -> list[PoolEntry]:
    """The entries with the embedder's qualifier verdict where it was asked."""
    return [replace(e, qualifier_similar=similar[e.id]) if e.id in similar else e for e in entries]


def candidate_subject(cand: Candidate) -> Subject:
    """The candidate's subject: as the extractor set it, else read from its note; a keyed one always has a value."""
    subj = Subject(cand.slot, cand.qualifier, cand.value) if cand.slot and cand.value else describe(cand.content)
    if cand.slot and not subj.slot:
        subj = Subject(cand.slot, cand.qualifier, cand.value)
    return _with_value(subj, cand.content)


def _label(label: dict[str, Any], decision: Decision, result: ChangeResult) -> ExtractedLabel:
    """What happened to one candidate, for the turn's labels."""
    item = result.item
    assert item is not None
    if result.superseded:
        ids = ", ".join(f"#{i}" for i in result.superseded)
        return ExtractedLabel(**label, action="superseded", memory_id=item.id, supersedes_id=result.superseded[0],
                              reason=f"replaces {ids}")
    if isinstance(decision, Merge):
        return ExtractedLabel(**label, action="merged", memory_id=item.id, reason=decision.reason)
    if not result.created and not result.reactivated:
        return ExtractedLabel(**label, action="merged", memory_id=item.id, reason=f"same as #{item.id}")
    return ExtractedLabel(**label, action="created", memory_id=item.id)
