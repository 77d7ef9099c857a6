"""Each declared agent's own model: its ``model`` and ``model_settings`` from ``AGENTS.md``.

Offline (no model configured) every agent gets a deterministic responder that writes short
prose from what reached it — its inputs and the memory fields its rules let it read
(``agents.team.offline_prose``) — so a team runs with no network and a test can see exactly
what each agent's model received (``received``).
"""
from __future__ import annotations

import json
from typing import Any

from agentscope.message import Msg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse

from agents.declarative.schema import AgentSpec
from agents.models.factory import build_chat_model, select_provider
from agents.models.offline import OfflineChatModel
from agents.team.offline_prose import offline_answer


class TeamOfflineModel(OfflineChatModel):
    """Deterministic responder of one team agent (offline mode)."""

    def __init__(self, agent: str, outputs: list[str] | None = None) -> None:
        super().__init__()
        self.model = f"offline:{agent}"
        self.agent = agent
        self.outputs = list(outputs or [])
        self.received: list[list[Msg]] = []

    async def _call_api(self, model_name: str, messages: list[Msg], tools: list[dict] | None = None,
                        tool_choice: Any = None, **kwargs: Any) -> ChatResponse:  # noqa: ARG002
        self.received.append(list(messages))
        self.calls += 1
        body: dict[str, Any] = {}
        try:
            body = json.loads(messages[-1].get_text_content() or "{}")
        except (ValueError, AttributeError):
            body = {}
        inputs = dict(body.get("inputs") or {})
        for name, fields in (body.get("memory") or {}).items():  # what its memory rules let it read
            for key, value in (fields.items() if isinstance(fields, dict) else []):
                inputs.setdefault(f"{name}.{key}", value)
        text = offline_answer(self.agent, self.outputs, inputs)
        return ChatResponse(content=[TextBlock(text=text)], is_last=True)


def team_model_for(settings: Any) -> Any:
    """``spec -> model``: the agent's declared model (and settings), or its offline responder.

    Args:
        settings: The chat-model settings (``Settings.model``: ``CHAT_MODEL``, ``DASHSCOPE_API_KEY``, ...).
    """

    def model_for(spec: AgentSpec) -> ChatModelBase:
        if select_provider(settings) == "offline":
            return TeamOfflineModel(spec.name, list(spec.output_schema))
        own = settings.model_copy(update={"chat_model": spec.model}) if spec.model else settings
        model = build_chat_model(own)
        params = getattr(model.primary, "parameters", None)
        for name, value in (spec.model_settings.model_dump(exclude_none=True).items() if spec.model_settings else []):
            if params is not None and name in type(params).model_fields:
                setattr(params, name, value)
        return model

    return model_for
