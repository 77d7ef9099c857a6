"""The forgetting job: memories unused for a while, scored, move to the cold archive.

An item not used (recalled into a context) nor created in ``unused_days`` is scored
``0.5·importance + 0.3·use + 0.2·recency`` where ``use = min(1, access_count / 5)`` and
``recency`` is the rerank decay curve's weight at its age. Below ``threshold`` it is moved
to ``memories_archive`` with the reason and score recorded: kept, never silently deleted,
no longer recalled. Each move invalidates that user's recall cache.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from typing import TYPE_CHECKING

from loguru import logger

from core.knobs import knob
from memory.types import MemoryItem
from pipelines.recall.rerank import DecayCurve, memory_age_days

if TYPE_CHECKING:  # annotations only: settings import ForgetPolicy without the stores
    from memory.longterm.base import LongTermStore
    from memory.shortterm.base import ShortTermStore


@dataclass(frozen=True)
class ForgetPolicy:
    """Knobs of the job (settings ``FORGET_*``)."""

    unused_days: float = knob(30.0, "FORGET_UNUSED_DAYS", "a memory unused this many days is scored by the forgetting job", gt=0)
    threshold: float = knob(0.35, "FORGET_THRESHOLD", "an unused memory scored below this moves to the cold archive", ge=0, le=1)
    curve: DecayCurve = DecayCurve()


@dataclass(frozen=True)
class ForgetDecision:
    """One scored item and whether it goes to the archive."""

    item: MemoryItem
    score: float
    archive: bool


async def forget_memory(
    store: LongTermStore, cache: ShortTermStore | None, user_id: str, memory_id: int, reason: str
) -> None:
    """Move one of ``user_id``'s memories to the archive and drop that user's cached recalls.

    Raises:
        MemoryNotFoundError: no such live memory of this user.
    """
    await store.archive(user_id, memory_id, reason)
    if cache is not None:
        await cache.cache_invalidate(user_id)


def keep_score(item: MemoryItem, now: datetime, curve: DecayCurve) -> float:
    """How much an unused memory is still worth keeping, in [0, 1]."""
    use = min(1.0, item.access_count / 5.0)
    recency = curve.weight(memory_age_days(item, now))
    return 0.5 * item.importance + 0.3 * use + 0.2 * recency


def decide_forgetting(item: MemoryItem, now: datetime, policy: ForgetPolicy) -> ForgetDecision:
    """Keep or archive one stale memory: archived when its keep score is below the policy's threshold."""
    score = keep_score(item, now, policy.curve)
    return ForgetDecision(item, score, score < policy.threshold)


async def _unseen(store: LongTermStore, before: datetime, batch: int, user_id: str | None,
                  seen: set[int]) -> list[MemoryItem]:
    """The next page of memories unused since ``before`` that this run has not scored yet (added to ``seen``)."""
    items = [i for i in await store.unused_since(before, batch, user_id) if i.id not in seen]
    seen.update(i.id for i in items)
    return items


async def _archive(store: LongTermStore, cache: ShortTermStore | None, decided: list[ForgetDecision], now: datetime,
                   policy: ForgetPolicy) -> None:
    """Move the memories decided for the archive there, each with the reason."""
    for d in (d for d in decided if d.archive):
        idle = memory_age_days(d.item, now)
        await forget_memory(
            store, cache, d.item.user_id, d.item.id,
            f"forgotten: keep score {d.score:.2f} < {policy.threshold:.2f} after {idle:.0f} days unused",
        )


async def run_forgetting(
    store: LongTermStore,
    policy: ForgetPolicy,
    cache: ShortTermStore | None = None,
    dry_run: bool = False,
    now: datetime | None = None,
    batch: int = 1000,
    user_id: str | None = None,
) -> list[ForgetDecision]:
    """Score every stale memory and archive those below the threshold (unless ``dry_run``).

    ``user_id``: that user's memories only — every read and archive move on one partition.
    """
    now = now or datetime.now(timezone.utc)
    before = now - timedelta(days=policy.unused_days)
    decisions: list[ForgetDecision] = []
    seen: set[int] = set()
    more = True
    while more:
        items = await _unseen(store, before, batch, user_id, seen)
        page = [decide_forgetting(item, now, policy) for item in items]
        decisions += page
        if not dry_run:
            await _archive(store, cache, page, now, policy)
        more = not dry_run and len(items) == batch and bool(items)
    archived = sum(d.archive for d in decisions)
    logger.info("forgetting: {} stale, {} archived{}", len(decisions), archived, " (dry run)" if dry_run else "")
    return decisions
