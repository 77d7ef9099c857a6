"""Recall's rounds are a declared sequence; each table row is a configuration or a pool, no store.

``planned`` says which rounds run for a configuration and a request; each round that changes
the candidates is a pure function of the pool (and of what the store returned for it).
"""
from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone

import pytest

from memory.search_params import HybridParams
from memory.types import MemoryItem, MemoryStatus, MemoryType
from pipelines.recall.config import DENSE_ONLY, HYBRID_RRF, RecallConfig
from pipelines.recall.sequence import (
    ROUNDS,
    Pool,
    Request,
    anchors,
    cut,
    diversified,
    planned,
    searched,
    with_feedback,
    with_neighbours,
)

T0 = datetime(2026, 5, 1, tzinfo=timezone.utc)


def item(i: int, content: str = "", minutes: int = 0) -> MemoryItem:
    return MemoryItem(
        id=i, user_id="u", memory_type=MemoryType.FACT, content=content or f"memory {i}", content_hash=str(i),
        importance=0.5, embedding_model="m", created_at=T0 + timedelta(minutes=minutes), last_accessed_at=None,
        access_count=0, status=MemoryStatus.ACTIVE, superseded_by=None, source_session="s", source_turn=None,
        trace_id=None, metadata={},
    )


def pool(*rows: tuple[int, float, float]) -> Pool:
    """``(id, relevance, similarity)`` rows; lexical 1.0 each."""
    return searched((item(i), sim, 1.0, rel) for i, rel, sim in rows)


def with_(config: RecallConfig, **changes: object) -> RecallConfig:
    return dataclasses.replace(config, **changes)  # type: ignore[arg-type]


UNFILTERED, FILTERED = Request(filtered=False), Request(filtered=True)


@pytest.mark.parametrize(
    ("config", "request_", "rounds"),
    [
        (HYBRID_RRF, UNFILTERED, ["hybrid", "time", "neighbours", "cut"]),
        (HYBRID_RRF, FILTERED, ["hybrid", "time", "cut"]),
        (DENSE_ONLY, UNFILTERED, ["dense"]),
        (with_(DENSE_ONLY, feedback_terms=5, mmr_lambda=0.5), UNFILTERED, ["dense"]),
        (with_(HYBRID_RRF, feedback_terms=5), UNFILTERED, ["hybrid", "feedback", "time", "neighbours", "cut"]),
        (with_(HYBRID_RRF, mmr_lambda=0.7), FILTERED, ["hybrid", "time", "diversify", "cut"]),
        (with_(HYBRID_RRF, time_boost=0.0, when_boost=0.0, neighbours=0), UNFILTERED, ["hybrid", "cut"]),
        (with_(HYBRID_RRF, time_boost=0.0, when_boost=0.2), UNFILTERED, ["hybrid", "time", "neighbours", "cut"]),
        (with_(HYBRID_RRF, neighbour_anchors=0), UNFILTERED, ["hybrid", "time", "cut"]),
    ],
)
def test_which_rounds_run_in_which_order(config: RecallConfig, request_: Request, rounds: list[str]) -> None:
    assert planned(config, request_) == rounds


def test_the_declared_order_is_the_documented_one() -> None:
    assert [r.name for r in ROUNDS] == ["dense", "hybrid", "feedback", "time", "neighbours", "diversify", "cut"]


@pytest.mark.parametrize(
    ("first", "second", "weight", "relevance"),
    [
        (pool((1, 0.8, 0.9), (2, 0.4, 0.5)), pool((2, 1.0, 0.5), (3, 0.5, 0.2)), 0.3,
         {1: 0.56, 2: 0.58, 3: 0.15}),
        (pool((1, 0.8, 0.9)), pool((1, 0.2, 0.1)), 0.0, {1: 0.8}),
    ],
)
def test_feedback_blends_the_two_searches(first: Pool, second: Pool, weight: float, relevance: dict[int, float]) -> None:
    merged = with_feedback(first, second, weight)
    assert merged.relevance == pytest.approx(relevance)
    assert merged.similarity[1] == first.similarity[1]  # found by both: the first search's similarity


@pytest.mark.parametrize(
    ("found", "factor", "gap", "relevance"),
    [
        # the anchor's next memory borrows factor·relevance, the one after factor²
        ([(1, item(7, minutes=1), 0.8), (1, item(8, minutes=2), 0.8)], 0.5, 1.0, {1: 0.8, 2: 0.4, 7: 0.4, 8: 0.2}),
        # a neighbour far less similar than its anchor is not brought
        ([(1, item(7, minutes=1), 0.1)], 0.5, 0.3, {1: 0.8, 2: 0.4}),
        # a memory keeps the higher of its own and the borrowed relevance
        ([(1, item(2, minutes=1), 0.5)], 0.9, 1.0, {1: 0.8, 2: 0.72}),
        ([(1, item(2, minutes=1), 0.5)], 0.1, 1.0, {1: 0.8, 2: 0.4}),
    ],
)
def test_neighbours_borrow_from_their_anchor(
    found: list[tuple[int, MemoryItem, float]], factor: float, gap: float, relevance: dict[int, float]
) -> None:
    before = pool((1, 0.8, 0.9), (2, 0.4, 0.5))
    assert anchors(before, 1) == [1]
    assert with_neighbours(before, found, factor, gap).relevance == pytest.approx(relevance)


def test_diversity_drops_a_paraphrase_below_a_different_fact() -> None:
    texts = {1: "alice lives in porto portugal", 2: "alice lives in porto portugal now", 3: "bob plays the cello"}
    before = searched((item(i, text), 0.5, 1.0, rel) for (i, text), rel in zip(texts.items(), (0.9, 0.85, 0.6), strict=True))
    assert cut(before, 3) == [1, 2, 3]
    assert cut(diversified(before, 0.5, 3), 3) == [1, 3, 2]
    assert cut(diversified(before, 1.0, 3), 3) == [1, 2, 3]


@pytest.mark.parametrize(("candidates", "ids"), [(2, [1, 2]), (5, [1, 2, 3]), (1, [1])])
def test_cut_keeps_the_best_ties_by_id(candidates: int, ids: list[int]) -> None:
    assert cut(pool((3, 0.5, 0.1), (1, 0.7, 0.1), (2, 0.7, 0.1)), candidates) == ids


def test_the_hybrid_params_of_a_preset_are_the_declared_ones() -> None:
    assert HYBRID_RRF.hybrid == HybridParams() and DENSE_ONLY.hybrid is None
