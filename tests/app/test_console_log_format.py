"""The console log is readable lines (what ``serve`` prints); ``LOG_FORMAT=json`` makes it JSON lines."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ("from app.logging import configure_logging\nfrom loguru import logger\nconfigure_logging()\n"
          "logger.info('service starting', host='127.0.0.1', port=8000)\n"
          "logger.bind(trace_id='t1').warning('model {} failed: {}', 'qwen', 'a {brace}')\n")


def _stderr(log_format: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "LOG_FORMAT"}
    if log_format:
        env["LOG_FORMAT"] = log_format
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stderr


def test_console_lines_are_readable_by_default_and_json_on_request() -> None:
    lines = _stderr(None).splitlines()
    assert len(lines) == 2 and not any(line.startswith("{") for line in lines), lines
    assert "INFO    service starting  host=127.0.0.1 port=8000" in lines[0] and "trace=" not in lines[0]
    assert "WARNING model qwen failed: a {brace}  trace=t1" in lines[1]
    records = [json.loads(line) for line in _stderr("json").splitlines()]
    assert [r["record"]["message"] for r in records] == ["service starting", "model qwen failed: a {brace}"]
    assert records[1]["record"]["extra"]["trace_id"] == "t1"
