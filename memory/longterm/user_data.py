"""Everything the long-term tier holds about one user: export it, or erase it for real.

``forget`` archives (kept for audit); ``erase`` is the real deletion a user can ask for: the
live memories of every status and the archive rows, in one transaction.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

T = TypeVar("T")
Run = Callable[[Callable[[Any], T]], Awaitable[T]]

_COLUMNS = (
    "id, memory_type, content, importance, status, superseded_by, created_at, last_accessed_at, "
    "access_count, source_session, embedding_model, metadata"
)


def _row(names: list[str], row: tuple[Any, ...]) -> dict[str, Any]:
    return {n: (v.isoformat() if isinstance(v, datetime) else v) for n, v in zip(names, row)}


class UserData:
    """Export and erase of one user's long-term rows.

    Args:
        run: Runs a function with a pooled connection on a worker thread, in a transaction.
    """

    def __init__(self, run: Run[Any]) -> None:
        self._run = run

    async def export_user(self, user_id: str) -> dict[str, list[dict[str, Any]]]:
        """The user's memories (every status) and archive rows, without vectors."""

        def run(conn: Any) -> dict[str, list[dict[str, Any]]]:
            out: dict[str, list[dict[str, Any]]] = {}
            with conn.cursor() as cur:
                cur.execute(f"SELECT {_COLUMNS} FROM memories WHERE user_id = %s ORDER BY id", (user_id,))
                names = [d[0] for d in cur.description]
                out["memories"] = [_row(names, r) for r in cur.fetchall()]
                cur.execute(
                    f"SELECT {_COLUMNS}, archived_at, reason FROM memories_archive WHERE user_id = %s ORDER BY id",
                    (user_id,),
                )
                names = [d[0] for d in cur.description]
                out["archive"] = [_row(names, r) for r in cur.fetchall()]
            return out

        found: dict[str, list[dict[str, Any]]] = await self._run(run)
        return found

    async def erase_user(self, user_id: str) -> dict[str, int]:
        """Delete every row of the user in memories and the archive; counts per table."""

        def run(conn: Any) -> dict[str, int]:
            with conn.cursor() as cur:
                cur.execute("DELETE FROM memories_archive WHERE user_id = %s", (user_id,))
                archived = cur.rowcount
                cur.execute("DELETE FROM memories WHERE user_id = %s", (user_id,))
                return {"memories": cur.rowcount, "archive": archived}

        counts: dict[str, int] = await self._run(run)
        return counts
