"""SIGTERM to ``batch``: the record in flight is committed, the run stops resumable, nothing runs twice."""
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
AGENTS = (
    "# slow\n\n```yaml\nconfig_version: 1\ndeployment: slow_batch\ntoolsets: [batch_slow]\n"
    "tool_modules: [slow_tools]\nagents:\n  - name: echo\n    role: echo a record\n"
    "    input_schema: {id: str, x: int}\n    output_schema: {id: str, doubled: int}\n"
    "    tools: [slow_echo]\n    fallback: {strategy: skip_and_warn}\n```\n"
)


def test_sigterm_stops_a_batch_after_the_record_in_flight_and_resume_redoes_nothing(tmp_path: Path) -> None:
    n = 40
    agents = tmp_path / "AGENTS.md"
    agents.write_text(AGENTS)
    data = tmp_path / "in.jsonl"
    data.write_text("".join(json.dumps({"id": f"r{i:03d}", "x": i}) + "\n" for i in range(n)))
    side = tmp_path / "side.log"
    env = {k: v for k, v in os.environ.items() if k not in ("MYSQL_URL", "REDIS_URL", "PG_DSN")}
    env.update(MEMORY_AGENT_HOME=str(tmp_path / "home"), BATCH_SIDE_LOG=str(side),
               PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests/batch'}")
    args = [sys.executable, "-m", "app", "batch", "--agents", str(agents), str(data),
            "--out", str(tmp_path / "out"), "--no-progress"]

    first = subprocess.Popen(args, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    run_id = first.stderr.readline().split()[1].rstrip(":")  # "run RUN_ID: 40 records, 0 already done"
    deadline = time.monotonic() + 120
    while (not side.exists() or len(side.read_text().splitlines()) < 5) and time.monotonic() < deadline:
        time.sleep(0.02)
    first.send_signal(signal.SIGTERM)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 128 + signal.SIGTERM, err
    assert f"resume with: --resume {run_id}" in err and "Traceback" not in err, err
    before = len(side.read_text().splitlines())
    assert 5 <= before < n

    second = subprocess.run([*args, "--resume", run_id], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=180)
    assert second.returncode == 0, second.stderr
    assert f"{before} already done" in second.stderr  # the record in flight at SIGTERM was committed
    results = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert [r["index"] for r in results] == list(range(n))
    calls = Counter(line.split()[1] for line in side.read_text().splitlines())
    assert set(calls) == {f"r{i:03d}" for i in range(n)} and set(calls.values()) == {1}  # nothing ran twice
