"""A real model's reply streams: deltas reach ``GET /sessions/{id}/stream`` as the model writes them,
and a retry after partial output is announced (a ``reply_reset`` event) and stored as the final answer.

``serve`` talks to a loopback OpenAI-compatible stub (``tests.models.openai_stub``) that sends
each delta 0.12 s after the previous one; the first attempt of the second turn stalls after
four deltas, so the wrapper's timeout retries it.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


from tests.models.openai_stub import OpenAIStub, Step
from tests.service.conftest import WebUiSession, serve
from tests.service.test_webui_contract import Stream, _user_msg

STORY = [f"word{i} " for i in range(14)]
PARTIAL = ["DRAFT-a ", "DRAFT-b ", "DRAFT-c ", "DRAFT-d "]
FINAL = [f"final{i} " for i in range(11)]


class TimedStream(Stream):
    """The web UI's SSE reader that also notes when each event arrived."""

    def until_timed(self, event_type: str, timeout_s: float = 90) -> list[tuple[float, dict[str, Any]]]:
        seen: list[tuple[float, dict[str, Any]]] = []
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                event = self.events.get(timeout=0.02)
            except Exception:  # noqa: BLE001 - queue.Empty
                continue
            seen.append((time.monotonic(), event))
            if event["type"] == event_type:
                return seen
        raise AssertionError(f"no {event_type} within {timeout_s} s; got {[e['type'] for _, e in seen]}")


def _deltas(events: list[tuple[float, dict[str, Any]]]) -> list[tuple[float, str]]:
    return [(t, e["delta"]) for t, e in events if e["type"] == "TEXT_BLOCK_DELTA" and e["delta"]]


def test_deltas_stream_as_produced_and_a_retry_after_partial_output_resets_and_stores_the_final_reply(
    create_database: Callable[[], str], tmp_path: Path,
) -> None:
    script = [Step(STORY, delay_s=0.12), Step(PARTIAL, delay_s=0.05, stall=True), Step(FINAL, delay_s=0.05)]
    with OpenAIStub(script) as stub, serve(create_database, tmp_path, extra_env={
        "CHAT_PROVIDER": "openai", "OPENAI_BASE_URL": stub.url, "CHAT_MODEL": "stub",
        "MODEL_TIMEOUT_S": "4", "MODEL_BACKOFF_BASE_S": "0", "MODEL_MAX_RETRIES": "1",
    }) as server:
        web = WebUiSession.open(server, "stream")
        ui, ids, session_id = web.ui, web.ids, web.ids["session_id"]
        stream = TimedStream(ui, web.stream_path, {"agent_id": ids["agent_id"]})
        try:
            assert ui.post("/chat/", json={**ids, "input": _user_msg("Tell me a short story.")}).status_code == 200
            first = stream.until_timed("REPLY_END")
            deltas = _deltas(first)
            assert len(deltas) >= 10, [e["type"] for _, e in first]
            assert "".join(d for _, d in deltas).startswith("".join(STORY))
            # As produced: the deltas arrive spread over the model's own 14 × 0.12 s, not in one burst
            # at the end (a buffered reply arrives within milliseconds).
            assert deltas[-1][0] - deltas[0][0] > 0.6
            assert deltas[0][0] < first[-1][0] - 0.6  # the first one came well before the end event

            assert ui.post("/chat/", json={**ids, "input": _user_msg("And another one?")}).status_code == 200
            second = stream.until_timed("REPLY_END")
            kinds = [e["type"] for _, e in second]
            resets = [e for _, e in second if e["type"] == "CUSTOM" and e.get("name") == "reply_reset"]
            assert len(resets) == 1, kinds
            at = next(i for i, (_, e) in enumerate(second) if e.get("name") == "reply_reset")
            before = "".join(e["delta"] for _, e in second[:at] if e["type"] == "TEXT_BLOCK_DELTA")
            after = "".join(e["delta"] for _, e in second[at + 1:] if e["type"] == "TEXT_BLOCK_DELTA")
            assert before.startswith("DRAFT-a") and after.startswith("".join(FINAL))
            ends = [e for _, e in second if e["type"] == "TEXT_BLOCK_END"]
            assert ends and ends[-1]["text"].startswith("".join(FINAL)) and "DRAFT" not in ends[-1]["text"]
        finally:
            stream.close()

        page = web.settled_messages(timeout_s=20)
        stored = "".join(b.get("text", "") for b in page["messages"][-1]["content"] if b.get("type") == "text")
        assert stored.startswith("".join(FINAL)) and "DRAFT" not in stored
        explain = ui.get("/memory/explain", params={"session_id": session_id})
        assert explain.status_code == 200
        infer = explain.json().get("labels", explain.json()).get("infer") or {}
        assert infer.get("used") == "primary" and infer.get("attempts") == 2, explain.json()
