"""Privacy benchmark: the generated PII corpus through ``mask_pii``, per kind, with throughput.

Prints, per kind, how many items came out masked (no secret left in any normalised form,
see ``tests/data/pii_corpus.py``), how many look-alike controls were altered (by
category), and the masker's throughput in items/s and characters/s. ``--seed`` builds
another corpus of the same kinds and shapes (a cheap check against tuning to one seed).

This covers the masking point itself (the receive stage calls ``mask_pii`` once); the
integrator extends it to every path (chat turn, ``remember``, HTTP) and every store.

Run: ``python scripts/bench/privacy.py [--seed N] [--repeat 3] [--show-misses] [--json out.json]``
(a few seconds).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipelines.pii import mask_pii  # noqa: E402
from tests.data.pii_corpus import SEED, build_corpus, leaks  # noqa: E402


def run(seed: int, repeat: int, show_misses: bool) -> dict:
    """Mask the corpus built from ``seed``; return the figures (and print them)."""
    items, controls = build_corpus(seed)
    total, masked = Counter(), Counter()
    misses = []
    for item in items:
        total[item.kind] += 1
        out = mask_pii(item.text).text
        if leaks(item, out):
            misses.append((item, out))
        else:
            masked[item.kind] += 1
    altered = [(c, mask_pii(c.text).text) for c in controls]
    altered = [(c, out) for c, out in altered if out != c.text]
    by_category = Counter(c.category for c, _ in altered)
    texts = [i.text for i in items] + [c.text for c in controls]
    started = time.perf_counter()
    for _ in range(repeat):
        for text in texts:
            mask_pii(text)
    elapsed = time.perf_counter() - started
    chars = sum(len(t) for t in texts) * repeat
    result = {
        "seed": seed,
        "items": len(items),
        "masked": sum(masked.values()),
        "masked_rate": sum(masked.values()) / len(items),
        "per_kind": {k: {"masked": masked[k], "total": total[k], "rate": masked[k] / total[k]} for k in sorted(total)},
        "controls": len(controls),
        "controls_altered": len(altered),
        "controls_altered_rate": len(altered) / len(controls),
        "controls_altered_by_category": dict(by_category),
        "items_per_s": len(texts) * repeat / elapsed,
        "chars_per_s": chars / elapsed,
    }
    print(f"PII corpus seed {seed}: {len(items)} items, {len(controls)} controls")
    print(f"{'kind':<12} {'masked':>8} {'total':>6} {'rate':>8}")
    for kind, row in result["per_kind"].items():
        print(f"{kind:<12} {row['masked']:>8} {row['total']:>6} {row['rate']:>8.1%}")
    print(f"{'ALL':<12} {result['masked']:>8} {len(items):>6} {result['masked_rate']:>8.1%}")
    print(f"controls altered: {len(altered)}/{len(controls)} ({result['controls_altered_rate']:.1%}) {dict(by_category)}")
    print(f"throughput: {result['items_per_s']:.0f} items/s, {result['chars_per_s'] / 1000:.0f} k chars/s")
    if show_misses:
        for item, out in misses:
            print(f"MISSED {item.kind}/{item.shape}: {item.text!r} -> {out!r}")
        for control, out in altered:
            print(f"ALTERED {control.category}: {control.text!r} -> {out!r}")
    return result


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=SEED, help="corpus seed (default: the test suite's)")
    p.add_argument("--repeat", type=int, default=3, help="passes over the corpus for the throughput figure")
    p.add_argument("--show-misses", action="store_true", help="print every missed item and altered control")
    p.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    return p.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    figures = run(args.seed, args.repeat, args.show_misses)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False), encoding="utf-8")
