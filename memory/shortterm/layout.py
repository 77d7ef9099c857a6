"""One-time upgrade of an existing server's keys to the hash-tagged layout (``{<user_id>}``).

Before the Redis Cluster layout a user's keys read ``<prefix>:user:<user_id>:…`` (and the
service's ``<prefix>:svc:user:<user_id>:…``). On first start after the upgrade those keys
are renamed in place to ``<prefix>:user:{<user_id>}:…`` — live sessions, summaries, the
service's agents, sessions and messages keep working — and ``<prefix>:layout`` records
that it was done. A Redis Cluster has never held the old layout (its scripts failed with
CROSSSLOT), so nothing is renamed there.
"""
from __future__ import annotations

from redis import exceptions as rexc
from redis.asyncio import Redis

from memory.shortterm.client import RedisClient
from memory.shortterm.keys import SEP, glob_escape

#: The layout this code reads; stored under ``<prefix>:layout`` once the keys were upgraded.
LAYOUT = "2"


def layout_key(prefix: str) -> str:
    """``<prefix>:layout``."""
    return f"{prefix}{SEP}layout"


def _text(value: str | bytes) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


async def upgrade_key_layout(client: RedisClient, prefix: str) -> int:
    """Rename the old-layout keys of every user under ``prefix``; returns how many moved.

    Idempotent and safe when two processes start together (``RENAMENX``; a key another
    process moved first is skipped).
    """
    if not isinstance(client, Redis):
        return 0
    done = await client.get(layout_key(prefix))
    if done is not None and _text(done) == LAYOUT:
        return 0
    moved = 0
    for root in (f"{prefix}{SEP}user{SEP}", f"{prefix}{SEP}svc{SEP}user{SEP}"):
        async for raw in client.scan_iter(match=glob_escape(root) + "*", count=1000):
            key = _text(raw)
            rest = key[len(root):]
            if rest.startswith("{"):
                continue
            user_id, sep, tail = rest.partition(SEP)
            try:
                moved += int(await client.renamenx(key, f"{root}{{{user_id}}}{sep}{tail}"))
            except rexc.ResponseError:
                continue  # moved (or expired) meanwhile
    await client.set(layout_key(prefix), LAYOUT)
    return moved
