"""A chat on a real 3-master Redis Cluster: turns, recall across sessions, the recall cache, erase.

The deployment names the cluster with ``REDIS_CLUSTER_NODES`` (what an operator sets); the
product's Lua scripts and MULTI/EXEC blocks would fail with CROSSSLOT if a user's keys
spread over slots.
"""
from __future__ import annotations

from redis.crc import key_slot

from app.composition import open_runtime
from app.session import ChatSession
from core.labels import MemoryLabels
from memory.shortterm.client import redis_client
from tests.e2e.conftest import settings_from
from tests.redis_cluster import RedisClusterServers


async def test_a_chat_runs_on_a_redis_cluster(e2e_env: dict[str, str], redis_cluster: RedisClusterServers) -> None:
    env = {**e2e_env, "REDIS_CLUSTER_NODES": redis_cluster.nodes}
    prefix = env["REDIS_PREFIX"]
    rt = await open_runtime(settings_from(env))
    raw = redis_client(redis_cluster.url, decode_responses=True)
    try:
        chat = ChatSession.open(rt, "kai", "k1")
        await chat.send("I live in Lisbon and I prefer short answers.")
        chat.new()
        first = await chat.send("Where do I live?")
        assert "Lisbon" in (first.get_text_content() or "")
        chat.new()
        second = await chat.send("Where do I live?")
        recalls = [MemoryLabels.model_validate(r.metadata["memory"]).recall for r in (first, second)]
        assert not recalls[0].cache_hit and recalls[1].cache_hit  # the cache's scripts ran on the cluster
        assert recalls[1].selected_ids == recalls[0].selected_ids

        keys = [k async for k in raw.scan_iter(match=f"{prefix}:user:*", count=500)]
        assert any(k.endswith(":turns") for k in keys) and any(k.endswith(":cache:gen") for k in keys)
        assert {key_slot(k.encode()) for k in keys} == {key_slot(b"kai")}  # one slot for all of kai

        assert await rt.shortterm.erase_user("kai") == len(keys)
        assert [k async for k in raw.scan_iter(match=f"{prefix}:user:*", count=500)] == []
    finally:
        await raw.aclose()
        await rt.aclose()
