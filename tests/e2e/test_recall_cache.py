"""The hot recall cache: a repeated query is served from Redis until the user writes."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from core.labels import MemoryLabels
from app.composition import Runtime
from app.composition.services import build_recaller
from app.session import ChatSession
from pipelines.recall.recaller import Recaller


async def test_cache_hits_until_a_write_and_never_crosses_users(runtime: Runtime) -> None:
    chat = ChatSession.open(runtime, "hana", "h1")
    await chat.send("I prefer green tea.")

    def recall_of(reply) -> object:  # noqa: ANN001
        return MemoryLabels.model_validate(reply.metadata["memory"]).recall

    async def ask_fresh(session: ChatSession) -> object:
        """Ask in a new session, so the recall query is the question alone."""
        session.new()
        return recall_of(await session.send("What do I drink?"))

    first = await ask_fresh(chat)
    second = await ask_fresh(chat)
    assert not first.cache_hit and second.cache_hit
    assert second.selected_ids == first.selected_ids

    await chat.send("I live in Osaka.")
    third = await ask_fresh(chat)
    assert not third.cache_hit
    assert len(third.candidates) == len(first.candidates) + 1

    other = ChatSession.open(runtime, "ivan", "i1")
    theirs = await ask_fresh(other)
    assert not theirs.cache_hit and theirs.candidates == []

    forgotten = third.selected_ids[0]
    await chat.forget(forgotten)
    after = await ask_fresh(chat)
    assert not after.cache_hit and forgotten not in [c.id for c in after.candidates]


class _WriteDuringSearch:
    """The runtime's long-term store; the first search runs, then another turn writes, then it answers.

    The forced interleaving of a recall on one replica and a memory write on another: the
    search's result predates the write, so it must not be cached under the generation the
    write started.
    """

    def __init__(self, store: object, write: Callable[[], Awaitable[None]]) -> None:
        self._store = store
        self._write: Callable[[], Awaitable[None]] | None = write

    def __getattr__(self, name: str) -> object:
        return getattr(self._store, name)

    async def _interleave(self, hits: object) -> object:
        if self._write is not None:
            write, self._write = self._write, None
            await write()
        return hits

    async def search(self, *args: object, **kw: object) -> object:  # noqa: D102
        return await self._interleave(await self._store.search(*args, **kw))  # type: ignore[attr-defined]

    async def hybrid_search(self, *args: object, **kw: object) -> object:  # noqa: D102
        return await self._interleave(await self._store.hybrid_search(*args, **kw))  # type: ignore[attr-defined]


async def test_a_search_that_started_before_a_write_is_not_served_after_it(runtime: Runtime) -> None:
    chat = ChatSession.open(runtime, "jun", "j1")
    await chat.send("I prefer green tea.")
    other = ChatSession.open(runtime, "jun", "j2")  # another session (another replica) of the same user

    async def write() -> None:
        await other.send("I live in Osaka.")

    recaller = build_recaller(runtime)
    racing = Recaller(_WriteDuringSearch(runtime.longterm, write), runtime.embeddings, recaller.config,  # type: ignore[arg-type]
                      cache=runtime.shortterm)
    stale = await racing.recall("jun", "Where do I live?")
    assert not stale.cache_hit and not any("Osaka" in c.item.content for c in stale.candidates)
    after = await recaller.recall("jun", "Where do I live?")
    assert not after.cache_hit  # the stale result was not cached under the write's generation
    assert any("Osaka" in c.item.content for c in after.candidates)
    again = await recaller.recall("jun", "Where do I live?")
    assert again.cache_hit and [c.item.id for c in again.candidates] == [c.item.id for c in after.candidates]
