"""Two ``serve`` replicas behind a real HAProxy, on one Redis, MariaDB and PostgreSQL + pgvector.

What an operator running replicas relies on: a reply streams on whichever replica the
client listens on, two posts into one session never both run (the second is a 409 from any
replica), ``/memory/explain`` answers on a replica that did not run the turn, and a replica
SIGKILLed in the middle of a turn loses nothing silently: another replica finishes the turn
(one reply, not two) or the stream says it failed.
"""
from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any

import httpx
import pytest
import redis

from tests.service.conftest import REDIS_URL, ServiceUser, reply_text
from tests.service.fleet import BlackHole, Fleet, new_user

@pytest.fixture(scope="module")
def fleet(replica_fleet: tuple[Fleet, BlackHole]) -> tuple[Fleet, BlackHole]:
    """The session's two replicas behind HAProxy (``replica_fleet``)."""
    return replica_fleet


class Stream:
    """The session's SSE stream read on one replica, in a thread, collecting events."""

    def __init__(self, url: str, user: ServiceUser) -> None:
        self.events: list[dict[str, Any]] = []
        self.status = 0
        self.ready = threading.Event()
        params = {"agent_id": user.agent_id}
        headers = {"Authorization": f"Bearer {user.key}"}
        self.client = httpx.Client(base_url=url, headers=headers, timeout=httpx.Timeout(5, read=120))
        self.thread = threading.Thread(target=self._read, args=(f"/sessions/{user.session_id}/stream", params), daemon=True)
        self.thread.start()
        assert self.ready.wait(20) and self.status == 200, "the stream did not open"

    def _read(self, path: str, params: dict[str, str]) -> None:
        try:
            with self.client.stream("GET", path, params=params) as r:
                self.status = r.status_code
                self.ready.set()
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        self.events.append(json.loads(line[5:]))
        except httpx.HTTPError:  # the replica went away (the test ends, or killed it)
            self.ready.set()

    def ends(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("type") == "REPLY_END"]

    def wait_ends(self, n: int, timeout_s: float) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and len(self.ends()) < n:
            time.sleep(0.1)
        return self.ends()


def _post(url: str, user: ServiceUser, text: str) -> tuple[httpx.Response, str]:
    msg_id = uuid.uuid4().hex
    r = httpx.post(f"{url}/chat/", headers={"Authorization": f"Bearer {user.key}"}, timeout=30, json={
        "agent_id": user.agent_id, "session_id": user.session_id,
        "input": {"id": msg_id, "role": "user", "name": "user", "content": [{"type": "text", "text": text}]}})
    return r, msg_id


def _user(fleet: Fleet, name: str) -> ServiceUser:
    uid = new_user(name)
    return ServiceUser(fleet.lb_url, uid, fleet.key(uid)).bootstrap()  # round-robin over the replicas


def test_stream_gate_and_explain_are_shared_by_the_replicas(fleet: tuple[Fleet, BlackHole]) -> None:
    f, _ = fleet
    a, b = f.replicas
    user = _user(f, "replicas")
    stream = Stream(b.url, user)  # listen on B ...
    first, first_id = _post(a.url, user, "I live in Hangzhou and I like green tea.")  # ... post on A
    second, _ = _post(b.url, user, "I moved to Berlin.")  # the same session, the other replica, mid-turn
    assert first.status_code == 200, first.text
    assert second.status_code == 409, second.text
    ends = stream.wait_ends(1, 30)
    assert len(ends) == 1 and ends[0].get("finished_reason") != "error", stream.events
    time.sleep(0.5)
    msgs = user.messages()
    assert [m["role"] for m in msgs] == ["user", "assistant"], msgs  # nothing of the refused post
    assert msgs[0]["id"] == first_id and reply_text(msgs[1])
    for replica in (a, b):  # the turn's labels are readable on every replica
        r = httpx.get(f"{replica.url}/memory/explain", params={"session_id": user.session_id},
                      headers={"Authorization": f"Bearer {user.key}"}, timeout=10)
        assert r.status_code == 200, r.text
    r = httpx.delete(f"{a.url}/memory/all", headers={"Authorization": f"Bearer {user.key}"}, timeout=30)
    assert r.status_code == 200, r.text
    left = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    prefix = f.env["REDIS_PREFIX"]
    assert not [k for k in left.scan_iter(match=f"{prefix}:svc:bus:*{user.session_id}*")], "bus keys outlived the erase"
    assert not [k for k in left.scan_iter(match=f"{prefix}:svc:turns:{user.user_id}:*")]


@pytest.mark.kills_replica  # runs after every other test of the shared fleet
def test_a_replica_killed_mid_turn_loses_nothing_silently(fleet: tuple[Fleet, BlackHole]) -> None:
    f, _ = fleet
    a, b = f.replicas
    user = _user(f, "killed")
    stream = Stream(b.url, user)
    r, msg_id = _post(a.url, user, "My favourite colour is teal.")
    assert r.status_code == 200, r.text
    time.sleep(1.0)  # the turn is waiting for the model on A
    a.kill()
    ends = stream.wait_ends(1, 45)  # B adopts the journaled turn and runs it again
    assert ends, f"the client heard nothing after the replica died: {stream.events}"
    time.sleep(1.0)
    msgs = httpx.get(f"{b.url}/sessions/{user.session_id}/messages", params={"agent_id": user.agent_id, "limit": 50},
                     headers={"Authorization": f"Bearer {user.key}"}, timeout=10).json()["messages"]
    users = [m for m in msgs if m["role"] == "user"]
    finished = [m for m in msgs if m["role"] == "assistant" and m.get("finished_at")]
    assert [m["id"] for m in users] == [msg_id], msgs  # the input stored once
    assert len(finished) == 1, msgs  # one answer: finished by B, or reported failed — never both, never none
    journal = redis.Redis.from_url(REDIS_URL, decode_responses=True).hgetall(f"{f.env['REDIS_PREFIX']}:svc:journal")
    assert journal == {}, journal
    assert "adopting a turn of a dead replica" in b.log.read_text(), "B did not take the turn over"
    again, _ = _post(b.url, user, "And I drink oolong.")  # the session is free again on the survivor
    assert again.status_code == 200, again.text
    assert len(stream.wait_ends(2, 30)) == 2
