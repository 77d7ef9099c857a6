"""The hot recall cache: a repeated query is served from Redis until the user writes."""
from __future__ import annotations

from core.labels import MemoryLabels
from app.composition import Runtime
from app.session import ChatSession


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
