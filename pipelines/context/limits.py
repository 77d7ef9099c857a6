"""The turn's limits, importable without the stores (settings read their defaults)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnLimits:
    """Input limits and the model's window."""

    max_input_chars: int = 8000
    screening_threshold: float = 0.5
    context_window: int = 32768
