"""Traces and metrics of the memory pipeline.

Spans: one ``memory.turn`` span per turn with a child per stage (receive, recall, rerank,
context, infer, extract, store). With no OpenTelemetry SDK configured they are no-ops. The
turn's ``trace_id`` is the OpenTelemetry trace id when a real span is recording (so logs,
``Msg.metadata["memory"]`` and the trace agree), else a random 32-hex id.

Metrics: Prometheus counters/histograms in the default registry (``/metrics`` serves them).
"""
from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from opentelemetry import trace
from prometheus_client import Counter, Gauge, Histogram

from core.trace import trace_id_var

TRACER_NAME = "memory-agent"

TURNS = Counter("memory_agent_turns", "Turns processed", ["outcome"])
MODEL_CALLS = Counter("memory_agent_model_calls", "Model calls by outcome", ["used"])
MODEL_LATENCY = Histogram("memory_agent_model_latency_seconds", "Model call latency (with retries)")
RECALL_LATENCY = Histogram("memory_agent_recall_latency_seconds", "Recall latency (search + rerank)")
MEMORY_HITS = Counter("memory_agent_memory_hit_turns", "Turns where recalled memory was injected")
CONTEXT_TOKENS = Histogram(
    "memory_agent_context_tokens", "Context tokens per budget section", ["section"],
    buckets=(64, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072),
)
FALLBACKS = Counter("memory_agent_fallbacks", "Fallbacks taken", ["kind"])
BREAKER_OPEN = Gauge("memory_agent_breaker_open", "1 while the model circuit breaker is open")
SCREENING_BLOCKS = Counter("memory_agent_screening_blocks", "Turns blocked by the injection screen")
PII_MASKS = Counter("memory_agent_pii_masks", "PII items masked", ["kind"])
PERMISSION_DENIALS = Counter("memory_agent_permission_denials", "Memory accesses denied by AGENTS.md rules")
QUOTA_REFUSALS = Counter("memory_agent_quota_refusals", "Sessions refused by the per-user quota")
MEMORIES_WRITTEN = Counter("memory_agent_memories_written", "Extracted memories by action", ["action"])


def tracer() -> trace.Tracer:
    """The project's tracer (resolved per call so a provider set later is honoured)."""
    return trace.get_tracer(TRACER_NAME)


def user_hash(user_id: str) -> str:
    """A stable, non-reversible user label for span attributes (ids are not put in traces)."""
    return hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:16]


def trace_id_of(span: trace.Span) -> str:
    """The span's trace id as 32 hex chars, or a fresh random id for a non-recording span."""
    ctx = span.get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else uuid.uuid4().hex


@contextmanager
def stage(name: str, **attributes: Any) -> Iterator[trace.Span]:
    """A child span ``memory.<name>`` of the current span, with attributes set up front."""
    with tracer().start_as_current_span(f"memory.{name}") as span:
        for key, value in attributes.items():
            if value is not None:
                span.set_attribute(f"memory.{key}", value)
        yield span


@contextmanager
def turn_span(user_id: str) -> Iterator[str]:
    """The root span ``memory.turn`` of one turn; yields its trace id, set for logs while it runs.

    The trace id is the span's own (never taken from a client's message); the user appears
    only as a hash.
    """
    with tracer().start_as_current_span("memory.turn") as root:
        trace_id = trace_id_of(root)
        root.set_attribute("memory.user_hash", user_hash(user_id))
        root.set_attribute("memory.trace_id", trace_id)
        token = trace_id_var.set(trace_id)
        try:
            yield trace_id
        finally:
            trace_id_var.reset(token)

