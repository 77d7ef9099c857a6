"""Concurrent calls reuse the long-term pool's connections instead of opening one per call.

psycopg2's pool closed every connection beyond its first when it was given back, so each
concurrent call of a busy service started (and ended) a PostgreSQL backend: issue 20.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from memory.longterm.pg_pool import PgPool


def _bursts(pool: PgPool, rounds: int, width: int) -> list[int]:
    """The backend pid of every call of ``rounds`` bursts of ``width`` calls made at once."""
    pids: list[int] = []
    lock = threading.Lock()

    def call(conn: Any) -> None:
        with conn.cursor() as cur:
            cur.execute("SELECT pg_backend_pid()")
            pid = cur.fetchone()[0]
        barrier.wait(timeout=10)  # every call of the burst holds its connection at once
        with lock:
            pids.append(pid)

    for _ in range(rounds):
        barrier = threading.Barrier(width)
        threads = [threading.Thread(target=pool.call, args=(call,)) for _ in range(width)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=20)
    return pids


def test_bursts_of_concurrent_calls_reuse_the_connections_of_the_first(create_database: Callable[[], str]) -> None:
    pool = PgPool(create_database(), max_connections=4)
    pool.open_sync()
    try:
        pids = _bursts(pool, rounds=3, width=4)
    finally:
        pool._reset()  # noqa: SLF001 - closes the connections
    assert len(pids) == 12
    assert len(set(pids)) == 4  # four connections for four at once, and no new one for the next bursts


def test_calls_one_at_a_time_share_one_connection(create_database: Callable[[], str]) -> None:
    pool = PgPool(create_database(), max_connections=4)
    try:
        pids = [pool.call(lambda conn: _pid(conn)) for _ in range(5)]
    finally:
        pool._reset()  # noqa: SLF001
    assert len(set(pids)) == 1


def _pid(conn: Any) -> int:
    with conn.cursor() as cur:
        cur.execute("SELECT pg_backend_pid()")
        return int(cur.fetchone()[0])
