"""Every key of one user lives in one Redis Cluster slot; cluster URLs get the cluster client."""
from __future__ import annotations

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot

from agents.declarative.scopes import ScopeRef, SessionScopeStore
from app.service.ratelimit import bucket_key
from memory.shortterm import keys
from memory.shortterm.client import cluster_nodes, cluster_url, redis_client


def user_keys(prefix: str, user: str) -> list[str]:
    """Every key the product writes for ``user``: sessions, turns, summaries, cache, scopes, buckets."""
    scope = SessionScopeStore(None, prefix, 60)  # type: ignore[arg-type] - only its key layout is used
    found = [keys.sessions(prefix, user), keys.cache_gen(prefix, user), keys.cache_item(prefix, user, "topk:x")]
    for session in ("s1", "another-session", "会话"):
        found += [keys.turns(prefix, user, session), keys.summary(prefix, user, session),
                  scope.key(ScopeRef(user_id=user, session_id=session, task_id="t1"), "prefs")]
    found += [bucket_key(f"{prefix}:svc:rl", kind, user) for kind in ("w", "r")]
    return found


@pytest.mark.parametrize("user", ["alice", "bob@example.org", "张三", "u-1.2_3"])
def test_every_key_of_a_user_hashes_to_one_slot(user: str) -> None:
    slots = {key_slot(k.encode()) for k in user_keys("ma", user)}
    assert slots == {key_slot(user.encode())}


def test_different_users_spread_over_slots() -> None:
    slots = {key_slot(keys.sessions("ma", f"user{i}").encode()) for i in range(200)}
    assert len(slots) > 150  # the tag is the user id, not a constant


def test_error_log_keys_share_one_slot() -> None:
    index = keys.errors_index("ma")
    record = keys.error_record("ma", 1, "trace", "abcd")
    assert key_slot(index.encode()) == key_slot(record.encode())


def test_ids_with_braces_cannot_make_a_tag() -> None:
    with pytest.raises(ValueError, match="braces"):
        keys.sessions("ma", "a{b}")


async def test_cluster_urls_get_the_cluster_client() -> None:
    assert cluster_url(" 10.0.0.1:7000, 10.0.0.2:7001 ") == "redis+cluster://10.0.0.1:7000,10.0.0.2:7001"
    assert cluster_nodes("redis+cluster://:pw@h1:7000,h2:7001/0") == [("h1", 7000), ("h2", 7001)]
    with pytest.raises(ValueError, match="host:port"):
        cluster_nodes("redis+cluster://h1")
    cluster = redis_client("redis+cluster://127.0.0.1:7000,127.0.0.1:7001")
    single = redis_client("redis://127.0.0.1:6379/0")
    assert isinstance(cluster, RedisCluster) and isinstance(single, Redis)
    await cluster.aclose()
    await single.aclose()
