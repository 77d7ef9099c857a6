"""Every replica's background loop: renew its lease and claims, and adopt dead replicas' turns.

Every third of ``SERVICE_REPLICA_LEASE_SECONDS`` the loop renews this replica's liveness key
and its session claims, then reads the turn journal (``app.service.journal``). A turn whose
owner is not alive is adopted by exactly one replica, which runs it again, drops it (its
reply was stored), or reports it failed on the session's stream — never silence. A Redis
outage only pauses the loop (logged); it resumes when Redis is back.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from agentscope.message import Msg
from fastapi import FastAPI
from loguru import logger
from redis.exceptions import RedisError

from app.service.chat import TurnRunner
from app.service.journal import MAX_ATTEMPTS, report_lost


class Takeover:
    """The loop (see the module docstring).

    Args:
        runner: This replica's turn runner (gate, journal, AgentScope's chat service).
    """

    def __init__(self, runner: TurnRunner) -> None:
        self.runner = runner
        self.replica = runner.gate.replica
        self.adopted = 0
        self.reported = 0
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        """Announce this replica and start the loop."""
        with contextlib.suppress(RedisError, OSError):
            await self.replica.beat()
        self._task = asyncio.create_task(self._loop(), name="replica-takeover")

    async def stop(self) -> None:
        """Stop the loop and leave (the others adopt this replica's unfinished turns at once)."""
        self.runner.stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(RedisError, OSError):
            await self.replica.leave()

    async def _loop(self) -> None:
        while True:
            try:
                await self.replica.beat()
                await self.runner.gate.renew()
                await self.sweep()
            except (RedisError, OSError) as exc:
                logger.warning("replica heartbeat paused: Redis unreachable", error=type(exc).__name__)
            await asyncio.sleep(self.replica.beat_interval_s)

    async def sweep(self) -> int:
        """Adopt the journaled turns of dead replicas; returns how many this replica adopted."""
        journal, gate = self.runner.journal, self.runner.gate
        adopted = 0
        for sid, (raw, entry) in (await journal.entries()).items():
            owner = str(entry.get("owner", ""))
            if await self.replica.alive(owner):
                continue
            mine = await journal.adopt(sid, raw, entry)
            if mine is None:  # another replica won it
                continue
            adopted += 1
            self.adopted += 1
            logger.warning("adopting a turn of a dead replica", session_id=sid, dead_replica=owner,
                           attempt=mine["attempt"], state=mine.get("state"))
            if mine.get("state") == "replied":
                await journal.done(sid)
                continue
            if mine["attempt"] > MAX_ATTEMPTS or not await gate.take_over(sid, owner):
                await self._report(mine, "the server running this turn stopped and it could not be "
                                         "finished; send your message again")
                continue
            await self._restart(mine)
        return adopted

    async def _restart(self, entry: dict[str, Any]) -> None:
        sid = entry["session_id"]
        try:
            inputs = [Msg.model_validate(m) for m in entry["inputs"]]
            previous = self.runner.state.chat_run_registry.get(sid)
            if previous is not None and not previous.done():
                await asyncio.wait({previous})
            self.runner.spawn(entry["user_id"], entry["agent_id"], sid, inputs)
        except Exception:  # noqa: BLE001 - the client is told instead
            logger.exception("an adopted turn could not be restarted", session_id=sid)
            await self.runner.gate.release(sid)
            await self._report(entry, "the server running this turn stopped; send your message again")

    async def _report(self, entry: dict[str, Any], why: str) -> None:
        self.reported += 1
        try:
            await report_lost(self.runner.state.message_bus, self.runner.state.storage, entry, why)
        finally:
            await self.runner.journal.done(entry["session_id"])


def run_during_lifespan(app: FastAPI, takeover: Takeover) -> Takeover:
    """Run the replica's heartbeat and takeover loop for as long as AgentScope's lifespan runs."""
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(a: FastAPI) -> AsyncIterator[Any]:
        async with inner(a) as state:
            await takeover.start()
            try:
                yield state
            finally:
                await takeover.stop()  # before AgentScope cancels the runs: their turns stay journaled

    app.router.lifespan_context = lifespan
    return takeover
