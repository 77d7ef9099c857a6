"""Run one stage under its declared policy: retry with backoff, then degrade, skip or fail."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from loguru import logger

from memory.errors import SessionQuotaExceededError
from pipelines.turn.services import StagePolicy

T = TypeVar("T")


def one_line(exc: BaseException) -> str:
    """An error as one short line for labels and logs (type and first line of the message)."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = text if len(text) <= 240 else text[:237] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


async def run_stage(name: str, policy: StagePolicy, call: Callable[[], Awaitable[T]]) -> tuple[T | None, str | None]:
    """``(result, None)`` on success, ``(None, error)`` when the stage degrades or is skipped.

    A refusal that is the user's to act on (the session quota) is never retried or hidden.

    Raises:
        Exception: the last error, when the policy says ``fail``.
    """
    delay = policy.backoff_s
    attempt = 0
    while True:
        try:
            return await call(), None
        except SessionQuotaExceededError:
            raise
        except Exception as exc:  # noqa: BLE001 - every store/driver error is handled by policy
            if attempt < policy.retries:
                attempt += 1
                logger.info("{} failed (attempt {}), retrying in {:.2f} s: {}", name, attempt, delay, one_line(exc))
                await asyncio.sleep(delay)
                delay *= 2
                continue
            if policy.on_failure == "fail":
                raise
            logger.warning("{} unavailable, the turn goes on without it: {}", name, one_line(exc))
            return None, one_line(exc)
