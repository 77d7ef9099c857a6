"""The rounds of recall after the first hybrid search: feedback terms, neighbours, diversity.

Pure functions over candidates, so each step can be tested and measured on its own
(``scripts/bench/recall_quality.py`` flags, ablation in docs/BENCHMARKS.md):

* :func:`feedback_terms` — pseudo-relevance feedback: the rarest tokens of the first round's
  best memories that the query lacks, for a second search (multi-hop questions name one
  fact; the other shares its entities with the first);
* :func:`merge_relevance` — combine the relevance of two rounds (or a neighbour's borrowed
  relevance) per memory;
* :func:`diversify` — maximal marginal relevance on token overlap, so the top-K is not
  several paraphrases of one fact.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from memory.lexical import Segmenter, lexical_tokens


def feedback_terms(
    query_terms: Sequence[str],
    top_texts: Sequence[str],
    corpus_df: Mapping[str, int],
    corpus_size: int,
    limit: int,
    segmenter: Segmenter = "bigram",
) -> list[str]:
    """Up to ``limit`` tokens of ``top_texts`` not in the query, rarest in the candidate pool first.

    Args:
        query_terms: The query's own tokens (never returned).
        top_texts: Texts of the first round's best memories.
        corpus_df: Token -> number of candidate texts holding it (the pool the IDF is taken over).
        corpus_size: Number of candidate texts.
        limit: Most tokens returned.
        segmenter: The store's segmenter.

    Returns:
        Tokens that occur in at least one top text, sorted by IDF x occurrences (ties by token).
    """
    if limit <= 0:
        return []
    seen = set(query_terms)
    counts: Counter[str] = Counter()
    for text in top_texts:
        counts.update(set(lexical_tokens(text, segmenter)) - seen)
    scored = {
        t: c * math.log(1.0 + corpus_size / (1.0 + corpus_df.get(t, 0))) for t, c in counts.items() if len(t) > 1
    }
    return sorted(scored, key=lambda t: (-scored[t], t))[:limit]


def merge_relevance(first: Mapping[int, float], second: Mapping[int, float], weight: float) -> dict[int, float]:
    """``(1 - weight)·first + weight·second`` per id, a missing side counting 0; ids of both kept."""
    ids = list(dict.fromkeys([*first, *second]))
    return {i: (1.0 - weight) * first.get(i, 0.0) + weight * second.get(i, 0.0) for i in ids}


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def diversify(
    order: Sequence[int], scores: Mapping[int, float], tokens: Mapping[int, set[str]], lam: float, depth: int
) -> dict[int, float]:
    """Maximal marginal relevance over the first ``depth`` of ``order``: the adjusted scores.

    Each next pick maximises ``lam·score - (1 - lam)·max overlap with the picks so far``
    (token Jaccard); that value, divided by ``lam``, becomes the pick's score, so a paraphrase
    of a better memory drops below a different fact. Memories past ``depth`` keep their
    score. ``lam >= 1`` changes nothing.
    """
    out = dict(scores)
    if lam >= 1.0 or len(order) < 3:
        return out
    pool, picked = list(order[:depth]), list[int]()
    while pool:
        value = {i: lam * scores[i] - (1.0 - lam) * max((_overlap(tokens[i], tokens[j]) for j in picked), default=0.0)
                 for i in pool}
        best = max(pool, key=lambda i: (value[i], -pool.index(i)))
        out[best] = value[best] / lam
        picked.append(best)
        pool.remove(best)
    return out
