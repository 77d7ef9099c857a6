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
  the agent is prepared while the first message is typed, so this includes that work).

Every tier runs on its embedded default (``REDIS_URL``, ``MYSQL_URL``, ``PG_DSN`` and the
model variables are removed from the environment) in a data folder that is **warm**: created
and used once (one ``doctor``, one chat) before anything is measured, so the PostgreSQL data
folder exists and the schema is current, as on every start after the first. ``--home`` runs
against an existing data folder instead of a temporary one.

Run: ``python scripts/bench/startup.py`` (~1-3 minutes with ``--runs 5``).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
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


def chat_to_prompt(env: dict[str, str], timeout: float) -> tuple[float, float, float]:
    """Wall and CPU seconds from starting ``python -m app chat`` to its first ``you>``, and wall
    seconds to the reply of a message sent the moment the prompt appears."""
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
        child.expect_exact(PROMPT)
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    except (pexpect.TIMEOUT, pexpect.EOF) as exc:
        raise SystemExit(f"the chat printed no prompt ({type(exc).__name__}); output:\n{child.before}") from None
    finally:
        child.close(force=True)
    return wall, cpu, first_reply


def measure(home: Path, runs: int, timeout: float) -> dict[str, dict[str, float | str]]:
    """Warm ``home`` up, then ``runs`` measurements of each command; medians and extremes."""
    env = app_env(home)
    run_to_exit(["doctor"], env)
    chat_to_prompt(env, timeout)
    samples: dict[str, list[tuple[float, float | None]]] = {"help": [], "doctor": [], "chat prompt": [], "chat first reply": []}
    for _ in range(runs):  # interleaved, so a burst of load on the machine hits every command alike
        samples["help"].append(run_to_exit(["--help"], env))
        samples["doctor"].append(run_to_exit(["doctor"], env))
        prompt_wall, prompt_cpu, reply_wall = chat_to_prompt(env, timeout)
        samples["chat prompt"].append((prompt_wall, prompt_cpu))
        samples["chat first reply"].append((reply_wall, None))  # wall only
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
    p.add_argument("--out", type=Path, default=Path("bench-results/startup.json"))
    args = p.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="memory-agent-startup-"))
    try:
        results = measure(home, args.runs, args.timeout)
    finally:
        if args.home is None:
            shutil.rmtree(home, ignore_errors=True)
    load = os.getloadavg()
    print(f"median of {args.runs} runs, warm data folder, load average {load[0]:.1f} on {os.cpu_count()} cores")
    print(common.table(
        ["command", "wall median s", "CPU median s", "wall min s", "wall max s"],
        [[name, r["wall_median_s"], r["cpu_median_s"], r["wall_min_s"], r["wall_max_s"]] for name, r in results.items()],
    ))
    common.write_json(args.out, {"runs": args.runs, "load_average": load, "cpu_count": os.cpu_count(),
                                 "results": results})


if __name__ == "__main__":
    main()
