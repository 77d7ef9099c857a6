"""The turn's short-term history: read once at receive, taken by ``prepare_turn``, stored by ``finish_turn``.

Degrade, never lose: a turn whose history cannot be read is answered without it (labelled
``shortterm`` in ``labels.degraded``); a message and reply that cannot be stored wait in the local
journal, outside Redis, and a later turn appends them in their order once the store answers.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from loguru import logger

from memory.shortterm.base import SessionHistory
from memory.types import Turn
from pipelines.receive.screening.verdict import CONTEXT_TURNS
from pipelines.turn.resilience import one_line, run_stage
from pipelines.turn.screen_window import BLOCKED_SUFFIX
from pipelines.turn.services import MemoryServices
from pipelines.turn.state import TurnContext


def _now() -> datetime:
    return datetime.now(timezone.utc)


async def replay_journal(svc: MemoryServices) -> int:
    """Short-term turns journalled while Redis was down, appended now in their order."""

    async def append(entry: dict[str, Any]) -> None:
        turn = Turn(entry["role"], entry["content"], datetime.fromisoformat(entry["ts"]), entry.get("metadata", {}))
        await svc.shortterm.append_turn(entry["user_id"], entry["session_id"], turn)

    return await svc.journal.drain(append)


async def read_session(svc: MemoryServices, user_id: str, session_id: str) -> tuple[SessionHistory | None, str | None]:
    """The session's short-term history, summary and blocked turns (the screen's), read once per turn
    in one round trip under the history stage's policy."""
    return await run_stage("short-term history", svc.policy.history,
                           lambda: svc.shortterm.read_history(user_id, session_id, session_id + BLOCKED_SUFFIX,
                                                              CONTEXT_TURNS))


def without_history(ctx: TurnContext, error: str | None) -> None:
    """The turn goes on without its short-term history (the read failed and the policy skips it)."""
    ctx.shortterm_ok = False
    ctx.degrade("shortterm")
    logger.warning("answering without short-term history: {}", error)


async def take_history(svc: MemoryServices, ctx: TurnContext) -> None:
    """Open the session, replay the journal, and take the history the turn read at receive (with the summary)."""
    if not ctx.shortterm_ok:  # the read at receive failed and was skipped as declared (already said)
        return

    async def read() -> tuple[list[Turn], str | None]:
        await svc.shortterm.open_session(ctx.user_id, ctx.session_id)
        replayed = await replay_journal(svc)
        if replayed:
            logger.info("short-term tier is back: {} journalled turns appended", replayed)
        if ctx.history is not None and not replayed:  # read at receive with its summary, nothing added since
            return ctx.history, ctx.summary
        read = await svc.shortterm.read_history(ctx.user_id, ctx.session_id)
        return read.turns, read.summary

    found, error = await run_stage("short-term history", svc.policy.history, read)
    if found is None:
        without_history(ctx, error)
        return
    ctx.previous, ctx.summary = found
    _drop_own_turns(ctx)


def _drop_own_turns(ctx: TurnContext) -> None:
    """A turn run again (its replica died after storing its history): what it stored before is
    not history of itself and is not stored again (``ctx.stored_before`` turns: 1 or 2)."""
    if ctx.input_id is None:
        return
    for back in (1, 2):
        if len(ctx.previous) >= back and ctx.previous[-back].role == "user" \
                and ctx.previous[-back].metadata.get("input_id") == ctx.input_id:
            ctx.stored_before = back
            ctx.previous = ctx.previous[:-back]
            return


async def store_turns(svc: MemoryServices, ctx: TurnContext, reply_text: str) -> None:
    """The user's message and the reply shown, appended to the session in one atomic call (journalled
    when the short-term tier is down)."""
    own = {"trace_id": ctx.trace_id, **({"input_id": ctx.input_id} if ctx.input_id else {})}
    turns = [Turn("user", ctx.text, _now(), own),
             Turn("assistant", reply_text, _now(), {"trace_id": ctx.trace_id})][ctx.stored_before:]
    try:  # the message and its reply in one atomic append: both stored or neither
        if not ctx.shortterm_ok:
            raise ConnectionError("short-term tier was unavailable at the start of this turn")
        await svc.shortterm.append_turns(ctx.user_id, ctx.session_id, turns)
    except Exception as exc:  # noqa: BLE001 - journalled, replayed when Redis is back
        for rest in turns:
            await svc.journal.append({
                "user_id": ctx.user_id, "session_id": ctx.session_id, "role": rest.role,
                "content": rest.content, "ts": rest.ts.isoformat(), "metadata": rest.metadata,
            })
        ctx.degrade("shortterm")
        logger.warning("short-term tier unavailable, {} turns journalled: {}", len(turns), one_line(exc))
