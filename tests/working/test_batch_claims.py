"""Claims of batch records on MariaDB: concurrent claimers never share a record, lanes keep order, leases expire."""
from __future__ import annotations

import asyncio

from memory.working.claims import RecordClaims
from memory.working.sql_store import SqlWorkingStore


async def test_concurrent_claimers_never_share_a_record(mysql_url: str) -> None:
    store = SqlWorkingStore.for_mysql(mysql_url)
    await store.migrate()
    try:
        claimers = [RecordClaims(store, "run2", f"w{i}", 30) for i in range(12)]
        await claimers[0].seed([(i, f"r{i}") for i in range(10)])
        got = await asyncio.gather(*(c.claim() for c in claimers))
        held = [g for g in got if g is not None]
        assert sorted(held) == list(range(10))  # each record once; two claimers found nothing
    finally:
        await store.close()


async def test_a_lane_runs_in_order_and_a_dead_workers_record_is_taken_over(mysql_url: str) -> None:
    store = SqlWorkingStore.for_mysql(mysql_url)
    await store.migrate()
    try:
        a, b, c = (RecordClaims(store, "run1", name, 0.5) for name in "ABC")
        # lane "u": records 0, 2, 4 (one user's turns); records 1 and 3 are lanes of their own
        await a.seed([(0, "u"), (1, "r1"), (2, "u"), (3, "r3"), (4, "u")])
        await b.seed([(0, "u"), (1, "r1")])  # seeding again changes nothing
        assert await a.claim() == 0
        assert await b.claim() == 1
        assert await c.claim() == 3  # 2 and 4 wait for 0
        assert await c.claim() is None
        await a.done(0)
        assert await c.claim() == 2  # the lane's next record, now that 0 is done
        assert await a.claim() is None  # 4 waits for 2
        await asyncio.sleep(0.8)  # c dies holding 2 and 3; b's lease on 1 runs out too
        assert await a.claim() == 1 and await a.claim() == 2 and await b.claim() == 3
        assert not await c.renew(2)  # taken over
        await a.done(2)
        assert await a.claim() == 4
        assert (await a.remaining())[0] == 3  # 1, 3 and 4 are not done yet
    finally:
        await store.close()
