"""Service fixtures: the real server (``python -m app.serve``) on a free loopback port.

Stores as in the end-to-end tests: the real Redis (unique key prefix), the real MariaDB
(a database of its own, so migrations of other deployments never meet this one), an
embedded PostgreSQL + pgvector with a fresh database per deployment. The model is the
offline one (no model settings). Users get unique ids so tests sharing a server never
meet each other's memories unless they mean to. Every request is authenticated with an
API key minted in the deployment's key table, as ``python -m app keys create`` does.
"""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncio

import httpx
import mysql.connector
import pytest

from memory.working.key_store import SqlKeyStore


ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")
TURN_TIMEOUT_S = 60.0


def free_port() -> int:
    """A TCP port nobody listens on right now (loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def new_user(name: str) -> str:
    """A user id no other test uses."""
    return f"{name}-{uuid.uuid4().hex[:8]}"


WEB_UI_ORIGIN = "http://localhost:5173"
JWT_SECRET = "test-only-jwt-secret-0123456789abcdef"


def fresh_mysql_database() -> str:
    """A new empty MariaDB database; returns its URL (drop it with ``drop_mysql_database``)."""
    name = f"svc_{uuid.uuid4().hex[:12]}"
    conn = mysql.connector.connect(host="127.0.0.1", port=3306, user="root", password="")
    conn.cursor().execute(f"CREATE DATABASE {name}")
    conn.close()
    return MYSQL_URL.rsplit("/", 1)[0] + "/" + name


def drop_mysql_database(url: str) -> None:
    """Drop the database ``fresh_mysql_database`` made."""
    conn = mysql.connector.connect(host="127.0.0.1", port=3306, user="root", password="")
    conn.cursor().execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]}")
    conn.close()


def deployment_env(pg_dsn: str, home: Path, mysql_url: str) -> dict[str, str]:
    """Environment of a fresh deployment: own PostgreSQL and MariaDB databases, own Redis prefix."""
    return {
        "MEMORY_AGENT_HOME": str(home),
        "REDIS_URL": REDIS_URL,
        "REDIS_PREFIX": f"svc{uuid.uuid4().hex[:10]}",
        "MYSQL_URL": mysql_url,
        "PG_DSN": pg_dsn,
        "CHAT_PROVIDER": "offline",
        "CORS_ORIGINS": WEB_UI_ORIGIN,
        "AUTH_JWT_SECRET": JWT_SECRET,
        "AUTH_KEY_CACHE_SECONDS": "1",
    }


def mint_key(mysql_url: str, user_id: str, admin: bool = False) -> str:
    """A new API key of ``user_id`` in the deployment's key table (what ``keys create`` does)."""

    async def create() -> str:
        store = SqlKeyStore.for_mysql(mysql_url)
        try:
            await store.migrate()
            return (await store.create(user_id, role="admin" if admin else "user")).secret
        finally:
            await store.close()

    return asyncio.run(create())


@dataclass
class Server:
    """A running service process."""

    url: str
    env: dict[str, str]
    log: Path
    proc: subprocess.Popen = field(repr=False)

    def key(self, user_id: str, admin: bool = False) -> str:
        """A new API key for ``user_id`` on this deployment."""
        return mint_key(self.env["MYSQL_URL"], user_id, admin)

    def user(self, name: str) -> ServiceUser:
        """A new user (unique id) with an API key, talking to this server."""
        user_id = new_user(name)
        return ServiceUser(self.url, user_id, self.key(user_id))

    def log_text(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")


@dataclass
class WebUiSession:
    """A web-UI user's session as the UI opens it: credential → agent → session (``test_webui_contract``)."""

    ui: httpx.Client
    user_id: str
    ids: dict[str, str]

    @classmethod
    def open(cls, server: Server, name: str) -> WebUiSession:
        """A new user (unique id, own key) with a new session on ``server``."""
        user_id = new_user(name)
        ui = httpx.Client(base_url=server.url, headers={"X-User-ID": server.key(user_id), "Origin": WEB_UI_ORIGIN},
                          timeout=30)
        credential_id = ui.post("/credential/", json={"data": {"type": "memory_agent_credential"}}).json()["credential_id"]
        agent_id = ui.post("/agent/", json={"name": "assistant"}).json()["agent_id"]
        session_id = ui.post("/sessions/", json={"agent_id": agent_id, "chat_model_config": {
            "type": "memory_agent_credential", "credential_id": credential_id, "model": "memory-agent",
            "parameters": {}}}).json()["session_id"]
        return cls(ui, user_id, {"agent_id": agent_id, "session_id": session_id})

    @property
    def stream_path(self) -> str:
        """The session's event stream (``GET /sessions/{id}/stream``)."""
        return f"/sessions/{self.ids['session_id']}/stream"

    def settled_messages(self, timeout_s: float = 10.0) -> dict[str, Any]:
        """The session's latest message page once no run is in flight (or after ``timeout_s``)."""
        deadline = time.monotonic() + timeout_s
        while True:
            page = self.ui.get(f"/sessions/{self.ids['session_id']}/messages",
                               params={"agent_id": self.ids["agent_id"]}).json()
            if not page["is_running"] or time.monotonic() > deadline:
                return dict(page)
            time.sleep(0.1)


def wait_healthy(url: str, proc: subprocess.Popen, log: Path, timeout_s: float = 180.0) -> None:
    """Block until ``GET /health`` answers and the service is built (``readiness`` is no longer
    ``warming``: ``serve`` answers ``/health`` while it warms), or fail with the server's output."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            answer = httpx.get(f"{url}/health", timeout=2)
            if answer.status_code == 200 and answer.json().get("readiness") != "warming":
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"server not healthy after {timeout_s} s:\n{log.read_text()[-4000:]}")


@contextmanager
def serve(create_database: Callable[[], str], home: Path, *args: str, extra_env: dict[str, str] | None = None) -> Iterator[Server]:
    """``python -m app serve --host 127.0.0.1 --port P *args`` on its own MariaDB and PostgreSQL databases.

    ``extra_env`` adds or overrides settings of this deployment (e.g. a model endpoint).
    """
    mysql_url = fresh_mysql_database()
    env = {**deployment_env(create_database(), home, mysql_url), **(extra_env or {})}
    port = free_port()
    log = home / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port), *args],
            env={**os.environ, **env, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"},
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc, log)
        yield Server(url, env, log, proc)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        drop_mysql_database(mysql_url)


@pytest.fixture(scope="session")
def server(create_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m app.serve`` on a free loopback port, for the whole session."""
    with serve(create_database, tmp_path_factory.mktemp("svc-home")) as running:
        yield running


class ServiceUser:
    """One user talking to the service over HTTP, exactly as a client program would.

    Args:
        base_url: The server.
        user_id: The user ``key`` belongs to.
        key: The user's API key, sent as ``Authorization: Bearer`` on every request.
    """

    def __init__(self, base_url: str, user_id: str, key: str) -> None:
        self.user_id = user_id
        self.key = key
        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        self.credential_id = ""
        self.agent_id = ""
        self.session_id = ""

    def bootstrap(self) -> ServiceUser:
        """Credential (the server's model), agent and session through the service's routes."""
        cred = self.http.post("/credential/", json={"data": {"type": "memory_agent_credential"}})
        assert cred.status_code == 201, cred.text
        self.credential_id = cred.json()["credential_id"]
        return self.new_session()

    def new_session(self) -> ServiceUser:
        """A new agent and its session (the service keeps one session per agent and workspace)."""
        agent = self.http.post("/agent/", json={"name": "assistant"})
        assert agent.status_code == 201, agent.text
        self.agent_id = agent.json()["agent_id"]
        session = self.http.post("/sessions/", json={
            "agent_id": self.agent_id,
            "chat_model_config": {
                "type": "memory_agent_credential", "credential_id": self.credential_id,
                "model": "memory-agent", "parameters": {},
            },
        })
        assert session.status_code == 201, session.text
        self.session_id = session.json()["session_id"]
        return self

    def messages(self, session_id: str | None = None, agent_id: str | None = None) -> list[dict[str, Any]]:
        """The session's stored messages, oldest first."""
        r = self.http.get(
            f"/sessions/{session_id or self.session_id}/messages",
            params={"agent_id": agent_id or self.agent_id, "limit": 200},
        )
        assert r.status_code == 200, r.text
        return r.json()["messages"]

    def chat(self, text: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send one message with ``POST /chat/`` and wait for the stored reply."""
        msg_id = uuid.uuid4().hex
        payload = {
            "agent_id": self.agent_id, "session_id": self.session_id,
            "input": {"id": msg_id, "role": "user", "name": "user", "content": [{"type": "text", "text": text}]},
        }
        for key, value in (body or {}).items():
            if key == "input":
                payload["input"].update(value)
            else:
                payload[key] = value
        r = self.http.post("/chat/", json=payload)
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + TURN_TIMEOUT_S
        while time.monotonic() < deadline:
            msgs = self.messages()
            ids = [m["id"] for m in msgs]
            if msg_id in ids:
                after = msgs[ids.index(msg_id) + 1:]
                replies = [m for m in after if m["role"] == "assistant" and m.get("finished_at")]
                if replies:
                    return replies[0]
            time.sleep(0.05)
        raise AssertionError(f"no reply to {text!r} within {TURN_TIMEOUT_S} s; messages: {self.messages()}")

    def items(self, status: str = "active") -> list[dict[str, Any]]:
        """``GET /memory/items``."""
        r = self.http.get("/memory/items", params={"status": status})
        assert r.status_code == 200, r.text
        return r.json()["items"]

    def explain(self) -> httpx.Response:
        """``GET /memory/explain`` for the current session."""
        return self.http.get("/memory/explain", params={"session_id": self.session_id})


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The head of every command this process sends to Redis, one per round trip (a new connection's handshake,
    HELLO or CLIENT, is no round trip of the code under test)."""
    from redis.asyncio.connection import AbstractConnection  # noqa: PLC0415 - only the round-trip tests need it

    calls: list[bytes] = []
    real = AbstractConnection.send_packed_command

    async def counting(self: Any, command: Any, check_health: bool = True) -> None:  # noqa: ANN401
        head = b"".join(command if isinstance(command, list) else [command])[:60]
        if b"HELLO" not in head and b"CLIENT" not in head:
            calls.append(head)
        await real(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counting)
    return calls


def reply_text(msg: dict[str, Any]) -> str:
    """The text of a stored message."""
    return "".join(b.get("text", "") for b in msg["content"] if b.get("type") == "text")


@dataclass
class InProcess:
    """A service app served by uvicorn inside the test's event loop (spans and logs are ours)."""

    url: str
    env: dict[str, str]

    async def user(self, name: str) -> ServiceUser:
        """A new user with an API key."""
        user_id = new_user(name)
        key = await asyncio.to_thread(mint_key, self.env["MYSQL_URL"], user_id)
        return ServiceUser(self.url, user_id, key)


@contextlib.asynccontextmanager
async def in_process_server(
    create_database: Callable[[], str], home: Path, **overrides: str
) -> AsyncIterator[InProcess]:
    """Open a runtime, build the service app and serve it on a free port until the block ends."""
    import uvicorn

    from app.composition import open_runtime
    from app.serve import build_service_app
    from app.settings import load_settings

    mysql_url = await asyncio.to_thread(fresh_mysql_database)
    env = {**deployment_env(create_database(), home, mysql_url), **overrides}
    rt = await open_runtime(load_settings(**{k.lower(): v for k, v in env.items()}))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(await build_service_app(rt), host="127.0.0.1", port=port, log_level="warning"))
    serving = asyncio.create_task(server.serve())
    try:
        while not server.started:
            assert not serving.done(), serving.exception()
            await asyncio.sleep(0.05)
        yield InProcess(f"http://127.0.0.1:{port}", env)
    finally:
        server.should_exit = True
        await serving
        await rt.aclose()
        await asyncio.to_thread(drop_mysql_database, mysql_url)
