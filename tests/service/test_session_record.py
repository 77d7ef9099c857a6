"""A service session record is read once per run and stops growing (issue 20), on real Redis.

AgentScope read the record about four times a turn and stored the agent's whole context in it
(7 → 17 KB over 11 turns); the memory middleware replaces that context on every reply, so the
record keeps the newest exchange only, and a run reads it once and writes it back in one call.
"""
from __future__ import annotations

import uuid

import redis.asyncio as aredis
from agentscope.app.storage import RedisStorage
from agentscope.app.storage._model import SessionConfig
from agentscope.message import AssistantMsg, Msg, UserMsg
from agentscope.state import AgentState

from app.service.session_record import CAS_LUA, bounded_state, one_read_per_run
from app.service.storage import ServiceStorage
from tests.service.conftest import REDIS_URL, Server


class _Quota:
    async def open_session(self, user_id: str, session_id: str) -> None:
        return None


def _storage(client: aredis.Redis, key_ttl: int | None = None) -> ServiceStorage:
    storage = ServiceStorage(turns=None, client=client, prefix=f"t{uuid.uuid4().hex[:8]}",  # type: ignore[arg-type]
                             shortterm=_Quota(), credential_type="memory_agent_credential")  # type: ignore[arg-type]
    storage.key_ttl = key_ttl
    return storage


def _context(turns: int) -> list[Msg]:
    out: list[Msg] = []
    for i in range(turns):
        out += [UserMsg(name="user", content=f"message {i}"), AssistantMsg(name="assistant", content=f"reply {i}")]
    return out


def test_the_stored_context_is_the_newest_exchange() -> None:
    state = AgentState(context=_context(5), summary="earlier")
    kept = bounded_state(state)
    assert [m.get_text_content() for m in kept.context] == ["message 4", "reply 4"]
    assert kept.summary == "earlier" and len(state.context) == 10  # the agent's own state is not cut
    assert bounded_state(AgentState(context=[AssistantMsg(name="a", content="x")])).context[0].get_text_content() == "x"


async def test_a_run_reads_the_record_once_and_writes_it_in_one_call(sent: list[bytes]) -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        for ttl in (None, 600):
            storage = _storage(client, ttl)
            await client.script_load(CAS_LUA)  # loaded once per server; not a round trip of the turn
            user = f"u-{uuid.uuid4().hex[:6]}"
            created = await storage.upsert_session(user, "agent", SessionConfig(name="s", workspace_id="ws"))
            with one_read_per_run():
                sent.clear()
                first = await storage.get_session(user, "agent", created.id)
                again = await storage.get_session(user, "agent", created.id)
                assert first is not None and again is first and len(sent) == 1
                await storage.update_session_state(user, "agent", created.id, AgentState(context=_context(3)))
                await storage.update_session_state(user, "agent", created.id, AgentState(context=_context(4)))
                assert len(sent) == 3 and all(b"EVALSHA" in head for head in sent[1:])  # no GET before a write
            stored = await RedisStorage.get_session(storage, user, "agent", created.id)
            assert stored is not None and stored.config.name == "s"
            assert [m.get_text_content() for m in stored.state.context] == ["message 3", "reply 3"]
            key = storage._session_record_key(user, created.id)  # noqa: SLF001
            ttl_left = await client.ttl(key)
            assert (ttl_left == -1) if ttl is None else (0 < ttl_left <= ttl)
            await client.delete(key, storage._key(storage.key_config.session_index, user_id=user, agent_id="agent"))  # noqa: SLF001
    finally:
        await client.aclose()


async def test_a_record_changed_during_the_run_keeps_the_change() -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        storage = _storage(client)
        user = f"u-{uuid.uuid4().hex[:6]}"
        created = await storage.upsert_session(user, "agent", SessionConfig(name="before", workspace_id="ws"))
        with one_read_per_run():
            assert await storage.get_session(user, "agent", created.id) is not None
            # a rename from a route (another task, another replica): outside this run's scope
            await RedisStorage.upsert_session(storage, user, "agent", SessionConfig(name="renamed", workspace_id="ws"), session_id=created.id)
            await storage.update_session_state(user, "agent", created.id, AgentState(context=_context(2)))
        stored = await RedisStorage.get_session(storage, user, "agent", created.id)
        assert stored is not None and stored.config.name == "renamed"
        assert [m.get_text_content() for m in stored.state.context] == ["message 1", "reply 1"]
        assert await storage.has_session(user, created.id) and not await storage.has_session(user, "nope")
    finally:
        await client.aclose()


def test_a_long_session_keeps_a_small_record_and_still_answers_from_earlier_turns(server: Server) -> None:
    ivy = server.user("ivy").bootstrap()
    ivy.chat("I prefer oolong tea.")
    for number in range(6):
        ivy.chat(f"Ticket {number} is sorted, thanks.")
    reply = ivy.chat("What do I drink?")
    assert "oolong" in "".join(b.get("text", "") for b in reply["content"] if b.get("type") == "text").lower()

    async def stored_context() -> list[str]:
        client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
        try:
            prefix = server.env["REDIS_PREFIX"]
            raw = await client.get(f"{prefix}:svc:user:{{{ivy.user_id}}}:session:{ivy.session_id}")
        finally:
            await client.aclose()
        from agentscope.app.storage._model import SessionRecord
        return [m.role for m in SessionRecord.model_validate_json(raw).state.context]

    import asyncio
    assert asyncio.run(stored_context()) == ["user", "assistant"]
