"""The chat models of a process, from the ``model`` settings group (the one place they are built):
the chat's model, and each declared team agent's own."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.settings import Settings
from app.settings.groups import ModelSettings

if TYPE_CHECKING:
    from agentscope.model import ChatModelBase

    from agents.declarative.engine import ModelFor
    from agents.declarative.schema import AgentSpec
    from agents.models.resilient import ResilientChatModel


def open_chat_model(settings: Settings) -> ResilientChatModel:
    """The configured chat model (``CHAT_PROVIDER``/``CHAT_MODEL``...), with timeouts, retries and fallback."""
    from app.composition.model_factory import build_chat_model

    return build_chat_model(settings.model)


def team_model_for(settings: ModelSettings) -> ModelFor:
    """``spec -> model``: each team agent's declared model (and sampling settings), or its offline responder.

    Args:
        settings: The chat-model settings (``Settings.model``: ``CHAT_MODEL``, ``DASHSCOPE_API_KEY``, ...).
    """
    from agents.models.provider import select_provider
    from app.composition.model_factory import build_chat_model
    from agents.team.models import TeamOfflineModel

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
