"""The HTTP service on a real 3-master Redis Cluster: sessions, quota, rate limits, a turn, erase."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from redis.crc import key_slot

from memory.shortterm.client import redis_client
from tests.redis_cluster import RedisClusterServers
from tests.service.conftest import in_process_server, reply_text
from tests.service.test_service_limits import _quota, _rate


async def test_the_service_runs_on_a_redis_cluster(
    create_database: Callable[[], str], tmp_path: Path, redis_cluster: RedisClusterServers
) -> None:
    async with in_process_server(
        create_database, tmp_path / "home", REDIS_URL=redis_cluster.url, SESSION_QUOTA="3",
        RATE_LIMIT_PER_MINUTE="6", RATE_LIMIT_BURST="14",
    ) as server:
        alice, bob, carol, erin = [await server.user(name) for name in ("alice", "bob", "carol", "erin")]
        await asyncio.to_thread(_quota, alice)  # AgentScope's records + the short-term quota script
        await asyncio.to_thread(_rate, bob, carol)  # the token-bucket script
        await asyncio.to_thread(erin.bootstrap)
        reply = await asyncio.to_thread(erin.chat, "I live in Porto.")
        assert reply_text(reply)
        assert any("Porto" in i["content"] for i in await asyncio.to_thread(erin.items))

        prefix = server.env["REDIS_PREFIX"]
        raw = redis_client(redis_cluster.url, decode_responses=True)
        try:
            mine = [k async for k in raw.scan_iter(match=f"{prefix}:*{{{erin.user_id}}}*", count=500)]
            assert any(":svc:user:" in k for k in mine) and any(k.endswith(":turns") for k in mine)
            assert {key_slot(k.encode()) for k in mine} == {key_slot(erin.user_id.encode())}
            gone = await asyncio.to_thread(erin.http.delete, "/memory/all")
            assert gone.status_code == 200, gone.text
            left = [k async for k in raw.scan_iter(match=f"{prefix}:*{{{erin.user_id}}}*", count=500)]
            assert left == []
        finally:
            await raw.aclose()
