"""Evidence-retrieval metrics: recall@k, hit@k, MRR, aggregated per category."""
from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

KS = (1, 5, 10, 20)


@dataclass(frozen=True)
class Scored:
    """One question's result: its category and the metrics of one system."""

    category: str
    metrics: dict[str, float]


def question_metrics(ranked: Sequence[str], gold: set[str], ks: Sequence[int] = KS) -> dict[str, float]:
    """Metrics of one ranked list of ids against the gold ids.

    ``recall@k`` = share of gold ids in the first k; ``hit@k`` = any gold id in the first k;
    ``mrr`` = 1 / rank of the first gold id (0 when none is in the list).
    """
    out: dict[str, float] = {}
    first = next((i for i, x in enumerate(ranked, start=1) if x in gold), None)
    for k in ks:
        top = set(ranked[:k])
        out[f"recall@{k}"] = len(gold & top) / len(gold)
        out[f"hit@{k}"] = 1.0 if gold & top else 0.0
    out["mrr"] = 1.0 / first if first else 0.0
    return out


def aggregate(results: Sequence[Scored], scored_categories: set[str]) -> dict[str, dict[str, float]]:
    """Mean metrics per category, plus ``overall`` over ``scored_categories``."""
    groups: dict[str, list[dict[str, float]]] = defaultdict(list)
    for r in results:
        groups[r.category].append(r.metrics)
        if r.category in scored_categories:
            groups["overall"].append(r.metrics)
    return {
        cat: {**{m: round(statistics.fmean(x[m] for x in rows), 4) for m in rows[0]}, "n": len(rows)}
        for cat, rows in sorted(groups.items())
    }
