"""Errors of model calls, shared by the resilient wrapper and its streaming path."""
from __future__ import annotations


class ModelTimeoutError(TimeoutError):
    """A model did not finish its answer within the per-call timeout."""

    def __init__(self, model: str, timeout_s: float) -> None:
        self.model = model
        self.timeout_s = timeout_s
        super().__init__(
            f"model {model!r} did not answer within {timeout_s:g} s "
            "(raise MODEL_TIMEOUT_S if the model is slow but working)"
        )


def describe(exc: BaseException) -> str:
    """One line naming an error: its type and message."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else "no message"
    return f"{type(exc).__name__}: {text}"
