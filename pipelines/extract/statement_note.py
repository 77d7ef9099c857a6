"""The note of one statement: the user's words normalised to a third-person note, with the subject of a faithful
rule note; the crude content-word measure that tells a faithful note from a garbled one; two notes joined."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory.types import MemoryType
from pipelines.extract.candidate import DEFAULT_IMPORTANCE, Candidate
from pipelines.extract.generic_en import STOP_EN
from pipelines.extract.normalize import is_cjk, quoted, tidy
from pipelines.extract.quoting import normalize_quoting
from pipelines.receive.screening import is_instruction_to_assistant


def content_words(text: str) -> set[str]:
    """Crude stems of English words and single Chinese characters that carry content."""
    if is_cjk(text):
        return {c for c in re.findall(r"[\u3400-\u9fff]", text) if c not in "用户的了是在我你他她它们吧呢啊呀哦嘛啦"}
    return {_stem(w) for w in re.findall(r"[a-z0-9]+", text.casefold()) if w not in STOP_EN}


def _stem(word: str) -> str:
    """A crude stem: a third-person or plural -s off ("lives" = "live", "glasses" = "glass"), then five letters."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:5]


def coverage(notes: Sequence[str], statement: str) -> float:
    """Share of the statement's content words found in the notes."""
    said = content_words(statement)
    if not said:
        return 1.0
    kept = set().union(*(content_words(n) for n in notes)) if notes else set()
    return len(said & kept) / len(said)


def invents(note: str, statement: str) -> bool:
    """The note holds content words the statement does not (a garbled parse)."""
    return bool(content_words(note) - content_words(statement))


def note_candidate(statement: str, recent: Sequence[str], rules: Sequence[Candidate] = ()) -> Candidate:
    """The normalised statement as a fact, with the subject of a faithful single rule note."""
    note = normalize_quoting(statement, recent)
    if is_instruction_to_assistant(note) and not is_instruction_to_assistant(statement):
        # the third-person rewrite reads as an order ("理财顾问让我把…" → "…让用户把…"); the user's words do not
        note = quoted(tidy(statement))
    cand = Candidate(MemoryType.FACT, note, DEFAULT_IMPORTANCE[MemoryType.FACT])
    keyed = [c for c in rules if c.slot]
    if len(keyed) == 1 and not invents(keyed[0].content, statement):
        cand = replace(cand, slot=keyed[0].slot, qualifier=keyed[0].qualifier, value=keyed[0].value,
                       memory_type=keyed[0].memory_type, importance=keyed[0].importance)
    return cand


def joined(previous: Candidate, statement: str, cand: Candidate) -> Candidate:
    """The previous note with the statement leaning on it appended (two quoted notes as one quote)."""
    joiner = "" if is_cjk(cand.content) else " "
    a, b = _QUOTED_PAIR.match(previous.content), _QUOTED_PAIR.match(cand.content)
    content = (f"{a['open']}{a['body']}{'，' if is_cjk(cand.content) else '. '}{b['body']}{a['close']}"
               if a and b and a["open"] == b["open"] else previous.content + joiner + cand.content)
    return replace(previous, content=content, changes=previous.changes or cand.changes, adds=previous.adds and cand.adds)


_QUOTED_PAIR = re.compile(r'^(?P<open>User said: "|用户说：“)(?P<body>.*?)(?P<close>"\.|”。)$')
