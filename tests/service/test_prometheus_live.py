"""A real Prometheus (Debian's) scrapes a real ``serve`` with an admin key, evaluates the
product's rules, and the fallback alert fires when the model fails.

The model endpoint is a closed loopback port, so every turn ends in the fallback reply
(what an outage of the provider looks like). The rules file is the shipped one with its
``for:`` durations set to 0 s and its groups evaluated every second, so the test does not
wait out production's hold times; the expressions are unchanged.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import yaml

from tests.service.conftest import free_port, new_user, serve

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "configs" / "prometheus" / "memory-agent.rules.yml"


def _fast_rules(target: Path) -> None:
    rules = yaml.safe_load(RULES.read_text())
    for group in rules["groups"]:
        group["interval"] = "1s"
        for rule in group["rules"]:
            if "for" in rule:
                rule["for"] = "0s"
    target.write_text(yaml.safe_dump(rules, allow_unicode=True))


def _prometheus(home: Path, target: str, key: str) -> tuple[subprocess.Popen, str]:
    binary = shutil.which("prometheus")
    assert binary, "Install Debian's Prometheus: apt-get install -y prometheus"
    _fast_rules(home / "rules.yml")
    (home / "prometheus.yml").write_text(yaml.safe_dump({
        "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
        "rule_files": [str(home / "rules.yml")],
        "scrape_configs": [{"job_name": "memory-agent", "metrics_path": "/metrics",
                            "authorization": {"type": "Bearer", "credentials": key},
                            "static_configs": [{"targets": [target]}]}],
    }))
    port = free_port()
    log = (home / "prometheus.log").open("w")
    proc = subprocess.Popen([binary, f"--config.file={home / 'prometheus.yml'}", f"--storage.tsdb.path={home / 'tsdb'}",
                             f"--web.listen-address=127.0.0.1:{port}"], stdout=log, stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{port}"


def _api(url: str, **params: str) -> dict:
    """The ``data`` of a Prometheus API answer; a 503 while it starts up reads as "not yet" (an HTTPError)."""
    response = httpx.get(url, params=params, timeout=5)
    response.raise_for_status()
    return response.json()["data"]


def _wait(what: str, check: Callable[[], object], timeout_s: float = 90.0) -> object:
    deadline = time.monotonic() + timeout_s
    last: object = None
    while time.monotonic() < deadline:
        try:
            last = check()
            if last:
                return last
        except httpx.HTTPError as exc:
            last = exc
        time.sleep(0.5)
    raise AssertionError(f"{what} within {timeout_s} s; last: {last!r}")


def test_prometheus_scrapes_the_service_and_the_fallback_alert_fires(create_database: Callable[[], str], tmp_path: Path) -> None:
    dead = free_port()  # nothing listens: every model call fails at once
    model_down = {"CHAT_PROVIDER": "openai", "OPENAI_BASE_URL": f"http://127.0.0.1:{dead}/v1", "OPENAI_API_KEY": "test",
                  "CHAT_MODEL": "stub", "MODEL_MAX_RETRIES": "0", "MODEL_BACKOFF_BASE_S": "0", "MODEL_TIMEOUT_S": "2"}
    (tmp_path / "svc").mkdir()
    with serve(create_database, tmp_path / "svc", extra_env=model_down) as server:
        admin = server.key(new_user("ops"), admin=True)
        proc, prom = _prometheus(tmp_path, server.url.removeprefix("http://"), admin)
        try:
            _wait("the scrape target to be up", lambda: any(
                t["health"] == "up" for t in _api(f"{prom}/api/v1/targets")["activeTargets"]))
            user = server.user("alerts").bootstrap()
            reply = user.chat("question number 0: what should I cook tonight?")
            assert reply["content"], reply
            # increase() counts from the series' first sample: the turns sent before Prometheus first scrapes the
            # counter are not in it, so the rest wait until the series is there
            _wait("the fallback counter to be scraped", lambda: _api(
                f"{prom}/api/v1/query", query="memory_agent_fallbacks_total")["result"])
            for i in range(1, 12):  # > 5 in increase() even when the first increment only creates the series
                reply = user.chat(f"question number {i}: what should I cook tonight?")
                assert reply["content"], reply
            firing = _wait("FallbackSpike to fire", lambda: [
                a for a in _api(f"{prom}/api/v1/alerts")["alerts"]
                if a["labels"]["alertname"] == "FallbackSpike" and a["state"] == "firing"])
            assert firing[0]["labels"]["stage"] == "infer", firing
            assert re.search(r"fallbacks in 10 min at stage infer", firing[0]["annotations"]["summary"])
            success = _wait("the model-call success ratio to be recorded", lambda: _api(
                f"{prom}/api/v1/query", query="memory_agent:model_call_success_ratio:rate5m")["result"])
            assert float(success[0]["value"][1]) == 0.0  # no call answered
            rules = _api(f"{prom}/api/v1/rules")["groups"]
            assert all(r["health"] == "ok" for g in rules for r in g["rules"]), rules
        finally:
            proc.terminate()
            proc.wait(timeout=20)
