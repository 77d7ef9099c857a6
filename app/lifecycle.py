"""Stopping a long-running command cleanly on SIGTERM or SIGINT.

``chat``, ``serve`` and ``batch`` run inside ``async with Lifecycle() as life:``. The first
SIGTERM or SIGINT (what systemd, Docker and Ctrl-C send) does not kill anything: it sets
:attr:`Lifecycle.stopping`, wakes whatever waits for new work (the chat prompt, uvicorn's
accept loop) and lets the work in flight finish, so the command leaves its ``async with``
blocks normally and the Runtime closes its stores and releases the embedded servers (the
last process out stops them). A command that has not finished :attr:`drain_seconds`
after the signal (plus :data:`CLOSE_SECONDS`), or a second signal, cancels the command's
task: its ``finally`` and ``async with`` exits still run. Exit status: 130 after SIGINT;
after SIGTERM 0 for ``chat`` and ``serve`` (a requested stop), 143 for a ``batch`` left
resumable.

What "in flight" means per command: ``chat`` finishes the turn it is in (it runs in the
command's own task) and then sees end of input; ``batch`` commits the record it is in
and stops before the next; ``serve`` closes its listening sockets and waits for the chat
runs the AgentScope app has started (its lifespan would cancel them), then shuts down.

uvicorn installs its own handlers and, after its graceful shutdown, re-raises the signal
with the previous handler; for SIGTERM that is the default, which killed the process
before the Runtime closed (the embedded servers stayed up). :meth:`Lifecycle.uvicorn_server`
gives a server that leaves signals to this class and stops when it is told to.
"""
from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from types import TracebackType
from typing import Any, TypeVar

from loguru import logger

T = TypeVar("T")

SIGNALS = (signal.SIGTERM, signal.SIGINT)
DRAIN_SECONDS = 30.0
#: After the drain deadline, the command gets this long to close before its task is cancelled.
CLOSE_SECONDS = 15.0


class Lifecycle:
    """Signal handling and in-flight work of one command (use as ``async with``).

    Args:
        drain_seconds: How long work in flight may take to finish after the first signal.
    """

    def __init__(self, drain_seconds: float = DRAIN_SECONDS) -> None:
        self.drain_seconds = drain_seconds
        self.signal: int | None = None
        self._stop = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._in_flight = 0
        self._deadline: float | None = None
        self._on_stop: list[Callable[[bool], None]] = []
        self._task: asyncio.Task[Any] | None = None
        self._watchdog: asyncio.TimerHandle | None = None
        self._cancelled = False
        self._lines: asyncio.Queue[str | BaseException] | None = None

    @property
    def stopping(self) -> bool:
        """Whether a stop was requested (by a signal or :meth:`request_stop`)."""
        return self._stop.is_set()

    async def __aenter__(self) -> Lifecycle:
        loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        for sig in SIGNALS:
            loop.add_signal_handler(sig, self.request_stop, sig)
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool:
        loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self.signal is not None:
            logger.info("stopped on {} (in flight at exit: {})", signal.Signals(self.signal).name, self._in_flight)
        if exc_type is asyncio.CancelledError and self.stopping:
            return self._stopped_as_asked()
        if self.signal == signal.SIGINT and exc_type is None:
            raise KeyboardInterrupt  # exit status 130, as for an interrupted command
        return False

    def _stopped_as_asked(self) -> bool:
        """The command was cancelled because a stop was asked: swallowed (``True``), or KeyboardInterrupt on SIGINT."""
        if self._cancelled and self._task is not None:
            self._task.uncancel()
        if self.signal == signal.SIGINT:
            raise KeyboardInterrupt
        return True  # swallowed: the command stopped because it was asked to

    def request_stop(self, sig: int | None = None) -> None:
        """Ask the command to stop: first call drains, a second one cancels at once."""
        if self.stopping:
            logger.warning("second stop request: cancelling the work in flight")
            self._cancel()
            for callback in self._on_stop:
                callback(True)
            return
        self.signal = sig
        self._deadline = time.monotonic() + self.drain_seconds
        self._stop.set()
        if sig is not None:
            name = signal.Signals(sig).name
            logger.info("{} received: finishing {} unit(s) of work in flight, then stopping", name, self._in_flight)
        for callback in self._on_stop:
            callback(False)
        loop = asyncio.get_running_loop()
        self._watchdog = loop.call_later(self.drain_seconds + CLOSE_SECONDS, self._cancel)

    def _cancel(self) -> None:
        if self._task is not None and not self._task.done() and not self._cancelled:
            self._cancelled = True
            self._task.cancel("stop requested")

    def on_stop(self, callback: Callable[[bool], None]) -> None:
        """Call ``callback(force)`` when a stop is requested (at once if it already was)."""
        self._on_stop.append(callback)
        if self.stopping:
            callback(False)

    @contextlib.contextmanager
    def in_flight(self) -> Iterator[None]:
        """Mark a unit of work (a turn, a record) that a stop should let finish."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def drain(self, tasks: Iterable[asyncio.Task[Any]] = ()) -> bool:
        """Wait until no work is in flight (and ``tasks`` are done), at most until the drain deadline.

        Returns:
            ``True`` when everything finished in time.
        """
        pending = {t for t in tasks if not t.done()}
        if self._in_flight == 0 and not pending:
            return True
        remaining = self.drain_seconds if self._deadline is None else self._deadline - time.monotonic()
        waits = [*pending, asyncio.ensure_future(self._idle.wait())]
        done, not_done = await asyncio.wait(waits, timeout=max(remaining, 0.0))
        waits[-1].cancel()
        left = len([t for t in not_done if t is not waits[-1]]) + self._in_flight
        if left:
            logger.warning("{} unit(s) of work still in flight after {:.0f} s; stopping anyway",
                           left, self.drain_seconds)
            return False
        return True

    async def interruptible(self, awaitable: Awaitable[T]) -> T:
        """``await awaitable``, unless a stop is requested first (then ``EOFError``, as at end of input)."""
        if self.stopping:
            raise EOFError
        work = asyncio.ensure_future(awaitable)
        stop = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({work, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
        if not work.done():
            work.cancel()
            print(flush=True)
            raise EOFError
        return work.result()

    def uvicorn_server(self, config: Any) -> Any:
        """A ``uvicorn.Server`` for ``config`` that this lifecycle stops.

        On a stop it closes its listening sockets, lets the chat runs the AgentScope app
        has in flight finish (its lifespan would cancel them), then shuts down as uvicorn
        does. A second signal forces the exit.
        """
        import uvicorn

        life = self

        class _Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield  # the Lifecycle owns SIGTERM/SIGINT; uvicorn must not re-raise them

            async def shutdown(self, sockets: Any = None) -> None:
                for listener in self.servers:
                    listener.close()  # no new requests while the turns in flight finish
                runs = _chat_runs(self.config.app)
                if runs or life._in_flight:
                    logger.info("stopping: waiting for {} chat run(s) in flight", len(runs) or life._in_flight)
                await life.drain(runs)
                await super().shutdown(sockets)

        server = _Server(config)

        def stop(force: bool) -> None:
            server.should_exit = True
            server.force_exit = server.force_exit or force

        self.on_stop(stop)
        return server


def _chat_runs(app: Any) -> list[asyncio.Task[Any]]:
    """The chat runs an AgentScope app has in flight (its ``ChatRunRegistry`` tasks)."""
    registry = getattr(getattr(app, "state", None), "chat_run_registry", None)
    tasks = getattr(registry, "_tasks", None)  # the registry exposes lookups by session id only
    return [t for t in tasks.values() if not t.done()] if isinstance(tasks, dict) else []


def in_daemon_thread(call: Callable[[], T], name: str = "warm-up") -> asyncio.Future[T]:
    """``call()`` on a daemon thread of its own; a future of its result, for the running loop.

    For the imports a command warms up while it already answers (``chat``'s prompt, ``serve``'s
    ``/health``): unlike ``asyncio.to_thread``, a command stopped meanwhile does not wait for the
    import to finish (``asyncio.run`` joins the default executor's threads at exit; a thread
    cannot be cancelled), and ``python -m app`` leaves with ``os._exit`` after its exit handlers.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(value: Any, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def run() -> None:
        try:
            value, error = call(), None
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting task
            value, error = None, exc
        try:
            loop.call_soon_threadsafe(settle, value, error)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    threading.Thread(target=run, name=name, daemon=True).start()
    return future
