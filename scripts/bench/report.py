"""Tables and JSON of a quality run (shared by the English and the Chinese benchmark)."""
from __future__ import annotations

import statistics
from typing import Any

from common import latency_summary, table
from harness import SYSTEMS, RunLog
from metrics import aggregate, intervals

COLUMNS = ("recall@1", "recall@5", "recall@10", "recall@20", "hit@1", "hit@10", "mrr")


def summarise(log: RunLog, scored: set[str]) -> dict[str, Any]:
    """Per-system aggregates, latencies and token figures of ``log``."""
    systems = {s: aggregate(log.scored[s], scored) for s in SYSTEMS}
    tokens = {
        "injected_mean": round(statistics.fmean(log.injected_tokens), 1) if log.injected_tokens else 0,
        "injected_p95": sorted(log.injected_tokens)[int(0.95 * (len(log.injected_tokens) - 1))]
        if log.injected_tokens else 0,
        "hybrid_baseline_same_count_mean": round(statistics.fmean(log.baseline_top_tokens), 1)
        if log.baseline_top_tokens else 0,
        "full_conversation_mean": round(statistics.fmean(log.full_tokens), 1) if log.full_tokens else 0,
    }
    if tokens["injected_mean"]:
        tokens["saving_factor"] = round(tokens["full_conversation_mean"] / tokens["injected_mean"], 1)
    return {
        "systems": systems,
        "intervals_95": intervals(log.scored, scored),
        "latency_ms": {s: latency_summary(log.latency_ms[s]) for s in SYSTEMS},
        "tokens": tokens,
        "rows": log.rows,
        "ingest_seconds": round(log.ingest_s, 1),
    }


def render(summary: dict[str, Any], order: list[str]) -> str:
    """The printable tables: metrics per category and system, then the headline and latency."""
    rows = []
    for cat in order:
        for s in SYSTEMS:
            m = summary["systems"][s].get(cat)
            if m:
                rows.append([cat, s, int(m["n"]), *(m[c] for c in COLUMNS)])
    out = [table(["category", "system", "n", *COLUMNS], rows), ""]
    head = []
    for s in SYSTEMS:
        o = summary["systems"][s].get("overall", {})
        lat = summary["latency_ms"][s]
        head.append([s, o.get("recall@10", 0.0), o.get("mrr", 0.0), lat["p50"], lat["p95"], lat["p99"]])
    out.append(table(["system", "overall recall@10", "overall MRR", "p50 ms", "p95 ms", "p99 ms"], head))
    out.append("")
    ci_rows = []
    for cat in order:
        ci = summary.get("intervals_95", {}).get(cat)
        if not ci:
            continue
        others = [s for s in SYSTEMS if s != "product"]
        fmt = lambda iv: f"[{iv[0]:.3f}, {iv[1]:.3f}]"  # noqa: E731
        ci_rows.append([cat, ci["n"], fmt(ci["product:recall@10"]), fmt(ci["product:mrr"]),
                        *(fmt(ci[f"product-{o}:recall@10"]) for o in others),
                        *(fmt(ci[f"product-{o}:mrr"]) for o in others)])
    if ci_rows:
        others = [s for s in SYSTEMS if s != "product"]
        out.append("95 % bootstrap intervals (1000 resamples of questions); 'Δ x' = product - x, paired:")
        out.append(table(["category", "n", "product R@10", "product MRR",
                          *(f"Δ{o} R@10" for o in others), *(f"Δ{o} MRR" for o in others)], ci_rows))
    t = summary["tokens"]
    out.append("")
    out.append(
        f"tokens per question: product injects {t['injected_mean']} (p95 {t['injected_p95']}); "
        f"the hybrid baseline's same number of turns {t['hybrid_baseline_same_count_mean']}; "
        f"the full conversation {t['full_conversation_mean']}"
        + (f" ({t['saving_factor']}x more)" if "saving_factor" in t else "")
    )
    return "\n".join(out)


def verdict(summary: dict[str, Any]) -> dict[str, Any]:
    """Whether the product beats every baseline on overall recall@10 and MRR, within latency."""
    prod = summary["systems"]["product"]["overall"]
    others = [s for s in SYSTEMS if s != "product"]
    best = {m: max(summary["systems"][s]["overall"][m] for s in others) for m in ("recall@10", "mrr")}
    lat_limit = summary["latency_ms"]["dense"]["p50"] + 20.0
    return {
        "recall@10_beats_baselines": prod["recall@10"] > best["recall@10"],
        "mrr_beats_baselines": prod["mrr"] > best["mrr"],
        "p50_within_dense_plus_20ms": summary["latency_ms"]["product"]["p50"] <= lat_limit,
        "best_baseline": best,
    }
