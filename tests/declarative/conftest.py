"""Fixtures of the declarative-agents tests: real working-state stores, throw-away toolsets.

Every test runs on real MariaDB (fresh table prefix, dropped afterwards) and real SQLite.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

import agents.tools  # noqa: F401 - registers the shipped toolsets
from agents.declarative.engine import AgentEngine
from agents.declarative.loader import parse_agents_text
from agents.declarative.registry import REGISTRY, ToolFn
from agents.declarative.scopes import GlobalScopeStore, ScopeStores, TaskScopeStore
from memory.working.dialects import connect_mysql
from memory.working.sql_store import SqlWorkingStore

MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")


@pytest.fixture(params=["mariadb", "sqlite"])
async def working(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqlWorkingStore]:
    """A migrated working-state store on a fresh location."""
    prefix = f"d{uuid.uuid4().hex[:10]}_"
    if request.param == "mariadb":
        store = SqlWorkingStore.for_mysql(MYSQL_URL, table_prefix=prefix)
    else:
        store = SqlWorkingStore.for_sqlite(tmp_path / "working.sqlite3", table_prefix=prefix)
    await store.migrate()
    yield store
    await store.close()
    if request.param == "mariadb":
        conn = connect_mysql(MYSQL_URL)
        cur = conn.cursor()
        for table in ("tasks", "user_consent", "api_keys", "schema_migrations"):
            cur.execute(f"DROP TABLE IF EXISTS {prefix}{table}")
        conn.commit()
        conn.close()


@pytest.fixture
def toolset() -> Iterator[Callable[[str, ToolFn], None]]:
    """Register tools in a toolset ``t_<random>`` for one test; ``toolset.name`` is its name."""
    name = f"t_{uuid.uuid4().hex[:8]}"

    def add(tool_name: str, fn: ToolFn, unused: str | None = None) -> None:
        REGISTRY.register(fn, name, tool_name, unused)

    add.name = name  # type: ignore[attr-defined]
    yield add
    REGISTRY.unregister_toolset(name)


def agents_md(toolset_name: str, body: str, version: int = 1, deployment: str | None = None) -> str:
    """An AGENTS.md text with one yaml block (``body`` is the ``agents:`` list, indented)."""
    dep = deployment or f"d_{uuid.uuid4().hex[:8]}"
    return (
        "# test agents\n\n```yaml\n"
        f"config_version: {version}\ndeployment: {dep}\ntoolsets: [{toolset_name}]\ntool_modules: []\n"
        f"agents:\n{body}```\n"
    )


async def no_sleep(seconds: float) -> None:
    """Record nothing, wait for nothing (backoff in tests)."""
    SLEEPS.append(seconds)


SLEEPS: list[float] = []


def build_engine(text: str, working: SqlWorkingStore) -> AgentEngine:
    """An engine over ``text`` with task and global scopes on ``working``."""
    loaded = parse_agents_text(text, "test/AGENTS.md")
    dep = loaded.config.deployment
    stores = ScopeStores(task=TaskScopeStore(working, dep), global_=GlobalScopeStore(working, dep))
    return AgentEngine.build(loaded, stores, sleep=no_sleep)
