"""Whether the service's Redis keeps its records across a restart (AOF), checked at start.

The Agent Service keeps its agents, sessions, messages, streams and turn journal in Redis;
they are not rebuilt from the durable tiers (PostgreSQL holds the long-term memories, MariaDB
the keys and tasks). A Redis without the append-only file loses them on a restart: the
service says so once, loudly, at start (and on ``/health`` as ``redis_persistence``).
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from loguru import logger
from redis import exceptions as rexc

WHY = ("a restart of it loses the service's agents, sessions, messages, streams and journaled turns "
       "(long-term memories stay in PostgreSQL, keys and tasks in MariaDB). Turn AOF on: "
       "`appendonly yes` in redis.conf (`CONFIG SET appendonly yes` on a running server); docs/SCALING.md.")


def _values(answer: Any, name: str) -> list[str]:
    """``CONFIG GET`` values of ``name``: one per node (a cluster client answers per node)."""
    if isinstance(answer, dict) and name in answer:
        return [str(answer[name])]
    if isinstance(answer, dict):
        return [v for node in answer.values() for v in _values(node, name)]
    return []


async def redis_persistence(redis: Any) -> str:
    """``aof``, ``rdb`` (snapshots only), ``none``, or ``unknown`` (``CONFIG`` is not allowed).

    Raises:
        redis.exceptions.ConnectionError: Redis does not answer.
    """
    from redis.asyncio.cluster import RedisCluster

    every = {"target_nodes": RedisCluster.ALL_NODES} if isinstance(redis, RedisCluster) else {}
    try:  # a cluster client asks one node by default: every master must keep its part
        aof = _values(await redis.config_get("appendonly", **every), "appendonly")
        save = _values(await redis.config_get("save", **every), "save")
    except rexc.ResponseError:  # a managed Redis that renames or forbids CONFIG
        return "unknown"
    if aof and all(v == "yes" for v in aof):
        return "aof"
    if save and all(v.strip() for v in save):
        return "rdb"
    return "none" if aof else "unknown"


def warning_for(persistence: str, target: str) -> str | None:
    """The start-up warning for ``persistence``, or ``None`` when there is nothing to say."""
    if persistence == "none":
        return f"Redis at {target} runs without persistence (no AOF, no snapshots): {WHY}"
    if persistence == "rdb":
        return (f"Redis at {target} keeps snapshots only (no AOF): a crash loses the writes since the last "
                f"snapshot; {WHY}")
    if persistence == "unknown":
        return f"Redis at {target}: persistence could not be checked (CONFIG GET refused); make sure AOF is on."
    return None


def check_in_background(redis: Any, target: str, record: Callable[[str], None],
                        interval_s: float = 2.0) -> Callable[[], Awaitable[None]]:
    """Check once Redis answers (now, or after a degraded start), log the warning, ``record`` the
    result; returns what stops the check."""

    async def loop() -> None:
        while True:
            try:
                persistence = await redis_persistence(redis)
            except (rexc.ConnectionError, rexc.TimeoutError, OSError):
                await asyncio.sleep(interval_s)
                continue
            record(persistence)
            warning = warning_for(persistence, target)
            if warning is not None:
                logger.warning(warning)
            return

    task = asyncio.create_task(loop(), name="redis-persistence-check")

    async def stop() -> None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    return stop
