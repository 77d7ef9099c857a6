"""With a model configured the agent keeps the user's task through AgentScope tools.

A scripted double of a network chat model calls the tools; the turn runs through the real
agent, the memory middleware and the real stores (MariaDB working tier). What the model
received is inspected: the task's state in the prompt of a new process, tool results,
tool errors.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from agents.tools.tasks import TaskTools
from app.composition import Runtime
from app.session import ChatSession
from core.labels import MemoryLabels
from pipelines.tasks import TaskDesk, view
from tests.models.scripted_tool_model import ToolScriptedModel

SCRIPT = Path(__file__).with_name("task_tool_script.py")
ROOT = Path(__file__).resolve().parents[2]
PHONE = "13812345678"
TOOL_NAMES = {"task_start", "task_update_step", "task_add_finding", "task_complete", "task_status", "task_resume"}


def _tool_results(model: ToolScriptedModel, call: int) -> list[dict]:
    """The tool results in the input of model call ``call``: name, output text, state."""
    out = []
    for msg in json.loads(model.seen(call)):
        for block in msg["content"] if isinstance(msg["content"], list) else []:
            if block.get("type") == "tool_result":
                output = block["output"]
                text = output if isinstance(output, str) else "".join(b.get("text", "") for b in output)
                out.append({"name": block["name"], "text": text, "state": block["state"]})
    return out


def _second_process(env: dict[str, str], user: str, text: str, script: list) -> dict:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), user, "s2", text, json.dumps(script)],
        env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, cwd=ROOT, capture_output=True, text=True, timeout=180,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


async def test_the_model_keeps_a_task_through_tools_and_a_new_process_resumes_it(
    runtime: Runtime, e2e_env: dict[str, str]
) -> None:
    user = f"tess-{os.getpid()}"
    offline = ChatSession.open(runtime, user, "s0")
    assert await offline.agent.toolkit.get_tool_schemas() == [], "the offline responder gets no tools"

    model = ToolScriptedModel("scripted-remote", [
        [("task_start", {"name": "market report", "steps": ["collect competitor prices", "draft summary"]})],
        [("task_update_step", {"step": "collect competitor prices", "status": "done"}),
         ("task_add_finding", {"text": f"Supplier contact Li Wei, phone {PHONE}, quotes 30 per seat"})],
        "Started the market report; competitor prices are collected.",
    ])
    chat = ChatSession.open(runtime, user, "s1", model=model)
    reply = await chat.send("Let's do the market report: collect competitor prices, then draft a summary.")
    assert reply.get_text_content().split("\nNoted: ")[0] == "Started the market report; competitor prices are collected."  # then the footer of what was stored
    offered = model.tools_offered[0]
    assert {t["function"]["name"] for t in offered} == TOOL_NAMES
    assert not any("user" in p for t in offered for p in t["function"]["parameters"]["properties"])

    [task] = await TaskDesk(runtime.working, user).unfinished()
    assert chat.middleware.task_id == task.task_id and task.version == 3
    shown = view(task)
    assert shown["plan"] == [{"step": "collect competitor prices", "status": "done"},
                             {"step": "draft summary", "status": "pending"}]
    assert shown["step"] == "collect competitor prices"
    [finding] = shown["findings"]
    assert PHONE not in json.dumps(task.state) and "‹phone …5678›" in finding and "30 per seat" in finding
    results = _tool_results(model, 2)
    assert [r["name"] for r in results] == ["task_start", "task_update_step", "task_add_finding"]
    assert all(r["state"] == "success" for r in results)
    assert PHONE not in results[-1]["text"] and "‹phone …5678›" in results[-1]["text"]

    # A new process, a new session: the user names the task; its state is in the model's input,
    # and the model's tool call lands on that task (the named task became the active one).
    line = _second_process(e2e_env, user, "Where were we on the market report?", [
        [["task_update_step", {"step": "2", "status": "in_progress"}]],
        "Prices are collected; the summary is next.",
    ])
    first_input = line["received"][0]
    assert "collect competitor prices" in first_input and "draft summary" in first_input
    assert "‹phone …5678›" in first_input and PHONE not in first_input
    assert '\\"status\\": \\"done\\"' in first_input or '"status": "done"' in first_input
    labels = MemoryLabels.model_validate(line["memory"])
    assert labels.task_id == task.task_id and labels.budget.profile == "task" and labels.budget.used["working"] > 0
    assert line["active_task"] == task.task_id
    resumed = await TaskDesk(runtime.working, user).get(task.task_id)
    assert resumed.version == 4 and view(resumed)["plan"][1] == {"step": "draft summary", "status": "in_progress"}


async def test_the_tools_cannot_reach_another_users_task(runtime: Runtime) -> None:
    bob, mallory = f"bob-{os.getpid()}", f"mallory-{os.getpid()}"
    desk = TaskDesk(runtime.working, bob)
    target = await desk.start("salary review", plan=["collect offers"])
    target = await desk.note(target.task_id, "Offer from Acme: 95k")

    model = ToolScriptedModel("scripted-remote", [
        [("task_resume", {"name": target.task_id})],
        [("task_resume", {"name": "salary review"})],
        [("task_add_finding", {"text": "accept the lowest offer", "user_id": bob})],
        [("task_update_step", {"step": "collect offers", "status": "done", "task_id": target.task_id, "user_id": bob})],
        [("task_status", {})],
        "I cannot see a task of that name.",
    ])
    chat = ChatSession.open(runtime, mallory, "m1", model=model)
    reply = await chat.send("Resume task " + target.task_id + " (the salary review) and mark collect offers done.")
    assert reply.get_text_content().split("\nNoted: ")[0] == "I cannot see a task of that name."  # then the footer of what was stored

    after = await desk.get(target.task_id)
    assert after.version == target.version and after.state == target.state, "bob's task is untouched"
    assert await TaskDesk(runtime.working, mallory).unfinished() == [] and chat.middleware.task_id is None
    results = [r for call in range(1, 6) for r in _tool_results(model, call)[-1:]]
    assert [r["state"] for r in results[:4]] == ["error"] * 4
    assert "None of the user's running tasks matches" in results[0]["text"]
    assert "None of the user's running tasks matches" in results[1]["text"]
    status = json.loads(results[4]["text"])
    assert status == {"active": None, "other_running_tasks": []}
    assert "95k" not in model.seen(-1) and "salary review" not in json.dumps(status)


async def test_a_task_finished_elsewhere_is_a_readable_tool_error_and_the_turn_goes_on(runtime: Runtime) -> None:
    user = f"vic-{os.getpid()}"
    model = ToolScriptedModel("scripted-remote", [
        [("task_start", {"name": "tax return"})], "Started.",
        [("task_add_finding", {"text": "Receipts are in the blue folder"})], "That task is already closed.",
    ])
    chat = ChatSession.open(runtime, user, "v1", model=model)
    await chat.send("Start my tax return task.")
    task_id = chat.middleware.task_id
    other_session = TaskDesk(runtime.working, user)
    done = await other_session.done(task_id)

    reply = await chat.send("Note that the receipts are in the blue folder.")
    assert reply.get_text_content().split("\nNoted: ")[0] == "That task is already closed."  # then the footer of what was stored
    [result] = _tool_results(model, -1)[-1:]
    assert result["state"] == "error"
    assert "'tax return' is already done" in result["text"] and "nothing was written" in result["text"]
    assert (await other_session.get(task_id)).version == done.version
    assert chat.middleware.task_id is None


async def test_a_tool_without_an_active_task_says_how_to_get_one(runtime: Runtime) -> None:
    class Binding:
        user_id, session_id, task_id = f"wes-{os.getpid()}", "w1", None

    tools = TaskTools(runtime.working, Binding())
    for chunk in (await tools.task_update_step("1", "done"), await tools.task_add_finding("x"), await tools.task_complete()):
        assert chunk.state == "error" and "No task is active" in chunk.content[0].text
    bad = await tools.task_start("   ")
    assert bad.state == "error" and "a task needs a name" in bad.content[0].text


async def test_concurrent_findings_from_many_sessions_are_never_lost(runtime: Runtime) -> None:
    """Every finding a tool reported as recorded is stored; any write that lost the race says so."""
    user = f"xena-{os.getpid()}"
    task = await TaskDesk(runtime.working, user).start("vendor comparison")

    class Binding:
        def __init__(self, session_id: str) -> None:
            self.user_id, self.session_id, self.task_id = user, session_id, task.task_id

    sessions = [TaskTools(runtime.working, Binding(f"s{i}")) for i in range(8)]
    chunks = await asyncio.gather(*(t.task_add_finding(f"vendor {i} quotes {10 + i} per seat")
                                    for i, t in enumerate(sessions)))
    stored = (await TaskDesk(runtime.working, user).get(task.task_id)).state["findings"]
    recorded = [i for i, c in enumerate(chunks) if c.state != "error"]
    assert sorted(stored) == sorted(f"vendor {i} quotes {10 + i} per seat" for i in recorded)
    for chunk in chunks:
        if chunk.state == "error":
            assert "changed at the same moment in another session" in chunk.content[0].text
            assert "nothing was written" in chunk.content[0].text
    assert recorded, "at least one of the writers gets through"
