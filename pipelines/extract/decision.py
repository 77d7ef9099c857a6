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
5. the learned same-slot judgement (``pipelines.extract.slot_head``; :mod:`pipelines.extract.replacement`): the near memory the
   head scores highest at or above ``replace_threshold`` (or at or above ``KIND_FLOOR`` when the
   word-class rules, ``slots.replaces``, also read a new value of its attribute) (:attr:`PoolEntry.replaces`: the new note
   states a new value of the same attribute of the same holder) is replaced — a moved date,
   a new employer, a changed count, a flipped preference, whatever the wording — unless both
   have known subjects of one slot that differ (a second allergy) or the two notes are about
   two different people of the user (grandmother / grandfather), and only with the licence
   of ``supersede_gate.head_may_replace`` (never a note of the same message, never by an
   add-on that says no old value ended);
6. only when no entry was scored (no head for this embedding model): the word-class rules —
   a note of the same holder and single-valued kind or a flipped preference
   (``slots.replaces``, cosine ≥ ``SLOT_SIMILARITY``), then a statement of change
   replacing the closest memory on its topic (cosine ≥ ``CHANGE_SIMILARITY``);
7. a candidate with no content words → ``Skip``; otherwise ``Create``.

Before 2–6: a repair ("说反了", "mixed them up") that says again nearly all the words of a note of the
same conversation (:data:`RESTATED_SHARE`) replaces that note whole — two values swapped, whose words
are the old note's own (the near-duplicate rule would merge it into the note it sets right).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.extract.decision_types import PoolEntry, Proposal
from pipelines.extract.replacement import REPLACE_THRESHOLD, content_words, head_replaced, kind_replaced
from pipelines.extract.subject import EVENT_SLOTS, Subject, same_subject
from pipelines.extract.supersede_gate import says_add

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


#: Share of a repair's content words that must be an earlier note's, and of the note's that the repair must say
#: again, for the repair to be that note set right as a whole (a swap drops a filler word or two: 要去, 部门).
RESTATED_SHARE = 0.75
RESTATED_OLD_SHARE = 0.6


def _restated(proposal: Proposal, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    """The note of this conversation a repair says again in other order ("说反了，是女儿学钢琴，儿子学游泳" of "大儿子学钢琴，
    小女儿学游泳"; "sorry, mixed them up: Tuesday is pottery, Thursday is yoga"): a repair that holds nearly all of an
    earlier note's words replaces it whole — two values swapped are no new fact beside the old one."""
    if not proposal.repairs or proposal.adds or says_add(proposal.content):
        return []
    new = content_words(proposal.content)
    best: tuple[float, PoolEntry] | None = None
    for entry in pool:
        old = content_words(entry.content)
        if not entry.same_session or entry.same_turn or len(old) < 3 or len(new) < 3:
            continue
        share = len(old & new) / len(new)
        if share >= RESTATED_SHARE and len(old & new) >= RESTATED_OLD_SHARE * len(old) and (best is None or share > best[0]):
            best = (share, entry)
    return [best[1]] if best else []


def _replaced_by_kind(proposal: Proposal, pool: Sequence[PoolEntry], threshold: float) -> list[PoolEntry]:
    """The entries replaced when no hint or subject named any: the same-slot head's, else the rules' by kind or change."""
    if any(e.replaces is not None for e in pool):
        return head_replaced(proposal, pool, threshold)
    return kind_replaced(proposal, pool)


def decide(proposal: Proposal, pool: Sequence[PoolEntry], merge_similarity: float = 0.95,
           replace_threshold: float = REPLACE_THRESHOLD) -> Decision:
    """What to do with ``proposal`` given the user's nearby active memories (see the module docstring)."""
    same_text = next((e for e in pool if e.content_hash == proposal.content_hash), None)
    if same_text is not None:
        return Merge(same_text.id, f"same as #{same_text.id}")
    if not content_words(proposal.content):
        return Skip("no content words")
    swapped = _restated(proposal, pool)
    if swapped and not proposal.replaces_id:  # before the near duplicate: a swap says no word the note lacks
        return Supersede((swapped[0].id,), f"restates #{swapped[0].id} set right")
    early, replaced = _first_look(proposal, pool, merge_similarity)
    if early is not None:
        return early
    replaced = replaced or _replaced_by_kind(proposal, pool, replace_threshold)
    if replaced:
        ids = tuple(e.id for e in replaced)
        return Supersede(ids, "replaces " + ", ".join(f"#{i}" for i in ids))
    return Create()
