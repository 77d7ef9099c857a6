"""Per-stage latency of a chat turn (model call excluded) with 10k memories for the user.

    python scripts/bench_pipeline.py [--memories 10000] [--turns 60] [--home DIR]

Runs on the embedded defaults (or the stores in REDIS_URL / MYSQL_URL / PG_DSN) with the
offline model. To load 10k memories quickly, 400 distinct texts are embedded with the real
model and the rest get a slightly perturbed copy of one of those vectors (unit length), so
the HNSW graph and the per-user filter see 10k realistic rows. Prints p50/p95 per stage.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))

from common import latency_summary  # noqa: E402

from app.composition import open_runtime  # noqa: E402
from app.logging import configure_logging  # noqa: E402
from app.session import ChatSession  # noqa: E402
from app.settings import load_settings  # noqa: E402
from memory.types import MemoryType, NewMemory  # noqa: E402

TOPICS = ["tea", "hiking", "Python", "jazz", "Shanghai", "Hangzhou", "cycling", "sushi", "chess", "photography",
          "茶", "爬山", "编程", "爵士乐", "上海", "杭州", "骑行", "寿司", "围棋", "摄影"]
TEMPLATES = ["User likes {t}.", "User went to a {t} event last week.", "User decided to learn more about {t}.",
             "用户喜欢{t}。", "用户上周参加了{t}活动。", "用户决定多了解{t}。", "User asked about {t} prices.",
             "User's friend recommended {t}."]
TURNS = ["What do you remember about my hobbies?", "我喜欢什么？", "Any plans involving tea?",
         "I went hiking near Hangzhou yesterday.", "推荐一个周末活动吧", "What did I decide last week?"]


async def load(rt, user: str, count: int, rng: random.Random) -> float:  # noqa: ANN001
    texts = [rng.choice(TEMPLATES).format(t=rng.choice(TOPICS)) + f" (#{i})" for i in range(400)]
    base = await rt.embeddings.embed_passages(texts)
    started = time.perf_counter()
    now = datetime.now(timezone.utc)
    types = list(MemoryType)
    for start in range(0, count, 1000):
        batch, vectors = [], []
        for i in range(start, min(count, start + 1000)):
            j = i % len(texts)
            vec = base[j] + np.random.default_rng(i).normal(0, 0.01, base.shape[1]).astype(np.float32)
            vectors.append(vec / np.linalg.norm(vec))
            batch.append(NewMemory(
                user_id=user, memory_type=rng.choice(types), content=f"{texts[j]} [{i}]",
                importance=round(rng.uniform(0.2, 0.9), 2), created_at=now - timedelta(days=rng.uniform(0, 120)),
            ))
        await rt.longterm.add_many(batch, np.stack(vectors), rt.embeddings.model_id)
    return time.perf_counter() - started


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--home", default=None, help="data directory (default: a new temporary one)")
    parser.add_argument("--json", default=None, help="also write the figures here")
    args = parser.parse_args()
    configure_logging(level="WARNING")
    home = args.home or tempfile.mkdtemp(prefix="memory-agent-bench-")
    settings = load_settings(memory_agent_home=home, recall_cache_ttl_seconds=0)
    rng = random.Random(7)
    async with await open_runtime(settings) as rt:
        user = f"bench-{int(time.time())}"
        took = await load(rt, user, args.memories, rng)
        print(f"loaded {args.memories} memories for {user} in {took:.1f} s")
        chat = ChatSession.open(rt, user)
        await chat.send("warm up")
        stages: dict[str, list[float]] = {}
        totals = []
        for i in range(args.turns):
            reply = await chat.send(TURNS[i % len(TURNS)])
            timings = reply.metadata["memory"]["timings_ms"]
            for name, ms in timings.items():
                stages.setdefault(name, []).append(ms)
            totals.append(sum(v for k, v in timings.items() if k != "infer"))
    rows = {name: latency_summary(v) for name, v in stages.items()}
    rows["total (excl. infer)"] = latency_summary(totals)
    print(f"\nper-stage latency over {args.turns} turns, {args.memories} memories for the user (ms)")
    print(f"{'stage':<22}{'p50':>9}{'p95':>9}{'mean':>9}")
    for name, r in rows.items():
        note = "  (offline model)" if name == "infer" else ""
        print(f"{name:<22}{r['p50']:>9.1f}{r['p95']:>9.1f}{r['mean']:>9.1f}{note}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
