"""A stored message is written in one round trip (issue 20), on real Redis: the session's message
list and id set end as AgentScope's ``RedisStorage.upsert_message`` leaves them."""
from __future__ import annotations

import uuid
from typing import Any

import redis.asyncio as aredis
from agentscope.app.storage import RedisStorage
from agentscope.message import AssistantMsg, Msg, TextBlock, UserMsg

from app.service.storage import ServiceStorage
from tests.service.conftest import REDIS_URL


def _storage(client: aredis.Redis, key_ttl: int | None) -> ServiceStorage:
    storage = ServiceStorage(turns=None, client=client, prefix=f"t{uuid.uuid4().hex[:8]}",  # type: ignore[arg-type]
                             shortterm=None, credential_type="memory_agent_credential")  # type: ignore[arg-type]
    storage.key_ttl = key_ttl
    return storage


def _messages() -> list[Msg]:
    first = UserMsg(name="user", content=[TextBlock(text="Bonjour « 你好 » \"quoted\"")])
    second = AssistantMsg(name="assistant", content=[TextBlock(text="part")])
    first_again = first.model_copy(update={"metadata": {"masked": True}})
    second_done = second.model_copy(update={"content": [TextBlock(text="part and the rest")]})
    third = UserMsg(name="user", content=[TextBlock(text="next")])
    return [first, second, first_again, second_done, third, third]


async def _state(storage: ServiceStorage, client: aredis.Redis, user: str, sid: str) -> tuple[Any, ...]:
    key, index = storage._message_key(user, sid), storage._message_index_key(user, sid)  # noqa: SLF001
    return await client.lrange(key, 0, -1), sorted(await client.smembers(index)), await client.ttl(key), await client.ttl(index)


async def test_one_round_trip_and_the_same_list_as_agentscope(sent: list[bytes]) -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        for ttl in (None, 600):
            storage = _storage(client, ttl)
            user = f"u-{uuid.uuid4().hex[:6]}"
            await storage._store_message(user, "warm", _messages()[0])  # noqa: SLF001 - loads the script (SCRIPT LOAD once)
            trips = []
            for msg in _messages():
                sent.clear()
                await storage._store_message(user, "ours", msg)  # noqa: SLF001
                trips.append(len(sent))
                await RedisStorage.upsert_message(storage, user, "theirs", msg)
            assert trips == [1] * len(trips)
            ours, theirs = await _state(storage, client, user, "ours"), await _state(storage, client, user, "theirs")
            assert ours == theirs and len(ours[0]) == 3
            await client.delete(*(k for sid in ("ours", "theirs", "warm") for k in (storage._message_key(user, sid),  # noqa: SLF001
                                                                           storage._message_index_key(user, sid))))  # noqa: SLF001
    finally:
        await client.aclose()


async def test_a_list_written_without_its_id_set_is_left_to_agentscope() -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        storage = _storage(client, None)
        user = f"u-{uuid.uuid4().hex[:6]}"
        first, second, first_again = _messages()[:3]
        key, index = storage._message_key(user, "old"), storage._message_index_key(user, "old")  # noqa: SLF001
        await client.rpush(key, first.model_dump_json(), second.model_dump_json())  # an older AgentScope's list
        await storage._store_message(user, "old", first_again)  # noqa: SLF001
        stored = [Msg.model_validate_json(raw) for raw in await client.lrange(key, 0, -1)]
        assert [m.id for m in stored] == [first.id, second.id] and stored[0].metadata == {"masked": True}
        assert sorted(await client.smembers(index)) == sorted([first.id, second.id])
        await client.delete(key, index)
    finally:
        await client.aclose()


async def test_a_reply_recorded_here_is_stored_with_its_labels_without_reading_them_back(sent: list[bytes]) -> None:
    from app.api import TurnLog
    from app.service.storage import REPLY_LABELS_KEPT

    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        storage = _storage(client, None)
        storage.turns = TurnLog(client, "unused", 60)  # holds nothing: only the kept labels can label the reply
        user = f"u-{uuid.uuid4().hex[:6]}"
        await storage._store_message(user, "warm", UserMsg(name="user", content="hi"))  # noqa: SLF001 - loads the script
        reply = AssistantMsg(name="assistant", content=[TextBlock(text="Noted.")])
        storage.keep_reply_labels(user, reply.id, {"user_id": user, "trace_id": "t1"})
        sent.clear()
        await storage.upsert_message(user, "s", reply)
        assert len(sent) == 1 and b"EVALSHA" in sent[0]
        stored = Msg.model_validate_json((await client.lrange(storage._message_key(user, "s"), 0, -1))[0])  # noqa: SLF001
        assert stored.metadata["memory"] == {"user_id": user, "trace_id": "t1"}
        other = AssistantMsg(name="assistant", content="x")  # not recorded here: read from Redis (absent: no labels)
        storage.keep_reply_labels("someone-else", other.id, {"user_id": "someone-else"})
        sent.clear()
        await storage.upsert_message(user, "s", other)
        assert len(sent) == 2 and "memory" not in (other.metadata or {})
        for i in range(REPLY_LABELS_KEPT + 5):
            storage.keep_reply_labels(user, f"r{i}", {"user_id": user})
        assert len(storage._reply_labels) == REPLY_LABELS_KEPT and (user, "r0") not in storage._reply_labels  # noqa: SLF001
        await client.delete(*(k for sid in ("warm", "s") for k in (storage._message_key(user, sid),  # noqa: SLF001
                                                                   storage._message_index_key(user, sid))))  # noqa: SLF001
    finally:
        await client.aclose()
