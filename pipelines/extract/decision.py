"""The writer's decision, as a pure function: what one new candidate does to the user's memories.

``decide(proposal, pool)`` → :class:`Create`, :class:`Merge` (reinforce an existing memory),
:class:`Supersede` (store the new one, the listed ones are replaced, history kept) or
:class:`Skip`. No store, no embedder: the caller reads the pool (the user's active memories
nearest to the candidate plus those of its slot), measures what needs the embedder
(cosine to the candidate, qualifier similarity across languages) into each
:class:`PoolEntry`, and applies the decision in one transaction
(``LongTermStore.apply``). The rule, in order:

1. identical text (content hash) → ``Merge`` (the same thing said again);
2. the extractor named the memory it updates (``replaces_id``: the model's small id, or the
   conversation's "make it Thursday" resolved to the memory it rewrites) → that one is
   superseded, unless both have known subjects that differ;
3. known subject (slot + qualifier): same subject and **same value** → ``Merge``; **other
   value** → ``Supersede`` every same-subject memory (an unqualified event such as "the
   deadline" means the user's latest one) — unless the candidate is an add-on that says no
   old value ended ("Thursday too": a second value beside the one held);
4. no known subject: a near duplicate (cosine ≥ ``merge_similarity``, same type) whose
   words hold all of the new one's → ``Merge``; one whose words are a strict subset of the
   new one's → ``Supersede`` (the new text says more);
5. the learned same-slot judgement (``pipelines.extract.slot_head``): the near memory the
   head scores highest at or above ``replace_threshold`` (or at or above :data:`KIND_FLOOR` when the
   word-class rules, ``slots.replaces``, also read a new value of its attribute) (:attr:`PoolEntry.replaces`: the new note
   states a new value of the same attribute of the same holder) is replaced — a moved date,
   a new employer, a changed count, a flipped preference, whatever the wording — unless both
   have known subjects of one slot that differ (a second allergy) or the two notes are about
   two different people of the user (grandmother / grandfather), and only with the licence
   of ``supersede_gate.head_may_replace`` (never a note of the same message, never by an
   add-on that says no old value ended);
6. only when no entry was scored (no head for this embedding model): the word-class rules —
   a note of the same holder and single-valued kind or a flipped preference
   (``slots.replaces``, cosine ≥ :data:`SLOT_SIMILARITY`), then a statement of change
   replacing the closest memory on its topic (cosine ≥ :data:`CHANGE_SIMILARITY`);
7. a candidate with no content words → ``Skip``; otherwise ``Create``.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memory.types import MemoryType
from pipelines.extract.amend import typed_value_change
from pipelines.extract.slots import CHANGE, holder, profile, replaces, same_person
from pipelines.extract.subject import EVENT_SLOTS, Subject, same_subject
from pipelines.extract.supersede_gate import attributes, head_may_replace, stated_change, topic_terms

_STOP = frozenset("""user user's the a an is are was were has have had of to in on at for and or with their they
    them it its be been that this as by from 用户 的 了 是 在 和 与 也 都 很""".split())


def content_words(text: str) -> frozenset[str]:
    """Words (English), characters (Chinese), numbers and PII masks that carry content."""
    tokens = re.findall(r"\[[^\]]+\]|[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]", text.casefold())
    return frozenset(t for t in tokens if t not in _STOP and t not in "用户的了是在")


@dataclass(frozen=True)
class Proposal:
    """The candidate as the decision sees it."""

    content: str
    memory_type: MemoryType
    subject: Subject
    content_hash: str
    replaces_id: int | None = None
    changes: bool = False
    adds: bool = False
    repairs: bool = False


@dataclass(frozen=True)
class PoolEntry:
    """One active memory of the user, as the decision sees it.

    Attributes:
        id: The memory id.
        content: Its text.
        memory_type: Its type.
        subject: Its subject (from its metadata, else read from its text).
        content_hash: Its content hash.
        created_at: When it was stored (the latest of several unqualified events wins).
        similarity: Cosine to the candidate (0 when it came from the slot lookup only).
        qualifier_similar: For subjects of one slot whose qualifiers the lexicon cannot
            compare (two languages): whether the embedder finds them the same; None otherwise.
        replaces: The same-slot head's score that the candidate replaces this memory
            (``[0, 1]``); None when it was not measured (far entry, or no head).
        same_turn: It was written from the same user message as the candidate.
        same_session: It was written earlier in the same session as the candidate (one conversation).
    """

    id: int
    content: str
    memory_type: MemoryType
    subject: Subject
    content_hash: str
    created_at: datetime
    similarity: float = 0.0
    qualifier_similar: bool | None = None
    replaces: float | None = None
    same_turn: bool = False
    same_session: bool = False


@dataclass(frozen=True)
class Create:
    """Store the candidate as a new memory."""


@dataclass(frozen=True)
class Merge:
    """The candidate says what memory ``id`` says: reinforce it."""

    id: int
    reason: str


@dataclass(frozen=True)
class Supersede:
    """Store the candidate; the memories ``ids`` are replaced by it (kept, linked)."""

    ids: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class Skip:
    """Store nothing."""

    reason: str


Decision = Create | Merge | Supersede | Skip


def same_subject_entries(subject: Subject, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    """The keyed entries about the same subject as ``subject`` (qualifier similarity decides the unsure)."""
    same: list[PoolEntry] = []
    loose: list[PoolEntry] = []
    for entry in pool:
        if not entry.subject.keyed:
            continue
        verdict = same_subject(subject, entry.subject)
        if verdict is None:
            verdict = bool(entry.qualifier_similar)
        if verdict and subject.slot in EVENT_SLOTS and subject.qualifier != entry.subject.qualifier:
            loose.append(entry)
        elif verdict:
            same.append(entry)
    if loose and not same:
        same.append(max(loose, key=lambda e: (e.created_at, e.id)))  # the user's latest such event
    return same


def _named_target(proposal: Proposal, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    target = next((e for e in pool if e.id == proposal.replaces_id), None) if proposal.replaces_id else None
    if target is None:
        return []
    if proposal.changes:
        return [target]  # a correction rewrote that very note (its value, even its qualifier, changed)
    if proposal.subject.keyed and target.subject.keyed and same_subject(proposal.subject, target.subject) is False:
        return []  # the hint names a memory about something else
    return [target]


def _near_duplicate(proposal: Proposal, pool: Sequence[PoolEntry], merge_similarity: float) -> Decision | None:
    new_words = content_words(proposal.content)
    replaced = []
    for entry in pool:
        if entry.subject.keyed or entry.similarity < merge_similarity or entry.memory_type != proposal.memory_type:
            continue
        old_words = content_words(entry.content)
        if new_words <= old_words:
            return Merge(entry.id, f"similar to #{entry.id} ({entry.similarity:.3f}), adds nothing")
        if old_words < new_words:
            replaced.append(entry.id)
    return Supersede(tuple(replaced), "says more than " + ", ".join(f"#{i}" for i in replaced)) if replaced else None


#: Cosine at which a statement of change replaces the closest memory sharing a topic word with it
#: (:data:`CHANGE_ALONE` without a shared word: across languages), when no subject rule decided.
CHANGE_SIMILARITY = 0.80
CHANGE_ALONE = 0.92


def _changed_state(proposal: Proposal, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    """The memory a statement of change replaces: the closest one on the same topic, about no other slot."""
    if not proposal.changes:
        return []
    mine = topic_terms(proposal.content)
    close = [e for e in pool if (not e.subject.keyed or not proposal.subject.keyed)
             and (e.similarity >= CHANGE_ALONE or e.similarity >= CHANGE_SIMILARITY and mine & topic_terms(e.content))]
    return [max(close, key=lambda e: e.similarity)] if close else []


#: Cosine a note of the same holder and kind needs to be replaced by kind alone (the pool's nearest ones).
SLOT_SIMILARITY = 0.74
_PAST = re.compile(r"\bused to\b|\bpreviously\b|\bformerly\b|\bformer\b|\bback then\b|\bas a kid\b|\bwhen .{1,20} young|"
                   r"以前|之前|曾经|小时候|原来|当年|过去", re.I)


def _same_kind(proposal: Proposal, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    """The near notes the candidate replaces by kind: same holder, one single-valued kind or a flipped preference."""
    if _PAST.search(proposal.content):
        return []
    new = profile(proposal.content)
    if not new.slots:
        return []
    changed = bool(CHANGE.search(proposal.content))
    return [entry for entry in pool if _kind_comparable(proposal, entry) and replaces(new, profile(entry.content), changed)]


def _kind_comparable(proposal: Proposal, entry: PoolEntry) -> bool:
    """The entry is near, not the same text, not about the past, and not another qualifier of the slot."""
    if entry.similarity < SLOT_SIMILARITY or entry.content_hash == proposal.content_hash or _PAST.search(entry.content):
        return False  # far, the same, or a note about the past ("used to work at Microsoft" stays true)
    # one slot, another qualifier (a second allergy): distinct facts
    return not (proposal.subject.keyed and entry.subject.slot == proposal.subject.slot
                and same_subject(proposal.subject, entry.subject) is False)


#: Score of the same-slot head at which the candidate replaces a memory.
REPLACE_THRESHOLD = 0.5


def _two_people(a: str, b: str) -> bool:
    """The two notes are about two different known people of the user (grandmother / grandfather, sister / brother)."""
    ha, hb = holder(a), holder(b)
    return "user" not in (ha, hb) and "?" not in (ha, hb) and not same_person(ha, hb)


#: Head score at which the candidate replaces a note when the word classes also say so: one holder and one
#: single-valued attribute of theirs ("一直单身" → "和女朋友去云南玩": a relationship status; "长发" → "短发"), a
#: flipped preference, or a stated change of one kind. Two independent readings that agree need less of each.
KIND_FLOOR = 0.3


def _kind_confirms(proposal: Proposal, entry: PoolEntry) -> bool:
    """The word-class rules (``slots.replaces``) read the candidate as a new value of the entry's attribute, or the
    candidate revises in so many words what the entry names ("scratch skyzone, we're doing it at the roller rink"
    after "the kid's birthday party is gonna be at SkyZone")."""
    if _PAST.search(proposal.content) or _PAST.search(entry.content):
        return False
    if stated_change(proposal.content) and topic_terms(proposal.content) & topic_terms(entry.content):
        return True
    new = profile(proposal.content)
    return bool(new.slots) and replaces(new, profile(entry.content), bool(CHANGE.search(proposal.content))) is not None


def _one_value_apart(new: str, old: str) -> bool:
    """The new note is the old one with one value changed: the same words but one ("User is left-handed." →
    "User is right-handed."), or another time, height, weekday or date of it ("5'9" → "5'8 and a half") — a
    repair of what was just said, not one more detail of the same talk."""
    new_words, old_words = content_words(new), content_words(old)
    if new_words & old_words and len(new_words - old_words) <= 1 and len(old_words - new_words) <= 1:
        return True
    return typed_value_change(new, old) is not None


def _on_topic(proposal: Proposal, entry: PoolEntry) -> bool:
    """The two notes share a topic word or a kind of attribute (besides a liking)."""
    return bool(topic_terms(proposal.content) & topic_terms(entry.content)
                or (attributes(proposal.content) & attributes(entry.content)) - {"pref"})


def _head_replaced(proposal: Proposal, pool: Sequence[PoolEntry], threshold: float) -> list[PoolEntry]:
    """The memory the same-slot head says the candidate replaces: the best-scored one of those it licenses (distinct
    qualifiers of one slot, and notes about two different people of the user, excepted). A note states one value:
    it replaces one note, never a session's worth of the user's facts the head finds alike; of several, one on the
    candidate's topic goes first (「周会改时间了」 replaces 「每周一上午十点开周会」, not 「负责做会议纪要」)."""
    found = []
    for entry in pool:
        if entry.replaces is None or entry.content_hash == proposal.content_hash:
            continue
        confirmed = _kind_confirms(proposal, entry)
        if entry.replaces < threshold and not (entry.replaces >= KIND_FLOOR and confirmed):
            continue
        repair = proposal.repairs or _one_value_apart(proposal.content, entry.content)
        if not head_may_replace(proposal.content, entry.content, proposal.adds, entry.same_turn,
                                entry.same_session and not repair, confirmed or repair):
            continue  # one message's two clauses, one more detail of the same talk, an add-on, a plan
        if _two_people(entry.content, proposal.content):
            continue
        if (proposal.subject.keyed and entry.subject.keyed and entry.subject.slot == proposal.subject.slot
                and same_subject(proposal.subject, entry.subject) is False):
            continue  # one slot, another qualifier (a second allergy, another project): distinct facts
        found.append(entry)
    return [max(found, key=lambda e: (_on_topic(proposal, e), e.replaces or 0.0, e.similarity))] if found else []


def _first_look(proposal: Proposal, pool: Sequence[PoolEntry], merge_similarity: float
                ) -> tuple[Decision | None, list[PoolEntry]]:
    """A merge (same subject and value, or a near duplicate) or a supersede of near duplicates, decided before
    any replacement is weighed; else None and the entries replaced by the model's hint or by the subject."""
    replaced = _named_target(proposal, pool)
    subject = proposal.subject
    if subject.keyed:
        same = same_subject_entries(subject, pool)
        equal = [e for e in same if e.subject.value == subject.value]
        if equal and len(equal) == len(same) and not replaced:
            return Merge(equal[0].id, f"same {subject.slot} as #{equal[0].id}"), replaced
        if proposal.adds and not proposal.changes:
            return None, replaced  # "Thursday too": a second value beside the one held, never in its place
        return None, replaced + [e for e in same if e not in replaced]
    if not replaced:
        return _near_duplicate(proposal, pool, merge_similarity), replaced
    return None, replaced


def _replaced_by_kind(proposal: Proposal, pool: Sequence[PoolEntry], threshold: float) -> list[PoolEntry]:
    """The entries replaced when no hint or subject named any: the same-slot head's, else the rules' by kind or change."""
    if any(e.replaces is not None for e in pool):
        return _head_replaced(proposal, pool, threshold)
    return _same_kind(proposal, pool) or _changed_state(proposal, pool)


def decide(proposal: Proposal, pool: Sequence[PoolEntry], merge_similarity: float = 0.95,
           replace_threshold: float = REPLACE_THRESHOLD) -> Decision:
    """What to do with ``proposal`` given the user's nearby active memories (see the module docstring)."""
    same_text = next((e for e in pool if e.content_hash == proposal.content_hash), None)
    if same_text is not None:
        return Merge(same_text.id, f"same as #{same_text.id}")
    if not content_words(proposal.content):
        return Skip("no content words")
    early, replaced = _first_look(proposal, pool, merge_similarity)
    if early is not None:
        return early
    replaced = replaced or _replaced_by_kind(proposal, pool, replace_threshold)
    if replaced:
        ids = tuple(e.id for e in replaced)
        return Supersede(ids, "replaces " + ", ".join(f"#{i}" for i in ids))
    return Create()
