"""Contract of ``SqlWorkingStore``: the same behaviour on MariaDB and on SQLite."""
from __future__ import annotations

import asyncio
import re
from datetime import timezone
from pathlib import Path

import pytest

from app.settings import load_settings
from app.composition import working_store
from memory.errors import (
    ConfigError,
    MemoryAgentError,
    StoreUnavailableError,
    TaskNotFoundError,
    VersionConflictError,
)
from memory.types import TaskRecord, TaskStatus
from memory.working.sql_store import SqlWorkingStore

STATE = {"城市": "杭州", "items": [1, 2.5, None, True], "nested": {"k": "v"}}


async def test_migrations_apply_once_and_are_recorded(backend) -> None:
    first = backend.store()
    assert await first.migrate() == [1, 2, 3, 4, 5]
    assert await first.migrate() == []
    assert await backend.store().migrate() == []  # another store (think: another process)
    rows = backend.raw_query("SELECT version, name, applied_at FROM {p}schema_migrations ORDER BY version")
    assert [(int(v), n) for v, n, _ in rows] == [
        (1, "m001_create_tasks"), (2, "m002_index_tasks_user_status"),
        (3, "m003_create_user_consent"), (4, "m004_create_api_keys"), (5, "m005_create_batch_claims"),
    ]
    assert all(applied for *_, applied in rows)


async def test_store_without_tables_says_to_migrate(backend, user) -> None:
    with pytest.raises(MemoryAgentError, match="does not exist.*python -m app migrate"):
        await backend.store().start_task(user("u"), "agent", {})


async def test_server_version_names_the_engine(store, backend) -> None:
    version = await store.server_version()
    assert version.startswith("MariaDB 10." if backend.kind == "mariadb" else "SQLite 3.")


async def test_start_advance_finish_round_trip(store, user) -> None:
    uid = user("alice")
    started = await store.start_task(uid, "planner", STATE, session_id="s1", step="collect")
    assert len(started.task_id) == 32 and started.version == 1
    assert started.status is TaskStatus.RUNNING and started.current_step == "collect"
    assert started.created_at.tzinfo is timezone.utc and started.created_at == started.updated_at
    assert await store.get_task(uid, started.task_id) == started

    moved = await store.advance(uid, started.task_id, 1, "confirm", {**STATE, "picked": "西湖"})
    assert (moved.version, moved.current_step, moved.state["picked"]) == (2, "confirm", "西湖")
    assert moved.created_at == started.created_at and moved.updated_at > started.updated_at
    assert moved.updated_at.tzinfo is timezone.utc
    assert await store.get_task(uid, started.task_id) == moved

    done = await store.finish(uid, started.task_id, 2)
    assert (done.status, done.version, done.state, done.current_step) == (
        TaskStatus.DONE, 3, moved.state, "confirm"
    )
    assert await store.list_unfinished(uid) == []


async def test_finish_can_replace_the_state(store, user) -> None:
    uid = user("u")
    task = await store.start_task(uid, "agent", {"draft": 1}, task_id="fixed-id-1")
    done = await store.finish(uid, "fixed-id-1", task.version, {"result": "ok"})
    assert done.state == {"result": "ok"} and (await store.get_task(uid, "fixed-id-1")).state == {"result": "ok"}


async def test_fail_keeps_state_and_records_error(store, user) -> None:
    uid = user("u")
    task = await store.start_task(uid, "agent", {"collected": [1, 2]}, step="fetch")
    failed = await store.fail(uid, task.task_id, 1, "upstream timed out")
    assert failed.status is TaskStatus.FAILED and failed.version == 2
    assert failed.state == {"collected": [1, 2], "error": "upstream timed out"}
    assert await store.list_unfinished(uid) == []


async def test_finished_task_cannot_change(store, user) -> None:
    uid = user("u")
    task = await store.start_task(uid, "agent", {})
    done = await store.finish(uid, task.task_id, 1)
    for attempt in (
        store.advance(uid, task.task_id, done.version, "again", {}),
        store.fail(uid, task.task_id, done.version, "late"),
        store.finish(uid, task.task_id, done.version),
    ):
        with pytest.raises(VersionConflictError, match="already done"):
            await attempt
    assert await store.get_task(uid, task.task_id) == done


async def test_list_unfinished_is_per_user_oldest_first(store, user) -> None:
    alice, bob = user("alice"), user("bob")
    first = await store.start_task(alice, "planner", {"n": 1})
    second = await store.start_task(alice, "writer", {"n": 2})
    third = await store.start_task(alice, "planner", {"n": 3})
    await store.start_task(bob, "planner", {"n": 4})
    await store.finish(alice, third.task_id, 1)
    assert [t.task_id for t in await store.list_unfinished(alice)] == [first.task_id, second.task_id]
    assert [t.task_id for t in await store.list_unfinished(alice, "writer")] == [second.task_id]
    assert [t.state for t in await store.list_unfinished(bob)] == [{"n": 4}]
    assert await store.list_unfinished(user("carol")) == []


async def test_other_users_cannot_see_or_touch_a_task(store, user) -> None:
    owner = user("alice")
    task = await store.start_task(owner, "agent", {"secret": "x"}, step="s1")
    for intruder in (user("mallory"), owner.upper(), owner + " ", " " + owner):
        with pytest.raises(TaskNotFoundError, match=re.escape(task.task_id) + ".*" + re.escape(repr(intruder))):
            await store.get_task(intruder, task.task_id)
        for attempt in (
            store.advance(intruder, task.task_id, 1, "s2", {"secret": "stolen"}),
            store.finish(intruder, task.task_id, 1),
            store.fail(intruder, task.task_id, 1, "boom"),
        ):
            with pytest.raises(TaskNotFoundError):
                await attempt
        assert await store.list_unfinished(intruder) == []
    assert await store.get_task(owner, task.task_id) == task


async def test_stale_version_is_refused_with_how_to_recover(store, user) -> None:
    uid = user("u")
    task = await store.start_task(uid, "agent", {"v": 0})
    await store.advance(uid, task.task_id, 1, "s2", {"v": 1})
    with pytest.raises(VersionConflictError, match="expected version 1, found 2; re-read"):
        await store.advance(uid, task.task_id, 1, "s2-stale", {"v": "stale"})
    assert (await store.get_task(uid, task.task_id)).state == {"v": 1}


@pytest.mark.parametrize("writers", [2, 10])
async def test_concurrent_advances_one_wins_no_lost_update(store, user, writers: int) -> None:
    uid = user("u")
    task = await store.start_task(uid, "agent", {"writer": None}, step="s0")
    results = await asyncio.gather(
        *(store.advance(uid, task.task_id, 1, f"s-{i}", {"writer": i}) for i in range(writers)),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, TaskRecord)]
    losers = [r for r in results if isinstance(r, VersionConflictError)]
    assert len(winners) == 1 and len(losers) == writers - 1, results
    assert all("expected version 1, found 2" in str(e) for e in losers)
    final = await store.get_task(uid, task.task_id)
    assert final == winners[0] and final.version == 2
    assert final.state == {"writer": int(final.current_step.removeprefix("s-"))}


async def test_duplicate_task_id_is_refused(store, user) -> None:
    uid = user("u")
    await store.start_task(uid, "agent", {"first": True}, task_id="job-42")
    with pytest.raises(VersionConflictError, match="already exists.*get_task"):
        await store.start_task(uid, "agent", {"first": False}, task_id="job-42")
    with pytest.raises(VersionConflictError, match="already in use"):
        await store.start_task(user("other"), "agent", {}, task_id="job-42")
    assert (await store.get_task(uid, "job-42")).state == {"first": True}


async def test_state_must_be_a_json_object(store, user) -> None:
    uid = user("u")
    with pytest.raises(TypeError, match="dict"):
        await store.start_task(uid, "agent", ["not", "a", "dict"])  # type: ignore[arg-type]
    task = await store.start_task(uid, "agent", {"ok": 1})
    with pytest.raises(TypeError, match="JSON"):
        await store.advance(uid, task.task_id, 1, "s", {"when": {1, 2}})
    with pytest.raises(TypeError, match="JSON"):
        await store.advance(uid, task.task_id, 1, "s", {"x": float("nan")})
    assert await store.get_task(uid, task.task_id) == task
    assert [t.task_id for t in await store.list_unfinished(uid)] == [task.task_id]


async def test_unreachable_mariadb_is_a_one_line_error_naming_mysql_url() -> None:
    store = SqlWorkingStore.for_mysql("mysql://root:s3cret@127.0.0.1:1/test")
    with pytest.raises(StoreUnavailableError) as caught:
        await store.migrate()
    message = str(caught.value)
    assert "MYSQL_URL" in message and "127.0.0.1:1" in message and "\n" not in message
    assert "s3cret" not in message and ":***@" in message
    with pytest.raises(StoreUnavailableError, match="MYSQL_URL"):
        await SqlWorkingStore.for_mysql("mysql://root@127.0.0.1:1/test").server_version()
    with pytest.raises(StoreUnavailableError, match="MYSQL_URL.*one database"):
        SqlWorkingStore.for_mysql("mysql://root@127.0.0.1:3306/")
    await store.close()


async def test_sqlite_in_an_unusable_place_says_what_to_fix(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    store = SqlWorkingStore.for_sqlite(blocker / "working.sqlite3")
    with pytest.raises(ConfigError, match=r"a-file.*MEMORY_AGENT_HOME") as caught:
        await store.migrate()
    assert "\n" not in str(caught.value)


async def test_from_settings_defaults_to_sqlite_under_home(tmp_path: Path, user) -> None:
    settings = load_settings(memory_agent_home=tmp_path / "home", mysql_url=None)
    store = working_store(settings)
    try:
        await store.migrate()
        assert (await store.server_version()).startswith("SQLite")
        task = await store.start_task(user("u"), "agent", {"a": 1})
        assert (tmp_path / "home" / "working.sqlite3").exists()
        assert (await store.get_task(task.user_id, task.task_id)).state == {"a": 1}
    finally:
        await store.close()


async def test_closed_store_refuses_calls(store, user) -> None:
    await store.close()
    with pytest.raises(RuntimeError, match="closed"):
        await store.list_unfinished(user("u"))



@pytest.mark.parametrize("backend", ["mariadb"], indirect=True)
async def test_mariadb_connection_killed_by_server_fails_once_then_recovers(backend, store, user) -> None:
    """A server restart or ``KILL`` costs one clean error, never a wedged store."""
    uid = user("u")
    task = await store.start_task(uid, "agent", {"n": 1})
    pooled = [conn.connection_id for conn, _ in store._pool._idle]  # noqa: SLF001
    assert pooled
    for conn_id in pooled:
        backend.raw_query(f"KILL {int(conn_id)}")
    with pytest.raises(StoreUnavailableError, match="MYSQL_URL"):
        await store.get_task(uid, task.task_id)
    assert await store.get_task(uid, task.task_id) == task
