"""What the memory middleware needs, bundled once per process."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from app.settings import Settings
from memory.shortterm.base import ShortTermStore
from pipelines.budget import BudgetProfile, get_profile
from pipelines.outbox import Outbox
from pipelines.recall import Recaller
from pipelines.tokens import TokenCounter
from pipelines.writer import MemoryWriter

Complete = Callable[[str], Awaitable[str]]


@dataclass
class MemoryServices:
    """Shared, stateless-per-turn services of the memory pipeline.

    Attributes:
        settings: Process settings (limits, window, thresholds).
        shortterm: Recent turns and rolling summary.
        recaller: Search + rerank (+ hot cache).
        writer: Dedup/merge/supersede writes.
        counter: The real tokenizer of the target model.
        profile: How the context window is split.
        complete: The model as ``prompt -> text`` for extraction; ``None`` in offline mode.
        on_turn: Awaited after every answered turn (e.g. recording the agents as invoked).
        outbox: Where memory writes wait while the long-term store is down.
    """

    settings: Settings
    shortterm: ShortTermStore
    recaller: Recaller
    writer: MemoryWriter
    counter: TokenCounter
    profile: BudgetProfile
    complete: Complete | None = None
    on_turn: Callable[[], Awaitable[None]] | None = None
    outbox: Outbox | None = None

    @classmethod
    def build(
        cls,
        settings: Settings,
        shortterm: ShortTermStore,
        recaller: Recaller,
        writer: MemoryWriter,
        complete: Complete | None = None,
        on_turn: Callable[[], Awaitable[None]] | None = None,
    ) -> MemoryServices:
        """Services with the tokenizer, the configured budget profile and the outbox."""
        return cls(
            settings, shortterm, recaller, writer, TokenCounter(),
            get_profile(settings.budget_profile), complete, on_turn,
            Outbox(settings.home / "outbox" / "memory-writes.jsonl"),
        )
