"""The embedded server: shared by processes, and stopped even after a SIGKILLed user."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import psycopg2

from memory.longterm.embedded import EmbeddedPostgres, prune_dead_handles, start_embedded_sync

ROOT = Path(__file__).resolve().parents[2]
HOLDER = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from memory.longterm.embedded import start_embedded_sync\n"
    "e = start_embedded_sync(Path(sys.argv[1]))\n"
    "print(e.dsn, flush=True)\n"
    "time.sleep(120)\n"
)


def hold_server(datadir: Path) -> tuple[subprocess.Popen[str], str]:
    """Another process that opens the embedded server on ``datadir`` and keeps it."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(datadir)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def handles(datadir: Path) -> list[int]:
    return json.loads((datadir / ".handle_pids.json").read_text())


def test_embedded_server_answers_on_a_unix_socket(pg_server: EmbeddedPostgres) -> None:
    assert "host=/" in pg_server.dsn
    with psycopg2.connect(pg_server.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT default_version FROM pg_available_extensions WHERE name = 'vector'")
        assert cur.fetchone()[0] >= "0.8"
        cur.execute("SHOW listen_addresses")
        assert cur.fetchone() == ("",)
    conn.close()


def test_prune_keeps_live_pids_and_drops_dead_ones(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / ".handle_pids.json").write_text(json.dumps([os.getpid(), dead.pid]))
    assert prune_dead_handles(tmp_path) == [dead.pid]
    assert handles(tmp_path) == [os.getpid()]


def test_processes_share_one_server_which_stops_after_sigkilled_holders(server_tmpdir: Path) -> None:
    datadir = server_tmpdir / "pgdata"
    first, dsn_first = hold_server(datadir)
    second, _ = hold_server(datadir)
    postmaster = int((datadir / "postmaster.pid").read_text().split()[0])
    kill(first)  # dies before we join: pruned when we start

    mine = start_embedded_sync(datadir)
    assert mine.dsn == dsn_first
    assert int((datadir / "postmaster.pid").read_text().split()[0]) == postmaster
    assert sorted(handles(datadir)) == sorted([second.pid, os.getpid()])

    kill(second)  # dies while we hold the server: pruned when we let go
    mine.stop()
    deadline = time.monotonic() + 10
    while psutil.pid_exists(postmaster) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not psutil.pid_exists(postmaster), "the last live holder left but the server kept running"
