"""Scoring of the blind memory set: pure functions over what a run observed (no store, no model).

An observation of one item is what ``memory_blind.py`` read back after running it through
the chat turn: the user's memories as ``export`` shows them (``{"content", "status"}`` rows,
archived rows with status ``archived``), the replies, and for retractions the memories just
before the retraction. Each scorer returns *units*: ``(metric, passed)`` pairs, e.g. one
``kept`` unit per expected fact; ``aggregate`` counts them per language and per style.

Keyword rule (from the data's format): a note contains a fact when every keyword group has
one alternative that is a case-insensitive substring of it.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

Unit = tuple[str, bool]
Row = dict[str, Any]


def groups(spec: Any) -> list[list[str]]:
    """The keyword groups of ``{"keywords": [...]}`` or of a bare list; a bare string is a group of one."""
    kws = spec.get("keywords", []) if isinstance(spec, dict) else spec
    return [[g] if isinstance(g, str) else list(g) for g in kws]


def contains(text: str, spec: Any) -> bool:
    """Every group of ``spec`` has an alternative inside ``text`` (case-insensitive); an empty spec never matches."""
    gs = groups(spec)
    low = text.casefold()
    return bool(gs) and all(any(alt.casefold() in low for alt in g) for g in gs)


def active(rows: Iterable[Row]) -> list[str]:
    """The contents of the active memories."""
    return [r["content"] for r in rows if r.get("status") == "active"]


def names_holder(text: str, holder: list[str]) -> bool:
    """``text`` names one of the holder's alternatives."""
    low = text.casefold()
    return any(h.casefold() in low for h in holder)


def score_facts(item: Row, obs: Row) -> list[Unit]:
    """One ``kept`` unit per expected fact: some active note contains it."""
    notes = active(obs["memories"])
    return [("kept", any(contains(n, f) for n in notes)) for f in item.get("facts", [])]


def score_update(item: Row, obs: Row) -> list[Unit]:
    """``applied``: exactly one active note holds the final value and no active note holds a stale one."""
    notes = active(obs["memories"])
    finals = [n for n in notes if contains(n, item["final"])]
    stale = [n for n in notes for s in item.get("stale", []) if contains(n, s) and not contains(n, item["final"])]
    return [("applied", len(finals) == 1 and not stale), ("final_active", bool(finals)), ("stale_active", bool(stale))]


def score_pair(item: Row, obs: Row) -> list[Unit]:
    """``both_kept``: both facts are in active notes."""
    notes = active(obs["memories"])
    a = any(contains(n, item["a"]) for n in notes)
    b = any(contains(n, item["b"]) for n in notes)
    return [("both_kept", a and b), ("a_kept", a), ("b_kept", b)]


def score_chitchat(item: Row, obs: Row) -> list[Unit]:
    """``stored``: the chit-chat left a memory of any status (target: never)."""
    return [("stored", bool(obs["memories"]))]


def score_conversation(item: Row, obs: Row) -> list[Unit]:
    """Per question: answered in one session with the others, and answered alone after ``/new``."""
    units: list[Unit] = []
    for q, together, alone in zip(item["questions"], obs["together"], obs["alone"]):
        units.append(("answered_in_one_session", contains(together, q["answer"])))
        units.append(("answered_alone", contains(alone, q["answer"])))
    return units


def score_crosslingual(item: Row, obs: Row) -> list[Unit]:
    """``answered``: the reply in a later session quotes the answer."""
    return [("answered", contains(obs["replies"][-1], item["answer"]))]


def _live_before(item: Row, before: list[str], key: str) -> list[Any]:
    return [f for f in item.get(key, []) if any(contains(n, f) for n in before)]


def _words(text: str) -> set[str]:
    low = text.casefold()
    return set(re.findall(r"[a-z0-9]+", low)) | set(re.findall(r"[\u3400-\u9fff]", low))


def rewrite_of_before(row: Row, before: list[Row]) -> bool:
    """``row`` is a note active before the retraction rewritten without a part (``rewritten_from`` names it, and
    every word of the rewrite but the subject is in it): the rest of a partly retracted note, not a new memory."""
    old = next((b for b in before if b.get("id") == row.get("rewritten_from") and b.get("status") == "active"), None)
    return old is not None and _words(row["content"]) - {"user", "用", "户"} <= _words(old["content"])


def score_retraction(item: Row, obs: Row) -> list[Unit]:
    """Retractions (the last message of the last session).

    Units: ``applied`` per forgotten fact that was active before the retraction (no longer
    active after); ``not_stored_before`` per forgotten fact extraction never kept (so nothing
    to retract: counted apart); ``wrong_archived`` per kept fact active before and not after;
    ``archived_unrelated`` per note that left the active set matching no forgotten fact;
    ``request_stored``: the retraction message itself became a memory (the rest of a note of which only a part
    was retracted, written anew, is no new memory: :func:`rewrite_of_before`); for ``forget_all``,
    ``forget_all_safe``: nothing was archived and the reply points to ``erase``; for
    ``kind: not_retraction``, ``archived_anything`` (target: never).
    """
    before, after = active(obs["before"]), active(obs["memories"])
    seen = {r["content"] for r in obs["before"]}
    new_rows = [r for r in obs["memories"] if r["content"] not in seen and r.get("status") != "archived"
                and not rewrite_of_before(r, obs["before"])]
    units: list[Unit] = []
    for f in item.get("forgotten", []):
        if any(contains(n, f) for n in before):
            units.append(("applied", not any(contains(n, f) for n in after)))
        else:
            units.append(("not_stored_before", True))
    for f in _live_before(item, before, "kept"):
        units.append(("wrong_archived", not any(contains(n, f) for n in after)))
    gone = [n for n in before if n not in after]
    archived_now = len(gone)
    forgotten = item.get("forgotten", [])
    units += [("archived_unrelated", True) for n in gone if not any(contains(n, f) for f in forgotten)]
    if item.get("kind") == "not_retraction":
        units.append(("archived_anything", archived_now > 0))
        return units
    units.append(("request_stored", bool(new_rows)))
    if item.get("forget_all"):
        units.append(("forget_all_safe", archived_now == 0 and "erase" in obs["replies"][-1].casefold()))
    return units


def score_attribution(item: Row, obs: Row) -> list[Unit]:
    """``violation``: an active note holds the view without naming its holder (holder null: any such note).

    ``kept_with_holder``: a note holds the view and names its holder (only when a holder is given).
    """
    notes = [n for n in active(obs["memories"]) if contains(n, item["view"])]
    holder = item.get("holder")
    if holder is None:
        return [("violation", bool(notes))]
    bad = [n for n in notes if not names_holder(n, holder)]
    return [("violation", bool(bad)), ("kept_with_holder", any(names_holder(n, holder) for n in notes))]


SCORERS: dict[str, Callable[[Row, Row], list[Unit]]] = {
    "facts": score_facts, "updates": score_update, "pairs": score_pair, "chitchat": score_chitchat,
    "conversations": score_conversation, "crosslingual": score_crosslingual, "retractions": score_retraction,
    "corrections": score_update, "attribution": score_attribution,
}


def aggregate(scored: list[tuple[Row, list[Unit]]]) -> dict[str, dict[str, Any]]:
    """``{metric: {"all": [hits, n], "lang": {zh: [hits, n]}, "style": {...}}}`` over scored items."""
    out: dict[str, dict[str, Any]] = {}
    for item, units in scored:
        for metric, passed in units:
            m = out.setdefault(metric, {"all": [0, 0], "lang": defaultdict(lambda: [0, 0]),
                                        "style": defaultdict(lambda: [0, 0])})
            for cell in (m["all"], m["lang"][item.get("lang", "?")], m["style"][item.get("style", "?")]):
                cell[0] += int(passed)
                cell[1] += 1
    return {k: {"all": v["all"], "lang": dict(v["lang"]), "style": dict(v["style"])} for k, v in out.items()}


def fraction(cell: list[int]) -> str:
    """``"37/111 (33.3 %)"``."""
    hits, n = cell
    return f"{hits}/{n} ({100.0 * hits / n:.1f} %)" if n else "0/0"
