"""A test double for network chat models: answers, fails or hangs as its script says."""
from __future__ import annotations

import asyncio
from typing import Any, AsyncGenerator

from agentscope.credential import CredentialBase
from agentscope.formatter import OpenAIChatFormatter
from agentscope.message import Msg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse
from agentscope.tool import ToolChoice
from pydantic import BaseModel

TIMEOUT = "<hang>"
"""A step that never answers (the wrapper's timeout must cut it)."""

STALL_STREAM = "<stall-stream>"
"""A streaming step that sends one chunk, then hangs."""


class BadRequest(Exception):
    """A permanent error: retrying the same request cannot help."""


class ScriptedChatModel(ChatModelBase):
    """Plays one script step per call: a reply text, an exception to raise, or a hang.

    Attributes:
        received: The messages of every call, in order.
    """

    class Parameters(BaseModel):
        """No parameters."""

    def __init__(self, name: str, script: list[str | Exception], stream: bool = False) -> None:
        super().__init__(
            credential=CredentialBase(name="scripted"),
            model=name,
            parameters=self.Parameters(),
            stream=stream,
            max_retries=0,
        )
        self.formatter = OpenAIChatFormatter()
        self.script = list(script)
        self.received: list[list[Msg]] = []

    @property
    def calls(self) -> int:
        """How many times the model was called."""
        return len(self.received)

    async def _call_api(
        self,
        model_name: str,
        messages: list[Msg],
        tools: list[dict] | None = None,
        tool_choice: ToolChoice | None = None,
        **kwargs: Any,
    ) -> ChatResponse | AsyncGenerator[ChatResponse, None]:
        self.received.append(list(messages))
        if not self.script:
            raise AssertionError(f"{self.model}: called more often than its script allows")
        step = self.script.pop(0)
        if isinstance(step, Exception):
            raise step
        if step == TIMEOUT:
            await asyncio.sleep(3600)
        if self.stream:
            return self._chunks(step)
        return ChatResponse(content=[TextBlock(text=step)], is_last=True)

    async def _chunks(self, text: str) -> AsyncGenerator[ChatResponse, None]:
        """Stream ``text`` word by word like a provider does (deltas, ``is_last=False``)."""
        if text == STALL_STREAM:
            yield ChatResponse(content=[TextBlock(text="partial ", id="t")], is_last=False)
            await asyncio.sleep(3600)
        for word in text.split(" "):
            yield ChatResponse(content=[TextBlock(text=word + " ", id="t")], is_last=False)
