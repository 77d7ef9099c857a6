"""Several workers on one batch run: ``batch --workers N`` and ``batch --join RUN_ID``.

Each worker claims records through the working store (``memory.working.claims``, ``SELECT
… FOR UPDATE SKIP LOCKED`` on MariaDB/MySQL), runs one, commits its result row (the
record's commit, as for one worker) and marks the claim done. A worker that dies leaves its
claim to run out (``--lease``); another worker takes the record over. The records of one
lane — a memory-turn run's user — run one at a time, in input order. The report is built
from the committed rows, so it is the same as a single worker's.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from agents.declarative.batch_input import InputRecord
from app.lifecycle import Lifecycle
from memory.errors import MemoryAgentError
from memory.working.claims import RecordClaims
from memory.working.sql_store import SqlWorkingStore

Process = Callable[[InputRecord], Awaitable[dict[str, Any] | None]]
"""Run one record and commit it; ``None`` when it was committed already."""
Committed = Callable[[int], Awaitable[bool]]
"""Whether a record's result row exists (committed by some worker)."""
OnDone = Callable[[dict[str, Any] | None], Awaitable[None]]
"""Called after each record this process finished (its state, ``None`` when skipped)."""

#: Longest pause of a worker waiting for records other workers hold.
POLL_S = 0.5


def worker_id() -> str:
    """A worker's id: host, pid and a nonce (several workers may share a process)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


def check_workers(store: object, workers: int, joining: bool) -> SqlWorkingStore | None:
    """The store to claim through, or ``None`` for the single-worker path (SQLite).

    Raises:
        MemoryAgentError: several workers or ``--join`` were asked for on a store without
            ``SKIP LOCKED`` (SQLite runs one worker), or ``workers`` < 1.
    """
    if workers < 1:
        raise MemoryAgentError(f"--workers must be at least 1, got {workers}")
    shared = isinstance(store, SqlWorkingStore) and store.claims_across_processes
    if not shared and (workers > 1 or joining):
        raise MemoryAgentError(
            "several batch workers share a run through MariaDB/MySQL (SELECT ... FOR UPDATE SKIP LOCKED); "
            "the embedded SQLite tier runs one worker: set MYSQL_URL, or drop --workers/--join"
        )
    return store if shared else None  # type: ignore[return-value]


async def _keep_lease(claims: RecordClaims, idx: int, every_s: float) -> None:
    while True:
        await asyncio.sleep(every_s)
        if not await claims.renew(idx):
            return  # taken over (we were too slow): our commit, if it comes, is refused as a duplicate


async def _work(claims: RecordClaims, by_index: dict[int, InputRecord], process: Process, committed: Committed,
                on_done: OnDone, life: Lifecycle | None, lease_s: float) -> None:
    while True:
        if life is not None and life.stopping:
            return  # after the record in flight; run_workers reports the stop
        idx = await claims.claim()
        if idx is None:
            left, soonest_ms = await claims.remaining()
            if left == 0:
                return
            await asyncio.sleep(min(POLL_S, max(0.05, (soonest_ms or 0) / 1000)))
            continue
        try:
            state = await _run_claimed(claims, idx, by_index[idx], process, committed, lease_s)
        except BaseException:  # stopped or failed: give the record back at once (no lease to wait out)
            with contextlib.suppress(Exception):
                await claims.release(idx)
            raise
        await on_done(state)


async def _run_claimed(claims: RecordClaims, idx: int, rec: InputRecord, process: Process, committed: Committed,
                       lease_s: float) -> dict[str, Any] | None:
    """Run a claimed record unless some worker committed it already, renewing the lease; mark it done."""
    state: dict[str, Any] | None = None
    if not await committed(idx):
        keeper = asyncio.create_task(_keep_lease(claims, idx, lease_s / 3))
        try:
            state = await process(rec)
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper
    await claims.done(idx)
    return state


async def run_workers(
    store: SqlWorkingStore, run_id: str, records: Sequence[InputRecord], lane_of: Callable[[InputRecord], str],
    process: Process, committed: Committed, on_done: OnDone, workers: int, lease_s: float,
    life: Lifecycle | None,
) -> None:
    """Run ``workers`` workers of this process on the run until every record is done (by anyone)."""
    seeder = RecordClaims(store, run_id, worker_id(), lease_s)
    await seeder.seed([(r.index, lane_of(r)) for r in records])
    by_index = {r.index: r for r in records}
    async with asyncio.TaskGroup() as crew:  # one worker failing stops the others
        for _ in range(workers):
            crew.create_task(_work(RecordClaims(store, run_id, worker_id(), lease_s), by_index, process, committed,
                                   on_done, life, lease_s))
    if life is not None and life.stopping:
        raise asyncio.CancelledError  # reported and resumable, as for one worker
