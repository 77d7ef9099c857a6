"""Work ``serve`` no longer does on every turn (issue 20): spans no one receives, full
garbage collections over the objects of start-up."""
from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_NO_EXPORTER = """
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from app.tracing import configure_tracing
from core.telemetry import stage, turn_span
assert configure_tracing(None) is None
assert not isinstance(trace.get_tracer_provider(), TracerProvider)
with turn_span("alice") as trace_id:
    with stage("receive") as span:
        assert not span.is_recording()
assert len(trace_id) == 32 and int(trace_id, 16) > 0
with turn_span("alice") as again:
    pass
assert again != trace_id
print("ok")
"""

_WITH_EXPORTER = """
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from app.tracing import configure_tracing
from core.telemetry import stage, turn_span
spans = InMemorySpanExporter()
assert configure_tracing(exporter=spans) is not None
with turn_span("alice") as trace_id:
    with stage("receive"):
        pass
names = [s.name for s in spans.get_finished_spans()]
assert names == ["memory.receive", "memory.turn"], names
assert format(spans.get_finished_spans()[1].context.trace_id, "032x") == trace_id
print("ok")
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_serve_without_an_exporter_records_no_spans_and_each_turn_still_gets_its_own_trace_id() -> None:
    assert _run(_NO_EXPORTER) == "ok"


def test_with_an_exporter_each_turn_is_recorded_under_the_trace_id_it_reports() -> None:
    assert _run(_WITH_EXPORTER) == "ok"


def test_the_objects_of_start_up_are_frozen_out_of_full_collections() -> None:
    from app.serve_command import settle_heap

    before = gc.get_freeze_count()
    try:
        settle_heap()
        assert gc.get_freeze_count() > before
        garbage: list[object] = []
        garbage.append(garbage)  # a cycle made after start-up is still collected
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
