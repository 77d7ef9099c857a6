"""The numbers of a note against the user's words: none invented, and a corrected value where the user put it.

A number is a run of digits (with what is glued to it: ``7pm``, ``4th``, ``21号``), a Chinese numeral with
its unit (``十点``, ``三岁``), or an English number word. Values are compared as numbers (``两`` = ``2`` =
``two``).

A correction rewrites a note the user did not repeat, so two more things are asked of it: the turn is about
that note (it says it corrects, shares a word with the note, or says little besides the value — "I moved to
Toronto last month. (6)" corrects no "tea number 2"), and each new value sits in the note beside what the user
said beside it ("appointment 改成 Oct 21" puts 21 after Oct, never after 上午).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipelines.extract.amend_cues import NOISE_WORDS
from pipelines.extract.correction import is_correction
from pipelines.extract.generic_en import STOP_EN
from pipelines.extract.statement_note import content_words
from pipelines.extract.subject import number, zh_number

_ZH_NUMERAL = "零〇一二两三四五六七八九十百"
_UNITS = r"am|pm|st|nd|rd|th|kg|km|cm|mg|ml|lbs?|k|%"
_NUMBER = re.compile(rf"(?<![A-Za-z0-9.])(?P<n>\d+(?:\.\d+)?)(?:\s?(?P<unit>(?i:{_UNITS}))\b|(?P<cjk>[点号日月岁年楼层个只天周位]))?|"
                     rf"(?<![{_ZH_NUMERAL}])(?P<z>[{_ZH_NUMERAL}]{{1,3}})(?P<zunit>[点号日月岁])|"
                     r"\b(?P<w>two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)
#: Units that say the same ("21号" = "21日") or nothing of what is counted (an ordinal's suffix).
_SAME_UNIT = {"号": "日", "st": "", "nd": "", "rd": "", "th": "", "lb": "lbs"}
#: The word right before a number, in its own clause ("nurse. 7p-7a": the sentence before says nothing of 7).
_LEFT_EN = re.compile(r"([A-Za-z']+)[\s$€£¥#~(-]*$")
_LEFT_ZH = re.compile(r"([\u3400-\u9fff]{1,2})\s*$")
_FUNCTION = frozenset("""at on to be now make not by from in of for until till about around after before than then
    instead number no have has had got get gets are am were being do does did will would can could should""".split())
_FUNCTION_ZH = re.compile(r"[是成到改了在为从和或不就还约]")
_FILLER = frozenset("again now still currently anymore instead then there here too also".split())


@dataclass(frozen=True)
class Mention:
    """One number of a text: its value, what is glued after it, and the word before it."""

    value: str
    unit: str
    left: str


def mentions(text: str) -> list[Mention]:
    """The numbers of ``text`` in order."""
    found = []
    for m in _NUMBER.finditer(text):
        if m["n"]:
            value, unit = m["n"], (m["unit"] or m["cjk"] or "").casefold()
        elif m["z"]:
            parsed = zh_number(m["z"])
            if parsed is None:
                continue
            value, unit = str(parsed), m["zunit"]
        else:
            value, unit = str(number(m["w"])), ""
        found.append(Mention(value, _SAME_UNIT.get(unit, unit), _left(text[: m.start()])))
    return found


def _left(before: str) -> str:
    """The content word right before a number ("Oct" of "Oct 21", 上午 of 上午十点); ``""`` for a function word."""
    m = _LEFT_ZH.search(before) or _LEFT_EN.search(before)
    if m is None:
        return ""
    word = m.group(1)
    if re.search(r"[\u3400-\u9fff]", word):
        word = _FUNCTION_ZH.split(word)[-1]
        return word if len(word) == 2 and not re.search(rf"[{_ZH_NUMERAL}点号日月岁]", word) else ""
    low = word.casefold()
    return "" if low in _FUNCTION or low in STOP_EN or low in NOISE_WORDS else low


def invented_number(note: str, said: str) -> bool:
    """The note holds a number none of the user's words (nor the note it corrects) holds."""
    known = {m.value for m in mentions(said)}
    return any(m.value not in known for m in mentions(note))


def misplaced_value(note: str, turn: str, replaced: str = "") -> bool:
    """A value new to the corrected note (any value of a new note) stands beside other words than in the turn: the
    user's unit is lost (「21号」 → 「21」) or another content word stands before it than the user's (「改成周日上午十点」
    → 「周六下午十点」, "Oct 21" → 「上午21」, "iPhone 15" → 「小米15」; never "managing 7 people" → "has 7 reports")."""
    old = {m.value for m in mentions(replaced)}
    said = mentions(turn)
    written = mentions(re.sub(r"用户(?:的)?", "我", note))  # the note's 用户 is the user's 我 (「比用户小三岁」)
    for new in (m for m in written if m.value not in old):
        heard = [m for m in said if m.value == new.value]
        if heard and not any(_beside(h, new) for h in heard):
            return True
    return False


def _beside(heard: Mention, written: Mention) -> bool:
    """The written number keeps the user's unit, and no other content word stands before it than the user's."""
    if heard.unit and heard.unit != written.unit:
        return False
    return not heard.left or not written.left or heard.left[:3] == written.left[:3]


_OWN_EN = re.compile(r"^\s*(?:I|I'm|I've|I'd|I'll|my|we|we're|our)\b", re.I)


def not_this_note(note: str, turn: str, replaced: str) -> bool:
    """The turn opens with a statement of the user's own that shares no word with the corrected note, beyond the
    value: it is no correction of it ("I moved to Toronto last month. (6)" of "User prefers tea number 2."; never
    "he raised it to $2,100" of the rent, whose pronoun leans on the note)."""
    if is_correction(turn) or re.search(r"[\u3400-\u9fff]", turn) or not _OWN_EN.match(turn):
        return False  # (single characters say too little of what a Chinese turn is about)
    new = content_words(note) - content_words(replaced)
    values = {m.value for m in mentions(turn)}
    rest = {w for w in content_words(turn) - new - values
            if w not in NOISE_WORDS and w not in STOP_EN and w not in _FILLER and not w.isdigit()}
    return len(rest) >= 2 and not rest & content_words(replaced)
