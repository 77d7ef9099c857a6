"""Short-term tier: the current conversation of one user's session.

Key layout (``{p}`` is ``REDIS_PREFIX``, default ``ma``) -- see ``keys.py``.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any, Protocol

from memory.types import Turn


@dataclass(frozen=True)
class CacheRead:
    """What a cache read found, and the generation it read.

    Attributes:
        value: The cached value; ``None`` on a miss (absent, expired or invalidated).
        generation: The user's cache generation at the time of the read. A value computed
            after this read is stored under it (``cache_put``) and is dropped if the user's
            memories changed in between.
    """

    value: str | None
    generation: str


@dataclass(frozen=True)
class SessionHistory:
    """A session's short-term history, read in one snapshot (``ShortTermStore.read_history``).

    Attributes:
        turns: The session's turns, oldest first.
        summary: Its rolling summary, if any.
        side_turns: The newest turns of the side session asked for (oldest first), else empty.
    """

    turns: list[Turn]
    summary: str | None
    side_turns: list[Turn]


class ShortTermStore(Protocol):
    """Recent turns, a rolling summary and a hot cache, per user and session.

    Every key touched by a session call gets its TTL renewed (sliding TTL).
    """

    async def open_session(self, user_id: str, session_id: str) -> None:
        """Register a session for the user (idempotent).

        Raises:
            SessionQuotaExceededError: the user already has ``session_quota`` live sessions.
        """

    async def end_session(self, user_id: str, session_id: str) -> None:
        """Drop the session's turns and summary and free its quota slot."""

    async def list_sessions(self, user_id: str) -> list[str]:
        """Live (not expired) session ids of the user."""

    async def append_turn(self, user_id: str, session_id: str, turn: Turn) -> None:
        """Append a turn; only the newest ``shortterm_window`` turns are kept."""

    async def append_turns(self, user_id: str, session_id: str, turns: Sequence[Turn]) -> None:
        """Append several turns in order, atomically (one round trip)."""

    async def recent_turns(self, user_id: str, session_id: str, limit: int | None = None) -> list[Turn]:
        """The newest turns, oldest first (at most ``limit``)."""

    async def read_history(self, user_id: str, session_id: str, side: str | None = None,
                           side_limit: int = 0) -> SessionHistory:
        """The session's turns and summary, and the newest ``side_limit`` turns of ``side``, in one read."""

    async def get_summary(self, user_id: str, session_id: str) -> str | None:
        """The rolling summary of turns that were compacted away, if any."""

    async def compact(self, user_id: str, session_id: str, summary: str, keep_last: int) -> None:
        """Atomically store ``summary`` and keep only the newest ``keep_last`` turns."""

    async def cache_get(self, user_id: str, key: str) -> CacheRead:
        """A cached value for the user (``None`` after any invalidation) and the current generation."""

    async def cache_put(self, user_id: str, key: str, value: str, ttl_seconds: int, generation: str) -> bool:
        """Cache a value computed after the read that returned ``generation``.

        It is stored only while that generation is still current (no write in between), and
        kept until ``ttl_seconds`` pass or the user's cache is invalidated. Returns whether
        it was stored.
        """

    async def cache_invalidate(self, user_id: str) -> None:
        """Invalidate every cached value of the user (called on every memory write)."""

    async def erase_user(self, user_id: str) -> int:
        """Delete every key of the user; returns how many were deleted."""

    async def log_error(self, trace_id: str, record: dict[str, Any]) -> None:
        """Record an error in the error-log namespace (expires after ``error_log_ttl_seconds``)."""

    async def recent_errors(self, limit: int = 50) -> list[dict[str, Any]]:
        """Newest error records first."""

    async def server_version(self) -> str:
        """The Redis server version; raises ``StoreUnavailableError`` when it does not answer."""

    async def close(self) -> None:
        """Release connections."""
