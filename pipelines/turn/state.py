"""What one turn learned on its way through the pipeline."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from core.labels import MemoryLabels
from memory.types import Turn
from pipelines.context.builder import ContextBuild
from pipelines.receive.intake import Received
from pipelines.recall.recaller import RecallResult


@dataclass
class TurnContext:
    """One turn: its identity, the receive verdict, history, recall, context and labels.

    The raw text of the user never lives here: ``received.masked_text`` is the only text
    any later stage, store, model, span or log sees.
    """

    user_id: str
    session_id: str
    received: Received
    labels: MemoryLabels
    task_id: str | None = None
    previous: list[Turn] = field(default_factory=list)
    summary: str | None = None
    recall: RecallResult | None = None
    build: ContextBuild | None = None
    longterm_enabled: bool = True
    shortterm_ok: bool = True
    replayed: int = 0
    working_state: dict[str, Any] | None = None
    timings: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)
    input_id: str | None = None
    stored_before: int = 0
    archived_setup: int = 0
    """How many memories of the window's set-up turns this turn archived (it ends a multi-turn attack)."""
    history: list[Turn] | None = None
    """The session's short-term history as read at receive (``None``: not read); ``previous`` is taken from it."""

    @property
    def trace_id(self) -> str:
        """Id of this turn in logs, traces and labels."""
        return self.received.trace_id

    @property
    def text(self) -> str:
        """The user's text, normalised and PII-masked at receive."""
        return self.received.masked_text

    @property
    def memory_text(self) -> str:
        """What extraction may read: the masked text, or only the user's own words when pasted
        or quoted material in it holds instructions to the assistant."""
        return self.received.memory_text

    @property
    def blocked(self) -> bool:
        """Whether the turn stops at receive (refusal instead of a model call)."""
        return self.received.blocked

    def degrade(self, part: str) -> None:
        """Record that ``part`` (``shortterm``, ``longterm``, ``working``) was unavailable."""
        if part not in self.labels.degraded:
            self.labels.degraded.append(part)
