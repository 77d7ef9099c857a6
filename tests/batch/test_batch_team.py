"""``python -m app batch --agents TEAM INPUT``: each record is one user message answered by the team.

The trip planner declares ``batch: {memory_turn: true}``: a record goes through the same
memory turn as ``chat --agents`` and ``serve --agents`` (PII masked before any agent, the
user's memories recalled, the turn stored), with a trace id of its own, and a resumed run
answers only the records that were not committed. Real Redis, MariaDB and PostgreSQL +
pgvector, offline team models; the CLI runs in-process as a user runs it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from tests.e2e.conftest import e2e_env  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
TEAM = ROOT / "configs/examples/trip_planner/AGENTS.md"
REQUESTS = [
    {"text": "Plan a trip to Kyoto in May for 5 days, budget is $2000. Mail me at kei.tanaka@example.com."},
    {"text": "Plan a trip to Lisbon in June, I prefer quiet streets."},
    {"note": "a record with no text"},
]


@pytest.fixture
def cli(e2e_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # noqa: ANN201, F811
    """``cli(*args) -> (exit code, stdout, stderr)`` on a fresh deployment (real stores)."""
    for name, value in e2e_env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CHAT_PROVIDER", "offline")

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def _results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]


def test_each_record_is_answered_by_the_team_with_its_own_trace_and_a_resume_redoes_nothing(cli, tmp_path: Path) -> None:  # noqa: ANN001
    data, out = tmp_path / "requests.jsonl", tmp_path / "out"
    data.write_text("".join(json.dumps(r) + "\n" for r in REQUESTS), encoding="utf-8")

    code, _, stderr = cli("batch", "--agents", str(TEAM), str(data), "--out", str(out), "--user", "kei", "--no-progress")
    assert code == 0, stderr
    kyoto, lisbon, empty = _results(out)
    assert len({kyoto["trace_id"], lisbon["trace_id"], empty["trace_id"]}) == 3
    for result in (kyoto, lisbon):
        assert result["invoked"] == ["concierge", "curator", "planner", "critic"], result
        assert [a["hops"] for a in result["team"]][-1] == ["concierge", "curator", "planner", "critic"]
        assert "Planner's plan:" in result["reply"] and "Critic's remarks:" in result["reply"]
    assert "ICOCA" in kyoto["reply"] and "Tram 28" in lisbon["reply"]
    assert "kei.tanaka" not in json.dumps(kyoto)  # masked at receive, before the concierge
    assert empty["invoked"] == [] and "has no 'text'" in empty["warnings"][0]
    assert lisbon["outputs"]["curator"]["times_planned"] == 1

    run_id = json.loads((out / "batch-run.json").read_text(encoding="utf-8"))["run_id"]
    code, _, stderr = cli("batch", "--agents", str(TEAM), str(data), "--out", str(out), "--user", "kei",
                          "--resume", run_id, "--no-progress")
    assert code != 0 and f"run {run_id}" in stderr  # a finished run is not run again
    assert _results(out) == [kyoto, lisbon, empty]


def _committed(mysql_url: str, run_id: str) -> dict[int, str]:
    """Index → trace id of the records the run has committed (the rows a resume skips)."""
    import mysql.connector

    conn = mysql.connector.connect(host="127.0.0.1", port=3306, user="root", password="",
                                   database=mysql_url.rsplit("/", 1)[1])
    try:
        cur = conn.cursor()
        cur.execute("SELECT state FROM tasks WHERE user_id = %s", (f"batch:{run_id}",))
        rows = [json.loads(r[0]) for r in cur.fetchall()]
    finally:
        conn.close()
    return {int(r["index"]): r["result"]["trace_id"] for r in rows}


def test_a_stopped_team_batch_resumes_with_only_the_records_not_yet_answered(
    cli, e2e_env: dict[str, str], tmp_path: Path  # noqa: ANN001, F811
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    cities = ["Kyoto", "Lisbon", "Paris", "Beijing", "Kyoto", "Lisbon", "Paris", "Beijing"]
    data, out = tmp_path / "requests.jsonl", tmp_path / "out"
    data.write_text("".join(json.dumps({"text": f"Plan a trip to {c} for {i + 2} days."}) + "\n"
                            for i, c in enumerate(cities)), encoding="utf-8")
    args = ["--agents", str(TEAM), str(data), "--out", str(out), "--user", "ana", "--no-progress"]
    env = {**os.environ, **e2e_env, "CHAT_PROVIDER": "offline", "PYTHONPATH": str(ROOT)}
    first = subprocess.Popen([sys.executable, "-m", "app", "batch", *args], cwd=ROOT, env=env,
                             stderr=subprocess.PIPE, text=True)
    run_id = first.stderr.readline().split()[1].rstrip(":")  # "run RUN_ID: 8 records, 0 already done"
    deadline = time.monotonic() + 120
    while not _committed(e2e_env["MYSQL_URL"], run_id) and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)  # stop after the record in flight
    rest = first.communicate(timeout=120)[1]
    before = _committed(e2e_env["MYSQL_URL"], run_id)
    assert first.returncode != 0 and f"resume with: --resume {run_id}" in rest, rest
    assert 1 <= len(before) < len(cities), before

    code, _, stderr = cli("batch", *args, "--resume", run_id)
    assert code == 0, stderr
    assert f"{len(before)} already done" in stderr
    results = _results(out)
    assert [r["index"] for r in results] == list(range(len(cities)))
    assert {r["index"]: r["trace_id"] for r in results if r["index"] in before} == before  # not answered again
    assert len({r["trace_id"] for r in results}) == len(cities)
    assert all(r["invoked"] == ["concierge", "curator", "planner", "critic"] for r in results)


def test_a_users_memory_turns_stay_in_input_order_with_several_workers(
    cli, e2e_env: dict[str, str], tmp_path: Path  # noqa: ANN001, F811
) -> None:
    import asyncio

    from app.composition import open_runtime
    from app.settings import load_settings

    cities = ["Kyoto", "Lisbon", "Paris", "Beijing", "Oslo"]
    data, out = tmp_path / "requests.jsonl", tmp_path / "out"
    data.write_text("".join(json.dumps({"text": f"Plan a trip to {c} for {i + 2} days."}) + "\n"
                            for i, c in enumerate(cities)), encoding="utf-8")
    code, _, stderr = cli("batch", "--agents", str(TEAM), str(data), "--out", str(out), "--user", "mei",
                          "--workers", "3", "--no-progress")
    assert code == 0, stderr
    results = _results(out)
    assert [r["index"] for r in results] == list(range(len(cities)))
    run_id = json.loads((out / "batch-run.json").read_text(encoding="utf-8"))["run_id"]

    async def user_turns() -> list[str]:
        rt = await open_runtime(load_settings(**{k.lower(): v for k, v in e2e_env.items()}))
        try:
            return [t.content for t in await rt.shortterm.recent_turns("mei", run_id) if t.role == "user"]
        finally:
            await rt.aclose()

    said = asyncio.run(user_turns())
    assert len(said) == len(cities)
    assert [next(c for c in cities if c in text) for text in said] == cities  # one after the other, in input order
