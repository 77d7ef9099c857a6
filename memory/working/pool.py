"""A small thread-safe pool of synchronous DB connections for worker threads."""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

STALE_AFTER_S = 30.0


class ConnectionPool:
    """Idle DB-API connections kept for reuse.

    ``acquire`` hands a connection to exactly one caller until ``release``; a new one is
    opened when none is idle, so callers never wait for each other here. Connections idle
    for longer than ``STALE_AFTER_S`` are checked with ``SELECT 1`` before reuse.

    Args:
        connect: Opens a new connection (may raise the store's own errors).
        max_idle: Most idle connections kept; extra ones are closed on release.
    """

    def __init__(self, connect: Callable[[], Any], max_idle: int) -> None:
        self._connect = connect
        self._max_idle = max_idle
        self._idle: list[tuple[Any, float]] = []
        self._lock = threading.Lock()
        self.closed = False

    def acquire(self) -> Any:
        """A connection for the calling thread alone. Raises ``RuntimeError`` once closed."""
        while True:
            with self._lock:
                if self.closed:
                    raise RuntimeError("The working store is closed; open a new one.")
                item = self._idle.pop() if self._idle else None
            if item is None:
                return self._connect()
            conn, since = item
            if time.monotonic() - since < STALE_AFTER_S or _alive(conn):
                return conn
            _close_quietly(conn)

    def release(self, conn: Any, healthy: bool) -> None:
        """Give ``conn`` back; an unhealthy one (or one too many) is closed."""
        if healthy:
            with self._lock:
                if not self.closed and len(self._idle) < self._max_idle:
                    self._idle.append((conn, time.monotonic()))
                    return
        _close_quietly(conn)

    def close(self) -> None:
        """Close the idle connections and refuse further ``acquire`` calls."""
        with self._lock:
            self.closed = True
            idle, self._idle = self._idle, []
        for conn, _ in idle:
            _close_quietly(conn)


def _alive(conn: Any) -> bool:
    try:
        cur = conn.cursor()
        cur.execute("SELECT 1")
        cur.fetchall()
        cur.close()
        return True
    except Exception:  # noqa: BLE001 - any failure means "do not reuse"
        return False


def _close_quietly(conn: Any) -> None:
    try:
        conn.close()
    except Exception:  # noqa: BLE001 - the connection is being thrown away
        return
