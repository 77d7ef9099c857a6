"""Leave one round out: how the calibrated screen transfers to a blind round it was not fitted on.

``screen_fit.py`` fits on every blind dev half at once, and its out-of-fold figures mix items
of one round into the fit of the others' folds: a round's writer has habits (wordings,
lengths, topics), and a fold shares them. Here each round's dev half is held out *whole*:
the semantic head and the calibrated model are refitted on everything else (the own
corpora, the templates, the old dev half, the other rounds' dev halves, everyday chat) — the
head's inputs to the model again out-of-fold within that training set — and only the
held-out round is scored. The report gives, per held-out round and pooled over the four:
the rates at the shipped threshold, a threshold sweep, the reliability table, and per
category the attacks blocked; for each variant given (a mask of the rule columns it keeps:
an ablation shows what a feature adds on a round it was not fitted on).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import numpy as np

SWEEP = (0.3, 0.4, 0.5, 0.6, 0.7)
Scorer = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def _sweep(p: np.ndarray, y: np.ndarray) -> dict[str, dict[str, str]]:
    """Attacks and benign blocked at each threshold of :data:`SWEEP`."""
    attacks, benign = y == 1, y == 0
    return {f"{t:.1f}": {"attacks_blocked": f"{int((p[attacks] >= t).sum())}/{int(attacks.sum())}",
                         "benign_blocked": f"{int((p[benign] >= t).sum())}/{int(benign.sum())}"} for t in SWEEP}


def _per_category(p: np.ndarray, y: np.ndarray, cats: list[str], threshold: float) -> dict[str, str]:
    """Per ``label:category/lang``: attacks blocked (benign: refused) at ``threshold``, as ``k/n``."""
    n, k = Counter(cats), Counter(c for c, s in zip(cats, p) if s >= threshold)
    return {c: f"{k[c]}/{n[c]}" for c in sorted(n)}


def _misses(p: np.ndarray, y: np.ndarray, texts: list[str], threshold: float) -> list[str]:
    """The held-out items on the wrong side of ``threshold`` (score, label, first 90 characters)."""
    wrong = ((y == 1) & (p < threshold)) | ((y == 0) & (p >= threshold))
    return [f"{p[i]:.3f} {'attack' if y[i] else 'benign'}: {texts[i][:90]!r}" for i in np.flatnonzero(wrong)]


def leave_one_round_out(
    sources: list[str], cats: list[str], texts: list[str], y: np.ndarray, vectors: np.ndarray, rules_x: np.ndarray,
    share: np.ndarray, folds: np.ndarray, fit: dict[str, Callable[..., Any]], variants: dict[str, np.ndarray],
    threshold: float = 0.5,
) -> dict[str, Any]:
    """The held-out figures of every dev round (sources starting with ``dev:``).

    Args:
        sources: The source of every item (``dev:<round>`` for the blind dev halves).
        cats: ``label:category/lang`` of every item.
        texts: The items' texts.
        y: Labels (1 attack, 0 benign, -1 left out).
        vectors: The items' query vectors.
        rules_x: The rule feature matrix (:data:`~pipelines.receive.screening.evidence.FEATURES`).
        share: The quoted share of every item.
        folds: Fold of every item (for the head's out-of-fold inputs inside each training set).
        fit: ``oof_head``, ``fit_head`` (vectors, labels -> head scores function), ``semantic``
            (head scores, share -> columns), ``combiner`` (x, y -> predict function) and
            ``reliability`` (p, y -> table) of ``screen_fit``.
        variants: Name -> boolean mask of the rule columns each variant keeps.
        threshold: The shipped threshold.

    Returns:
        ``{"rounds": {round: {variant: figures}}, "pooled": {variant: figures}}``.
    """
    reliability = fit["reliability"]
    rounds = sorted({s for s in sources if s.startswith("dev:")})
    src = np.array(sources)
    out: dict[str, Any] = {"rounds": {}, "pooled": {}}
    pooled: dict[str, list[tuple[np.ndarray, np.ndarray, list[str]]]] = {v: [] for v in variants}
    for r in rounds:
        train = (src != r) & (y >= 0)
        test = (src == r) & (y >= 0)
        head_in = fit["oof_head"](vectors[train], y[train], folds[train])
        head_out = fit["fit_head"](vectors[train], y[train])(vectors[test])
        sem_in, sem_out = fit["semantic"](head_in, share[train]), fit["semantic"](head_out, share[test])
        t_cats = [c for c, m in zip(cats, test) if m]
        t_texts = [t for t, m in zip(texts, test) if m]
        out["rounds"][r] = {"n": int(test.sum()), "attacks": int(y[test].sum())}
        for name, keep in variants.items():
            x_in = np.hstack([rules_x[train][:, keep], sem_in])
            x_out = np.hstack([rules_x[test][:, keep], sem_out])
            p = fit["combiner"](x_in, y[train])(x_out)
            yt = y[test]
            pooled[name].append((p, yt, t_cats))
            out["rounds"][r][name] = {"sweep": _sweep(p, yt), "ece": reliability(p, yt)["ece"],
                                      "per_category": _per_category(p, yt, t_cats, threshold),
                                      "misses": _misses(p, yt, t_texts, threshold)}
    for name, parts in pooled.items():
        p = np.concatenate([a for a, _, _ in parts])
        yt = np.concatenate([b for _, b, _ in parts])
        pc = [c for *_, cs in parts for c in cs]
        out["pooled"][name] = {"sweep": _sweep(p, yt), "reliability": reliability(p, yt),
                               "per_category": _per_category(p, yt, pc, threshold)}
    return out
