"""Hybrid recall on the real store and encoder: lexical matches, Chinese compounds, scoping."""
from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryType, NewMemory
from pipelines.recall.recaller import RecallConfig, Recaller

NOW = datetime.now(timezone.utc)
ALICE = [
    "User's locker code at the gym is QX-4471.",
    "User prefers green tea in the morning.",
    "User lives in Hangzhou near the West Lake.",
    "公司的元旦晚会我负责主持，定在十二月三十日。",
    "我喜欢吃重庆火锅。",
    "我养了一只柯基，叫豆豆。",
    "今天天气很好，适合散步。",
]


@pytest.fixture
async def store(create_database: Callable[[], str], embeddings: EmbeddingService) -> AsyncIterator[PgVectorStore]:
    s = await connect(create_database(), embeddings.dim)
    for user in ("alice", "bob"):
        texts = ALICE if user == "alice" else ["Bob's locker code is QX-4471 too.", "Bob likes coffee."]
        vectors = await embeddings.embed_passages(texts)
        await s.add_many(
            [NewMemory(user, MemoryType.FACT, t, created_at=NOW - timedelta(days=i)) for i, t in enumerate(texts)],
            vectors,
            embeddings.model_id,
        )
    yield s
    await s.close()


def recaller(store: PgVectorStore, embeddings: EmbeddingService, **changes: object) -> Recaller:
    return Recaller(store, embeddings, replace(RecallConfig(touch=False), **changes))  # type: ignore[arg-type]


async def test_an_exact_code_is_found_first_and_only_from_this_user(store, embeddings) -> None:
    result = await recaller(store, embeddings).recall("alice", "QX-4471")
    top = result.candidates[0]
    assert top.item.content.startswith("User's locker code") and top.lexical > 0
    assert all(c.item.user_id == "alice" for c in result.candidates)


async def test_a_chinese_query_about_part_of_a_compound_finds_the_memory(store, embeddings) -> None:
    result = await recaller(store, embeddings).recall("alice", "晚会上我要做什么？")
    assert result.candidates[0].item.content.startswith("公司的元旦晚会")
    assert result.candidates[0].lexical > 0


async def test_hybrid_and_dense_recall_return_the_same_shape(store, embeddings) -> None:
    hybrid = await recaller(store, embeddings, top_k=2).recall("alice", "what do I drink in the morning?")
    dense = await recaller(store, embeddings, top_k=2, hybrid=None).recall("alice", "what do I drink in the morning?")
    for result in (hybrid, dense):
        assert result.candidates[0].item.content == "User prefers green tea in the morning."
        assert [c.rank for c in result.candidates] == list(range(1, len(result.candidates) + 1))
        assert len(result.selected) == 2
    assert hybrid.candidates[0].relevance is not None and dense.candidates[0].relevance is None


async def test_a_query_of_stop_words_still_recalls_by_meaning(store, embeddings) -> None:
    result = await recaller(store, embeddings).recall("alice", "what is it?")
    assert len(result.candidates) == len(ALICE)
    assert all(c.lexical == 0 for c in result.candidates)


async def test_filters_apply_to_both_sides(store, embeddings) -> None:
    result = await recaller(store, embeddings).recall("alice", "QX-4471", types=[MemoryType.PREFERENCE])
    assert result.candidates == []
    since = await recaller(store, embeddings).recall("alice", "QX-4471 柯基", since=NOW - timedelta(days=5, hours=12))
    assert {c.item.content for c in since.candidates} == set(ALICE[:6])
