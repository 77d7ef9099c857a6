"""``python -m app serve``: listen at once, warm the service in the background, stop quickly.

The service (``app.serve.build_service_app``: AgentScope, FastAPI, the pipelines) takes
seconds to import and its stores (the embedded servers) seconds to open. This module binds
the port first with :class:`app.service.front.WarmingFront` (``/health`` answers 200,
``"readiness": "warming"``; other requests wait for the service), then, in a background
task: imports the service code on a thread while the stores open, builds the app, starts
its lifespan and hands requests over. A failure there (a refused AGENTS.md, a store that
must answer) stops the server and the command exits with its one-line error, as before.

Stopping (SIGTERM, Ctrl-C) is :class:`app.lifecycle.Lifecycle`'s: the listening sockets
close, the chat runs in flight finish, then the service's lifespan, its closers and the
runtime are closed in the task that opened them. This module imports the standard library,
uvicorn and the lifecycle only.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.lifecycle import in_daemon_thread
from app.service.bind import check_bind

if TYPE_CHECKING:
    from app.service.front import WarmingFront
    from app.settings import Settings

RELOAD_INTERVAL_S = 5.0


def _load_runtime_code() -> None:
    """What opening the runtime needs (the stores' drivers, the embedder) and the tracer."""
    import app.composition.runtime  # noqa: F401
    import app.tracing  # noqa: F401


def settle_heap() -> None:
    """Move every object alive at start-up out of the garbage collector's reach (``gc.freeze``).

    The warmed service holds millions of long-lived objects (the stores' drivers, AgentScope,
    pydantic's schemas, the tokenizers' and the screen's tables); every full collection walked
    them all: ~0.25 s of event-loop CPU each, one every few dozen turns (issue 20's profile:
    ~2 ms a turn). Frozen, a full collection walks only what was made since. Nothing is freed
    differently: reference counting frees frozen objects as before; only a reference cycle among
    them would stay (the start-up objects live as long as the process anyway).
    """
    import gc

    gc.freeze()


async def _open_runtime(settings: Settings) -> Any:
    from app.composition import open_runtime

    return await open_runtime(settings, degraded_start=True)


async def _unless_stopped(work: asyncio.Future[Any], stopped: asyncio.Event) -> bool:
    """Wait for ``work`` or ``stopped``; ``True`` when ``work`` finished first (its error raised)."""
    stop = asyncio.ensure_future(stopped.wait())
    try:
        await asyncio.wait({work, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop.cancel()
    if work.done():
        work.result()
        return True
    return False


async def run_service(settings: Settings, front: WarmingFront, stopped: asyncio.Event, otlp_endpoint: str | None,
                      agents_file: Path | None, reload_interval_s: float) -> None:
    """Build the service behind ``front`` and run its lifespan until ``stopped`` is set; close everything.

    The service code is imported on a thread while the runtime opens its stores (the embedded
    servers start then), so the two overlap. Stopped while warming, it does not wait for an
    import to finish (a daemon thread), but lets the stores it started finish opening and then
    closes them, so an embedded server is never left behind.
    """
    from loguru import logger

    if not await _unless_stopped(in_daemon_thread(_load_runtime_code, "import-runtime"), stopped):
        return
    from app.tracing import configure_tracing, shutdown_tracing

    configure_tracing(otlp_endpoint)
    try:
        opening = asyncio.ensure_future(_open_runtime(settings))
        try:
            code = in_daemon_thread(lambda: importlib.import_module("app.serve"), "import-service")
            imported = await _unless_stopped(code, stopped)
        except BaseException:
            await _close_when_open(opening)
            raise
        if not imported:
            await _close_when_open(opening)
            return
        service = code.result()
        async with await opening as rt:
            app = await service.build_service_app(rt, agents_file=agents_file)
            live = app.state.memory_deployment
            watcher = asyncio.create_task(live.watch(reload_interval_s)) if reload_interval_s > 0 else None
            try:
                if not stopped.is_set():
                    async with app.router.lifespan_context(app):
                        settle_heap()
                        front.ready(app)
                        logger.info("service ready", agents=str(live.path),
                                    config_version=live.current.loaded.config.config_version,
                                    degraded=sorted(rt.degraded))
                        await stopped.wait()
            finally:
                if watcher is not None:
                    watcher.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await watcher
                for close in app.state.memory_closers:
                    await close()
                await app.state.memory_pool.aclose()
                await app.state.memory_keys.close()
    finally:
        shutdown_tracing()


async def _close_when_open(opening: asyncio.Future[Any]) -> None:
    """Wait for the runtime being opened (its embedded servers started) and close it; errors are dropped."""
    try:
        rt = await opening
    except Exception:  # noqa: BLE001 - it failed to open: nothing is left open (open_runtime closes what it opened)
        return
    await rt.aclose()


async def serve(settings: Settings, host: str, port: int, otlp_endpoint: str | None,
                agents_file: Path | None = None, reload_interval_s: float = RELOAD_INTERVAL_S) -> int:
    """Listen on ``host:port`` at once, serve ``agents_file`` (default the chat's) once warm, until
    interrupted; then close everything.

    ``reload_interval_s``: how often the file is checked for a newer version besides each
    turn (``0`` checks only at turns).
    """
    import uvicorn
    from loguru import logger

    from app.lifecycle import Lifecycle
    from app.service.front import WarmingFront

    check_bind(settings.auth.mode, host)
    front = WarmingFront()
    async with Lifecycle() as life:
        config = uvicorn.Config(front, host=host, port=port, log_level="warning", lifespan="on",
                                timeout_graceful_shutdown=10)
        server = life.uvicorn_server(config)
        stopped = asyncio.Event()
        service = asyncio.create_task(
            run_service(settings, front, stopped, otlp_endpoint, agents_file, reload_interval_s), name="service")

        def built(task: asyncio.Task[None]) -> None:
            if not task.cancelled() and task.exception() is not None:  # it failed to build: stop serving
                front.failed(str(task.exception()).splitlines()[0] if str(task.exception()) else "error")
                server.should_exit = True

        service.add_done_callback(built)
        print(f"memory-agent service on http://{host}:{port}  (inspector: http://{host}:{port}/ui/)", flush=True)
        logger.info("service starting", host=host, port=port, otlp_endpoint=otlp_endpoint)
        try:
            await server.serve()
        finally:
            stopped.set()  # the service closes in its own task (stopped while warming too)
            await service
    return 0


async def run(args: argparse.Namespace) -> int:
    """The ``serve`` command."""
    from app.settings import load_settings

    return await serve(load_settings(), args.host, args.port, args.otlp_endpoint,
                       agents_file=args.agents, reload_interval_s=args.reload_interval)
