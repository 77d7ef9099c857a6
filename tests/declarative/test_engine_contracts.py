"""The engine enforces the declared contracts: whitelists, task lifetime, fallbacks, labels."""
from __future__ import annotations

import json
import uuid
from typing import Any

from core import telemetry
from agents.declarative.tool_context import ToolContext
from agents.declarative.scopes import ScopeRef
from memory.types import TaskStatus
from tests.declarative.conftest import SLEEPS, agents_md, build_engine

SECRET = "Ana Lopez, ID 4411-2290"


async def test_a_field_outside_the_whitelist_never_reaches_the_agent(toolset, working) -> None:  # noqa: ANN001
    seen: dict[str, Any] = {}

    async def collect(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("patient", {"name": SECRET, "glucose": 5.4, "ward": "B"})
        return {"value": inputs["value"], "note": SECRET}

    async def analyse(inputs: dict, ctx: ToolContext) -> dict:
        seen["inputs"], seen["recalled"] = inputs, ctx.recalled
        seen["read_all"] = await ctx.memory.read("patient")
        return {"verdict": "ok" if ctx.recalled["patient"]["glucose"] < 7 else "high"}

    toolset("collect", collect)
    toolset("analyse", analyse)
    engine = build_engine(agents_md(toolset.name, (
        "  - name: intake\n    role: take the sample\n    input_schema: {value: float, name: str}\n"
        "    output_schema: {value: float, note: str}\n    tools: [collect]\n"
        "    memory_access: {write: [patient]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: analyst\n    role: judge the value\n    input_schema: {value: float}\n"
        "    output_schema: {verdict: str}\n    tools: [analyse]\n    dependencies: [intake]\n"
        "    memory_access:\n      read: [{memory: patient, fields: [glucose, ward]}]\n"
        "    fallback: {strategy: skip_and_warn}\n"
    )), working)

    result = await engine.run({"value": 5.4, "name": SECRET}, "u1", "s1")

    assert result.outputs["analyst"] == {"verdict": "ok"}
    assert seen["recalled"] == {"patient": {"glucose": 5.4, "ward": "B"}}
    assert seen["inputs"] == {"value": 5.4}  # `note` is not in its input_schema
    assert seen["read_all"] == {"glucose": 5.4, "ward": "B"}
    everything = json.dumps([seen, result.labels["analyst"]], default=str)
    assert "Ana Lopez" not in everything and "4411" not in everything


async def test_asking_for_a_field_outside_the_whitelist_is_denied_counted_and_logged(toolset, working) -> None:  # noqa: ANN001
    async def write(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("patient", {"name": SECRET, "glucose": 5.4})
        return {}

    async def snoop(inputs: dict, ctx: ToolContext) -> dict:
        return await ctx.memory.read("patient", fields=["name"]) or {}

    toolset("write", write)
    toolset("snoop", snoop)
    engine = build_engine(agents_md(toolset.name, (
        "  - name: intake\n    role: r\n    tools: [write]\n    memory_access: {write: [patient]}\n"
        "    fallback: {strategy: skip_and_warn}\n"
        "  - name: snooper\n    role: r\n    tools: [snoop]\n    dependencies: [intake]\n"
        "    memory_access: {read: [{memory: patient, fields: [glucose]}]}\n"
        "    fallback: {strategy: skip_and_warn}\n"
    )), working)
    denied = telemetry.PERMISSION_DENIALS.labels(agent="snooper", memory="patient")
    before = denied._value.get()

    result = await engine.run({}, "u2", "s2", trace_id="trace-denied-1")

    assert denied._value.get() == before + 1  # counted under the agent and the memory it asked for
    label = result.labels["snooper"]
    assert label["status"] == "failed" and label["trace_id"] == "trace-denied-1"
    assert "fields ['name'] are outside its whitelist ['glucose']" in label["denials"][0]
    assert SECRET not in json.dumps(result.to_json())


async def test_task_scoped_ephemeral_memory_is_gone_after_the_task_ends(toolset, working) -> None:  # noqa: ANN001
    async def scribble(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("scratch", {"draft": "temporary working note"})
        return {}

    async def book(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("ledger", {"total": 3})
        return {}

    async def peek(inputs: dict, ctx: ToolContext) -> dict:
        return {"saw": sorted(ctx.recalled)}

    toolset("scribble", scribble)
    toolset("book", book)
    toolset("peek", peek)
    engine = build_engine(agents_md(toolset.name, (
        "  - name: scribe\n    role: r\n    tools: [scribble]\n    memory_scope: task\n    persistence: ephemeral\n"
        "    memory_access: {write: [scratch]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: keeper\n    role: r\n    tools: [book]\n    memory_scope: task\n    persistence: persistent\n"
        "    memory_access: {write: [ledger]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: reader\n    role: r\n    tools: [peek]\n    dependencies: [scribe, keeper]\n"
        "    output_schema: {saw: list}\n    memory_access: {read: [scratch, ledger]}\n"
        "    fallback: {strategy: skip_and_warn}\n"
    )), working)
    task_id = f"task-{uuid.uuid4().hex[:8]}"
    ref = ScopeRef("u3", "s3", task_id)

    result = await engine.run({}, "u3", "s3", task_id=task_id)

    assert result.outputs["reader"] == {"saw": ["ledger", "scratch"]}  # both visible while the task ran
    row = await working.get_task("u3", task_id)
    assert row.status is TaskStatus.DONE
    assert set(row.state["memory"]) == {"ledger"} and row.state["destroyed"] == ["scratch"]
    assert "temporary working note" not in json.dumps(row.state)  # destroyed, not hidden
    assert row.state["memory"]["ledger"]["data"] == {"total": 3}  # archived with the task
    assert await engine.stores.task.read(ref, "scratch") is None
    assert await engine.stores.task.read(ref, "ledger") is None  # an ended task is never read again


async def test_ephemeral_only_memory_is_destroyed_with_the_task(toolset, working) -> None:  # noqa: ANN001
    async def note(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("scratch", {"draft": "temporary working note"})
        return {}

    toolset("note", note)
    engine = build_engine(agents_md(toolset.name, (
        "  - name: scribe\n    role: r\n    tools: [note]\n    memory_scope: task\n    persistence: ephemeral\n"
        "    memory_access: {write: [scratch]}\n    fallback: {strategy: skip_and_warn}\n"
    )), working)
    task_id = f"task-{uuid.uuid4().hex[:8]}"

    await engine.run({}, "u4", "s4", task_id=task_id)

    row = await working.get_task("u4", task_id)
    assert row.status is TaskStatus.DONE
    assert row.state["memory"] == {} and row.state["destroyed"] == ["scratch"]
    assert "temporary working note" not in json.dumps(row.state)


async def test_a_failing_tool_is_retried_then_backed_up_then_skipped_and_the_run_completes(toolset, working) -> None:  # noqa: ANN001
    calls: list[str] = []

    def flaky(inputs: dict, ctx: ToolContext) -> dict:
        calls.append("flaky")
        raise ConnectionError("instrument offline")

    def backup_down(inputs: dict, ctx: ToolContext) -> dict:
        calls.append("backup_down")
        raise TimeoutError("backup offline too")

    def backup_ok(inputs: dict, ctx: ToolContext) -> dict:
        calls.append("backup_ok")
        return {"value": 1.0}

    def finish(inputs: dict, ctx: ToolContext) -> dict:
        calls.append("finish")
        return {"done": True, "upstream": ctx.upstream_warnings}

    for name, fn in [("flaky", flaky), ("backup_down", backup_down), ("backup_ok", backup_ok), ("finish", finish)]:
        toolset(name, fn)
    SLEEPS.clear()
    engine = build_engine(agents_md(toolset.name, (
        "  - name: measure\n    role: r\n    tools: [flaky]\n    output_schema: {value: float}\n"
        "    fallback: {strategy: retry, max_retries: 2, backoff_s: 0.25, backup_tool: backup_ok}\n"
        "  - name: remeasure\n    role: r\n    tools: [flaky]\n"
        "    fallback: {strategy: retry, max_retries: 1, backoff_s: 0.5, backup_tool: backup_down}\n"
        "  - name: summary\n    role: r\n    tools: [finish]\n    dependencies: [measure, remeasure]\n"
        "    output_schema: {done: bool, upstream: list}\n    fallback: {strategy: skip_and_warn}\n"
    )), working)

    result = await engine.run({}, "u5", "s5")

    assert calls == ["flaky"] * 3 + ["backup_ok"] + ["flaky"] * 2 + ["backup_down", "finish"]
    assert SLEEPS == [0.25, 0.5, 0.5]  # exponential backoff per agent
    assert result.outputs["measure"] == {"value": 1.0}
    assert result.labels["measure"]["steps"][0] == {
        "tool": "flaky", "used": "backup", "attempts": 4,
        "errors": ["flaky: ConnectionError: instrument offline"] * 3,
    }
    assert result.labels["remeasure"]["steps"][0]["used"] == "skipped"
    assert any("used backup tool 'backup_ok'" in w for w in result.warnings)
    assert any("skipped tool 'flaky'" in w and "backup offline too" in w for w in result.warnings)
    assert result.outputs["summary"]["done"] is True and len(result.outputs["summary"]["upstream"]) == 2
    assert result.failed == [] and result.invoked == ["measure", "remeasure", "summary"]


async def test_outputs_reach_dependents_as_msgs_carrying_labels(toolset, working) -> None:  # noqa: ANN001
    def one(inputs: dict, ctx: ToolContext) -> dict:
        return {"n": inputs["n"] + 1}

    toolset("one", one)
    engine = build_engine(agents_md(toolset.name, (
        "  - name: a\n    role: add one\n    input_schema: {n: int}\n    output_schema: {n: int}\n    tools: [one]\n"
        "    fallback: {strategy: skip_and_warn}\n"
        "  - name: b\n    role: add one\n    input_schema: {n: int}\n    output_schema: {n: int}\n    tools: [one]\n"
        "    dependencies: [a]\n    fallback: {strategy: skip_and_warn}\n"
    )), working)

    result = await engine.run({"n": 1}, "u6", "s6", trace_id="t-msg")

    assert result.outputs == {"a": {"n": 2}, "b": {"n": 3}}
    label = result.labels["b"]
    assert label["trace_id"] == "t-msg" and label["agent"] == "b" and label["user_id"] == "u6"
    assert engine.agents["b"]._system_prompt == "add one"  # the role is the system prompt
