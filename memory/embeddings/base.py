"""Embedding providers behind one small contract."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np


class Embedder(Protocol):
    """A synchronous encoder; ``EmbeddingService`` runs it off the event loop.

    Vectors are float32 and L2-normalised. ``model_id`` is recorded with every stored vector.
    """

    model_id: str
    dim: int

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored, shape ``(len(texts), dim)``."""

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for search queries, shape ``(len(texts), dim)``."""
