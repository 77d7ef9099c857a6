"""A long-term store that is down: the turn is still answered, and nothing is lost."""
from __future__ import annotations

from core.labels import MemoryLabels
from app.composition import Runtime, build_recaller, build_writer, recall_config
from app.session import ChatSession
from memory.longterm.pgvector_store import PgVectorStore
from pipelines.recall.recaller import Recaller
from pipelines.extract.writer import MemoryWriter


async def test_turns_degrade_while_postgres_is_down_and_queued_memories_land_later(runtime: Runtime) -> None:
    chat = ChatSession.open(runtime, "mona", "m1")
    down = PgVectorStore("postgresql://postgres@127.0.0.1:1/postgres", runtime.embeddings.dim)
    chat.services.recaller = Recaller(down, runtime.embeddings, recall_config(runtime.settings), runtime.shortterm)
    chat.services.writer = MemoryWriter(down, runtime.embeddings, runtime.shortterm)

    reply = await chat.send("I live in Lisbon. My phone number is 13812345678.")
    labels = MemoryLabels.model_validate(reply.metadata["memory"])
    assert (reply.get_text_content() or "").startswith("[offline]")
    assert labels.recall.error and "PG_DSN" in labels.recall.error
    assert labels.extract.fired and labels.extract.queued
    queued = await chat.services.outbox.pending()
    contents = [c["content"] for e in queued for c in e["candidates"]]
    assert any("Lisbon" in c for c in contents)
    assert all("13812345678" not in c for c in contents), "the outbox must hold masked text only"
    assert await runtime.longterm.list("mona") == []

    second = await chat.send("Still down?")
    assert MemoryLabels.model_validate(second.metadata["memory"]).extract.replayed == 0
    assert len(await chat.services.outbox.pending()) == 1

    chat.services.recaller = build_recaller(runtime)
    chat.services.writer = build_writer(runtime)
    chat.new()
    back = await chat.send("Where do I live?")
    labels = MemoryLabels.model_validate(back.metadata["memory"])
    assert labels.extract.replayed == 1 and labels.recall.error is None
    assert "Lisbon" in (back.get_text_content() or "")
    stored = [m.content for m in await runtime.longterm.list("mona")]
    assert any("Lisbon" in c for c in stored) and any("‹phone …5678›" in c for c in stored)
    assert await chat.services.outbox.pending() == []
