"""Why a conversation question of the blind set is not answered: every failed question by cause.

Runs the ``conversations`` kind of a blind folder as ``memory_blind.py`` runs it (the embedded
default, offline, consent on; the sessions, then each question alone after ``/new``, then all
questions in one new session) and reads each reply's labels (``metadata["memory"]["recall"]``).
A failed question gets the first cause that holds:

- ``never_stored``: no memory of any status holds the answer (extraction; ``pipelines/extract``);
- ``not_active``: only archived or superseded memories hold it (a wrong update or merge);
- ``not_recalled``: an active memory holds it but recall did not inject it (rank or budget);
- ``stale_first``: it was injected, and an injected note of the same subject that is older came
  before it and was quoted instead (the answer changed);
- ``not_quoted``: it was injected but the offline answer quoted other notes (``agents/models``).

Each failure also says whether the question and the answer's note are in different
languages (``cross``), and a question failed only in one session is ``conversation_only``.

Run: ``python scripts/bench/recall_conv.py --data DIR [--out FILE] [--show]``.
"""
from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import common  # noqa: F401 - puts the repository on sys.path
from blind_score import contains
from memory_blind import Chat, deployment, load

from app.composition import open_runtime
from app.logging import configure_logging
from app.settings import load_settings

Row = dict[str, Any]
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _zh(text: str) -> bool:
    return len(_CJK.findall(text)) >= max(2, len(re.findall(r"[A-Za-z]+", text)))


async def _ask(chat: Chat, text: str) -> Row:
    reply = await chat.session.send(text)
    labels = (reply.metadata or {}).get("memory", {}).get("recall", {})
    return {"reply": reply.get_text_content() or "", "query": labels.get("query", ""),
            "candidates": labels.get("candidates", []), "injected": labels.get("injected_ids", [])}


def cause(q: Row, asked: Row, rows: list[Row]) -> str:
    """The first cause that holds for a failed question (see the module docstring)."""
    spec = q["answer"]
    holding = [r for r in rows if contains(r["content"], spec)]
    if not holding:
        return "never_stored"
    live = [r for r in holding if r["status"] == "active"]
    if not live:
        return "not_active"
    ids = {r["id"] for r in live}
    if not ids & set(asked["injected"]):
        return "not_recalled"
    order = [c["id"] for c in asked["candidates"] if c["id"] in asked["injected"]]
    first = min(order.index(i) for i in ids if i in order)
    older_above = [i for i in order[:first] if i not in ids and i < min(ids)]
    return "stale_first" if older_above else "not_quoted"


_SKIPPED: Row = {"reply": "", "query": "", "candidates": [], "injected": []}


def _print_failure(item: Row, mode: str, why: str, cross: bool, q: Row, asked: Row) -> None:
    print(f"[{item['id']} {mode}] {why}{' cross' if cross else ''}: {q['text']}  -> {q['answer']['keywords']}")
    print(f"    query: {asked['query']!r}")
    for c in asked["candidates"][:8]:
        mark = "*" if c["id"] in asked["injected"] else " "
        print(f"   {mark}{c['id']:>3} {c['score']:.3f} {c['content'][:100]}")
    print("    reply: " + asked["reply"].replace("\n", " | ")[:300])


async def _item(chat: Chat, item: Row, together_only: bool) -> tuple[list[Row], list[Row], list[Row]]:
    """The sessions, each question alone after ``/new`` (unless skipped), then all in one new session."""
    await chat.sessions(item["sessions"])
    alone = []
    for q in item["questions"]:
        if together_only:
            alone.append(_SKIPPED)
            continue
        chat.new()
        alone.append(await _ask(chat, q["text"]))
    chat.new()
    together = [await _ask(chat, q["text"]) for q in item["questions"]]
    return alone, together, await chat.rows()


def _score(item: Row, alone: list[Row], together: list[Row], rows: list[Row], tally: Row, show: bool,
           together_only: bool) -> None:
    """Count each question's result per mode and the cause of each failure into ``tally``."""
    for q, a, t in zip(item["questions"], alone, together):
        for mode, asked in (("alone", a), ("together", t))[together_only:]:
            ok = contains(asked["reply"], q["answer"])
            tally["scores"][mode][0] += ok
            tally["scores"][mode][1] += 1
            if ok:
                continue
            why = cause(q, asked, rows)
            if mode == "together" and not together_only and contains(a["reply"], q["answer"]):
                why = "conversation_only"
            holder = next((r["content"] for r in rows if contains(r["content"], q["answer"])), "")
            cross = bool(holder) and _zh(holder) != _zh(q["text"])
            tally["causes"][f"{mode}:{why}"] += 1
            tally["causes"][f"{mode}:cross"] += cross
            if show:
                _print_failure(item, mode, why, cross, q, asked)
    if show:
        print(f"  notes of {item['id']}: " + " || ".join(f"{r['id']}:{r['status'][:3]}:{r['content'][:70]}"
                                                   for r in rows))


async def run(data: Path, show: bool, together_only: bool = False) -> Row:
    """Every conversation of ``data``: per question alone and together, the causes counted."""
    home = Path(tempfile.mkdtemp(prefix="recall-conv-"))
    configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
    tally: Row = {"scores": {"alone": [0, 0], "together": [0, 0]}, "causes": Counter()}
    try:
        async with await open_runtime(load_settings(**deployment(home))) as rt:
            for item in load(data, "conversations"):
                chat = Chat(rt, f"rc-{item['id']}-{home.name[-6:]}")
                alone, together, rows = await _item(chat, item, together_only)
                _score(item, alone, together, rows, tally, show, together_only)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return {"scores": tally["scores"], "causes": dict(sorted(tally["causes"].items()))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, type=Path, help="a blind folder with conversations.json")
    parser.add_argument("--out", default="", help="write scores and causes as JSON")
    parser.add_argument("--show", action="store_true", help="print each failed question with its candidates")
    parser.add_argument("--together-only", action="store_true", help="skip the questions asked alone")
    args = parser.parse_args()
    report = asyncio.run(run(args.data, args.show, args.together_only))
    for mode, (ok, n) in report["scores"].items():
        print(f"{mode}: {ok}/{n}")
    for k, v in report["causes"].items():
        print(f"  {k}: {v}")
    if args.out:
        common.write_json(Path(args.out), report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
