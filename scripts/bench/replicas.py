"""Replicas behind a real HAProxy: CPU per turn per replica count, and a replica SIGKILLed mid-run.

    python scripts/bench/replicas.py [--replicas 1 2 3] [--users 6] [--turns 4] [--json out.json]

For each replica count N: N ``python -m app serve`` processes on shared stores (the local
Redis under a fresh prefix, a fresh MariaDB database on 127.0.0.1:3306, an embedded
PostgreSQL + pgvector), HAProxy round-robin in front (``haproxy`` from Debian). Users talk
concurrently: every POST goes through the load balancer, every reply is read on the SSE
stream of *another* replica than the one the user last posted to. Each turn carries a token
unique to its user, so a reply or message holding another user's token is "mixed".

Per N it reports turns, errors (non-200 POSTs other than the expected 409s), CPU seconds
per turn summed over the replicas (from ``/proc``), the two-posts check (two POSTs into one
session at the same instant, on two replicas: the second is a 409, or — when the first's reply
already exists — waits for it; the stored messages must never interleave), and for N >= 2 a kill phase: every user posts a turn, replica 0 is SIGKILLed
while they run, and each accepted turn must end on the stream (finished by a survivor, or
an explicit failed reply): lost (no end, no stored reply), duplicated (two finished replies
to one message) and mixed counts.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import common  # noqa: F401 - puts the repository on sys.path

import httpx  # noqa: E402
import psycopg2  # noqa: E402
from psycopg2.extensions import make_dsn  # noqa: E402

from tests.service.conftest import ServiceUser  # noqa: E402
from tests.service.fleet import Fleet, new_fleet, new_user  # noqa: E402


class Listener:
    """One user's SSE stream on one replica, in a thread."""

    def __init__(self, url: str, user: ServiceUser) -> None:
        self.events: list[dict[str, Any]] = []
        self.ok = threading.Event()
        self.client = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {user.key}"},
                                   timeout=httpx.Timeout(5, read=300))
        self.path, self.params = f"/sessions/{user.session_id}/stream", {"agent_id": user.agent_id}
        threading.Thread(target=self._run, daemon=True).start()
        if not self.ok.wait(90):
            raise RuntimeError("the stream did not open within 90 s")

    def _run(self) -> None:
        try:
            with self.client.stream("GET", self.path, params=self.params) as r:
                self.ok.set()
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        self.events.append(json.loads(line[5:]))
        except httpx.HTTPError:
            self.ok.set()

    def ends(self) -> int:
        return sum(1 for e in self.events if e.get("type") == "REPLY_END")


def post(url: str, user: ServiceUser, text: str) -> tuple[int, str]:
    msg_id = uuid.uuid4().hex
    try:
        r = httpx.post(f"{url}/chat/", headers={"Authorization": f"Bearer {user.key}"}, timeout=60, json={
            "agent_id": user.agent_id, "session_id": user.session_id,
            "input": {"id": msg_id, "role": "user", "name": "user", "content": [{"type": "text", "text": text}]}})
        return r.status_code, msg_id
    except httpx.HTTPError:
        return 0, msg_id


def messages(url: str, user: ServiceUser) -> list[dict[str, Any]]:
    r = httpx.get(f"{url}/sessions/{user.session_id}/messages", params={"agent_id": user.agent_id, "limit": 500},
                  headers={"Authorization": f"Bearer {user.key}"}, timeout=30)
    return r.json()["messages"] if r.status_code == 200 else []


def replied(url: str, user: ServiceUser, msg_id: str) -> bool:
    """Whether a finished reply follows the message ``msg_id`` in the stored session."""
    msgs = messages(url, user)
    ids = [m["id"] for m in msgs]
    return msg_id in ids and any(m["role"] == "assistant" and m.get("finished_at") for m in msgs[ids.index(msg_id) + 1:])


def text_of(msg: dict[str, Any]) -> str:
    return "".join(b.get("text", "") for b in msg.get("content") or [] if isinstance(b, dict))


def wait_ends(listener: Listener, n: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if listener.ends() >= n:
            return True
        time.sleep(0.05)
    return False


def audit(url: str, users: list[ServiceUser], tokens: dict[str, str]) -> dict[str, int]:
    """Duplicated replies, interleaved messages and other users' tokens in each session."""
    dup = interleaved = mixed = 0
    for u in users:
        msgs = messages(url, u)
        roles = [m["role"] for m in msgs if m["role"] in ("user", "assistant") and (m["role"] == "user" or m.get("finished_at"))]
        interleaved += sum(1 for a, b in zip(roles, roles[1:]) if a == b == "user")
        dup += sum(1 for a, b in zip(roles, roles[1:]) if a == b == "assistant")
        foreign = [t for uid, t in tokens.items() if uid != u.user_id]
        mixed += sum(1 for m in msgs for t in foreign if t in text_of(m))
    return {"duplicated": dup, "interleaved": interleaved, "mixed": mixed}


def user_turns(f: Fleet, u: ServiceUser, i: int, turns: int, token: str) -> dict[str, int]:
    """``turns`` turns through the LB, each read on the stream of a replica other than the last POST's."""
    n = len(f.replicas)
    listener = Listener(f.replicas[(i + 1) % n].url, u)
    errors = lost = 0
    statuses: list[int] = []
    for t in range(turns):
        status, msg_id = post(f.lb_url, u, f"Note {t}: my code word is {token}-{t}. I like tea number {t}.")
        if status != 200:
            errors += 1
            statuses.append(status)
            continue
        if not wait_ends(listener, t + 1 - errors, 120) and not replied(f.lb_url, u, msg_id):
            lost += 1
    return {"errors": errors, "lost": lost, "statuses": statuses}


def two_posts(f: Fleet, u: ServiceUser) -> dict[str, int]:
    """Two POSTs into one session at the same instant, on two replicas (directly)."""
    a, b = f.replicas[0].url, f.replicas[-1].url
    with ThreadPoolExecutor(2) as pool:
        r1, r2 = pool.map(lambda url: post(url, u, "Same instant: I moved to Berlin."), (a, b))
    return {"both_accepted": int(r1[0] == 200 and r2[0] == 200), "one_409": int(409 in (r1[0], r2[0]))}


def phase(f: Fleet, users: list[ServiceUser], tokens: dict[str, str], turns: int) -> dict[str, Any]:
    cpu0 = [r.cpu_seconds() for r in f.replicas]
    t0 = time.monotonic()
    with ThreadPoolExecutor(len(users)) as pool:
        results = list(pool.map(lambda iu: user_turns(f, iu[1], iu[0], turns, tokens[iu[1].user_id]), enumerate(users)))
    wall = time.monotonic() - t0
    cpu = sum(r.cpu_seconds() - c for r, c in zip(f.replicas, cpu0))
    done = len(users) * turns - sum(r["errors"] for r in results)
    return {"turns": done, "errors": sum(r["errors"] for r in results), "lost": sum(r["lost"] for r in results),
            "error_statuses": sorted(s for r in results for s in r["statuses"]),
            "cpu_s_per_turn": round(cpu / max(1, done), 3), "turns_per_s": round(done / wall, 2), "wall_s": round(wall, 1)}


def kill_phase(f: Fleet, users: list[ServiceUser], tokens: dict[str, str]) -> dict[str, Any]:
    """Every user posts once on replica 0 (directly); replica 0 is SIGKILLed while the turns run."""
    survivor = f.replicas[1].url
    listeners = [Listener(survivor, u) for u in users]
    before = [lst.ends() for lst in listeners]
    accepted = [post(f.replicas[0].url, u, f"Before the crash: my code word is {tokens[u.user_id]}-k.")[0] == 200
                for u in users]
    time.sleep(0.3)
    f.replicas[0].kill()
    lost = failed = 0
    for lst, b, ok in zip(listeners, before, accepted):
        if not ok:
            continue
        if not wait_ends(lst, b + 1, 90):
            lost += 1
        elif any(e.get("type") == "REPLY_END" and e.get("finished_reason") == "error" for e in lst.events):
            failed += 1
    adopted = sum(sum(1 for line in r.log.read_text(errors="replace").splitlines()
                      if "adopting a turn of a dead replica" in line) for r in f.replicas[1:])
    time.sleep(1.0)
    return {"accepted": sum(accepted), "lost_silently": lost, "reported_failed": failed, "adopted_by_survivors": adopted,
            **audit(survivor, users, tokens)}


def footprint(f: Fleet, pg_dsn: str, users_n: int) -> dict[str, float]:
    """Bytes per user in Redis (every key of the deployment) and in PostgreSQL (memories + indexes)."""
    import redis

    r = redis.Redis.from_url(f.env["REDIS_URL"])
    redis_bytes = sum(r.memory_usage(k) or 0 for k in r.scan_iter(match=f"{f.env['REDIS_PREFIX']}:*", count=1000))
    conn = psycopg2.connect(pg_dsn)
    with conn.cursor() as cur:
        cur.execute("SELECT count(*), pg_total_relation_size('memories') FROM memories")
        memories, pg_bytes = cur.fetchone()
    conn.close()
    return {"redis_kb": round(redis_bytes / users_n / 1024, 1), "memories": round(memories / users_n, 1),
            "pg_kb": round(pg_bytes / users_n / 1024, 1),
            "pg_bytes_per_memory": round(pg_bytes / max(1, memories))}


def run(n: int, users_n: int, turns: int, pg_dsn: str) -> dict[str, Any]:
    import tempfile

    home = Path(tempfile.mkdtemp(prefix=f"memory-agent-replicas{n}-"))
    f = new_fleet(pg_dsn, home, {"RATE_LIMIT_PER_MINUTE": "0", "LONGTERM_CONSENT": "on",
                                      "SERVICE_REPLICA_LEASE_SECONDS": "6"})  # users agreed: memories are written
    try:
        f.start(n)
        users = []
        for _ in range(users_n):
            uid = new_user("bench")
            users.append(ServiceUser(f.lb_url, uid, f.key(uid)).bootstrap())
        tokens = {u.user_id: f"tok{uuid.uuid4().hex[:8]}" for u in users}
        out: dict[str, Any] = {"replicas": n, "users": users_n, **phase(f, users, tokens, turns)}
        pairs = [two_posts(f, u) for u in users]
        time.sleep(3.0)
        out["two_posts"] = {"pairs": len(pairs), "both_accepted": sum(p["both_accepted"] for p in pairs),
                            "one_409": sum(p["one_409"] for p in pairs)}
        out.update({f"audit_{k}": v for k, v in audit(f.lb_url, users, tokens).items()})
        out["per_user"] = footprint(f, pg_dsn, users_n)
        if n >= 2:
            out["kill"] = kill_phase(f, users, tokens)
        return out
    finally:
        f.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--replicas", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--users", type=int, default=6)
    ap.add_argument("--turns", type=int, default=4)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results = []
    with common.embedded_server() as pg:
        for n in args.replicas:
            name = f"rb_{uuid.uuid4().hex[:10]}"
            conn = psycopg2.connect(pg.dsn)
            conn.autocommit = True
            conn.cursor().execute(f'CREATE DATABASE "{name}"')
            conn.close()
            result = run(n, args.users, args.turns, make_dsn(pg.dsn, dbname=name))
            print(json.dumps(result), flush=True)
            results.append(result)
    load = os.getloadavg()
    print(f"load average: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}  cores: {os.cpu_count()}")
    print(common.table(["replicas", "turns", "errors", "lost", "CPU-s/turn", "turns/s", "2 posts: 409 / waited / interleaved",
                        "kill: accepted", "lost silently", "failed (told)", "dup", "mixed"],
                       [[r["replicas"], r["turns"], r["errors"], r["lost"], r["cpu_s_per_turn"], r["turns_per_s"],
                         f'{r["two_posts"]["one_409"]} / {r["two_posts"]["both_accepted"]} / {r["audit_interleaved"]}', *([r["kill"][k] for k in ("accepted", "lost_silently",
                          "reported_failed", "duplicated", "mixed")] if "kill" in r else ["-"] * 5)] for r in results]))
    if args.json:
        common.write_json(args.json, {"results": results, "load": load})
    return 0


if __name__ == "__main__":
    sys.exit(main())
