"""DashScope embeddings with a test double for the network call only (``TextEmbedding.call``)."""
from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest
import requests
from dashscope import TextEmbedding
from dashscope.api_entities.dashscope_response import DashScopeAPIResponse

from memory.embeddings.dashscope_provider import (
    MAX_BATCH,
    DashScopeEmbedder,
    EmbeddingServiceError,
)
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError


def fake_vector(text: str, text_type: str, dim: int) -> np.ndarray:
    """A deterministic, unnormalised vector standing for what the service would return."""
    seed = int.from_bytes(hashlib.sha256(f"{text_type}|{text}".encode()).digest()[:8], "big")
    return np.random.default_rng(seed).normal(size=dim) * 3.0


class FakeDashScope:
    """Stands in for the HTTP call; answers like the real API, rows in reverse order."""

    def __init__(self, status: int = 200, code: str = "", message: str = "") -> None:
        self.requests: list[dict[str, Any]] = []
        self.status = status
        self.code = code
        self.message = message
        self.dim_override: int | None = None

    def __call__(self, **request: Any) -> DashScopeAPIResponse:
        self.requests.append(request)
        if self.status != 200:
            return DashScopeAPIResponse(
                status_code=self.status, request_id="req-1", code=self.code, message=self.message
            )
        dim = self.dim_override or request["dimension"]
        rows = [
            {"text_index": i, "embedding": fake_vector(t, request["text_type"], dim).tolist()}
            for i, t in enumerate(request["input"])
        ]
        return DashScopeAPIResponse(
            status_code=200, request_id="req-1", output={"embeddings": rows[::-1]}, usage={}
        )


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDashScope:
    double = FakeDashScope()
    monkeypatch.setattr(TextEmbedding, "call", double)
    return double


def expected(texts: list[str], text_type: str, dim: int = 1024) -> np.ndarray:
    rows = np.stack([fake_vector(t, text_type, dim) for t in texts])
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


async def test_passages_are_sent_as_documents_in_batches_of_ten(fake: FakeDashScope) -> None:
    service = EmbeddingService(DashScopeEmbedder("sk-test"), batch_size=32)
    texts = [f"记忆 {i}: the user likes item {i}" for i in range(23)]
    try:
        vectors = await service.embed_passages(texts)
    finally:
        await service.aclose()
    assert MAX_BATCH == 10
    assert [len(r["input"]) for r in fake.requests] == [10, 10, 3]
    assert [t for r in fake.requests for t in r["input"]] == texts
    for request in fake.requests:
        assert request["model"] == "text-embedding-v4"
        assert request["text_type"] == "document"
        assert request["dimension"] == 1024
        assert request["api_key"] == "sk-test"
    assert vectors.dtype == np.float32 and vectors.shape == (23, 1024)
    np.testing.assert_allclose(vectors, expected(texts, "document"), atol=1e-5)


async def test_a_query_is_sent_as_query(fake: FakeDashScope) -> None:
    service = EmbeddingService(DashScopeEmbedder("sk-test", dimensions=512))
    try:
        vector = await service.embed_query("我住在哪里?")
    finally:
        await service.aclose()
    assert len(fake.requests) == 1
    assert fake.requests[0]["text_type"] == "query"
    assert fake.requests[0]["dimension"] == 512
    assert fake.requests[0]["input"] == ["我住在哪里?"]
    np.testing.assert_allclose(vector, expected(["我住在哪里?"], "query", 512)[0], atol=1e-5)
    assert service.model_id == "dashscope/text-embedding-v4@512" and service.dim == 512


def test_a_rejected_key_says_to_check_the_key(fake: FakeDashScope) -> None:
    fake.status, fake.code, fake.message = 401, "InvalidApiKey", "Invalid API-key provided."
    with pytest.raises(EmbeddingServiceError) as caught:
        DashScopeEmbedder("sk-wrong").encode_passages(["hello"])
    message = str(caught.value)
    assert "401" in message and "InvalidApiKey" in message and "DASHSCOPE_API_KEY" in message


def test_rate_limit_says_to_retry_later(fake: FakeDashScope) -> None:
    fake.status, fake.code, fake.message = 429, "Throttling", "Requests rate limit exceeded."
    with pytest.raises(EmbeddingServiceError, match="retry later"):
        DashScopeEmbedder("sk-test").encode_queries(["hello"])


def test_an_unreachable_service_says_to_check_the_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unreachable(**request: Any) -> DashScopeAPIResponse:
        raise requests.exceptions.ConnectionError("Name or service not known")

    monkeypatch.setattr(TextEmbedding, "call", unreachable)
    with pytest.raises(EmbeddingServiceError, match="network") as caught:
        DashScopeEmbedder("sk-test").encode_passages(["hello"])
    assert "ConnectionError" in str(caught.value)


def test_vectors_of_the_wrong_length_are_refused(fake: FakeDashScope) -> None:
    fake.dim_override = 768
    with pytest.raises(EmbeddingServiceError, match="shape"):
        DashScopeEmbedder("sk-test").encode_passages(["hello"])


def test_unsupported_dimension_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="2048, 1536, 1024"):
        DashScopeEmbedder("sk-test", dimensions=1000)


def test_empty_text_is_refused_before_any_request(fake: FakeDashScope) -> None:
    with pytest.raises(ValueError, match="empty"):
        DashScopeEmbedder("sk-test").encode_passages(["fine", "  "])
    assert fake.requests == []
