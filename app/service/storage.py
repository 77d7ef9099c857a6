"""The service's AgentScope storage: Redis, with the product's rules on what it keeps.

* Keys live under ``{REDIS_PREFIX}:svc:`` in the short-term tier's Redis (a server or a Redis
  Cluster); the client decodes responses (AgentScope's list routes format ids into keys and
  need ``str``). Every per-user key carries the user's hash tag (``…:svc:user:{<user_id>}:…``),
  so AgentScope's MULTI/EXEC blocks on one user's records touch one cluster slot.
* A new session takes a slot of the user's ``SESSION_QUOTA`` in the short-term tier (the
  same slots the terminal chat takes); at the quota it is refused, never evicted.
  Deleting the session frees the slot.
* Only the server-model credential (no secret) can be stored: the service does not hold
  users' provider keys.
* A session's ``workspace_id`` must be a plain id (it names a folder on the host).
* A reply of a turn run here is stored with its turn's labels in ``metadata["memory"]``, and
  marks the turn ``replied`` in the turn journal (``app.service.journal``).
* A session record is read once per run and keeps only the newest exchange of the agent's
  context (``app.service.session_record``).
"""
from __future__ import annotations

import re
import uuid
from datetime import datetime
from agentscope.app.storage import RedisStorage
from agentscope.app.storage._model import SessionConfig, SessionOrigin, SessionRecord
from agentscope.state import AgentState
from agentscope.credential import CredentialBase
from agentscope.message import Msg
from fastapi import HTTPException
from loguru import logger
from redis.exceptions import RedisError
from typing import Any

from app.api import TurnLog
from app.service.journal import TurnJournal
from app.service.session_record import CAS_LUA, RecordRead, bounded_state, digest_of, run_reads
from core.labels import METADATA_KEY
from memory.shortterm.base import ShortTermStore
from memory.shortterm.client import RedisClient

_WORKSPACE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

# KEYS: a session's message list and its id set. ARGV: the message's id, its JSON, the keys' TTL
# in seconds ('' for none). AgentScope's ``upsert_message`` in one atomic call (it takes two to
# four round trips): a message whose id is in the set replaces its entry (found from the tail,
# 100 entries a read), any other is appended and its id added; both keys' TTL renewed. A list
# without its id set (written before AgentScope kept one) returns -1 and is left to AgentScope,
# which rebuilds the set.
_UPSERT_MESSAGE_LUA = """
if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('LLEN', KEYS[1]) > 0 then return -1 end
local function renew()
  if ARGV[3] ~= '' then
    redis.call('EXPIRE', KEYS[1], ARGV[3])
    redis.call('EXPIRE', KEYS[2], ARGV[3])
  end
end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
  local last = redis.call('LLEN', KEYS[1]) - 1
  while last >= 0 do
    local first = math.max(last - 99, 0)
    local chunk = redis.call('LRANGE', KEYS[1], first, last)
    for j = #chunk, 1, -1 do
      local ok, stored = pcall(cjson.decode, chunk[j])
      if ok and type(stored) == 'table' and stored['id'] == ARGV[1] then
        redis.call('LSET', KEYS[1], first + j - 1, ARGV[2])
        renew()
        return 1
      end
    end
    last = first - 1
  end
end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
renew()
return 0
"""


#: Replies whose labels a process keeps in memory for their message's store (a run stores its
#: reply right after recording it; a few hundred covers every run in flight).
REPLY_LABELS_KEPT = 256


def _sweep_skipped(exc: BaseException) -> None:
    logger.warning("knowledge index sweep skipped: Redis unreachable ({}); the next sweep retries", type(exc).__name__)


class ServiceStorage(RedisStorage):
    """AgentScope's ``RedisStorage`` with the service's rules (see the module docstring).

    Args:
        turns: Labels of the turns run in this process.
        client: A Redis (or RedisCluster) client built with ``decode_responses=True``; the
            caller closes it.
        prefix: ``REDIS_PREFIX``.
        shortterm: The short-term tier (session quota).
        credential_type: The one credential type that may be stored.
    """

    def __init__(
        self, turns: TurnLog, client: RedisClient, prefix: str, shortterm: ShortTermStore, credential_type: str
    ) -> None:
        keys = {
            name: value.replace("agentscope:", f"{prefix}:svc:", 1).replace("{user_id}", "{{{user_id}}}")
            for name, value in RedisStorage.KeyConfig().model_dump().items()
            if isinstance(value, str)
        }
        super().__init__(key_config=RedisStorage.KeyConfig(**keys))
        self._redis: RedisClient = client  # typed: AgentScope's attribute may be None
        self._client = client  # AgentScope builds a single-server client in __aenter__; ours may be a cluster
        self.turns = turns
        self.shortterm = shortterm
        self.credential_type = credential_type
        self.journal: TurnJournal | None = None  # set by the service once it has one
        self._upsert_message = client.register_script(_UPSERT_MESSAGE_LUA)
        self._cas_record = client.register_script(CAS_LUA)
        self._reply_labels: dict[tuple[str, str], dict[str, Any]] = {}

    async def __aenter__(self) -> ServiceStorage:
        """Keep the given client (it may be a ``RedisCluster``)."""
        return self

    async def aclose(self) -> None:
        """Nothing to release: the caller owns the client."""

    async def __aexit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        """Nothing to release: the caller owns the client."""

    # AgentScope's knowledge index sweeper reads these two lists, once at start-up and then every few
    # minutes. With Redis unreachable there is nothing it can re-queue now: the sweep finds nothing
    # (logged) and the next one catches up, so a replica started during a Redis outage starts degraded
    # instead of exiting.
    async def list_knowledge_documents_with_expired_lease(self, now: datetime | None = None) -> list[Any]:
        """See ``RedisStorage.list_knowledge_documents_with_expired_lease``; empty while Redis is out (logged)."""
        try:
            return list(await super().list_knowledge_documents_with_expired_lease(now))
        except (RedisError, OSError) as exc:
            _sweep_skipped(exc)
            return []

    async def list_knowledge_documents_pending_since(self, threshold: datetime) -> list[Any]:
        """See ``RedisStorage.list_knowledge_documents_pending_since``; empty while Redis is out (logged)."""
        try:
            return list(await super().list_knowledge_documents_pending_since(threshold))
        except (RedisError, OSError) as exc:
            _sweep_skipped(exc)
            return []

    async def upsert_message(self, user_id: str, session_id: str, msg: Msg) -> None:
        """Store ``msg``; an assistant reply gets its turn's ``metadata["memory"]``."""
        labels = None
        if msg.role == "assistant":
            labels = self._reply_labels.get((user_id, msg.id)) or await self.turns.labels_for_reply(user_id, msg.id)
        if labels is not None and labels.get("user_id") == user_id:
            msg.metadata[METADATA_KEY] = labels
        await self._store_message(user_id, session_id, msg)
        if msg.role == "assistant" and msg.finished_at and self.journal is not None:
            await self.journal.replied(session_id)  # a takeover must not answer this turn twice

    def keep_reply_labels(self, user_id: str, reply_id: str, labels: dict[str, Any]) -> None:
        """The labels of a reply this process just recorded in the ``TurnLog``: its message, stored
        by the same run, takes them from here instead of reading them back (the newest
        ``REPLY_LABELS_KEPT``; older ones, and another replica's, are read from Redis)."""
        self._reply_labels[(user_id, reply_id)] = labels
        while len(self._reply_labels) > REPLY_LABELS_KEPT:
            self._reply_labels.pop(next(iter(self._reply_labels)))

    async def _store_message(self, user_id: str, session_id: str, msg: Msg) -> None:
        """AgentScope's ``RedisStorage.upsert_message`` in one script call (``_UPSERT_MESSAGE_LUA``)."""
        keys = [self._message_key(user_id, session_id), self._message_index_key(user_id, session_id)]
        ttl = "" if self.key_ttl is None else int(self.key_ttl)
        if int(await self._upsert_message(keys=keys, args=[msg.id, msg.model_dump_json(), ttl])) == -1:
            await super().upsert_message(user_id, session_id, msg)

    async def upsert_session(
        self,
        user_id: str,
        agent_id: str,
        config: SessionConfig,
        state: AgentState | None = None,
        session_id: str | None = None,
        origin: SessionOrigin | None = None,
        source: str | None = None,
        source_schedule_id: str | None = None,
        source_chat_id: str | None = None,
        source_chat_name: str | None = None,
        source_channel_id: str | None = None,
    ) -> SessionRecord:
        """Create (taking a quota slot of the user) or update a session."""
        if config.workspace_id is not None and not _WORKSPACE_ID.match(str(config.workspace_id)):
            raise HTTPException(status_code=422, detail="workspace_id may only hold letters, digits, '-' and '_'.")
        if not session_id:
            session_id = uuid.uuid4().hex
            await self.shortterm.open_session(user_id, session_id)  # SessionQuotaExceededError at the quota
        reads = run_reads()
        if reads is not None:  # a run that reads the record again after this sees the new one
            reads.pop(self._session_record_key(user_id, session_id), None)
        return await super().upsert_session(
            user_id, agent_id, config, state=None if state is None else bounded_state(state), session_id=session_id, origin=origin, source=source,
            source_schedule_id=source_schedule_id, source_chat_id=source_chat_id,
            source_chat_name=source_chat_name, source_channel_id=source_channel_id,
        )

    def _session_record_key(self, user_id: str, session_id: str) -> str:
        return self._key(self.key_config.session, user_id=user_id, session_id=session_id)

    async def has_session(self, user_id: str, session_id: str) -> bool:
        """Whether ``user_id`` has the session (one EXISTS: the record is not read or parsed)."""
        return bool(await self._redis.exists(self._session_record_key(user_id, session_id)))

    async def get_session(self, user_id: str, agent_id: str, session_id: str) -> SessionRecord | None:
        """The session record; inside a run, the one the run read first (``session_record``)."""
        key = self._session_record_key(user_id, session_id)
        reads = run_reads()
        if reads is not None and key in reads:
            return reads[key].record
        raw = await self._redis.get(key)
        if not raw:
            return None
        record = SessionRecord.model_validate_json(raw)
        if reads is not None:
            reads[key] = RecordRead(digest_of(str(raw)), record)
        return record

    async def update_session_state(self, user_id: str, agent_id: str, session_id: str, state: AgentState) -> None:
        """Store the agent's state, its context bounded to the newest exchange; inside a run, one
        compare-and-set against the record the run read (AgentScope's GET and SET when it changed).

        Raises:
            KeyError: the session does not exist.
        """
        state = bounded_state(state)
        key = self._session_record_key(user_id, session_id)
        reads = run_reads()
        read = reads.get(key) if reads is not None else None
        if reads is not None and read is not None:
            record = read.record.model_copy(update={"state": state, "updated_at": datetime.now()})
            payload = record.model_dump_json()
            ttl = "" if self.key_ttl is None else int(self.key_ttl)
            if int(await self._cas_record(keys=[key], args=[read.digest, payload, ttl])) == 1:
                reads[key] = RecordRead(digest_of(payload), record)
                return
            reads.pop(key, None)  # changed since the run read it: read again below
        await super().update_session_state(user_id, agent_id, session_id, state)

    async def delete_session(self, user_id: str, agent_id: str, session_id: str) -> bool:
        """Delete the session and free its quota slot."""
        reads = run_reads()
        if reads is not None:
            reads.pop(self._session_record_key(user_id, session_id), None)
        deleted = await super().delete_session(user_id, agent_id, session_id)
        if deleted:
            await self.shortterm.end_session(user_id, session_id)
        return deleted

    async def upsert_credential(self, user_id: str, credential_data: CredentialBase) -> str:
        """Store a credential: only the server-model type."""
        kind = getattr(credential_data, "type", None)
        if kind != self.credential_type:
            raise HTTPException(
                status_code=403,
                detail=f"This server runs its own configured model and stores no provider keys; "
                f"create a credential of type {self.credential_type!r} instead of {kind!r}.",
            )
        return await super().upsert_credential(user_id, credential_data)


def credential_type_of(cls: type[CredentialBase]) -> str:
    """The ``type`` discriminator of a credential class."""
    return str(cls.model_fields["type"].default)
