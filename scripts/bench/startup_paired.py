"""The chat's prompt and first reply on two source trees, runs interleaved (a paired comparison).

``python scripts/bench/startup_paired.py OLD_TREE NEW_TREE [RUNS]``: each tree gets its own warm
data folder (one ``doctor``, one chat), then RUNS chats of each, alternating, as
``startup.py`` measures them (a message sent the moment ``you>`` appears). Wall seconds, and
the chat process's CPU seconds at the prompt and at the reply: on a shared, loaded machine the
CPU is the figure that compares (wall grows with everyone else's load).
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

import startup


def chat(root: Path, env: dict[str, str]) -> tuple[float, float, float, float]:
    """Prompt wall and CPU, first-reply wall and CPU of one ``python -m app chat`` in ``root``."""
    started = time.perf_counter()
    child = pexpect.spawn(sys.executable, ["-m", "app", "chat", "--user", "bench"], cwd=str(root), env=env,
                          encoding="utf-8", timeout=300, dimensions=(40, 200))
    try:
        while child.expect_exact([startup._CURSOR_QUERY, startup.PROMPT]) == 0:
            child.send("\x1b[1;1R")
        prompt, prompt_cpu = time.perf_counter() - started, startup._cpu_of(child.pid)
        child.sendline(startup.FIRST_MESSAGE)
        child.expect_exact(startup.REPLY)
        reply, reply_cpu = time.perf_counter() - started, startup._cpu_of(child.pid)
        child.expect_exact(startup.PROMPT)
        child.sendline("/quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return prompt, prompt_cpu, reply, reply_cpu


def main() -> None:
    trees = [Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    homes = [Path(tempfile.mkdtemp(prefix="memory-agent-paired-")) for _ in trees]
    envs = [startup.app_env(home) for home in homes]
    results: list[list[tuple[float, float, float, float]]] = [[], []]
    try:
        for tree, env in zip(trees, envs):
            subprocess.run([sys.executable, "-m", "app", "doctor"], cwd=tree, env=env, capture_output=True, check=True)
            chat(tree, env)
        load_before = os.getloadavg()
        for _ in range(runs):
            for i, (tree, env) in enumerate(zip(trees, envs)):
                results[i].append(chat(tree, env))
        load_after = os.getloadavg()
    finally:
        for home in homes:
            shutil.rmtree(home, ignore_errors=True)
    print(f"load average {load_before[0]:.1f} → {load_after[0]:.1f} on {os.cpu_count()} cores; {runs} interleaved runs each")
    for tree, rows in zip(trees, results):
        cols = list(zip(*rows))

        def med(c: tuple[float, ...]) -> str:
            return f"{statistics.median(c):.2f} ({min(c):.2f}–{max(c):.2f})"

        print(f"{tree}: prompt wall {med(cols[0])} CPU {med(cols[1])} | first reply wall {med(cols[2])} CPU {med(cols[3])}")


if __name__ == "__main__":
    main()
