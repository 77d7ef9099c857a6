"""Suite-wide rules and the one embedded PostgreSQL + pgvector server of the test session.

In CI (``CI=true``) a skipped test is a failure: nothing may be silently skipped. No test sees
the developer's own settings (model keys, store URLs, ``MEMORY_AGENT_HOME``, any ``RECALL_*``):
``isolated_environment`` removes every value that came from the shell the suite started in,
unless a test or fixture set it, and points ``MEMORY_AGENT_HOME`` at a temporary folder.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import mysql.connector
import psycopg2
import pytest
from psycopg2.extensions import make_dsn

from app.settings import variables
from memory.longterm.embedded import EmbeddedPostgres, start_embedded_sync
from tests.redis_cluster import RedisClusterServers

MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")

# The suite's users have agreed to long-term memory unless a test says otherwise; the
# consent tests set LONGTERM_CONSENT themselves (the product's default is "ask").
os.environ["LONGTERM_CONSENT"] = "on"

DEVELOPER_PREFIXES = ("OPENAI_", "DASHSCOPE_")
"""Model-service variables read by libraries too, whatever their name."""


def developer_settings(environ: dict[str, str]) -> dict[str, str]:
    """The values in ``environ`` that would configure the product: every settings variable, model keys."""
    names = set(variables()) - {"LONGTERM_CONSENT"}
    return {k: v for k, v in environ.items() if k in names or k.startswith(DEVELOPER_PREFIXES)}


DEVELOPER = developer_settings(dict(os.environ))
# one folder per test process, even when this module is imported twice (as conftest and as tests.conftest)
TEST_HOME = os.environ.setdefault("MEMORY_AGENT_TEST_HOME", tempfile.mkdtemp(prefix="memory-agent-test-home-"))


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs without the developer's settings; what a test or fixture sets stays."""
    for name, value in DEVELOPER.items():
        if os.environ.get(name) == value:
            monkeypatch.delenv(name)
    if "MEMORY_AGENT_HOME" not in os.environ:
        monkeypatch.setenv("MEMORY_AGENT_HOME", TEST_HOME)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # noqa: ANN201
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} was skipped in CI; no test may be skipped ({report.longrepr})"


def server_tmpdir_path() -> Path:
    # Not under pytest's tmp_path: pytest resets /tmp/pytest-of-<user> to mode 0700 whenever a
    # session starts, which locks the unprivileged 'pgserver' user out when tests run as root.
    return Path(tempfile.mkdtemp(prefix="memory-agent-lt-"))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[EmbeddedPostgres]:
    """The embedded server, started once in a temporary data folder."""
    path = server_tmpdir_path()
    server = start_embedded_sync(path / "pgdata")
    yield server
    server.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterServers]:
    """A real 3-master Redis Cluster for the session (started on first use, killed by pid)."""
    cluster = RedisClusterServers().start()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def create_database(pg_server: EmbeddedPostgres) -> Callable[[], str]:
    """Factory: a new empty database on the shared server; returns its DSN."""

    def create() -> str:
        name = f"t_{uuid.uuid4().hex[:12]}"
        conn = psycopg2.connect(pg_server.dsn)
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute(f'CREATE DATABASE "{name}"')
        conn.close()
        return make_dsn(pg_server.dsn, dbname=name)

    return create


@pytest.fixture
def mysql_url() -> Iterator[str]:
    """A fresh MariaDB database on the shared server (dropped afterwards)."""
    url = urlsplit(MYSQL_URL)
    name = f"tty_{uuid.uuid4().hex[:12]}"
    conn = mysql.connector.connect(
        host=url.hostname, port=url.port or 3306, user=url.username or "root", password=url.password or ""
    )
    try:
        with conn.cursor() as cur:
            cur.execute(f"CREATE DATABASE `{name}`")
        yield urlunsplit(url._replace(path=f"/{name}"))
        with conn.cursor() as cur:
            cur.execute(f"DROP DATABASE IF EXISTS `{name}`")
    finally:
        conn.close()
