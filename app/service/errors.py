"""One JSON error shape for every 4xx/5xx the service answers.

``{"detail": "<one line: what went wrong and what to do>", "status": 404, "code": "not_found"}``.
``detail`` stays a string because the AgentScope web UI shows ``detail`` to the user
(``extractErrorDetail`` in its ``api/client.ts``); validation errors are flattened into
one line naming the first bad field. No traceback ever reaches a client.
"""
from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from loguru import logger
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from memory.errors import MemoryAgentError, SessionQuotaExceededError

CODES = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
    409: "conflict", 413: "payload_too_large", 415: "unsupported_media_type", 422: "invalid_request",
    429: "too_many_requests", 500: "internal_error", 503: "unavailable",
}


STORE_DOWN = ("A store this request needs (Redis or the SQL store) is unreachable right now; "
              "retry in a few seconds.")


def is_store_outage(exc: BaseException) -> bool:
    """Whether ``exc`` is a store that cannot be reached (an answer for 503, not 500)."""
    from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError

    return isinstance(exc, (RedisConnectionError, RedisTimeoutError, ConnectionError, TimeoutError, OSError))


def one_line(text: Any) -> str:
    """``text`` as a single line (newlines folded)."""
    return " ".join(str(text).split())


def error_body(status: int, detail: Any) -> dict[str, Any]:
    """The service's error body."""
    if not isinstance(detail, str):
        detail = one_line(detail)
    return {"detail": one_line(detail), "status": status, "code": CODES.get(status, "error")}


def error_response(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """A JSON error response in the service's shape."""
    return JSONResponse(error_body(status, detail), status_code=status, headers=headers)


def _validation_line(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "The request is not valid; check it against /docs."
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"Invalid request: {where}: {first.get('msg', 'invalid value')}{more}; see /docs for the expected shape."


def install_error_handlers(app: FastAPI) -> None:
    """Make every error the app raises answer in the one shape."""

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, _validation_line(exc))

    @app.exception_handler(ValidationError)
    async def _invalid_data(_: Request, exc: ValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or exc.title
        return error_response(422, f"Invalid data: {where}: {first.get('msg', 'invalid value')}; see /docs.")

    @app.exception_handler(SessionQuotaExceededError)
    async def _quota(_: Request, exc: SessionQuotaExceededError) -> JSONResponse:
        return error_response(
            409,
            f"You already have {exc.quota} open sessions (SESSION_QUOTA={exc.quota}); none is closed for you. "
            "Free one with DELETE /sessions/{session_id}?agent_id=... and retry.",
        )

    @app.exception_handler(MemoryAgentError)
    async def _ours(_: Request, exc: MemoryAgentError) -> JSONResponse:
        logger.warning("request failed", error=type(exc).__name__)
        return error_response(503, one_line(exc))

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        if is_store_outage(exc):
            logger.warning("a store is unreachable", error=type(exc).__name__)
            return error_response(503, STORE_DOWN, {"Retry-After": "5"})
        logger.error("unexpected error in a request", error=type(exc).__name__)
        return error_response(500, "The server failed to answer this request; it is logged. Retry, or report it.")
