"""The trip team as a person reads it: offline prose (who did what, the plan, the critic's remarks),
Chinese requests like English ones, the user's allergy used by the planner, new facts in a
request stored as the chat stores them, the request itself never stored as a fact, and the chat's
slash commands in the team chat.
"""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

from agents.team.turn import team_turn
from app.composition import Runtime
from app.session import ChatSession
from memory.types import MemoryStatus
from tests.team.test_trip_team import TEAM, _team

ROOT = Path(__file__).resolve().parents[2]


async def _contents(runtime: Runtime, user: str) -> list[str]:
    return [m.content for m in await runtime.longterm.list(user, statuses=(MemoryStatus.ACTIVE,), limit=50)]


async def test_a_chinese_weekend_request_names_the_destination_and_respects_an_allergy_stated_earlier(
    runtime: Runtime,
) -> None:
    user = f"mei-{uuid.uuid4().hex[:6]}"
    await ChatSession.open(runtime, user, "s0").send("我对花生过敏。")
    assert any("花生" in c for c in await _contents(runtime, user))
    svc, engine, closers = await _team(runtime, TEAM)
    try:
        reply = await team_turn(svc, engine, user, "s1", "帮我计划一个周末去苏州的行程", uuid.uuid4().hex)
    finally:
        for close in closers:
            await close()
    text = reply.text
    assert "苏州" in text and "周末" in text, text
    assert "花生" in text and ("避开" in text or "不含" in text), text  # the planner used the allergy
    assert "策划" in text and "评审" in text, text  # who did what, in the request's language
    for raw in ("[offline:", "user_notes", "trip_brief", "{", "destination:"):
        assert raw not in text, text  # prose, not a field dump
    stored = await _contents(runtime, user)
    assert not any("计划" in c or "行程" in c for c in stored), stored  # a request is not a fact


async def test_an_english_request_stores_its_new_fact_not_the_request_and_the_plan_avoids_the_allergen(
    runtime: Runtime,
) -> None:
    user = f"tom-{uuid.uuid4().hex[:6]}"
    svc, engine, closers = await _team(runtime, TEAM)
    try:
        reply = await team_turn(svc, engine, user, "s1",
                                "Plan a trip to Lisbon in June for 3 days, budget is $900. I'm allergic to shellfish.",
                                uuid.uuid4().hex)
        again = await team_turn(svc, engine, user, "s1", "Plan a weekend in Kyoto.", uuid.uuid4().hex)
    finally:
        for close in closers:
            await close()
    assert "Lisbon" in reply.text and "Planner" in reply.text and "Critic" in reply.text, reply.text
    stored = await _contents(runtime, user)
    assert any("shellfish" in c for c in stored), stored  # stored as the chat would
    assert not any("Plan a trip" in c or "Plan a weekend" in c or "Lisbon in June" in c for c in stored), stored
    assert "Kyoto" in again.text and "shellfish" in again.text, again.text  # remembered, used next time


def test_slash_commands_work_in_the_team_chat(e2e_env: dict[str, str]) -> None:
    lines = ["I'm allergic to peanuts.", "/memories", "/help", "/consent status", "/quit"]
    env = {**{k: v for k, v in os.environ.items() if k not in ("DASHSCOPE_API_KEY", "OPENAI_BASE_URL")}, **e2e_env}
    out = subprocess.run([sys.executable, "-m", "app", "chat", "--agents", str(TEAM), "--user", "ana"],
                         cwd=ROOT, env=env, input="\n".join(lines).encode() + b"\n", capture_output=True,
                         timeout=300)
    text = out.stdout.decode()
    assert out.returncode == 0 and b"Traceback" not in out.stderr, out.stderr[-2000:]
    assert "peanuts" in text.split("/memories", 1)[-1] or "[preference]" in text or "[profile]" in text, text
    assert text.count("team>") == 1, text  # the commands never went to the team
    assert "/forget ID" in text and "Long-term memory is" in text, text
