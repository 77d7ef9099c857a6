"""Batch runs as a user runs them: a subprocess of the CLI, offline, on the embedded SQLite tier."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "configs/examples/data_validation"


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MYSQL_URL", "REDIS_URL", "PG_DSN")}
    env.update(MEMORY_AGENT_HOME=str(home), PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests/batch'}", **extra)
    return env


def _batch(*args: str) -> list[str]:
    return [sys.executable, "-m", "app", "batch", *args]


def test_the_data_validation_example_finds_the_seeded_problems(tmp_path: Path) -> None:
    out = tmp_path / "report"
    done = subprocess.run(
        _batch("--agents", str(EXAMPLE / "AGENTS.md"), str(EXAMPLE / "data"), "--out", str(out)),
        cwd=ROOT, env=_env(tmp_path / "home"), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["key"] for r in results] == ["plate_a.csv", "plate_b.csv", "plate_c.csv"]
    assert len({r["trace_id"] for r in results}) == 3
    found = {r["key"]: {(f["line"], f["check"], f["severity"]) for f in r["outputs"]["report"]["findings"]}
             for r in results}
    assert (6, "outlier", "warning") in found["plate_a.csv"]  # glucose 48.0 among ~5 mmol/L
    assert (8, "unit", "error") in found["plate_a.csv"]  # glucose in mg/dL: wrong quantity
    assert {(1, "format", "warning"), (5, "format", "error"), (6, "format", "error"), (7, "format", "error"),
            (8, "format", "error"), (4, "unit", "warning")} <= found["plate_b.csv"]
    assert {(1, "format", "error"), (4, "outlier", "warning"), (7, "unit", "error")} <= found["plate_c.csv"]
    assert len(found["plate_a.csv"]) == 2  # nothing else is wrong in plate A
    plate_c = results[2]
    assert any("used backup tool 'check_units_default_map'" in w for w in plate_c["warnings"])
    md = (out / "report.md").read_text()
    html = (out / "report.html").read_text()
    for needle in ("## plate_a.csv", "glucose 48 of sample A05", "'comment'", "'n/a' is not a number",
                   "required column 'measured_at' is missing", "sodium 1400 of sample C03", "non-SI unit 'degF'"):
        assert needle in md
    assert html.startswith("<!doctype html>") and "<h2>plate_c.csv</h2>" in html and "sodium 1400" in html
    assert "Dr. Lin" not in md + html  # operators stay in the format step's memory


def test_a_killed_batch_resumes_and_commits_every_record_exactly_once(tmp_path: Path) -> None:
    n = 60
    agents = tmp_path / "AGENTS.md"
    agents.write_text(
        "# slow\n\n```yaml\nconfig_version: 1\ndeployment: slow_batch\ntoolsets: [batch_slow]\n"
        "tool_modules: [slow_tools]\nagents:\n  - name: echo\n    role: echo a record\n"
        "    input_schema: {id: str, x: int}\n    output_schema: {id: str, doubled: int}\n"
        "    tools: [slow_echo]\n    fallback: {strategy: skip_and_warn}\n```\n"
    )
    data = tmp_path / "in.jsonl"
    data.write_text("".join(json.dumps({"id": f"r{i:03d}", "x": i}) + "\n" for i in range(n)))
    side = tmp_path / "side.log"
    env = _env(tmp_path / "home", BATCH_SIDE_LOG=str(side))
    out = tmp_path / "out"
    args = ["--agents", str(agents), str(data), "--out", str(out), "--no-progress"]

    first = subprocess.Popen(_batch(*args), cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    header = first.stderr.readline()  # "run RUN_ID: 60 records, 0 already done"
    run_id = header.split()[1].rstrip(":")
    deadline = time.monotonic() + 60
    while (not side.exists() or len(side.read_text().splitlines()) < 10) and time.monotonic() < deadline:
        time.sleep(0.02)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    first.stderr.close()
    calls_before = len(side.read_text().splitlines())
    assert first.returncode == -signal.SIGKILL and 10 <= calls_before < n
    assert not out.exists()

    second = subprocess.run(_batch(*args, "--resume", run_id), cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)

    assert second.returncode == 0, second.stderr
    assert f"run {run_id}: {n} records," in second.stderr
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["index"] for r in results] == list(range(n))  # none lost, none twice
    assert [r["outputs"]["echo"]["doubled"] for r in results] == [2 * i for i in range(n)]
    assert len({r["trace_id"] for r in results}) == n
    calls = Counter(line.split()[1] for line in side.read_text().splitlines())
    assert set(calls) == {f"r{i:03d}" for i in range(n)}
    redone = [k for k, c in calls.items() if c > 1]
    assert len(redone) <= 1  # at most the record in flight when the process died, never committed twice
    again = subprocess.run(_batch(*args, "--resume", run_id), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and f"run {run_id} is already done" in again.stderr
