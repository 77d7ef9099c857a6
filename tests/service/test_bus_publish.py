"""A session event is appended and published in one round trip (issue 20), on real Redis: the replay
log holds the same entry and subscribers get the same message as with AgentScope's two commands."""
from __future__ import annotations

import asyncio
import inspect
import json
import uuid
from typing import Any

import redis.asyncio as aredis
from agentscope.app import _bus_ops
from agentscope.app._service import _chat
from agentscope.app.message_bus import MessageBusKeys

from app.service import bus as service_bus
from app.service.bus import PrefixedRedisMessageBus, merge_event_publishing
from tests.service.conftest import REDIS_URL


EVENTS: list[dict[str, Any]] = [
    {"type": "TEXT_BLOCK_DELTA", "id": "e1", "delta": "Bonjour « 你好 » \u2028 \"quoted\" \\ </tag>", "n": 1.5},
    {}, {"_entry_id": "client-said", "x": [1, {"y": None}]},
]


async def _published(bus: PrefixedRedisMessageBus, client: aredis.Redis, sid: str, publish: Any,  # noqa: ANN401
                     sent: list[bytes]) -> tuple[list[str], list[tuple[str, dict]], list[Any], int]:
    key = bus.k(MessageBusKeys.session_events(sid))
    pubsub = client.pubsub()
    await pubsub.subscribe(key)
    await pubsub.get_message(timeout=1.0)  # the subscribe confirmation
    sent.clear()
    ids = [await publish(bus, sid, e) for e in EVENTS]
    trips = len(sent)
    live = []
    while len(live) < len(EVENTS):
        msg = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2.0)
        assert msg is not None, "a published event never arrived"
        live.append(msg["data"])
    await pubsub.aclose()
    return ids, await bus.log_read(MessageBusKeys.session_events(sid)), live, trips


async def test_one_round_trip_per_event_and_the_same_entries_and_messages(sent: list[bytes]) -> None:
    client = aredis.Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        bus = PrefixedRedisMessageBus(client, f"t{uuid.uuid4().hex[:8]}")
        await bus.__aenter__()
        ours = await _published(bus, client, "s-ours", service_bus.publish_session_event, sent)
        theirs = await _published(bus, client, "s-theirs", service_bus._ORIGINAL_PUBLISH, sent)  # noqa: SLF001
        assert ours[3] == len(EVENTS) and theirs[3] == 2 * len(EVENTS)
        for (ids, log, live, _) in (ours, theirs):
            assert [i for i, _ in log] == ids
            assert [p for _, p in log] == EVENTS
            assert [json.loads(m) for m in live] == [{**e, "_entry_id": i} for e, i in zip(EVENTS, ids)]
        # byte for byte what AgentScope publishes, entry ids aside
        assert [m.replace(i, "ID") for m, i in zip(ours[2], ours[0])] == \
            [m.replace(i, "ID") for m, i in zip(theirs[2], theirs[0])]
        for sid in ("s-ours", "s-theirs"):
            await client.delete(bus.k(MessageBusKeys.session_events(sid)))
    finally:
        await client.aclose()


def test_agentscope_still_publishes_through_the_name_we_replace() -> None:
    # If an upgrade inlines or renames it, the merge would silently do nothing.
    assert "publish_session_event(" in inspect.getsource(_chat)
    original = {name: __import__(name, fromlist=["x"]).publish_session_event
                for name in service_bus._PUBLISHERS}  # noqa: SLF001
    try:
        merge_event_publishing()
        for name in service_bus._PUBLISHERS:  # noqa: SLF001
            assert __import__(name, fromlist=["x"]).publish_session_event is service_bus.publish_session_event
        assert _bus_ops.publish_session_event is service_bus.publish_session_event
    finally:
        for name, fn in original.items():
            __import__(name, fromlist=["x"]).publish_session_event = fn


async def test_a_bus_without_the_script_falls_back_to_agentscope() -> None:
    class Plain:
        def __init__(self) -> None:
            self.calls: list[str] = []

        async def log_append(self, key: str, payload: dict, **_: Any) -> str:  # noqa: ANN401
            self.calls.append("append")
            return "1-0"

        async def publish(self, key: str, payload: dict) -> None:
            self.calls.append("publish")

    plain = Plain()
    assert await service_bus.publish_session_event(plain, "s", {"a": 1}) == "1-0"
    assert plain.calls == ["append", "publish"]
    await asyncio.sleep(0)
