"""Run by ``test_working_resume.py`` in a child process: start a task, reach step 2, die.

Usage: ``python crash_helper.py KIND LOCATION PREFIX USER_ID`` where KIND is ``mariadb``
(LOCATION a MySQL URL) or ``sqlite`` (LOCATION a file). The process SIGKILLs itself while
working on step 3, before saving it, as a crash or an OOM kill would: no cleanup runs.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys

from memory.working.sql_store import SqlWorkingStore


async def main(kind: str, location: str, prefix: str, user_id: str) -> None:
    if kind == "mariadb":
        store = SqlWorkingStore.for_mysql(location, table_prefix=prefix)
    else:
        store = SqlWorkingStore.for_sqlite(location, table_prefix=prefix)
    task = await store.start_task(user_id, "batch", {"done": []}, session_id="s1", step="step-1")
    task = await store.advance(user_id, task.task_id, task.version, "step-2", {"done": ["a", "b"]})
    print(f"{task.task_id} {task.version}", flush=True)
    step3 = {"done": [*task.state["done"], "c"]}  # step 3's work, computed but never saved
    os.kill(os.getpid(), signal.SIGKILL)
    await store.advance(user_id, task.task_id, task.version, "step-3", step3)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
