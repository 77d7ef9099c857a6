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


def bootstrap_ci(
    values: Sequence[float], resamples: int = 1000, level: float = 0.95, seed: int = 7
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (resampling questions)."""
    import numpy as np

    if not values:
        return (float("nan"), float("nan"))
    arr = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    means = arr[rng.integers(0, len(arr), size=(resamples, len(arr)))].mean(axis=1)
    lo, hi = np.quantile(means, [(1 - level) / 2, 1 - (1 - level) / 2])
    return (round(float(lo), 4), round(float(hi), 4))


def intervals(
    results: dict[str, Sequence[Scored]], scored_categories: set[str], metrics: Sequence[str] = ("recall@10", "mrr")
) -> dict[str, dict[str, dict[str, object]]]:
    """Per system and category: 95 % bootstrap intervals of ``metrics``, and for each baseline the
    interval of the paired difference product - baseline (same questions resampled together)."""
    out: dict[str, dict[str, dict[str, object]]] = {}
    cats = sorted({r.category for r in results["product"]}) + ["overall"]
    for cat in cats:
        pick = [i for i, r in enumerate(results["product"])
                if r.category == cat or (cat == "overall" and r.category in scored_categories)]
        row: dict[str, object] = {}
        for system, scored in results.items():
            for m in metrics:
                row[f"{system}:{m}"] = bootstrap_ci([scored[i].metrics[m] for i in pick])
                if system != "product":
                    row[f"product-{system}:{m}"] = bootstrap_ci(
                        [results["product"][i].metrics[m] - scored[i].metrics[m] for i in pick])
        out[cat] = {"n": len(pick), **row}  # type: ignore[dict-item]
    return out
