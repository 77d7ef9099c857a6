"""One embedding service for writes and queries, and the factory that picks its provider.

Encoders are CPU-heavy (or network-bound) and synchronous, and most are not thread-safe.
``EmbeddingService`` runs every encode call in ONE dedicated single-thread executor: the
event loop never waits on an encoder, and the encoder never runs two calls at once. Large
inputs are cut into batches, each its own executor job, so a query issued while a bulk load
is being embedded waits for one batch at most, not for the whole load.

Query vectors are kept in a small in-process LRU (``query_cache_size``, keyed by the exact
query text): a turn that recalls twice for the same text (retry, tool call after the turn's
own recall, a user repeating a question) encodes it once. Query encoding dominates recall
latency (docs/BENCHMARKS.md), and the vectors are a few KB each.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
import numpy as np

from memory.embeddings import defaults
from memory.embeddings.base import Embedder
from memory.errors import ConfigError, MemoryAgentError


class EmbeddingOutputError(MemoryAgentError):
    """An embedder returned vectors of the wrong shape or an all-zero vector."""


def check_texts(texts: Sequence[str]) -> list[str]:
    """The texts as a list of ``str``.

    Args:
        texts: Texts to encode.

    Raises:
        TypeError: ``texts`` is a bare ``str`` (it would be read as characters) or holds a
            non-``str`` item.
    """
    if isinstance(texts, str):
        raise TypeError("expected a sequence of texts, got one str; wrap it in a list")
    items = list(texts)
    for index, text in enumerate(items):
        if not isinstance(text, str):
            raise TypeError(f"text #{index} is {type(text).__name__}, expected str")
    return items


class EmbeddingService:
    """Async front of an ``Embedder``; use one instance per embedder for the whole process.

    Args:
        embedder: The synchronous encoder.
        batch_size: At most this many texts go to the encoder in one call.
        query_cache_size: Query vectors kept (LRU, by exact text); 0 turns the cache off.

    Attributes:
        embedder: The wrapped encoder.
        batch_size: The batch limit.
        query_hits: Query vectors served from the cache since start.
        query_misses: Query vectors encoded since start.
    """

    def __init__(self, embedder: Embedder, batch_size: int = defaults.BATCH_SIZE, query_cache_size: int = defaults.QUERY_CACHE_SIZE) -> None:
        if batch_size < 1:
            raise ConfigError(f"EMBEDDING_BATCH_SIZE must be at least 1, got {batch_size}")
        if query_cache_size < 0:
            raise ConfigError(f"EMBEDDING_QUERY_CACHE must be 0 (off) or more, got {query_cache_size}")
        self.embedder = embedder
        self.batch_size = batch_size
        self.query_cache_size = query_cache_size
        self.query_hits = 0
        self.query_misses = 0
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embedding")

    @property
    def model_id(self) -> str:
        """The id of the model, recorded with every stored vector."""
        return self.embedder.model_id

    @property
    def dim(self) -> int:
        """Vector length."""
        return self.embedder.dim

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored.

        Args:
            texts: The texts, in order.

        Returns:
            float32 array of shape ``(len(texts), dim)``, rows L2-normalised, in input order.
        """
        items = check_texts(texts)
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        parts = []
        for start in range(0, len(items), self.batch_size):
            batch = items[start : start + self.batch_size]
            parts.append(await self._run(self.embedder.encode_passages, batch))
        return np.concatenate(parts, axis=0)

    async def embed_query(self, text: str) -> np.ndarray:
        """The vector of one search query.

        Args:
            text: The query; build it from the current turn and the last few, not a whole
                long dialogue (encoding cost grows with length).

        Returns:
            float32 array of shape ``(dim,)``, L2-normalised.
        """
        if not isinstance(text, str):
            raise TypeError(f"query is {type(text).__name__}, expected str")
        vectors = await self.embed_queries([text])
        row: np.ndarray = vectors[0]
        return row

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of several search queries in one encoder call (cached ones are not re-encoded).

        Args:
            texts: The queries, in order.

        Returns:
            float32 array of shape ``(len(texts), dim)``, L2-normalised, read-only rows.
        """
        items = check_texts(texts)
        found = {t: self._queries[t] for t in items if t in self._queries}
        for t in found:
            self._queries.move_to_end(t)
        todo = list(dict.fromkeys(t for t in items if t not in found))
        self.query_hits += len(items) - sum(1 for t in items if t not in found)
        self.query_misses += len(todo)
        for start in range(0, len(todo), self.batch_size):
            batch = todo[start : start + self.batch_size]
            vectors = await self._run(self.embedder.encode_queries, batch)
            vectors.setflags(write=False)
            for t, v in zip(batch, vectors):
                found[t] = v
                if self.query_cache_size:
                    self._queries[t] = v
                    self._queries.move_to_end(t)
            while len(self._queries) > self.query_cache_size:
                self._queries.popitem(last=False)
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        return np.stack([found[t] for t in items])

    async def aclose(self) -> None:
        """Wait for the running encode call, then stop the executor thread."""
        await asyncio.to_thread(self._executor.shutdown, True)

    async def _run(
        self, encode: Callable[[list[str]], np.ndarray], batch: list[str]
    ) -> np.ndarray:
        loop = asyncio.get_running_loop()
        vectors = await loop.run_in_executor(self._executor, encode, batch)
        return self._checked(vectors, len(batch))

    def _checked(self, vectors: np.ndarray, count: int) -> np.ndarray:
        """The encoder's output as contiguous float32, shape-checked and L2-normalised."""
        array = np.asarray(vectors, dtype=np.float32)
        if array.shape != (count, self.dim):
            raise EmbeddingOutputError(
                f"{self.model_id} returned vectors of shape {array.shape} for {count} texts, "
                f"expected ({count}, {self.dim}); the embedder is misconfigured "
                "(check EMBEDDING_MODEL and its dimension)."
            )
        norms = np.linalg.norm(array, axis=1, keepdims=True)
        if not np.all(np.isfinite(norms)) or np.any(norms == 0.0):
            raise EmbeddingOutputError(
                f"{self.model_id} returned a zero or non-finite vector; it cannot be compared "
                "by cosine similarity. Check the input text and the embedding provider."
            )
        return np.ascontiguousarray(array / norms, dtype=np.float32)
