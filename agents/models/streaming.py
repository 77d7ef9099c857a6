"""The streaming path of ``ResilientChatModel``: deltas as the model produces them.

Each attempt (the primary with its retries, then the backup) is pumped by its own task into
a queue; the consumer waits on the queue with the attempt's deadline, so a stall mid-stream
is a timeout and the stalled call is cancelled in its own task. When an attempt fails after
some of its text went out, a **reset chunk** goes out before the next attempt: one empty
text block with ``metadata["reset"]`` (the memory middleware turns it into a
``reply_reset`` event for the client). The final (``is_last``) chunk holds only the answer
that completed, so what is stored is what the user ends up reading.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator
from typing import Any

from agentscope.message import Msg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse, FinishedReason
from loguru import logger

from agents.models.breaker import BreakerState
from agents.models.model_errors import ModelTimeoutError, describe

RESET_KEY = "reset"
_DONE = object()


class _Attempt:
    """One model call pumped into a queue by its own task."""

    def __init__(self, model: ChatModelBase, messages: list[Msg], request: tuple) -> None:
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task = asyncio.create_task(self._pump(model, messages, request))

    async def _pump(self, model: ChatModelBase, messages: list[Msg], request: tuple) -> None:
        tools, tool_choice, kwargs = request
        try:
            result = await model(messages=messages, tools=tools, tool_choice=tool_choice, **kwargs)
            if isinstance(result, ChatResponse):
                await self.queue.put(result)
            else:
                async for chunk in result:
                    await self.queue.put(chunk)
        except Exception as exc:  # noqa: BLE001 - handed to the consumer, which records it
            await self.queue.put(exc)
        await self.queue.put(_DONE)

    async def chunks(self, timeout_s: float, name: str) -> AsyncGenerator[ChatResponse, None]:
        """The attempt's chunks; raises its error, or ``ModelTimeoutError`` past the deadline."""
        deadline = time.monotonic() + timeout_s
        try:
            while True:
                try:
                    item = await asyncio.wait_for(self.queue.get(), max(deadline - time.monotonic(), 0.0))
                except TimeoutError:
                    raise ModelTimeoutError(name, timeout_s) from None
                if item is _DONE:
                    return
                if isinstance(item, Exception):
                    raise item
                if item.is_last and item.finished_reason == FinishedReason.INTERRUPTED:
                    raise ModelTimeoutError(name, timeout_s)
                yield item
        finally:
            if not self.task.done():
                self.task.cancel()


def reset_chunk(reason: str) -> ChatResponse:
    """The chunk that voids the text streamed so far (an empty text block, so it is not dropped)."""
    return ChatResponse(content=[TextBlock(text="")], is_last=False, metadata={RESET_KEY: {"reason": reason}})


def is_reset(chunk: Any) -> bool:
    """Whether a streamed chunk is a reset chunk."""
    meta = getattr(chunk, "metadata", None)
    return isinstance(meta, dict) and RESET_KEY in meta


async def _one(model: Any, which: ChatModelBase, messages: list[Msg], request: tuple,
               shown: list[bool]) -> AsyncGenerator[ChatResponse, None]:
    """Stream one attempt: its deltas out, its final chunk last (``shown[0]``: text went out)."""
    final: ChatResponse | None = None
    async for chunk in _Attempt(which, messages, request).chunks(model.timeout_s, which.model):
        if chunk.is_last:
            final = chunk
        elif chunk.content:
            shown[0] = True
            yield chunk
    if final is None:
        raise RuntimeError("the model's stream ended without a final response")
    yield final


async def resilient_stream(model: Any, messages: list[Msg], request: tuple) -> AsyncGenerator[ChatResponse, None]:
    """Primary (retries, breaker) → backup → fallback, streamed; the outcome on the final chunk.

    Args:
        model: The ``ResilientChatModel`` (its primary, backup, breaker, timeout and retries).
        messages: The formatted messages.
        request: ``(tools, tool_choice, kwargs)`` of the call.
    """

    started = time.monotonic()
    outcome: dict[str, Any] = {"attempts": 0, "retries": 0, "delays": [], "used": "fallback", "model": None,
                               "breaker": model.breaker.state.value, "errors": [], "resets": 0}
    shown = [False]
    final: ChatResponse | None = None

    async def attempt(which: ChatModelBase, msgs: list[Msg], label: str) -> AsyncGenerator[ChatResponse, None]:
        nonlocal final
        try:
            async for chunk in _one(model, which, msgs, request, shown):
                if chunk.is_last:
                    final = chunk
                else:
                    yield chunk
        except Exception as exc:  # noqa: BLE001 - recorded; the next attempt or the fallback answers
            outcome["errors"].append(f"{label}: {describe(exc)}")
            logger.warning("model {} failed ({}): {}", which.model, label, describe(exc))
            if shown[0]:
                shown[0] = False
                outcome["resets"] += 1
                yield reset_chunk(f"{label} failed after partial output: {describe(exc)}")
            raise

    trial = model.breaker.state is BreakerState.HALF_OPEN
    if not model.breaker.allow_request():
        outcome["errors"].append(f"circuit breaker open after {model.breaker.consecutive_failures} failed calls: "
                                 f"primary {model.primary.model!r} skipped")
    else:
        try:
            for n in range(1 if trial else model.retries + 1):
                if n:
                    delay = model.backoff_base_s * 2 ** (n - 1)
                    outcome["delays"].append(delay)
                    outcome["retries"] += 1
                    await model._sleep(delay)  # noqa: SLF001 - the wrapper's injectable sleep
                outcome["attempts"] += 1
                try:
                    async for chunk in attempt(model.primary, messages, f"primary {model.primary.model!r} attempt {n + 1}"):
                        yield chunk
                except Exception as exc:  # noqa: BLE001 - recorded by attempt()
                    if not model._is_transient(exc):  # noqa: SLF001
                        break
                    continue
                model.breaker.record_success()
                outcome["used"], outcome["model"] = "primary", model.primary.model
                break
            if final is None:
                model.breaker.record_failure()
        finally:
            if trial:
                model.breaker.release_trial()
    if final is None and model.backup is not None:
        try:
            async for chunk in attempt(model.backup, model.backup_messages(messages), f"backup {model.backup.model!r}"):
                yield chunk
            outcome["used"], outcome["model"] = "backup", model.backup.model
        except Exception:  # noqa: BLE001 - recorded by attempt(); the fallback reply answers
            pass
    if final is None:
        logger.warning("model unavailable, fallback reply; errors: {}", outcome["errors"])
        final = model._fallback_response(messages)  # noqa: SLF001
        yield ChatResponse(content=list(final.content), is_last=False)
    outcome["breaker"] = model.breaker.state.value
    outcome["elapsed_s"] = round(time.monotonic() - started, 3)
    final.metadata["resilience"] = outcome
    model.last_outcome = outcome
    yield final
