"""Model selection from settings: DashScope, an OpenAI-compatible endpoint, or offline."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from agentscope.message import UserMsg
from agentscope.model import DashScopeChatModel, OpenAIChatModel

from agents.models import OFFLINE_MARKER, OfflineChatModel, ResilientChatModel, select_provider
from app.composition.model_factory import build_chat_model
from app.settings import load_settings
from memory.errors import ConfigError


def test_nothing_configured_gives_the_offline_model_wrapped() -> None:
    model = build_chat_model(SimpleNamespace())

    assert isinstance(model, ResilientChatModel)
    assert isinstance(model.primary, OfflineChatModel) and model.backup is None
    assert (model.timeout_s, model.retries, model.backoff_base_s) == (30.0, 3, 1.0)
    assert (model.breaker.failure_threshold, model.breaker.reset_after_s) == (3, 30.0)
    assert model.formatter is model.primary.formatter


def test_a_dashscope_key_selects_qwen_with_no_hidden_retries() -> None:
    model = build_chat_model(SimpleNamespace(dashscope_api_key="sk-test"))

    primary = model.primary
    assert isinstance(primary, DashScopeChatModel) and primary.model == "qwen-plus"
    assert primary.max_retries == 0 and primary.client.max_retries == 0  # only the wrapper retries
    assert primary.credential.api_key.get_secret_value() == "sk-test"
    assert "dashscope" in primary.credential.base_url


def test_an_openai_base_url_selects_the_compatible_endpoint() -> None:
    settings = SimpleNamespace(openai_base_url="http://127.0.0.1:8000/v1", chat_model="Qwen2.5-7B",
                               model_timeout_s=12.5)
    model = build_chat_model(settings)

    primary = model.primary
    assert isinstance(primary, OpenAIChatModel) and primary.model == "Qwen2.5-7B"
    assert str(primary.client.base_url).rstrip("/") == "http://127.0.0.1:8000/v1"
    assert primary.credential.api_key.get_secret_value() == "EMPTY"  # OPENAI_API_KEY is optional
    assert primary.client.timeout == 12.5 and model.timeout_s == 12.5


def test_a_backup_model_uses_the_same_provider_and_its_template() -> None:
    settings = SimpleNamespace(dashscope_api_key="sk-test", backup_chat_model="qwen-turbo",
                               backup_prompt_template="Be brief.\n{system_prompt}",
                               model_max_retries=1, breaker_failure_threshold=5, breaker_reset_s=60)
    model = build_chat_model(settings)

    assert isinstance(model.backup, DashScopeChatModel) and model.backup.model == "qwen-turbo"
    assert model.backup_prompt_template == "Be brief.\n{system_prompt}"
    assert model.retries == 1 and model.breaker.failure_threshold == 5
    assert model.breaker.reset_after_s == 60.0


def test_provider_precedence_and_override() -> None:
    both = {"dashscope_api_key": "sk-test", "openai_base_url": "http://127.0.0.1:8000/v1"}
    assert select_provider(SimpleNamespace(**both)) == "dashscope"
    assert select_provider(SimpleNamespace(chat_provider="openai", **both)) == "openai"
    assert select_provider(SimpleNamespace(chat_provider="offline", **both)) == "offline"
    assert select_provider(SimpleNamespace(dashscope_api_key="  ")) == "offline"


@pytest.mark.parametrize(
    ("settings", "names"),
    [
        ({"chat_provider": "claude"}, "CHAT_PROVIDER"),
        ({"chat_provider": "dashscope"}, "DASHSCOPE_API_KEY"),
        ({"chat_provider": "openai"}, "OPENAI_BASE_URL"),
        ({"model_timeout_s": "soon"}, "MODEL_TIMEOUT_S"),
        ({"model_max_retries": 7}, "MODEL_MAX_RETRIES"),
        ({"breaker_failure_threshold": 0}, "BREAKER_FAILURE_THRESHOLD"),
    ],
)
def test_bad_model_settings_name_the_variable(settings: dict, names: str) -> None:
    with pytest.raises(ConfigError, match=names):
        build_chat_model(SimpleNamespace(**settings))


async def test_the_real_settings_object_without_keys_answers_offline(monkeypatch, tmp_path) -> None:
    for name in ("DASHSCOPE_API_KEY", "OPENAI_BASE_URL", "CHAT_PROVIDER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env
    model = build_chat_model(load_settings(memory_agent_home=tmp_path).model)

    response = await model([UserMsg(name="u", content="hello")])

    assert "".join(b.text for b in response.content).startswith(OFFLINE_MARKER)
    assert model.last_outcome["used"] == "primary" and model.primary.calls == 1
    assert isinstance(build_chat_model(load_settings(dashscope_api_key="sk-x").model).primary, DashScopeChatModel)


def test_the_whole_settings_object_is_refused_rather_than_read_as_offline(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = load_settings(memory_agent_home=tmp_path, dashscope_api_key="sk-x")
    with pytest.raises(TypeError, match="Settings.model"):
        build_chat_model(settings)
    with pytest.raises(TypeError, match="Settings.model"):
        select_provider(settings)
    assert select_provider(settings.model) == "dashscope"
