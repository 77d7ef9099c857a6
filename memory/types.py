"""Value types shared by the memory tiers."""
from __future__ import annotations

import enum
import hashlib
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class MemoryType(str, enum.Enum):
    """What kind of thing a long-term memory records."""

    PROFILE = "profile"
    PREFERENCE = "preference"
    DECISION = "decision"
    FACT = "fact"
    EPISODE = "episode"
    KNOWLEDGE = "knowledge"


class MemoryStatus(str, enum.Enum):
    """Lifecycle of a long-term memory. Only ``ACTIVE`` items are recalled."""

    ACTIVE = "active"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"


class TaskStatus(str, enum.Enum):
    """Lifecycle of a working-state task."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


def content_hash(user_id: str, content: str) -> str:
    """Stable dedup key of a memory: same user, same text after normalisation.

    Normalisation: Unicode NFKC, case-folded, whitespace collapsed.
    """
    norm = " ".join(unicodedata.normalize("NFKC", content).casefold().split())
    return hashlib.sha256(f"{user_id}\x1f{norm}".encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Turn:
    """One message of a conversation in the short-term tier."""

    role: str
    content: str
    ts: datetime
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class NewMemory:
    """A memory to be written. ``created_at`` defaults to now when ``None``."""

    user_id: str
    memory_type: MemoryType
    content: str
    importance: float = 0.5
    source_session: str | None = None
    source_turn: str | None = None
    trace_id: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None


@dataclass(frozen=True)
class MemoryItem:
    """A stored long-term memory."""

    id: int
    user_id: str
    memory_type: MemoryType
    content: str
    content_hash: str
    importance: float
    embedding_model: str
    created_at: datetime
    last_accessed_at: datetime | None
    access_count: int
    status: MemoryStatus
    superseded_by: int | None
    source_session: str | None
    source_turn: str | None
    trace_id: str | None
    metadata: dict[str, Any]


@dataclass(frozen=True)
class SearchHit:
    """A search result. ``similarity`` is in [0, 1]; higher is closer."""

    item: MemoryItem
    similarity: float


@dataclass(frozen=True)
class AddResult:
    """Outcome of an add: the stored item and whether it was new (False = deduplicated)."""

    item: MemoryItem
    created: bool


@dataclass(frozen=True)
class TaskRecord:
    """A working-state task row."""

    task_id: str
    user_id: str
    session_id: str | None
    agent_name: str
    status: TaskStatus
    current_step: str | None
    state: dict[str, Any]
    version: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class MemoryChange:
    """One write decision applied atomically: add (or reinforce) a memory and supersede older ones.

    Attributes:
        new: The memory to add; an identical text of the user reinforces (or reactivates) that one.
        embedding: Its vector (with ``new``).
        reinforce: Id of an existing memory to reinforce instead of adding (a merge).
        supersede: Ids the new memory replaces; superseded only while still active.
        importance: Importance a reinforced memory is raised to.
        expect: The user's write version (``LongTermStore.write_version``) the decision was
            made on; when it changed meanwhile nothing is written (``applied=False``).
    """

    new: NewMemory | None = None
    embedding: Any = None
    reinforce: int | None = None
    supersede: tuple[int, ...] = ()
    importance: float = 0.5
    expect: str | None = None


@dataclass(frozen=True)
class ChangeResult:
    """What ``LongTermStore.apply`` did.

    Attributes:
        applied: False when the user's memories changed since ``expect`` (nothing written: decide again).
        item: The added, reinforced or reactivated memory.
        created: A new row was inserted.
        reactivated: ``item`` was a superseded memory said again, active once more.
        superseded: Ids that are now superseded by ``item``.
    """

    applied: bool
    item: MemoryItem | None = None
    created: bool = False
    reactivated: bool = False
    superseded: tuple[int, ...] = ()
