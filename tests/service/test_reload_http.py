"""``python -m app serve --agents FILE`` over HTTP: reloading the file, and a declared team.

Real server processes (MariaDB, Redis, PostgreSQL + pgvector, offline model), API keys
minted as ``keys create`` does. The chat server is told to check its file only at turns
(``--reload-interval 0``), so each change is seen by exactly the next request.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.service.conftest import ROOT, Server, reply_text, serve

CHAT = (ROOT / "configs/AGENTS.md").read_text(encoding="utf-8")
TEAM = (ROOT / "configs/examples/trip_planner/AGENTS.md").read_text(encoding="utf-8")
NOTE = "Keep every answer short, friendly and in plain words; never use tables, lists or headings. " * 3


def _save(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def _version(text: str, version: int) -> str:
    return text.replace("config_version: 1", f"config_version: {version}", 1)


def test_serve_takes_a_newer_agents_file_at_the_next_turn_and_refuses_older_or_broken_ones(
    create_database: Callable[[], str], tmp_path: Path
) -> None:
    agents = tmp_path / "AGENTS.md"
    _save(agents, CHAT)
    with serve(create_database, tmp_path, "--agents", str(agents), "--reload-interval", "0") as server:
        dana = server.user("dana").bootstrap()
        admin = httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {server.key('ops', admin=True)}"})
        assert dana.http.get("/admin/deployment").status_code == 403
        first = dana.chat("Hello there.")["metadata"]["memory"]
        assert first["deployment"] == {"name": "chat", "config_version": 1}
        started = admin.get("/admin/deployment").json()
        assert started["config_version"] == 1 and started["mode"] == "chat" and started["refused"] is None

        _save(agents, _version(CHAT, 2).replace("You are a helpful assistant", NOTE + "You are a helpful assistant", 1))
        second = dana.chat("Hello again.")["metadata"]["memory"]
        assert second["deployment"]["config_version"] == 2
        assert second["budget"]["used"]["system"] > first["budget"]["used"]["system"] + 30  # the new prompt ran
        now = admin.get("/admin/deployment").json()
        assert now["config_version"] == 2 and now["loaded_at"] > started["loaded_at"]

        for text, why in (
            (CHAT, "not newer than the running version 2"),
            (_version(CHAT, 3).replace("tools: [judge_turn, extract_candidates]", "tools: [judge_turn, leak_all]"),
             "leak_all"),
        ):
            _save(agents, text)
            labels = dana.chat("Still there?")["metadata"]["memory"]
            assert labels["deployment"]["config_version"] == 2, why
            assert labels["budget"]["used"]["system"] == second["budget"]["used"]["system"]
            status = admin.get("/admin/deployment").json()
            assert status["config_version"] == 2 and why in status["refused"]["reason"]
        refused = [line for line in server.log_text().splitlines() if "AGENTS.md change refused" in line]
        assert len(refused) == 2 and all("still running config_version 2" in line for line in refused), refused


@pytest.fixture(scope="module")
def team_server(create_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("team-svc")
    agents = home / "AGENTS.md"
    _save(agents, TEAM)
    with serve(create_database, home, "--agents", str(agents)) as server:
        yield server


def test_serve_with_a_team_answers_through_its_agents_and_keeps_each_user_to_their_own(team_server: Server) -> None:
    kei = team_server.user("kei").bootstrap()
    reply = kei.chat("Plan a trip to Kyoto in May for 5 days, budget is $2000. My email is kei.t@example.com.")
    labels = reply["metadata"]["memory"]
    team = labels["team"]
    assert [a["name"] for a in team] == ["concierge", "curator", "planner", "critic"]
    for hop, agent in enumerate(team, start=1):
        assert agent["hops"] == [a["name"] for a in team[:hop]] and agent["status"] != "failed"
    assert labels["deployment"] == {"name": "trip_planner", "config_version": 1} and labels["user_id"] == kei.user_id
    text = reply_text(reply)
    assert "Planner's plan:" in text and "Critic's remarks:" in text and "Kyoto" in text and "ICOCA" in text
    assert "kei.t@example.com" not in text
    stored = kei.messages()
    assert [m["role"] for m in stored] == ["user", "assistant"]
    assert all("kei.t@example.com" not in reply_text(m) for m in stored)  # masked at the HTTP boundary

    eve = team_server.user("eve").bootstrap()
    leaked = eve.http.get(f"/sessions/{kei.session_id}/messages", params={"agent_id": kei.agent_id})
    assert leaked.status_code == 404 or leaked.json()["messages"] == []
    assert eve.http.get("/memory/explain", params={"session_id": kei.session_id}).json().get("trace_id") != labels["trace_id"]
    sneaky = eve.http.post("/chat/", json={
        "agent_id": kei.agent_id, "session_id": kei.session_id,
        "input": {"id": uuid.uuid4().hex, "role": "user", "name": "eve", "content": [{"type": "text", "text": "hi"}]},
    })
    assert sneaky.status_code == 404
    other = eve.chat("Plan a trip to Kyoto in June.")
    assert other["metadata"]["memory"]["user_id"] == eve.user_id and "kei" not in reply_text(other)
    assert httpx.get(f"{team_server.url}/memory/items").status_code == 401
