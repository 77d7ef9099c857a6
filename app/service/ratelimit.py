"""Per-user token buckets in Redis: ``RATE_LIMIT_PER_MINUTE`` tokens a minute, ``RATE_LIMIT_BURST`` deep.

One Lua script refills and takes a token atomically, so several server processes share
one budget per user. Writes (``POST``/``PATCH``/``DELETE``) take from the ``write``
bucket; reads (polls) from a ``read`` bucket ``READ_FACTOR`` times larger, so a client
polling its messages does not starve its own turns. A bucket's key is
``<prefix>:<kind>:{<user_id>}`` (the user's hash tag: the same slot as the user's other keys
on a Redis Cluster).

With Redis unreachable the limit fails open to a bucket in this process (same rate and
depth, per replica), so an outage of the limiter's store never refuses a request by itself.
"""
from __future__ import annotations

import math
import time

from loguru import logger
from redis.exceptions import RedisError

from memory.shortterm.client import RedisClient
from memory.shortterm.keys import tagged

READ_FACTOR = 20

# KEYS: bucket. ARGV: now (s), rate (tokens/s), burst. Returns {allowed, retry_after_ms}.
_TAKE_LUA = """
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil then tokens = burst; ts = now end
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate)
local allowed = 0
local wait_ms = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait_ms = math.ceil((1 - tokens) / rate * 1000)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, wait_ms}
"""


def bucket_key(prefix: str, kind: str, user_id: str) -> str:
    """``<prefix>:<kind>:{<user_id>}``: one bucket of one user."""
    return f"{prefix}:{kind}:{tagged(user_id)}"


class RateLimiter:
    """Token buckets per user and kind of request.

    Args:
        redis: A client of the service's Redis (a server or a cluster).
        prefix: Key prefix (``{REDIS_PREFIX}:svc:rl``).
        per_minute: Write tokens added per minute (0 turns the limit off).
        burst: Bucket depth for writes.
    """

    def __init__(self, redis: RedisClient, prefix: str, per_minute: float, burst: int) -> None:
        self._redis = redis
        self._prefix = prefix
        self._rate = per_minute / 60.0
        self._burst = burst
        self._take = redis.register_script(_TAKE_LUA)
        self._local: dict[str, tuple[float, float]] = {}  # key -> (tokens, ts), while Redis is out

    @property
    def enabled(self) -> bool:
        """Whether any limit applies."""
        return self._rate > 0

    async def take(self, user_id: str, write: bool) -> float:
        """Take one token for ``user_id``; returns 0 when allowed, else seconds to wait."""
        if not self.enabled:
            return 0.0
        factor = 1 if write else READ_FACTOR
        kind = "w" if write else "r"
        key = bucket_key(self._prefix, kind, user_id)
        rate, burst = self._rate * factor, self._burst * factor
        try:
            allowed, wait_ms = await self._take(keys=[key], args=[time.time(), rate, burst])
        except (RedisError, OSError) as exc:
            logger.warning("rate limit: Redis unreachable, using this process's bucket", error=type(exc).__name__)
            return self._take_local(key, rate, burst)
        return 0.0 if int(allowed) == 1 else max(1.0, math.ceil(int(wait_ms) / 1000))

    def _take_local(self, key: str, rate: float, burst: float) -> float:
        """The same bucket in this process (bounded: the oldest buckets go first)."""
        now = time.monotonic()
        tokens, ts = self._local.pop(key, (burst, now))
        tokens = min(burst, tokens + max(0.0, now - ts) * rate)
        if len(self._local) >= 10_000:
            self._local.pop(next(iter(self._local)))
        if tokens >= 1:
            self._local[key] = (tokens - 1, now)
            return 0.0
        self._local[key] = (tokens, now)
        return max(1.0, math.ceil((1 - tokens) / rate))
