"""Start-up: how long a user waits for ``--help``, ``doctor`` and the chat prompt.

Each figure is the median of ``--runs`` fresh processes (``python -m app ...`` as a user
types it, from the repository root), wall-clock and CPU (user + system of that process):

* **help** — ``python -m app --help`` until it exits.
* **doctor** — ``python -m app doctor`` until it exits (embeds a query, opens every tier).
* **chat prompt** — ``python -m app chat`` in a pseudo-terminal until ``you>`` is drawn
  (the moment a user can type); then ``/quit``. CPU is read from ``/proc/PID/stat`` at
  that moment, so it is the chat process's own CPU before the prompt (the embedded
  servers it starts are other processes, their start-up shows in the wall time).
* **chat first reply** — in the same run, a message is sent the moment the prompt appears:
  wall seconds from the start to the ``agent>`` reply (what a user who types at once waits;
  the agent is prepared while the first message is typed, so this includes that work); CPU is
  the chat process's own at that moment (on a loaded machine the steadier figure).
* **serve ready** — ``python -m app serve --port P`` until ``GET /health`` first answers 200
  (``readiness`` may still say ``warming``); CPU is the serve process's own at that moment.
* **serve warm** — in the same run, until ``/health`` no longer says ``warming`` (the service
  is built: ``ready``, or ``degraded`` with a store down); before the WarmingFront the two
  rows are the same moment.
* **serve idle SIGTERM** — the same process, idle ``--idle`` seconds after it is ready, gets a
  SIGTERM: wall seconds until it has exited (CPU: its whole life, user + system).

Every tier runs on its embedded default (``REDIS_URL``, ``MYSQL_URL``, ``PG_DSN`` and the
model variables are removed from the environment) in a data folder that is **warm**: created
and used once (one ``doctor``, one chat) before anything is measured, so the PostgreSQL data
folder exists and the schema is current, as on every start after the first. ``--home`` runs
against an existing data folder instead of a temporary one.

Run: ``python scripts/bench/startup.py`` (~1-3 minutes with ``--runs 5``).
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pexpect

import common

PROMPT = "you>"  # prompt_toolkit draws "you> " as "you>" and a cursor move
REPLY = "agent>"
FIRST_MESSAGE = "Hello, how are you today?"
_CURSOR_QUERY = "\x1b[6n"  # prompt_toolkit asks where the cursor is and waits for the answer
_DROPPED_ENV = ("REDIS_URL", "MYSQL_URL", "PG_DSN", "DASHSCOPE_API_KEY", "OPENAI_BASE_URL", "OPENAI_API_KEY",
                "CHAT_PROVIDER", "EMBEDDING_PROVIDER", "EMBEDDING_MODEL")
_TICKS = os.sysconf("SC_CLK_TCK")


def app_env(home: Path) -> dict[str, str]:
    """The environment of a user with no servers and no model configured, data in ``home``."""
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    env["MEMORY_AGENT_HOME"] = str(home)
    env.pop("LOG_LEVEL", None)
    return env


def run_to_exit(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``python -m app ARGV`` until it exits (exit code checked)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "app", *argv], cwd=common.ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"`python -m app {' '.join(argv)}` exited {done.returncode}:\n{done.stdout.decode()[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds a live process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime (fields 14 and 15)


def chat_to_prompt(env: dict[str, str], timeout: float) -> tuple[float, float, float, float]:
    """Wall and CPU seconds from starting ``python -m app chat`` to its first ``you>``, and wall
    and CPU seconds to the reply of a message sent the moment the prompt appears."""
    started = time.perf_counter()
    child = pexpect.spawn(sys.executable, ["-m", "app", "chat", "--user", "bench"], cwd=str(common.ROOT),
                          env=env, encoding="utf-8", timeout=timeout, dimensions=(40, 200))
    try:
        while child.expect_exact([_CURSOR_QUERY, PROMPT]) == 0:
            child.send("\x1b[1;1R")  # a terminal's answer: the cursor is at row 1, column 1
        wall = time.perf_counter() - started
        cpu = _cpu_of(child.pid)
        child.sendline(FIRST_MESSAGE)
        child.expect_exact(REPLY)
        first_reply = time.perf_counter() - started
        reply_cpu = _cpu_of(child.pid)
        child.expect_exact(PROMPT)
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    except (pexpect.TIMEOUT, pexpect.EOF) as exc:
        raise SystemExit(f"the chat printed no prompt ({type(exc).__name__}); output:\n{child.before}") from None
    finally:
        child.close(force=True)
    return wall, cpu, first_reply, reply_cpu


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _health(port: int) -> dict[str, object] | None:
    """``GET /health``'s JSON when it answers 200, else ``None``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as answer:  # noqa: S310
            return json.loads(answer.read()) if answer.status == 200 else None
    except (OSError, urllib.error.URLError, ValueError):
        return None


def serve_cycle(env: dict[str, str], timeout: float, idle_s: float) -> tuple[tuple[float, float], float, tuple[float, float]]:
    """``serve`` to its first ``/health`` 200 (wall, CPU), to ``ready`` (wall), then idle, then
    SIGTERM to exit (wall, CPU of the whole life)."""
    port = _free_port()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    log = tempfile.TemporaryFile()  # not a pipe: nobody reads it while serve runs, a full pipe would block it
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=common.ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)

    def output() -> str:
        log.seek(0)
        return log.read().decode(errors="replace")

    try:
        answered: dict[str, object] | None = None
        while answered is None:
            if proc.poll() is not None or time.perf_counter() - started > timeout:
                raise SystemExit(f"`serve` never answered /health (exit {proc.poll()}):\n{output()[-2000:]}")
            answered = _health(port)
            if answered is None:
                time.sleep(0.02)
        ready = (time.perf_counter() - started, _cpu_of(proc.pid))
        while (answered is None or answered.get("readiness") in ("warming", None)) and proc.poll() is None:
            if time.perf_counter() - started > timeout:  # a poll that timed out (a loaded machine) is retried
                raise SystemExit(f"`serve` never said ready:\n{output()[-2000:]}")
            time.sleep(0.05)
            answered = _health(port)
        warm = time.perf_counter() - started
        time.sleep(idle_s)
        signalled = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=timeout)
        stopped = time.perf_counter() - signalled
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"`serve` exited {proc.returncode} after SIGTERM:\n{output()[-2000:]}")
    if os.environ.get("STARTUP_SERVE_LOG"):
        Path(os.environ["STARTUP_SERVE_LOG"]).write_text(output())
    log.close()
    life_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return ready, warm, (stopped, life_cpu)


def measure(home: Path, runs: int, timeout: float, idle_s: float = 3.0, only: set[str] | None = None) -> dict[str, dict[str, float | str]]:
    """Warm ``home`` up, then ``runs`` measurements of each command; medians and extremes."""
    env = app_env(home)
    run_to_exit(["doctor"], env)
    chat_to_prompt(env, timeout)
    names = ["help", "doctor", "chat prompt", "chat first reply", "serve ready", "serve warm", "serve idle SIGTERM"]
    samples: dict[str, list[tuple[float, float | None]]] = {n: [] for n in names if only is None or n.split()[0] in only}
    for _ in range(runs):  # interleaved, so a burst of load on the machine hits every command alike
        if "help" in samples:
            samples["help"].append(run_to_exit(["--help"], env))
        if "doctor" in samples:
            samples["doctor"].append(run_to_exit(["doctor"], env))
        if "chat prompt" in samples:
            prompt_wall, prompt_cpu, reply_wall, reply_cpu = chat_to_prompt(env, timeout)
            samples["chat prompt"].append((prompt_wall, prompt_cpu))
            samples["chat first reply"].append((reply_wall, reply_cpu))
        if "serve ready" in samples:
            ready, warm, stopped = serve_cycle(env, timeout, idle_s)
            samples["serve ready"].append(ready)
            samples["serve warm"].append((warm, None))
            samples["serve idle SIGTERM"].append(stopped)
    return {
        name: {
            "wall_median_s": round(statistics.median(w for w, _ in got), 3),
            "cpu_median_s": round(statistics.median(c for _, c in got), 3) if got[0][1] is not None else "-",
            "wall_min_s": round(min(w for w, _ in got), 3),
            "wall_max_s": round(max(w for w, _ in got), 3),
            "runs": len(got),
        }
        for name, got in samples.items()
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=5, help="measured runs of each command (default 5)")
    p.add_argument("--home", type=Path, default=None, help="data folder to use (default: a temporary one)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the chat prompt")
    p.add_argument("--idle", type=float, default=3.0, help="seconds a ready `serve` idles before its SIGTERM")
    p.add_argument("--only", default=None, help="comma-separated subset: help,doctor,chat,serve (default all)")
    p.add_argument("--out", type=Path, default=Path("bench-results/startup.json"))
    args = p.parse_args()
    load_before = os.getloadavg()
    home = args.home or Path(tempfile.mkdtemp(prefix="memory-agent-startup-"))
    try:
        only = set(args.only.split(",")) if args.only else None
        results = measure(home, args.runs, args.timeout, args.idle, only)
    finally:
        if args.home is None:
            shutil.rmtree(home, ignore_errors=True)
    load = os.getloadavg()
    print(f"load average before: {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}, after: "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"median of {args.runs} runs, warm data folder, load average {load[0]:.1f} on {os.cpu_count()} cores")
    print(common.table(
        ["command", "wall median s", "CPU median s", "wall min s", "wall max s"],
        [[name, r["wall_median_s"], r["cpu_median_s"], r["wall_min_s"], r["wall_max_s"]] for name, r in results.items()],
    ))
    common.write_json(args.out, {"runs": args.runs, "load_average": load, "load_average_before": load_before, "cpu_count": os.cpu_count(),
                                 "results": results})


if __name__ == "__main__":
    main()
