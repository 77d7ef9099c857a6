"""``/metrics`` of a real server: the golden signals move with real turns, and no label
carries a user id, a session id or message text."""
from __future__ import annotations

import re
import uuid

import httpx

from tests.service.conftest import Server

_SAMPLE = re.compile(r"^(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(?P<labels>[^}]*)\})? (?P<value>\S+)$")
#: Every label our metrics may carry; values of each come from a closed set (see docs/METRICS.md).
ALLOWED_LABELS = {"outcome", "used", "section", "stage", "reason", "agent", "memory", "from_agent", "to_agent",
                  "kind", "action", "result", "store", "le"}


def _samples(text: str) -> dict[tuple[str, frozenset], float]:
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        m = _SAMPLE.match(line)
        assert m, f"unparsable exposition line {line!r}"
        labels = frozenset(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m["labels"] or ""))
        out[(m["name"], labels)] = float(m["value"])
    return out


def _value(samples: dict, name: str, **labels: str) -> float:
    want = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and want <= set(ls))


def test_turns_move_the_golden_signals_and_no_label_names_a_user_session_or_text(server: Server) -> None:
    ops = server.key(f"ops-{uuid.uuid4().hex[:6]}", admin=True)
    scrape = lambda: httpx.get(f"{server.url}/metrics", headers={"Authorization": f"Bearer {ops}"}, timeout=10)  # noqa: E731
    before = _samples(scrape().text)
    marker = f"Zorblax{uuid.uuid4().hex[:6]}"
    user = server.user("metrics").bootstrap()
    user.chat(f"I live in {marker}ville and my phone is 13812345678.")
    user.chat(f"Where do I live? {marker}")
    user.chat("thanks!")

    text = scrape().text
    after = _samples(text)

    assert _value(after, "memory_agent_turns_total") - _value(before, "memory_agent_turns_total") >= 3
    assert _value(after, "memory_agent_recall_turns_total") > _value(before, "memory_agent_recall_turns_total")
    assert _value(after, "memory_agent_memory_hit_turns_total") > _value(before, "memory_agent_memory_hit_turns_total")
    assert _value(after, "memory_agent_turn_latency_seconds_count") - _value(before, "memory_agent_turn_latency_seconds_count") >= 3
    assert _value(after, "memory_agent_context_bytes_count", section="total") > _value(before, "memory_agent_context_bytes_count", section="total")
    assert _value(after, "memory_agent_recall_cache_lookups_total") > _value(before, "memory_agent_recall_cache_lookups_total")
    for secret in (user.user_id, user.session_id, marker, "13812345678", user.agent_id):
        assert secret not in text, f"{secret!r} appears in /metrics"
    ours = {(n, ls) for (n, ls) in after if n.startswith("memory_agent")}
    used = {k for _, ls in ours for k, _ in ls}
    assert used <= ALLOWED_LABELS, f"unexpected metric labels {used - ALLOWED_LABELS}"


def test_the_health_series_is_admin_only_and_counts_the_turns(server: Server) -> None:
    user = server.user("health").bootstrap()
    user.chat("hello there")
    assert user.http.get("/admin/health").status_code == 403
    ops = server.key(f"ops-{uuid.uuid4().hex[:6]}", admin=True)
    r = httpx.get(f"{server.url}/admin/health", headers={"Authorization": f"Bearer {ops}"}, timeout=10)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["interval_s"] > 0 and isinstance(body["points"], list)
    assert sum(p["turns"] for p in body["points"]) >= 1
