"""OpenTelemetry set-up for the service: one SDK ``TracerProvider`` per process, when spans are exported.

With an SDK provider installed (``--otlp-endpoint``, or a test's exporter), AgentScope's
``TracingMiddleware`` records the agent and model-call spans and ``core.telemetry`` records
one span per pipeline stage; the turn's
``trace_id`` (logs, ``Msg.metadata["memory"]``) is then the OpenTelemetry trace id.
``--otlp-endpoint`` adds an OTLP/HTTP exporter, e.g. AgentScope Studio's
``http://127.0.0.1:3000/v1/traces``.
"""
from __future__ import annotations

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter

from memory.errors import ConfigError

SERVICE_NAME = "memory-agent"


def tracer_provider() -> TracerProvider:
    """The process's SDK provider, installed on first use.

    OpenTelemetry allows the global provider to be set once; a second call returns the
    provider already installed, so exporters can be added to it later (tests do).
    """
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):
        return current
    provider = TracerProvider(resource=Resource.create({"service.name": SERVICE_NAME}))
    trace.set_tracer_provider(provider)
    installed = trace.get_tracer_provider()
    if not isinstance(installed, TracerProvider):
        raise ConfigError(
            "Another OpenTelemetry tracer provider is already installed in this process; "
            "start the service without it (or without OTEL_* auto-instrumentation)."
        )
    return installed


def otlp_exporter(endpoint: str) -> SpanExporter:
    """An OTLP/HTTP (protobuf) span exporter posting to ``endpoint``.

    Raises:
        ConfigError: the endpoint is not an http(s) URL.
    """
    if not endpoint.startswith(("http://", "https://")):
        raise ConfigError(
            f"--otlp-endpoint must be an http(s) URL such as http://127.0.0.1:3000/v1/traces, got {endpoint!r}"
        )
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return OTLPSpanExporter(endpoint=endpoint, timeout=10)


def configure_tracing(otlp_endpoint: str | None = None, exporter: SpanExporter | None = None) -> TracerProvider | None:
    """Install the SDK provider and attach exporters, when there is somewhere to send spans.

    Without an endpoint or an exporter nothing is installed: spans no one receives are not
    recorded (the SDK would build ~16 a turn, with their attributes, and drop them), AgentScope's
    ``TracingMiddleware`` short-circuits, and a turn's ``trace_id`` is a fresh random 32-hex id
    (``core.telemetry.trace_id_of``) instead of the id of a trace no one can see. A provider
    installed earlier (an exporter added by a test, auto-instrumentation) is left as it is.

    Args:
        otlp_endpoint: Export over OTLP/HTTP here (batched) when given.
        exporter: Also export synchronously to this exporter (tests pass an in-memory one).

    Returns:
        The process's provider, or ``None`` when none was needed.
    """
    if not otlp_endpoint and exporter is None:
        return None
    provider = tracer_provider()
    if otlp_endpoint:
        provider.add_span_processor(BatchSpanProcessor(otlp_exporter(otlp_endpoint)))
    if exporter is not None:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider


def shutdown_tracing() -> None:
    """Flush pending spans (at server stop), so the last turns reach the collector."""
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):
        current.force_flush(timeout_millis=5000)
