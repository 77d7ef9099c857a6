"""Recall's inputs are the user id, the query and the settings: nothing else can steer it.

The benchmarks (scripts/bench) know the gold evidence of every question; these tests pin
that none of it can reach recall: ``Recaller.recall`` takes no argument beyond the user,
the query and the pre-filter, the recaller is built from stores, the encoder and a
``RecallConfig`` of plain settings, and no recall module imports benchmark code.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

from memory.longterm.hybrid import HybridParams
from pipelines.recall.recaller import RecallConfig, Recaller
from pipelines.recall.rerank import DecayCurve, RerankWeights

ROOT = Path(__file__).resolve().parents[2]
RECALL_MODULES = ["pipelines/recall/recaller.py", "pipelines/recall/rerank.py", "pipelines/recall/rounds.py",
                  "pipelines/recall/time_expr.py", "memory/lexical.py",
                  "memory/longterm/hybrid.py", "memory/longterm/pgvector_store.py", "memory/longterm/pg_sql.py"]


def test_recall_takes_only_the_user_the_query_and_filters() -> None:
    params = list(inspect.signature(Recaller.recall).parameters)
    assert params == ["self", "user_id", "query", "types", "since", "until", "now"]


def test_the_recaller_is_built_from_stores_the_encoder_and_settings_only() -> None:
    params = list(inspect.signature(Recaller.__init__).parameters)
    assert params == ["self", "store", "embeddings", "config", "cache"]


def test_every_recall_setting_is_a_plain_number_flag_or_settings_group() -> None:
    allowed = (int, float, bool, type(None), RerankWeights, DecayCurve, HybridParams)
    for config in (RecallConfig(), RerankWeights(), DecayCurve(), HybridParams()):
        for f in dataclasses.fields(config):
            value = getattr(config, f.name)
            assert isinstance(value, allowed), f"{type(config).__name__}.{f.name} is {type(value).__name__}"
            if isinstance(value, (RerankWeights, DecayCurve, HybridParams)):
                assert all(isinstance(getattr(value, g.name), (int, float)) for g in dataclasses.fields(value))


def test_no_recall_module_imports_benchmark_code_or_data() -> None:
    for rel in RECALL_MODULES:
        tree = ast.parse((ROOT / rel).read_text())
        imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        imported += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in imported if m.startswith(("scripts", "tests", "locomo", "bench"))], rel
        text = (ROOT / rel).read_text().lower()
        assert "evidence" not in text and "locomo_dev" not in text, rel
