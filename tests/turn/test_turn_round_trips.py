"""What one turn costs the short-term tier (issue 20): Redis round trips on real Redis.

A turn reads its session's history, summary and the screen's blocked turns in one MULTI/EXEC,
and stores its message and reply in one script call; the recall cache and the session's quota
slot take one round trip each. Every round trip is ~0.1–0.2 ms of the server's CPU on the event
loop, under every concurrent turn.
"""
from __future__ import annotations

import uuid
from typing import Any

import pytest
from redis.asyncio.connection import AbstractConnection

from app.composition import Runtime, build_services
from memory.types import Turn
from pipelines.turn import TurnPolicy, finish_turn, prepare_turn, start_turn
from pipelines.turn.screen_window import BLOCKED_SUFFIX


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts commands (or pipelines) sent to any Redis server by this process."""
    sent: list[int] = []
    real = AbstractConnection.send_packed_command

    async def counting(self: Any, command: Any, check_health: bool = True) -> None:  # noqa: ANN401
        sent.append(1)
        await real(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counting)
    return sent


async def _turn(svc: Any, user: str, text: str) -> Any:  # noqa: ANN401
    ctx = await start_turn(svc, user, "s1", text, uuid.uuid4().hex)
    await prepare_turn(svc, ctx, "You are helpful.", None)
    await finish_turn(svc, ctx, f"reply to {text}", model_answered=False)
    return ctx


async def test_a_turn_takes_five_short_term_round_trips(runtime: Runtime, round_trips: list[int]) -> None:
    svc = build_services(runtime, None, TurnPolicy())
    user = f"u{uuid.uuid4().hex[:8]}"
    await _turn(svc, user, "What should I cook tonight?")
    await runtime.shortterm.compact(user, "s1", "They talked about dinner.", keep_last=2)
    round_trips.clear()
    ctx = await _turn(svc, user, "Any idea for a quick lunch?")
    # history + summary + blocked turns, the quota slot, recall cache read and write, message + reply.
    # (Before: 8 — the blocked turns, the summary and each of the two turns went on their own.)
    assert len(round_trips) == 5, len(round_trips)
    assert ctx.summary == "They talked about dinner."
    turns = await runtime.shortterm.recent_turns(user, "s1")
    assert [(t.role, t.content) for t in turns] == [
        ("user", "What should I cook tonight?"), ("assistant", "reply to What should I cook tonight?"),
        ("user", "Any idea for a quick lunch?"), ("assistant", "reply to Any idea for a quick lunch?")]


async def test_the_screen_still_reads_the_blocked_turns(runtime: Runtime) -> None:
    # The blocked turns now come with the history read: a blocked earlier turn is still in the screen's window.
    user = f"u{uuid.uuid4().hex[:8]}"
    await runtime.shortterm.append_turn(user, "s1" + BLOCKED_SUFFIX, Turn("user", "earlier, blocked", _now(),
                                                                            {"blocked": True}))
    read = await runtime.shortterm.read_history(user, "s1", "s1" + BLOCKED_SUFFIX, 3)
    assert read.turns == [] and read.summary is None
    assert [t.content for t in read.side_turns] == ["earlier, blocked"]


async def test_append_turns_is_one_atomic_append_in_order(runtime: Runtime, round_trips: list[int]) -> None:
    user = f"u{uuid.uuid4().hex[:8]}"
    turns = [Turn("user", f"m{i}", _now(), {}) for i in range(3)]
    round_trips.clear()
    await runtime.shortterm.append_turns(user, "s2", turns)
    assert len(round_trips) == 1
    assert [t.content for t in await runtime.shortterm.recent_turns(user, "s2")] == ["m0", "m1", "m2"]
    assert user and "s2" in await runtime.shortterm.list_sessions(user)


def _now() -> Any:  # noqa: ANN401
    from datetime import datetime, timezone

    return datetime.now(timezone.utc)
