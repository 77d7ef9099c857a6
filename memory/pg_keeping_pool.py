"""A psycopg2 connection pool that keeps the connections given back (the long-term store and the knowledge store).

psycopg2's ``ThreadedConnectionPool`` keeps only ``minconn`` idle connections and closes the others on ``putconn``:
with ``minconn=1`` every call made beside another opened a connection of its own (a PostgreSQL backend started and
authenticated, the ``vector`` type looked up again) and closed it after one transaction (issue 20's profile of four
concurrent sessions). :class:`KeepingPool` opens one connection at start, more as concurrent calls need them, and
keeps them for the next calls, up to ``maxconn``.
"""
from __future__ import annotations

from typing import Any

from psycopg2.pool import ThreadedConnectionPool


class KeepingPool(ThreadedConnectionPool):  # type: ignore[misc]  # psycopg2 has no types
    """``ThreadedConnectionPool`` that keeps every connection given back, up to ``maxconn``."""

    def __init__(self, maxconn: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(1, maxconn, *args, **kwargs)
        self.minconn = maxconn  # psycopg2's putconn keeps a connection while fewer than minconn are idle
