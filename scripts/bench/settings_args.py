"""Command-line flags for the recall settings; their defaults ARE the product's defaults.

The benchmarks run the product as configured by default; a flag changes one setting for a
measurement (e.g. ``--lexical-weight 0`` for dense-only through the same SQL).
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from types import SimpleNamespace

from app.settings import LongTermSettings
from pipelines.recall.config import PRESETS, from_values, recall_knobs, values_of
from pipelines.recall.config import RecallConfig
from pipelines.recall.rerank import DecayCurve


def add_recall_args(p: argparse.ArgumentParser) -> None:
    """Add one flag per recall setting (``--top-k`` for ``top_k``), defaulting to the product's value."""
    p.add_argument("--preset", choices=sorted(PRESETS), default="hybrid_rrf", help="RECALL_PRESET")
    p.add_argument("--dense-only", action="store_true", help="the product without its lexical index")
    for k in recall_knobs():
        if k.name == "hybrid":
            continue  # --dense-only
        p.add_argument("--" + k.name.replace("_", "-"), type=k.kind, default=None, help=f"{k.knob.variable}: {k.knob.doc}")
    p.add_argument("--ef-search", type=int, default=LongTermSettings().hnsw_ef_search, help="HNSW_EF_SEARCH")


def recall_config(args: argparse.Namespace) -> RecallConfig:
    """The ``RecallConfig`` of these flags (no hot cache, no touch: questions are independent).

    A flag not given takes the preset's value (``--preset``, the product's default preset).
    """
    values = values_of(PRESETS[args.preset])
    for k in recall_knobs():
        given = getattr(args, k.name, None)
        if given is not None:
            values[k.name] = given
    if args.dense_only:
        values["hybrid"] = False
    config = from_values(SimpleNamespace(**values), DecayCurve())
    return replace(config, cache_ttl_seconds=0, touch=False)
