"""The turn's recall query: the current message drives it; earlier turns only resolve references.

A question asked after other questions must get the notes it gets when asked alone, so the
previous turns enter the query only when the current message cannot stand on its own: it
leans on what came before through a pronoun or demonstrative ("where does *she* work?",
「*他*现在在哪上班？」), an add-on or topic shift with an elided subject ("and my wife's?",
"what about Tuesday?", 「那她呢？」, 「也是吗」), or it is a fragment too short to carry a need
("why?", 「为什么」). Then the last user turn is added (and the one before when that one refers
back too), each cut to ``context_chars``. An opener
before a whole question about the user or their people (「那我在哪？」, "and what's my job?")
only shifts the topic to them: nothing is left to resolve, and the question stands on its own.

Both functions are pure; the table of cases is ``tests/recall/test_query_cost.py``.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

#: English words that point back to something said earlier.
_EN_REFERRING = frozenset({
    "he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs", "it", "its",
    "those", "these", "this", "there", "then", "one", "ones", "same", "else", "too", "either",
})
#: English openings of an add-on or a shift that keeps the earlier topic.
_EN_OPENERS = ("and ", "and?", "what about", "how about", "also ", "or ", "but ", "so ", "same for", "what else")
#: Chinese pronouns and demonstratives that point back.
_ZH_REFERRING = ("他", "她", "它", "这个", "那个", "这些", "那些", "这家", "那家", "那边", "这边", "那里", "这里",
                 "这件", "那件", "这事", "那事", "上面", "刚才")
#: Chinese openings/endings of an add-on or elliptical follow-up.
_ZH_OPENERS = ("那", "还有", "也", "另外", "再", "然后")
_ZH_ENDINGS = ("呢", "呢？", "呢?", "吗？也", "也是吗", "也是吗？")
_WORD = re.compile(r"[a-z']+")
#: "there" as the dummy subject of "is there / there are" points back at nothing.
_EN_EXISTENTIAL = re.compile(r"\b(?:is|are|was|were|any|anything|anyone|anybody)\s+there\b|\bthere(?:'s|\s+is|\s+are|\s+was|\s+were)\b")
#: A Chinese question whose subject is the user themselves stands on its own however short (「我住哪？」).
_ZH_SELF = re.compile(r"^(?:我|我们|咱们|咱)(?!们?呢)")
_CJK = re.compile(r"[\u4e00-\u9fff]")
#: English words by which the user names themselves or their people as the subject.
_EN_SELF = frozenset({"i", "i'm", "i've", "i'd", "me", "my", "mine", "we", "we're", "us", "our", "ours"})


def _zh_refers_back(now: str, cjk: list[str]) -> bool:
    if now.rstrip("？?。.！!").endswith("呢") or any(r in now for r in _ZH_REFERRING):
        return True
    opener = next((o for o in _ZH_OPENERS if now.startswith(o)), None)
    if opener is not None:
        return not _self_question(now[len(opener):].lstrip("，, "))
    return len(cjk) <= 3 and not _ZH_SELF.match(now)


def _self_question(rest: str) -> bool:
    """What follows an opener is a whole question about the user or their people (「那我在哪？」,
    "and where do I live?"): the opener shifts the topic to the user, nothing is left to resolve."""
    if not rest or refers_back(rest):
        return False
    if _CJK.search(rest):
        return _ZH_SELF.match(rest) is not None
    return any(w in _EN_SELF for w in _WORD.findall(rest))


#: A person the message itself names before its pronoun: a name inside it ("What is Vivian cutting out of her
#: diet?") or one of the user's people ("does my sister like her job?"): the pronoun points at them.
_EN_OWN_ANTECEDENT = re.compile(r"^.*?(?:\S\s+(?-i:[A-Z][a-z]+)\b(?<!\bI)|\b(?:my|our)\s+[a-z-]+\b).*?"
                                r"\b(?:he|him|his|she|her|hers|they|them|their|theirs)\b", re.I)
_EN_PERSON = frozenset({"he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs"})


def _en_refers_back(now: str, text: str = "") -> bool:
    opener = next((o for o in _EN_OPENERS if now.startswith(o)), None)
    if opener is not None:
        return not _self_question(now[len(opener):].lstrip(" ,?"))
    words = _WORD.findall(now)
    referring = {w for w in _WORD.findall(_EN_EXISTENTIAL.sub(" ", now)) if w in _EN_REFERRING}
    if referring and not (referring <= _EN_PERSON and _EN_OWN_ANTECEDENT.match(text.strip())):
        return True
    return len(words) <= 2


def refers_back(text: str) -> bool:
    """Whether ``text`` cannot be understood without the previous turn (a pure rule)."""
    now = text.strip().casefold()
    if not now:
        return False
    cjk = _CJK.findall(now)
    return _zh_refers_back(now, cjk) if cjk else _en_refers_back(now, text)


#: How many earlier user turns a chain of follow-ups may reach back ("what's my brother's name?" →
#: "what's he doing?" → "where?").
MAX_EARLIER_TURNS = 2


def build_query(current: str, previous_user_turns: Sequence[str], context_chars: int = 120) -> str:
    """The turn's ONE recall query: the current message, after the earlier user turns it leans on.

    When the current message refers back, the last user turn is added; when that turn itself
    refers back too, the one before it, up to :data:`MAX_EARLIER_TURNS` (a chain of follow-ups
    names its subject only in the turn that began it). Each earlier turn is cut to its last
    ``context_chars`` characters (a long earlier message would otherwise dominate both the
    encoding cost and the vector). The query is encoded once per turn.
    """
    now = current.strip()
    if not refers_back(now) or context_chars <= 0:
        return now
    earlier: list[str] = []
    for turn in reversed([p.strip() for p in previous_user_turns if p.strip()]):
        earlier.insert(0, turn[-context_chars:])
        if len(earlier) >= MAX_EARLIER_TURNS or not refers_back(turn):
            break
    if not earlier:
        return now
    return "\n".join(earlier + [now]) if now else "\n".join(earlier)
