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
        slot: What the memory is about when it can hold only one value at a time
            (``"residence"``, ``"answer_style"``, ``"language"``, ``"name"``, ``"diet"``,
            ``"employer"``, ``"occupation"``). Two candidates of one user with the same
            slot and different content conflict: the newer supersedes the older.
        supersedes: Free-text hint (from the LLM) of what this memory replaces.
    """

    memory_type: MemoryType
    content: str
    importance: float
    slot: str | None = None
    supersedes: str | None = None
