"""In the terminal: memory waits for /consent on, and /task keeps a task's state across processes."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _chat(env: dict[str, str], user: str, lines: list[str]) -> str:
    out = subprocess.run([sys.executable, "-m", "app", "chat", "--user", user], cwd=ROOT, env=env,
                         input="\n".join([*lines, "/quit", ""]).encode(), capture_output=True, timeout=240)
    assert out.returncode == 0 and b"Traceback" not in out.stderr, out.stderr[-1500:]
    return out.stdout.decode()


def test_consent_first_then_memory_and_a_task_resumed_in_a_new_process(chat_env: dict[str, str]) -> None:
    env = {**chat_env, "LONGTERM_CONSENT": "ask"}
    first = _chat(env, "vera", ["I live in Hangzhou.", "/consent on", "I live in Hangzhou.",
                                "/task start market report", "/task step collect prices",
                                "/task note Competitor A charges 30 per seat"])
    assert "Long-term memory is off until you agree" in first
    assert first.count("Noted:") == 1 and "Long-term memory is on for vera" in first
    assert "step 'collect prices', 1 finding(s), v3" in first
    second = _chat(env, "vera", ["Where were we on the market report?", "/tasks"])
    assert "Long-term memory is off until you agree" not in second
    assert "collect prices" in second and "Competitor A charges 30 per seat" in second
    third = _chat(env, "vera", ["/consent off", "I live in Berlin."])
    assert "Long-term memory is off for vera" in third and "Noted:" not in third


def test_before_consent_a_question_is_answered_from_the_conversation_itself(chat_env: dict[str, str]) -> None:
    """Off until agreed means "remembered while the conversation lasts" — so it must be, and not after."""
    env = {**chat_env, "LONGTERM_CONSENT": "ask"}
    first = _chat(env, "wren", ["my daughter is five and obsessed with dinosaurs", "how old is my daughter?"])
    assert 'earlier in this conversation you said:\n- "my daughter is five and obsessed with dinosaurs"' in first
    assert "Noted:" not in first
    later = _chat(env, "wren", ["how old is my daughter?"])  # a new conversation: nothing was kept
    assert "I have nothing remembered on that." in later and "dinosaurs" not in later
