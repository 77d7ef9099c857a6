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
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, get_args

from opentelemetry import trace
from prometheus_client import Counter, Gauge, Histogram

from core import health
from core.labels import ExtractedLabel, InferLabel, MemoryLabels
from core.trace import trace_id_var

TRACER_NAME = "memory-agent"

# Every label below takes values from a closed set written in the code or declared in
# AGENTS.md (agent and memory names): no user id, session id or message text is ever a label.
TURNS = Counter("memory_agent_turns", "Turns by outcome: answered, degraded (a tier was down), refused", ["outcome"])
TURN_LATENCY = Histogram(
    "memory_agent_turn_latency_seconds", "Whole-turn latency, receive to extract",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0),
)
MODEL_CALLS = Counter("memory_agent_model_calls", "Model calls by who answered: primary, backup, offline, fallback", ["used"])
MODEL_LATENCY = Histogram("memory_agent_model_latency_seconds", "Model call latency (with retries)")
RECALL_LATENCY = Histogram("memory_agent_recall_latency_seconds", "Recall latency (search + rerank)")
RECALL_TURNS = Counter("memory_agent_recall_turns", "Turns that searched long-term memory (consent on, not refused)")
MEMORY_HITS = Counter("memory_agent_memory_hit_turns", "Turns where recalled memory was injected")
RECALL_CACHE = Counter("memory_agent_recall_cache_lookups", "Recall-cache lookups by result: hit, miss", ["result"])
CONTEXT_TOKENS = Histogram(
    "memory_agent_context_tokens", "Context tokens per turn by budget section", ["section"],
    buckets=(64, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072),
)
CONTEXT_BYTES = Histogram(
    "memory_agent_context_bytes", "Context size per turn in UTF-8 bytes by section", ["section"],
    buckets=(256, 1024, 4096, 16384, 65536, 262144, 1048576),
)
AGENT_HOP_LATENCY = Histogram(
    "memory_agent_agent_hop_seconds", "From one agent's output to the next agent's input (declared teams)",
    ["from_agent", "to_agent"], buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0),
)
FALLBACKS = Counter("memory_agent_fallbacks", "Fallbacks taken, by stage and reason", ["stage", "reason"])
BREAKER_OPEN = Gauge("memory_agent_breaker_open", "1 while the model circuit breaker is open")
SCREENING_BLOCKS = Counter("memory_agent_screening_blocks", "Turns blocked by the injection screen")
PII_MASKS = Counter("memory_agent_pii_masks", "PII items masked", ["kind"])
PERMISSION_DENIALS = Counter(
    "memory_agent_permission_denials", "Memory accesses denied by AGENTS.md rules, by agent and memory",
    ["agent", "memory"],
)
QUOTA_REFUSALS = Counter("memory_agent_quota_refusals", "Sessions refused by the per-user quota")
MEMORIES_WRITTEN = Counter("memory_agent_memories_written", "Extracted memories by action", ["action"])
SQL_STATEMENTS = Counter("memory_agent_sql_statements", "SQL statements sent, by store: longterm (PostgreSQL), working", ["store"])
EMBEDDING_TEXTS = Counter("memory_agent_embedding_texts", "Texts encoded by the embedder (cache hits not counted), by kind", ["kind"])
EMBEDDING_CALLS = Counter("memory_agent_embedding_calls", "Encoder calls (one batch each), by kind", ["kind"])

#: Reasons of ``FALLBACKS`` (the ``reason`` label): a closed set.
FALLBACK_REASONS = ("store_unavailable", "model_error", "backup_model", "fallback_reply", "tool_retry",
                    "backup_tool", "tool_skipped")

#: The (stage, reason) pairs ``FALLBACKS`` is counted with: a tier that was down, and the
#: model's, the extractor's and the tools' fallbacks.
FALLBACK_SERIES = (
    *((tier, "store_unavailable") for tier in ("shortterm", "working", "longterm", "knowledge")),
    ("infer", "backup_model"), ("infer", "fallback_reply"), ("extract", "model_error"),
    ("tool", "tool_retry"), ("tool", "backup_tool"), ("tool", "tool_skipped"),
)


def zero_known_series(pii_kinds: Iterable[str] = ()) -> None:
    """Create every series of the labelled counters whose label values are known, at 0.

    Prometheus' ``increase()`` counts from a series' first sample: a series created by its first
    event (the first fallback after a restart) would hide that event. Called when a process that
    serves ``/metrics`` starts; the PII kinds are the receive stage's (passed in: core imports
    nothing above it). Agent and memory names (``PERMISSION_DENIALS``) come from AGENTS.md and are
    left to their first denial.
    """
    for outcome in ("answered", "degraded", "refused"):
        TURNS.labels(outcome=outcome)
    for used in get_args(InferLabel.model_fields["used"].annotation):
        MODEL_CALLS.labels(used=used)
    for result in ("hit", "miss"):
        RECALL_CACHE.labels(result=result)
    for stage_name, reason in FALLBACK_SERIES:
        FALLBACKS.labels(stage=stage_name, reason=reason)
    for kind in pii_kinds:
        PII_MASKS.labels(kind=kind)
    for action in get_args(ExtractedLabel.model_fields["action"].annotation):
        MEMORIES_WRITTEN.labels(action=action)
    for store in ("longterm", "working"):
        SQL_STATEMENTS.labels(store=store)
    for kind in ("query", "passage"):
        EMBEDDING_TEXTS.labels(kind=kind)
        EMBEDDING_CALLS.labels(kind=kind)


def record_fallback(stage_name: str, reason: str) -> None:
    """Count one fallback; ``reason`` must be one of ``FALLBACK_REASONS`` (bounded labels)."""
    if reason not in FALLBACK_REASONS:
        raise ValueError(f"unknown fallback reason {reason!r}; add it to core.telemetry.FALLBACK_REASONS")
    FALLBACKS.labels(stage=stage_name, reason=reason).inc()


def _turn_outcome(labels: MemoryLabels) -> str:
    """``refused`` (screened out, or no model call), ``degraded`` (a tier was down) or ``answered``."""
    screened = labels.screening is not None and labels.screening.blocked
    if screened or (labels.infer is not None and labels.infer.used == "skipped"):
        return "refused"
    return "degraded" if labels.degraded else "answered"


def _record_recall(labels: MemoryLabels) -> None:
    """Recall's share of a turn's metrics: the turn, the cache result, a hit and the latency."""
    if labels.recall is None or not labels.longterm_enabled:
        return
    RECALL_TURNS.inc()
    RECALL_CACHE.labels(result="hit" if labels.recall.cache_hit else "miss").inc()
    if labels.recall.injected_ids:
        MEMORY_HITS.inc()
    if "recall" in labels.timings_ms:
        RECALL_LATENCY.observe(labels.timings_ms["recall"] / 1000.0)


def _record_budget(labels: MemoryLabels) -> None:
    """The tokens and bytes of each context section the turn's budget used."""
    if labels.budget is None:
        return
    for section, used in labels.budget.used.items():
        CONTEXT_TOKENS.labels(section=section).observe(used)
    for section, size in labels.budget.bytes.items():
        CONTEXT_BYTES.labels(section=section).observe(size)


def record_turn(labels: MemoryLabels) -> None:
    """Count a finished turn from its labels, the one place turn metrics are recorded.

    The labels are what Studio and ``/memory/explain`` show, so the metrics and the trace
    never disagree. Called once per turn (``pipelines.turn.close_labels``).
    """
    TURNS.labels(outcome=_turn_outcome(labels)).inc()
    total = labels.timings_ms.get("total")
    if total is not None:
        TURN_LATENCY.observe(total / 1000.0)
    for tier in labels.degraded:
        record_fallback(tier, "store_unavailable")
    _record_recall(labels)
    _record_budget(labels)
    health.SERIES.tick()


_tracers: dict[int, tuple[trace.TracerProvider, trace.Tracer]] = {}


def tracer() -> trace.Tracer:
    """The project's tracer from the current provider (so a provider set later is honoured).

    One per provider: the SDK's ``get_tracer`` builds a new ``Tracer`` (and its scope) on every
    call, and a turn opens ~5 spans.
    """
    provider = trace.get_tracer_provider()
    known = _tracers.get(id(provider))
    if known is not None and known[0] is provider:
        return known[1]
    made = trace.get_tracer(TRACER_NAME, tracer_provider=provider)
    _tracers.clear()  # only the current provider's is ever used again
    _tracers[id(provider)] = (provider, made)
    return made


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

