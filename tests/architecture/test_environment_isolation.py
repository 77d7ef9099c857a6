"""No test sees the developer's environment: model keys, store URLs, data folder, knobs.

The outer test runs the probe in a fresh pytest whose shell has a developer's settings; the
probe, like every test, must see none of them.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
TEST_HOME_PREFIX = "memory-agent-test-home-"  # tests/conftest.py's temporary MEMORY_AGENT_HOME
PLANTED = {
    "DASHSCOPE_API_KEY": "sk-developer", "OPENAI_API_KEY": "sk-dev", "OPENAI_ORG_ID": "org-dev",
    "MEMORY_AGENT_HOME": "/nonexistent/developer-home", "REDIS_URL": "redis://developer:6379/0",
    "RECALL_TOP_K": "17", "CHAT_PROVIDER": "dashscope",
}


def test_probe_sees_none_of_the_developers_values() -> None:
    leaked = sorted(k for k, v in PLANTED.items() if os.environ.get(k) == v)
    assert not leaked, f"the developer's {leaked} reached a test"
    assert Path(os.environ["MEMORY_AGENT_HOME"]).name.startswith(TEST_HOME_PREFIX)
    assert os.environ["LONGTERM_CONSENT"] == "on"


def test_a_developers_shell_does_not_reach_the_tests(tmp_path: Path) -> None:
    env = {**os.environ, **PLANTED, "LONGTERM_CONSENT": "ask", "CI": "false"}
    probe = f"{Path(__file__).relative_to(ROOT)}::test_probe_sees_none_of_the_developers_values"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", probe],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-2000:]


def test_a_test_can_still_set_a_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALL_TOP_K", "3")
    assert load_settings().recall.top_k == 3
    assert Path(os.environ["MEMORY_AGENT_HOME"]).name.startswith(TEST_HOME_PREFIX)  # no fixture here sets its own
