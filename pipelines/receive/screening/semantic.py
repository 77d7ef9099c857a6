"""Semantic layer of the injection screen: a logistic head over the recall embedding.

The rules of :mod:`.screen` recognise wordings; this layer recognises *meaning*. It scores
the message's query embedding (the same vector recall uses: the turn's first encoding is
reused through the embedding service's query cache) with a logistic head whose 384
weights are fitted offline (``python scripts/bench/screen_fit.py --locomo PATH``: the own
corpus, the old and the fresh blind dev halves, everyday chat as negatives) and shipped in
``semantic_head.json``. The head is only valid for the embedding model it was fitted on;
with another model the screen uses its rules-only variant.

The head's score is not a verdict on its own: it is one input of the calibrated model
(:mod:`.calibrated`), which gives the turn its one probability. There is no cap or band
here any more (a combination rule that capped scores just under the threshold made 43 of 54
missed dev attacks score exactly 0.499999).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from core.heads import read_head
from core.numeric import sigmoid


__all__ = ["SemanticHead", "SemanticScreen", "QueryEmbedder", "load_head", "HEAD_PATH"]

HEAD_PATH = Path(__file__).with_name("semantic_head.json")


class QueryEmbedder(Protocol):
    """What the layer needs of ``memory.embeddings.service.EmbeddingService``."""

    @property
    def model_id(self) -> str:
        """The embedding model's id."""
        ...

    async def embed_query(self, text: str) -> np.ndarray:
        """The unit-length query vector of ``text`` (cached by the service)."""
        ...


@dataclass(frozen=True)
class SemanticHead:
    """A logistic head: ``sigmoid(w . v + b)`` for a unit query vector ``v``.

    Attributes:
        model_id: Embedding model the weights were fitted on.
        weights: One weight per dimension.
        bias: The intercept.
    """

    model_id: str
    weights: np.ndarray
    bias: float

    def score(self, vector: np.ndarray) -> float:
        """Probability-like risk in ``[0, 1]`` of one query vector."""
        z = float(np.dot(self.weights, np.asarray(vector, dtype=np.float64))) + self.bias
        return sigmoid(z)


def load_head(path: Path = HEAD_PATH) -> SemanticHead:
    """The shipped head.

    Raises:
        FileNotFoundError: The head file is missing; refit it with
            ``python scripts/bench/screen_fit.py --locomo PATH`` (the shipped head was fitted
            with LoCoMo's chat as negatives).
    """
    head = read_head(path)
    if head is None:
        raise FileNotFoundError(
            f"injection semantic head {path} is missing; refit it with "
            "`python scripts/bench/screen_fit.py --locomo PATH`."
        )
    return SemanticHead(head.model_id, head.weights, head.intercept)


class SemanticScreen:
    """Scores messages with the head, encoding through the shared embedding service.

    Args:
        embeddings: The process's embedding service (the recall one, so the query cache is shared).
        head: The fitted head; must match ``embeddings.model_id``.

    Raises:
        ValueError: The head was fitted on another embedding model.
    """

    def __init__(self, embeddings: QueryEmbedder, head: SemanticHead) -> None:
        if head.model_id != embeddings.model_id:
            raise ValueError(
                f"the injection head was fitted on {head.model_id!r}, the embedder is {embeddings.model_id!r}; "
                "refit it with `python scripts/bench/screen_fit.py --locomo PATH` or use the rule screen only."
            )
        self._embeddings = embeddings
        self._head = head

    @classmethod
    def for_embeddings(cls, embeddings: QueryEmbedder) -> SemanticScreen | None:
        """A screen over ``embeddings`` with the shipped head, or ``None`` when it was fitted on another model."""
        head = load_head()
        if head.model_id != embeddings.model_id:
            return None
        return cls(embeddings, head)

    async def score(self, text: str) -> float:
        """The semantic risk of ``text`` (one cached query encoding, in the embedder's executor)."""
        return self._head.score(await self._embeddings.embed_query(text.strip() or text))
