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


class _Call:
    """One resilient streamed call: the outcome it records, whether text went out, its final chunk."""

    def __init__(self, model: Any, messages: list[Msg], request: tuple[Any, ...]) -> None:
        self.model, self.messages, self.request = model, messages, request
        self.started = time.monotonic()
        self.outcome: dict[str, Any] = {"attempts": 0, "retries": 0, "delays": [], "used": "fallback", "model": None,
                                        "breaker": model.breaker.state.value, "errors": [], "resets": 0}
        self.shown = [False]
        self.final: ChatResponse | None = None

    async def attempt(self, which: ChatModelBase, msgs: list[Msg], label: str) -> AsyncGenerator[ChatResponse, None]:
        """One attempt's deltas (its final chunk kept); a failure is recorded, reset if text went out, re-raised."""
        try:
            async for chunk in _one(self.model, which, msgs, self.request, self.shown):
                if chunk.is_last:
                    self.final = chunk
                else:
                    yield chunk
        except Exception as exc:  # noqa: BLE001 - recorded; the next attempt or the fallback answers
            self.outcome["errors"].append(f"{label}: {describe(exc)}")
            logger.warning("model {} failed ({}): {}", which.model, label, describe(exc))
            if self.shown[0]:
                self.shown[0] = False
                self.outcome["resets"] += 1
                yield reset_chunk(f"{label} failed after partial output: {describe(exc)}")
            raise

    def breaker_open(self) -> None:
        """Record that the open breaker skipped the primary."""
        self.outcome["errors"].append(f"circuit breaker open after {self.model.breaker.consecutive_failures} "
                                      f"failed calls: primary {self.model.primary.model!r} skipped")

    async def primary(self, trial: bool) -> AsyncGenerator[ChatResponse, None]:
        """The primary with its retries (one try for a half-open breaker's trial), until one completes
        or a failure is not transient."""
        model = self.model
        for n in range(1 if trial else model.retries + 1):
            if n:
                await self._back_off(n)
            self.outcome["attempts"] += 1
            try:
                async for chunk in self.attempt(model.primary, self.messages,
                                                f"primary {model.primary.model!r} attempt {n + 1}"):
                    yield chunk
            except Exception as exc:  # noqa: BLE001 - recorded by attempt()
                if not model._is_transient(exc):  # noqa: SLF001
                    return
                continue
            model.breaker.record_success()
            self.outcome["used"], self.outcome["model"] = "primary", model.primary.model
            return

    async def _back_off(self, n: int) -> None:
        delay = self.model.backoff_base_s * 2 ** (n - 1)
        self.outcome["delays"].append(delay)
        self.outcome["retries"] += 1
        await self.model._sleep(delay)  # noqa: SLF001 - the wrapper's injectable sleep

    async def backup(self) -> AsyncGenerator[ChatResponse, None]:
        """The backup model, when the primary gave no answer and one is configured."""
        backup = self.model.backup
        if self.final is not None or backup is None:
            return
        try:
            async for chunk in self.attempt(backup, self.model.backup_messages(self.messages), f"backup {backup.model!r}"):
                yield chunk
            self.outcome["used"], self.outcome["model"] = "backup", backup.model
        except Exception:  # noqa: BLE001 - recorded by attempt(); the fallback reply answers
            pass

    def fallback(self) -> list[ChatResponse]:
        """The fallback reply's text chunk when no model answered (it becomes the final chunk)."""
        if self.final is not None:
            return []
        logger.warning("model unavailable, fallback reply; errors: {}", self.outcome["errors"])
        self.final = self.model._fallback_response(self.messages)  # noqa: SLF001
        return [ChatResponse(content=list(self.final.content), is_last=False)]

    def close(self) -> ChatResponse:
        """The final chunk, carrying the outcome (also kept as the model's ``last_outcome``)."""
        if self.final is None:
            raise RuntimeError("close() before fallback(): no final chunk to carry the outcome")
        self.outcome["breaker"] = self.model.breaker.state.value
        self.outcome["elapsed_s"] = round(time.monotonic() - self.started, 3)
        self.final.metadata["resilience"] = self.outcome
        self.model.last_outcome = self.outcome
        return self.final


async def resilient_stream(model: Any, messages: list[Msg], request: tuple) -> AsyncGenerator[ChatResponse, None]:
    """Primary (retries, breaker) → backup → fallback, streamed; the outcome on the final chunk.

    Args:
        model: The ``ResilientChatModel`` (its primary, backup, breaker, timeout and retries).
        messages: The formatted messages.
        request: ``(tools, tool_choice, kwargs)`` of the call.
    """
    call = _Call(model, messages, request)
    trial = model.breaker.state is BreakerState.HALF_OPEN
    if not model.breaker.allow_request():
        call.breaker_open()
    else:
        try:
            async for chunk in call.primary(trial):
                yield chunk
            if call.final is None:
                model.breaker.record_failure()
        finally:
            if trial:
                model.breaker.release_trial()
    async for chunk in call.backup():
        yield chunk
    for chunk in call.fallback():
        yield chunk
    yield call.close()
