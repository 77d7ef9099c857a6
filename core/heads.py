"""One reader for the JSON files the learned heads ship as (weights fitted offline on an embedding model).

A head file holds the embedding model's id, the weights (a vector for a logistic head, a matrix for a
softmax one), the bias (a number, or one per class), optionally a decision threshold and the class
names. Each head's module builds its own head from what this reader returns and decides what a
missing file means (the rules decide alone, or the screen cannot start).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: The fields every head file carries.
REQUIRED = ("model_id", "weights", "bias")


@dataclass(frozen=True)
class HeadFile:
    """What one head file holds.

    Attributes:
        model_id: The embedding model the weights were fitted on (a head is valid for it alone).
        weights: The weights, float64 (one per input; one row per class for a softmax head).
        bias: The bias, float64 (0-d for a logistic head; one per class for a softmax head).
        threshold: The decision threshold the file records, 0.5 when it records none.
        classes: The class names of a softmax head, in the order of the weight rows; empty otherwise.
    """

    model_id: str
    weights: np.ndarray
    bias: np.ndarray
    threshold: float = 0.5
    classes: tuple[str, ...] = ()

    @property
    def intercept(self) -> float:
        """The bias of a logistic head as a number."""
        return float(self.bias)


def read_head(path: Path) -> HeadFile | None:
    """The head stored at ``path``; ``None`` when there is no such file.

    Raises:
        ValueError: The file is no head file (it is not JSON, or it lacks a field of :data:`REQUIRED`);
            the message names the file and the field. Restore the shipped file or refit the head with
            the script its module names.
    """
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"head file {path} is not JSON ({exc}); restore the shipped file or refit the head") from exc
    missing = [k for k in REQUIRED if k not in data] if isinstance(data, dict) else list(REQUIRED)
    if missing:
        raise ValueError(f"head file {path} lacks {', '.join(missing)}; restore the shipped file or refit the head")
    return HeadFile(str(data["model_id"]), np.asarray(data["weights"], dtype=np.float64),
                    np.asarray(data["bias"], dtype=np.float64), float(data.get("threshold", 0.5)),
                    tuple(str(c) for c in data.get("classes", ())))
