"""Who holds the embedded Redis of a folder: handles per instance, dead holders pruned, last one out stops it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from memory.shortterm.embedded import HANDLES_FILE, EmbeddedRedis
from memory.shortterm.redis_store import RedisShortTermStore
from tests.lifecycle.procs import redis_pid, running


async def test_the_server_stays_up_until_the_last_holder_lets_go(tmp_path: Path) -> None:
    folder = tmp_path / "redis"
    first, second = EmbeddedRedis(folder), EmbeddedRedis(folder)
    assert await first.start() == await second.start()  # the second joins the running server
    pid = first.pid
    assert pid == second.pid and running(pid)
    await first.stop()
    assert running(pid)
    store = await RedisShortTermStore.connect(second.url)
    try:
        await store.open_session("ann", "s1")
    finally:
        await store.close()
    await second.stop()
    assert not running(pid) and json.loads((folder / HANDLES_FILE).read_text()) == []


async def test_a_holder_that_died_without_letting_go_does_not_keep_the_server_up(tmp_path: Path) -> None:
    folder = tmp_path / "redis"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    server = EmbeddedRedis(folder)
    await server.start()
    handles = folder / HANDLES_FILE
    handles.write_text(json.dumps([*json.loads(handles.read_text()), int(dead.stdout)]))  # as after a kill -9
    pid = redis_pid(folder.parent)
    await server.stop()
    assert not running(pid) and json.loads(handles.read_text()) == []
