"""Whether a statement or a message states a change, and the notes of a changing message kept as one change."""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.candidate import Candidate
from pipelines.extract.slots import CHANGE as SLOT_CHANGE
from pipelines.extract.slots import GROUPS, holder, kinds, same_person
from pipelines.extract.statement_note import joined
from pipelines.extract.supersede_gate import ENDED, says_add

_CHANGE = re.compile(
    r"现在|如今|已经不|不再|戒了|改(?!天)|换了|换成|换去|搬(?:到|去|来)|跳槽|辞职|裸辞|离职|分手|离婚|领证|调(?:到|去|来)|开始|"
    r"最近|没再|转行|卖了|不.了[，。！!]|\bnow\b|no longer|anymore|any more|\bquit\b|stopped|started|switched|\bmoved\b|"
    r"changed|\bsold\b|traded|replaced|broke up|called it off|engaged|married|divorced|transferred|these days|lately|"
    r"\bagain\b|instead|\bleft\b|caved", re.I)
_ADDITIVE = re.compile(r"也|还有|另外|\btoo\b|\balso\b|as well|another|^and\b|^plus\b", re.I)


def says_change(text: str) -> bool:
    """The statement says something changed and adds nothing beside it."""
    return bool(_CHANGE.search(text)) and not _ADDITIVE.search(text)


def says_change_anywhere(text: str) -> bool:
    """The message says something changed or ended (any statement of it), and is no add-on."""
    return any(r.search(text) for r in (_CHANGE, ENDED, SLOT_CHANGE)) and not says_add(text)


def compatible(a: str, b: str) -> bool:
    """Two notes of one message that tell one thing: the later one names no attribute the earlier does not
    (it elaborates: "I'm fine", 「下周开始住校」) and no other person of the user."""
    ka, kb = _attributes(a), _attributes(b)
    if ka and kb and not ka & kb:
        return False
    ha, hb = holder(a), holder(b)
    return hb in ("user", "?") or same_person(ha, hb)


#: Word classes that mark a person or a time, not an attribute (老公 in 「现在得改口叫老公了」 is the relationship).
_NO_ATTRIBUTE = frozenset({"pref", "schedule", "family"})


def _attributes(note: str) -> frozenset[str]:
    """The attributes a note names, one occupation for a job, a role and a school, one for a partner and family."""
    found = kinds(note)
    grouped = {GROUPS.get(k, k) for k in found - _NO_ATTRIBUTE}
    return frozenset(grouped | ({"relationship"} if "family" in found and "relationship" in found else set()))


def one_change(found: Sequence[Candidate]) -> list[Candidate]:
    """The notes of a message that states a change, each elaboration kept with the statement before it: "Sam and
    I broke up. I'm fine." and 「上岸了！！下个月去税务局报到。」 are one change, superseded or kept as one; a
    statement of another attribute or another person stays its own note (an allergy said beside a move)."""
    out: list[Candidate] = []
    for cand in found:
        if out and not cand.slot and not out[-1].slot and compatible(out[-1].content, cand.content):
            out[-1] = joined(out[-1], "", cand)
        else:
            out.append(cand)
    return out
