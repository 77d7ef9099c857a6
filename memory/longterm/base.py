"""Long-term tier: who the user is, what they prefer and decided.

Contract of ``search``: results are always of one user; ``similarity`` is cosine
similarity clipped to [0, 1] (``clip(1 - cosine_distance, 0, 1)``), higher is closer,
sorted descending.
"""
from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from memory.types import AddResult, ChangeResult, MemoryChange, MemoryItem, MemoryStatus, MemoryType, NewMemory, SearchHit


class LongTermStore(Protocol):
    """Memories with vectors, dedup, supersede history and a cold archive."""

    async def migrate(self) -> list[int]:
        """Apply pending schema migrations; returns the numbers applied now."""

    async def add(self, memory: NewMemory, embedding: np.ndarray, model_id: str) -> AddResult:
        """Store a memory; an identical content hash of the same user returns the existing row."""

    async def add_many(
        self, memories: Sequence[NewMemory], embeddings: np.ndarray, model_id: str
    ) -> list[AddResult]:
        """Batch insert for bulk loads (one round trip per batch)."""

    async def get(self, user_id: str, memory_id: int) -> MemoryItem:
        """One memory of this user. Raises ``MemoryNotFoundError``."""

    async def get_many(self, user_id: str, memory_ids: Sequence[int]) -> list[MemoryItem]:
        """The memories of this user among ``memory_ids`` (others' ids are silently absent)."""

    async def find_by_slot(self, user_id: str, slot: str) -> list[MemoryItem]:
        """Active memories of the user whose ``metadata["slot"]`` is ``slot``, newest first."""

    async def reinforce(self, user_id: str, memory_id: int, importance: float) -> MemoryItem:
        """A duplicate was seen again: raise importance to at least ``importance`` and touch it."""

    async def list(
        self, user_id: str, statuses: Sequence[MemoryStatus] = (MemoryStatus.ACTIVE,), limit: int = 100
    ) -> list[MemoryItem]:
        """The user's memories, newest first."""

    async def count(self, user_id: str, statuses: Sequence[MemoryStatus] = (MemoryStatus.ACTIVE,)) -> int:
        """How many memories with these statuses the user has (however many ``list`` would return)."""

    async def unused_since(self, before: datetime, limit: int = 1000,
                           user_id: str | None = None) -> builtins.list[MemoryItem]:
        """Active memories not used since ``before`` (the forgetting job's input): of every user,
        or of ``user_id`` only (one partition)."""

    async def search(
        self,
        user_id: str,
        query_embedding: np.ndarray,
        model_id: str,
        limit: int = 20,
        types: Sequence[MemoryType] | None = None,
        statuses: Sequence[MemoryStatus] = (MemoryStatus.ACTIVE,),
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> builtins.list[SearchHit]:
        """Nearest memories of this user only.

        Raises:
            EmbeddingModelMismatchError: the user's rows were embedded by another model.
        """

    async def supersede(self, user_id: str, old_id: int, new_id: int) -> None:
        """Mark ``old_id`` superseded by ``new_id`` (kept, linked, no longer recalled)."""

    async def write_version(self, user_id: str) -> str:
        """The user's write version (changes with every add, supersede or archive of an active memory)."""

    async def apply(self, user_id: str, change: MemoryChange, model_id: str) -> ChangeResult:
        """Add or reinforce, and supersede, in one transaction under the user's write lock."""

    async def reactivate(self, user_id: str, memory_id: int) -> MemoryItem:
        """Make a superseded memory active again (stated anew); raises ``MemoryNotFoundError``."""

    async def history(self, user_id: str, memory_id: int) -> builtins.list[MemoryItem]:
        """The supersede chain that ends in ``memory_id``, oldest first."""

    async def archive(self, user_id: str, memory_id: int, reason: str) -> None:
        """Move a memory to the cold archive table (never deleted)."""

    async def touch(self, user_id: str, memory_ids: Sequence[int]) -> None:
        """Record a use: ``last_accessed_at = now``, ``access_count += 1``."""

    async def export_user(self, user_id: str) -> dict[str, builtins.list[dict[str, Any]]]:
        """Every memory (any status) and archive row of the user, without vectors."""

    async def erase_user(self, user_id: str) -> dict[str, int]:
        """Delete every row of the user, archive included; counts per table."""

    async def server_version(self) -> str:
        """E.g. ``"PostgreSQL 18.0, pgvector 0.8.1"``."""

    async def close(self) -> None:
        """Release connections."""
