"""Driving real ``python -m app`` processes on one data folder, and finding their embedded servers."""
from __future__ import annotations

import codecs
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[2]
STORE_VARS = ("REDIS_URL", "MYSQL_URL", "PG_DSN", "DASHSCOPE_API_KEY", "OPENAI_BASE_URL", "CHAT_PROVIDER")
TURN_TIMEOUT_S = 120.0


def app_env(home: Path) -> dict[str, str]:
    """The environment of a user who set nothing but the data folder (embedded defaults, offline model)."""
    base = {k: v for k, v in os.environ.items() if k not in STORE_VARS}
    return {**base, "MEMORY_AGENT_HOME": str(home), "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}


def running(pid: int | None) -> bool:
    """Whether ``pid`` is a live process (a zombie has exited)."""
    if pid is None:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def redis_pid(home: Path) -> int | None:
    """Pid recorded by the embedded Redis of ``home``."""
    path = home / "redis" / "redis-server.pid"
    return int(path.read_text().strip()) if path.exists() else None


def postgres_pid(home: Path) -> int | None:
    """Pid of the embedded PostgreSQL postmaster of ``home``."""
    path = home / "pg" / "postmaster.pid"
    return int(path.read_text().splitlines()[0]) if path.exists() else None


def wait_until(predicate, timeout_s: float, what: str) -> None:  # noqa: ANN001
    """Poll ``predicate`` until it is true, or fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout_s} s")
        time.sleep(0.05)


class AppProcess:
    """One ``python -m app ...`` process with its stdin and stdout (read continuously).

    Args:
        args: Arguments after ``python -m app``.
        home: ``MEMORY_AGENT_HOME``.
    """

    def __init__(self, *args: str, home: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", *args], env=app_env(home), cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
        self.pid = self.proc.pid
        self._out: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        fd = self.proc.stdout.fileno()  # type: ignore[union-attr]
        while chunk := os.read(fd, 4096):
            with self._lock:
                self._out.append(decoder.decode(chunk))

    @property
    def output(self) -> str:
        """Everything the process printed so far."""
        with self._lock:
            return "".join(self._out)

    def expect(self, pattern: str, start: int = 0, timeout_s: float = TURN_TIMEOUT_S) -> str:
        """The output from ``start`` once ``pattern`` (regex) appears in it; fails if the process exits first."""
        deadline = time.monotonic() + timeout_s
        while True:
            text = self.output[start:]
            if re.search(pattern, text, re.S):
                return text
            if self.proc.poll() is not None:
                time.sleep(0.2)
                text = self.output[start:]
                if re.search(pattern, text, re.S):
                    return text
                raise AssertionError(f"exited with {self.proc.returncode} before {pattern!r}:\n{self.output[-3000:]}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} within {timeout_s} s:\n{self.output[-3000:]}")
            time.sleep(0.05)

    def send(self, line: str) -> int:
        """Type one line; returns the output position before it."""
        start = len(self.output)
        self.proc.stdin.write((line + "\n").encode())  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        return start

    def turn(self, text: str) -> str:
        """Send a chat line and return what was printed up to the next prompt."""
        start = self.send(text)
        return self.expect(r"(agent>|error:).*you> ", start)

    def signal(self, sig: int) -> None:
        """Send ``sig`` to this process only."""
        os.kill(self.pid, sig)

    def wait(self, timeout_s: float = 60.0) -> int:
        """Wait for the exit; returns the exit status."""
        return self.proc.wait(timeout=timeout_s)

    def kill(self) -> None:
        """SIGKILL this process if it still runs (clean-up after a failed test)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


def free_port() -> int:
    """A TCP port nobody listens on right now (loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_chat(home: Path, user: str, *extra: str) -> AppProcess:
    """A ``chat`` process that has printed its banner."""
    chat = AppProcess("chat", "--user", user, *extra, home=home)
    chat.expect(r"memory-agent chat .*you> ", timeout_s=180)
    return chat


def start_serve(home: Path) -> tuple[AppProcess, str]:
    """A ``serve`` process on a free loopback port, once ``/health`` answers; returns it and its URL."""
    port = free_port()
    serve = AppProcess("serve", "--host", "127.0.0.1", "--port", str(port), home=home)
    url = f"http://127.0.0.1:{port}"

    def healthy() -> bool:
        if serve.proc.poll() is not None:
            raise AssertionError(f"serve exited with {serve.proc.returncode}:\n{serve.output[-3000:]}")
        try:
            answer = httpx.get(f"{url}/health", timeout=2)  # 200 "warming" while serve builds the service
            return answer.status_code == 200 and answer.json().get("readiness") != "warming"
        except httpx.HTTPError:
            return False

    wait_until(healthy, 180, "serve answering /health")
    return serve, url


def stored(home: Path, user: str) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """What the stores of ``home`` hold for ``user``, read in this process once the app processes are gone.

    Returns:
        The user's live short-term sessions, each session's turn texts, and the contents of
        the user's active long-term memories.
    """
    import asyncio

    import psycopg2

    from memory.longterm.embedded import start_embedded_sync
    from memory.shortterm.embedded import EmbeddedRedis
    from memory.shortterm.redis_store import RedisShortTermStore

    async def shortterm() -> tuple[list[str], dict[str, list[str]]]:
        server = EmbeddedRedis(home / "redis")
        store = await RedisShortTermStore.connect(await server.start())
        try:
            sessions = await store.list_sessions(user)
            return sessions, {s: [t.content for t in await store.recent_turns(user, s)] for s in sessions}
        finally:
            await store.close()
            await server.stop()

    sessions, turns = asyncio.run(shortterm())
    pg = start_embedded_sync(home / "pg")
    try:
        conn = psycopg2.connect(pg.dsn)
        try:
            with conn.cursor() as cur:
                cur.execute("SELECT content FROM memories WHERE user_id = %s AND status = 'active'", (user,))
                memories = [row[0] for row in cur.fetchall()]
        finally:
            conn.close()
    finally:
        pg.stop()
    return sessions, turns, memories
