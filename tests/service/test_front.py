"""``WarmingFront``: what ``serve`` answers between binding and the service being built."""
from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from app.service.front import WarmingFront


async def _ok(scope: dict[str, Any], receive: Any, send: Any) -> None:
    body = f"served {scope['path']}".encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body})


class _App:
    state = "the app's state"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await _ok(scope, receive, send)


def _client(front: WarmingFront) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=front), base_url="http://front")


async def test_health_says_warming_and_a_request_waits_for_the_service() -> None:
    front = WarmingFront(wait_s=5)
    async with _client(front) as http:
        health = await http.get("/health")
        assert health.status_code == 200 and health.json()["readiness"] == "warming"
        assert front.state is None
        waiting = asyncio.ensure_future(http.get("/memory/x"))
        await asyncio.sleep(0.05)
        assert not waiting.done()  # not refused: it waits for the service
        front.ready(_App())
        answer = await waiting
        assert answer.status_code == 200 and answer.text == "served /memory/x"
        assert (await http.get("/health")).text == "served /health"  # the service's own /health now
        assert front.state == "the app's state"


async def test_a_request_that_waits_too_long_or_a_failed_build_is_503_with_retry_after() -> None:
    front = WarmingFront(wait_s=0.05)
    async with _client(front) as http:
        late = await http.get("/chat/")
        assert late.status_code == 503 and late.headers["retry-after"] == "1"
        assert "still starting" in late.json()["detail"]
        front.failed("AGENTS.md is older than the deployed version")
        failed = await http.get("/chat/")
        assert failed.status_code == 503 and "AGENTS.md is older" in failed.json()["detail"]
        assert (await http.get("/health")).status_code == 503


@pytest.mark.parametrize("event", ["startup", "shutdown"])
async def test_the_front_answers_uvicorns_lifespan_itself(event: str) -> None:
    front = WarmingFront()
    sent: list[dict[str, Any]] = []
    messages = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await asyncio.wait_for(front({"type": "lifespan"}, receive, send), 2)
    assert {"type": f"lifespan.{event}.complete"} in sent
