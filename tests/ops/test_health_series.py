"""The inspector's health series: points computed from cumulative Prometheus samples."""
from __future__ import annotations

import math

import pytest
from prometheus_client import CollectorRegistry, Counter, Histogram

from core.health import HealthSeries, quantile_from_buckets

INF = math.inf


@pytest.mark.parametrize(("buckets", "q", "expected"), [
    ([], 0.95, None),
    ([(1.0, 0.0), (INF, 0.0)], 0.95, None),
    ([(1.0, 10.0), (INF, 10.0)], 0.5, 0.5),            # interpolated inside the first bucket
    ([(1.0, 1.0), (2.0, 1.0), (4.0, 10.0), (INF, 10.0)], 0.95, 2 + 2 * 8.5 / 9),
    ([(1.0, 0.0), (INF, 4.0)], 0.95, 1.0),              # in +Inf: the highest finite bound
])
def test_quantile_matches_prometheus_interpolation(buckets, q, expected) -> None:  # noqa: ANN001
    got = quantile_from_buckets(buckets, q)
    assert got == pytest.approx(expected) if expected is not None else got is None


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _registry() -> tuple[CollectorRegistry, dict]:
    reg = CollectorRegistry()
    m = {
        "turns": Counter("memory_agent_turns", "t", ["outcome"], registry=reg),
        "recalls": Counter("memory_agent_recall_turns", "r", registry=reg),
        "hits": Counter("memory_agent_memory_hit_turns", "h", registry=reg),
        "fallbacks": Counter("memory_agent_fallbacks", "f", ["stage", "reason"], registry=reg),
        "denials": Counter("memory_agent_permission_denials", "d", ["agent", "memory"], registry=reg),
        "latency": Histogram("memory_agent_turn_latency_seconds", "l", buckets=(0.1, 0.5, 1.0), registry=reg),
        "tokens": Histogram("memory_agent_context_tokens", "c", ["section"], buckets=(100, 1000), registry=reg),
    }
    return reg, m


def test_points_are_the_change_between_snapshots_and_old_ones_leave_after_an_hour() -> None:
    reg, m = _registry()
    clock = Clock()
    series = HealthSeries(interval=60, registry=reg, clock=clock)
    series.tick()
    for i in range(4):  # the first minute: four turns, three recall, two hits, a fallback, a slow turn
        m["turns"].labels(outcome="answered").inc()
        m["latency"].observe(0.05 if i else 0.8)
        m["tokens"].labels(section="total").observe(500)
        m["tokens"].labels(section="memory").observe(90)  # only "total" is charted
    m["recalls"].inc(3)
    m["hits"].inc(2)
    m["fallbacks"].labels(stage="infer", reason="fallback_reply").inc()
    clock.now += 30
    series.tick()  # too soon: not kept
    clock.now += 31
    series.tick()
    m["denials"].labels(agent="critic", memory="patient").inc()
    clock.now += 5

    points = series.series()["points"]

    assert len(points) == 2
    first, now = points
    assert first["turns"] == 4 and first["hit_rate"] == pytest.approx(2 / 3)
    assert first["fallbacks"] == 1 and first["denials"] == 0 and first["context_tokens"] == 500
    assert 0.5 < first["p95_ms"] / 1000 <= 1.0  # the slow turn sets the minute's p95
    assert now["turns"] == 0 and now["hit_rate"] is None and now["p95_ms"] is None and now["denials"] == 1

    clock.now += 3700  # over an hour later: the old snapshots are gone
    series.tick()
    assert len(series.series()["points"]) <= 1


def test_a_bad_interval_is_refused_by_name() -> None:
    from core import health

    with pytest.raises(ValueError, match="HEALTH_SAMPLE_SECONDS"):
        health.configure(0)
