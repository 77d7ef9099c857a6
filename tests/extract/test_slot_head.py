"""The same-slot head's inputs and its file: the word classes' reading of a pair, and a file of other inputs refused."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from pipelines.extract import slot_head


def _reading(old: str, new: str) -> dict[str, float]:
    values = slot_head.structural(old, new)
    return dict(zip(slot_head.STRUCTURAL, values.tolist()))


def test_the_structural_inputs_are_named_one_by_one() -> None:
    assert slot_head.structural("User lives in Boston.", "User moved to Denver.").shape == (len(slot_head.STRUCTURAL),)
    assert slot_head.FEATURES == 1 + 2 * 384 + len(slot_head.STRUCTURAL)


def test_a_new_value_of_one_attribute_reads_as_related_and_a_second_attribute_does_not() -> None:
    moved = _reading("User lives in Boston.", "User moved to Denver.")
    assert moved["related"] == 1.0 and moved["new_stated_change"] == 1.0
    other = _reading("User lives in Lisbon.", "用户对花生过敏。")
    assert other["unrelated_kinds"] == 1.0 and other["shared_attribute"] == 0.0


def test_numbers_that_differ_are_read_as_a_moved_value() -> None:
    assert _reading("用户一周去三次健身房，每次1小时。", "用户现在每次2小时。")["numbers_differ"] == 1.0
    assert _reading("User's flight is on the 12th.", "User's flight is on the 12th.")["numbers_differ"] == 0.0


def test_a_head_file_of_another_feature_set_is_not_used(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"model_id": "m", "bias": 0.0, "weights": [0.0] * (slot_head.FEATURES - 7)}),
                   encoding="utf-8")
    assert slot_head.load_slot_head(old) is None
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps({"model_id": "m", "bias": 0.0, "weights": [0.0] * slot_head.FEATURES}), encoding="utf-8")
    head = slot_head.load_slot_head(ok)
    assert head is not None and np.array_equal(head.weights, np.zeros(slot_head.FEATURES))
