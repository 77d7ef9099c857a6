"""Why blind dev updates fail, by cause: every writer decision recorded while the items run through the chat turn.

Each update item runs as ``memory_blind.py`` runs it; the writer's ``decide`` is wrapped so every
candidate, its scored pool and the decision are kept. A failed item gets one cause:

* ``not_stored``: no note of any status holds the final value;
* ``final_lost``: a note held it but none is active now (merged away or replaced later);
* ``two_finals``: more than one active note holds the final value;
* ``stale_far``: the final note is active beside an active stale note that was not in its pool, or
  that the head did not score;
* ``stale_low``: ... that the head scored below what replaces (the head missed it);
* ``stale_licence``: ... that the head scored high enough but the licence (``supersede_gate``, two people,
  another qualifier) refused;
* ``stale_other``: ... that an earlier step of the decision kept (a merge, a replacement of another note);
* ``wrong_replaced``: the final is the single active one, yet a stale note survives that no candidate saw.

Run: ``python scripts/bench/slot_head_causes.py --data DIR [--data DIR2 ...] [--out FILE]``.
"""
from __future__ import annotations

import argparse
import asyncio
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import common  # noqa: F401 - repository on sys.path
import memory_blind as mb
from blind_score import contains

import pipelines.extract.writer as writer_module
from app.composition import open_runtime
from app.logging import configure_logging
from app.settings import load_settings
from pipelines.extract import replacement as dm

Row = dict[str, Any]


def _cause(item: Row, notes: list[Row], calls: list[Row]) -> tuple[str, str]:
    final, stale = item["final"], item.get("stale", [])
    active = [n["content"] for n in notes if n["status"] == "active"]
    finals = [n for n in active if contains(n, final)]
    stale_active = [n for n in active if any(contains(n, s) for s in stale) and not contains(n, final)]
    if len(finals) == 1 and not stale_active:
        return "applied", ""
    if not any(contains(n["content"], final) for n in notes):
        return "not_stored", ""
    if not finals:
        return "final_lost", ""
    if len(finals) > 1 and not stale_active:
        return "two_finals", " | ".join(finals)
    old = stale_active[0]
    call = next((c for c in calls if c["content"] == finals[0]), None)
    if call is None:
        return "stale_far", f"final note made by the writer? no call for {finals[0]!r}"
    entry = next((e for e in call["pool"] if e.content == old), None)
    detail = f"{old!r} -> {finals[0]!r} decision={call['decision']}"
    if entry is None or entry.replaces is None:
        return "stale_far", detail + (" (not in pool)" if entry is None else f" (unscored, cos {entry.similarity:.2f})")
    prop = call["proposal"]
    confirmed = dm._kind_confirms(prop, entry)
    score = entry.replaces
    detail += f" score {score:.2f} confirmed={confirmed} cos {entry.similarity:.2f} same_session={entry.same_session}"
    if score < dm.REPLACE_THRESHOLD and not (score >= dm.KIND_FLOOR and confirmed):
        return "stale_low", detail
    if not dm.head_replaced(prop, [entry], dm.REPLACE_THRESHOLD):
        return "stale_licence", detail
    return "stale_other", detail


async def run(data: Path) -> list[Row]:
    calls: list[Row] = []
    real = writer_module.decide

    def recording(proposal: Any, pool: Any, merge_similarity: float = 0.95) -> Any:
        out = real(proposal, pool, merge_similarity)
        calls.append({"content": proposal.content, "proposal": proposal, "pool": list(pool), "decision": out})
        return out

    writer_module.decide = recording  # type: ignore[assignment]
    home = Path(tempfile.mkdtemp(prefix="slot-causes-"))
    configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
    rows: list[Row] = []
    try:
        async with await open_runtime(load_settings(**mb.deployment(home))) as rt:
            for item in mb.load(data, "updates"):
                calls.clear()
                obs = await mb.observe(rt, "updates", item)
                cause, detail = _cause(item, obs["memories"], calls)
                rows.append({"id": item["id"], "lang": item["lang"], "style": item["style"], "cause": cause,
                             "detail": detail, "notes": [f"{n['status']}: {n['content']}" for n in obs["memories"]]})
    finally:
        writer_module.decide = real  # type: ignore[assignment]
        shutil.rmtree(home, ignore_errors=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", required=True)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    everything: list[Row] = []
    for data in args.data:
        rows = asyncio.run(run(data))
        everything += [dict(r, data=str(data)) for r in rows]
        print(f"\n## {data}: " + "  ".join(f"{k} {v}" for k, v in sorted(Counter(r["cause"] for r in rows).items())))
        for r in rows:
            if r["cause"] != "applied":
                print(f"  {r['id']} {r['lang']} {r['style']:<20} {r['cause']:<14} {r['detail'][:260]}")
                for n in r["notes"]:
                    print(f"      {n[:120]}")
    print("\nall: " + "  ".join(f"{k} {v}" for k, v in sorted(Counter(r["cause"] for r in everything).items())))
    if args.out:
        common.write_json(Path(args.out), everything)


if __name__ == "__main__":
    main()
