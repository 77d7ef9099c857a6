"""Sessions that end: a chat started without ``--session`` ends its session at ``/quit`` and at the
end of piped input, so one person opening the chat many times is never locked out by the quota;
Ctrl-C during a slow turn cancels it (nothing of it stored, one line says so) and a second
Ctrl-C exits.

The 60 starts run ``run_chat`` in this process (a new runtime, banner, session and first turn
each time) with scripted input; the Ctrl-C test runs ``python -m app chat`` in a subprocess
behind a loopback OpenAI-compatible model stub that holds its answer, and sends it SIGINT.
"""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.chat import run_chat
from app.chat_input import CleanInput
from app.composition import open_runtime
from app.settings import load_settings
from tests.models.openai_stub import OpenAIStub, Step

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("MEMORY_AGENT_HOME", "REDIS_URL", "REDIS_PREFIX", "MYSQL_URL", "PG_DSN")


class Script:
    """Scripted lines, then the end of input (``None``) — or not, when the script ends in ``/quit``."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    async def read(self) -> CleanInput | None:
        return CleanInput(self.lines.pop(0)) if self.lines else None


async def test_sixty_chat_starts_and_quits_leave_no_live_session_and_the_quota_never_refuses(
    chat_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    settings = load_settings(**{k.lower(): chat_env[k] for k in NAMES}, session_quota=3, chat_provider="offline")
    for n in range(60):
        ending = ["/quit"] if n % 2 == 0 else []  # every other chat ends with its piped input
        monkeypatch.setattr("app.chat.open_line_source", lambda ending=ending: Script(["hello, how are you?", *ending]))
        assert await run_chat(settings, "solo", None, debug=False, user_chosen=False) == 0
    out = capsys.readouterr().out
    assert out.count("agent> ") == 60 and "open sessions" not in out  # never refused by SESSION_QUOTA=3
    assert "user solo (your login name; choose another with --user NAME)" in out
    assert "ends when you quit; --session NAME keeps a session to resume" in out
    async with await open_runtime(settings) as rt:
        assert await rt.shortterm.list_sessions("solo") == []

    monkeypatch.setattr("app.chat.open_line_source", lambda: Script(["I keep this one.", "/quit"]))
    assert await run_chat(settings, "solo", "kept", debug=False) == 0
    async with await open_runtime(settings) as rt:
        assert await rt.shortterm.list_sessions("solo") == ["kept"]  # a named session stays to be resumed


def _wait_for(proc: subprocess.Popen, out_path: Path, text: str, timeout_s: float = 240) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        seen = out_path.read_text(errors="replace")
        if text in seen:
            return seen
        assert proc.poll() is None, f"chat exited {proc.returncode}:\n{seen}"
        time.sleep(0.1)
    raise AssertionError(f"{text!r} not printed within {timeout_s} s:\n{out_path.read_text(errors='replace')}")


def test_ctrl_c_cancels_a_slow_turn_storing_nothing_and_a_second_ctrl_c_exits(
    chat_env: dict[str, str], tmp_path: Path,
) -> None:
    with OpenAIStub([Step(["too late"], hold_s=120)]) as stub:
        env = {**chat_env, "CHAT_PROVIDER": "openai", "OPENAI_BASE_URL": stub.url, "CHAT_MODEL": "stub",
               "MODEL_TIMEOUT_S": "300", "PYTHONUNBUFFERED": "1"}
        out_path = tmp_path / "chat.out"
        read_end, write_end = os.pipe()
        with out_path.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "app", "chat", "--user", "slowpoke", "--session", "slow"],
                                    cwd=ROOT, env=env, stdin=read_end, stdout=out, stderr=subprocess.STDOUT)
        os.close(read_end)
        try:
            _wait_for(proc, out_path, "memory-agent chat")
            os.write(write_end, "I live in Porto and my cat is called Miso.\n".encode())
            deadline = time.monotonic() + 240
            while not [r for r in stub.requests if any(m.get("role") == "system" for m in r.get("messages", []))]:
                assert time.monotonic() < deadline and proc.poll() is None, out_path.read_text()
                time.sleep(0.1)
            proc.send_signal(signal.SIGINT)
            seen = _wait_for(proc, out_path, "Cancelled:", timeout_s=60)
            assert "nothing of it was stored" in seen and "agent> " not in seen and "Traceback" not in seen
            assert proc.poll() is None  # the chat goes on after the first Ctrl-C
            os.write(write_end, b"/sessions\n")
            _wait_for(proc, out_path, "live session(s)", timeout_s=60)
            proc.send_signal(signal.SIGINT)
            assert proc.wait(timeout=60) in (0, 130)
        finally:
            os.close(write_end)
            if proc.poll() is None:
                proc.kill()
    assert "Traceback" not in out_path.read_text(errors="replace")

    async def stored() -> tuple[list, list]:
        rt = await open_runtime(load_settings(**{k.lower(): chat_env[k] for k in NAMES}))
        try:
            return (await rt.shortterm.recent_turns("slowpoke", "slow"),
                    await rt.longterm.list("slowpoke", limit=50))
        finally:
            await rt.aclose()

    turns, memories = asyncio.run(stored())
    assert turns == [] and memories == []  # the cancelled turn left nothing behind
