"""A team agent's offline model (``app.composition.team_model_for`` builds each agent's own
model from its ``model`` and ``model_settings`` in ``AGENTS.md``).

Offline (no model configured) every agent gets a deterministic responder that writes short
prose from what reached it — its inputs and the memory fields its rules let it read
(``agents.team.offline_prose``) — so a team runs with no network and a test can see exactly
what each agent's model received (``received``).
"""
from __future__ import annotations

import json
from typing import Any

from agentscope.message import Msg, TextBlock
from agentscope.model import ChatResponse

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
