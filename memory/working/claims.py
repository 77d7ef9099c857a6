"""Claims on the records of a batch run, so several workers share one run without doing a record twice.

One row per record (``batch_claims``): its *lane*, the worker holding it and until when
(a lease), and whether it is done. A worker claims in one transaction with
``SELECT … FOR UPDATE SKIP LOCKED`` (MariaDB 10.6+ / MySQL 8): concurrent claimers never
wait for each other and never take the same row. A worker renews its lease while it works;
when it dies the lease runs out and another worker takes the record over.

Within a lane only the first record not yet done can be claimed: the records of one lane
(a user's memory turns) run one after the other, in input order, whichever worker runs
them. Records of different lanes run in parallel.

Lease times are the workers' clocks (milliseconds since the epoch): keep the machines'
clocks in sync (NTP) to within a small part of the lease.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from memory.working.sql_store import SqlWorkingStore, Statement

_CLAIM = (
    "SELECT c.idx FROM {p}batch_claims c WHERE c.run_id = ? AND c.done = 0 "
    "AND (c.owner IS NULL OR c.lease_until_ms < ?) "
    "AND NOT EXISTS (SELECT 1 FROM {p}batch_claims e WHERE e.run_id = c.run_id AND e.lane = c.lane "
    "AND e.done = 0 AND e.idx < c.idx) "
    "ORDER BY c.idx LIMIT 1{skip_locked}"
)


def _now_ms() -> int:
    return int(time.time() * 1000)


class RecordClaims:
    """The claims of one worker on one run.

    Args:
        store: The working-state store (MariaDB/MySQL for several workers).
        run_id: The batch run.
        owner: This worker's id (unique per worker, e.g. host, pid and a nonce).
        lease_seconds: How long a claim holds without renewal.
    """

    def __init__(self, store: SqlWorkingStore, run_id: str, owner: str, lease_seconds: float) -> None:
        if lease_seconds <= 0:
            raise ValueError(f"lease_seconds must be positive, got {lease_seconds}")
        self._store = store
        self.run_id = run_id
        self.owner = owner
        self._lease_ms = int(lease_seconds * 1000)

    async def seed(self, lanes: Sequence[tuple[int, str]]) -> None:
        """Register the run's records ``(index, lane)``; rows that exist are kept as they are."""
        rows = [(self.run_id, idx, lane) for idx, lane in lanes]

        def insert(chunk: list[tuple[str, int, str]]) -> Callable[[Statement], None]:
            def body(run: Statement) -> None:
                for run_id, idx, lane in chunk:
                    run("{insert_ignore} INTO {p}batch_claims (run_id, idx, lane, done) VALUES (?, ?, ?, 0)",
                        (run_id, idx, lane))

            return body

        for start in range(0, len(rows), 500):  # bounded transactions for long inputs
            await self._store.transaction(insert(rows[start:start + 500]))

    async def claim(self) -> int | None:
        """The index of a record this worker now holds, or ``None`` when none is claimable now.

        Claimable: not done, the first not done of its lane, and free or its lease ran out
        (a dead worker's record is taken over).
        """
        now = _now_ms()

        def body(run: Statement) -> int | None:
            rows = run(_CLAIM, (self.run_id, now))
            if not rows:
                return None
            idx = int(rows[0][0])
            run("UPDATE {p}batch_claims SET owner = ?, lease_until_ms = ? WHERE run_id = ? AND idx = ?",
                (self.owner, now + self._lease_ms, self.run_id, idx))
            return idx

        return await self._store.transaction(body)

    async def renew(self, idx: int) -> bool:
        """Extend this worker's lease on ``idx``; ``False`` when another worker took it over."""

        def body(run: Statement) -> bool:
            run("UPDATE {p}batch_claims SET lease_until_ms = ? WHERE run_id = ? AND idx = ? AND owner = ? AND done = 0",
                (_now_ms() + self._lease_ms, self.run_id, idx, self.owner))
            return bool(run("SELECT 1 FROM {p}batch_claims WHERE run_id = ? AND idx = ? AND owner = ?",
                            (self.run_id, idx, self.owner)))

        return await self._store.transaction(body)

    async def done(self, idx: int) -> None:
        """Mark ``idx`` done (its result is committed); the next record of its lane becomes claimable."""
        await self._store.transaction(lambda run: run(
            "UPDATE {p}batch_claims SET done = 1, owner = ?, lease_until_ms = NULL WHERE run_id = ? AND idx = ?",
            (self.owner, self.run_id, idx)))

    async def release(self, idx: int) -> None:
        """Give ``idx`` back unfinished (the worker stops): any worker may claim it at once."""
        await self._store.transaction(lambda run: run(
            "UPDATE {p}batch_claims SET owner = NULL, lease_until_ms = NULL WHERE run_id = ? AND idx = ? AND owner = ?",
            (self.run_id, idx, self.owner)))

    async def remaining(self) -> tuple[int, int | None]:
        """How many records are not done, and in how many ms the soonest other worker's lease ends."""

        def body(run: Statement) -> tuple[int, int | None]:
            rows = run("SELECT COUNT(*), MIN(lease_until_ms) FROM {p}batch_claims WHERE run_id = ? AND done = 0",
                       (self.run_id,))
            count, soonest = rows[0]
            return int(count), None if soonest is None else max(0, int(soonest) - _now_ms())

        return await self._store.transaction(body)
