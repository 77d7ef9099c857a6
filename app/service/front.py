"""The ASGI app ``serve`` listens with from its first second, while the real service warms.

Importing AgentScope, FastAPI and the pipelines and opening the stores (the embedded
servers start then) takes seconds; a supervisor, a load balancer or a test waiting for
``/health`` should not see a refused connection all that time. ``serve`` binds at once with
a :class:`WarmingFront` and builds the service in the background:

* while it warms, ``GET /health`` answers 200 with ``"readiness": "warming"`` (the process
  is alive and will serve), every other request waits for the service (at most
  ``wait_s``, then 503 with ``Retry-After``), so a client that came early is served, not refused;
* once the service is built and its lifespan started (:meth:`WarmingFront.ready`), every
  request goes to it unchanged; its ``/health`` says ``ready`` or ``degraded``;
* a service that failed to build (:meth:`WarmingFront.failed`) answers 503 until the
  process exits with the one-line error.

The front answers uvicorn's lifespan itself (at once); the real app's lifespan is run by
``serve`` around the time it serves. This module imports the standard library only.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

WAIT_S = 60.0
TIERS = ("short-term", "working", "long-term")


class WarmingFront:
    """Answers ``/health`` while the service warms, then hands every request to it.

    Args:
        wait_s: How long a request other than ``/health`` waits for the service.
    """

    def __init__(self, wait_s: float = WAIT_S) -> None:
        self.wait_s = wait_s
        self.app: Any = None
        self.error: str | None = None
        self._done = asyncio.Event()

    @property
    def state(self) -> Any:
        """The real app's ``state`` (``None`` while warming), for the stop logic that reads it."""
        return getattr(self.app, "state", None)

    def ready(self, app: Any) -> None:
        """Send every request to ``app`` from now on (its lifespan has started)."""
        self.app = app
        self._done.set()

    def failed(self, why: str) -> None:
        """The service could not be built: answer 503 (``why``) until the process exits."""
        self.error = why
        self._done.set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if self.app is None and not (scope["type"] == "http" and scope.get("path") == "/health"):
            try:
                await asyncio.wait_for(self._done.wait(), self.wait_s)
            except TimeoutError:
                pass
        if self.app is not None:
            await self.app(scope, receive, send)
            return
        await self._not_ready(scope, send)

    async def _not_ready(self, scope: Scope, send: Send) -> None:
        """What a request gets while the service is not built: ``/health`` says warming, the rest 503."""
        if scope["type"] != "http":  # a websocket while warming: refuse it
            await send({"type": "websocket.close", "code": 1013})
            return
        if scope.get("path") == "/health" and self.error is None:
            await _json(send, 200, {"status": "not_ready", "readiness": "warming",
                                    "stores": dict.fromkeys(TIERS, "warming"), "components": {}, "replica": None})
            return
        detail = (f"the service could not start: {self.error}" if self.error is not None
                  else "the service is still starting; retry in a few seconds.")
        await _json(send, 503, {"detail": detail, "status": 503, "code": "unavailable"}, retry_after=True)


async def _lifespan(receive: Receive, send: Send) -> None:
    """uvicorn's lifespan, answered at once (the real app's runs in ``serve``)."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def _json(send: Send, status: int, body: dict[str, Any], retry_after: bool = False) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    if retry_after:
        headers.append((b"retry-after", b"1"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})
