"""Redis Cluster URLs: which URL names a cluster and its seed nodes (pure; imports no client).

Kept apart from ``client.py`` so that loading the settings, which validates ``REDIS_URL`` and
``REDIS_CLUSTER_NODES``, imports no Redis client.
"""
from __future__ import annotations

from urllib.parse import urlsplit

#: URL schemes that name a Redis Cluster.
CLUSTER_SCHEMES = ("redis+cluster", "rediss+cluster")

def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster (``redis+cluster://``)."""
    return urlsplit(url).scheme in CLUSTER_SCHEMES


def cluster_url(nodes: str) -> str:
    """The cluster URL of ``REDIS_CLUSTER_NODES`` (``host:port,host:port``)."""
    seeds = [n.strip() for n in nodes.split(",") if n.strip()]
    if not seeds:
        raise ValueError("REDIS_CLUSTER_NODES holds no host:port")
    return "redis+cluster://" + ",".join(seeds)


def cluster_nodes(url: str) -> list[tuple[str, int]]:
    """The seed ``(host, port)`` pairs of a cluster URL (credentials and path ignored)."""
    netloc = urlsplit(url).netloc.rpartition("@")[2]
    nodes = []
    for item in netloc.split(","):
        host, _, port = item.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a cluster node must be host:port, got {item!r}")
        nodes.append((host.strip("[]"), int(port)))
    return nodes
