"""Health at a glance: the last hour of the golden signals, kept in the process.

A single-machine user has no Prometheus; the inspector's health panel charts these
series instead. They are read from the same Prometheus registry ``/metrics`` serves
(``core.telemetry``), so the panel and a Prometheus scrape never disagree: every
``interval`` seconds (at most; sampled when a turn finishes or the series is read) the
cumulative counters are snapshotted into a ring of an hour, and a point of each chart is
the change between two neighbouring snapshots.

Points (per interval): ``turns``, ``hit_rate`` (memory-hit turns / turns that recalled),
``p95_ms`` (turn latency, from the histogram's buckets), ``fallbacks``, ``denials`` and
``context_tokens`` (mean tokens of the ``total`` section per turn).
"""
from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry

HOUR_S = 3600.0
_TURNS = "memory_agent_turns_total"
_RECALLS = "memory_agent_recall_turns_total"
_HITS = "memory_agent_memory_hit_turns_total"
_FALLBACKS = "memory_agent_fallbacks_total"
_DENIALS = "memory_agent_permission_denials_total"
_LATENCY = "memory_agent_turn_latency_seconds"
_TOKENS = "memory_agent_context_tokens"


@dataclass(frozen=True)
class Snapshot:
    """Cumulative values at one moment."""

    at: float
    turns: float
    recalls: float
    hits: float
    fallbacks: float
    denials: float
    tokens_sum: float
    tokens_count: float
    latency_buckets: tuple[tuple[float, float], ...]  # (upper bound, cumulative count)


def _read(registry: CollectorRegistry, at: float) -> Snapshot:
    sums: dict[str, float] = {}
    buckets: dict[float, float] = {}
    for family in registry.collect():
        for sample in family.samples:
            name = sample.name
            if name == f"{_LATENCY}_bucket":
                bound = float(sample.labels["le"])
                buckets[bound] = buckets.get(bound, 0.0) + sample.value
            elif name in (f"{_TOKENS}_sum", f"{_TOKENS}_count"):
                if sample.labels.get("section") == "total":
                    sums[name] = sums.get(name, 0.0) + sample.value
            elif name in (_TURNS, _RECALLS, _HITS, _FALLBACKS, _DENIALS):
                sums[name] = sums.get(name, 0.0) + sample.value
    return Snapshot(
        at=at, turns=sums.get(_TURNS, 0.0), recalls=sums.get(_RECALLS, 0.0), hits=sums.get(_HITS, 0.0),
        fallbacks=sums.get(_FALLBACKS, 0.0), denials=sums.get(_DENIALS, 0.0),
        tokens_sum=sums.get(f"{_TOKENS}_sum", 0.0), tokens_count=sums.get(f"{_TOKENS}_count", 0.0),
        latency_buckets=tuple(sorted(buckets.items())),
    )


def quantile_from_buckets(buckets: list[tuple[float, float]], q: float) -> float | None:
    """The ``q`` quantile of a cumulative histogram, interpolated as Prometheus does.

    ``buckets`` are ``(upper bound, cumulative count)`` in increasing bound order, the last
    bound ``inf``. Returns ``None`` with no observations; a quantile in the ``+Inf`` bucket
    is the highest finite bound.
    """
    total = buckets[-1][1] if buckets else 0.0
    if total <= 0:
        return None
    rank = q * total
    lower, below = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if math.isinf(bound):
                return lower
            inside = count - below
            return lower + (bound - lower) * ((rank - below) / inside if inside else 1.0)
        lower, below = bound, count
    return lower


def point(before: Snapshot, after: Snapshot) -> dict[str, Any]:
    """One chart point: what changed between two snapshots."""
    turns = after.turns - before.turns
    recalls = after.recalls - before.recalls
    count = after.tokens_count - before.tokens_count
    deltas = [(b, c - c0) for (b, c), (_, c0) in zip(after.latency_buckets, before.latency_buckets)] \
        if len(after.latency_buckets) == len(before.latency_buckets) else list(after.latency_buckets)
    p95 = quantile_from_buckets(deltas, 0.95)
    return {
        "at": after.at,
        "turns": turns,
        "hit_rate": (after.hits - before.hits) / recalls if recalls > 0 else None,
        "p95_ms": round(p95 * 1000.0, 1) if p95 is not None else None,
        "fallbacks": after.fallbacks - before.fallbacks,
        "denials": after.denials - before.denials,
        "context_tokens": round((after.tokens_sum - before.tokens_sum) / count, 1) if count > 0 else None,
    }


@dataclass
class HealthSeries:
    """A ring of snapshots covering the last hour.

    Args:
        interval: Seconds between kept snapshots (``HEALTH_SAMPLE_SECONDS``).
        registry: The Prometheus registry to read.
        clock: Wall-clock seconds (a test passes its own).
    """

    interval: float = 10.0
    registry: CollectorRegistry = REGISTRY
    clock: Callable[[], float] = time.time
    _ring: deque[Snapshot] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def tick(self) -> None:
        """Keep a snapshot if the newest kept one is at least ``interval`` old."""
        now = self.clock()
        with self._lock:
            if self._ring and now - self._ring[-1].at < self.interval:
                return
            self._ring.append(_read(self.registry, now))
            while self._ring and now - self._ring[0].at > HOUR_S + self.interval:
                self._ring.popleft()

    def series(self) -> dict[str, Any]:
        """The last hour's points, the newest ending now (read fresh, not kept)."""
        self.tick()
        now = _read(self.registry, self.clock())
        with self._lock:
            kept = list(self._ring)
        if kept and now.at - kept[-1].at > 0:
            kept.append(now)
        points = [point(a, b) for a, b in zip(kept, kept[1:])]
        return {"interval_s": self.interval, "points": points}


#: The process's series (like the Prometheus registry, one per process).
SERIES = HealthSeries()


def configure(interval_s: float) -> None:
    """Set the sampling interval of the process's series and take its first snapshot (start-up)."""
    if interval_s <= 0:
        raise ValueError(f"HEALTH_SAMPLE_SECONDS must be positive, got {interval_s}")
    SERIES.interval = interval_s
    SERIES.tick()
