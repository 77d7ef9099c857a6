"""The ``AGENTS.md`` schema: pydantic v2 models with ``extra="forbid"``.

A typo such as ``memroy_scope`` is an error, never ignored. Cross-field rules that need
the whole file (dependencies, tools) live in ``graph`` and ``registry``.
"""
from __future__ import annotations

import enum
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

NAME = re.compile(r"^[a-z][a-z0-9_]{0,62}$")
_NAME_SCHEMA = {"pattern": NAME.pattern}  # in the JSON Schema only: the validator's message is clearer
FIELD_TYPES = ("str", "int", "float", "bool", "list", "dict", "any")
LONG_TERM = "long_term"
"""The memory name of the run's user's long-term memories (what the memory turn recalled): an agent
that lists it in ``memory_access.read`` gets them through ``ToolContext.long_term``; no agent writes it."""
FieldType = Literal["str", "int", "float", "bool", "list", "dict", "any"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MemoryScope(str, enum.Enum):
    """Which tier holds an agent's memory and who can see it."""

    SESSION = "session"  # this user's session, short-term tier
    TASK = "task"  # this task's working state, working tier
    GLOBAL = "global"  # shared knowledge, readable only by agents that declare it


class Persistence(str, enum.Enum):
    """What happens to task memory written by an agent when the task ends."""

    EPHEMERAL = "ephemeral"  # destroyed with the task
    SESSION = "session"  # kept for the session: archived with the task
    PERSISTENT = "persistent"  # archived with the task, kept


class Strategy(str, enum.Enum):
    """Where the fallback chain starts when a tool fails."""

    RETRY = "retry"  # retries with backoff, then the backup tool, then skip and warn
    BACKUP_TOOL = "backup_tool"  # the backup tool, then skip and warn
    SKIP_AND_WARN = "skip_and_warn"  # skip with a warning in the output


def _check_name(kind: str, value: str) -> str:
    if not NAME.match(value):
        raise ValueError(f"{kind} {value!r} must be lower_snake_case (a-z, 0-9, _; starts with a letter)")
    return value


class ReadRule(_Strict):
    """Read a memory; with ``fields``, only those fields ever reach the agent."""

    memory: str = Field(json_schema_extra=_NAME_SCHEMA, description="the memory's name (lower_snake_case)")
    fields: list[str] | None = Field(default=None, description="only these fields reach the agent; omit for all")

    @field_validator("memory")
    @classmethod
    def _memory_name(cls, v: str) -> str:
        return _check_name("memory", v)


class MemoryAccess(_Strict):
    """Which memories an agent may read (optionally field by field) and write."""

    read: list[ReadRule | str] = Field(default=[], description="memories it may read: a name, or {memory, fields}")
    write: list[str] = Field(default=[], description="memories it may write")
    knowledge_bases: list[str] = Field(
        default=[], description="shared team knowledge bases (by name) its users may read; attached to its sessions")

    @field_validator("read")
    @classmethod
    def _normalise(cls, v: list[ReadRule | str]) -> list[ReadRule | str]:
        return [ReadRule(memory=r) if isinstance(r, str) else r for r in v]

    def read_rule(self, memory: str) -> ReadRule | None:
        """The rule allowing ``memory`` to be read, or ``None``."""
        for rule in self.read:
            if isinstance(rule, ReadRule) and rule.memory == memory:
                return rule
        return None


class Fallback(_Strict):
    """What to do when a tool fails."""

    strategy: Strategy = Field(default=Strategy.RETRY, description="retry -> backup_tool -> skip_and_warn")
    backup_tool: str | None = Field(default=None, description="a registered tool tried when the tools fail")
    max_retries: int = Field(default=2, ge=0, le=5, description="retries before the backup tool")
    backoff_s: float = Field(default=0.5, ge=0, le=30, description="first backoff in seconds, doubled per retry")

    @model_validator(mode="after")
    def _backup_needed(self) -> Fallback:
        if self.strategy is Strategy.BACKUP_TOOL and not self.backup_tool:
            raise ValueError("strategy 'backup_tool' needs a 'backup_tool' name")
        return self


class ModelSettings(_Strict):
    """Sampling settings of an agent's own model (applied when a real model is configured)."""

    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, ge=1, le=32768)


class AgentSpec(_Strict):
    """One declared agent."""

    name: str = Field(json_schema_extra=_NAME_SCHEMA, description="unique lower_snake_case name")
    role: str = Field(min_length=1, description="the agent's role: its system prompt")
    input_schema: dict[str, FieldType] = Field(default={}, description="fields it receives (others never reach it)")
    output_schema: dict[str, FieldType] = Field(default={}, description="fields it produces")
    tools: list[str] = Field(default=[], description="registered @tool names it calls, in order")
    dependencies: list[str] = Field(default=[], description="agents whose output it takes (a DAG)")
    memory_scope: MemoryScope = Field(default=MemoryScope.TASK, description="session, task or global memory")
    persistence: Persistence = Field(default=Persistence.EPHEMERAL, description="what happens to task memory at the end")
    memory_access: MemoryAccess = Field(default=MemoryAccess(), description="what memory it may read and write")
    fallback: Fallback | None = Field(default=None, description="what to do when a tool fails")
    model: str | None = Field(default=None, description="chat model of this agent (default: the app's)")
    model_settings: ModelSettings | None = Field(default=None, description="sampling settings of its own model")

    @field_validator("name")
    @classmethod
    def _agent_name(cls, v: str) -> str:
        return _check_name("agent name", v)


class CsvRecord(str, enum.Enum):
    """What one batch record is when the input is CSV."""

    ROW = "row"
    FILE = "file"


class ReportSpec(_Strict):
    """How a batch run assembles its report from the records' outputs."""

    title: str
    markdown_field: str
    html_field: str
    findings_field: str = "findings"


class BatchSpec(_Strict):
    """Batch-run settings of a deployment."""

    csv_record: CsvRecord = CsvRecord.ROW
    report: ReportSpec | None = None
    memory_turn: bool = Field(
        default=False,
        description="each record is a user message ({text}) answered through the memory turn, as chat and serve "
        "do: receive masks PII, the user's memories are recalled, the turn is stored and extracted",
    )


class AgentsFile(_Strict):
    """The whole declaration of one deployment."""

    config_version: int = Field(ge=1, description="raise it with every change; an older file is refused")
    deployment: str = Field(default="default", json_schema_extra=_NAME_SCHEMA, description="the deployment's name")
    toolsets: list[str] = Field(min_length=1, description="toolsets whose tools the agents use")
    tool_modules: list[str] = Field(default=["agents.tools"], description="modules imported to register the tools")
    entry_points: list[str] | None = Field(default=None, description="agents fed the input (default: no dependencies)")
    batch: BatchSpec = Field(default=BatchSpec(), description="batch-run settings")
    agents: list[AgentSpec] = Field(min_length=1, description="the declared agents")

    @field_validator("deployment")
    @classmethod
    def _deployment_name(cls, v: str) -> str:
        return _check_name("deployment", v)

    @model_validator(mode="after")
    def _unique_names(self) -> AgentsFile:
        seen: set[str] = set()
        for a in self.agents:
            if a.name in seen:
                raise ValueError(f"agent {a.name!r} is declared twice")
            seen.add(a.name)
        return self

    def agent(self, name: str) -> AgentSpec:
        """The agent called ``name`` (``KeyError`` when undeclared)."""
        for a in self.agents:
            if a.name == name:
                return a
        raise KeyError(name)

    def entries(self) -> list[str]:
        """Entry points: declared ones, else every agent with no dependencies."""
        if self.entry_points is not None:
            return list(self.entry_points)
        return [a.name for a in self.agents if not a.dependencies]
