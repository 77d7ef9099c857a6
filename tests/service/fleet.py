"""Replicas of ``python -m app serve`` behind a real HAProxy on loopback, on shared stores.

Every replica gets the same settings (one Redis prefix, one MariaDB database, one
PostgreSQL database) and its own home folder and port; HAProxy (Debian's ``haproxy``)
spreads requests round-robin and health-checks ``/health``. Replicas are killed by pid only.
Also a model endpoint that never answers (``BlackHole``): a turn then lasts exactly
``MODEL_TIMEOUT_S`` and ends with the pipeline's fallback reply, so a test can kill a
replica in the middle of a turn for certain.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.service.conftest import (ROOT, deployment_env, drop_mysql_database, free_port, fresh_mysql_database,
                                    mint_key, new_user, wait_healthy)

HAPROXY_CFG = """global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 180s
  timeout server 180s
  timeout tunnel 180s
  timeout check 5s
  retries 2
  option redispatch
frontend fe
  bind 127.0.0.1:{port}
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /health
  default-server inter 1s fall 3 rise 2
{servers}
"""


class BlackHole:
    """A TCP endpoint that accepts connections and never answers (a model that hangs)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(256)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self.hang = True  # False: a connection is closed at once (the model fails fast, the turn falls back at once)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            if self.hang:
                self.held.append(conn)
            else:
                conn.close()

    def env(self, timeout_s: float) -> dict[str, str]:
        """Model settings that make every turn last ``timeout_s`` and end with the fallback reply."""
        return {"CHAT_PROVIDER": "openai", "OPENAI_BASE_URL": f"http://127.0.0.1:{self.port}/v1",
                "OPENAI_API_KEY": "test", "CHAT_MODEL": "stub", "MODEL_MAX_RETRIES": "0",
                "MODEL_BACKOFF_BASE_S": "0", "MODEL_TIMEOUT_S": str(timeout_s), "BREAKER_FAILURE_THRESHOLD": "1000"}

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


@dataclass
class Replica:
    """One ``serve`` process."""

    url: str
    proc: subprocess.Popen
    log: Path

    def kill(self) -> None:
        """SIGKILL, by pid."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the process used so far (from /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Fleet:
    """N replicas and the load balancer in front of them."""

    env: dict[str, str]
    home: Path
    replicas: list[Replica] = field(default_factory=list)
    lb_url: str = ""
    lb: subprocess.Popen | None = None

    def key(self, user_id: str) -> str:
        """A new API key of ``user_id`` (shared key table)."""
        return mint_key(self.env["MYSQL_URL"], user_id)

    def start_replica(self, extra_env: dict[str, str] | None = None) -> Replica:
        """Start one more replica (not yet behind the load balancer) and wait for it."""
        i = len(self.replicas)
        home = self.home / f"r{i}"
        home.mkdir(parents=True, exist_ok=True)
        port = free_port()
        log = home / "server.log"
        with log.open("w") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
                env={**os.environ, **self.env, **(extra_env or {}), "MEMORY_AGENT_HOME": str(home),
                     "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"},
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            )
        replica = Replica(f"http://127.0.0.1:{port}", proc, log)
        self.replicas.append(replica)
        return replica

    def start(self, n: int) -> Fleet:
        """Start ``n`` replicas in parallel, then HAProxy in front of them."""
        started = [self.start_replica() for _ in range(n)]
        for r in started:
            wait_healthy(r.url, r.proc, r.log)
        port = free_port()
        servers = "\n".join(f"  server r{i} {r.url.removeprefix('http://')} check" for i, r in enumerate(self.replicas))
        cfg = self.home / "haproxy.cfg"
        cfg.write_text(HAPROXY_CFG.format(port=port, servers=servers))
        self.lb = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL,
                                   stderr=(self.home / "haproxy.log").open("w"))
        self.lb_url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.lb_url}/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"haproxy not up: {(self.home / 'haproxy.log').read_text()}")

    def stop(self) -> None:
        """Stop HAProxy and every replica (by pid), drop the MariaDB database."""
        if self.lb is not None and self.lb.poll() is None:
            self.lb.terminate()
            self.lb.wait(timeout=10)
        for r in self.replicas:
            if r.proc.poll() is None:
                r.proc.terminate()
        for r in self.replicas:
            try:
                r.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                r.kill()
        drop_mysql_database(self.env["MYSQL_URL"])


def new_fleet(pg_dsn: str, home: Path, extra_env: dict[str, str] | None = None) -> Fleet:
    """A fleet's shared settings: a fresh MariaDB database, the given PostgreSQL one, one Redis prefix."""
    if shutil.which("haproxy") is None:
        raise AssertionError("haproxy is not installed (apt-get install -y haproxy)")
    env = {**deployment_env(pg_dsn, home, fresh_mysql_database()), "SERVICE_REPLICA_LEASE_SECONDS": "3",
           **(extra_env or {})}
    return Fleet(env, home)


__all__ = ["BlackHole", "Fleet", "Replica", "new_fleet", "new_user"]
