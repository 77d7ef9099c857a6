"""Choose and build the chat model from settings (the composition root is the one place a model is built).

Provider choice (``CHAT_PROVIDER``, default ``auto``): ``auto`` takes DashScope (Qwen) when
``DASHSCOPE_API_KEY`` is set, else an OpenAI-compatible endpoint (vLLM, llama.cpp server,
Ollama, ...) when ``OPENAI_BASE_URL`` is set, else the offline model. ``dashscope``,
``openai`` and ``offline`` force one. The result is always a ``ResilientChatModel``.

Settings read (attribute of ``Settings``, environment variable in capitals):

=========================  ============  ===========  =======================================
field                      type          default      meaning
=========================  ============  ===========  =======================================
chat_provider              str           "auto"       auto | dashscope | openai | offline
chat_model                 str           "qwen-plus"  model name for DashScope or the endpoint
dashscope_api_key          str | None    None         DashScope key (already in Settings)
openai_base_url            str | None    None         OpenAI-compatible endpoint, ends in /v1
openai_api_key             str | None    None         its key; "EMPTY" is sent when unset
backup_chat_model          str | None    None         backup model name, same provider
backup_prompt_template     str | None    None         backup system prompt, {system_prompt}
model_timeout_s            float         30.0         seconds per attempt, stream included
model_max_retries          int           3            retries of the primary, 0..3
model_backoff_base_s       float         1.0          first retry delay, doubled each retry
breaker_failure_threshold  int           3            failed calls that open the breaker
breaker_reset_s            float         30.0         seconds open before a trial call
=========================  ============  ===========  =======================================
"""
from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from agentscope.credential import DashScopeCredential, OpenAICredential
from agentscope.model import ChatModelBase, DashScopeChatModel, OpenAIChatModel
from loguru import logger

from agents.models.offline import OfflineChatModel
from agents.models.resilient import CircuitBreaker, ResilientChatModel
from agents.models.provider import PROVIDERS as PROVIDERS, _setting, select_provider as select_provider
from memory.errors import ConfigError

DEFAULT_CHAT_MODEL = "qwen-plus"


def _number(settings: object, name: str, default: float, low: float, high: float) -> float:
    """A numeric setting within ``[low, high]``.

    Raises:
        ConfigError: the value is not a number or out of range; names the variable.
    """
    value = _setting(settings, name, default)
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ConfigError(
            f"Invalid setting {name.upper()}: expected a number, got {value!r}"
        ) from None
    if not low <= number <= high:
        raise ConfigError(
            f"Invalid setting {name.upper()}: {number:g} is outside {low:g}..{high:g}"
        )
    return number


def _network_model(provider: str, settings: object, name: str, timeout_s: float) -> ChatModelBase:
    """A DashScope or OpenAI-compatible model with no retries of its own.

    The OpenAI SDK's own retries (2 by default) and AgentScope's are switched off so that
    ``ResilientChatModel`` alone retries, with its backoff and breaker.
    """
    client_kwargs = {"max_retries": 0, "timeout": timeout_s}
    if provider == "dashscope":
        credential = DashScopeCredential(api_key=str(_setting(settings, "dashscope_api_key", "")))
        return DashScopeChatModel(
            credential=credential, model=name, max_retries=0, client_kwargs=client_kwargs
        )
    credential = OpenAICredential(
        api_key=str(_setting(settings, "openai_api_key", None) or "EMPTY"),
        base_url=str(_setting(settings, "openai_base_url", "")),
    )
    return OpenAIChatModel(
        credential=credential, model=name, max_retries=0, client_kwargs=client_kwargs
    )


def build_chat_model(
    settings: object,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> ResilientChatModel:
    """The chat model the settings describe, wrapped for timeouts, retries and fallback.

    Args:
        settings: The ``Settings`` object (fields above are read with defaults).
        sleep: The retry sleep; tests pass a recorder.

    Raises:
        ConfigError: a model setting is malformed; the message names the variable.
    """
    provider = select_provider(settings)
    name = str(_setting(settings, "chat_model", DEFAULT_CHAT_MODEL)).strip()
    timeout_s = _number(settings, "model_timeout_s", 30.0, 0.001, 3600.0)
    retries = int(_number(settings, "model_max_retries", 3, 0, 3))
    backoff = _number(settings, "model_backoff_base_s", 1.0, 0.0, 60.0)
    breaker = CircuitBreaker(
        failure_threshold=int(_number(settings, "breaker_failure_threshold", 3, 1, 1000)),
        reset_after_s=_number(settings, "breaker_reset_s", 30.0, 0.001, 86400.0),
    )
    backup_name = _setting(settings, "backup_chat_model", None)
    template = _setting(settings, "backup_prompt_template", None)
    if provider == "offline":
        primary: ChatModelBase = OfflineChatModel()
        backup = None
        if backup_name is not None:
            logger.warning("BACKUP_CHAT_MODEL={} ignored: no chat model is configured", backup_name)
    else:
        primary = _network_model(provider, settings, name, timeout_s)
        backup = None
        if backup_name is not None:
            backup = _network_model(provider, settings, str(backup_name), timeout_s)
    logger.info(
        "chat model: provider={} model={} backup={} timeout={}s retries={}",
        provider, primary.model, backup.model if backup else None, timeout_s, retries,
    )
    return ResilientChatModel(
        primary=primary,
        backup=backup,
        backup_prompt_template=template,
        timeout_s=timeout_s,
        retries=retries,
        backoff_base_s=backoff,
        breaker=breaker,
        sleep=sleep,
        stream=bool(getattr(primary, "stream", False)),  # a network model streams its deltas to the user
    )
