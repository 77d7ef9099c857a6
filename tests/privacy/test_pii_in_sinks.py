"""No raw personal data in any store or sink after chat turns and ``remember``.

A sample of the generated PII corpus covering every kind and shape is sent through the chat
turn (in-process, real stores) and ``remember``; then every sink is searched for every
secret in any normalised form: all Redis keys and values of the deployment, every row of
the MariaDB and PostgreSQL tables (archive included), the outbox and journal files, the
log lines, the exported spans, and the raw bytes of every file under the data folder.
"""
from __future__ import annotations

import json
import uuid
from pathlib import Path

import psycopg2
import redis
from loguru import logger
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from app.composition import Runtime, build_services
from app.deployment import turn_policy
from app.session import ChatSession
from app.tracing import configure_tracing
from memory.working.dialects import connect_mysql
from pipelines.turn import remember_text
from tests.data.pii_corpus import PiiItem, build_corpus, compact

ITEMS, _ = build_corpus()


def _sample() -> list[PiiItem]:
    seen: set[tuple[str, str]] = set()
    out = []
    for item in ITEMS:
        if (item.kind, item.shape) not in seen:
            seen.add((item.kind, item.shape))
            out.append(item)
    return out


def _leaked(sample: list[PiiItem], haystacks: dict[str, str]) -> list[str]:
    found = []
    for where, text in haystacks.items():
        folded = compact(text)
        for item in sample:
            for secret in item.secrets:
                if compact(secret) and len(compact(secret)) >= 6 and compact(secret) in folded:
                    found.append(f"{where}: {item.kind}/{item.shape}")
    return found


async def test_no_raw_value_of_any_kind_reaches_any_store_or_sink(runtime: Runtime, e2e_env: dict[str, str]) -> None:
    sample = _sample()
    assert len(sample) >= 60 and len({i.kind for i in sample}) == 10
    spans = InMemorySpanExporter()
    configure_tracing(exporter=spans)
    lines: list[str] = []
    sink = logger.add(lines.append, serialize=True, level="DEBUG")
    user = f"pii-{uuid.uuid4().hex[:6]}"
    try:
        chat = ChatSession.open(runtime, user, "s1")
        for item in sample[: len(sample) // 2]:
            await chat.send(item.text)
        svc = build_services(runtime, None, turn_policy())
        for item in sample[len(sample) // 2:]:
            await remember_text(svc, user, item.text, uuid.uuid4().hex)
    finally:
        logger.remove(sink)

    haystacks: dict[str, str] = {"logs": "\n".join(lines)}
    haystacks["spans"] = "\n".join(json.dumps(dict(s.attributes or {}), default=str) + s.name for s in spans.get_finished_spans())
    r = redis.Redis.from_url(e2e_env["REDIS_URL"])
    values = []
    for key in r.scan_iter(match=f"{e2e_env['REDIS_PREFIX']}:*"):
        kind = r.type(key)
        values.append(key.decode())
        if kind == b"string":
            values.append((r.get(key) or b"").decode("utf-8", "replace"))
        elif kind == b"list":
            values += [v.decode("utf-8", "replace") for v in r.lrange(key, 0, -1)]
        elif kind == b"zset":
            values += [v.decode("utf-8", "replace") for v in r.zrange(key, 0, -1)]
        elif kind == b"hash":
            values += [v.decode("utf-8", "replace") for v in r.hgetall(key).values()]
    assert values, "the chat stored its turns in Redis"
    haystacks["redis"] = "\n".join(values)
    with psycopg2.connect(e2e_env["PG_DSN"]) as conn, conn.cursor() as cur:
        cur.execute("SELECT content, metadata::text FROM memories UNION ALL SELECT content, metadata::text FROM memories_archive")
        rows = cur.fetchall()
    assert rows, "some memories were stored"
    haystacks["postgres"] = "\n".join(" ".join(map(str, r)) for r in rows)
    conn = connect_mysql(e2e_env["MYSQL_URL"])
    try:
        cur = conn.cursor()
        cur.execute("SHOW TABLES")
        dump = []
        for (table,) in cur.fetchall():
            cur.execute(f"SELECT * FROM `{table}`")
            dump += [" ".join(map(str, row)) for row in cur.fetchall()]
        haystacks["mariadb"] = "\n".join(dump)
    finally:
        conn.close()
    home = Path(e2e_env["MEMORY_AGENT_HOME"])
    haystacks["files"] = "\n".join(p.read_bytes().decode("utf-8", "replace") for p in home.rglob("*") if p.is_file()
                                   and p.stat().st_size < 5_000_000 and "pg" not in p.parts)
    leaked = _leaked(sample, haystacks)
    assert not leaked, f"{len(leaked)} raw values found: {leaked[:15]}"
