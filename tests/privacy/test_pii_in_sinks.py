"""No raw personal data in any store or sink after chat turns and ``remember``.

A sample of the generated PII corpus covering every kind and shape is sent through the chat
turn (in-process, real stores) and ``remember``; then every sink is searched for every
secret in any normalised form: all Redis keys and values of the deployment, every row of
the MariaDB and PostgreSQL tables (archive included), the outbox and journal files, the
log lines, the exported spans, and the raw bytes of every file under the data folder.
"""
from __future__ import annotations

import uuid
from pathlib import Path

from loguru import logger
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from app.composition import Runtime, build_services
from app.deployment import turn_policy
from app.session import ChatSession
from app.tracing import configure_tracing
from pipelines.turn import remember_text
from tests.data.pii_corpus import build_corpus, every_shape
from tests.privacy.sinks import files_dump, leaks, mysql_dump, postgres_dump, redis_dump, spans_dump

ITEMS, _ = build_corpus()


async def test_no_raw_value_of_any_kind_reaches_any_store_or_sink(runtime: Runtime, e2e_env: dict[str, str]) -> None:
    sample = every_shape(ITEMS)
    # The search can fail: each item has a secret that the raw texts would show.
    assert len({id(i) for _, i, _ in leaks(sample, {"raw": "\n".join(i.text for i in sample)})}) == len(sample)
    assert len(sample) >= 60 and len({i.kind for i in sample}) == 10
    spans = InMemorySpanExporter()
    configure_tracing(exporter=spans)
    lines: list[str] = []
    sink = logger.add(lines.append, serialize=True, level="DEBUG")
    user = f"pii-{uuid.uuid4().hex[:6]}"
    try:
        chat = ChatSession.open(runtime, user, "s1")
        for item in sample[0::2]:  # alternate, so every kind goes through both paths
            await chat.send(item.text)
        svc = build_services(runtime, None, turn_policy())
        for item in sample[1::2]:
            await remember_text(svc, user, item.text, uuid.uuid4().hex)
    finally:
        logger.remove(sink)

    haystacks: dict[str, str] = {"logs": "\n".join(lines), "spans": spans_dump(spans.get_finished_spans())}
    haystacks["redis"] = redis_dump(e2e_env["REDIS_URL"], e2e_env["REDIS_PREFIX"] + ":")
    assert haystacks["redis"], "the chat stored its turns in Redis"
    haystacks["postgres"] = postgres_dump(e2e_env["PG_DSN"])
    assert "‹phone …" in haystacks["postgres"], "some memories were stored"
    haystacks["mariadb"] = mysql_dump(e2e_env["MYSQL_URL"])
    haystacks["files"] = files_dump(Path(e2e_env["MEMORY_AGENT_HOME"]))
    leaked = [f"{where}: {item.kind}/{item.shape}" for where, item, _ in leaks(sample, haystacks)]
    assert not leaked, f"{len(leaked)} raw values found: {leaked[:15]}"
