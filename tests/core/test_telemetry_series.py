"""``core.telemetry.zero_known_series``: every known series of a labelled counter exists at 0 from the start."""
from __future__ import annotations

from prometheus_client import REGISTRY

from core import telemetry


def _value(name: str, **labels: str) -> float | None:
    return REGISTRY.get_sample_value(name, labels)


def test_known_series_exist_before_their_first_event() -> None:
    telemetry.zero_known_series(("email", "phone_cn"))
    assert _value("memory_agent_turns_total", outcome="degraded") is not None
    assert _value("memory_agent_fallbacks_total", stage="longterm", reason="store_unavailable") is not None
    assert _value("memory_agent_fallbacks_total", stage="infer", reason="fallback_reply") is not None
    assert _value("memory_agent_model_calls_total", used="backup") is not None
    assert _value("memory_agent_memories_written_total", action="superseded") is not None
    assert _value("memory_agent_pii_masks_total", kind="phone_cn") is not None
    assert _value("memory_agent_embedding_calls_total", kind="passage") is not None
    assert _value("memory_agent_recall_cache_lookups_total", result="hit") is not None


def test_zeroing_again_keeps_what_was_counted() -> None:
    telemetry.zero_known_series()
    before = _value("memory_agent_fallbacks_total", stage="tool", reason="tool_retry") or 0.0
    telemetry.record_fallback("tool", "tool_retry")
    telemetry.zero_known_series()
    assert _value("memory_agent_fallbacks_total", stage="tool", reason="tool_retry") == before + 1


def test_every_fallback_series_has_a_known_reason() -> None:
    assert {reason for _, reason in telemetry.FALLBACK_SERIES} <= set(telemetry.FALLBACK_REASONS)
