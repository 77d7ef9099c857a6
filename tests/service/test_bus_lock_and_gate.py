"""The bus's session locks and the turn gate's wake-up do less per turn (issue 20), on real Redis:
a lock is still exclusive, renewed while held and released only by its holder, in fewer round trips;
a turn waiting for a run of this replica starts at its release, without polling Redis."""
from __future__ import annotations

import asyncio
import time
import uuid

import pytest
import redis.asyncio as aredis

from app.service.bus import PrefixedRedisMessageBus
from app.service.replicas import Replica, TurnGate
from tests.service.conftest import REDIS_URL


async def _bus() -> tuple[aredis.Redis, PrefixedRedisMessageBus]:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    bus = PrefixedRedisMessageBus(client, f"t{uuid.uuid4().hex[:8]}")
    await bus.__aenter__()
    return client, bus


async def test_a_lock_takes_two_round_trips_and_is_gone_after(sent: list[bytes]) -> None:
    client, bus = await _bus()
    try:
        async with bus.acquire_lock("agentscope:session:lock:s0", ttl_secs=30):
            pass  # the release script is loaded on the server (its first call may need a SCRIPT LOAD)
        sent.clear()
        async with bus.acquire_lock("agentscope:session:lock:s1", ttl_secs=30):
            assert await client.ttl(bus.k("session:lock:s1")) > 20
        trips = len(sent) - 1  # the TTL look above is the test's
        assert trips == 2, sent
        assert not await client.exists(bus.k("session:lock:s1"))
    finally:
        await client.aclose()


async def test_a_lock_is_exclusive_and_the_second_holder_waits() -> None:
    client, bus = await _bus()
    order: list[str] = []
    try:
        async def hold(name: str, seconds: float) -> None:
            async with bus.acquire_lock("lk", ttl_secs=30):
                order.append(f"{name}+")
                await asyncio.sleep(seconds)
                order.append(f"{name}-")

        first = asyncio.create_task(hold("a", 0.3))
        await asyncio.sleep(0.05)
        await asyncio.gather(first, hold("b", 0.0))
        assert order == ["a+", "a-", "b+", "b-"]
    finally:
        await client.aclose()


async def test_a_lock_taken_over_after_its_lease_is_not_deleted_by_the_late_holder() -> None:
    client, bus = await _bus()
    try:
        async with bus.acquire_lock("lk2", ttl_secs=30):
            await client.set(bus.k("lk2"), "someone-else")  # our lease ran out and another holder came
        assert await client.get(bus.k("lk2")) == "someone-else"
        await client.delete(bus.k("lk2"))
    finally:
        await client.aclose()


async def test_a_held_lock_is_renewed_and_a_body_error_still_releases_it() -> None:
    client, bus = await _bus()
    try:
        with pytest.raises(RuntimeError):
            async with bus.acquire_lock("lk3", ttl_secs=2):  # renewed every second
                await asyncio.sleep(2.5)
                assert await client.exists(bus.k("lk3"))
                assert await client.ttl(bus.k("lk3")) >= 1
                raise RuntimeError("body failed")
        assert not await client.exists(bus.k("lk3"))
    finally:
        await client.aclose()


async def test_a_waiting_turn_wakes_at_the_local_release_without_polling(sent: list[bytes]) -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        gate = TurnGate(Replica(client, f"t{uuid.uuid4().hex[:8]}", lease_s=6))
        assert await gate.claim("s")
        sent.clear()
        started = time.monotonic()
        waiting = asyncio.create_task(gate.wait_released("s"))
        await asyncio.sleep(0.4)
        assert not waiting.done() and sent == []  # no look at Redis while the run holds the session
        await gate.release("s")
        await asyncio.wait_for(waiting, 0.5)
        assert time.monotonic() - started < 1.0
        assert await gate.claim("s")
        await gate.release("s")
    finally:
        await client.aclose()


async def test_a_session_held_by_another_replica_is_polled() -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        prefix = f"t{uuid.uuid4().hex[:8]}"
        other, ours = TurnGate(Replica(client, prefix, 6)), TurnGate(Replica(client, prefix, 6))
        assert await other.claim("s")
        assert not await ours.claim("s")
        started = time.monotonic()
        await ours.wait_released("s")
        assert time.monotonic() - started < 0.5
        await other.release("s")
        assert await ours.claim("s")
        await ours.release("s")
    finally:
        await client.aclose()


async def test_a_registry_entry_with_a_ttl_is_one_round_trip_with_both_commands(sent: list[bytes]) -> None:
    client, bus = await _bus()
    try:
        sent.clear()
        await bus.registry_set("agentscope:inbox:consumer:s2", "running", "1", ttl_secs=6)
        assert len(sent) == 1 and b"HSET" in sent[0]
        assert await client.hget(bus.k("inbox:consumer:s2"), "running") == "1"
        assert 0 < await client.ttl(bus.k("inbox:consumer:s2")) <= 6
        await bus.registry_set("agentscope:inbox:consumer:s2", "running", "2")
        assert await client.hget(bus.k("inbox:consumer:s2"), "running") == "2"
        await client.delete(bus.k("inbox:consumer:s2"))
    finally:
        await client.aclose()


async def test_a_claim_that_fails_says_who_holds_the_turn_in_the_same_round_trip(sent: list[bytes]) -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        prefix = f"t{uuid.uuid4().hex[:8]}"
        ours, other = TurnGate(Replica(client, prefix, 6)), TurnGate(Replica(client, prefix, 6))
        assert await ours.claim_or_state("s") == (True, None) and ours.holds("s")  # loads the script
        assert await other.claim_or_state("s") == (False, "running") and not other.holds("s")
        await ours.finishing("s")
        sent.clear()
        assert await other.claim_or_state("s") == (False, "finishing")
        assert len(sent) == 1
        await ours.release("s")
        assert not ours.holds("s")
        assert await other.claim_or_state("s") == (True, None)
        assert await client.pttl(other.key("s")) > 0  # the claim has its lease
        await other.release("s")
    finally:
        await client.aclose()
