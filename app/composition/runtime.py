"""The runtime of one process: the three tiers and the embedding service, opened and closed together."""
from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from loguru import logger

from app.composition.embeddings import build_embedding_service
from app.composition.stores import Backend, Closer, open_longterm, open_shortterm, open_working
from app.settings import Settings
from memory.embeddings.service import EmbeddingService
from memory.errors import StoreUnavailableError
from memory.longterm.base import LongTermStore
from memory.shortterm.base import ShortTermStore
from memory.working.base import WorkingStore


@dataclass
class Runtime:
    """The three tiers and the embedding service of one process."""

    settings: Settings
    shortterm: ShortTermStore
    working: WorkingStore
    longterm: LongTermStore
    embeddings: EmbeddingService
    backends: list[Backend]
    _closers: list[Closer] = field(default_factory=list)
    degraded: dict[str, str] = field(default_factory=dict)  # tier -> why, while a store is down at start
    _recovery: asyncio.Task | None = None

    async def probe(self) -> dict[str, str]:
        """Check each tier answers (and its schema is there); the tiers that do not, with why.

        Migrating is idempotent, so a tier that was down when the process started gets its
        schema here as soon as it answers.
        """
        down: dict[str, str] = {}
        for tier, check in (("short-term", self.shortterm.server_version), ("working", self.working.migrate),
                            ("long-term", self.longterm.migrate)):
            try:
                await check()
            except StoreUnavailableError as exc:
                down[tier] = str(exc).splitlines()[0]
        return down

    async def _recover(self, interval_s: float) -> None:
        while self.degraded:
            await asyncio.sleep(interval_s)
            down = await self.probe()
            for tier in set(self.degraded) - set(down):
                logger.info("store reachable again; the tier is no longer degraded", tier=tier)
            self.degraded = down

    async def aclose(self) -> None:
        """Close stores and stop embedded servers, newest first; every closer runs."""
        if self._recovery is not None:
            self._recovery.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._recovery
        errors = []
        for close in reversed(self._closers):
            try:
                await close()
            except Exception as exc:  # noqa: BLE001 - keep closing the rest, report below
                errors.append(exc)
        self._closers.clear()
        if errors:
            raise errors[0]

    async def __aenter__(self) -> Runtime:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


async def open_runtime(settings: Settings, degraded_start: bool = False, recovery_interval_s: float = 2.0) -> Runtime:
    """Open every tier; on a failure, what was opened is closed before the error propagates.

    ``degraded_start`` (``serve``, ``chat``): a configured server (Redis, MariaDB, PostgreSQL)
    that does not answer is no failure: the process starts, the tier is listed in
    ``Runtime.degraded`` (``/health``, logs), the turn pipeline degrades on it exactly as it
    does when a store dies under a running process, and a recovery loop checks every
    ``recovery_interval_s`` until it answers (then migrates it).
    """
    require = not degraded_start
    closers: list[Closer] = []
    backends: list[Backend] = []
    embeddings = build_embedding_service(settings)
    closers.append(embeddings.aclose)
    try:
        shortterm, b1, c1 = await open_shortterm(settings, require)
        closers += reversed(c1)
        working, b2, c2 = await open_working(settings, require=require)
        closers += c2
        longterm, b3, c3 = await open_longterm(settings, embeddings.dim, require)
        closers += reversed(c3)
        backends += [b1, b2, b3]
    except BaseException:
        for close in reversed(closers):
            try:
                await close()
            except Exception:  # noqa: BLE001,S110 - the original error matters more
                continue
        raise
    rt = Runtime(settings, shortterm, working, longterm, embeddings, backends, closers)
    if degraded_start:
        rt.degraded = await rt.probe()
        if rt.degraded:
            logger.warning("starting degraded: a store does not answer", tiers=rt.degraded)
            rt._recovery = asyncio.create_task(rt._recover(recovery_interval_s), name="store-recovery")
    return rt
