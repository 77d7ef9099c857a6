"""Service fixtures: the real server (``python -m app.serve``) on a free loopback port.

Stores as in the end-to-end tests: the real Redis (unique key prefix), the real MariaDB,
an embedded PostgreSQL + pgvector with a fresh database per deployment. The model is the
offline one (no model settings). Users get unique ids so tests sharing a server never
meet each other's memories unless they mean to.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest


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


def deployment_env(pg_dsn: str, home: Path) -> dict[str, str]:
    """Environment of a fresh deployment: own PostgreSQL database (``pg_dsn``), own Redis prefix."""
    return {
        "MEMORY_AGENT_HOME": str(home),
        "REDIS_URL": REDIS_URL,
        "REDIS_PREFIX": f"svc{uuid.uuid4().hex[:10]}",
        "MYSQL_URL": MYSQL_URL,
        "PG_DSN": pg_dsn,
        "CHAT_PROVIDER": "offline",
    }


@dataclass
class Server:
    """A running service process."""

    url: str
    env: dict[str, str]
    log: Path
    proc: subprocess.Popen = field(repr=False)

    def log_text(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")


def wait_healthy(url: str, proc: subprocess.Popen, log: Path, timeout_s: float = 180.0) -> None:
    """Block until ``GET /health`` answers, or fail with the server's output."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(f"{url}/health", headers={"X-User-ID": "probe"}, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"server not healthy after {timeout_s} s:\n{log.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def server(create_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m app.serve`` on a free loopback port, for the whole session."""
    home = tmp_path_factory.mktemp("svc-home")
    env = deployment_env(create_database(), home)
    port = free_port()
    log = home / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
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


class ServiceUser:
    """One user talking to the service over HTTP, exactly as a client program would.

    Args:
        base_url: The server.
        user_id: Sent as ``X-User-ID`` on every request.
    """

    def __init__(self, base_url: str, user_id: str) -> None:
        self.user_id = user_id
        self.http = httpx.Client(base_url=base_url, headers={"X-User-ID": user_id}, timeout=30)
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


def reply_text(msg: dict[str, Any]) -> str:
    """The text of a stored message."""
    return "".join(b.get("text", "") for b in msg["content"] if b.get("type") == "text")
