"""A task survives its process being killed mid-way and is resumed by another process."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from memory.types import TaskStatus

HELPER = Path(__file__).with_name("crash_helper.py")
ROOT = Path(__file__).resolve().parents[2]


async def test_task_resumes_after_the_process_is_killed(backend, store, user) -> None:
    uid = user("batch-user")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.run(
        [sys.executable, str(HELPER), backend.kind, backend.location, backend.prefix, uid],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    task_id, version = child.stdout.split()

    unfinished = await store.list_unfinished(uid)
    assert [t.task_id for t in unfinished] == [task_id]
    crashed = unfinished[0]
    assert (crashed.current_step, crashed.version, crashed.status) == ("step-2", int(version), TaskStatus.RUNNING)
    assert crashed.state == {"done": ["a", "b"]} and crashed.session_id == "s1"

    step3 = await store.advance(uid, task_id, crashed.version, "step-3", {"done": [*crashed.state["done"], "c"]})
    done = await store.finish(uid, task_id, step3.version)
    assert done.status is TaskStatus.DONE and done.state == {"done": ["a", "b", "c"]}
    assert await store.list_unfinished(uid) == []
