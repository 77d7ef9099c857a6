"""Every kind and shape of personal data, sent over HTTP, is stored nowhere raw.

One item of each (kind, shape) of the generated PII corpus (135 items: mobiles, landlines,
IDs, cards, e-mails, passports, SSNs, addresses, names, foreign phones) goes through
``POST /chat/`` of the service app served on a real port, ten items to a message, in
several sessions so that several sessions are named after a first message full of personal
data. Then every sink is read back and searched for every secret in its normalised form
(see ``tests/privacy/sinks.py``): the exported spans, every log line, every Redis key and
value of the deployment (the service's session records and names included), every row of
the working-state database, every PostgreSQL table (memories, archive, history) and the raw
bytes of every file in the data folder (outbox, journal). Zero hits.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from loguru import logger
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

import app.logging  # noqa: F401 - installs the trace-id patcher
from app.tracing import configure_tracing
from tests.data.pii_corpus import PiiItem, build_corpus, every_shape
from tests.privacy.sinks import files_dump, leaks, mysql_dump, postgres_dump, redis_dump, spans_dump
from tests.service.conftest import REDIS_URL, ServiceUser, in_process_server

PER_MESSAGE = 10
MESSAGES_PER_SESSION = 3


def _messages(sample: list[PiiItem]) -> list[str]:
    return ["\n".join(item.text for item in sample[i:i + PER_MESSAGE]) for i in range(0, len(sample), PER_MESSAGE)]


def _send_all(user: ServiceUser, messages: list[str]) -> list[dict[str, Any]]:
    user.bootstrap()
    granted = user.http.put("/memory/consent", json={"granted": True})
    assert granted.status_code == 200, granted.text
    replies = []
    for index, text in enumerate(messages):
        if index and index % MESSAGES_PER_SESSION == 0:
            user.new_session()  # its name comes from this first message
        replies.append(user.chat(text))
    return replies


def _session_names(user: ServiceUser) -> str:
    listing = user.http.get("/sessions/", params={"agent_id": user.agent_id})
    assert listing.status_code == 200, listing.text
    return listing.text


async def _settled(user: ServiceUser) -> list[dict[str, Any]]:
    """The user's long-term memories once their number stops changing."""
    last: list[dict[str, Any]] = []
    for _ in range(20):
        items = await asyncio.to_thread(user.items)
        if items and len(items) == len(last):
            return items
        last = items
        await asyncio.sleep(0.25)
    return last


async def test_every_kind_and_shape_over_http_is_stored_nowhere_raw(
        create_database: Callable[[], str], tmp_path: Path) -> None:
    items, _ = build_corpus()
    sample = every_shape(items)
    assert len(sample) >= 60 and len({item.kind for item in sample}) == 10
    # The search can fail: every item has a secret it would find in the raw texts.
    assert {id(item) for _, item, _ in leaks(sample, {"raw": "\n".join(i.text for i in sample)})} == {id(i) for i in sample}
    messages = _messages(sample)
    exporter = InMemorySpanExporter()
    configure_tracing(exporter=exporter)
    lines: list[str] = []
    sink = logger.add(lambda message: lines.append(str(message)), level="DEBUG", serialize=True)
    handler = logging.Handler(level=logging.DEBUG)
    handler.emit = lambda record: lines.append(f"{record.getMessage()} {record.args!r}")  # type: ignore[method-assign]
    root = logging.getLogger()
    root.addHandler(handler)
    previous_level = root.level
    root.setLevel(logging.DEBUG)
    home = tmp_path / "home"
    try:
        async with in_process_server(create_database, home, LONGTERM_CONSENT="on") as server:
            user = await server.user("piihttp")
            replies = await asyncio.to_thread(_send_all, user, messages)
            memories = await _settled(user)
            names = await asyncio.to_thread(_session_names, user)
            stored = await asyncio.to_thread(user.messages)
            env = server.env
            haystacks = {
                "redis": await asyncio.to_thread(redis_dump, REDIS_URL, env["REDIS_PREFIX"]),
                "mariadb": await asyncio.to_thread(mysql_dump, env["MYSQL_URL"]),
                "postgres": await asyncio.to_thread(postgres_dump, env["PG_DSN"]),
                "files": await asyncio.to_thread(files_dump, home),
            }
    finally:
        logger.remove(sink)
        root.removeHandler(handler)
        root.setLevel(previous_level)
    haystacks["spans"] = spans_dump(exporter.get_finished_spans())
    haystacks["logs"] = "\n".join(lines)
    haystacks["session names"] = names
    haystacks["replies"] = httpx.Response(200, json=replies).text

    # The sinks were really written to, and the masks (not the values) are what they hold.
    assert len(replies) == len(messages)
    assert memories, "long-term memory received the turns (consent granted)"
    assert "‹phone …" in str(stored) and "‹id …" in str(stored)
    for where in ("redis", "mariadb", "postgres", "spans", "logs"):
        assert len(haystacks[where]) > 500, (where, len(haystacks[where]))
    assert "‹email›" in haystacks["postgres"] or "‹phone …" in haystacks["postgres"]
    found = leaks(sample, haystacks)
    assert not found, f"{len(found)} raw values found: " + "; ".join(
        f"{where}: {item.kind}/{item.shape} {item.text!r}" for where, item, _ in found[:12])
