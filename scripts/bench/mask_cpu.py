"""CPU time of masking one message: ``mask_pii`` over every text of the PII corpora.

Each text is masked ``--repeat`` times and its CPU time (``time.process_time``, so the load
of other processes on a shared machine does not count) is the mean of those runs. Reported:
mean, median, p95 and max per message, and the same for a long message made of
``--long`` corpus texts joined by line breaks (the chat turn's worst case up to its input
limit).

Run: ``python scripts/bench/mask_cpu.py [--data FILE] [--repeat 5] [--long 50] [--json out.json]``
(the generated corpus of the test suite and ``scripts/bench/data/pii_blind.json`` by default;
``--data`` adds a corpus in the blind-set format).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import common  # noqa: F401 - puts the repository on sys.path

from pipelines.receive.pii import mask_pii  # noqa: E402
from tests.data.pii_corpus import build_corpus  # noqa: E402

BLIND = Path(__file__).with_name("data") / "pii_blind.json"


def texts(data: Path | None) -> list[str]:
    """Every item and control text of the corpora."""
    items, controls = build_corpus()
    out = [i.text for i in items] + [c.text for c in controls]
    for path in (BLIND, data):
        if path is not None:
            corpus = json.loads(path.read_text(encoding="utf-8"))
            out += [r["text"] for r in corpus.get("items", []) + corpus.get("controls", [])]
    return out


def cpu_ms(text: str, repeat: int) -> float:
    """Mean CPU milliseconds of one ``mask_pii(text)``."""
    started = time.process_time()
    for _ in range(repeat):
        mask_pii(text)
    return (time.process_time() - started) * 1000 / repeat


def summary(values: list[float]) -> dict[str, float]:
    """Mean, median, p95 and max of ``values`` (milliseconds), rounded."""
    ordered = sorted(values)
    return {"n": len(values), "mean_ms": round(statistics.fmean(values), 3), "p50_ms": round(ordered[len(ordered) // 2], 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95)], 3), "max_ms": round(ordered[-1], 3)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", type=Path, help="another corpus in the blind-set format")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--long", type=int, default=50, help="corpus texts per long message")
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    corpus = texts(args.data)
    mask_pii("warm-up 13812345678")
    per_message = summary([cpu_ms(t, args.repeat) for t in corpus])
    long_texts = ["\n".join(corpus[k:k + args.long]) for k in range(0, len(corpus), args.long)]
    long = summary([cpu_ms(t, 1) for t in long_texts])
    long["mean_chars"] = round(statistics.fmean(len(t) for t in long_texts))
    result = {"per_message": per_message, "mean_chars": round(statistics.fmean(len(t) for t in corpus)), "long": long}
    print(f"per message ({per_message['n']} texts, {result['mean_chars']} chars on average): mean {per_message['mean_ms']} ms,"
          f" p50 {per_message['p50_ms']}, p95 {per_message['p95_ms']}, max {per_message['max_ms']} ms CPU")
    print(f"long message ({long['n']} of {long['mean_chars']} chars): mean {long['mean_ms']} ms, p95 {long['p95_ms']},"
          f" max {long['max_ms']} ms CPU")
    if args.json:
        common.write_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
