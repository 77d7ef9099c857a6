"""What a tool receives (``ToolContext``) and the labels on every agent's output ``Msg``."""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from agents.declarative.access import MemoryGate
from agents.declarative.schema import LONG_TERM
from agents.declarative.scopes import ScopeRef

METADATA_KEY = "agents"
LABEL_VERSION = 1


class LongTermNotes:
    """The run's user's long-term memories as the memory turn recalled them: read-only, gated.

    Bound to one run (its user, its turn): a tool can neither name another user nor search
    again — the turn recalled once, under consent and the recall stage's policy, and these
    are its notes. Readable only by an agent whose ``memory_access.read`` lists ``long_term``
    (a field whitelist keeps the other fields of each note away); any other read is a denied
    access, counted and logged like every other.
    """

    def __init__(self, gate: MemoryGate, recalled: list[dict[str, Any]] | None) -> None:
        self._gate = gate
        self._recalled = recalled

    def notes(self) -> list[dict[str, Any]]:
        """The turn's recalled notes (``id``, ``type``, ``content``, ``time``, ``score``), whitelisted fields only.

        ``[]`` when the run is not part of a memory turn (e.g. a batch of records).

        Raises:
            MemoryAccessDenied: the agent does not declare ``long_term`` in its read list.
        """
        wanted = self._gate.readable(LONG_TERM)
        return [{k: v for k, v in note.items() if wanted is None or k in wanted} for note in self._recalled or []]


@dataclass
class ToolContext:
    """Everything a tool function may use besides its inputs: narrow handles, each gated.

    Attributes:
        trace_id: The run's trace id (log with it).
        agent: The calling agent's name.
        role: The calling agent's role (its system prompt).
        memory: Read/write gate of the agent's declared memory (whitelists enforced).
        recalled: The memories in the agent's read list, already restricted to their fields.
        long_term: The run's user's long-term memories as the turn recalled them (read ``long_term``).
        warnings: Append a line to put a warning in the run's output.
        upstream_warnings: Warnings carried by the dependencies' output messages.
    """

    trace_id: str
    agent: str
    role: str
    memory: MemoryGate
    recalled: dict[str, dict[str, Any]]
    long_term: LongTermNotes
    warnings: list[str] = field(default_factory=list)
    upstream_warnings: list[str] = field(default_factory=list)

    @property
    def user_id(self) -> str:
        """The user this run belongs to."""
        return self.memory.ref.user_id


class ToolStepLabel(BaseModel):
    """One tool step of an agent."""

    model_config = ConfigDict(extra="forbid")

    tool: str
    used: str
    attempts: int
    errors: list[str] = []


class AgentLabel(BaseModel):
    """``Msg.metadata["agents"]`` of each declared agent's output message."""

    model_config = ConfigDict(extra="forbid")

    label_version: int = LABEL_VERSION
    trace_id: str
    deployment: str
    agent: str
    user_id: str
    session_id: str
    task_id: str
    status: str  # "ok", "warned", "failed", "skipped"
    steps: list[ToolStepLabel] = []
    warnings: list[str] = []
    upstream_warnings: list[str] = []
    denials: list[str] = []
    memory_read: dict[str, list[str]] = {}
    output: dict[str, Any] = {}


@dataclass
class RunState:
    """The run the engine is executing (set in a context variable around each run)."""

    deployment: str
    ref: ScopeRef
    trace_id: str
    record: dict[str, Any]
    long_term: list[dict[str, Any]] | None = None


CURRENT_RUN: contextvars.ContextVar[RunState | None] = contextvars.ContextVar("declarative_run", default=None)
