"""The Prometheus rules and the Grafana board, checked with Debian's ``promtool``.

* ``promtool test rules``: every recording rule and alert on synthetic series
  (``configs/prometheus/memory-agent.rules.test.yml``);
* every panel query of ``configs/grafana/memory-agent.json`` parses as PromQL and names
  only metrics the service exports or series the rules record.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from prometheus_client import REGISTRY, generate_latest

import core.telemetry  # noqa: F401 - registers the service's metrics

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "configs" / "prometheus" / "memory-agent.rules.yml"
RULE_TESTS = ROOT / "configs" / "prometheus" / "memory-agent.rules.test.yml"
BOARD = ROOT / "configs" / "grafana" / "memory-agent.json"
PROMQL_WORDS = {"sum", "by", "rate", "increase", "histogram_quantile", "max", "min", "avg", "round", "le",
                "and", "or", "offset", "without", "on", "ignoring", "count"}


def promtool() -> str:
    path = shutil.which("promtool")
    assert path, "Install Debian's Prometheus: apt-get install -y prometheus (promtool runs the rule tests)"
    return path


def test_promtool_unit_tests_of_every_rule_pass() -> None:
    run = subprocess.run([promtool(), "test", "rules", RULE_TESTS.name], cwd=RULE_TESTS.parent,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_alert_is_unit_tested_and_says_what_to_check() -> None:
    rules = yaml.safe_load(RULES.read_text())
    alerts = [r for g in rules["groups"] for r in g["rules"] if "alert" in r]
    tested = set(re.findall(r"alertname: (\w+)", RULE_TESTS.read_text()))
    assert {a["alert"] for a in alerts} <= tested
    for alert in alerts:
        assert "check" in alert["annotations"]["description"].lower() or "run" in alert["annotations"]["description"].lower(), alert["alert"]


def _exported_metric_names() -> set[str]:
    names = set()
    for line in generate_latest(REGISTRY).decode().splitlines():
        if line.startswith("# TYPE "):
            name, kind = line.split()[2:4]
            names.add(name)
            if kind == "counter":
                names.add(f"{name}_total")
            if kind == "histogram":
                names.update({f"{name}_bucket", f"{name}_sum", f"{name}_count"})
    return names


def _recorded_names() -> set[str]:
    rules = yaml.safe_load(RULES.read_text())
    return {r["record"] for g in rules["groups"] for r in g["rules"] if "record" in r}


def _panel_queries() -> list[tuple[str, str]]:
    board = json.loads(BOARD.read_text())
    return [(p["title"], t["expr"]) for p in board["panels"] for t in p["targets"]]


def test_every_dashboard_query_parses_and_names_an_exported_metric(tmp_path: Path) -> None:
    queries = _panel_queries()
    assert len(queries) >= 10
    rules = {"groups": [{"name": "dashboard", "rules": [{"record": f"dashboard:panel_{i}", "expr": expr}
                                                        for i, (_, expr) in enumerate(queries)]}]}
    probe = tmp_path / "dashboard.rules.yml"
    probe.write_text(yaml.safe_dump(rules))
    run = subprocess.run([promtool(), "check", "rules", str(probe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    known = _exported_metric_names() | _recorded_names()
    for title, expr in queries:
        bare = re.sub(r'\{[^}]*\}|"[^"]*"|\[[^]]*\]', " ", expr)
        names = {n for n in re.findall(r"[a-zA-Z_:][a-zA-Z0-9_:]*", bare)
                 if n not in PROMQL_WORDS and not re.fullmatch(r"\d+", n)}
        names -= {"outcome", "section", "stage", "reason", "agent", "memory", "from_agent", "to_agent", "used", "kind", "action"}
        assert names, f"panel {title!r} names no metric"
        assert names <= known, f"panel {title!r} names {names - known}, which the service does not export"


@pytest.mark.parametrize("name", sorted(_recorded_names()))
def test_every_recorded_series_is_on_the_board(name: str) -> None:
    assert any(name in expr for _, expr in _panel_queries()), f"{name} is recorded but no panel shows it"
