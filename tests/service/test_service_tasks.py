"""``GET /memory/tasks``: the inspector's view of the caller's tasks, and nobody else's."""
from __future__ import annotations

import asyncio
import json

import httpx

from memory.working.sql_store import SqlWorkingStore
from pipelines.tasks import TaskDesk
from tests.service.conftest import Server

PHONE = "13812345678"


def _seed(server: Server, user_id: str) -> str:
    """What the chat's task tools or /task commands leave in the deployment's working tier."""

    async def seed() -> str:
        store = SqlWorkingStore.for_mysql(server.env["MYSQL_URL"])
        try:
            desk = TaskDesk(store, user_id)
            done = await desk.start("tax return")
            await desk.done(done.task_id)
            task = await desk.start("market report", plan=["collect competitor prices", "draft summary"])
            await desk.mark(task.task_id, "collect competitor prices", "done")
            await desk.note(task.task_id, f"Supplier Li Wei ({PHONE}) quotes 30 per seat")
            return task.task_id
        finally:
            await store.close()

    return asyncio.run(seed())


def test_the_inspector_route_shows_the_callers_tasks_and_no_one_elses(server: Server) -> None:
    gina, hank = server.user("gina"), server.user("hank")
    task_id = _seed(server, gina.user_id)

    r = gina.http.get("/memory/tasks")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["user_id"] == gina.user_id
    [task] = body["tasks"]
    assert (task["task_id"], task["task"], task["status"], task["version"]) == (task_id, "market report", "running", 3)
    assert task["plan"] == [{"step": "collect competitor prices", "status": "done"},
                            {"step": "draft summary", "status": "pending"}]
    assert task["step"] == "collect competitor prices"
    assert task["findings"] == ["Supplier ‹name› (‹phone …5678›) quotes 30 per seat"]  # a name next to a masked number is masked too
    every = gina.http.get("/memory/tasks", params={"status": "all"}).json()["tasks"]
    assert [(t["task"], t["status"]) for t in every] == [("market report", "running"), ("tax return", "done")]
    assert gina.http.get("/memory/tasks", params={"status": "mine-and-hers"}).status_code == 422

    for attempt in (hank.http.get("/memory/tasks", params={"status": "all"}),
                    hank.http.get("/memory/tasks", params={"user_id": gina.user_id}),
                    hank.http.get("/memory/tasks", headers={"X-User-ID": gina.user_id})):
        assert attempt.status_code == 200 and attempt.json() == {"user_id": hank.user_id, "tasks": []}
        assert "market report" not in attempt.text and task_id not in attempt.text
    assert httpx.get(f"{server.url}/memory/tasks", timeout=10).status_code == 401
    assert PHONE not in json.dumps(every)


def test_a_task_is_started_stepped_noted_and_completed_over_http_and_reaches_the_next_turn(server: Server) -> None:
    iris = server.user("iris").bootstrap()
    r = iris.http.post("/memory/tasks", json={"name": "market report", "plan": ["collect prices", "draft summary"]})
    assert r.status_code == 201, r.text
    task_id = r.json()["task_id"]
    r = iris.http.post(f"/memory/tasks/{task_id}/steps", json={"step": "1", "status": "done"})
    assert r.status_code == 200 and r.json()["plan"][0] == {"step": "collect prices", "status": "done"}
    r = iris.http.post(f"/memory/tasks/{task_id}/findings", json={"text": f"Call the supplier at {PHONE}"})
    assert r.status_code == 200 and r.json()["findings"] == ["Call the supplier at ‹phone …5678›"]
    assert r.json()["version"] == 3

    reply = iris.chat("Where were we on the market report?")
    labels = reply["metadata"]["memory"]
    assert labels["task_id"] == task_id
    assert (labels["working"]["step"], labels["working"]["findings"], labels["working"]["version"]) == ("collect prices", 1, 3)
    assert PHONE not in json.dumps(labels)

    assert iris.http.post(f"/memory/tasks/{task_id}/done").json()["status"] == "done"
    again = iris.http.post(f"/memory/tasks/{task_id}/findings", json={"text": "late"})
    assert again.status_code == 409 and "done" in again.json()["detail"]
    assert iris.http.post("/memory/tasks/no-such-task/done").status_code == 404
    assert iris.http.post("/memory/tasks", json={"name": ""}).status_code == 422
    assert iris.http.post(f"/memory/tasks/{task_id}/steps", json={"step": "1", "status": "exploded"}).status_code == 422
    assert iris.http.get("/memory/tasks").json()["tasks"] == []
