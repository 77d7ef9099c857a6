"""When a learned "this replaces that" judgement may act: the licence a supersede needs beside the score.

The same-slot head (``pipelines.extract.slot_head``) scores whether a new note states a new
value of an attribute an older note holds. A score alone replaced notes that a user would see
as plainly both true: a second medicine the doctor added, a second flat, a class on another
day ("周四也有"), a second team the user roots for — and one statement's second clause
replacing its first (「终于拿到驾照了」 then 「下周就敢自己开车上路了」, said in one breath).
Two general conditions stop those, whatever the score:

* **one message, one statement**: notes written from the same user turn never replace each
  other through the head (a correction within one message goes through the amendment path,
  which names the note it rewrites);
* **an add-on is no change**: a statement that adds a value ("also", "too", "another",
  "as well", 也, 还有, 另外, 又…加) replaces nothing unless it also says the old value ended
  ("gave up on Japanese too, Korean now", 「不学日语了，也开始学韩语」);
* **a plan is no present value**: "thinking about trying fasting this summer", 「研究生准备考到北京」
  replace no note that is not itself a plan, unless they say the old value ended
  (``slots.PLAN``, the word-class rules' own test);
* **the past stays true**: a note of a time that is over ("had my appendix out in 2018",
  「去年春节在婆家过的」) is replaced by no note about another time, unless the new one says
  the old value ended.

Pure functions; the words are general function words of each language, not phrases of any
data set.
"""
from __future__ import annotations

import re

from pipelines.extract.slots import PLAN, kinds
from pipelines.extract.subject import is_cjk

#: A value added beside the ones held (English and Chinese function words).
ADD_ON = re.compile(r"\balso\b|\btoo\b|\bas well\b|\banother\b|\bbesides\b|\bin addition\b|\bon the side\b|"
                    r"\bon top of\b|\bplus\b|\beither\b|^(?:user said: \")?and\b|也|还有|还要|还会|还养|还报|还买|还学|"
                    r"另外|此外|"
                    r"另一|又(?:给|多)?(?:加|开|报|买|养|办)|兼职|副业", re.I)
#: The old value ended: a change of state said in words, not merely a new value.
ENDED = re.compile(r"\bnow\b|\bno longer\b|\banymore\b|\bany more\b|\binstead\b|\bswitch|\bmoved\b|\bquit\b|"
                   r"\bleft\b|\bstopp|\bgave up\b|\bgiving up\b|\bdropped\b|\bchang|\breplac|\bsold\b|\bafter all\b|"
                   r"\bnot .{1,20} anymore\b|\bbroke up\b|\bcancel|现在|如今|不再|已经不|换|改|搬|戒|辞|离职|跳槽|"
                   r"取消|不.{0,3}了|没.{0,3}了|卖了|退了|分手", re.I)

#: The note tells of a state that is over ("used to live in Boston", 「小时候在成都长大」): it stays true.
FORMER = re.compile(r"\bused to\b|\bback then\b|\bas a kid\b|\bgrew up\b|\bformerly\b|小时候|以前|曾经|当年", re.I)
#: The note is dated in a time that is over ("had my appendix out in 2018", 「去年春节在婆家过的」).
PAST = re.compile(rf"{FORMER.pattern}|\bback in\b|\byears ago\b|\blast year\b|\bin (?:19|20)\d\d\b|去年|前年", re.I)


def says_add(text: str) -> bool:
    """The text adds a value beside others ("also", 也, 还有) without saying an old one ended."""
    return bool(ADD_ON.search(text)) and not ENDED.search(text)


def unrelated_kinds(a: str, b: str) -> bool:
    """No attribute is shared: both notes name one and they differ ("lives in Lisbon" / 「对花生过敏」; a liking,
    ``pref``, names no attribute of its own), or the notes are in two scripts and share none — across
    languages the head sees no shared words, so it needs the attribute as evidence ("User's birthday is
    May 3rd." is no old value of 「用户在一家物流公司做数据工程师。」)."""
    if is_cjk(a) != is_cjk(b):
        return not kinds(a) & kinds(b)
    ka, kb = kinds(a) - {"pref"}, kinds(b) - {"pref"}
    return bool(ka) and bool(kb) and not ka & kb


def head_may_replace(new_note: str, old_note: str, adds: bool, same_turn: bool) -> bool:
    """Whether a head score at or above its threshold may replace ``old_note`` with ``new_note``.

    Args:
        new_note: The candidate note.
        old_note: The older note the head scored.
        adds: The user's statement itself was an add-on (its note may have lost the word:
            "Thursday too" → "User has yoga on Thursday.").
        same_turn: The older note was written from the same user message.

    Returns:
        False when the two come from one message, when the old one is of a former state ("used
        to"), when the new one adds a value and says no
        old one ended, when the new one is a plan beside a note that is none (a plan states
        no present value), or when the old one tells of a time that is over and the new one
        does not; True otherwise.
    """
    if same_turn or FORMER.search(old_note):
        return False
    if ENDED.search(new_note):
        return True
    if unrelated_kinds(new_note, old_note):
        return False
    if PLAN.search(new_note) and not PLAN.search(old_note):
        return False
    if PAST.search(old_note) and not PAST.search(new_note):
        return False
    return not (adds or ADD_ON.search(new_note))
