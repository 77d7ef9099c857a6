"""Load benchmark of the HTTP service, measured from outside over loopback (a benchmark, not a test).

Starts ``python -m app serve`` (offline model, authenticated with one API key per simulated
user) on a free port, then runs:

* **closed loop**: N sessions (default 4, 16, 64), each sending its next turn as soon as it
  sees the previous reply's ``REPLY_END`` on its SSE stream, for ``--closed-seconds``;
  error rate, p50/p95/p99 turn latency, turns/s;
* **open loop**: ``--open-sessions`` sessions (default 200), each sending a turn at Poisson
  arrivals with mean ``--open-interval`` seconds (200 / 20 s = 10 turns/s), for
  ``--open-seconds``; latency counts from the scheduled arrival (queueing included);
* **where the CPU goes**: CPU-seconds of the server and its embedded stores per turn
  (``/proc`` via psutil, whole process tree), and the per-stage wall time the turn labels
  record (``metadata["memory"]["timings_ms"]``); ``--profile`` also runs a short closed loop
  with the server under ``cProfile`` (CPU clock, main thread) and groups its time by module.

Afterwards every session's stored messages are checked: each sent message present once,
each followed by exactly one reply labelled for that user (nothing lost, duplicated or mixed).

    python scripts/bench/service_load.py --closed 4,16,64 --closed-seconds 20 --open-seconds 60

Every phase is bounded in count and time. Stores: embedded by default (as a new user runs
it); ``--redis-url``/``--mysql-url``/``--pg-dsn`` point at servers instead.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from memory.working.key_store import SqlKeyStore  # noqa: E402

TURN_TIMEOUT_S = 60.0
CITIES = ["Hangzhou", "Shanghai", "Chengdu", "Berlin", "Lisbon", "Osaka", "Toronto", "Nairobi"]
DRINKS = ["green tea", "oolong", "black coffee", "matcha", "lemonade", "jasmine tea", "espresso"]
JOBS = ["data engineer", "nurse", "teacher", "product manager", "chef", "architect", "pilot"]
ZH_CITIES = ["杭州", "上海", "成都", "深圳", "西安", "南京", "苏州"]
ZH_DRINKS = ["龙井茶", "普洱茶", "咖啡", "豆浆", "乌龙茶", "奶茶"]
TEMPLATES = [
    "I live in {city} and I prefer {drink}.", "What do I drink?", "I work as a {job}.",
    "我住在{zh_city}，喜欢喝{zh_drink}。", "Remind me what my job is.", "I moved to {city} last month.",
    "Where do I live now?", "I prefer concise answers about {drink}.", "我的工作是什么？",
    "My sister visits {city} on day {n}.", "Thanks! Ticket {n} is sorted.",
]


_SERIAL = itertools.count(1)
_TEXT_RNG = random.Random(7)


def make_text(i: int) -> str:
    """A varied message: no two turns share a text, so no cache makes the turn cheaper than a user's."""
    rng = _TEXT_RNG
    return TEMPLATES[i % len(TEMPLATES)].format(
        city=rng.choice(CITIES), drink=rng.choice(DRINKS), job=rng.choice(JOBS), zh_city=rng.choice(ZH_CITIES),
        zh_drink=rng.choice(ZH_DRINKS), n=rng.randrange(10_000)) + f" ({next(_SERIAL)})"



def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Client:
    """One simulated user with one session, reading its own SSE stream."""

    user_id: str
    key: str
    http: httpx.AsyncClient
    agent_id: str = ""
    session_id: str = ""
    sent: list[str] = field(default_factory=list)
    ends: asyncio.Queue = field(default_factory=asyncio.Queue)
    reader: asyncio.Task | None = None

    async def bootstrap(self) -> None:
        # Long-term memory is opt-in: each simulated user agrees, as a real one would before
        # anything is recalled or extracted (without it the turn skips both and costs little).
        (await self.http.put("/memory/consent", json={"granted": True})).raise_for_status()
        cred = (await self.http.post("/credential/", json={"data": {"type": "memory_agent_credential"}})).json()
        self.agent_id = (await self.http.post("/agent/", json={"name": "assistant"})).json()["agent_id"]
        r = await self.http.post("/sessions/", json={"agent_id": self.agent_id, "chat_model_config": {
            "type": "memory_agent_credential", "credential_id": cred["credential_id"], "model": "memory-agent",
            "parameters": {}}})
        r.raise_for_status()
        self.session_id = r.json()["session_id"]
        page = (await self.http.get(f"/sessions/{self.session_id}/messages", params={"agent_id": self.agent_id})).json()
        self.reader = asyncio.create_task(self._read(page.get("event_cursor")))

    async def _read(self, cursor: str | None) -> None:
        params = {"agent_id": self.agent_id, **({"after": cursor} if cursor else {})}
        async with self.http.stream("GET", f"/sessions/{self.session_id}/stream", params=params,
                                    timeout=httpx.Timeout(10, read=None)) as r:
            async for line in r.aiter_lines():
                if line.startswith("data: ") and '"REPLY_END"' in line:
                    self.ends.put_nowait(time.perf_counter())

    async def turn(self, text: str) -> tuple[bool, int]:
        """Send one message and wait for its reply's end event; (ok, status)."""
        msg_id = uuid.uuid4().hex
        body = {"agent_id": self.agent_id, "session_id": self.session_id, "input": {
            "id": msg_id, "role": "user", "name": "user", "content": [{"type": "text", "text": text}]}}
        while not self.ends.empty():
            self.ends.get_nowait()
        try:
            r = await self.http.post("/chat/", json=body)
        except httpx.HTTPError:
            return False, 0
        if r.status_code != 200:
            return False, r.status_code
        self.sent.append(msg_id)
        try:
            await asyncio.wait_for(self.ends.get(), TURN_TIMEOUT_S)
        except asyncio.TimeoutError:
            return False, 504
        return True, 200

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        await self.http.aclose()


class Deployment:
    """The server process, its key store and CPU accounting."""

    def __init__(self, args: argparse.Namespace, profile_to: Path | None = None) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="svc-bench-"))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "MEMORY_AGENT_HOME": str(self.home), "CHAT_PROVIDER": "offline",
                    "REDIS_PREFIX": f"bench{uuid.uuid4().hex[:8]}", "RATE_LIMIT_PER_MINUTE": "0",
                    "SESSION_QUOTA": "1000", "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT),
                    "PROFILE_ON_SIGNAL": "1"}
        for name in ("redis_url", "mysql_url", "pg_dsn"):
            if getattr(args, name):
                self.env[name.upper()] = getattr(args, name)
        cmd = [sys.executable, "-m", "app", "serve", "--port", str(self.port)]
        if profile_to is not None:
            cmd = [sys.executable, str(Path(__file__).with_name("service_profile_run.py")), str(profile_to), *cmd[3:]]
        self.admin_key: str | None = None
        self.log = (self.home / "server.log").open("w")
        self.proc = subprocess.Popen(cmd, env=self.env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    async def wait(self) -> None:
        deadline = time.monotonic() + 300
        async with httpx.AsyncClient() as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise SystemExit(f"server exited: {(self.home / 'server.log').read_text()[-2000:]}")
                try:
                    r = await http.get(f"{self.url}/health", timeout=2)
                    # 200 "warming" comes at once (requests then wait for the service, up to 60 s):
                    # the phases start once it is built, so a loaded host does not time the clients out
                    if r.status_code == 200 and r.json().get("readiness") != "warming":
                        return
                except (httpx.HTTPError, ValueError):
                    pass
                await asyncio.sleep(0.3)
        raise SystemExit("server not healthy within 300 s")

    async def counters(self) -> dict[str, float]:
        """Redis commands (the server's ``INFO commandstats``) and the app's own counters (``/metrics``)."""
        out: dict[str, float] = {}
        try:
            import redis.asyncio as aredis

            url = self.env.get("REDIS_URL")
            if url:
                client = aredis.Redis.from_url(url)
            else:
                from memory.shortterm.embedded import socket_path

                client = aredis.Redis(unix_socket_path=str(socket_path(self.home / "redis")))
            try:
                stats = await client.info("commandstats")
            finally:
                await client.aclose()
            for name, value in stats.items():
                out["redis:" + name.removeprefix("cmdstat_")] = float(value["calls"])
        except Exception as exc:  # noqa: BLE001 - a count that cannot be read is reported missing
            out["redis_error"] = 0.0
            print(f"could not read Redis commandstats: {exc}", file=sys.stderr)
        if self.admin_key is None:
            store = self.key_store()
            try:
                self.admin_key = (await store.create("bench-admin", role="admin", label="bench")).secret
            finally:
                await store.close()
        async with httpx.AsyncClient(base_url=self.url, headers={"Authorization": f"Bearer {self.admin_key}"}) as http:
            text = (await http.get("/metrics", timeout=30)).text
        for line in text.splitlines():
            if line.startswith(("memory_agent_sql_statements_total", "memory_agent_embedding_texts_total",
                                "memory_agent_embedding_calls_total")):
                name, value = line.rsplit(" ", 1)
                out[name.replace("memory_agent_", "").replace("_total", "")] = float(value)
        return out

    def resident_mb(self) -> dict[str, float]:
        """Resident memory (MB) of each process of the deployment, by process name."""
        out: dict[str, float] = {}
        for p in self.processes():
            try:
                name = f"{p.name()}[{p.pid}]"
                out[name] = round(p.memory_info().rss / 2**20, 1)
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        return out

    def key_store(self) -> SqlKeyStore:
        if self.env.get("MYSQL_URL"):
            return SqlKeyStore.for_mysql(self.env["MYSQL_URL"])
        return SqlKeyStore.for_sqlite(self.home / "working.sqlite3")

    def processes(self) -> list[psutil.Process]:
        """The server and every process it started (and the embedded PostgreSQL's)."""
        try:
            root = psutil.Process(self.proc.pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []
        # Embedded PostgreSQL may run detached as another user: add every process whose
        # command line names this deployment's folder, and its children (the backends).
        seen = {q.pid for q in procs}
        for p in psutil.process_iter(["cmdline"]):
            try:
                if p.pid not in seen and str(self.home) in " ".join(p.info["cmdline"] or []):
                    for q in (p, *p.children(recursive=True)):
                        if q.pid not in seen:
                            seen.add(q.pid)
                            procs.append(q)
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        return procs

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the server and every process it started."""
        return sum(self.cpu_by_process().values())

    def cpu_by_process(self) -> dict[str, float]:
        """CPU time (user + system) per process name (``redis-server``, ``postgres``); the server's split
        into its event-loop thread and its other threads (the encoder's, ``to_thread`` work).

        A process's figure includes its reaped children's (``children_user`` / ``children_system``): a
        PostgreSQL backend that ended between two readings takes its CPU to the postmaster's, so the
        sum only grows. Before, a backend that ended took its CPU out of the figure (negative
        ``postgres`` deltas), and a pool that opened a connection per call looked cheap."""
        out: dict[str, float] = {}
        for p in self.processes():
            try:
                t = p.cpu_times()
                name = p.name()
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
            if p.pid == self.proc.pid:  # the server: its event loop apart from its other threads (the encoder's)
                try:
                    main = next((th.user_time + th.system_time for th in p.threads() if th.id == p.pid), 0.0)
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    main = 0.0
                out["server:event-loop thread"] = main
                out["server:other threads"] = t.user + t.system - main
                reaped = t.children_user + t.children_system
                if reaped:
                    out["server:reaped children"] = reaped
                continue
            out[name] = out.get(name, 0.0) + t.user + t.system + t.children_user + t.children_system
        return out

    def stop(self) -> None:
        self.proc.send_signal(2)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


async def make_clients(dep: Deployment, n: int, tag: str) -> list[Client]:
    store = dep.key_store()
    await store.migrate()
    clients = []
    try:
        for i in range(n):
            user_id = f"{tag}-{i}-{uuid.uuid4().hex[:6]}"
            key = (await store.create(user_id, label="bench")).secret
            http = httpx.AsyncClient(base_url=dep.url, headers={"Authorization": f"Bearer {key}"}, timeout=30,
                                     limits=httpx.Limits(max_connections=4))
            clients.append(Client(user_id, key, http))
    finally:
        await store.close()
    for start in range(0, n, 16):
        await asyncio.gather(*(c.bootstrap() for c in clients[start:start + 16]))
    return clients


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def summary(name: str, latencies: list[float], errors: dict[int, int], wall: float, cpu: float) -> dict[str, Any]:
    ok = len(latencies)
    failed = sum(errors.values())
    return {
        "phase": name, "turns": ok, "errors": failed, "error_rate": round(failed / max(1, ok + failed), 4),
        "errors_by_status": {str(k): v for k, v in sorted(errors.items())},
        "p50_s": round(_pct(latencies, 50), 3), "p95_s": round(_pct(latencies, 95), 3),
        "p99_s": round(_pct(latencies, 99), 3), "turns_per_s": round(ok / wall, 2),
        "cpu_s_per_turn": round(cpu / max(1, ok), 3), "wall_s": round(wall, 1),
    }


def _per_turn_by_process(before: dict[str, float], after: dict[str, float], turns: int) -> dict[str, float]:
    """CPU seconds per turn of each process name between two ``cpu_by_process`` readings."""
    return {k: round((v - before.get(k, 0.0)) / max(1, turns), 4) for k, v in sorted(after.items())}


def per_turn(before: dict[str, float], after: dict[str, float], turns: int) -> dict[str, Any]:
    """Counter increments per turn: Redis commands (total and the top ones), SQL statements, encodings."""
    delta = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in after}
    n = max(1, turns)
    redis = {k.removeprefix("redis:"): v for k, v in delta.items() if k.startswith("redis:") and v > 0}
    redis.pop("info", None)
    out: dict[str, Any] = {"redis_commands": round(sum(redis.values()) / n, 1),
                           "redis_top": {k: round(v / n, 1) for k, v in sorted(redis.items(), key=lambda kv: -kv[1])[:12]}}
    for k, v in sorted(delta.items()):
        if not k.startswith("redis"):
            out[k] = round(v / n, 2)
    return out


async def closed_loop(dep: Deployment, n: int, seconds: float, max_turns: int) -> dict[str, Any]:
    clients = await make_clients(dep, n, f"closed{n}")
    latencies: list[float] = []
    errors: dict[int, int] = {}
    stop_at = time.perf_counter() + seconds
    budget = [max_turns]

    async def run(c: Client, offset: int) -> None:
        i = offset
        while time.perf_counter() < stop_at and budget[0] > 0:
            budget[0] -= 1
            started = time.perf_counter()
            ok, status = await c.turn(make_text(i))
            i += 1
            if ok:
                latencies.append(time.perf_counter() - started)
            else:
                errors[status] = errors.get(status, 0) + 1

    counts0 = await dep.counters()
    by0, t0 = dep.cpu_by_process(), time.perf_counter()
    await asyncio.gather(*(run(c, k) for k, c in enumerate(clients)))
    wall, by1 = time.perf_counter() - t0, dep.cpu_by_process()
    result = summary(f"closed N={n}", latencies, errors, wall, sum(by1.values()) - sum(by0.values()))
    result["cpu_s_per_turn_by_process"] = _per_turn_by_process(by0, by1, len(latencies))
    result["per_turn"] = per_turn(counts0, await dep.counters(), len(latencies) + sum(errors.values()))
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    result["integrity"] = await check_integrity(clients)
    for c in clients:
        await c.close()
    return result


async def open_loop(dep: Deployment, sessions: int, interval: float, seconds: float, seed: int) -> dict[str, Any]:
    clients = await make_clients(dep, sessions, "open")
    rng = random.Random(seed)
    latencies: list[float] = []
    errors: dict[int, int] = {}
    t0 = time.perf_counter()
    end = t0 + seconds

    late = [0]

    async def run(c: Client, k: int) -> None:
        arrival = t0 + rng.expovariate(1 / interval)
        i = k
        while arrival < end:
            if time.perf_counter() > end:  # bounded in time: arrivals not sent by the end are counted, not sent
                late[0] += 1
                arrival += rng.expovariate(1 / interval)
                continue
            delay = arrival - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            ok, status = await c.turn(make_text(i))
            i += 1
            if ok:
                latencies.append(time.perf_counter() - arrival)  # from the scheduled arrival
            else:
                errors[status] = errors.get(status, 0) + 1
            arrival += rng.expovariate(1 / interval)

    counts0 = await dep.counters()
    by0 = dep.cpu_by_process()
    await asyncio.gather(*(run(c, k) for k, c in enumerate(clients)))
    wall, by1 = time.perf_counter() - t0, dep.cpu_by_process()
    result = summary(f"open {sessions} sessions, mean {interval:g} s", latencies, errors, wall,
                     sum(by1.values()) - sum(by0.values()))
    result["cpu_s_per_turn_by_process"] = _per_turn_by_process(by0, by1, len(latencies))
    result["per_turn"] = per_turn(counts0, await dep.counters(), len(latencies) + sum(errors.values()))
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    result["resident_mb"] = dep.resident_mb()
    result["offered_turns_per_s"] = round(sessions / interval, 2)
    result["arrivals_not_sent_by_the_end"] = late[0]
    result["integrity"] = await check_integrity(clients)
    for c in clients:
        await c.close()
    return result


async def all_messages(c: Client) -> list[dict[str, Any]]:
    """Every stored message of the client's session, paging backwards with ``before``."""
    msgs: list[dict[str, Any]] = []
    params: dict[str, Any] = {"agent_id": c.agent_id, "limit": 200}
    while True:
        page = (await c.http.get(f"/sessions/{c.session_id}/messages", params=params)).json()
        msgs = page["messages"] + msgs
        if not page.get("has_more") or not page["messages"]:
            return msgs
        params["before"] = page["messages"][0]["id"]


async def check_integrity(clients: list[Client], settle_s: float = 90.0) -> dict[str, Any]:
    """Each sent message stored once, followed by one finished reply labelled for its user.

    Waits (at most ``settle_s``) for runs the server is still working through (turns the
    client gave up on) before counting, so a late message is not counted as lost.
    """
    deadline = time.monotonic() + settle_s
    for c in clients:
        while time.monotonic() < deadline:
            page = await c.http.get(f"/sessions/{c.session_id}/messages", params={"agent_id": c.agent_id, "limit": 1})
            if not page.json().get("is_running"):
                break
            await asyncio.sleep(0.5)
    lost = duplicated = mixed = 0
    stages: dict[str, list[float]] = {}
    for c in clients:
        msgs = await all_messages(c)
        ids = [m["id"] for m in msgs]
        for sent in c.sent:
            count = ids.count(sent)
            lost += count == 0
            duplicated += count > 1
        for m in msgs:
            labels = (m.get("metadata") or {}).get("memory")
            if m["role"] == "assistant" and labels:
                mixed += labels.get("user_id") != c.user_id
                for stage, ms in (labels.get("timings_ms") or {}).items():
                    stages.setdefault(stage, []).append(ms)
        replies = sum(1 for m in msgs if m["role"] == "assistant")
        duplicated += max(0, replies - len(c.sent))
    return {"lost": lost, "duplicated": duplicated, "mixed": mixed,
            "stage_ms_mean": {k: round(statistics.fmean(v), 1) for k, v in sorted(stages.items())}}


def profile_groups(stats_path: Path, top: int = 14) -> list[tuple[str, float]]:
    """The profile's own (tottime) CPU seconds grouped by top-level package/module."""
    import pstats

    stats = pstats.Stats(str(stats_path))
    groups: dict[str, float] = {}
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        path = filename.replace("\\", "/")
        if "/site-packages/" in path:
            key = path.split("/site-packages/")[1].split("/")[0].removesuffix(".py")
        elif str(ROOT) in path:
            rel = path.split(str(ROOT) + "/")[1]
            key = "/".join(rel.split("/")[:2]).removesuffix(".py")
        else:
            key = "python:" + Path(path).name if path.startswith("/") else path
        groups[key] = groups.get(key, 0.0) + tottime
    return sorted(groups.items(), key=lambda kv: -kv[1])[:top]


async def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--closed", default="4,16,64", help="closed-loop session counts")
    p.add_argument("--closed-seconds", type=float, default=20.0)
    p.add_argument("--closed-max-turns", type=int, default=400)
    p.add_argument("--open-sessions", type=int, default=200)
    p.add_argument("--open-interval", type=float, default=20.0)
    p.add_argument("--open-rates", default="", help="comma-separated offered rates (turns/s) to run in turn instead of one "
                   "--open-interval (each --open-seconds long, --open-sessions sessions): finds the highest rate with p95 <= 2 s")
    p.add_argument("--open-seconds", type=float, default=60.0, help="0 skips the open loop")
    p.add_argument("--profile", action="store_true", help="also profile a short closed loop under cProfile")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--redis-url")
    p.add_argument("--mysql-url")
    p.add_argument("--pg-dsn")
    p.add_argument("--out", type=Path, default=None, help="write the results as JSON here")
    args = p.parse_args()

    results: list[dict[str, Any]] = []
    dep = Deployment(args)
    try:
        await dep.wait()
        for n in [int(x) for x in args.closed.split(",") if x.strip()]:
            results.append(await closed_loop(dep, n, args.closed_seconds, args.closed_max_turns))
            print(json.dumps(results[-1], ensure_ascii=False), flush=True)
        if args.open_seconds > 0:
            intervals = ([args.open_sessions / float(r) for r in args.open_rates.split(",") if r.strip()]
                         or [args.open_interval])
            for interval in intervals:
                results.append(await open_loop(dep, args.open_sessions, interval, args.open_seconds, args.seed))
                print(json.dumps(results[-1], ensure_ascii=False), flush=True)
        results.append({"phase": "resident memory at the end (MB)", "resident_mb": dep.resident_mb()})
        print(json.dumps(results[-1], ensure_ascii=False), flush=True)
    finally:
        dep.stop()
    if args.profile:
        stats = Path(tempfile.mkdtemp(prefix="svc-prof-")) / "server.prof"
        prof = Deployment(args, profile_to=stats)
        try:
            await prof.wait()
            await closed_loop(prof, 4, 8.0, 40)  # warm-up, not profiled: one-time loads stay out of the figures
            prof.proc.send_signal(signal.SIGUSR1)
            run = await closed_loop(prof, 4, min(args.closed_seconds, 15.0), 60)
        finally:
            prof.stop()
        groups = profile_groups(stats) if stats.exists() else []
        results.append({"phase": "profile (closed N=4 after an 8 s warm-up, cProfile CPU clock, main thread)", "turns": run["turns"],
                        "stats_file": str(stats),
                        "cpu_s_by_module": [(k, round(v, 2)) for k, v in groups]})
        print(json.dumps(results[-1], ensure_ascii=False), flush=True)
    if args.out:
        args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
