"""The ASGI guard in front of every route: policy, body size, identity, rate limit, tracing.

For each HTTP request, before any route code runs:

1. the route is looked up in ``app.service.routes.POLICY``; unlisted or ``off`` → 404;
2. a body larger than ``MAX_BODY_BYTES`` → 413, decided from ``Content-Length`` before the
   body is read, and by counting a streamed (chunked) body as it arrives;
3. the caller is identified (``app.service.auth``) → 401, and ``admin`` routes need an
   admin credential → 403; the ``Identity`` is put on ``request.state.identity``;
4. the caller's token bucket is charged → 429 with ``Retry-After``;
5. polling routes run under an unsampled parent, so nothing they do becomes a trace; the
   HTTP server span of the other routes is FastAPI's own (``POST /chat/``: the root of the
   turn's trace), which ``untraced_request`` switches off for the polling routes.

Every refusal uses the service's one error shape (``app.service.errors``).
"""
from __future__ import annotations


from loguru import logger
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.service.auth import ANONYMOUS, Authenticator, AuthError
from app.service.errors import STORE_DOWN, error_response, is_store_outage
from app.service.ratelimit import RateLimiter
from app.service.routes import Access, Match, classify

_UNSAMPLED = NonRecordingSpan(SpanContext(trace_id=1, span_id=1, is_remote=False, trace_flags=TraceFlags(0)))


class BodyTooLarge(HTTPException):
    """The streamed body went over the limit (raised from ``receive``; answered as 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"The request body is larger than {limit} bytes (MAX_BODY_BYTES); send less.")


class Guard:
    """ASGI middleware enforcing the route policy and the abuse limits.

    Args:
        app: The wrapped application.
        auth: Verifies credentials.
        limiter: Per-user token buckets (``None``: no limit).
        max_body: Largest accepted request body, in bytes.
    """

    def __init__(self, app: ASGIApp, auth: Authenticator, limiter: RateLimiter | None, max_body: int) -> None:
        self.app = app
        self.auth = auth
        self.limiter = limiter
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websocket route is served
            await send({"type": "websocket.close", "code": 1008})
            return
        method, path = scope["method"], scope["path"]
        match = classify(method, path)
        refusal = self._route_refusal(scope, method, path, match)
        if refusal is None and match is not None:
            refusal = await (self._public(scope) if match.access is Access.PUBLIC else self._caller(scope, method, match))
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        assert match is not None
        await self._run(scope, self._counting(receive), send, match.traced, f"{method} {match.template}")

    def _route_refusal(self, scope: Scope, method: str, path: str, match: Match | None) -> ASGIApp | None:
        """405 for OPTIONS (CORS answers the listed origins), 404 for a route not served, 413 for a declared
        body over the limit; ``None``: the route is served."""
        if method == "OPTIONS":
            return error_response(405, f"OPTIONS {path} is answered only for an origin listed in CORS_ORIGINS.")
        if match is None or match.access is Access.OFF:
            return error_response(404, f"No route {method} {path} on this server; the routes it serves are in /docs.")
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            return error_response(413, self._too_large_text(), {"Connection": "close"})
        return None

    async def _public(self, scope: Scope) -> ASGIApp | None:
        """A public route needs no credential, but one that is sent must be valid (the web UI's set-up
        page checks its credential with GET /health)."""
        identity = ANONYMOUS
        if self.auth.presents_credential(Request(scope)):
            try:
                identity = await self.auth.identify(Request(scope))
            except AuthError as exc:
                return error_response(exc.status, exc.message, {"WWW-Authenticate": "Bearer"})
        scope.setdefault("state", {})["identity"] = identity
        return None

    async def _caller(self, scope: Scope, method: str, match: Match) -> ASGIApp | None:
        """The caller's identity (401), an admin for admin routes (403), within its rate limit (429)."""
        try:
            identity = await self.auth.identify(Request(scope))
        except AuthError as exc:
            return error_response(exc.status, exc.message, {"WWW-Authenticate": "Bearer"})
        if match.access is Access.ADMIN and identity.role != "admin":
            return error_response(403, f"{method} {match.template} needs an admin key "
                                  "(`python -m app keys create --user ID --admin`).")
        scope.setdefault("state", {})["identity"] = identity
        if self.limiter is None:
            return None
        wait = await self.limiter.take(identity.user_id, write=method != "GET")
        if wait <= 0:
            return None
        return error_response(429, f"Too many requests; retry in {wait:.0f} s (RATE_LIMIT_PER_MINUTE / RATE_LIMIT_BURST).",
                              {"Retry-After": f"{wait:.0f}"})

    async def _run(self, scope: Scope, receive: Receive, send: Send, traced: bool, name: str) -> None:
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            if not traced:
                token = otel_context.attach(trace.set_span_in_context(_UNSAMPLED))
                try:
                    await self.app(scope, receive, tracking_send)
                finally:
                    otel_context.detach(token)
                return
            await self.app(scope, receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await error_response(413, self._too_large_text())(scope, receive, send)
        except Exception as exc:  # noqa: BLE001 - no traceback (it may quote user input) reaches a log or a client
            if is_store_outage(exc):
                logger.warning("request failed: a store is unreachable", route=name, error=type(exc).__name__)
                if not started:
                    await error_response(503, STORE_DOWN, {"Retry-After": "5"})(scope, receive, send)
                return
            logger.error("request failed", route=name, error=type(exc).__name__)
            if not started:
                await error_response(500, "The server failed to answer this request; it is logged. Retry, or report it.")(
                    scope, receive, send)

    def _counting(self, receive: Receive) -> Receive:
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        return counted

    def _too_large_text(self) -> str:
        return f"The request body is larger than {self.max_body} bytes (MAX_BODY_BYTES); send less."


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def untraced_request(scope: Scope) -> bool:
    """FastAPI telemetry's ``exclude`` hook: no server span for polling, unlisted or off routes."""
    if scope.get("type") != "http":
        return True
    match = classify(scope["method"], scope["path"])
    return match is None or match.access is Access.OFF or not match.traced
