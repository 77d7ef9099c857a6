"""``Lifecycle`` under real signals sent to this process: drain first, cancel on a second signal."""
from __future__ import annotations

import asyncio
import os
import signal
import time

from app.lifecycle import Lifecycle


async def test_sigterm_lets_work_in_flight_finish_and_wakes_waiters() -> None:
    finished: list[str] = []
    woken: list[bool] = []
    async with Lifecycle(drain_seconds=5) as life:
        life.on_stop(woken.append)

        async def turn() -> None:
            with life.in_flight():
                await asyncio.sleep(0.3)
                finished.append("turn")

        task = asyncio.create_task(turn())
        await asyncio.sleep(0.05)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.sleep(0.05)
        assert life.stopping and life.signal == signal.SIGTERM and woken == [False]
        assert not finished
        assert await life.drain()
        assert finished == ["turn"]
        await task
        try:
            await life.interruptible(asyncio.sleep(3600))
            raise AssertionError("a read must end (EOFError) once a stop was requested")
        except EOFError:
            pass


async def test_work_that_outlives_the_drain_is_reported_not_awaited() -> None:
    async with Lifecycle(drain_seconds=0.2) as life:
        with life.in_flight():
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(0.01)
            started = time.monotonic()
            assert await life.drain() is False
            assert time.monotonic() - started < 1


async def test_second_signal_cancels_the_command_and_the_block_exits_cleanly() -> None:
    started = time.monotonic()
    reached_cleanup = False
    async with Lifecycle(drain_seconds=30) as life:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(0.05)
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(30)  # a command stuck in work it cannot finish
            raise AssertionError("the second signal did not cancel the command")
        finally:
            reached_cleanup = True
    assert reached_cleanup and life.stopping
    assert time.monotonic() - started < 5
    assert asyncio.current_task().cancelling() == 0  # type: ignore[union-attr]
