"""Each turn through the service is one OpenTelemetry trace: the agent span of AgentScope's
TracingMiddleware at the root, the model call, ``memory.turn`` and a span per stage; its
trace id is the one in the turn's log lines and in the reply's ``metadata["memory"]``."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loguru import logger
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

import app.logging  # noqa: F401 - installs the patcher that puts trace_id on every log line
from app.tracing import configure_tracing
from tests.service.conftest import in_process_server

STAGES = {"memory.receive", "memory.recall", "memory.rerank", "memory.context", "memory.infer", "memory.extract"}
"""Stage spans of every turn; ``memory.store`` only when the turn writes a memory."""


async def test_each_turn_is_one_trace_with_a_span_per_stage_and_the_logged_trace_id(
    create_database: Callable[[], str], tmp_path: Path
) -> None:
    exporter = InMemorySpanExporter()
    configure_tracing(exporter=exporter)
    records: list[dict[str, Any]] = []
    sink = logger.add(lambda message: records.append(message.record), level="INFO")
    try:
        async with in_process_server(create_database, tmp_path / "home") as server:
            erin = await server.user("erin")
            await asyncio.to_thread(erin.bootstrap)
            exporter.clear()
            replies = [
                await asyncio.to_thread(erin.chat, "I live in Hangzhou and I prefer green tea."),
                await asyncio.to_thread(erin.chat, "What do I drink?"),
            ]
    finally:
        logger.remove(sink)

    spans = exporter.get_finished_spans()
    turn_traces = [format(s.context.trace_id, "032x") for s in spans if s.name == "memory.turn"]
    label_traces = [r["metadata"]["memory"]["trace_id"] for r in replies]
    assert turn_traces == label_traces and len(set(label_traces)) == 2

    for number, trace_id in enumerate(label_traces):
        mine = [s for s in spans if format(s.context.trace_id, "032x") == trace_id]
        names = [s.name for s in mine]
        roots = [s for s in mine if s.parent is None]
        assert [r.name for r in roots] == ["POST /chat/"], names
        agent = next(s for s in mine if s.name == "invoke_agent assistant")
        turn = next(s for s in mine if s.name == "memory.turn")
        assert turn.parent.span_id == agent.context.span_id
        assert STAGES <= set(names), names
        assert names.count("memory.turn") == 1
        assert any(s.attributes.get("gen_ai.operation.name") == "chat" for s in mine), names
        if number == 0:
            assert "memory.store" in names
        recall = next(s for s in mine if s.name == "memory.recall")
        assert recall.parent.span_id == turn.context.span_id
        assert turn.attributes["memory.trace_id"] == trace_id

        logged = [r for r in records if r["extra"].get("user_id") == erin.user_id]
        received = [r["extra"]["trace_id"] for r in logged if r["message"] == "turn received"]
        done = [r["extra"]["trace_id"] for r in logged if r["message"] == "turn done"]
        assert received[number] == done[number] == trace_id
    assert not [s for s in spans if s.name.startswith("memory.") and format(s.context.trace_id, "032x") not in label_traces]
