"""A chat model wrapper that keeps answering when the configured model does not.

Per call: the primary model with a timeout, retried with exponential backoff (1 s, 2 s,
4 s by default, at most 3 retries) on transient errors; then the backup model once, with
its own system-prompt template; then a plain "model unavailable" reply. A circuit breaker
counts failed calls and, while open, skips the primary without waiting.

What happened is recorded in ``last_outcome`` and in the response's
``metadata["resilience"]`` (the latter is race-free when one model serves concurrent
replies; an ``on_model_call`` middleware sees it on the returned ``ChatResponse``).
"""
from __future__ import annotations

import asyncio
import time
from typing import Any, AsyncGenerator, Awaitable, Callable

from agentscope.message import Msg, SystemMsg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse, FinishedReason
from agentscope.tool import ToolChoice
from loguru import logger

from agents.models.breaker import BreakerState, CircuitBreaker
from agents.models.model_errors import ModelTimeoutError, describe as _describe
from agents.models.streaming import resilient_stream
from agents.models.offline import has_cjk

__all__ = [
    "FALLBACK_MARKER", "BreakerState", "CircuitBreaker", "ModelTimeoutError", "ResilientChatModel",
]

FALLBACK_MARKER = "[model unavailable]"
"""Every fallback reply starts with this marker, whatever the language."""


async def _final_response(
    result: ChatResponse | AsyncGenerator[ChatResponse, None],
) -> ChatResponse:
    """The complete response of a model call, consuming a stream to its last chunk.

    Raises:
        RuntimeError: the stream ended without a final (``is_last``) chunk.
    """
    if isinstance(result, ChatResponse):
        return result
    final: ChatResponse | None = None
    try:
        async for chunk in result:
            if chunk.is_last:
                final = chunk
    finally:
        await result.aclose()
    if final is None:
        raise RuntimeError("the model's stream ended without a final response")
    return final


def _user_wrote_chinese(messages: list[Msg]) -> bool:
    """Whether the user's last message contains Chinese."""
    for msg in reversed(messages):
        if msg.role == "user":
            text = msg.get_text_content() or ""
            if "<system-reminder>" not in text:
                return has_cjk(text)
    return False


class ResilientChatModel(ChatModelBase):
    """Timeouts, retries with backoff, a circuit breaker, a backup model and a fallback reply.

    With ``stream=False`` it returns one complete ``ChatResponse``: a streaming primary is
    consumed within the timeout, so a stall mid-stream counts as a timeout. With
    ``stream=True`` (a network model) the deltas go out as they come; when a retry or the
    backup takes over after partial output, a reset chunk (``metadata["reset"]``) says the
    text so far is void, and the final chunk holds only the answer that completed.

    Attributes:
        last_outcome: What the last call did, e.g. ``{"attempts": 3, "retries": 2,
            "delays": [1.0, 2.0], "used": "primary", "model": "qwen-plus",
            "breaker": "closed", "errors": [...], "elapsed_s": 3.2}``.
    """

    def __init__(
        self,
        primary: ChatModelBase,
        backup: ChatModelBase | None = None,
        backup_prompt_template: str | None = None,
        timeout_s: float = 30.0,
        retries: int = 3,
        backoff_base_s: float = 1.0,
        breaker: CircuitBreaker | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        stream: bool = False,
    ) -> None:
        """Wrap ``primary``.

        Args:
            primary: The configured model. Give it no retries of its own (``max_retries=0``)
                so that this wrapper alone decides when to retry.
            backup: Tried once when the primary fails or its breaker is open.
            backup_prompt_template: The backup's system prompt; ``{system_prompt}`` in it is
                replaced by the original system prompt (which carries the memory block).
                ``None`` sends the backup the messages unchanged.
            timeout_s: Seconds one attempt may take, stream included (> 0).
            retries: Retries of the primary after its first attempt (0..3).
            backoff_base_s: The first retry delay; each next one doubles it.
            breaker: The primary's circuit breaker; a default one when omitted.
            sleep: Awaited between retries; injectable so tests run fast.
            stream: Pass the answer on as the model produces it (``agents.models.streaming``):
                a retry or the backup after partial output sends a reset chunk first.

        Raises:
            ValueError: a bound is out of range.
        """
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be > 0, got {timeout_s}")
        if not 0 <= retries <= 3:
            raise ValueError(f"retries must be between 0 and 3, got {retries}")
        if backoff_base_s < 0:
            raise ValueError(f"backoff_base_s must be >= 0, got {backoff_base_s}")
        super().__init__(
            credential=primary.credential,
            model=primary.model,
            parameters=primary.parameters,
            stream=stream,
            max_retries=0,
            retry_delay=0.0,
            context_size=primary.context_size,
        )
        self.formatter = primary.formatter
        self.primary = primary
        self.backup = backup
        self.backup_prompt_template = backup_prompt_template
        self.timeout_s = timeout_s
        self.retries = retries
        self.backoff_base_s = backoff_base_s
        self.breaker = breaker or CircuitBreaker()
        self._sleep = sleep
        self.last_outcome: dict[str, Any] = {}

    async def count_tokens(self, messages: list[Msg], tools: list[dict] | None) -> int:
        """The primary's token estimate."""
        return await self.primary.count_tokens(messages, tools)

    def _get_disable_thinking_kwargs(self) -> dict:
        return self.primary._get_disable_thinking_kwargs()  # noqa: SLF001 - same contract

    async def _call_api(
        self,
        model_name: str,
        messages: list[Msg],
        tools: list[dict] | None = None,
        tool_choice: ToolChoice | None = None,
        **kwargs: Any,
    ) -> ChatResponse | AsyncGenerator[ChatResponse, None]:
        """Answer with the primary, else the backup, else the fallback reply; never raises
        for a model failure (cancellation still propagates). Streams when ``self.stream``."""
        if self.stream:
            return resilient_stream(self, messages, (tools, tool_choice, kwargs))
        started = time.monotonic()
        outcome: dict[str, Any] = {
            "attempts": 0, "retries": 0, "delays": [], "used": "fallback",
            "model": None, "breaker": self.breaker.state.value, "errors": [],
        }
        request = (tools, tool_choice, kwargs)
        response = await self._from_primary(messages, request, outcome)
        if response is not None:
            outcome["used"], outcome["model"] = "primary", self.primary.model
        elif self.backup is not None:
            response = await self._from_backup(messages, request, outcome)
            if response is not None:
                outcome["used"], outcome["model"] = "backup", self.backup.model
        if response is None:
            logger.warning("model unavailable, fallback reply; errors: {}", outcome["errors"])
            response = self._fallback_response(messages)
        outcome["breaker"] = self.breaker.state.value
        outcome["elapsed_s"] = round(time.monotonic() - started, 3)
        response.metadata["resilience"] = outcome
        self.last_outcome = outcome
        return response

    async def _from_primary(
        self, messages: list[Msg], request: tuple, outcome: dict[str, Any]
    ) -> ChatResponse | None:
        """The primary's answer, with retries; ``None`` when it failed or was skipped."""
        trial = self.breaker.state is BreakerState.HALF_OPEN
        if not self.breaker.allow_request():
            outcome["errors"].append(
                f"circuit breaker open after {self.breaker.consecutive_failures} failed calls: "
                f"primary {self.primary.model!r} skipped"
            )
            return None
        attempts = 1 if trial else self.retries + 1
        try:
            for attempt in range(attempts):
                if attempt:
                    delay = self.backoff_base_s * 2 ** (attempt - 1)
                    outcome["delays"].append(delay)
                    outcome["retries"] += 1
                    await self._sleep(delay)
                outcome["attempts"] += 1
                try:
                    response = await self._attempt(self.primary, messages, request)
                except Exception as exc:  # noqa: BLE001 - every failure is recorded below
                    outcome["errors"].append(
                        f"primary {self.primary.model!r} attempt {attempt + 1}: {_describe(exc)}"
                    )
                    logger.warning(
                        "model {} attempt {} failed: {}", self.primary.model, attempt + 1,
                        _describe(exc),
                    )
                    if not self._is_transient(exc):
                        break
                    continue
                self.breaker.record_success()
                return response
            self.breaker.record_failure()
            return None
        finally:
            if trial:
                self.breaker.release_trial()

    async def _from_backup(
        self, messages: list[Msg], request: tuple, outcome: dict[str, Any]
    ) -> ChatResponse | None:
        """The backup's answer to the templated messages; ``None`` when it failed."""
        assert self.backup is not None
        try:
            return await self._attempt(self.backup, self.backup_messages(messages), request)
        except Exception as exc:  # noqa: BLE001 - recorded, then the fallback reply answers
            outcome["errors"].append(f"backup {self.backup.model!r}: {_describe(exc)}")
            logger.warning("backup model {} failed: {}", self.backup.model, _describe(exc))
            return None

    async def _attempt(
        self, model: ChatModelBase, messages: list[Msg], request: tuple
    ) -> ChatResponse:
        """One call of ``model`` within the timeout, streams consumed to the end.

        Raises:
            ModelTimeoutError: the call or its stream outlasted ``timeout_s``.
        """
        tools, tool_choice, kwargs = request

        async def call() -> ChatResponse:
            result = await model(messages=messages, tools=tools, tool_choice=tool_choice, **kwargs)
            return await _final_response(result)

        try:
            response = await asyncio.wait_for(call(), timeout=self.timeout_s)
        except TimeoutError:
            raise ModelTimeoutError(model.model, self.timeout_s) from None
        # AgentScope turns the cancellation of an in-flight call into an "interrupted"
        # response instead of raising, so a timeout can also surface this way.
        if response.finished_reason == FinishedReason.INTERRUPTED:
            raise ModelTimeoutError(model.model, self.timeout_s)
        return response

    def _is_transient(self, exc: Exception) -> bool:
        """Timeouts, connection errors and the errors the primary declares retryable."""
        retryable = self.primary._get_retryable_exceptions()  # noqa: SLF001 - base-class contract
        return isinstance(exc, (TimeoutError, ConnectionError, *retryable))

    def backup_messages(self, messages: list[Msg]) -> list[Msg]:
        """The messages for the backup: the system prompt rewritten by its template.

        The input list and its messages are left untouched (they are the agent's context).
        """
        template = self.backup_prompt_template
        if template is None:
            return messages
        out = list(messages)
        for index, msg in enumerate(out):
            if msg.role == "system":
                text = template.replace("{system_prompt}", msg.get_text_content() or "")
                out[index] = SystemMsg(name=msg.name, content=text)
                return out
        return [SystemMsg(name="system", content=template.replace("{system_prompt}", "")), *out]

    def _fallback_response(self, messages: list[Msg]) -> ChatResponse:
        """The plain "model unavailable" reply, in the user's language."""
        name = self.primary.model
        if _user_wrote_chinese(messages):
            text = f"{FALLBACK_MARKER} 抱歉，语言模型（{name}）暂时不可用，现在无法回答。请稍后再试。"
        else:
            text = (
                f"{FALLBACK_MARKER} Sorry, the language model ({name}) is unavailable right now, "
                "so I cannot answer this. Please try again in a minute."
            )
        return ChatResponse(content=[TextBlock(text=text)], is_last=True)
