"""The chat model of a process, from the ``model`` settings group (the one place it is built)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.settings import Settings

if TYPE_CHECKING:
    from agents.models.resilient import ResilientChatModel


def open_chat_model(settings: Settings) -> ResilientChatModel:
    """The configured chat model (``CHAT_PROVIDER``/``CHAT_MODEL``...), with timeouts, retries and fallback."""
    from agents.models.factory import build_chat_model

    return build_chat_model(settings.model)
