"""The knobs of a long-term search, importable without the store (settings read them).

``HybridParams`` is what ``PgVectorStore.hybrid_search`` takes; each field that is a setting
is declared with :func:`core.knobs.knob` (its variable, bounds and one documentation line).
``HNSW_EF_SEARCH`` and ``SEGMENTER`` are the store constructor's defaults, ``MERGE_SIMILARITY``
the writer's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.knobs import knob

HNSW_EF_SEARCH = 100
"""Default ``hnsw.ef_search`` of a pgvector search (``HNSW_EF_SEARCH``)."""
SEGMENTER: Literal["bigram", "jieba"] = "bigram"
"""Default segmenter of the lexical index (``LEXICAL_SEGMENTER``)."""
MERGE_SIMILARITY = 0.95
"""The writer merges a new memory into one of the same type this similar (``MERGE_SIMILARITY``)."""


@dataclass(frozen=True)
class HybridParams:
    """Knobs of one hybrid search (defaults measured on LoCoMo dev).

    Measured (``scripts/bench/recall_quality.py``, docs/BENCHMARKS.md): ``rrf_k`` 20 with the
    lexical rank weighted 1.2 and BM25 ``k1=0.9, b=0.4`` (short texts: weak length
    normalisation) beat the textbook ``k=60``, equal weights, ``k1=1.2, b=0.75`` by
    +0.03 recall@10 and +0.03 MRR. The CJK lexical weight: bigrams match more loosely than
    words; measured on the Chinese set, 0.5 keeps MRR where 1.2 loses 0.06.

    Attributes:
        limit: Fused rows returned (recall sets it to ``RecallConfig.candidates``).
    """

    limit: int = 20
    dense_limit: int = knob(50, "RECALL_DENSE_CANDIDATES", "rows taken from the HNSW side before fusion", ge=1, le=1000)
    lexical_limit: int = knob(50, "RECALL_LEXICAL_CANDIDATES", "rows taken from the BM25 side before fusion", ge=1, le=1000)
    rrf_k: float = knob(20.0, "RECALL_RRF_K", "the RRF constant `k`: fused score `w_dense/(k + rank) + w_lex/(k + rank)`", gt=0)
    dense_weight: float = knob(1.0, "RECALL_DENSE_WEIGHT", "weight of the dense (HNSW) rank in the fusion", ge=0)
    lexical_weight: float = knob(1.2, "RECALL_LEXICAL_WEIGHT", "weight of the lexical (BM25) rank (`0` turns the lexical side off)", ge=0)
    lexical_weight_cjk: float = knob(0.5, "RECALL_LEXICAL_WEIGHT_CJK", "the lexical weight for a mostly Chinese query", ge=0)
    bm25_k1: float = knob(0.9, "RECALL_BM25_K1", "BM25 term-frequency saturation", ge=0)
    bm25_b: float = knob(0.4, "RECALL_BM25_B", "BM25 length normalisation", ge=0, le=1)
