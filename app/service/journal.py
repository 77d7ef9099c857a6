"""The turn journal: an accepted turn is written down before it runs, and never dropped silently.

``POST /chat/`` journals the turn (user, agent, session, the masked input) in one Redis hash
(``{prefix}:svc:journal``, one field per session: a session holds one turn at a time) with the
replica that owns it. The entry says ``replied`` once the reply is stored and is deleted when
the run ends. Every replica's ``Takeover`` loop looks at the journal every third of a lease:
an entry whose owner's lease lapsed (the replica died) is adopted by exactly one replica
(compare-and-set on the entry), which

* runs the turn again from its journaled input (the run lock of the dead replica has
  expired by then; the input message keeps its id, so it is stored once), or
* when the reply was already stored, only drops the entry, or
* when the turn was already taken over once, or cannot be restarted, tells the client: a
  failed reply (``REPLY_END`` with ``finished_reason: error``) on the session's stream and in
  its messages.
"""
from __future__ import annotations

import json
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from app.service.bus import publish_session_event
from agentscope.event import ReplyEndEvent, ReplyStartEvent
from agentscope.message import Msg
from agentscope.message import AssistantMsg
from agentscope.types import ErrorInfo, ReplyFinishedReason
from redis.asyncio import Redis

from app.service.replicas import Replica

MAX_ATTEMPTS = 2  # the first run and one takeover

# Update one entry only while this replica owns it.
_SET_STATE_LUA = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return 0 end
local e = cjson.decode(v)
if e['owner'] ~= ARGV[2] then return 0 end
e['state'] = ARGV[3]
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e)) return 1
"""
_DONE_LUA = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and cjson.decode(v)['owner'] == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""
_ADOPT_LUA = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) return 1
"""

Starter = Callable[[str, str, str, list[Msg]], Awaitable[bool]]


class TurnJournal:
    """The accepted turns of every replica (see the module docstring).

    Args:
        replica: This process.
    """

    def __init__(self, replica: Replica) -> None:
        self.replica = replica
        self.redis: Redis = replica.redis
        self.key = f"{replica.prefix}:svc:journal"
        # Run twice a turn: sent as EVALSHA (the script body once per server, not every turn).
        self._set_state = self.redis.register_script(_SET_STATE_LUA)
        self._done = self.redis.register_script(_DONE_LUA)

    async def accept(self, user_id: str, agent_id: str, session_id: str, inputs: list[Msg]) -> None:
        """Write the turn down, owned by this replica, before it starts."""
        entry = {"user_id": user_id, "agent_id": agent_id, "session_id": session_id, "owner": self.replica.id,
                 "attempt": 1, "state": "accepted", "accepted_at": time.time(),
                 "inputs": [m.model_dump(mode="json") for m in inputs]}
        await self.redis.hset(self.key, session_id, json.dumps(entry))

    async def replied(self, session_id: str) -> None:
        """The turn's reply is stored: a takeover must not run it again."""
        await self._set_state(keys=[self.key], args=[session_id, self.replica.id, "replied"])

    async def done(self, session_id: str) -> None:
        """The run ended (replied, failed to its client, or interrupted): drop the entry."""
        await self._done(keys=[self.key], args=[session_id, self.replica.id])

    async def entries(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Every journaled turn: session id → (raw entry, entry)."""
        raw = await self.redis.hgetall(self.key)
        return {sid: (value, json.loads(value)) for sid, value in raw.items()}

    async def adopt(self, session_id: str, raw: str, entry: dict[str, Any]) -> dict[str, Any] | None:
        """Own a dead replica's entry (exactly one replica wins); the adopted entry, or ``None``."""
        mine = {**entry, "owner": self.replica.id, "attempt": int(entry.get("attempt", 1)) + 1}
        ok = await self.redis.eval(_ADOPT_LUA, 1, self.key, session_id, raw, json.dumps(mine))
        return mine if ok else None

    async def forget_user(self, user_id: str) -> int:
        """Drop every journaled turn of ``user_id`` (part of a full erase); returns how many."""
        mine = [sid for sid, (_, e) in (await self.entries()).items() if e.get("user_id") == user_id]
        return int(await self.redis.hdel(self.key, *mine)) if mine else 0


async def report_lost(bus: Any, storage: Any, entry: dict[str, Any], why: str) -> None:  # noqa: ANN401
    """Tell the client a turn could not be finished: a failed reply on the stream and in the messages."""
    sid, agent = entry["session_id"], entry["agent_id"]
    reply_id = uuid.uuid4().hex
    reply = AssistantMsg(id=reply_id, name=agent, content=[])
    events = (ReplyStartEvent(session_id=sid, reply_id=reply_id, name=agent),
              ReplyEndEvent(session_id=sid, reply_id=reply_id, finished_reason=ReplyFinishedReason.ERROR,
                            error=ErrorInfo(message=why)))
    for event in events:
        reply.append_event(event)
        await publish_session_event(bus, sid, event.model_dump(mode="json"))
    await storage.upsert_message(entry["user_id"], sid, reply)
