"""The forgetting job: stale, low-value memories move to the archive; nothing is deleted."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from app.composition import Runtime, build_recaller, forget_policy
from memory.errors import MemoryNotFoundError
from memory.types import MemoryStatus, MemoryType, NewMemory
from pipelines.forgetting import run_forgetting


async def test_stale_low_value_memories_are_archived_and_kept_out_of_recall(runtime: Runtime) -> None:
    old = datetime.now(timezone.utc) - timedelta(days=60)
    rows = [
        NewMemory("kim", MemoryType.EPISODE, "User once asked about the weather in Oslo.", 0.2, created_at=old),
        NewMemory("kim", MemoryType.PROFILE, "User is allergic to peanuts.", 0.9, created_at=old),
        NewMemory("kim", MemoryType.EPISODE, "User asked about the weather in Bergen today.", 0.2),
        NewMemory("lee", MemoryType.EPISODE, "User once asked about train times to Lyon.", 0.2, created_at=old),
    ]
    vectors = await runtime.embeddings.embed_passages([r.content for r in rows])
    added = await runtime.longterm.add_many(rows, vectors, runtime.embeddings.model_id)
    oslo, peanuts, bergen, lyon = (a.item.id for a in added)
    policy = forget_policy(runtime.settings)

    preview = await run_forgetting(runtime.longterm, policy, runtime.shortterm, dry_run=True)
    assert {d.item.id for d in preview if d.archive} == {oslo, lyon}
    assert len(await runtime.longterm.list("kim")) == 3

    decisions = await run_forgetting(runtime.longterm, policy, runtime.shortterm)
    assert {d.item.id for d in decisions if d.archive} == {oslo, lyon}
    assert {d.item.id for d in decisions if not d.archive} == {peanuts}
    active = {m.id for m in await runtime.longterm.list("kim", statuses=(MemoryStatus.ACTIVE,))}
    assert active == {peanuts, bergen}

    recalled = await build_recaller(runtime).recall("kim", "What did I ask about the weather in Oslo?")
    assert oslo not in [c.item.id for c in recalled.candidates]
    with pytest.raises(MemoryNotFoundError, match="archived.*forgotten"):
        await runtime.longterm.get("kim", oslo)
    # the recall just used the peanut allergy: it is no longer stale
    assert peanuts in [c.item.id for c in recalled.candidates if c.selected]
    assert await run_forgetting(runtime.longterm, policy, runtime.shortterm) == []
