"""The unit the extract stage produces: one memory worth keeping, not yet stored."""
from __future__ import annotations

from dataclasses import dataclass

from memory.types import MemoryType

#: Importance given to each memory type by the rule-based extractor.
DEFAULT_IMPORTANCE: dict[MemoryType, float] = {
    MemoryType.PROFILE: 0.8,
    MemoryType.PREFERENCE: 0.7,
    MemoryType.DECISION: 0.7,
    MemoryType.FACT: 0.5,
    MemoryType.EPISODE: 0.4,
    MemoryType.KNOWLEDGE: 0.5,
}


@dataclass(frozen=True)
class Candidate:
    """A memory extracted from one user turn, before validation and storage.

    Attributes:
        memory_type: What kind of memory this is.
        content: A short third-person note in the user's language,
            e.g. ``"User lives in Hangzhou."`` or ``"用户住在杭州。"``.
        importance: 0..1; feeds the recall rerank and the forgetting job.
        slot: The attribute the memory is about, one language-neutral word
            (``"residence"``, ``"employer"``, ``"deadline"``, ``"allergy"``, ``"pref"`` …);
            None when it has no recognised subject.
        supersedes: Free-text hint (from the LLM) of what this memory replaces.
        qualifier: Which one of the slot (the allergen, the liked thing, the person or
            project it belongs to), canonical (see ``pipelines.extract.subject``); None for
            the user's own single-valued attributes.
        value: Canonical value (``"12-20"``, ``"+"``, ``"berlin"``). Same slot and
            qualifier with another value is an update: the newer supersedes the older.
        replaces_id: Id of an existing memory this one updates, when the model said so.
        changes: The statement says something changed ("now", "no longer", 「现在」「搬到」「戒了」):
            a close memory without a known subject may be the old state it replaces.
        adds: The statement adds a value beside the ones held ("also", "too", 也, 还有) and says
            no old one ended: it replaces nothing by a learned judgement alone.
        repairs: The user's message corrects their own words ("murakami**", "I meant Thursday"): its note
            may replace one said earlier in the same conversation without a word of change.
    """

    memory_type: MemoryType
    content: str
    importance: float
    slot: str | None = None
    supersedes: str | None = None
    qualifier: str | None = None
    value: str | None = None
    replaces_id: int | None = None
    changes: bool = False
    adds: bool = False
    repairs: bool = False
