"""A test double for a network chat model that calls tools: each script step is a final text
or a list of tool calls, answered in order; it records what every call received."""
from __future__ import annotations

import json
import uuid
from typing import Any, AsyncGenerator

from agentscope.message import Msg, ToolCallBlock
from agentscope.model import ChatResponse
from agentscope.tool import ToolChoice

from tests.models.scripted_chat_model import ScriptedChatModel

ToolCall = tuple[str, dict[str, Any]]
"""A tool call of the script: the tool's name and its input."""


class ToolScriptedModel(ScriptedChatModel):
    """Plays one step per call: ``[(tool, input), ...]`` answers with those tool calls,
    a string answers with that text (the turn's final reply).

    Attributes:
        received: The messages of every call, in order (AgentScope keeps appending to a
            reply's message, so read what a call saw with ``seen``).
        tools_offered: The tool schemas of every call, in order.
    """

    def __init__(self, name: str, script: list[str | list[ToolCall]]) -> None:
        super().__init__(name, [])
        self.script = list(script)  # type: ignore[arg-type]
        self.tools_offered: list[list[dict]] = []
        self._seen: list[str] = []

    async def _call_api(
        self,
        model_name: str,
        messages: list[Msg],
        tools: list[dict] | None = None,
        tool_choice: ToolChoice | None = None,
        **kwargs: Any,
    ) -> ChatResponse | AsyncGenerator[ChatResponse, None]:
        self.tools_offered.append(list(tools or []))
        self._seen.append(json.dumps([m.model_dump(mode="json") for m in messages], ensure_ascii=False))
        step = self.script[0] if self.script else None
        if not isinstance(step, list):
            return await super()._call_api(model_name, messages, tools, tool_choice, **kwargs)
        self.received.append(list(messages))
        self.script.pop(0)
        calls = [ToolCallBlock(id=f"call_{uuid.uuid4().hex[:8]}", name=name, input=json.dumps(args, ensure_ascii=False))
                 for name, args in step]
        return ChatResponse(content=calls, is_last=True)

    def seen(self, call: int = -1) -> str:
        """Everything call ``call`` received (system prompt, history, tool results) as one JSON string."""
        return self._seen[call]
