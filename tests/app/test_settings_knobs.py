"""One description per knob: each recall setting is declared once, and settings stay light.

A recall knob is a ``knob(...)`` field of ``RecallConfig``, ``RerankWeights`` or
``HybridParams``; the settings group, the bench flags and README.md's rows are built from it,
so adding a knob is adding one field. ``RECALL_PRESET`` chooses a whole configuration and
each variable overrides its preset's value.
"""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from app.composition.services import recall_config
from app.settings import RecallSettings, load_settings, variables
from app.settings.docs import END, START, knob_rows
from core.knobs import knob_of
from memory.search_params import HybridParams
from pipelines.recall.config import DENSE_ONLY, HYBRID_RRF, HYBRID_ZH, RecallConfig, recall_knobs
from pipelines.recall.rerank import RerankWeights

ROOT = Path(__file__).resolve().parents[2]
# Fields that are no setting of their own, and why.
NOT_KNOBS = {
    (RecallConfig, "weights"): "its fields are the RECALL_WEIGHT_* knobs",
    (RecallConfig, "curve"): "the DECAY_* group's curve, shared with the forgetting job",
    (RecallConfig, "touch"): "benchmarks turn it off; the product always counts a recall as a use",
    (RecallConfig, "hybrid"): "its fields are knobs; RECALL_HYBRID switches it to None",
    (HybridParams, "limit"): "recall sets it to RECALL_CANDIDATES",
}


def test_loading_the_settings_imports_no_store_module() -> None:
    code = (
        "import app.settings, sys; bad = sorted(m for m in sys.modules "
        "if m.startswith(('memory.longterm', 'memory.shortterm.redis', 'psycopg', 'redis', 'sqlalchemy')));"
        "assert not bad, bad"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


def test_every_recall_field_is_one_declared_knob_with_one_variable_and_one_readme_row() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for cls in (RecallConfig, RerankWeights, HybridParams):
        for f in dataclasses.fields(cls):
            k = knob_of(f)
            if k is None:
                assert (cls, f.name) in NOT_KNOBS, f"{cls.__name__}.{f.name} is neither a knob nor listed"
                continue
            assert k.doc.strip() and "\n" not in k.doc, k.variable
            assert list(variables()).count(k.variable) == 1 and variables()[k.variable][0] == "recall"
            assert readme.count(f"| `{k.variable}` |") == 1, f"{k.variable}: one README row"
    declared = {k.knob.variable for k in recall_knobs()}
    group = {str(f.alias) for n, f in RecallSettings.model_fields.items() if n != "preset"}
    assert declared == group


def test_readme_rows_are_the_declarations() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index(START) + len(START):readme.index(END)].strip()
    assert section == knob_rows(), "README.md is stale: run python -m app.settings.docs"


def test_the_declared_defaults_are_the_settings_defaults() -> None:
    assert recall_config(load_settings()) == HYBRID_RRF == RecallConfig()


@pytest.mark.parametrize(
    ("preset", "expected"), [("hybrid_rrf", HYBRID_RRF), ("dense_only", DENSE_ONLY), ("hybrid_zh", HYBRID_ZH)]
)
def test_one_variable_chooses_a_preset(monkeypatch: pytest.MonkeyPatch, preset: str, expected: RecallConfig) -> None:
    monkeypatch.setenv("RECALL_PRESET", preset)
    assert recall_config(load_settings()) == expected


def test_each_variable_overrides_its_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALL_PRESET", "hybrid_zh")
    monkeypatch.setenv("RECALL_LEXICAL_WEIGHT", "2")
    monkeypatch.setenv("RECALL_TOP_K", "7")
    config = recall_config(load_settings())
    assert config.hybrid is not None and config.hybrid.lexical_weight == 2.0 and config.top_k == 7
    assert dataclasses.replace(config, top_k=HYBRID_ZH.top_k, hybrid=HYBRID_ZH.hybrid) == HYBRID_ZH
    monkeypatch.setenv("RECALL_PRESET", "dense_only")
    monkeypatch.setenv("RECALL_HYBRID", "true")
    assert recall_config(load_settings()).hybrid == dataclasses.replace(HybridParams(), lexical_weight=2.0)


def test_a_bad_preset_names_the_variable_and_the_choices() -> None:
    with pytest.raises(Exception, match=r"RECALL_PRESET: .*'hybrid_rrf', 'dense_only' or 'hybrid_zh'"):
        load_settings(recall_preset="bm25")
