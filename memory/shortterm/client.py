"""The one place a Redis client is built: a single server, or a Redis Cluster.

``redis+cluster://host:port,host:port/`` (or ``rediss+cluster://`` for TLS) names the seed
nodes of a Redis Cluster and gets redis-py's asyncio ``RedisCluster``, which follows
``MOVED``/``ASK`` redirections and routes every command by its key's slot. Anything else
(``redis://``, ``rediss://``, ``unix://``) gets the plain asyncio client.

Every key of one user carries the hash tag ``{user_id}`` (``memory/shortterm/keys.py``),
so a user's scripts and transactions touch one slot and run unchanged on a cluster.
"""
from __future__ import annotations

from typing import Union
from urllib.parse import urlsplit

import redis.asyncio as aredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry

from memory.shortterm.cluster_url import CLUSTER_SCHEMES, cluster_nodes, cluster_url, is_cluster_url

__all__ = ["CLUSTER_SCHEMES", "RedisClient", "cluster_nodes", "cluster_url", "is_cluster_url", "redis_client"]

#: Connections one client may hold. redis-py 8 caps a pool at 100 by default (older versions did
#: not cap it); the service holds one per open SSE stream (its pub/sub subscription), so 200
#: sessions failed with ``MaxConnectionsError`` (issue 20's load bench). The server's own
#: ``maxclients`` (10,000 by default) is the real limit.
MAX_CONNECTIONS = 10_000

#: What :func:`redis_client` returns: both expose the commands the product uses.
RedisClient = Union[aredis.Redis, RedisCluster]


def redis_client(
    url: str,
    *,
    decode_responses: bool = False,
    connect_timeout: float | None = None,
    socket_timeout: float | None = None,
    retry: Retry | None = None,
) -> RedisClient:
    """An asyncio client of ``url``: ``RedisCluster`` for a cluster URL, else ``Redis``.

    Args:
        url: ``redis://``, ``rediss://``, ``unix://`` or ``redis+cluster://h:p,h:p``.
        decode_responses: Return ``str`` instead of ``bytes``.
        connect_timeout: Seconds to wait for a connection (``None``: redis-py's default).
        socket_timeout: Seconds to wait for a reply (``None``: redis-py's default).
        retry: Retry policy on lost connections (``None``: redis-py's default).

    Raises:
        ValueError: the URL is malformed.
    """
    parts = urlsplit(url)
    if parts.scheme not in CLUSTER_SCHEMES:
        return aredis.Redis.from_url(
            url, decode_responses=decode_responses, socket_connect_timeout=connect_timeout,
            socket_timeout=socket_timeout, retry=retry, max_connections=MAX_CONNECTIONS,
        )
    nodes = [ClusterNode(host, port) for host, port in cluster_nodes(url)]
    return RedisCluster(
        startup_nodes=nodes, username=parts.username, password=parts.password,
        ssl=parts.scheme == "rediss+cluster", decode_responses=decode_responses,
        socket_connect_timeout=connect_timeout, socket_timeout=socket_timeout,
        retry=retry, max_connections=MAX_CONNECTIONS,
    )
