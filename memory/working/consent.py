"""Per-user consent to long-term memory, kept in the working-state database.

DESIGN.md: long-term memory is on only after the user agrees. The deployment default
(``LONGTERM_CONSENT``) decides for users who have not answered: ``ask`` and ``off`` keep it
off until the user grants it, ``on`` keeps it on until the user revokes it. Consent lives
outside the long-term store on purpose: a PostgreSQL outage never changes what a user agreed to.
"""
from __future__ import annotations

import enum
from datetime import datetime, timezone
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # an annotation only: settings import ConsentDefault without the database driver
    from memory.working.sql_store import SqlWorkingStore


class ConsentDefault(str, enum.Enum):
    """What applies to a user who has not answered."""

    ASK = "ask"
    ON = "on"
    OFF = "off"


DEFAULT_CONSENT = ConsentDefault.ASK
"""The default of ``LONGTERM_CONSENT``."""


class ConsentStore:
    """Grant, revoke and check a user's consent.

    Args:
        store: The working-state store whose database holds the ``user_consent`` table.
        default: The deployment default for users with no answer.
    """

    def __init__(self, store: SqlWorkingStore, default: ConsentDefault = DEFAULT_CONSENT) -> None:
        self._store = store
        self.default = default
        self._known: dict[str, bool | None] = {}

    async def answer(self, user_id: str) -> bool | None:
        """The user's own answer: ``True`` granted, ``False`` refused, ``None`` not asked yet."""
        rows = await self._store.execute("SELECT granted FROM {p}user_consent WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else None

    async def allows(self, user_id: str) -> bool:
        """Whether long-term memory may be read and written for ``user_id`` now.

        While the working-state database is down, the answer this process last read for the
        user still applies (a turn is not refused memory because a different tier is down);
        a user never seen by this process gets the error.
        """
        try:
            answer = await self.answer(user_id)
        except Exception:
            if user_id not in self._known:
                raise
            answer = self._known[user_id]
        self._known[user_id] = answer
        if answer is None:
            return self.default is ConsentDefault.ON
        return answer

    async def set(self, user_id: str, granted: bool) -> None:
        """Record the user's answer (replaces an earlier one)."""
        now = datetime.now(timezone.utc)
        ts = self._store.encode_ts(now)
        await self._store.execute("DELETE FROM {p}user_consent WHERE user_id = ?", (user_id,))
        await self._store.execute(
            "INSERT INTO {p}user_consent (user_id, granted, updated_at) VALUES (?, ?, ?)",
            (user_id, 1 if granted else 0, ts),
        )
        self._known[user_id] = granted

    async def erase(self, user_id: str) -> int:
        """Forget the user's answer (part of a full erase); returns rows deleted."""
        had = await self.answer(user_id) is not None
        await self._store.execute("DELETE FROM {p}user_consent WHERE user_id = ?", (user_id,))
        self._known.pop(user_id, None)
        return int(had)
