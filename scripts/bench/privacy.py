"""Privacy benchmark: every PII item and look-alike control through every path, every store read back.

Corpora: the generated one of the test suite (``tests/data/pii_corpus.py``, 499 items, 356
controls) and the blind set written before the detector was read
(``scripts/bench/data/pii_blind.json``, 219 items, 103 controls).

Paths:

* ``receive`` — the receive stage (``pipelines.receive.intake.receive``: clean, screen, mask);
* ``remember`` — the write path (``remember_text``, one statement each, real stores);
* ``chat`` — the in-process chat turn (``ChatSession.send``);
* ``http`` — ``POST /chat/`` of the service app on a real port (several sessions, so several
  are named after a first message full of personal data).

Each store path gets its own deployment on the benchmark's own servers (a ``redis-server``,
a MariaDB and an embedded PostgreSQL + pgvector, all started here and removed at the end): its
own Redis prefix, MariaDB and PostgreSQL databases and data folder; its log lines and spans
are captured separately. Afterwards every sink is read back — all Redis keys and values, every
MariaDB row, every PostgreSQL table (vectors aside), the raw bytes of the data folder (outbox,
journal) and, after a CHECKPOINT, of PostgreSQL's own data folder (shared by the paths, so a
value found there counts against every path that carried it; a value its files held before any
item was sent, such as a digit run of a system catalog, is none) — and searched for each item's
secrets in normalised form (``tests/privacy/sinks.py``). An item is *masked everywhere* on a
path when no secret of it is found in any sink of that path. A control is *altered* when the
text that path keeps differs from what was sent (``receive``/``remember``: the masked text;
``chat``: the turn's PII label; ``http``: the stored user message). Screen blocks are counted
apart (nothing is stored for them).

``--data FILE`` runs a corpus of someone else's instead:
``{"items": [{"id", "kind", "lang", "text", "secrets": [...]}], "controls": [{"id", "category", "text"}]}``
(a blind set); the report then gives items masked everywhere per kind and controls altered per
category, with the ids of the misses.

Run: ``python scripts/bench/privacy.py [--paths receive,remember,chat,http] [--corpus all|ours|blind]
[--data FILE] [--per-message 10] [--limit N] [--show-misses] [--json out.json]`` (about 10 minutes for all paths
on 2 cores; ``--paths receive`` takes seconds).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import common  # noqa: F401 - puts the repository on sys.path

import mysql.connector  # noqa: E402
import psycopg2  # noqa: E402
from loguru import logger  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402
from psycopg2.extensions import make_dsn  # noqa: E402

from pipelines.receive.intake import receive  # noqa: E402
from tests.data.pii_corpus import Control, PiiItem, build_corpus, compact  # noqa: E402
from tests.privacy import sinks  # noqa: E402

BLIND = Path(__file__).with_name("data") / "pii_blind.json"
PATHS = ("receive", "remember", "chat", "http")


@dataclass(frozen=True)
class Case:
    """One corpus entry: an item (``secrets``) or a control (``secrets == ()``)."""

    corpus: str
    kind: str  # the item's kind, or "control:<category>"
    text: str
    item: PiiItem | None
    id: str = ""


def load_cases(which: str, limit: int | None) -> list[Case]:
    """The corpus entries, items first; ``limit`` keeps that many of each corpus (items and controls alike)."""
    cases: list[Case] = []
    if which in ("all", "ours"):
        items, controls = build_corpus()
        cases += _cases("ours", items, controls, limit)
    if which in ("all", "blind"):
        data = json.loads(BLIND.read_text(encoding="utf-8"))
        items = [PiiItem(r["kind"], r["shape"], r["lang"], r["text"], tuple(r["secrets"])) for r in data["items"]]
        controls = [Control(r["category"], r["text"]) for r in data["controls"]]
        cases += _cases("blind", items, controls, limit)
    return cases


def load_data(path: Path, limit: int | None) -> list[Case]:
    """The entries of a corpus file in the blind-set format (``id``, ``kind``/``category``, ``text``, ``secrets``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    items = [Case(path.stem, r["kind"], r["text"], PiiItem(r["kind"], str(r.get("shape", r.get("id", ""))), r.get("lang", ""),
                                                            r["text"], tuple(r["secrets"])), str(r.get("id", "")))
             for r in data.get("items", [])]
    controls = [Case(path.stem, f"control:{r['category']}", r["text"], None, str(r.get("id", "")))
                for r in data.get("controls", [])]
    if limit:
        items, controls = items[::max(1, len(items) // limit)][:limit], controls[:limit]
    return items + controls


def _cases(name: str, items: list[PiiItem], controls: list[Control], limit: int | None) -> list[Case]:
    items, controls = (items[::max(1, len(items) // limit)][:limit], controls[:limit]) if limit else (items, controls)
    return [Case(name, i.kind, i.text, i) for i in items] + [Case(name, f"control:{c.category}", c.text, None) for c in controls]


@dataclass
class Outcome:
    """What one path did to the corpus: leaked items, altered and blocked controls, sinks searched."""

    leaked: set[int]
    altered: set[int]
    blocked: set[int]
    sink_sizes: dict[str, int]
    seconds: float


def _receive_path(cases: list[Case]) -> Outcome:
    started = time.perf_counter()
    leaked, altered, blocked = set(), set(), set()
    for index, case in enumerate(cases):
        rec = receive(case.text, 100_000, 0.5)
        if rec.blocked:
            blocked.add(index)
        if case.item is not None:
            folded = compact(rec.masked_text)
            if any(compact(s) and compact(s) in folded for s in case.item.secrets):
                leaked.add(index)
        elif rec.masked_text != rec.text:
            altered.add(index)
    return Outcome(leaked, altered, blocked, {"masked text": len(cases)}, time.perf_counter() - started)


class Servers:
    """The benchmark's own Redis, MariaDB and PostgreSQL; one deployment per path on them."""

    def __init__(self) -> None:
        from tests.faults.servers import OwnMariaDB, OwnPostgres, OwnRedis

        self.redis, self.pg, self.mdb = OwnRedis().start(), OwnPostgres().start(), OwnMariaDB().start()
        self.root = Path(tempfile.mkdtemp(prefix="memory-agent-privacy-"))

    def deployment(self, path: str) -> dict[str, Any]:
        name = f"p_{path}_{uuid.uuid4().hex[:6]}"
        conn = mysql.connector.connect(host="127.0.0.1", port=self.mdb.port, user="root", password="")
        conn.cursor().execute(f"CREATE DATABASE {name}")
        conn.close()
        pg = psycopg2.connect(self.pg.dsn)
        pg.autocommit = True
        pg.cursor().execute(f'CREATE DATABASE "{name}"')
        pg.close()
        return {"memory_agent_home": self.root / name, "redis_url": self.redis.url, "redis_prefix": name,
                "mysql_url": f"mysql://root:@127.0.0.1:{self.mdb.port}/{name}", "pg_dsn": make_dsn(self.pg.dsn, dbname=name),
                "longterm_consent": "on", "chat_provider": "offline",
                # a benchmark sends faster than a person: no rate limit, room for its sessions
                "rate_limit_per_minute": 1_000_000, "rate_limit_burst": 100_000, "session_quota": 10_000}

    def pg_files(self) -> str:
        conn = psycopg2.connect(self.pg.dsn)
        conn.autocommit = True
        conn.cursor().execute("CHECKPOINT")
        conn.close()
        return sinks.files_dump(self.pg.datadir)

    def close(self) -> None:
        if self.redis.proc and self.redis.proc.poll() is None:
            self.redis.kill()
        self.pg.cleanup()
        self.mdb.cleanup()


async def _capture(env: dict[str, Any], drive: Callable[[Any], Awaitable[tuple[set[int], set[int]]]]
                   ) -> tuple[set[int], set[int], dict[str, str]]:
    """Open a runtime for ``env``, run ``drive(rt)`` with logs and spans captured, read every sink back."""
    from app.composition import open_runtime
    from app.settings import load_settings
    from app.tracing import configure_tracing

    exporter = InMemorySpanExporter()
    configure_tracing(exporter=exporter)
    lines: list[str] = []
    sink = logger.add(lambda message: lines.append(str(message)), level="DEBUG", serialize=True)
    handler = logging.Handler(level=logging.DEBUG)
    handler.emit = lambda record: lines.append(f"{record.getMessage()} {record.args!r}")  # type: ignore[method-assign]
    root = logging.getLogger()
    root.addHandler(handler)
    rt = await open_runtime(load_settings(**env))
    try:
        altered, blocked = await drive(rt)
    finally:
        await rt.aclose()
        logger.remove(sink)
        root.removeHandler(handler)
    haystacks = {
        "redis": sinks.redis_dump(env["redis_url"], env["redis_prefix"]),
        "mariadb": sinks.mysql_dump(env["mysql_url"]),
        "postgres": sinks.postgres_dump(env["pg_dsn"]),
        "files": sinks.files_dump(Path(env["memory_agent_home"])),
        "spans": sinks.spans_dump(exporter.get_finished_spans()),
        "logs": "\n".join(lines),
    }
    return altered, blocked, haystacks


def _batches(cases: list[Case], size: int) -> list[list[int]]:
    """Indices in messages of ``size`` entries, items and controls never mixed."""
    out: list[list[int]] = []
    for group in ([i for i, c in enumerate(cases) if c.item], [i for i, c in enumerate(cases) if not c.item]):
        out += [group[k:k + size] for k in range(0, len(group), size)]
    return out


def _drive_remember(cases: list[Case]) -> Callable[[Any], Awaitable[tuple[set[int], set[int]]]]:
    async def drive(rt: Any) -> tuple[set[int], set[int]]:
        from app.deployment import turn_policy
        from app.composition import build_services
        from pipelines.turn import remember_text

        svc = build_services(rt, None, turn_policy())
        altered, blocked = set(), set()
        for index, case in enumerate(cases):
            ctx = await remember_text(svc, "bench-remember", case.text, uuid.uuid4().hex)
            blocked |= {index} if ctx.blocked else set()
            if not case.item and ctx.text != ctx.received.text:
                altered.add(index)
        return altered, blocked
    return drive


def _drive_chat(cases: list[Case], per_message: int) -> Callable[[Any], Awaitable[tuple[set[int], set[int]]]]:
    async def drive(rt: Any) -> tuple[set[int], set[int]]:
        from app.session import ChatSession
        from core.labels import MemoryLabels

        altered, blocked = set(), set()
        for number, batch in enumerate(_batches(cases, per_message)):
            chat = ChatSession.open(rt, "bench-chat", f"s{number // 5}")
            reply = await chat.send("\n".join(cases[i].text for i in batch))
            labels = MemoryLabels.model_validate(reply.metadata["memory"])
            if labels.screening is not None and labels.screening.blocked:
                blocked |= set(batch)
            if not cases[batch[0]].item:
                if per_message == 1:
                    altered |= set(batch) if labels.pii.kinds else set()
                else:  # which lines changed: mask each line as the turn did (the label is per message)
                    altered |= {i for i in batch if receive(cases[i].text, 100_000, 0.5).masked_text != cases[i].text}
        return altered, blocked
    return drive


def _drive_http(cases: list[Case], per_message: int) -> Callable[[Any], Awaitable[tuple[set[int], set[int]]]]:
    async def drive(rt: Any) -> tuple[set[int], set[int]]:
        import uvicorn

        from app.serve import build_service_app
        from tests.service.conftest import free_port, mint_key

        port = free_port()
        server = uvicorn.Server(uvicorn.Config(await build_service_app(rt), host="127.0.0.1", port=port, log_level="warning"))
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.05)
        try:
            key = await asyncio.to_thread(mint_key, rt.settings.working.mysql_url, "bench-http")
            return await asyncio.to_thread(_http_session, f"http://127.0.0.1:{port}", key, cases, per_message)
        finally:
            server.should_exit = True
            await serving
    return drive


# A loaded machine (2 cores, many processes) makes one HTTP turn take tens of seconds; the harness waits
# for it, polling gently (a poll is a request the server must answer while it runs the turn).
HTTP_TURN_TIMEOUT_S = 900.0
HTTP_REQUEST_TIMEOUT_S = 300.0


def _http_turn(user: Any, text: str) -> dict[str, Any]:
    """``POST /chat/`` and wait for the stored reply, polling with backoff (0.2 s up to 2 s)."""
    msg_id = uuid.uuid4().hex
    r = user.http.post("/chat/", json={"agent_id": user.agent_id, "session_id": user.session_id,
                                        "input": {"id": msg_id, "role": "user", "name": "user",
                                                  "content": [{"type": "text", "text": text}]}})
    r.raise_for_status()
    deadline, pause = time.monotonic() + HTTP_TURN_TIMEOUT_S, 0.2
    while time.monotonic() < deadline:
        time.sleep(pause)
        pause = min(2.0, pause * 1.5)
        msgs = user.messages()
        ids = [m["id"] for m in msgs]
        if msg_id in ids:
            replies = [m for m in msgs[ids.index(msg_id) + 1:] if m["role"] == "assistant" and m.get("finished_at")]
            if replies:
                return replies[0]
    raise TimeoutError(f"no reply within {HTTP_TURN_TIMEOUT_S:.0f} s to a message of {len(text)} characters")


def _http_session(url: str, key: str, cases: list[Case], per_message: int) -> tuple[set[int], set[int]]:
    import httpx

    from tests.service.conftest import ServiceUser, reply_text

    user = ServiceUser(url, "bench-http", key)
    user.http = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=HTTP_REQUEST_TIMEOUT_S)
    user.bootstrap()
    altered, blocked = set(), set()
    for number, batch in enumerate(_batches(cases, per_message)):
        if number and number % 5 == 0:
            user.new_session()
        reply = _http_turn(user, "\n".join(cases[i].text for i in batch))
        screening = (reply.get("metadata") or {}).get("memory", {}).get("screening") or {}
        if screening.get("blocked"):
            blocked |= set(batch)
        if not cases[batch[0]].item:
            mine = [m for m in user.messages() if m["role"] == "user"][-1]
            lines = reply_text(mine).split("\n")
            sent = [cases[i].text for i in batch]
            if len(lines) != len(sent):
                altered |= set(batch)
            else:
                altered |= {i for i, out, text in zip(batch, lines, sent) if out != text}
    return altered, blocked


def _leaked(cases: list[Case], haystacks: dict[str, str], pg_files: str = "", pg_before: frozenset[tuple[int, str]] = frozenset()
            ) -> set[int]:
    """Items with a secret in a sink; ``pg_files``: PostgreSQL's files, already folded (:func:`sinks.fold`), where a
    secret those files held before any item was sent (``pg_before``: its catalogs hold sequences such as
    "…2a1098765432") is no leak."""
    items = [c.item for c in cases if c.item]
    position = {id(c.item): i for i, c in enumerate(cases) if c.item}
    found = sinks.leaks(items, haystacks, {"postgres files": pg_files} if pg_files else None)
    return {position[id(item)] for where, item, secret in found
            if not (where == "postgres files" and (id(item), secret) in pg_before)}


async def run_paths(cases: list[Case], paths: list[str], per_message: int) -> dict[str, Outcome]:
    outcomes: dict[str, Outcome] = {}
    if "receive" in paths:
        outcomes["receive"] = _receive_path(cases)
    store_paths = [p for p in paths if p != "receive"]
    if not store_paths:
        return outcomes
    servers = Servers()
    try:
        items_only = [c.item for c in cases if c.item]
        # What PostgreSQL's files hold before any item: a secret found there is none of ours.
        pg_before = frozenset((id(item), secret) for _, item, secret in sinks.leaks(items_only, {"baseline": servers.pg_files()}))
        found: dict[str, dict[str, str]] = {}
        altered: dict[str, set[int]] = {p: set() for p in store_paths}
        blocked: dict[str, set[int]] = {p: set() for p in store_paths}
        sizes: dict[str, Counter[str]] = {p: Counter() for p in store_paths}
        seconds: Counter[str] = Counter()
        items = [i for i, c in enumerate(cases) if c.item]
        controls = [i for i, c in enumerate(cases) if not c.item]
        pg_files, pg_chars = "", 0
        # Items first, then PostgreSQL's own files, then controls, each part on deployments of
        # its own: a control kept verbatim (as it should be) may hold an item's digits by chance,
        # and would count as that item's leak.
        for part in (items, controls):
            for path in store_paths:
                started = time.perf_counter()
                sub = [cases[i] for i in part]
                drive = (_drive_remember(sub) if path == "remember" else _drive_chat(sub, per_message) if path == "chat"
                         else _drive_http(sub, per_message))
                sub_altered, sub_blocked, haystacks = await _capture(servers.deployment(path), drive)
                altered[path] |= {part[j] for j in sub_altered}
                blocked[path] |= {part[j] for j in sub_blocked}
                sizes[path].update({k: len(v) for k, v in haystacks.items()})
                seconds[path] += time.perf_counter() - started
                if part is items:
                    found[path] = haystacks
                print(f"  {path} ({'items' if part is items else 'controls'}): {time.perf_counter() - started:.0f} s, "
                      f"sinks {dict((k, len(v)) for k, v in haystacks.items())}", flush=True)
            if part is items:
                started = time.perf_counter()
                raw = servers.pg_files()
                pg_files, pg_chars = sinks.fold(raw), len(raw)  # folded once, searched for every path
                print(f"  postgres files: {len(raw)} characters, read in {time.perf_counter() - started:.0f} s", flush=True)
                del raw
        for path in store_paths:
            started = time.perf_counter()
            leaked = _leaked(cases, found[path], pg_files, pg_before)
            print(f"  {path}: sinks searched in {time.perf_counter() - started:.0f} s", flush=True)
            outcomes[path] = Outcome(leaked, altered[path], blocked[path],
                                     {**sizes[path], "postgres files": pg_chars}, seconds[path])
    finally:
        servers.close()
    return outcomes


def report(cases: list[Case], outcomes: dict[str, Outcome], show_misses: bool) -> dict[str, Any]:
    """Per path and per kind: items masked everywhere, controls altered, blocks; printed and returned."""
    kinds = sorted({c.kind for c in cases if c.item})
    result: dict[str, Any] = {"items": sum(1 for c in cases if c.item), "controls": sum(1 for c in cases if not c.item),
                              "paths": {}}
    for path, out in outcomes.items():
        per_kind = {}
        for kind in kinds:
            idx = [i for i, c in enumerate(cases) if c.kind == kind]
            per_kind[kind] = {"masked": sum(1 for i in idx if i not in out.leaked), "total": len(idx)}
        controls = [i for i, c in enumerate(cases) if not c.item]
        items = [i for i, c in enumerate(cases) if c.item]
        by_corpus = {name: {"masked": sum(1 for i in items if cases[i].corpus == name and i not in out.leaked),
                            "total": sum(1 for i in items if cases[i].corpus == name),
                            "controls_altered": sum(1 for i in controls if cases[i].corpus == name and i in out.altered),
                            "controls": sum(1 for i in controls if cases[i].corpus == name)}
                     for name in sorted({c.corpus for c in cases})}
        categories = sorted({cases[i].kind for i in controls})
        per_category = {cat.removeprefix("control:"): {
            "altered": sum(1 for i in controls if cases[i].kind == cat and i in out.altered),
            "total": sum(1 for i in controls if cases[i].kind == cat)} for cat in categories}
        result["paths"][path] = {
            "per_category": per_category,
            "leaked_ids": sorted(cases[i].id for i in out.leaked if cases[i].id),
            "altered_ids": sorted(cases[i].id for i in out.altered & set(controls) if cases[i].id),
            "masked": len(items) - len(out.leaked & set(items)), "items": len(items),
            "controls_altered": len(out.altered & set(controls)), "controls": len(controls),
            "items_blocked": len(out.blocked & set(items)), "controls_blocked": len(out.blocked & set(controls)),
            "per_kind": per_kind, "by_corpus": by_corpus, "sink_chars": out.sink_sizes, "seconds": round(out.seconds, 1),
        }
    print(f"{'kind':<12}" + "".join(f"{p:>16}" for p in outcomes))
    for kind in kinds:
        row = [result["paths"][p]["per_kind"][kind] for p in outcomes]
        print(f"{kind:<12}" + "".join(f"{r['masked']}/{r['total']} {r['masked'] / r['total']:.0%}".rjust(16) for r in row))
    categories = sorted({c.kind.removeprefix("control:") for c in cases if not c.item})
    print(f"{'control':<24}" + "".join(f"{p:>16}" for p in outcomes))
    for cat in categories:
        row = [result["paths"][p]["per_category"][cat] for p in outcomes]
        print(f"{cat[:24]:<24}" + "".join(f"{r['altered']}/{r['total']} altered".rjust(16) for r in row))
    for p, r in result["paths"].items():
        print(f"{p}: items masked everywhere {r['masked']}/{r['items']} ({r['masked'] / r['items']:.1%}), "
              f"controls altered {r['controls_altered']}/{r['controls']} ({r['controls_altered'] / r['controls']:.1%}), "
              f"blocked items {r['items_blocked']}, blocked controls {r['controls_blocked']}, {r['seconds']} s; "
              f"by corpus {r['by_corpus']}")
    if show_misses:
        for path, out in outcomes.items():
            for i in sorted(out.leaked):
                print(f"LEAKED [{path}] {cases[i].corpus} {cases[i].kind}/{cases[i].item.shape}: {cases[i].text!r}")
            for i in sorted(out.altered):
                print(f"ALTERED [{path}] {cases[i].corpus} {cases[i].kind} {cases[i].id}: {cases[i].text!r}")
    return result


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--paths", default=",".join(PATHS), help=f"comma-separated, of {', '.join(PATHS)}")
    p.add_argument("--corpus", choices=("all", "ours", "blind"), default="all")
    p.add_argument("--data", type=Path, help="a corpus file in the blind-set format (instead of --corpus)")
    p.add_argument("--per-message", type=int, default=10, help="corpus entries per chat/HTTP message")
    p.add_argument("--limit", type=int, help="at most this many items and controls per corpus (a quick run)")
    p.add_argument("--show-misses", action="store_true", help="print every leaked item and altered control")
    p.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    return p.parse_args(argv)


def main() -> int:
    args = parse()
    paths = [p for p in args.paths.split(",") if p]
    unknown = set(paths) - set(PATHS)
    if unknown:
        raise SystemExit(f"unknown path(s) {sorted(unknown)}; choose from {', '.join(PATHS)}")
    cases = load_data(args.data, args.limit) if args.data else load_cases(args.corpus, args.limit)
    # The search can fail: every item must show one of its secrets in its own raw text.
    blind_spots = [c for c in cases if c.item and not sinks.leaks([c.item], {"raw": c.text})]
    for case in blind_spots:  # secrets too short to search a whole store for: checked at receive only
        print(f"note: only the receive path can check {case.kind} {case.text!r} (secrets {case.item.secrets})")
    print(f"{sum(1 for c in cases if c.item)} items, {sum(1 for c in cases if not c.item)} controls; paths {paths}", flush=True)
    outcomes = asyncio.run(run_paths(cases, paths, args.per_message))
    result = report(cases, outcomes, args.show_misses)
    if args.json:
        common.write_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
