"""Semantic layer of the injection screen: a logistic head over the recall embedding.

The rules of :mod:`.screen` recognise wordings; this layer recognises *meaning*. It scores
the message's query embedding (the same vector recall uses: the turn's first encoding is
reused through the embedding service's query cache) with a logistic head whose 384
weights are fitted offline from labelled exemplars (the injection corpus, the dev half of
the blind set, and everyday conversation as negatives: the memory-quality statements, the
Chinese dialogues and LoCoMo's even conversations — ``python scripts/bench/injection.py
--train-head --locomo PATH``) and shipped in
``semantic_head.json``. The head is only valid for the embedding model it was fitted on;
with another model the screen stays rule-only.

The two layers are combined by :func:`combine` (rule score ``r``, semantic score ``s``):

* ``r >= STRONG_RULES`` (two rules, or one very specific one): blocked;
* ``threshold <= r < STRONG_RULES`` (one moderate rule): blocked unless the semantic
  reading is clearly benign (``s < VETO``: a question *about* a token or an attack);
* ``s >= SEMANTIC_HIGH``: blocked on meaning alone;
* ``s >= SEMANTIC_MID`` and ``r >= WEAK_RULES``: a middle band needing a weak rule signal.

The cut-offs were chosen on out-of-fold scores of the exemplars (docs/BENCHMARKS.md). The
meaning-alone band is deliberately narrow (0.99): a head fitted without everyday chat blocked
6 % of ordinary LoCoMo turns ("Thanks, Gina! Your support's really been awesome.") on meaning
alone; with chat negatives and this cut-off it blocks none of LoCoMo's held-out half.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from pipelines.receive.screening.screen import ScreeningVerdict

__all__ = ["SemanticHead", "SemanticScreen", "QueryEmbedder", "combine", "load_head", "HEAD_PATH",
           "SEMANTIC_RULE", "STRONG_RULES", "VETO", "SEMANTIC_HIGH", "SEMANTIC_MID", "WEAK_RULES"]

HEAD_PATH = Path(__file__).with_name("semantic_head.json")
SEMANTIC_RULE = "semantic"
STRONG_RULES = 0.75
VETO = 0.1
SEMANTIC_HIGH = 0.99
SEMANTIC_MID = 0.7
WEAK_RULES = 0.31  # above a lone role-play opener (0.3): "let's role play a job interview" is everyday


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
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def load_head(path: Path = HEAD_PATH) -> SemanticHead:
    """The shipped head.

    Raises:
        FileNotFoundError: The head file is missing; refit it with
            ``python scripts/bench/injection.py --train-head --locomo PATH`` (the shipped head
            was fitted with LoCoMo's chat as negatives).
    """
    if not path.exists():
        raise FileNotFoundError(
            f"injection semantic head {path} is missing; refit it with "
            "`python scripts/bench/injection.py --train-head --locomo PATH`."
        )
    data = json.loads(path.read_text(encoding="utf-8"))
    return SemanticHead(str(data["model_id"]), np.asarray(data["weights"], dtype=np.float64), float(data["bias"]))


def combine(rules: ScreeningVerdict, semantic: float, threshold: float) -> ScreeningVerdict:
    """One verdict from the rule verdict and the semantic score (see the module docstring).

    Args:
        rules: The rule screen's verdict (at ``threshold``).
        semantic: The head's score in ``[0, 1]``.
        threshold: The configured block threshold of the rule score.
    """
    r = rules.score
    strong = max(threshold, STRONG_RULES)
    blocked = (
        (rules.blocked and (r >= strong or semantic >= VETO))
        or semantic >= SEMANTIC_HIGH
        or (semantic >= SEMANTIC_MID and r >= WEAK_RULES)
    )
    reasons = list(rules.reasons)
    if semantic >= SEMANTIC_MID:
        reasons.append(SEMANTIC_RULE)
    score = max(r, semantic) if blocked else min(max(r, semantic), max(0.0, threshold - 1e-6))
    return ScreeningVerdict(score=round(score, 6), blocked=blocked, reasons=reasons)


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
                "refit it with `python scripts/bench/injection.py --train-head --locomo PATH` or use the rule screen only."
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

    async def screen(self, text: str, rules: ScreeningVerdict, threshold: float) -> ScreeningVerdict:
        """The combined verdict for ``text`` given the rule verdict."""
        return combine(rules, await self.score(text), threshold)
