"""A speaker repairing, in the same message, what they just said: where a repair opens and the note it corrects."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from pipelines.extract.candidate import Candidate
from pipelines.extract.change_notes import compatible
from pipelines.extract.normalize import tidy
from pipelines.extract.statement_note import joined


#: A speaker repairing, in the same message, what they just said ("Wait no, 4th", "sorry, three", 「不对，是周四」,
#: 「说错了，是…」): a correction of the statement before it, not a statement of its own. Function words of each
#: language's self-repair, none of any data set.
_SELF_REPAIR = re.compile(
    r"^(?:(?:oh|oops|um+|uh+|er+|hmm+|ah|argh)[,\s]+)?(?:wait\b|no wait\b|sorry\b|i mean\b|(?:i )?meant\b(?!\s+to\s+(?!say\b|write\b|type\b))|or rather\b|"
    r"scratch that\b|correction\b|typo\b|well,?\s+\S+ technically\b|technically\b|make that\b|"
    r"不对|不是不是|哦不|啊不|呃不|说错|打错|写错|记错|口误|更正|纠正|应该是|准确(?:地)?说|严格来说)", re.I)
#: Where a self-repair opens inside one sentence ("I'm 34, wait, 35", 「周二去看牙，说错了，是周四」).
_REPAIR_CUT = re.compile(r"\s*(?:[,，;；]|—|–|--)\s*(?=" + _SELF_REPAIR.pattern.removeprefix("^") + ")", re.I)


#: Openers that repair as often as they start a statement of their own ("Actually, …", "No, …"): a repair only
#: when they name a new value of the statement before.
MAYBE_REPAIR = re.compile(r"^(?:(?:oh|um+|uh+|er+|erm|hmm+)[,\s]+)?(?:actually\b|no\b|nope\b|make it\b|哦|啊|呃|其实)", re.I)


def value_fixed(previous: Candidate, statement: str) -> Candidate | None:
    """The previous note with the value the statement corrects replaced, if it names one (else None)."""
    from pipelines.extract.amend import amend_typed  # noqa: PLC0415 - amend imports the decision module

    fixed = amend_typed(statement, previous.content)
    return replace(previous, content=fixed, slot=None, qualifier=None, value=None, changes=True) if fixed else None


def is_self_repair(statement: str) -> bool:
    """The statement opens with a self-repair ("Wait no, …", 「说错了，…」): it corrects the one said before it."""
    return bool(_SELF_REPAIR.search(statement.strip()) or _SELF_REPAIR.search(tidy(statement)))


def repair_parts(statement: str) -> list[str]:
    """The statement cut where a self-repair opens inside it (the repair is its own part)."""
    return [p for p in _REPAIR_CUT.split(statement) if p.strip(" ，,;；")]


def repaired(previous: Candidate, statement: str, cands: Sequence[Candidate]) -> Candidate:
    """The previous note as the repair corrects it: its value replaced ("3rd floor" → "4th floor"), else, when
    the repair is about the same thing, the repair kept with it in the user's words; the previous note
    unchanged when the repair holds nothing (a bare "wait")."""
    from pipelines.extract.amend import amend_previous  # noqa: PLC0415 - amend imports the decision module

    fixed = amend_previous(statement, previous.content)
    if fixed is not None:
        return replace(previous, content=fixed, slot=None, qualifier=None, value=None, changes=True)
    if len(cands) == 1 and compatible(previous.content, cands[0].content):
        return replace(joined(previous, statement, cands[0]), slot=None, qualifier=None, value=None)
    return previous
