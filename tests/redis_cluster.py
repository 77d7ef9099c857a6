"""A real 3-master Redis Cluster from Debian's ``redis-server``, owned by the test session.

Three ``redis-server --cluster-enabled yes`` processes on free loopback ports (no
persistence, their config files in a temporary folder), joined with
``redis-cli --cluster create … --cluster-replicas 0 --cluster-yes``. They are stopped by
their own pids only. The cluster's URL is ``redis+cluster://127.0.0.1:p1,…`` — what
``REDIS_URL`` (or ``REDIS_CLUSTER_NODES``) holds in a clustered deployment.
"""
from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

MASTERS = 3


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_ports(count: int = MASTERS) -> list[int]:
    """``count`` free ports whose cluster-bus ports (port + 10000) are free too."""
    ports: list[int] = []
    while len(ports) < count:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port + 10000 < 65536 and port not in ports and _port_free(port + 10000):
            ports.append(port)
    return ports


def _cli(port: int, *args: str, timeout: float = 30.0) -> str:
    done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(port), *args],
                          capture_output=True, text=True, timeout=timeout, check=False)
    return done.stdout + done.stderr


@dataclass
class RedisClusterServers:
    """The cluster's processes; :meth:`start` brings it up, :meth:`stop` kills it by pid."""

    ports: list[int] = field(default_factory=cluster_ports)
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="memory-agent-rc-")))
    procs: list[subprocess.Popen] = field(default_factory=list)

    @property
    def url(self) -> str:
        """``redis+cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3``."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.ports)

    @property
    def nodes(self) -> str:
        """The ``REDIS_CLUSTER_NODES`` form: ``127.0.0.1:p1,…``."""
        return ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def start(self, timeout: float = 60.0) -> RedisClusterServers:
        """Start the masters, create the cluster and wait until every node reports ``ok``."""
        for port in self.ports:
            self.procs.append(subprocess.Popen(
                ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
                 "--cluster-config-file", str(self.folder / f"nodes-{port}.conf"), "--cluster-node-timeout", "5000",
                 "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            ))
        deadline = time.monotonic() + timeout
        while not all("PONG" in _cli(p, "ping", timeout=5) for p in self.ports):
            if time.monotonic() > deadline:
                raise TimeoutError("redis cluster nodes did not start")
            time.sleep(0.1)
        out = subprocess.run(
            ["redis-cli", "--cluster", "create", *(f"127.0.0.1:{p}" for p in self.ports),
             "--cluster-replicas", "0", "--cluster-yes"],
            capture_output=True, text=True, timeout=timeout, check=False,
        )
        if out.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed: {out.stdout[-500:]} {out.stderr[-500:]}")
        while not all("cluster_state:ok" in _cli(p, "cluster", "info", timeout=5) for p in self.ports):
            if time.monotonic() > deadline:
                raise TimeoutError("redis cluster did not reach cluster_state:ok")
            time.sleep(0.2)
        return self

    def stop(self) -> None:
        """Kill the cluster's own processes (by pid) and remove their folder."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=10)
        self.procs.clear()
        shutil.rmtree(self.folder, ignore_errors=True)
