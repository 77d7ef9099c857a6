"""The service's message bus: AgentScope's ``RedisMessageBus`` under the product's Redis prefix.

Every replica of ``python -m app serve`` on the same Redis shares one bus, so a session's
event stream (replay log + live channel), its run lock and the cancel broadcasts are seen
by every replica: a turn posted on one replica streams on any other.

* Keys: AgentScope names its keys ``agentscope:...``; here they are
  ``{REDIS_PREFIX}:svc:bus:...`` (so two deployments on one Redis never meet, and a user's
  erase can find the bus keys of their sessions, see ``bus_keys_of_session``).
* Leases: AgentScope holds a session's run lock for 600 s (renewed while the run lives).
  A replica that dies mid-run would block the session that long; the service sets the lease
  to ``SERVICE_RUN_LEASE_SECONDS`` (default 10 s, renewed every half lease), so another
  replica can take the session over within seconds (``configure_run_lease``).
"""
from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncGenerator, Callable
from contextlib import asynccontextmanager
from typing import Any

from agentscope.app import _bus_ops
from agentscope.app.message_bus import MessageBusKeys, RedisMessageBus
from loguru import logger

from memory.shortterm.client import RedisClient
from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError

_AGENTSCOPE = "agentscope:"
RESUBSCRIBE_S = 1.0

# KEYS: the session's event stream (its replay log and its live channel share the name).
# ARGV: max length ('' for none), the entry's JSON, the live message's JSON before and after
# its entry id. Appends the entry and publishes it with its id: one round trip, not two.
_APPEND_PUBLISH_LUA = """
local id
if ARGV[1] == '' then
  id = redis.call('XADD', KEYS[1], '*', 'payload', ARGV[2])
else
  id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'payload', ARGV[2])
end
redis.call('PUBLISH', KEYS[1], ARGV[3] .. id .. ARGV[4])
return id
"""
# KEYS: a lock. ARGV: the holder's token. Deletes the lock only while the token is still its
# value (AgentScope releases with GET, then DEL: two round trips).
_UNLOCK_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
_ORIGINAL_PUBLISH = _bus_ops.publish_session_event
#: The AgentScope modules that publish session events (each imported the function by name).
_PUBLISHERS = ("agentscope.app._service._chat", "agentscope.app.middleware._state_change_middleware",
               "agentscope.app._manager._wakeup_dispatcher", "agentscope.app._bus_ops")


def _live_parts(event: dict[str, Any], payload: str) -> tuple[str, str]:
    """The live message ``json.dumps({**event, "_entry_id": id})`` around its id: (before, after).

    The entry's JSON is that of ``event``; the live message is the same with ``_entry_id`` added
    last, so it is cut from the entry's JSON instead of encoding the event a second time.
    """
    if "_entry_id" not in event and payload.endswith("}"):
        return payload[:-1] + (", " if event else "") + '"_entry_id": "', '"}'
    marker = uuid.uuid4().hex
    before, after = json.dumps({**event, "_entry_id": marker}, ensure_ascii=False).split(f'"{marker}"')
    return before + '"', '"' + after


async def publish_session_event(bus: Any, session_id: str, event: dict) -> str:  # noqa: ANN401 - AgentScope's bus
    """AgentScope's ``publish_session_event`` (append to the replay log, then publish with the entry id),
    in one script call on the service's bus; the same entry and message as AgentScope's two commands."""
    append_publish = getattr(bus, "append_and_publish", None)
    if append_publish is None:
        return await _ORIGINAL_PUBLISH(bus, session_id, event)
    return str(await append_publish(MessageBusKeys.session_events(session_id), event,
                                    max_len=MessageBusKeys.SESSION_REPLAY_MAX_LEN))


def merge_event_publishing() -> None:
    """Publish every session event in one round trip (``XADD`` + ``PUBLISH`` in one script): a turn
    publishes ~8 events. ``tests/service/test_bus_publish.py`` fails if AgentScope stops calling it
    by that name, so an upgrade cannot silently bring the second round trip back."""
    import importlib

    for name in _PUBLISHERS:
        module = importlib.import_module(name)
        if getattr(module, "publish_session_event", None) is _ORIGINAL_PUBLISH:
            module.publish_session_event = publish_session_event  # type: ignore[attr-defined]

# The per-session keys AgentScope keeps on the bus (``MessageBusKeys``), as templates.
_SESSION_KEY_TEMPLATES = (
    "session:events:{sid}", "session:event_checkpoint:{sid}", "session:event_checkpoint:lock:{sid}",
    "session:lock:{sid}", "session:projection:{sid}", "inbox:{sid}", "inbox:lock:{sid}",
    "inbox:consumer:{sid}", "bg_tasks:{sid}",
)


def bus_prefix(prefix: str) -> str:
    """Where the bus keys of a deployment live: ``{REDIS_PREFIX}:svc:bus:``."""
    return f"{prefix}:svc:bus:"


def bus_keys_of_session(prefix: str, session_id: str) -> list[str]:
    """Every bus key AgentScope keeps for one session (deleted with the session's user)."""
    return [bus_prefix(prefix) + t.format(sid=session_id) for t in _SESSION_KEY_TEMPLATES]


def configure_run_lease(seconds: int) -> None:
    """Set AgentScope's session run lease (it reads ``MessageBusKeys.SESSION_RUN_TTL_SECS`` per run)."""
    MessageBusKeys.SESSION_RUN_TTL_SECS = max(2, int(seconds))


class PrefixedRedisMessageBus(RedisMessageBus):
    """``RedisMessageBus`` whose keys and channels live under ``{prefix}:svc:bus:``.

    Args:
        client: The service's Redis client (``decode_responses=True``; a server's or a Redis
            Cluster's, every bus script touches one key); not closed by the bus.
        prefix: ``REDIS_PREFIX``.
    """

    def __init__(self, client: RedisClient, prefix: str) -> None:
        super().__init__()
        self._shared: RedisClient = client
        self.key_prefix = bus_prefix(prefix)
        self._append_publish = client.register_script(_APPEND_PUBLISH_LUA)
        self._unlock = client.register_script(_UNLOCK_LUA)

    async def append_and_publish(self, key: str, payload: dict, *, max_len: int | None = None) -> str:
        """``log_append`` then ``publish`` of ``{**payload, "_entry_id": id}`` in one script call; the id."""
        body = json.dumps(payload, ensure_ascii=False)
        before, after = _live_parts(payload, body)
        k = self.k(key)
        entry_id = await self._append_publish(keys=[k], args=["" if max_len is None else max_len, body, before, after])
        return entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)

    async def __aenter__(self) -> "PrefixedRedisMessageBus":
        """Use the service's client (AgentScope would build a single-server one from host/port)."""
        self._client = self._shared  # type: ignore[assignment]
        return self

    async def aclose(self) -> None:
        """The client is the service's: it is closed with the service, not here."""
        self._client = None

    def k(self, key: str) -> str:
        """The key as stored: AgentScope's ``agentscope:`` replaced by the deployment's prefix."""
        if key.startswith(_AGENTSCOPE):
            return self.key_prefix + key[len(_AGENTSCOPE):]
        return key if key.startswith(self.key_prefix) else self.key_prefix + key

    async def queue_push(self, key: str, payload: dict, *, ttl_secs: int | None = None) -> str:
        """See ``RedisMessageBus.queue_push``."""
        return await super().queue_push(self.k(key), payload, ttl_secs=ttl_secs)

    async def queue_drain(self, key: str, max_count: int = 100) -> list[tuple[str, dict]]:
        """See ``RedisMessageBus.queue_drain``."""
        return await super().queue_drain(self.k(key), max_count)

    async def queue_delete(self, key: str) -> None:
        """See ``RedisMessageBus.queue_delete``."""
        await super().queue_delete(self.k(key))

    async def log_append(self, key: str, payload: dict, *, ttl_secs: int | None = None,
                         max_len: int | None = None) -> str:
        """See ``RedisMessageBus.log_append``."""
        return await super().log_append(self.k(key), payload, ttl_secs=ttl_secs, max_len=max_len)

    async def log_read(self, key: str, since: str | None = None, max_count: int = 100) -> list[tuple[str, dict]]:
        """See ``RedisMessageBus.log_read``."""
        return await super().log_read(self.k(key), since, max_count)

    async def log_trim(self, key: str, before_id: str | None = None) -> None:
        """See ``RedisMessageBus.log_trim``."""
        await super().log_trim(self.k(key), before_id)

    async def registry_set(self, namespace: str, field: str, value: str, *, ttl_secs: int | None = None) -> None:
        """See ``RedisMessageBus.registry_set``: its ``HSET`` and ``EXPIRE`` in one round trip (a
        pipeline, not a transaction: the same two commands, as AgentScope sends them, once a turn)."""
        if ttl_secs is None:
            await super().registry_set(self.k(namespace), field, value)
            return
        k = self.k(namespace)
        async with self._shared.pipeline(transaction=False) as pipe:
            pipe.hset(k, field, value)
            pipe.expire(k, ttl_secs)
            await pipe.execute()

    async def registry_set_if(self, namespace: str, field: str, value: str, *, expected: str,
                              ttl_secs: int | None = None) -> bool:
        """See ``RedisMessageBus.registry_set_if``."""
        return await super().registry_set_if(self.k(namespace), field, value, expected=expected, ttl_secs=ttl_secs)

    async def registry_pop(self, namespace: str, field: str) -> str | None:
        """See ``RedisMessageBus.registry_pop``."""
        return await super().registry_pop(self.k(namespace), field)

    async def registry_del(self, namespace: str, field: str) -> None:
        """See ``RedisMessageBus.registry_del``."""
        await super().registry_del(self.k(namespace), field)

    async def registry_exists(self, namespace: str, field: str) -> bool:
        """See ``RedisMessageBus.registry_exists``."""
        return await super().registry_exists(self.k(namespace), field)

    async def registry_getall(self, namespace: str) -> dict[str, str]:
        """See ``RedisMessageBus.registry_getall``."""
        return await super().registry_getall(self.k(namespace))

    async def registry_get(self, namespace: str, field: str) -> str | None:
        """See ``RedisMessageBus.registry_get``."""
        return await super().registry_get(self.k(namespace), field)

    async def registry_drop(self, namespace: str) -> None:
        """See ``RedisMessageBus.registry_drop``."""
        await super().registry_drop(self.k(namespace))

    async def publish(self, key: str, payload: dict) -> None:
        """See ``RedisMessageBus.publish``."""
        await super().publish(self.k(key), payload)

    async def subscribe(self, key: str, *, on_ready: Callable[[], None] | None = None) -> AsyncGenerator[dict, None]:
        """See ``RedisMessageBus.subscribe``; survives Redis outages.

        While Redis is unreachable the subscription is retried every ``RESUBSCRIBE_S`` (and
        ``on_ready`` is called anyway, so a start-up that waits for it is not held up by an
        outage): AgentScope's dispatchers keep listening across a Redis restart instead of
        ending their subscription.
        """
        ready = False

        def once() -> None:
            nonlocal ready
            if not ready:
                ready = True
                if on_ready is not None:
                    on_ready()

        while True:
            try:
                async for payload in super().subscribe(self.k(key), on_ready=once):
                    yield payload
                return
            except (RedisConnectionError, RedisTimeoutError, OSError):
                once()
                await asyncio.sleep(RESUBSCRIBE_S)

    @asynccontextmanager
    async def acquire_lock(self, key: str, *, ttl_secs: int = 600) -> AsyncGenerator[None, None]:
        """``RedisMessageBus.acquire_lock`` (``SET NX EX`` with a random token, retried every
        ``_LOCK_RETRY_DELAY_SECS``; the lease renewed every ``ttl_secs / 2``, at least 1 s, while
        held), with less work per lock: AgentScope takes several per turn.

        The renewal is a timer, not a task created and cancelled per lock, and the release is
        one compare-and-delete script instead of ``GET`` then ``DEL`` (also closing the window
        between the two). A failed release is swallowed, as AgentScope's: the lease expires.
        """
        k = self.k(key)
        client = self._shared
        token = uuid.uuid4().hex
        while not await client.set(k, token, nx=True, ex=ttl_secs):
            await asyncio.sleep(self._LOCK_RETRY_DELAY_SECS)
        loop = asyncio.get_running_loop()
        period = max(1.0, ttl_secs / 2)
        renewing: set[asyncio.Task] = set()
        timer: asyncio.TimerHandle | None = None

        async def renew() -> None:
            try:
                await client.expire(k, ttl_secs)
            except Exception:  # noqa: BLE001 - as a dead heartbeat: the lease runs out
                logger.debug("lock renewal failed", key=k)

        def tick() -> None:
            nonlocal timer
            task = loop.create_task(renew(), name=f"lock-heartbeat:{k}")
            renewing.add(task)
            task.add_done_callback(renewing.discard)
            timer = loop.call_later(period, tick)

        timer = loop.call_later(period, tick)
        try:
            yield
        finally:
            timer.cancel()
            for task in list(renewing):
                task.cancel()
            try:
                await self._unlock(keys=[k], args=[token])
            except Exception as exc:  # noqa: BLE001 - AgentScope's contract: the lease expires by itself
                logger.debug("lock release failed; the lease expires by itself", key=k, error=type(exc).__name__)

    async def is_locked(self, key: str) -> bool:
        """See ``RedisMessageBus.is_locked``."""
        return await super().is_locked(self.k(key))

    async def try_lock(self, key: str, *, ttl_secs: int = 600) -> bool:
        """See ``RedisMessageBus.try_lock``."""
        return await super().try_lock(self.k(key), ttl_secs=ttl_secs)

    async def unlock(self, key: str) -> None:
        """See ``RedisMessageBus.unlock``."""
        await super().unlock(self.k(key))
