"""Sessions and abuse limits of the service, on a deployment with small limits.

``SESSION_QUOTA=3``: a fourth session is refused (409, says how to free one), nothing is
evicted, deleting one frees a slot. ``RATE_LIMIT_*``: a user over the budget gets 429 with
``Retry-After``, other users do not. ``MAX_BODY_BYTES``: a larger body is 413, decided from
``Content-Length`` or while a chunked body streams in. Every refusal has the one shape.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

from tests.service.conftest import ServiceUser, in_process_server

ERROR_KEYS = {"detail", "status", "code"}


def _shape(r: httpx.Response, status: int) -> dict:
    body = r.json()
    assert r.status_code == status and set(body) == ERROR_KEYS and body["status"] == status, r.text
    assert isinstance(body["detail"], str) and "\n" not in body["detail"] and "Traceback" not in body["detail"]
    return body


def _quota(alice: ServiceUser) -> None:
    alice.bootstrap()
    first = [alice.session_id]
    for _ in range(2):
        first.append(alice.new_session().session_id)
    refused = alice.http.post("/agent/", json={"name": "more"})
    agent_id = refused.json()["agent_id"]
    model = {"type": "memory_agent_credential", "credential_id": alice.credential_id, "model": "memory-agent",
             "parameters": {}}
    fourth = alice.http.post("/sessions/", json={"agent_id": agent_id, "chat_model_config": model})
    body = _shape(fourth, 409)
    assert "SESSION_QUOTA=3" in body["detail"] and "DELETE /sessions/" in body["detail"]
    assert all(alice.http.get(f"/sessions/{s}/status", params={"agent_id": alice.agent_id}).status_code != 404
               for s in first[-1:])
    listed = {s["session"]["id"] for s in alice.http.get("/sessions/", params={"agent_id": alice.agent_id}).json()[
        "sessions"]}
    assert first[-1] in listed
    gone = alice.http.delete(f"/sessions/{first[-1]}", params={"agent_id": alice.agent_id})
    assert gone.status_code == 204
    again = alice.http.post("/sessions/", json={"agent_id": agent_id, "chat_model_config": model})
    assert again.status_code == 201, again.text


def _rate(bob: ServiceUser, carol: ServiceUser) -> None:
    statuses = [bob.http.post("/agent/", json={"name": f"a{i}"}) for i in range(16)]
    limited = [r for r in statuses if r.status_code == 429]
    assert limited, [r.status_code for r in statuses]
    _shape(limited[0], 429)
    assert int(limited[0].headers["Retry-After"]) >= 1
    assert carol.http.post("/agent/", json={"name": "fine"}).status_code == 201


def _bodies(dave: ServiceUser) -> None:
    big = b'{"agent_id": "a", "session_id": "s", "input": null, "pad": "' + b"x" * 5000 + b'"}'
    _shape(dave.http.post("/chat/", content=big, headers={"Content-Type": "application/json"}), 413)

    def chunks() -> Iterator[bytes]:
        for _ in range(10):
            yield b"x" * 1000

    _shape(dave.http.post("/chat/", content=chunks(), headers={"Content-Type": "application/json"}), 413)
    _shape(dave.http.post("/chat/", json={"agent_id": "a"}), 422)
    unknown = dave.http.post("/chat/", json={"agent_id": "a", "session_id": "nope", "input": {
        "role": "user", "name": "user", "content": [{"type": "text", "text": "hi"}]}})
    assert "POST /sessions/" in _shape(unknown, 404)["detail"]
    _shape(httpx.get(str(dave.http.base_url).rstrip("/") + "/memory/items"), 401)
    _shape(dave.http.get("/workspace/files", params={"path": "/etc/passwd"}), 404)
    _shape(dave.http.get("/metrics"), 403)


async def test_quota_rate_and_body_limits(create_database: Callable[[], str], tmp_path: Path) -> None:
    async with in_process_server(
        create_database, tmp_path / "home", SESSION_QUOTA="3", RATE_LIMIT_PER_MINUTE="6", RATE_LIMIT_BURST="14",
        MAX_BODY_BYTES="4096",
    ) as server:
        users = [await server.user(name) for name in ("alice", "bob", "carol", "dave")]
        await asyncio.to_thread(_quota, users[0])
        await asyncio.to_thread(_rate, users[1], users[2])
        await asyncio.to_thread(_bodies, users[3])
