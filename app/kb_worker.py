"""``python -m app kb-worker``: AgentScope's knowledge index worker as a process of its own.

With ``KNOWLEDGE_INDEX=worker`` a ``serve`` process indexes nothing: an upload stores the blob and
the document record (``pending``) and pushes an index task onto AgentScope's durable queue on the
bus (the service's Redis, under its prefix). Each ``kb-worker`` process runs AgentScope's
``IndexTaskConsumer`` on that queue and an ``IndexWorker`` built from the same composition as the
service (``app.composition.knowledge``: guarded chunkers, the server's embedder, ``PgVectorStore``),
so a document indexed here is the one the service searches. Start as many as the CPUs allow.

A document is indexed under a lease in the storage (``KNOWLEDGE_INDEX_LEASE_SECONDS``, renewed
every half of it while the worker lives): a worker killed mid-document leaves a lease that lapses,
and every worker also runs AgentScope's ``IndexSweeper`` (every ``KNOWLEDGE_INDEX_SWEEP_SECONDS``
and once at start) which queues such documents again — the next live worker indexes them from
the start (chunks are keyed by document and index, so nothing is stored twice). SIGTERM or SIGINT
stops the worker; a document it was indexing is queued again (AgentScope's worker releases its
lease on a stop while the status stays ``indexing``, which no sweep picks up again).
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import socket
import uuid
from contextlib import AsyncExitStack
from datetime import timedelta

from agentscope.app._bus_ops import enqueue_index_task
from agentscope.app._service import IndexSweeper, IndexTaskConsumer, IndexWorker
from agentscope.app.message_bus import MessageBus
from loguru import logger

from app.composition import open_runtime
from app.composition.knowledge import Knowledge, build_knowledge, service_storage
from app.composition.stores import open_service_redis
from app.service.bus import PrefixedRedisMessageBus
from app.service.storage import ServiceStorage
from app.settings import Settings, load_settings


class RequeueingIndexWorker(IndexWorker):
    """AgentScope's ``IndexWorker`` that hands a document back to the queue when a stop cancels it.

    On cancellation AgentScope's worker releases the document's lease and leaves its status
    (``parsing``/``chunking``/``indexing``); the sweeper re-queues only lapsed leases and
    ``pending`` documents, so without this the document would stay unindexed for good.
    """

    def __init__(self, bus: MessageBus, storage: ServiceStorage, kn: Knowledge, node_id: str,
                 max_concurrency: int, lease_ttl: timedelta) -> None:
        super().__init__(storage=storage, blob_store=kn.blob_store, knowledge_base_manager=kn.manager,
                         parsers=kn.parsers, chunkers=kn.chunkers, node_id=node_id,
                         max_concurrency=max_concurrency, lease_ttl=lease_ttl)
        self.bus = bus

    async def process(self, user_id: str, knowledge_base_id: str, document_id: str) -> None:
        """Index one document; queued again when cancelled (the worker is stopping)."""
        try:
            await super().process(user_id=user_id, knowledge_base_id=knowledge_base_id, document_id=document_id)
        except asyncio.CancelledError:
            await enqueue_index_task(self.bus, user_id=user_id, knowledge_base_id=knowledge_base_id,
                                     document_id=document_id)
            logger.info("knowledge document {} queued again: this worker is stopping", document_id)
            raise


async def _until_stopped() -> None:
    """Return on SIGTERM or SIGINT."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


async def run(args: argparse.Namespace) -> int:
    """Consume index tasks until stopped; returns the exit code."""
    settings: Settings = load_settings()
    node_id = args.node_id or f"{socket.gethostname()}:{uuid.uuid4().hex[:8]}"
    lease = timedelta(seconds=settings.service.knowledge_lease_seconds)
    sweep = timedelta(seconds=settings.service.knowledge_sweep_seconds)
    async with await open_runtime(settings) as rt:
        redis = await open_service_redis(settings)
        try:
            storage = service_storage(rt, redis)
            kn = build_knowledge(rt, storage)
            bus = PrefixedRedisMessageBus(redis, settings.shortterm.prefix)
            async with AsyncExitStack() as stack:
                for part in (storage, bus, kn.blob_store, kn.manager):
                    await stack.enter_async_context(part)
                worker = RequeueingIndexWorker(bus, storage, kn, node_id, args.concurrency, lease)
                await stack.enter_async_context(IndexTaskConsumer(message_bus=bus, worker=worker))
                sweeper = IndexSweeper(storage=storage, message_bus=bus, interval=sweep)
                await sweeper.start()
                stack.push_async_callback(sweeper.stop)
                logger.info("knowledge index worker {} ready (concurrency {}, lease {} s, sweep {} s)", node_id,
                            args.concurrency, lease.total_seconds(), sweep.total_seconds())
                print(f"kb-worker {node_id} ready", flush=True)
                await _until_stopped()
                logger.info("knowledge index worker {} stopping", node_id)
        finally:
            await redis.aclose()
    return 0
