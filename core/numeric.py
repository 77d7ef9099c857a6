"""Small numeric helpers shared by the learned heads."""
from __future__ import annotations

import math


def sigmoid(z: float) -> float:
    """The logistic function, with ``z`` clamped to ``[-60, 60]`` so ``exp`` never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
