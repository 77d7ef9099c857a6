"""Several batch workers on one run, as an operator runs them: real processes of the CLI on MariaDB.

Records are claimed through the working store (``SELECT … FOR UPDATE SKIP LOCKED``): two
processes on one run never do a record twice, a SIGKILLed worker's records are taken over
once its lease runs out, and the outputs are those of a single-worker run.
"""
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
N = 40


def _env(home: Path, mysql_url: str, side: Path, slow_s: float = 0.2) -> dict[str, str]:
    """Each record takes ``slow_s`` seconds: long enough for a second process to start and join."""
    env = {k: v for k, v in os.environ.items() if k not in ("MYSQL_URL", "REDIS_URL", "PG_DSN")}
    env.update(MEMORY_AGENT_HOME=str(home), PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests/batch'}",
               MYSQL_URL=mysql_url, BATCH_SIDE_LOG=str(side), BATCH_SLOW_S=str(slow_s))
    return env


def _files(tmp: Path) -> tuple[Path, Path]:
    agents = tmp / "AGENTS.md"
    agents.write_text(
        "# slow\n\n```yaml\nconfig_version: 1\ndeployment: slow_batch\ntoolsets: [batch_slow]\n"
        "tool_modules: [slow_tools]\nagents:\n  - name: echo\n    role: echo a record\n"
        "    input_schema: {id: str, x: int}\n    output_schema: {id: str, doubled: int}\n"
        "    tools: [slow_echo]\n    fallback: {strategy: skip_and_warn}\n```\n"
    )
    data = tmp / "in.jsonl"
    data.write_text("".join(json.dumps({"id": f"r{i:03d}", "x": i}) + "\n" for i in range(N)))
    return agents, data


def _batch(*args: str) -> list[str]:
    return [sys.executable, "-m", "app", "batch", "--no-progress", *args]


def _wait_calls(side: Path, at_least: int, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while (not side.exists() or len(side.read_text().splitlines()) < at_least) and time.monotonic() < deadline:
        time.sleep(0.02)


def _results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def _comparable(results: list[dict]) -> list[tuple]:
    return [(r["index"], r["key"], json.dumps(r["outputs"], sort_keys=True)) for r in results]


def test_two_processes_share_one_run_and_a_killed_worker_is_taken_over(tmp_path: Path, mysql_url: str) -> None:
    agents, data = _files(tmp_path)
    side = tmp_path / "side.log"
    env = _env(tmp_path / "home", mysql_url, side)

    # The single-worker reference run (its own database rows: another run id).
    alone = subprocess.run(_batch("--agents", str(agents), str(data), "--out", str(tmp_path / "alone")),
                           cwd=ROOT, env={**env, "BATCH_SLOW_S": "0.01"}, capture_output=True, text=True, timeout=180)
    assert alone.returncode == 0, alone.stderr
    side.unlink()

    out = tmp_path / "out"
    first = subprocess.Popen(_batch("--agents", str(agents), str(data), "--out", str(out), "--lease", "3"),
                             cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    run_id = first.stderr.readline().split()[1].rstrip(":")
    _wait_calls(side, 3)
    joined = subprocess.Popen(_batch("--join", run_id, "--workers", "2", "--lease", "3"),
                              cwd=ROOT, env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    _wait_calls(side, N // 2)
    first.send_signal(signal.SIGKILL)  # dies holding a claim: the joined workers take it over after the lease
    first.wait(timeout=10)
    first.stderr.close()
    out_j, err_j = joined.communicate(timeout=180)
    assert joined.returncode == 0, err_j
    assert f"run {run_id} complete" in out_j

    pids = Counter(line.split()[0] for line in side.read_text().splitlines())
    assert len(pids) == 2 and all(n > 0 for n in pids.values())  # both processes did records
    calls = Counter(line.split()[1] for line in side.read_text().splitlines())
    assert set(calls) == {f"r{i:03d}" for i in range(N)}
    assert sum(c - 1 for c in calls.values()) <= 1  # at most the record the killed worker had in flight

    results = _results(out)
    assert [r["index"] for r in results] == list(range(N))  # each record once, in input order
    assert _comparable(results) == _comparable(_results(tmp_path / "alone"))  # the same report as one worker
    manifest = json.loads((out / "batch-run.json").read_text())
    assert manifest["run_id"] == run_id


def test_two_live_processes_never_do_a_record_twice(tmp_path: Path, mysql_url: str) -> None:
    agents, data = _files(tmp_path)
    side = tmp_path / "side.log"
    gate = tmp_path / "gate"  # each process waits after 5 records until the test opens the gate
    gate.touch()
    env = {**_env(tmp_path / "home", mysql_url, side, slow_s=0.05), "BATCH_GATE": str(gate)}
    out = tmp_path / "out"
    first = subprocess.Popen(_batch("--agents", str(agents), str(data), "--out", str(out), "--workers", "2"),
                             cwd=ROOT, env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    run_id = first.stderr.readline().split()[1].rstrip(":")
    _wait_calls(side, 5)
    second = subprocess.Popen(_batch("--join", run_id, "--out", str(tmp_path / "out2")), cwd=ROOT, env=env,
                              stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len({line.split()[0] for line in side.read_text().splitlines()}) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    gate.unlink()
    out_1, err_1 = first.communicate(timeout=180)
    out_2, err_2 = second.communicate(timeout=180)
    assert first.returncode == 0 and second.returncode == 0, (err_1, err_2)
    lines = [line.split() for line in side.read_text().splitlines()]
    assert len({pid for pid, _ in lines}) == 2  # both processes did records
    calls = Counter(key for _, key in lines)
    assert set(calls) == {f"r{i:03d}" for i in range(N)} and set(calls.values()) == {1}  # none twice
    assert _comparable(_results(out)) == _comparable(_results(tmp_path / "out2"))


def test_sqlite_runs_one_worker(tmp_path: Path) -> None:
    agents, data = _files(tmp_path)
    env = _env(tmp_path / "home", "", tmp_path / "side.log")
    env.pop("MYSQL_URL")
    refused = subprocess.run(_batch("--agents", str(agents), str(data), "--out", str(tmp_path / "o"), "--workers", "2"),
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "SQLite tier runs one worker" in refused.stderr
