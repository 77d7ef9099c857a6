"""Recall's knobs, declared once: ``RecallConfig``, its parts, and the named presets.

Every knob is a :func:`core.knobs.knob` field here, in ``RerankWeights``/``DecayCurve``
(``pipelines.recall.rerank``) or in ``HybridParams`` (``memory.search_params``): its default,
its variable, its bounds and its documentation line. ``app.settings`` builds the ``recall``
settings group from :func:`recall_knobs`, :func:`from_values` turns the group back into a
``RecallConfig``, and README.md's recall table is generated from the same lines
(``python -m scripts.settings_table``). This module imports no store.

Presets, in the manner of graphiti's ``search_config_recipes``, are whole configurations
chosen by ``RECALL_PRESET``; each individual ``RECALL_*`` variable overrides its preset.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, get_type_hints

from core.knobs import Knob, knob, knob_fields
from memory.search_params import HybridParams
from pipelines.recall.rerank import DecayCurve, RerankWeights

HYBRID = Knob(
    "RECALL_HYBRID",
    "lexical (BM25 over a GIN-indexed `tsvector`) + dense (HNSW) fused by RRF in one SQL statement; "
    "`false` = dense-only",
)
"""The switch between a hybrid and a dense-only search (``RecallConfig.hybrid is None``)."""
WEIGHT_PREFIX = "weight_"
"""Settings field of ``RerankWeights.x`` is ``weight_x`` (``settings.recall.weight_decay``)."""


@dataclass(frozen=True)
class RecallConfig:
    """Recall knobs. ``hybrid`` holds the fusion knobs (its ``limit`` is replaced by
    ``candidates``); ``None`` means a dense-only search. The later rounds run on a hybrid
    search only (measured in docs/BENCHMARKS.md, "ablation"). ``curve`` is the decay group's
    (shared with forgetting); ``touch`` (count a recall as a use) is no setting.
    """

    candidates: int = knob(20, "RECALL_CANDIDATES", "candidates reranked (and fused rows of a hybrid search)", ge=1, le=200)
    top_k: int = knob(5, "RECALL_TOP_K", "memories injected into the context", ge=1, le=50)
    weights: RerankWeights = field(default_factory=RerankWeights)
    curve: DecayCurve = field(default_factory=DecayCurve)
    min_similarity: float = knob(0.0, "RECALL_MIN_SIMILARITY", "candidates below this relevance are dropped before the rerank", ge=0, le=1)
    cache_ttl_seconds: int = knob(300, "RECALL_CACHE_TTL_SECONDS", "hot cache of a user's recall results (`0` = off); invalidated on every write", ge=0)
    touch: bool = True
    hybrid: HybridParams | None = field(default_factory=HybridParams)
    neighbours: int = knob(1, "RECALL_NEIGHBOURS", "following memories of the same session each anchor brings (`0` = off)", ge=0, le=10)
    neighbour_anchors: int = knob(10, "RECALL_NEIGHBOUR_ANCHORS", "how many of the best candidates act as anchors", ge=1, le=200)
    neighbour_factor: float = knob(0.7, "RECALL_NEIGHBOUR_FACTOR", "the k-th neighbour's relevance is `factor`ᵏ of its anchor's", ge=0, le=1)
    neighbour_gap: float = knob(1.0, "RECALL_NEIGHBOUR_GAP", "a neighbour whose similarity is more than this below its anchor's is not brought (`1` = no gate)", ge=0, le=1)
    feedback_terms: int = knob(0, "RECALL_FEEDBACK_TERMS", "pseudo-relevance feedback: tokens of the best memories searched again (`0` = off; measured no gain)", ge=0, le=100)
    feedback_docs: int = knob(3, "RECALL_FEEDBACK_DOCS", "how many of the best memories feedback takes its tokens from", ge=1, le=50)
    feedback_weight: float = knob(0.3, "RECALL_FEEDBACK_WEIGHT", "weight of the feedback round's relevance", ge=0)
    mmr_lambda: float = knob(1.0, "RECALL_MMR_LAMBDA", "maximal marginal relevance on token overlap (`1` = off; measured no gain)", ge=0, le=1)
    time_boost: float = knob(0.1, "RECALL_TIME_BOOST", "relevance added to a memory in the query's time window (\"in May 2023\", \"上周\")", ge=0, le=1)
    when_boost: float = knob(0.1, "RECALL_WHEN_BOOST", "relevance added, for a \"when\" question, to a memory that states a time", ge=0, le=1)
    dense_query_chars: int = knob(0, "RECALL_DENSE_QUERY_CHARS", "the dense side encodes only the query's last lines within this many characters (`0` = all)", ge=0)


HYBRID_RRF = RecallConfig()
"""The default: BM25 + HNSW fused by weighted RRF, session neighbours, time boosts."""
DENSE_ONLY = RecallConfig(hybrid=None)
"""Cosine top-N alone (no lexical index, no later rounds)."""
HYBRID_ZH = RecallConfig(hybrid=HybridParams(lexical_weight=HybridParams().lexical_weight_cjk))
"""For Chinese deployments: every query gets the CJK lexical weight, mixed ones too."""
PRESETS: Mapping[str, RecallConfig] = {"hybrid_rrf": HYBRID_RRF, "dense_only": DENSE_ONLY, "hybrid_zh": HYBRID_ZH}
"""``RECALL_PRESET`` values."""


@dataclass(frozen=True)
class RecallKnob:
    """One recall setting: its field name in the settings group, type, default and declaration."""

    name: str
    kind: Any
    default: Any
    knob: Knob


def recall_knobs() -> list[RecallKnob]:
    """Every recall setting, in the order README.md lists them (defaults of ``HYBRID_RRF``)."""
    return [RecallKnob(name, kind, default, k) for name, (kind, default, k) in _flat_fields().items()]


def _flat_fields() -> dict[str, tuple[Any, Any, Knob]]:
    out: dict[str, tuple[Any, Any, Knob]] = {}
    for prefix, cls in (("", RecallConfig), (WEIGHT_PREFIX, RerankWeights), ("", HybridParams)):
        if cls is HybridParams:
            out["hybrid"] = (bool, True, HYBRID)
        hints = get_type_hints(cls)
        for f, k in knob_fields(cls):
            out[prefix + f.name] = (hints[f.name], f.default, k)
    return out


def values_of(config: RecallConfig) -> dict[str, Any]:
    """``{settings field: value}`` of a configuration (a preset's settings)."""
    hybrid = config.hybrid or HybridParams()
    out: dict[str, Any] = {f.name: getattr(config, f.name) for f, _ in knob_fields(RecallConfig)}
    out.update({WEIGHT_PREFIX + f.name: getattr(config.weights, f.name) for f, _ in knob_fields(RerankWeights)})
    out["hybrid"] = config.hybrid is not None
    out.update({f.name: getattr(hybrid, f.name) for f, _ in knob_fields(HybridParams)})
    return out


def from_values(values: Any, curve: DecayCurve, top_k: int | None = None) -> RecallConfig:
    """The ``RecallConfig`` of a settings group (any object with the settings fields).

    Args:
        values: The ``recall`` settings group (or anything with its attributes).
        curve: The decay curve (the ``decay`` group's).
        top_k: Overrides ``RECALL_TOP_K`` (a CLI flag).
    """
    mine = {f.name: getattr(values, f.name) for f, _ in knob_fields(RecallConfig)}
    if top_k:
        mine["top_k"] = top_k
    weights = RerankWeights(**{f.name: getattr(values, WEIGHT_PREFIX + f.name) for f, _ in knob_fields(RerankWeights)})
    hybrid = HybridParams(
        limit=mine["candidates"], **{f.name: getattr(values, f.name) for f, _ in knob_fields(HybridParams)}
    ) if values.hybrid else None
    return dataclasses.replace(RecallConfig(), weights=weights, curve=curve, hybrid=hybrid, **mine)
