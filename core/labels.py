"""The memory labels every pipeline ``Msg`` carries in ``metadata["memory"]``.

This module is the one place the schema is defined; ``docs/METADATA.md`` describes it
for readers, and tests validate real turns against ``MemoryLabels``. AgentScope keeps
``Msg.metadata`` in state and in the service's message store and never sends it to the
model, so the labels cost no prompt tokens.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1
METADATA_KEY = "memory"
#: Where a boundary that masked the input before the turn (the service's ``POST /chat/``) records
#: what it masked, ``{"kinds": [...], "counts": {...}}`` (never a value), for the turn's labels.
PREMASKED_KEY = "memory_premasked"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScreeningLabel(_Strict):
    """Verdict of the prompt-injection screen on the user's input."""

    score: float = Field(ge=0.0, le=1.0)
    blocked: bool
    reasons: list[str] = []
    category: str = ""
    quoted_instructions: bool = False
    authority_claim: bool = False
    pasted_data: bool = False
    context_attack: bool = False
    doubtful: bool = False


class PiiLabel(_Strict):
    """PII found in the user's input (kinds only, never the values).

    ``kinds`` and ``counts`` cover every boundary that masked the input; ``masked_at`` says
    which one masked what: ``http`` (the service's ``POST /chat/``, before AgentScope stores
    the message) and ``receive`` (the turn's own receive stage).
    """

    kinds: list[str] = []
    counts: dict[str, int] = {}
    masked_at: dict[Literal["http", "receive"], dict[str, int]] = {}


class RecallCandidate(_Strict):
    """One reranked candidate with its score breakdown."""

    id: int
    type: str
    content: str
    rank: int
    similarity: float
    importance: float
    decay: float
    score: float
    selected: bool
    relevance: float | None = None
    lexical: float = 0.0


class RecallLabel(_Strict):
    """What recall searched for and found."""

    query: str
    cache_hit: bool = False
    candidates: list[RecallCandidate] = []
    selected_ids: list[int] = []
    injected_ids: list[int] = []
    error: str | None = None
    knowledge: list[dict[str, Any]] = []
    knowledge_error: str | None = None


class BudgetLabel(_Strict):
    """The context window split: allowance, tokens used and UTF-8 bytes per section."""

    window: int
    profile: str
    allowance: dict[str, int]
    used: dict[str, int]
    bytes: dict[str, int] = {}
    compacted_turns: int = 0


class InferLabel(_Strict):
    """How the model call went."""

    model: str
    used: Literal["primary", "backup", "fallback", "offline", "skipped"]
    attempts: int = 0
    breaker: str = "closed"
    errors: list[str] = []


class ExtractedLabel(_Strict):
    """One extracted memory and what happened to it."""

    memory_type: str
    content: str
    importance: float
    action: Literal["created", "merged", "superseded", "rejected", "skipped", "forgotten"]
    memory_id: int | None = None
    supersedes_id: int | None = None
    masked_kinds: list[str] = []
    reason: str | None = None


class RecalledNote(_Strict):
    """A memory named in a reply (forgotten, or asked about)."""

    memory_id: int
    content: str


class RetractionLabel(_Strict):
    """The user asked to forget something: what was forgotten, or what to choose from."""

    scope: Literal["topic", "last", "first", "all"]
    forgotten: list[RecalledNote] = []
    candidates: list[RecalledNote] = []
    #: Notes of which only a part was forgotten, as rewritten (the whole old note is among ``forgotten``).
    kept: list[RecalledNote] = []


class ExtractLabel(_Strict):
    """The extraction stage: whether it fired, by which extractor, and the results."""

    fired: bool
    reasons: list[str] = []
    extractor: Literal["llm", "rules", "none"] = "none"
    items: list[ExtractedLabel] = []
    queued: bool = False
    replayed: int = 0
    retraction: RetractionLabel | None = None


class DeploymentLabel(_Strict):
    """The ``AGENTS.md`` a turn ran under (its deployment and ``config_version``)."""

    name: str
    config_version: int


class TeamAgentLabel(_Strict):
    """One agent of a declared team, as the turn ran it."""

    name: str
    hops: list[str]
    status: str = "ok"
    denials: list[str] = []


class MemoryLabels(_Strict):
    """``Msg.metadata["memory"]`` of every message that passed the pipeline."""

    schema_version: int = SCHEMA_VERSION
    trace_id: str
    user_id: str
    session_id: str
    task_id: str | None = None
    stage: Literal["receive", "recall", "context", "infer", "extract"]
    screening: ScreeningLabel | None = None
    pii: PiiLabel | None = None
    recall: RecallLabel | None = None
    budget: BudgetLabel | None = None
    infer: InferLabel | None = None
    extract: ExtractLabel | None = None
    timings_ms: dict[str, float] = {}
    degraded: list[str] = []
    longterm_enabled: bool = True
    working: dict[str, object] | None = None
    deployment: DeploymentLabel | None = None
    team: list[TeamAgentLabel] | None = None
