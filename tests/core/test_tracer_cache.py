"""``core.telemetry.tracer``: one tracer per provider, and a provider set later is honoured."""
from __future__ import annotations

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider

from core import telemetry


def test_the_same_provider_gives_the_same_tracer_and_a_new_one_its_own(monkeypatch) -> None:  # noqa: ANN001
    first, second = TracerProvider(), TracerProvider()
    current = [first]
    monkeypatch.setattr(trace, "get_tracer_provider", lambda: current[0])
    a = telemetry.tracer()
    assert telemetry.tracer() is a
    current[0] = second
    b = telemetry.tracer()
    assert b is not a and telemetry.tracer() is b
    with b.start_as_current_span("memory.test") as span:
        assert span.is_recording()
    current[0] = first
    assert telemetry.tracer() is not b
