"""The calibrated screen: one probability per turn from the rules' evidence and the semantic head.

A logistic model over the feature vector of :mod:`.evidence` (plus, when the turn's query
vector is scored by the semantic head, that score as a logit) gives ``P(attack)`` under a
balanced prior: a score of 0.5 means "as likely an attack as not", 0.9 "nine in ten such
turns were attacks". The model is fitted by ``python scripts/bench/screen_fit.py`` on
labelled data that is never a blind test half (it says which sets, and shows the reliability
table on out-of-fold scores of the blind dev half) and shipped in ``screen_model.json``.
There is no cap, floor or band: the block decision is ``score >= threshold`` and nothing
else. Two variants are fitted: with the semantic head (the turn, the service, ``remember``)
and rules-only (another embedding model, a document chunk screened without its vector).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipelines.receive.screening.evidence import FEATURES, Evidence
from core.numeric import sigmoid

__all__ = ["LogisticModel", "ScreenModel", "load_screen_model", "MODEL_PATH", "SEMANTIC_FEATURES", "semantic_features"]

MODEL_PATH = Path(__file__).with_name("screen_model.json")
SEMANTIC_FEATURES: tuple[str, ...] = ("semantic", "semantic_own")
_LOGIT_CLIP = 12.0


def semantic_features(semantic: float, evidence: Evidence) -> tuple[float, float]:
    """The head's score as a scaled logit, and the same weighted by the share of the user's own words."""
    p = min(max(semantic, 1e-6), 1.0 - 1e-6)
    z = max(-_LOGIT_CLIP, min(_LOGIT_CLIP, math.log(p / (1.0 - p)))) / 6.0
    return z, z * (1.0 - evidence.quoted_share)


@dataclass(frozen=True)
class LogisticModel:
    """``sigmoid(w . x + b)`` over named features.

    Attributes:
        names: Feature names, in vector order.
        weights: One weight per feature.
        bias: The intercept.
    """

    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float

    def probability(self, x: tuple[float, ...]) -> float:
        """The model's probability for one feature vector."""
        z = self.bias + sum(w * v for w, v in zip(self.weights, x))
        return sigmoid(z)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogisticModel:
        """A model from its JSON form ``{"names": [...], "weights": [...], "bias": b}``."""
        names, weights = tuple(data["names"]), tuple(float(w) for w in data["weights"])
        if len(names) != len(weights):
            raise ValueError(f"screen model has {len(names)} feature names but {len(weights)} weights; refit it")
        return cls(names, weights, float(data["bias"]))


@dataclass(frozen=True)
class ScreenModel:
    """The two fitted variants and the embedding model the semantic one belongs to."""

    with_semantic: LogisticModel
    rules_only: LogisticModel
    head_model_id: str

    def score(self, evidence: Evidence, semantic: float | None) -> float:
        """``P(attack)`` of a message given its evidence and, when known, the head's score."""
        if semantic is None:
            return self.rules_only.probability(evidence.values)
        return self.with_semantic.probability((*evidence.values, *semantic_features(semantic, evidence)))


@lru_cache(maxsize=1)
def load_screen_model(path: Path = MODEL_PATH) -> ScreenModel:
    """The shipped calibrated model.

    Raises:
        FileNotFoundError: The model file is missing; refit it with ``python scripts/bench/screen_fit.py``.
        ValueError: The file does not match the features of this code; refit it.
    """
    if not path.exists():
        raise FileNotFoundError(f"calibrated screen model {path} is missing; refit it with "
                                "`python scripts/bench/screen_fit.py --locomo PATH`.")
    data = json.loads(path.read_text(encoding="utf-8"))
    model = ScreenModel(LogisticModel.from_json(data["with_semantic"]), LogisticModel.from_json(data["rules_only"]),
                        str(data["head_model_id"]))
    if model.rules_only.names != FEATURES or model.with_semantic.names != FEATURES + SEMANTIC_FEATURES:
        raise ValueError(f"calibrated screen model {path} was fitted on other features than this code computes; "
                         "refit it with `python scripts/bench/screen_fit.py --locomo PATH`.")
    return model
