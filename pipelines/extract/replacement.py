"""Which nearby memory a candidate replaces when neither the extractor nor a known subject named one.

Two readings, as pure functions over the decision's view (:mod:`pipelines.extract.decision_types`):

* the learned same-slot judgement (``pipelines.extract.slot_head``, :attr:`PoolEntry.replaces`),
  with the licence of ``supersede_gate.head_may_replace`` (:func:`head_replaced`);
* without a head, the word-class rules: a note of the same holder and single-valued kind or a
  flipped preference, else a statement of change replacing the closest note on its topic
  (:func:`kind_replaced`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.amend import typed_value_change
from pipelines.extract.decision_types import PoolEntry, Proposal
from pipelines.extract.slots import CHANGE, holder, profile, replaces, same_person
from pipelines.extract.subject import same_subject
from pipelines.extract.supersede_gate import attributes, head_may_replace, stated_change, topic_terms

_STOP = frozenset("""user user's the a an is are was were has have had of to in on at for and or with their they
    them it its be been that this as by from 用户 的 了 是 在 和 与 也 都 很""".split())


def content_words(text: str) -> frozenset[str]:
    """Words (English), characters (Chinese), numbers and PII masks that carry content."""
    tokens = re.findall(r"\[[^\]]+\]|[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]", text.casefold())
    return frozenset(t for t in tokens if t not in _STOP and t not in "用户的了是在")


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


def _one_attribute(proposal: Proposal, entry: PoolEntry) -> bool:
    """The two notes name one kind of attribute (besides a liking): of several licensed notes, the one whose
    attribute the candidate names is the one it gives a new value ("broke up, still taking the trip" replaces
    the partner, not the trip)."""
    return bool((attributes(proposal.content) & attributes(entry.content)) - {"pref"})


def _on_topic(proposal: Proposal, entry: PoolEntry) -> bool:
    """The two notes share a topic word or a kind of attribute (besides a liking)."""
    return bool(topic_terms(proposal.content) & topic_terms(entry.content)
                or (attributes(proposal.content) & attributes(entry.content)) - {"pref"})


def head_replaced(proposal: Proposal, pool: Sequence[PoolEntry], threshold: float) -> list[PoolEntry]:
    """The memory the same-slot head says the candidate replaces: the best-scored one of those it licenses (distinct
    qualifiers of one slot, and notes about two different people of the user, excepted). A note states one value:
    it replaces one note, never a session's worth of the user's facts the head finds alike; of several, one on the
    candidate's topic goes first (「周会改时间了」 replaces 「每周一上午十点开周会」, not 「负责做会议纪要」), and before it one of
    the attribute the candidate names (:func:`_one_attribute`)."""
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
    return [max(found, key=lambda e: (_one_attribute(proposal, e), _on_topic(proposal, e), e.replaces or 0.0,
                                      e.similarity))] if found else []


def kind_replaced(proposal: Proposal, pool: Sequence[PoolEntry]) -> list[PoolEntry]:
    """Without a head: the near notes the candidate replaces by kind, else the one a statement of change replaces."""
    return _same_kind(proposal, pool) or _changed_state(proposal, pool)
