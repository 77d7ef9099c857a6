"""Recall's rounds as a declared sequence: which run, in which order, and what each does.

``ROUNDS`` is the order; :func:`planned` says which of them a configuration and a request
run (a table test reads it without a store). Each round that changes the candidate
``Pool`` is a pure function here; the two that need the store (the feedback search and the
neighbours' fetch) take what the store returned as an argument, so ``Recaller`` only does
the I/O between them.

1. ``dense`` — cosine top-N alone (a dense-only configuration: no later round runs);
2. ``hybrid`` — BM25 + HNSW fused by RRF, relevance = the fused score scaled to [0, 1];
3. ``feedback`` — pseudo-relevance feedback: a second search, relevance blended;
4. ``time`` — the query's time window and "when" questions boost memories;
5. ``neighbours`` — the best candidates lend relevance to the following memories of their
   session (an unfiltered recall only: a type or time filter asks for those rows alone);
6. ``diversify`` — maximal marginal relevance on token overlap;
7. ``cut`` — the best ``candidates``, by relevance then id.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from memory.lexical import lexical_tokens
from memory.types import MemoryItem
from pipelines.recall.config import RecallConfig
from pipelines.recall.rounds import diversify, merge_relevance


@dataclass(frozen=True)
class Request:
    """What of a recall request decides which rounds run."""

    filtered: bool = False
    """A type or time filter is set."""


@dataclass(frozen=True)
class Round:
    """One round: its name and when it runs."""

    name: str
    runs: Callable[[RecallConfig, Request], bool]


ROUNDS: tuple[Round, ...] = (
    Round("dense", lambda c, r: c.hybrid is None),
    Round("hybrid", lambda c, r: c.hybrid is not None),
    Round("feedback", lambda c, r: c.hybrid is not None and c.feedback_terms > 0),
    Round("time", lambda c, r: c.hybrid is not None and (c.time_boost > 0 or c.when_boost > 0)),
    Round("neighbours", lambda c, r: c.hybrid is not None and c.neighbours > 0 and c.neighbour_anchors > 0
          and not r.filtered),
    Round("diversify", lambda c, r: c.hybrid is not None and c.mmr_lambda < 1.0),
    Round("cut", lambda c, r: c.hybrid is not None),
)
"""Every round, in the order they run."""


def planned(config: RecallConfig, request: Request) -> list[str]:
    """The names of the rounds that run for ``config`` and ``request``, in order."""
    return [r.name for r in ROUNDS if r.runs(config, request)]


@dataclass(frozen=True)
class Pool:
    """The candidates between rounds, by memory id.

    Attributes:
        relevance: Relevance in [0, 1] (boosts may lift it above 1).
        similarity: Cosine similarity to the query.
        items: The memories.
        lexical: BM25 score of the memories a search found (a neighbour has none).
    """

    relevance: dict[int, float]
    similarity: dict[int, float]
    items: dict[int, MemoryItem]
    lexical: dict[int, float] = field(default_factory=dict)

    def order(self) -> list[int]:
        """Ids by relevance, best first, ties by id."""
        return sorted(self.relevance, key=lambda i: (-self.relevance[i], i))


def searched(found: Iterable[tuple[MemoryItem, float, float, float]]) -> Pool:
    """The pool of one search: ``(item, similarity, lexical, relevance)`` per hit."""
    pool = Pool({}, {}, {}, {})
    for item, similarity, lexical, relevance in found:
        pool.items[item.id] = item
        pool.similarity[item.id] = similarity
        pool.lexical[item.id] = lexical
        pool.relevance[item.id] = relevance
    return pool


def with_feedback(first: Pool, second: Pool, weight: float) -> Pool:
    """The first search's pool joined by the feedback search's, relevance blended by ``weight``.

    A memory found by both keeps the first search's similarity and BM25.
    """
    return Pool(
        merge_relevance(first.relevance, second.relevance, weight),
        {**second.similarity, **first.similarity},
        {**second.items, **first.items},
        {**second.lexical, **first.lexical},
    )


def anchors(pool: Pool, count: int) -> list[int]:
    """The ``count`` most relevant ids, which lend relevance to their sessions' next memories."""
    return sorted(pool.relevance, key=lambda i: -pool.relevance[i])[:count]


def with_neighbours(
    pool: Pool, found: Iterable[tuple[int, MemoryItem, float]], factor: float, gap: float
) -> Pool:
    """The pool after each anchor lends ``factor ** k`` of its relevance to its k-th next memory.

    A neighbour whose similarity is more than ``gap`` below its anchor's is not brought; a
    memory keeps the higher of its own and its borrowed relevance.

    Args:
        pool: Candidates so far.
        found: ``(anchor id, following memory, its similarity)`` as the store returned them.
        factor: Share of the anchor's relevance the next memory borrows.
        gap: Largest similarity drop from the anchor.
    """
    relevance, similarity, items = dict(pool.relevance), dict(pool.similarity), dict(pool.items)
    step: Counter[int] = Counter()
    for anchor, item, sim in sorted(found, key=lambda f: (f[0], f[1].created_at, f[1].id)):
        step[anchor] += 1  # the k-th following memory borrows factor ** k
        borrowed = factor ** step[anchor] * relevance[anchor]
        if sim < similarity[anchor] - gap:
            continue  # a follow-up about something else entirely
        if borrowed > relevance.get(item.id, 0.0):
            relevance[item.id] = borrowed
            items.setdefault(item.id, item)
            similarity.setdefault(item.id, sim)
    return Pool(relevance, similarity, items, dict(pool.lexical))


def diversified(pool: Pool, lam: float, depth: int) -> Pool:
    """The pool with maximal marginal relevance applied to its best ``depth`` memories."""
    order = pool.order()
    tokens = {i: set(lexical_tokens(pool.items[i].content)) for i in order[:depth]}
    return Pool(diversify(order, pool.relevance, tokens, lam, depth), pool.similarity, pool.items, pool.lexical)


def cut(pool: Pool, candidates: int) -> list[int]:
    """The ids that leave recall's search: the best ``candidates`` by relevance, ties by id."""
    return pool.order()[:candidates]


def boosted(pool: Pool, relevance: Mapping[int, float]) -> Pool:
    """The pool with new relevance (the time round's)."""
    return Pool(dict(relevance), pool.similarity, pool.items, pool.lexical)
