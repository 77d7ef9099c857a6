"""Tasks are first-class: started in one process, resumed by name in a new one, state in the prompt."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from app.composition import Runtime
from app.session import ChatSession
from core.labels import MemoryLabels
from pipelines.tasks import TaskDesk

SCRIPT = Path(__file__).with_name("session_script.py")
ROOT = Path(__file__).resolve().parents[2]


async def test_a_task_resumes_by_name_in_a_new_process_with_its_state_in_the_prompt(
    runtime: Runtime, e2e_env: dict[str, str]
) -> None:
    user = f"tara-{os.getpid()}"
    desk = TaskDesk(runtime.working, user)
    task = await desk.start("market report", session_id="s1")
    await desk.step(task.task_id, "collect competitor prices")
    await desk.note(task.task_id, "Competitor A charges 30 per seat; call me at 13812345678")
    stored = await desk.get(task.task_id)
    assert "13812345678" not in json.dumps(stored.state), "findings are PII-masked before storage"
    assert stored.version == 3

    out = subprocess.run(
        [sys.executable, str(SCRIPT), user, "s2", "Where were we on the market report?"],
        env={**os.environ, **e2e_env, "PYTHONPATH": str(ROOT)}, cwd=ROOT, capture_output=True, text=True, timeout=180,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    line = json.loads(out.stdout.strip().splitlines()[-1])
    labels = MemoryLabels.model_validate(line["memory"])
    assert labels.task_id == task.task_id and labels.working["step"] == "collect competitor prices"
    assert labels.budget.profile == "task" and labels.budget.used["working"] > 0
    assert "collect competitor prices" in line["reply"] and "Competitor A" in line["reply"]


async def test_the_task_state_is_inside_the_model_input_and_leaves_when_done(runtime: Runtime) -> None:
    user = f"uma-{os.getpid()}"
    desk = TaskDesk(runtime.working, user)
    task = await desk.start("trip to Kyoto", session_id="s1")
    await desk.note(task.task_id, "Hotel near Gion booked for May 3")
    chat = ChatSession.open(runtime, user, "s1")
    chat.middleware.task_id = task.task_id
    await chat.send("What is left for the trip?")
    assert "Hotel near Gion" in chat.middleware.last_turn.build.system_text
    await desk.done(task.task_id)
    chat.middleware.task_id = None
    reply = await chat.send("What is left for the trip to Kyoto?")
    labels = MemoryLabels.model_validate(reply.metadata["memory"])
    assert labels.working is None and "Hotel near Gion" not in chat.middleware.last_turn.build.system_text


async def test_the_offline_reply_carries_the_task_line_only_when_asked_about_the_task(runtime: Runtime) -> None:
    user = f"vic-{os.getpid()}"
    desk = TaskDesk(runtime.working, user)
    task = await desk.start("market report", session_id="s1")
    await desk.step(task.task_id, "collect competitor prices")
    chat = ChatSession.open(runtime, user, "s1")
    chat.middleware.task_id = task.task_id
    unrelated = (await chat.send("Where do I live?")).get_text_content()
    assert "market report" not in unrelated and "collect competitor prices" not in unrelated
    for about in ("Where are we on the market report?", "What is the next step?", "任务进度怎么样了？"):
        reply = (await chat.send(about)).get_text_content()
        assert "collect competitor prices" in reply, (about, reply)
