"""Nothing personal leaves the HTTP path: a turn carrying a mobile number, an ID number, a
bank card and an e-mail goes through the service with an in-memory span exporter, every
log line captured (loguru and the standard ``logging`` AgentScope uses) and then every key
and value of the deployment's Redis read back: zero raw values anywhere. Polling routes
make no trace; a turn is one trace, and its agent span carries what a debugger needs."""
from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import redis
from faker import Faker
from loguru import logger
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

import app.logging  # noqa: F401 - installs the trace-id patcher
from app.tracing import configure_tracing
from tests.service.conftest import REDIS_URL, in_process_server, mint_key, new_user


def _id_number(rng: random.Random) -> str:
    """A mainland resident ID with a valid birth date and check digit."""
    body = f"{rng.choice(['110101', '310104', '440305'])}{rng.randint(1960, 2004)}{rng.randint(1, 12):02d}" \
           f"{rng.randint(1, 28):02d}{rng.randint(0, 999):03d}"
    weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    check = "10X98765432"[sum(int(d) * w for d, w in zip(body, weights)) % 11]
    return body + check


def _card(rng: random.Random) -> str:
    """A 16-digit UnionPay-style card number with a valid Luhn digit."""
    body = "622202" + "".join(str(rng.randint(0, 9)) for _ in range(9))
    total = 0
    for i, d in enumerate(reversed(body)):
        n = int(d) * (2 if i % 2 == 0 else 1)
        total += n - 9 if n > 9 else n
    return body + str((10 - total % 10) % 10)


def _values(seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)
    return {
        "phone": "138" + "".join(str(rng.randint(0, 9)) for _ in range(8)),
        "id": _id_number(rng),
        "card": _card(rng),
        "email": f"{fake.user_name()}{rng.randint(10, 99)}@example.com",
    }


def _redis_dump(prefix: str) -> str:
    client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    parts: list[str] = []
    for key in client.scan_iter(match=f"{prefix}*", count=500):
        kind = client.type(key)
        parts.append(key)
        if kind == "string":
            parts.append(str(client.get(key)))
        elif kind == "hash":
            parts.append(json.dumps(client.hgetall(key), ensure_ascii=False))
        elif kind == "list":
            parts.extend(client.lrange(key, 0, -1))
        elif kind == "set":
            parts.extend(client.smembers(key))
        elif kind == "zset":
            parts.extend(m for m, _ in client.zrange(key, 0, -1, withscores=True))
        elif kind == "stream":
            parts.append(json.dumps(client.xrange(key), ensure_ascii=False))
    client.close()
    return "\n".join(parts)


def _span_text(spans: list[Any]) -> str:
    return "\n".join(span.to_json() for span in spans)


def _turns(server_url: str, key: str, texts: list[str]) -> tuple[Any, list[dict[str, Any]], httpx.Response]:
    from tests.service.conftest import ServiceUser

    user = ServiceUser(server_url, "", key).bootstrap()
    replies = [user.chat(text) for text in texts]
    system = user.http.post("/chat/", json={"agent_id": user.agent_id, "session_id": user.session_id, "input": {
        "role": "system", "name": "system", "content": [{"type": "text", "text": texts[0]}]}})
    return user, replies, system


def _polls(user: Any, admin_key: str) -> None:
    user.messages()
    user.explain()
    user.items()
    user.http.get(f"/sessions/{user.session_id}/status", params={"agent_id": user.agent_id})
    user.http.get("/metrics", headers={"Authorization": f"Bearer {admin_key}"})
    user.http.get("/ui/index.html")
    user.http.get("/health")


async def test_no_raw_personal_value_reaches_spans_logs_or_redis(create_database: Callable[[], str],
                                                                 tmp_path: Path) -> None:
    exporter = InMemorySpanExporter()
    configure_tracing(exporter=exporter)
    values = _values(random.randrange(10_000))
    texts = [
        f"My phone is {values['phone']} and my ID number is {values['id']}.",
        f"Pay with card {values['card']}, and write to {values['email']}; I live in Hangzhou.",
        "Where do I live?",
    ]
    lines: list[str] = []
    sink = logger.add(lambda message: lines.append(str(message)), level="DEBUG", serialize=True)
    handler = logging.Handler(level=logging.DEBUG)
    handler.emit = lambda record: lines.append(f"{record.getMessage()} {record.args!r}")  # type: ignore[method-assign]
    logging.getLogger().addHandler(handler)
    previous_level = logging.getLogger().level
    logging.getLogger().setLevel(logging.DEBUG)
    try:
        async with in_process_server(create_database, tmp_path / "home") as server:
            user_id = new_user("pii")
            key = await asyncio.to_thread(mint_key, server.env["MYSQL_URL"], user_id)
            admin_key = await asyncio.to_thread(mint_key, server.env["MYSQL_URL"], new_user("ops"), True)
            exporter.clear()
            user, replies, system = await asyncio.to_thread(_turns, server.url, key, texts)
            await asyncio.sleep(0.5)
            turn_spans = list(exporter.get_finished_spans())
            exporter.clear()
            await asyncio.to_thread(_polls, user, admin_key)
            await asyncio.sleep(0.3)
            poll_spans = list(exporter.get_finished_spans())
            stored = await asyncio.to_thread(user.messages)
            dump = await asyncio.to_thread(_redis_dump, server.env["REDIS_PREFIX"])
    finally:
        logger.remove(sink)
        logging.getLogger().removeHandler(handler)
        logging.getLogger().setLevel(previous_level)

    assert system.status_code == 422
    assert len(stored) == 6 and "‹phone …" in json.dumps(stored, ensure_ascii=False)
    sinks = {"spans": _span_text(turn_spans + poll_spans), "logs": "\n".join(lines), "redis": dump}
    assert len(sinks["spans"]) > 1000 and len(sinks["logs"]) > 200 and len(sinks["redis"]) > 500
    hits = {(name, kind) for name, text in sinks.items() for kind, value in values.items() if value in text}
    assert not hits, f"raw personal values found: {sorted(hits)}"

    assert poll_spans == [], sorted({s.name for s in poll_spans})
    label_traces = [r["metadata"]["memory"]["trace_id"] for r in replies]
    agent_spans = [s for s in turn_spans if s.name.startswith("invoke_agent")]
    assert sorted(format(s.context.trace_id, "032x") for s in agent_spans) == sorted(label_traces)
    for trace_id in label_traces:
        mine = [s for s in turn_spans if format(s.context.trace_id, "032x") == trace_id]
        assert [s.name for s in mine if s.parent is None] == ["POST /chat/"]
        attributes = {k: v for s in mine for k, v in (s.attributes or {}).items()}
        for attribute in ("memory.candidates", "memory.top_ids", "memory.top_scores", "memory.tokens.memory",
                          "memory.fallbacks"):
            assert attribute in attributes, (attribute, sorted(k for k in attributes if k.startswith('memory')))
    second = [s for s in turn_spans if format(s.context.trace_id, "032x") == label_traces[2]]
    summary = next(s for s in second if "memory.top_ids" in (s.attributes or {}))
    assert summary.attributes["memory.candidates"] >= 1
    assert len(summary.attributes["memory.top_ids"]) == len(summary.attributes["memory.top_scores"]) >= 1
