"""The AgentScope 2.x web UI's request sequence, replayed against the real server.

Read from the agentscope repository, ``examples/web_ui/frontend/src``: ``api/client.ts``
sends every request with one header, ``X-User-ID`` (the "username" of the set-up page; an
API key here), plus ``Content-Type: application/json`` on bodies, from the UI's own origin
(so the browser preflights). The sequence: set-up page ``GET /health`` (expects
``version`` + ``components``; 401 shows "unauthorized"); the chat page lists agents,
the agent form schema, credentials and their models; creates a credential, an agent and a
session; reads the session's messages, opens ``GET /sessions/{id}/stream`` with fetch (SSE
``data:`` lines), sends ``POST /chat/`` with a ``UserMsg``, follows the events to
``REPLY_END``; side panels ask for the workspace status, MCP servers, skills and knowledge
bases. The UI itself cannot be built here (its npm SDK is not on the registry).
"""
from __future__ import annotations

import json
import queue
import threading
import time
import uuid
from typing import Any

import httpx

from tests.service.conftest import WEB_UI_ORIGIN, Server, new_user


class Stream:
    """A fetch-style SSE reader on a thread, as ``sessionApi.streamEvents`` reads it."""

    def __init__(self, client: httpx.Client, path: str, params: dict[str, str]) -> None:
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status: int | None = None
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(client, path, params), daemon=True)
        self._thread.start()
        assert self._ready.wait(10), "the stream did not open"

    def _read(self, client: httpx.Client, path: str, params: dict[str, str]) -> None:
        try:
            self._follow(client, path, params)
        except httpx.HTTPError:  # the server closes open streams when it stops
            self._ready.set()

    def _follow(self, client: httpx.Client, path: str, params: dict[str, str]) -> None:
        with client.stream("GET", path, params=params, timeout=httpx.Timeout(10, read=None)) as r:
            self.status = r.status_code
            self._ready.set()
            for line in r.iter_lines():
                if self._stop.is_set():
                    return
                if line.startswith("data: ") and line[6:].strip():
                    self.events.put(json.loads(line[6:]))

    def until(self, event_type: str, timeout_s: float = 60) -> list[dict[str, Any]]:
        """Events up to and including the first of ``event_type``."""
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                event = self.events.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(event)
            if event["type"] == event_type:
                return seen
        raise AssertionError(f"no {event_type} within {timeout_s} s; got {[e['type'] for e in seen]}")

    def quiet_for(self, seconds: float) -> list[dict[str, Any]]:
        """Everything that arrives within ``seconds``."""
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                got.append(self.events.get(timeout=0.1))
            except queue.Empty:
                pass
        return got

    def close(self) -> None:
        self._stop.set()


def _user_msg(text: str) -> dict[str, Any]:
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    return {"id": uuid.uuid4().hex, "name": "user", "role": "user", "metadata": {}, "created_at": now,
            "content": [{"type": "text", "text": text, "id": uuid.uuid4().hex, "created_at": now}]}


def test_the_web_ui_sequence_works_with_a_key_in_its_username_field(server: Server) -> None:
    user_id = new_user("webui")
    key = server.key(user_id)
    origin = {"Origin": WEB_UI_ORIGIN}
    ui = httpx.Client(base_url=server.url, headers={"X-User-ID": key, **origin}, timeout=30)

    # The browser's preflight for a request with the custom header, from the UI's origin.
    pre = httpx.options(f"{server.url}/agent/", headers={
        **origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-user-id"})
    assert pre.status_code == 200 and pre.headers["access-control-allow-origin"] == WEB_UI_ORIGIN
    assert "x-user-id" in pre.headers["access-control-allow-headers"].lower()
    foreign = httpx.options(f"{server.url}/agent/", headers={
        "Origin": "http://evil.example", "Access-Control-Request-Method": "GET"})
    assert "access-control-allow-origin" not in foreign.headers

    # Set-up page: the health probe with the "username"; a wrong one is refused as the UI expects.
    health = ui.get("/health")
    assert health.status_code == 200 and health.headers["access-control-allow-origin"] == WEB_UI_ORIGIN
    assert isinstance(health.json()["version"], str) and isinstance(health.json()["components"], dict)
    assert httpx.get(f"{server.url}/health", headers={"X-User-ID": "mak_wrong"}).status_code == 401
    assert httpx.get(f"{server.url}/agent/", headers={"X-User-ID": user_id}).status_code == 401

    # Chat page: lists and the agent form schema.
    assert ui.get("/agent/").json() == {"agents": [], "total": 0}
    schema = ui.get("/agent/schema/v2")
    assert schema.status_code == 200 and isinstance(schema.json(), dict)
    schemas = ui.get("/credential/schemas").json()["schemas"]
    assert [s["properties"]["type"]["default"] for s in schemas] == ["memory_agent_credential"]
    assert ui.get("/credential/").json() == {"credentials": [], "total": 0}

    credential_id = ui.post("/credential/", json={"data": {"type": "memory_agent_credential"}}).json()["credential_id"]
    credentials = ui.get("/credential/").json()
    assert credentials["total"] == 1 and credentials["credentials"][0]["id"] == credential_id
    models = ui.get("/model/", params={"provider": "memory_agent_credential"}).json()
    assert models["total"] == 1 and models["models"][0]["name"] == "memory-agent"
    for catalogue in ("/tts-model/", "/embedding-model/"):
        assert ui.get(catalogue, params={"provider": "memory_agent_credential"}).status_code in (200, 404)

    agent_id = ui.post("/agent/", json={"name": "assistant"}).json()["agent_id"]
    agents = ui.get("/agent/").json()
    assert agents["total"] == 1 and agents["agents"][0]["id"] == agent_id
    session_id = ui.post("/sessions/", json={"agent_id": agent_id, "chat_model_config": {
        "type": "memory_agent_credential", "credential_id": credential_id, "model": "memory-agent",
        "parameters": {}}}).json()["session_id"]
    sessions = ui.get("/sessions/", params={"agent_id": agent_id}).json()
    assert sessions["total"] == 1 and sessions["sessions"][0]["session"]["id"] == session_id

    # Side panels.
    ids = {"agent_id": agent_id, "session_id": session_id}
    assert ui.get("/workspace/status", params=ids).json() == {"workdir": "", "cwd": "", "git": None}
    assert ui.get("/workspace/mcp", params=ids).json() == []
    assert ui.get("/workspace/skill", params=ids).json() == []
    kbs = ui.get("/knowledge_bases/", params={"page": "1", "page_size": "50"}).json()
    assert kbs == {"knowledge_bases": [], "total": 0, "page": 1, "page_size": 50}

    # History, then the live stream, then a message.
    history = ui.get(f"/sessions/{session_id}/messages", params={"agent_id": agent_id}).json()
    assert history["messages"] == [] and history["is_running"] is False and history["has_more"] is False
    stream = Stream(ui, f"/sessions/{session_id}/stream", {"agent_id": agent_id})
    try:
        assert stream.status == 200
        sent = ui.post("/chat/", json={"agent_id": agent_id, "session_id": session_id,
                                        "input": _user_msg("I live in Hangzhou.")})
        assert sent.status_code == 200 and sent.json() == {"status": "started", "session_id": session_id}
        events = stream.until("REPLY_END")
        assert events[0]["type"] == "REPLY_START"
        text = "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_BLOCK_DELTA")
        assert text.startswith("[offline]")

        # The UI sends its next turn as soon as it sees the end event: never a 409.
        again = ui.post("/chat/", json={"agent_id": agent_id, "session_id": session_id,
                                         "input": _user_msg("Where do I live?")})
        assert again.status_code == 200, again.text
        second = stream.until("REPLY_END")
        assert "Hangzhou" in "".join(e.get("delta", "") for e in second if e["type"] == "TEXT_BLOCK_DELTA")
    finally:
        stream.close()

    # The cursor rule: messages (latest page) return event_cursor; a stream opened with
    # after=<cursor> replays nothing already persisted; without it, the last run's tail replays.
    deadline = time.monotonic() + 10
    while True:
        page = ui.get(f"/sessions/{session_id}/messages", params={"agent_id": agent_id}).json()
        if not page["is_running"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert [m["role"] for m in page["messages"]] == ["user", "assistant", "user", "assistant"]
    assert isinstance(page["event_cursor"], str)
    last_reply = page["messages"][-1]["id"]
    fresh = Stream(ui, f"/sessions/{session_id}/stream", {"agent_id": agent_id, "after": page["event_cursor"]})
    stale = Stream(ui, f"/sessions/{session_id}/stream", {"agent_id": agent_id})
    try:
        assert fresh.quiet_for(1.5) == []
        replayed = stale.quiet_for(1.5)
        assert all(e.get("reply_id") in (None, last_reply) for e in replayed)
    finally:
        fresh.close()
        stale.close()
