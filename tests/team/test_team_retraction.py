"""A retraction said to the team reaches the same retraction code as the chat (issue 25).

Stated in the chat in Chinese, retracted through the trip-planner team in English by meaning:
the note is archived with the request as its reason, the reply says what was forgotten, the
request is never stored; a request to forget everything through the team archives nothing
and points to ``erase``.
"""
from __future__ import annotations

import uuid
from pathlib import Path

from agents.declarative.loader import load_agents_file
from agents.team.turn import team_turn
from app.composition import Runtime, build_services, open_declared_engine, open_runtime, team_model_for
from app.deployment import turn_policy
from app.session import ChatSession
from tests.e2e.conftest import settings_from

ROOT = Path(__file__).resolve().parents[2]
TEAM = ROOT / "configs/examples/trip_planner/AGENTS.md"


async def test_the_team_path_forgets_by_saying_so_and_never_erases(e2e_env: dict[str, str]) -> None:
    runtime = await open_runtime(settings_from(e2e_env, longterm_consent="on"))
    try:
        await _run(runtime)
    finally:
        await runtime.aclose()


async def _run(runtime: Runtime) -> None:
    user = f"lin-{uuid.uuid4().hex[:6]}"
    chat = ChatSession.open(runtime, user, "s0")
    for text in ("我有一型糖尿病。", "我在一所中学当足球教练。"):
        await chat.send(text)
    before = [m for m in (await runtime.longterm.export_user(user))["memories"] if m["status"] == "active"]
    assert any("糖尿病" in m["content"] for m in before), before
    svc = build_services(runtime, None, turn_policy())
    engine, closers = await open_declared_engine(load_agents_file(TEAM), runtime.working, runtime.settings,
                                                 model_for=team_model_for(runtime.settings.model))
    try:
        reply = await team_turn(svc, engine, user, "s1", "Please forget what I told you about my diabetes.",
                                uuid.uuid4().hex)
        assert "Forgotten:" in reply.text and "糖尿病" in reply.text, reply.text
        wipe = await team_turn(svc, engine, user, "s1", "Delete everything you know about me.", uuid.uuid4().hex)
        assert "erase" in wipe.text
    finally:
        for close in closers:
            await close()
    doc = await runtime.longterm.export_user(user)
    assert not [m for m in doc["memories"] if "糖尿病" in m["content"] and m["status"] == "active"]
    assert [a for a in doc["archive"] if "糖尿病" in a["content"] and "diabetes" in a["reason"]]
    assert len(doc["archive"]) == 1  # forget-all archived nothing
    assert any("足球" in m["content"] and m["status"] == "active" for m in doc["memories"])
    assert not [m for m in doc["memories"] if "forget" in m["content"].casefold()]
