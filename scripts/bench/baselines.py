"""The three baselines, over the same turns and the same embedding model as the product.

* ``BM25`` — ``bm25s`` (Okapi BM25) over the turn texts; English with bm25s's own tokenizer
  and English stop words, Chinese with the product's character bigrams (bm25s cannot cut Chinese).
* ``Dense`` — cosine top-k with numpy over the embedder's passage vectors.
* ``Hybrid`` — the two fused by reciprocal rank (k = 60, equal weights).
* ``bigram`` hybrid — BM25 over plain character bigrams (every overlapping pair of a CJK run,
  no stop characters; Latin text as lower-case words, no stop words) fused with the same
  dense ranking by RRF (k = 60): the simple Chinese baseline the product must beat.

``bm25s`` is a benchmark-only dependency: ``pip install -r requirements-bench.txt``.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

import bm25s
import numpy as np

Tokenize = Callable[[str], list[str]]


_RUNS = re.compile(r"[a-z0-9]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def char_bigrams(text: str) -> list[str]:
    """Plain character bigrams of CJK runs (a lone character stays) and lower-case Latin words."""
    out: list[str] = []
    for run in _RUNS.findall(unicodedata.normalize("NFKC", text).lower()):
        if run[0] >= "\u3040":
            out.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
        else:
            out.append(run)
    return out


class BM25Baseline:
    """BM25 over one user's turns.

    Args:
        texts: The corpus.
        tokenize: ``None`` for bm25s's English tokenizer with stop words, else a function
            text -> tokens (used for Chinese).
    """

    def __init__(self, texts: Sequence[str], tokenize: Tokenize | None = None) -> None:
        self._tokenize = tokenize
        self._n = len(texts)
        self._bm25 = bm25s.BM25()
        if tokenize is None:
            self._bm25.index(bm25s.tokenize(list(texts), stopwords="en", show_progress=False),
                             show_progress=False)
        else:
            self._bm25.index([tokenize(t) or ["\x00"] for t in texts], show_progress=False)

    def search(self, query: str, k: int) -> list[int]:
        """Indices of the best ``k`` turns (fewer when nothing else matches)."""
        k = min(k, self._n)
        if self._tokenize is None:
            tokens = bm25s.tokenize([query], stopwords="en", show_progress=False)
            if not tokens.vocab:
                return []
            # Re-map query tokens into the index's vocabulary (bm25s does this for strings).
            inv = {i: t for t, i in tokens.vocab.items()}
            query_tokens = [[inv[i] for i in tokens.ids[0]]]
        else:
            query_tokens = [self._tokenize(query)]
            if not query_tokens[0]:
                return []
        docs, scores = self._bm25.retrieve(query_tokens, k=k, show_progress=False)
        return [int(d) for d, s in zip(docs[0], scores[0]) if s > 0]


class DenseBaseline:
    """Cosine top-k over unit passage vectors (a dot product)."""

    def __init__(self, vectors: np.ndarray) -> None:
        self._m = np.asarray(vectors, dtype=np.float32)

    def search(self, query_vector: np.ndarray, k: int) -> list[int]:
        """Indices of the ``k`` most similar turns, best first."""
        sims = self._m @ np.asarray(query_vector, dtype=np.float32)
        k = min(k, len(sims))
        top = np.argpartition(-sims, k - 1)[:k]
        return [int(i) for i in top[np.argsort(-sims[top], kind="stable")]]


def rrf(rankings: Sequence[Sequence[int]], k: float = 60.0, limit: int = 20) -> list[int]:
    """Reciprocal-rank fusion of several rankings (equal weights)."""
    score: dict[int, float] = {}
    for ranking in rankings:
        for rank, doc in enumerate(ranking, start=1):
            score[doc] = score.get(doc, 0.0) + 1.0 / (k + rank)
    return sorted(score, key=lambda d: (-score[d], d))[:limit]
