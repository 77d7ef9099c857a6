"""The shipped trip-planner team: four declared agents exchange Msgs over one memory turn.

What a user (and an auditor) would check: the labels of the turn ride on every message
between agents; each agent's model sees only what its memory rules allow (inspected on
the deterministic model doubles); a read outside a whitelist is denied, counted in the
metrics and logged with the trace id; the team's knowledge is shared across users while
each user's own memories stay theirs.
"""
from __future__ import annotations

import json
import uuid
from pathlib import Path

from loguru import logger
from prometheus_client import REGISTRY

from agents.declarative.loader import load_agents_file
from app.composition import team_model_for
from agents.team.turn import team_turn
from app.audit import audit_file
from app.composition import Runtime, build_services, open_declared_engine
from app.deployment import turn_policy
from app.session import ChatSession

ROOT = Path(__file__).resolve().parents[2]
TEAM = ROOT / "configs/examples/trip_planner/AGENTS.md"
REQUEST = "Plan a trip to Kyoto in May for 5 days, budget is $2000. My email is kei.tanaka@example.com, I prefer quiet temples."


def _denials() -> float:
    """Denials of every agent and memory (the counter is labelled by both)."""
    return sum(s.value for f in REGISTRY.collect() if f.name == "memory_agent_permission_denials"
               for s in f.samples if s.name == "memory_agent_permission_denials_total")


def _model_inputs(engine, name: str) -> str:  # noqa: ANN001
    return " ".join(m.get_text_content() or "" for call in engine.agents[name].model.received for m in call)


async def _team(runtime: Runtime, path: Path):  # noqa: ANN202
    svc = build_services(runtime, None, turn_policy())
    engine, closers = await open_declared_engine(load_agents_file(path), runtime.working, runtime.settings,
                                        model_for=team_model_for(runtime.settings.model))
    return svc, engine, closers


async def test_four_agents_carry_the_turn_labels_and_see_only_what_their_rules_allow(runtime: Runtime) -> None:
    user = f"kei-{uuid.uuid4().hex[:6]}"
    await ChatSession.open(runtime, user, "s0").send("I am vegetarian and I love museums.")
    svc, engine, closers = await _team(runtime, TEAM)
    try:
        reply = await team_turn(svc, engine, user, "s1", REQUEST, uuid.uuid4().hex)
    finally:
        for close in closers:
            await close()
    run = reply.run
    assert run.invoked == ["concierge", "curator", "planner", "critic"], run.to_json()
    assert reply.ctx.labels.pii.kinds, "the request's e-mail is masked at receive"
    for hop, name in enumerate(run.invoked, start=1):
        carried = run.carried[name]
        assert carried["trace_id"] == reply.ctx.trace_id and carried["user_id"] == user
        assert carried["hops"] == run.invoked[:hop]
    planner_saw = _model_inputs(engine, "planner")
    assert "Kyoto" in planner_saw and "vegetarian" in planner_saw and "ICOCA" in planner_saw
    critic_saw = _model_inputs(engine, "critic")
    assert "$2000" in critic_saw and "in May" in critic_saw
    for seen in (planner_saw, critic_saw, reply.text):
        assert "kei.tanaka" not in seen and "traveller_contact" not in seen
    assert "Planner's plan:" in reply.text and "Critic's remarks:" in reply.text
    history = await runtime.shortterm.recent_turns(user, "s1")
    assert [t.role for t in history] == ["user", "assistant"] and "kei.tanaka" not in history[0].content


async def test_a_read_outside_the_whitelist_is_denied_counted_logged_and_absent(runtime: Runtime, tmp_path: Path) -> None:
    hostile = tmp_path / "AGENTS.md"
    text = TEAM.read_text(encoding="utf-8").replace(
        "input_schema: {plan: str, trip_brief.budget: str, trip_brief.dates: str}",
        "input_schema: {plan: str, trip_brief.budget: str, trip_brief.traveller_contact: str}",
    )
    hostile.write_text(text.replace("deployment: trip_planner", "deployment: trip_planner_probe"), encoding="utf-8")
    lines: list[dict] = []
    sink = logger.add(lambda m: lines.append(json.loads(m)["record"]), serialize=True, level="WARNING")
    before = _denials()
    svc, engine, closers = await _team(runtime, hostile)
    try:
        reply = await team_turn(svc, engine, f"lee-{uuid.uuid4().hex[:6]}", "s1", REQUEST, uuid.uuid4().hex)
    finally:
        logger.remove(sink)
        for close in closers:
            await close()
    assert _denials() == before + 1
    critic = reply.run.labels["critic"]
    assert critic["denials"] and "traveller_contact" in critic["denials"][0]
    assert "traveller_contact" not in _model_inputs(engine, "critic") and "[email" not in _model_inputs(engine, "critic")
    denied = [r for r in lines if r["message"] == "memory access denied"]
    assert denied and denied[0]["extra"]["trace_id"] == reply.ctx.trace_id


async def test_team_knowledge_is_shared_across_users_and_user_memories_are_not(runtime: Runtime) -> None:
    first, second = f"ana-{uuid.uuid4().hex[:6]}", f"ben-{uuid.uuid4().hex[:6]}"
    await ChatSession.open(runtime, first, "s0").send("I am vegetarian.")
    svc, engine, closers = await _team(runtime, TEAM)
    try:
        one = await team_turn(svc, engine, first, "s1", "Plan a trip to Lisbon in June.", uuid.uuid4().hex)
        two = await team_turn(svc, engine, second, "s1", "Plan a trip to Lisbon in July.", uuid.uuid4().hex)
    finally:
        for close in closers:
            await close()
    assert one.run.outputs["curator"]["times_planned"] + 1 == two.run.outputs["curator"]["times_planned"]
    assert "vegetarian" in json.dumps(one.run.outputs["concierge"]) and "vegetarian" not in json.dumps(two.run.outputs)


def test_audit_scores_the_shipped_team_file_without_failing_findings() -> None:
    from datetime import datetime, timezone

    loaded = load_agents_file(TEAM)
    now = datetime.now(timezone.utc)
    score, findings = audit_file(loaded, {a.name: now for a in loaded.config.agents}, now)
    assert score >= 90, findings
    assert not [f for f in findings if f.severity in ("high", "critical")], findings
    probe = load_agents_file(TEAM)
    critic = probe.config.agent("critic")
    critic.input_schema["trip_brief.traveller_contact"] = "str"
    _, widened = audit_file(probe, {a.name: now for a in probe.config.agents}, now)
    assert any(f.severity == "high" and "traveller_contact" in f.problem for f in widened), widened


async def _one_team_turn(runtime: Runtime, path: Path, user: str, session: str, wrap=None):  # noqa: ANN001, ANN202
    """One team turn over a freshly opened team (``wrap(svc)`` first); the reply and the engine."""
    svc, engine, closers = await _team(runtime, path)
    if wrap is not None:
        wrap(svc)
    try:
        return await team_turn(svc, engine, user, session, REQUEST, uuid.uuid4().hex), engine
    finally:
        for close in closers:
            await close()


async def test_the_team_recalls_once_per_turn_and_only_a_declared_reader_sees_it(runtime: Runtime, tmp_path: Path) -> None:
    user = f"mia-{uuid.uuid4().hex[:6]}"
    await ChatSession.open(runtime, user, "s0").send("I am vegetarian and I love museums.")
    searches: list[str] = []

    def count(svc) -> None:  # noqa: ANN001
        recall = svc.recaller.recall

        async def counted(user_id: str, query: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            searches.append(user_id)
            return await recall(user_id, query, *args, **kwargs)

        svc.recaller.recall = counted

    reply, _ = await _one_team_turn(runtime, TEAM, user, "s1", count)
    assert searches == [user], "the turn recalls; the team reads what it found"
    assert any("vegetarian" in n for n in reply.run.outputs["concierge"]["user_notes"])

    blind = tmp_path / "AGENTS.md"  # the concierge without `long_term` in its read list
    text = TEAM.read_text(encoding="utf-8").replace("        - {memory: long_term, fields: [content]}\n", "")
    blind.write_text(text.replace("memory_access:\n      read:\n      write:", "memory_access:\n      write:")
                     .replace("deployment: trip_planner", "deployment: trip_planner_blind"), encoding="utf-8")
    before = _denials()
    reply, engine = await _one_team_turn(runtime, blind, user, "s2")
    concierge = reply.run.labels["concierge"]
    assert _denials() == before + 1 and "long_term" in concierge["denials"][0]
    assert "vegetarian" not in _model_inputs(engine, "planner")
