"""The runtime of one process: the three tiers and the embedding service, opened and closed together."""
from __future__ import annotations

from dataclasses import dataclass, field

from app.composition.embeddings import build_embedding_service
from app.composition.stores import Backend, Closer, open_longterm, open_shortterm, open_working
from app.settings import Settings
from memory.embeddings.service import EmbeddingService
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

    async def aclose(self) -> None:
        """Close stores and stop embedded servers, newest first; every closer runs."""
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


async def open_runtime(settings: Settings) -> Runtime:
    """Open every tier; on a failure, what was opened is closed before the error propagates."""
    closers: list[Closer] = []
    backends: list[Backend] = []
    embeddings = build_embedding_service(settings)
    closers.append(embeddings.aclose)
    try:
        shortterm, b1, c1 = await open_shortterm(settings)
        closers += reversed(c1)
        working, b2, c2 = await open_working(settings)
        closers += c2
        longterm, b3, c3 = await open_longterm(settings, embeddings.dim)
        closers += reversed(c3)
        backends += [b1, b2, b3]
    except BaseException:
        for close in reversed(closers):
            try:
                await close()
            except Exception:  # noqa: BLE001,S110 - the original error matters more
                continue
        raise
    return Runtime(settings, shortterm, working, longterm, embeddings, backends, closers)
