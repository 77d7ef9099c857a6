"""This process among the service's replicas, and the session gate every replica shares.

* ``Replica``: a random id and a liveness key ``{prefix}:svc:replica:{id}`` with a short
  lease (``SERVICE_REPLICA_LEASE_SECONDS``, default 6 s), renewed every third of it by
  ``beat``. A replica that is SIGKILLed stops renewing: within one lease every other replica
  sees it dead, and its session claims have expired with it.
* ``TurnGate``: who holds a session's turn, in Redis (``{prefix}:svc:gate:{session}``), so
  that two posts into one session on two replicas never both run: the second gets a 409 from
  any replica. The value is ``{replica}|running`` or ``{replica}|finishing`` (the reply
  exists, the run is storing memories: a next turn may wait instead of a 409, see
  ``app.service.chat``); one waiting turn per session (``...:next``). Claims carry the
  replica's lease and are renewed with its beat. A turn waiting for a run of this replica is
  woken by its release (``wait_released``) instead of polling Redis every 50 ms.
"""
from __future__ import annotations

import asyncio
import time
import uuid

from redis.asyncio import Redis

RUNNING, FINISHING = "running", "finishing"
POLL_S = 0.05
"""How often a turn waiting for another replica's run looks at the gate again."""

# Renew / mark / release a claim only while this replica holds it.
_RENEW_LUA = """
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_MARK_LUA = """
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then
  redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'KEEPTTL') return 1 end
return 0
"""
_RELEASE_LUA = """
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then return redis.call('DEL', KEYS[1]) end
return 0
"""
# KEYS: a gate. ARGV: the claim's value, lease ms. Claims a free gate, else returns its value:
# a claim and, when it fails, the look at who holds the turn, in one round trip.
_CLAIM_OR_STATE_LUA = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, ''} end
return {0, redis.call('GET', KEYS[1]) or ''}
"""
# Take a dead replica's claim over (or a free one).
_TAKE_LUA = """
local v = redis.call('GET', KEYS[1])
if (not v) or string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then
  redis.call('SET', KEYS[1], ARGV[2] .. '|running', 'PX', ARGV[3]) return 1 end
return 0
"""


class Replica:
    """This process's identity and liveness among the replicas of one deployment.

    Args:
        redis: The service's Redis client (``decode_responses=True``).
        prefix: ``REDIS_PREFIX``.
        lease_s: Seconds a silent replica counts as alive.
    """

    def __init__(self, redis: Redis, prefix: str, lease_s: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.lease_s = lease_s
        self.id = uuid.uuid4().hex[:12]
        self.started = time.time()

    def key(self, replica_id: str | None = None) -> str:
        """The liveness key of ``replica_id`` (this one by default)."""
        return f"{self.prefix}:svc:replica:{replica_id or self.id}"

    @property
    def beat_interval_s(self) -> float:
        """How often ``beat`` must run to keep the lease."""
        return self.lease_s / 3

    async def beat(self) -> None:
        """Renew this replica's liveness key."""
        await self.redis.set(self.key(), str(time.time()), px=int(self.lease_s * 1000))

    async def alive(self, replica_id: str) -> bool:
        """Whether ``replica_id`` renewed its lease within the last lease."""
        return replica_id == self.id or bool(await self.redis.exists(self.key(replica_id)))

    async def leave(self) -> None:
        """Drop the liveness key at a clean shutdown (the others take its journal over at once)."""
        await self.redis.delete(self.key())


class TurnGate:
    """Which replica holds each session's turn, shared by every replica (see the module docstring).

    Args:
        replica: This process.
    """

    def __init__(self, replica: Replica) -> None:
        self.replica = replica
        self.redis = replica.redis
        self.held: set[str] = set()
        self._released: dict[str, asyncio.Event] = {}
        # Run twice a turn: sent as EVALSHA (the script body once per server, not every turn).
        self._mark = self.redis.register_script(_MARK_LUA)
        self._release = self.redis.register_script(_RELEASE_LUA)
        self._claim_or_state = self.redis.register_script(_CLAIM_OR_STATE_LUA)

    def key(self, session_id: str) -> str:
        """The gate key of a session."""
        return f"{self.replica.prefix}:svc:gate:{session_id}"

    @property
    def _lease_ms(self) -> int:
        return int(self.replica.lease_s * 1000)

    async def claim(self, session_id: str) -> bool:
        """Take the session's turn if nobody holds it."""
        ok = bool(await self.redis.set(self.key(session_id), f"{self.replica.id}|{RUNNING}", nx=True, px=self._lease_ms))
        if ok:
            self.held.add(session_id)
        return ok

    async def claim_or_state(self, session_id: str) -> tuple[bool, str | None]:
        """``claim``, and when the session is held, its ``state`` read in the same round trip:
        ``(True, None)`` claimed, ``(False, "running" | "finishing")`` held, ``(False, None)`` released
        in between (claim again)."""
        claimed, value = await self._claim_or_state(keys=[self.key(session_id)],
                                                    args=[f"{self.replica.id}|{RUNNING}", self._lease_ms])
        if int(claimed) == 1:
            self.held.add(session_id)
            return True, None
        return False, (value.rsplit("|", 1)[1] if value else None)

    def holds(self, session_id: str) -> bool:
        """Whether a run of this replica holds the session now."""
        return session_id in self.held

    async def take_over(self, session_id: str, dead_replica: str) -> bool:
        """Take the session's turn from a dead replica (or when free)."""
        ok = bool(await self.redis.eval(_TAKE_LUA, 1, self.key(session_id), dead_replica, self.replica.id, self._lease_ms))
        if ok:
            self.held.add(session_id)
        return ok

    async def state(self, session_id: str) -> str | None:
        """``running`` / ``finishing`` while some replica holds the turn, else ``None``."""
        value = await self.redis.get(self.key(session_id))
        return value.rsplit("|", 1)[1] if value else None

    async def finishing(self, session_id: str) -> None:
        """The turn's reply exists; the run is only persisting and releasing."""
        await self._mark(keys=[self.key(session_id)], args=[self.replica.id, FINISHING])

    async def release(self, session_id: str) -> None:
        """The run is over: the session takes a next turn."""
        self.held.discard(session_id)
        try:
            await self._release(keys=[self.key(session_id)], args=[self.replica.id])
        finally:
            released = self._released.pop(session_id, None)
            if released is not None:
                released.set()

    async def wait_released(self, session_id: str) -> None:
        """Wait a moment before the next ``claim`` of a session held by a run.

        While this replica holds the session, until its ``release`` (at most a third of the
        lease, so the waiting turn renews its ``:next`` claim in time); else ``POLL_S``: the
        holder is another replica, whose release is seen only in Redis.
        """
        if session_id not in self.held:
            await asyncio.sleep(POLL_S)
            return
        released = self._released.setdefault(session_id, asyncio.Event())
        try:
            await asyncio.wait_for(released.wait(), self.replica.lease_s / 3)
        except asyncio.TimeoutError:
            pass

    async def claim_next(self, session_id: str) -> bool:
        """Become the one turn waiting for the session's finishing run."""
        return bool(await self.redis.set(f"{self.key(session_id)}:next", self.replica.id, nx=True, px=self._lease_ms))

    async def still_next(self, session_id: str) -> None:
        """Renew the waiting turn's claim (while it polls)."""
        await self.redis.set(f"{self.key(session_id)}:next", self.replica.id, xx=True, px=self._lease_ms)

    async def release_next(self, session_id: str) -> None:
        """The waiting turn started (or gave up)."""
        await self.redis.delete(f"{self.key(session_id)}:next")

    async def renew(self) -> None:
        """Keep this replica's claims alive (called with every beat)."""
        if not self.held:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for session_id in list(self.held):
                pipe.eval(_RENEW_LUA, 1, self.key(session_id), self.replica.id, self._lease_ms)
            await pipe.execute()
