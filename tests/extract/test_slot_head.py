"""The same-slot head's file: a file fitted on another number of inputs than ``features`` reads is refused."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from pipelines.extract import slot_head


def test_the_structural_inputs_are_named_one_by_one() -> None:
    assert slot_head.structural("User lives in Boston.", "User moved to Denver.").shape == (len(slot_head.STRUCTURAL),)
    assert slot_head.FEATURES == 1 + 2 * 384 + len(slot_head.STRUCTURAL)


def test_the_shipped_head_reads_as_many_inputs_as_features_returns() -> None:
    head = slot_head.load_slot_head()
    assert head is not None and head.weights.shape == (slot_head.FEATURES,)


def test_a_head_file_of_another_feature_set_is_not_used(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"model_id": "m", "bias": 0.0, "weights": [0.0] * (slot_head.FEATURES - 7)}),
                   encoding="utf-8")
    assert slot_head.load_slot_head(old) is None
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps({"model_id": "m", "bias": 0.0, "weights": [0.0] * slot_head.FEATURES}), encoding="utf-8")
    head = slot_head.load_slot_head(ok)
    assert head is not None and np.array_equal(head.weights, np.zeros(slot_head.FEATURES))
