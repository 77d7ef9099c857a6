"""Forget by saying so, across processes and languages (issue 25).

A fact stated in one session (English), retracted in a later one in Chinese, each in a new
process: it is no longer recalled, ``/memories all`` lists it as archived with its reason,
and ``export`` shows it in the archive; the other fact stays.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _turns(env: dict[str, str], user: str, session: str, *texts: str) -> list[dict]:
    proc = subprocess.run([sys.executable, str(ROOT / "tests/e2e/session_script.py"), user, session, *texts],
                          env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _cli(env: dict[str, str], *args: str, stdin: str = "") -> str:
    proc = subprocess.run([sys.executable, "-m", "app", *args], input=stdin, env=env, capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_a_fact_retracted_in_the_other_language_is_forgotten_archived_and_exported(e2e_env: dict[str, str]) -> None:
    env = {**os.environ, **e2e_env, "PYTHONPATH": str(ROOT), "LONGTERM_CONSENT": "on", "CHAT_PROVIDER": "offline"}
    stated = _turns(env, "rita", "s1", "My dog is called Biscuit.", "I work at a bakery in Leeds.")
    assert all(t["memory"]["extract"]["items"] for t in stated)

    retracted = _turns(env, "rita", "s2", "关于我狗的事忘掉吧")[0]
    assert "已忘记" in retracted["reply"] and "Biscuit" in retracted["reply"]
    assert retracted["memory"]["extract"]["items"] == []  # the request itself is never a memory

    asked = _turns(env, "rita", "s3", "What is my dog called?")[0]
    assert "Biscuit" not in asked["reply"]
    assert "bakery" in _turns(env, "rita", "s4", "Where do I work?")[0]["reply"]

    listed = _cli(env, "chat", "--user", "rita", stdin="/memories all\n/quit\n")
    line = next(ln for ln in listed.splitlines() if "Biscuit" in ln)
    assert "archived" in line and "retracted by the user" in line

    exported = json.loads(_cli(env, "export", "--user", "rita"))["longterm"]
    assert [m for m in exported["memories"] if "Biscuit" in m["content"]] == []
    gone = [a for a in exported["archive"] if "Biscuit" in a["content"]]
    assert len(gone) == 1 and "关于我狗的事忘掉吧" in gone[0]["reason"]
    assert any("bakery" in m["content"] and m["status"] == "active" for m in exported["memories"])
