"""What a retraction says to keep ("you can keep that I'm married to Dana, but forget the IVF stuff", 「公司可以记，
收入那部分删掉」, "keep the rest but forget the divorce part").

A note that holds both the part to forget and the part to keep (「用户在杭州上班，在蚂蚁，年包八十万。」) is
never archived whole on such a request: :func:`keep_whole` asks about it instead.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.retract import Retraction
from pipelines.extract.retract_match import Match, Note, terms

#: A clause that lets something stay: "keep", "can remember", 「可以记」「留着」「无所谓」 — not negated, not "keep that
#: private" (a way of saying "do not store").
_KEEP_EN = re.compile(r"(?<!don't )(?<!do not )(?<!no need to )(?<!not )\b(?:keep|remember|leave)\b"
                      r"(?!\s+\w+ing\b)(?!\s+(?:it|that|this)?\s*(?:private|to (?:myself|yourself)|secret|between us|quiet))", re.I)
_KEEP_ZH = re.compile(r"(?<![别不没])(?<!不想)(?<!不要)(?<!不用)(?:可以(?:记|留|保留|存)|留着|记着就行|keep\s*着|保留|无所谓)")
_FORGET = re.compile(r"\b(?:forget|delete|remove|erase|drop|scratch|wipe)\w*|忘|删|别记|不要记|不用记|去掉", re.I)
#: A keep verb under a negation earlier in its clause ("you don't need to remember that", "no need to keep it"):
#: a way of asking not to store, never a part to keep.
_NEGATED_EN = re.compile(r"\b(?:don[’']?t|do not|doesn[’']?t|does not|not|no need|never|needn[’']?t|won[’']?t|shouldn[’']?t)\b"
                         r"[^,.;!?]*\b(?:keep|remember|leave)\b", re.I)


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"\s*[,，。.!！?？;；]+\s*|\s+[—–-]+\s*|\s+but\s+", text, flags=re.I) if c.strip()]


def kept_part(said: str) -> str:
    """The clauses of the request that say what to keep (``""`` when none does)."""
    return " ".join(c for c in _clauses(said)
                    if ((_KEEP_EN.search(c) and not _NEGATED_EN.search(c)) or _KEEP_ZH.search(c))
                    and not _FORGET.search(c))


def note_clauses(content: str) -> list[str]:
    """The parts of a note ("User is applying to Stanford's MBA, their GMAT is 740." has two)."""
    return [c for c in re.split(r"\s*[,，;；。]\s*|\.\s+|\s+and\s+", content.strip().rstrip("。.")) if c.strip()]


#: Words of a keep clause that name no part ("you can keep that …", 「…可以记」).
_KEEP_FILLER = re.compile(r"\b(?:you|can|could|keep|remember|leave|the|that|this|part|bit|rest|just|fine|is|are|i'm|i|my|"
                          r"me|ok|okay|but)\b|可以(?:记|留|保留|存)?|留着|记着就行|keep\s*着|保留|无所谓|就行|那个|那部分|部分|的",
                          re.I)


def keep_terms(said: str) -> set[str]:
    """The content terms of what the request says to keep (none when it keeps nothing)."""
    keep = kept_part(said)
    return terms(_KEEP_FILLER.sub(" ", keep)) if keep else set()


def keep_whole(request: Retraction, found: Match, notes: Sequence[Note]) -> Match:
    """``found`` unless the request keeps a part no other note holds and a note to forget has several parts: that
    note may hold the part to keep, so it is asked about, never archived whole."""
    keep = kept_part(request.said)
    if not keep or not found.forget:
        return found
    wanted = terms(_KEEP_FILLER.sub(" ", keep))
    if wanted and any(wanted & terms(n.content) for n in notes if n not in found.forget):
        return found  # "keep that I'm married to Dana": the note about Dana is another one
    whole = [n for n in found.forget if len(note_clauses(n.content)) > 1]
    if not whole:
        return found
    return Match(forget=tuple(n for n in found.forget if n not in whole), ask=tuple(whole) + found.ask)
