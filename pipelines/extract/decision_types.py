"""What the writer's decision sees: the candidate (:class:`Proposal`) and each nearby memory (:class:`PoolEntry`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from memory.types import MemoryType
from pipelines.extract.subject import Subject


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
