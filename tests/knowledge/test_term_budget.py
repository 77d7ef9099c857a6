"""Table test of the knowledge lexical side's term budget (memory/knowledge/term_budget.py)."""
from __future__ import annotations

import pytest

from memory.knowledge.term_budget import scored_terms

DF = {"refund": 40, "policy": 900, "the": 60_000, "我们": 30_000, "退款": 25, "days": 3_000}

CASES = [
    # (terms, chunks, share, floor, max_rows, expected)
    (["the", "refund", "policy"], 100_000, 0.05, 1_000, 5_000, ["refund", "policy"]),  # head term dropped
    (["我们", "退款"], 100_000, 0.05, 1_000, 5_000, ["退款"]),  # Chinese head bigram dropped
    (["the"], 100_000, 0.05, 1_000, 5_000, []),  # only a stop word: the lexical side abstains
    (["missing", "refund"], 100_000, 0.05, 1_000, 5_000, ["refund"]),  # absent terms never scored
    (["days", "policy", "refund"], 100_000, 0.05, 1_000, 2_000, ["policy", "refund"]),  # rarest first within rows
    (["days", "policy"], 100_000, 0.05, 1_000, 100, ["policy"]),  # the rarest is taken even over the budget
    (["the", "refund"], 61_000, 0.99, 1_000, 100_000, ["the", "refund"]),  # below the share: kept, query order
    (["the", "policy"], 70_000, 0.01, 100_000, 100_000, ["the", "policy"]),  # small collection: floor keeps all
]


@pytest.mark.parametrize(("terms", "chunks", "share", "floor", "max_rows", "expected"), CASES)
def test_scored_terms(terms: list[str], chunks: int, share: float, floor: int, max_rows: int,
                      expected: list[str]) -> None:
    assert scored_terms(terms, DF, chunks, share, floor, max_rows) == expected
