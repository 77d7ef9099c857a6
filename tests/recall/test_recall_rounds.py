"""Recall's later rounds on the real store: the follow-up turn, feedback terms, diversity, time."""
from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryType, NewMemory
from pipelines.recall.recaller import RecallConfig, Recaller
from pipelines.recall.rounds import diversify, feedback_terms

NOW = datetime.now(timezone.utc)
# (session, text): the answer to "what pet do I have" is the turn AFTER the question turn.
TURNS = [
    ("s1", "Assistant: Do you have any pets at home?"),
    ("s1", "User: Yes, a three-year-old corgi called Doudou."),
    ("s1", "User: I also started learning the guitar this spring."),
    ("s2", "User: My sister visited from Chengdu last weekend."),
    ("s2", "Assistant: That sounds lovely, what did you do together?"),
    ("s2", "User: We went hiking and ate hotpot."),
    ("s3", "Assistant: Do you have any pets at your office?"),
    ("s4", "User: The office plant died again."),
]


@pytest.fixture
async def store(create_database: Callable[[], str], embeddings: EmbeddingService) -> AsyncIterator[PgVectorStore]:
    s = await connect(create_database(), embeddings.dim)
    texts = [t for _, t in TURNS]
    vectors = await embeddings.embed_passages(texts)
    await s.add_many(
        [NewMemory("alice", MemoryType.EPISODE, t, source_session=sess, created_at=NOW - timedelta(days=30 - i))
         for i, (sess, t) in enumerate(TURNS)],
        vectors, embeddings.model_id,
    )
    other = await embeddings.embed_passages(["User: my corgi is called Bobo."])
    await s.add_many([NewMemory("bob", MemoryType.EPISODE, "User: my corgi is called Bobo.", source_session="s1")],
                     other, embeddings.model_id)
    yield s
    await s.close()


def recaller(store: PgVectorStore, embeddings: EmbeddingService, **changes: object) -> Recaller:
    return Recaller(store, embeddings, replace(RecallConfig(touch=False), **changes))  # type: ignore[arg-type]


def contents(result) -> list[str]:  # noqa: ANN001
    return [c.item.content for c in result.candidates]


async def test_a_recalled_turn_brings_the_next_turn_of_its_session(store, embeddings) -> None:
    query = "Do you have any pets at home?"
    plain = contents(await recaller(store, embeddings, neighbours=0, candidates=3).recall("alice", query))
    with_next = contents(await recaller(store, embeddings, neighbours=1, neighbour_factor=0.99,
                                        candidates=3).recall("alice", query))
    answer = "User: Yes, a three-year-old corgi called Doudou."
    assert with_next[0] == "Assistant: Do you have any pets at home?"
    assert with_next[:2] == ["Assistant: Do you have any pets at home?", answer]
    assert plain.index(answer) > 1 if answer in plain else True
    assert "User: my corgi is called Bobo." not in with_next  # never another user's row


async def test_the_neighbour_stays_within_its_session_and_the_budget(store, embeddings) -> None:
    result = await recaller(store, embeddings, neighbours=1, candidates=4).recall("alice", "Do you have any pets at your office?")
    assert len(result.candidates) == 4  # the neighbours compete for the same slots
    got = contents(result)
    assert got[0] == "Assistant: Do you have any pets at your office?"
    # s3 has no later turn; s4's plant is not its neighbour
    assert got[1] != "User: The office plant died again." or got.index("User: The office plant died again.") > 0


async def test_a_when_question_prefers_the_memory_that_states_a_time(store, embeddings) -> None:
    query = "When did my sister visit?"
    boosted = contents(await recaller(store, embeddings, when_boost=0.3).recall("alice", query))
    assert boosted[0] == "User: My sister visited from Chengdu last weekend."


def test_feedback_terms_are_new_rare_tokens_of_the_best_memories() -> None:
    terms = feedback_terms(["sister"], ["User: My sister visited from Chengdu", "User: sister hiking Chengdu"],
                           {"user": 10, "chengdu": 2, "visit": 3, "hik": 1}, 10, 2)
    assert terms == ["chengdu", "hik"]
    assert feedback_terms(["a"], ["b"], {}, 1, 0) == []


def test_diversity_moves_a_paraphrase_below_a_different_fact() -> None:
    tokens = {1: {"corgi", "doudou", "pet"}, 2: {"corgi", "doudou", "dog"}, 3: {"guitar", "spring"}}
    scores = {1: 0.9, 2: 0.85, 3: 0.8}
    assert diversify([1, 2, 3], scores, tokens, 1.0, 3) == scores
    mmr = diversify([1, 2, 3], scores, tokens, 0.5, 3)
    assert sorted(mmr, key=lambda i: -mmr[i]) == [1, 3, 2] and mmr[1] == 0.9
