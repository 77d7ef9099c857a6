"""Sessions over HTTP: a client that sends its next turn the moment it sees the reply never
gets a 409; the memory API's ``total`` is the real total; a superseded id cannot be
forgotten on its own (404, pointing at the current version)."""
from __future__ import annotations

import uuid

from tests.service.conftest import Server


def test_a_next_turn_sent_on_seeing_the_reply_is_never_refused(server: Server) -> None:
    erin = server.user("erin").bootstrap()
    for number in range(6):
        reply = erin.chat(f"Note number {number}: I like the colour {['red', 'blue', 'green'][number % 3]}.")
        assert reply["finished_at"]  # chat() asserts the POST answered 200 right after the previous reply


def test_memory_total_counts_everything_and_superseded_ids_cannot_be_forgotten_alone(server: Server) -> None:
    fay = server.user("fay").bootstrap()
    fay.chat("I live in Hangzhou.")
    fay.chat("I moved to Shanghai last month.")
    fay.chat("I prefer green tea.")
    everything = fay.items(status="all")
    assert len(everything) >= 3
    page = fay.http.get("/memory/items", params={"status": "all", "limit": 1}).json()
    assert len(page["items"]) == 1 and page["total"] == len(everything)

    old = next(i for i in everything if i["status"] == "superseded")
    refused = fay.http.delete(f"/memory/items/{old['id']}")
    assert refused.status_code == 404
    assert f"DELETE /memory/items/{old['superseded_by']}" in refused.json()["detail"]
    assert old["id"] in {i["id"] for i in fay.items(status="all")}
    assert fay.http.delete(f"/memory/items/{old['superseded_by']}").status_code == 200
    assert old["id"] not in {i["id"] for i in fay.items(status="all")}


def test_foreign_and_unknown_sessions_are_404_with_a_message(server: Server) -> None:
    gus = server.user("gus").bootstrap()
    hal = server.user("hal").bootstrap()
    text = {"role": "user", "name": "user", "content": [{"type": "text", "text": "hello"}]}
    for agent_id, session_id in ((gus.agent_id, uuid.uuid4().hex), (hal.agent_id, hal.session_id),
                                 (gus.agent_id, hal.session_id)):
        r = gus.http.post("/chat/", json={"agent_id": agent_id, "session_id": session_id, "input": text})
        assert r.status_code == 404 and "GET /sessions/" in r.json()["detail"]
    assert hal.messages() == []
