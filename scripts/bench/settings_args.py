"""Command-line flags for the recall settings; their defaults ARE the product's defaults.

The benchmarks run the product as configured by default; a flag changes one setting for a
measurement (e.g. ``--lexical-weight 0`` for dense-only through the same SQL).
"""
from __future__ import annotations

import argparse
from dataclasses import replace

from app.settings import LongTermSettings
from memory.longterm.hybrid import HybridParams
from pipelines.recall.recaller import RecallConfig
from pipelines.recall.rerank import RerankWeights

_H = HybridParams()
_R = RecallConfig()
_W = RerankWeights()


def add_recall_args(p: argparse.ArgumentParser) -> None:
    """Add one flag per recall setting, defaulting to the product's value."""
    p.add_argument("--candidates", type=int, default=_R.candidates)
    p.add_argument("--top-k", type=int, default=_R.top_k, help="memories injected per question")
    p.add_argument("--dense-only", action="store_true", help="the product without its lexical index")
    p.add_argument("--rrf-k", type=float, default=_H.rrf_k)
    p.add_argument("--dense-weight", type=float, default=_H.dense_weight)
    p.add_argument("--lexical-weight", type=float, default=_H.lexical_weight)
    p.add_argument("--lexical-weight-cjk", type=float, default=_H.lexical_weight_cjk)
    p.add_argument("--dense-limit", type=int, default=_H.dense_limit)
    p.add_argument("--lexical-limit", type=int, default=_H.lexical_limit)
    p.add_argument("--bm25-k1", type=float, default=_H.bm25_k1)
    p.add_argument("--bm25-b", type=float, default=_H.bm25_b)
    p.add_argument("--weight-similarity", type=float, default=_W.similarity)
    p.add_argument("--weight-importance", type=float, default=_W.importance)
    p.add_argument("--weight-decay", type=float, default=_W.decay)
    p.add_argument("--ef-search", type=int, default=LongTermSettings().hnsw_ef_search, help="HNSW_EF_SEARCH")
    p.add_argument("--neighbours", type=int, default=_R.neighbours, help="following turns per anchor (0 = off)")
    p.add_argument("--neighbour-anchors", type=int, default=_R.neighbour_anchors)
    p.add_argument("--neighbour-factor", type=float, default=_R.neighbour_factor)
    p.add_argument("--neighbour-gap", type=float, default=_R.neighbour_gap)
    p.add_argument("--feedback-terms", type=int, default=_R.feedback_terms, help="PRF terms (0 = off)")
    p.add_argument("--feedback-docs", type=int, default=_R.feedback_docs)
    p.add_argument("--feedback-weight", type=float, default=_R.feedback_weight)
    p.add_argument("--mmr-lambda", type=float, default=_R.mmr_lambda, help="1 = no diversity step")
    p.add_argument("--time-boost", type=float, default=_R.time_boost)
    p.add_argument("--when-boost", type=float, default=_R.when_boost)
    p.add_argument("--dense-query-chars", type=int, default=_R.dense_query_chars, help="0 = encode the whole query")


def recall_config(args: argparse.Namespace) -> RecallConfig:
    """The ``RecallConfig`` of these flags (no hot cache, no touch: questions are independent)."""
    hybrid = None if args.dense_only else HybridParams(
        limit=args.candidates, dense_limit=args.dense_limit, lexical_limit=args.lexical_limit,
        rrf_k=args.rrf_k, dense_weight=args.dense_weight, lexical_weight=args.lexical_weight,
        lexical_weight_cjk=args.lexical_weight_cjk,
        bm25_k1=args.bm25_k1, bm25_b=args.bm25_b,
    )
    return replace(
        _R,
        candidates=args.candidates,
        top_k=args.top_k,
        weights=RerankWeights(args.weight_similarity, args.weight_importance, args.weight_decay),
        cache_ttl_seconds=0,
        touch=False,
        hybrid=hybrid,
        neighbours=args.neighbours,
        neighbour_anchors=args.neighbour_anchors,
        neighbour_factor=args.neighbour_factor,
        neighbour_gap=args.neighbour_gap,
        feedback_terms=args.feedback_terms,
        feedback_docs=args.feedback_docs,
        feedback_weight=args.feedback_weight,
        mmr_lambda=args.mmr_lambda,
        time_boost=args.time_boost,
        when_boost=args.when_boost,
        dense_query_chars=args.dense_query_chars,
    )
