"""What one memory turn needs, bundled once per process, and the policy AGENTS.md declares.

Nothing here reads settings or files: the composition root (``app``) builds these objects
from the settings and from the deployment's ``AGENTS.md``, so the turn has one source for
its limits and one for its retry and fallback behaviour.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from memory.shortterm.base import ShortTermStore
from memory.working.base import WorkingStore
from pipelines.context.budget import BudgetProfile
from pipelines.context.limits import TurnLimits as TurnLimits  # re-exported: the turn names it
from pipelines.knowledge.recall import KnowledgeRecall
from pipelines.extract.outbox import Outbox
from pipelines.recall.recaller import Recaller
from pipelines.receive.screening.semantic import SemanticScreen
from pipelines.context.tokens import TokenCounter
from pipelines.extract.writer import MemoryWriter

Complete = Callable[[str], Awaitable[str]]
OnFailure = Literal["degrade", "skip_and_warn", "fail"]


@dataclass(frozen=True)
class StagePolicy:
    """How one stage reacts to a failing store or model.

    Attributes:
        retries: Extra attempts after the first failure.
        backoff_s: Wait before the first retry; doubles for each further one.
        on_failure: ``degrade`` answers without the stage's result (labelled), ``skip_and_warn``
            skips the stage with a warning, ``fail`` lets the error reach the caller.
    """

    retries: int = 0
    backoff_s: float = 0.0
    on_failure: OnFailure = "degrade"


@dataclass(frozen=True)
class ExtractPolicy(StagePolicy):
    """The extract stage's chain: the model (retried), the rule-based extractor, the outbox.

    Attributes:
        rules_backup: When the model's extraction fails, the rule-based extractor takes over
            (``backup_tool: extract_rules``); without it the stage fails under ``on_failure``.
            Offline (no model) the rules are the extractor, not a backup.
    The inherited ``retries``/``backoff_s`` retry the model call; ``on_failure`` says what a
    store that is down means: ``degrade`` queues the memories in the outbox, ``skip_and_warn``
    drops them with a warning, ``fail`` lets the error reach the caller.
    """

    rules_backup: bool = True


@dataclass(frozen=True)
class TurnPolicy:
    """One policy per stage the turn runs, as declared for the agents of ``configs/AGENTS.md``.

    Attributes:
        receive: The injection screen's semantic layer (its failure leaves the rule verdict).
        history: Opening the session and reading its recent turns and summary (short-term tier).
        consent: Reading the user's consent to long-term memory (unknown means off).
        recall: Searching the user's long-term memories (and replaying the outbox).
        knowledge: Searching the session's attached knowledge bases.
        working: Finding a task the message names and reading its working state.
        extract: Extraction and writing (see ``ExtractPolicy``).
    """

    receive: StagePolicy = field(default_factory=StagePolicy)
    history: StagePolicy = field(default_factory=StagePolicy)
    consent: StagePolicy = field(default_factory=StagePolicy)
    recall: StagePolicy = field(default_factory=StagePolicy)
    knowledge: StagePolicy = field(default_factory=StagePolicy)
    working: StagePolicy = field(default_factory=StagePolicy)
    extract: ExtractPolicy = field(default_factory=ExtractPolicy)


class ConsentPolicy(Protocol):
    """Whether a user has agreed to long-term memory."""

    async def allows(self, user_id: str) -> bool:
        """True when long-term memory may be read and written for ``user_id``."""
        ...


@dataclass
class MemoryServices:
    """Shared, stateless-per-turn services of the memory turn.

    Attributes:
        shortterm: Recent turns and rolling summary.
        recaller: Search + rerank (+ hot cache).
        writer: Dedup/merge/supersede writes.
        counter: The real tokenizer of the target model.
        profile: How the context window is split.
        limits: Input limits and window.
        policy: Retry and fallback per stage (from AGENTS.md).
        outbox: Where long-term writes wait while that store is down (a local journal).
        journal: Where short-term turns wait while Redis is down (a local journal).
        complete: The model as ``prompt -> text`` for extraction; ``None`` in offline mode.
        working: The working-state tier, for tasks whose state goes into the prompt.
        consent: Per-user consent to long-term memory; ``None`` means always granted.
        on_turn: Awaited after every answered turn (e.g. recording the agents as invoked).
        semantic: The injection screen's semantic layer (shares the recall embedder and its
            query cache); ``None`` screens with the rules only.
        knowledge: Recall from the session's attached knowledge bases; ``None``: no knowledge.
    """

    shortterm: ShortTermStore
    recaller: Recaller
    writer: MemoryWriter
    counter: TokenCounter
    profile: BudgetProfile
    limits: TurnLimits
    policy: TurnPolicy
    outbox: Outbox
    journal: Outbox
    complete: Complete | None = None
    working: WorkingStore | None = None
    consent: ConsentPolicy | None = None
    on_turn: Callable[[], Awaitable[None]] | None = None
    semantic: SemanticScreen | None = None
    knowledge: KnowledgeRecall | None = None
