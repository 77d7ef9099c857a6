"""The learned heads' files, read by the one reader in ``core.heads`` (pipelines/extract and the screen)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.heads import read_head
from pipelines.extract import memorable, retract_head, slot_head
from pipelines.receive.screening import semantic

SHIPPED = [
    (slot_head.HEAD_PATH, slot_head.load_slot_head),
    (memorable.HEAD_PATH, memorable.load_head),
    (retract_head.HEAD_PATH, retract_head.load_head),
    (semantic.HEAD_PATH, semantic.load_head),
]


@pytest.mark.parametrize(("path", "load"), SHIPPED, ids=lambda x: getattr(x, "name", getattr(x, "__qualname__", "")))
def test_each_shipped_head_holds_the_weights_and_bias_of_its_file(path: Path, load: object) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    head = load()  # type: ignore[operator]
    assert head is not None and head.model_id == raw["model_id"]
    assert np.array_equal(head.weights, np.asarray(raw["weights"], dtype=np.float64))
    assert head.weights.dtype == np.float64
    assert np.array_equal(np.asarray(head.bias), np.asarray(raw["bias"], dtype=np.float64))
    if "threshold" in raw and hasattr(head, "threshold"):
        assert head.threshold == raw["threshold"]


def test_a_missing_head_file_leaves_the_rules_alone_but_stops_the_screen(tmp_path: Path) -> None:
    gone = tmp_path / "gone.json"
    assert slot_head.load_slot_head(gone) is None
    assert memorable.load_head(gone) is None
    assert retract_head.load_head(gone) is None
    with pytest.raises(FileNotFoundError, match="refit it with"):
        semantic.load_head(gone)


def test_a_head_file_without_weights_names_the_file_and_the_field(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"model_id": "m", "bias": 0.1}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json lacks weights"):
        memorable.load_head(broken)
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json is not JSON"):
        read_head(broken)


def test_a_retraction_head_of_other_classes_is_not_used(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"model_id": "m", "weights": [[0.0]] * 3, "bias": [0.0] * 3,
                                 "classes": ["none", "topic", "all"]}), encoding="utf-8")
    assert retract_head.load_head(other) is None
    assert read_head(other) is not None and read_head(other).classes == ("none", "topic", "all")  # type: ignore[union-attr]
