"""One data folder for the lifecycle tests, with its embedded servers cleaned up afterwards."""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.lifecycle.procs import postgres_pid, redis_pid, running


@pytest.fixture(scope="module")
def home() -> Iterator[Path]:
    """``MEMORY_AGENT_HOME`` outside pytest's 0700 tmp (the embedded PostgreSQL runs as 'pgserver').

    Shared by the module's tests (its PostgreSQL is initialised once); each test uses its own
    users. A server a failed test left behind was started for this folder: it is killed by
    the pid its own pid file names.
    """
    path = Path(tempfile.mkdtemp(prefix="memory-agent-lc-"))
    yield path
    for pid in (redis_pid(path), postgres_pid(path)):
        if running(pid):
            os.kill(pid, signal.SIGKILL)  # type: ignore[arg-type]
    shutil.rmtree(path, ignore_errors=True)
