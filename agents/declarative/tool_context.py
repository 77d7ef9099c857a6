"""What a tool receives (``ToolContext``) and the labels on every agent's output ``Msg``."""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from agents.declarative.access import MemoryGate
from agents.declarative.scopes import ScopeRef

METADATA_KEY = "agents"
LABEL_VERSION = 1


@dataclass
class ToolContext:
    """Everything a tool function may use besides its inputs.

    Attributes:
        trace_id: The run's trace id (log with it).
        agent: The calling agent's name.
        role: The calling agent's role (its system prompt).
        memory: Read/write gate of the agent's declared memory (whitelists enforced).
        recalled: The memories in the agent's read list, already restricted to their fields.
        warnings: Append a line to put a warning in the run's output.
        services: What the host gave the engine for tools that need stores (the chat's
            ``MemoryServices``), ``None`` for self-contained tools such as data validation.
        upstream_warnings: Warnings carried by the dependencies' output messages.
    """

    trace_id: str
    agent: str
    role: str
    memory: MemoryGate
    recalled: dict[str, dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    services: Any = None
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


CURRENT_RUN: contextvars.ContextVar[RunState | None] = contextvars.ContextVar("declarative_run", default=None)
