"""The one settings object, read from environment variables and an optional ``.env``.

Settings are grouped by what they configure (``settings.recall.top_k``,
``settings.shortterm.redis_url``, ...); each field is still read from its own flat variable,
the field's alias (``RECALL_TOP_K``, ``REDIS_URL``), exactly as documented in README.md
("Settings"). A store whose URL is unset runs on its embedded default under
``MEMORY_AGENT_HOME``.

Each default is written once, by the code that owns the knob, in a module that imports no
store: the recall, rerank, decay, hybrid and forgetting knobs are ``core.knobs.knob`` fields
(``pipelines.recall.config`` and its parts) from which their groups are built; the stores'
defaults are constants their constructors use too (``memory.shortterm.defaults``,
``memory.search_params``, ``memory.embeddings.defaults``). Only knobs without an owner below
``app`` (service, authentication, the chat model) have their defaults here.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, DotEnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from app.settings.groups import (
    AuthSettings,
    DecaySettings,
    EmbeddingProvider,
    EmbeddingSettings,
    ForgetSettings,
    LongTermSettings,
    ModelSettings,
    RecallSettings,
    ServiceSettings,
    ShortTermSettings,
    TurnSettings,
    WorkingSettings,
    SettingsGroup,
)
from core.redact import redact
from memory.errors import ConfigError


class _FlatEnvironment(PydanticBaseSettingsSource):
    """Each field of each group from its own flat variable: the environment over ``.env``."""

    def __init__(self, settings_cls: type[BaseSettings]) -> None:
        super().__init__(settings_cls)
        dotenv = DotEnvSettingsSource(settings_cls, env_file=".env", case_sensitive=False).env_vars
        self._values: dict[str, str | None] = {k.lower(): v for k, v in dotenv.items()}
        self._values.update({k.lower(): v for k, v in os.environ.items()})

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """Unused: ``__call__`` reads every field at once."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        """``{group: {VARIABLE: value}}`` for every variable that is set."""
        out: dict[str, Any] = {}
        for name, field in self.settings_cls.model_fields.items():
            group = _group_of(field)
            if group is None:
                variable = str(field.alias).lower()
                if variable in self._values:
                    out[str(field.alias)] = self._values[variable]
                continue
            values = {
                str(sub.alias): self._values[str(sub.alias).lower()]
                for sub in group.model_fields.values() if str(sub.alias).lower() in self._values
            }
            if values:
                out[name] = values
        return out


def _group_of(field: FieldInfo) -> type[SettingsGroup] | None:
    kind = field.annotation
    return kind if isinstance(kind, type) and issubclass(kind, SettingsGroup) else None


class Settings(BaseSettings):
    """Process-wide settings, in groups; every field is read from its documented variable."""

    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False, validate_by_name=True)

    memory_agent_home: Path = Field(Path("~/.memory-agent"), alias="MEMORY_AGENT_HOME")
    shortterm: ShortTermSettings = Field(default_factory=ShortTermSettings)
    working: WorkingSettings = Field(default_factory=WorkingSettings)
    longterm: LongTermSettings = Field(default_factory=LongTermSettings)
    embeddings: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    model: ModelSettings = Field(default_factory=ModelSettings)
    turn: TurnSettings = Field(default_factory=TurnSettings)
    recall: RecallSettings = Field(default_factory=RecallSettings)
    decay: DecaySettings = Field(default_factory=DecaySettings)
    forget: ForgetSettings = Field(default_factory=ForgetSettings)
    auth: AuthSettings = Field(default_factory=AuthSettings)
    service: ServiceSettings = Field(default_factory=ServiceSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Arguments first, then the flat variables (environment over ``.env``)."""
        return init_settings, _FlatEnvironment(settings_cls)

    @property
    def home(self) -> Path:
        """The data directory, expanded and created on demand."""
        path = self.memory_agent_home.expanduser()
        path.mkdir(parents=True, exist_ok=True)
        return path


def variables() -> dict[str, tuple[str, str]]:
    """Every variable the settings read: ``{VARIABLE: (group or "", field)}``."""
    out: dict[str, tuple[str, str]] = {}
    for name, field in Settings.model_fields.items():
        group = _group_of(field)
        if group is None:
            out[str(field.alias)] = ("", name)
        else:
            out.update({str(sub.alias): (name, sub_name) for sub_name, sub in group.model_fields.items()})
    return out


def _nest(overrides: Mapping[str, object]) -> dict[str, Any]:
    """``{VARIABLE: value}`` (any case) as the nested ``{group: {VARIABLE: value}}``.

    Raises:
        ConfigError: a name is not a setting's variable.
    """
    known = variables()
    nested: dict[str, Any] = {}
    for name, value in overrides.items():
        where = known.get(name.upper())
        if where is None:
            raise ConfigError(f"Unknown setting {name.upper()}; the variables are listed in README.md (Settings)")
        group, _ = where
        if group:
            nested.setdefault(group, {})[name.upper()] = value
        else:
            nested[name.upper()] = value
    return nested


def _variable_of(loc: tuple[int | str, ...]) -> str:
    """The variable a validation error is about (its location holds the alias)."""
    known = variables()
    for part in reversed(loc):
        if str(part).upper() in known:
            return str(part).upper()
    return ".".join(str(p) for p in loc).upper()


def load_settings(**overrides: object) -> Settings:
    """Read settings; a malformed value raises ``ConfigError`` naming the variable.

    Args:
        overrides: Values that take precedence over the environment, named by their variable
            in any case (``recall_top_k=3`` or ``RECALL_TOP_K=3``; tests, CLI flags).

    Raises:
        ConfigError: one line naming each bad variable and what is wrong with it, or an
            override that is not a setting.
    """
    try:
        return Settings(**_nest(overrides))
    except ValidationError as exc:
        lines = [f"{_variable_of(err['loc'])}: {err['msg'].removeprefix('Value error, ')}" for err in exc.errors()]
        raise ConfigError("Invalid setting " + "; ".join(lines)) from None


__all__ = [
    "AuthSettings", "ConfigError", "DecaySettings", "EmbeddingProvider", "EmbeddingSettings", "ForgetSettings",
    "LongTermSettings", "ModelSettings", "RecallSettings", "ServiceSettings", "Settings", "ShortTermSettings",
    "TurnSettings", "WorkingSettings", "load_settings", "redact", "variables",
]
