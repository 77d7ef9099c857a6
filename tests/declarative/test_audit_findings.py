"""The audit scores a file and lists each risk with its fix."""
from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from agents.declarative.loader import parse_agents_text
from app.audit import audit_file
from tests.declarative.conftest import agents_md

ROOT = Path(__file__).resolve().parents[2]


def _echo(inputs: dict, ctx: object) -> dict:
    return dict(inputs)


def test_a_risky_file_gets_every_finding_with_a_fix(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    loaded = parse_agents_text(agents_md(toolset.name, (
        "  - name: vault\n    role: r\n    tools: [echo]\n    memory_scope: global\n"
        "  - name: login\n    role: r\n    tools: [echo]\n    persistence: persistent\n"
        "    input_schema: {user_password: str, national_id_number: str, city: str}\n"
        "    fallback: {strategy: skip_and_warn}\n"
        "  - name: lonely\n    role: r\n    tools: [echo]\n    dependencies: [login]\n"
        "    input_schema: {city: str}\n    memory_access: {read: [vault_notes]}\n    fallback: {strategy: skip_and_warn}\n"
    )).replace("agents:\n", "entry_points: [vault]\nagents:\n"), "risky/AGENTS.md")
    now = datetime.now(timezone.utc)

    score, findings = audit_file(loaded, {"vault": now, "login": now - timedelta(days=45)}, now)

    text = [(f.severity, f.where.split(" ", 1)[-1], f.problem) for f in findings]
    assert ("high", "agent 'vault'", "global memory scope without access rules") in text
    assert ("medium", "agent 'vault'", "tools ['echo'] have no fallback: a failure stops this agent") in text
    assert sum("sensitive input field" in p for _, w, p in text if w == "agent 'login'") == 2
    assert ("medium", "agent 'login'", "reachable by no dependency path and not an entry point") in text
    assert ("medium", "agent 'lonely'", "input field 'city' is produced by none of its dependencies") in text
    assert ("medium", "agent 'lonely'", "reads memory 'vault_notes' that no agent it depends on writes") in text
    assert any(w == "agent 'login'" and "not invoked in the last 30 days" in p for _, w, p in text)
    assert ("low", "agent 'lonely'", "never invoked (no record in the working-state tier)") in text
    assert all(f.fix for f in findings)
    assert score == max(0, 100 - sum({"high": 15, "medium": 8, "low": 3}[f.severity] for f in findings))
    assert score < 30


def test_audit_command_runs_on_the_shipped_file_and_enforces_the_minimum(tmp_path: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if k != "MYSQL_URL"}, "MEMORY_AGENT_HOME": str(tmp_path)}
    ok = subprocess.run([sys.executable, "-m", "app", "audit"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("audit of configs/AGENTS.md: score ")
    score = int(ok.stdout.split("score ")[1].split("/")[0])
    strict = subprocess.run([sys.executable, "-m", "app", "audit", "--min-score", str(score + 1)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert strict.returncode == 1 and f"score {score} is below the minimum {score + 1}" in strict.stderr
