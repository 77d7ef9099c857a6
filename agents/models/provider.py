"""Which chat-model provider the settings select, without importing AgentScope or a model SDK.

``python -m app doctor`` reports the provider but builds no model, so it reads it here;
``app.composition.model_factory`` (which imports AgentScope) builds the model and re-exports these.
"""
from __future__ import annotations

from typing import Any

from memory.errors import ConfigError

PROVIDERS = ("auto", "dashscope", "openai", "offline")


def _setting(settings: object, name: str, default: Any) -> Any:
    """A setting's value; ``default`` when the field does not exist or is empty."""
    value = getattr(settings, name, default)
    if isinstance(value, str) and value.strip() == "":
        return default
    return value


def select_provider(settings: object) -> str:
    """The provider the settings select: ``dashscope``, ``openai`` or ``offline``.

    Raises:
        ConfigError: ``CHAT_PROVIDER`` is unknown, or forces a provider whose settings are
            missing.
    """
    if hasattr(getattr(settings, "model", None), "chat_provider"):
        # The whole Settings would read as "nothing configured" (every field missing → offline).
        raise TypeError("select_provider/build_chat_model take Settings.model (the chat-model group), "
                        "not the whole Settings")
    wanted = str(_setting(settings, "chat_provider", "auto")).strip().lower()
    if wanted not in PROVIDERS:
        raise ConfigError(
            f"Invalid setting CHAT_PROVIDER: {wanted!r}; use one of {', '.join(PROVIDERS)}"
        )
    has_key = _setting(settings, "dashscope_api_key", None) is not None
    has_url = _setting(settings, "openai_base_url", None) is not None
    if wanted == "dashscope" and not has_key:
        raise ConfigError(
            "CHAT_PROVIDER=dashscope needs DASHSCOPE_API_KEY; set it or unset CHAT_PROVIDER"
        )
    if wanted == "openai" and not has_url:
        raise ConfigError(
            "CHAT_PROVIDER=openai needs OPENAI_BASE_URL; set it or unset CHAT_PROVIDER"
        )
    if wanted != "auto":
        return wanted
    if has_key:
        return "dashscope"
    if has_url:
        return "openai"
    return "offline"
