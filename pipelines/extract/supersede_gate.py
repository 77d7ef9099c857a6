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

from pipelines.extract.slots import CHANGE, GROUPS, NEG, PLAN, kinds
from pipelines.extract.subject import is_cjk

#: A value added beside the ones held (English and Chinese function words).
ADD_ON = re.compile(r"\balso\b|\btoo\b|\bas well\b|\banother\b|\bbesides\b|\bin addition\b|\bon the side\b|"
                    r"\bon top of\b|\bplus\b|\beither\b|^(?:user said: \")?and\b|也(?!就|许)|还有|还要|还会|还养|还报|还买|还学|"
                    r"另外|此外|"
                    r"另一|又(?:给|多)?(?:加|开|报|买|养|办)|兼职|副业", re.I)
#: The old value ended: a change of state said in words, not merely a new value.
ENDED = re.compile(r"\bnow\b|\bno longer\b|\banymore\b|\bany more\b|\binstead\b|\bswitch|\bmoved\b|\bquit\b|\bshift(?:ed|ing)\b|"
                   r"\bleft\b|\bstopp|\bgave up\b|\bgiving up\b|\bdropped\b|\bchang|\breplac|\bsold\b|\bafter all\b|"
                   r"\bnot .{1,20} anymore\b|\bbroke up\b|\bcancel|现在|如今|不再|已经不|换|改|搬|戒|辞|离职|跳槽|"
                   r"取消|不.{0,3}了|没.{0,3}了|卖了|退了|分手|离开", re.I)

#: Chinese idioms whose 不…了 says nothing ended: 受不了 "can't stand", 少不了 "can't do without", 大不了 "at worst".
_NOT_ENDED = re.compile(r"受不了|少不了|免不了|忘不了|离不了|大不了|不得了|了不起|不了了之|差不多了|不少了")
#: A place named "New …" ("New Orleans", "New Jersey"): no "new" of a change.
_PLACE_NEW = re.compile(r"(?-i:\bNew [A-Z][a-z]+)")
#: A change said in so many words: the old value revised, moved, cancelled or ended — what a later statement of
#: the same conversation needs to replace an earlier one ("they pushed it, 7:30 now", 「还是改成全马吧」); "now",
#: 现在, "new", 搬家 alone are what one more detail of the same story says ("现在在海口做律师", "得搬家").
STATED = re.compile(r"\bchang(?:e|ed|es|ing)\b|\bswitch|\bshift(?:ed|ing)\b|\bmoved (?:it|to|up|back)\b|\bpushed\b|\bpostponed\b|"
                    r"\bresched|\bcancel|\binstead\b|\bscratch\b|\bactually\b|\bmake it\b|\bno longer\b|\banymore\b|"
                    r"\bany more\b|\bnot .{1,20} anymore\b|\bquit\b|\bstopp|\bdropped\b|\bgave up\b|\bgiving up\b|"
                    r"\breplac|\bbroke up\b|\bafter all\b|改成|改到|改为|改了|改去|改在|换成|换到|换了|推到|推迟|延期|"
                    r"提前到|取消|不再|已经不|不.{0,3}了|没.{0,3}了|算了|说错|记错|分手|辞|离开", re.I)

#: The note tells of a state that is over ("used to live in Boston", 「小时候在成都长大」): it stays true.
FORMER = re.compile(r"\bused to\b|\bback then\b|\bas a kid\b|\bgrew up\b|\bformerly\b|小时候|以前|曾经|当年", re.I)
#: The note is dated in a time that is over ("had my appendix out in 2018", 「去年春节在婆家过的」).
PAST = re.compile(rf"{FORMER.pattern}|\bback in\b|\byears ago\b|\blast year\b|\bin (?:19|20)\d\d\b|去年|前年", re.I)


def ended(text: str) -> bool:
    """The text says an old value ended (:data:`ENDED`; 受不了 and its kind are no ending)."""
    return bool(ENDED.search(_NOT_ENDED.sub(" ", text)))


def stated_change(text: str) -> bool:
    """The text revises a value in so many words (:data:`STATED`), not merely "now" or 现在."""
    return bool(STATED.search(_NOT_ENDED.sub(" ", text)))


def says_add(text: str) -> bool:
    """The text adds a value beside others ("also", 也, 还有) without saying an old one ended."""
    return bool(ADD_ON.search(text)) and not ended(text)


def topic_terms(text: str) -> frozenset[str]:
    """English stems and Chinese character pairs of a note ("用户" and function words left out)."""
    low = text.casefold().replace("用户", " ")
    en = {w[:5] for w in re.findall(r"[a-z][a-z0-9]{2,}", low)} - {"user", "their", "they", "said", "the", "and", "with"}
    zh = {low[i:i + 2] for i in range(len(low) - 1) if re.fullmatch(r"[\u3400-\u9fff]{2}", low[i:i + 2])}
    return frozenset(en | zh)


#: A quantity said to have moved ("had to cut it down to 100", 「减到80人」).
QUANTITY_MOVE = re.compile(r"\bcut (?:it |them |that )?(?:down |back )?to\b|\b(?:down|up) to\b|\bwent (?:up|down) to\b|"
                           r"\braised (?:it )?to\b|\bbumped (?:it )?(?:up )?to\b|\blowered (?:it )?to\b|\breduced (?:it )?to\b|"
                           r"减到|涨到|降到|加到|增加到|砍到|缩到", re.I)
#: A decision ("final answer", "decided on", 「最后定了」): it settles what a leaning or a plan weighed.
DECIDED = re.compile(r"\bfinal answer\b|\bdecided\b|\bsettled on\b|\bwent with\b|\bgoing with\b|\bit'?s official\b|"
                     r"最后定了|最终定了|决定了|定下来了", re.I)
#: What a decision settles: a plan or a leaning ("leaning towards Iris now", 「想买在滨江」).
WEIGHED = re.compile(rf"{PLAN.pattern}|\bleaning towards\b|\bconsidering\b|\btorn between\b|\bnaming\b|想买|考虑|纠结",
                     re.I)


def related(new_note: str, old_note: str) -> bool:
    """Anything besides a score ties the two notes to one attribute: the new one states a change (:data:`CHANGE`),
    they share a kind of attribute or a topic word, the old one is a dislike (a dislike is reversed by a liking
    of its object in any words: "can't stand jazz" → "listening to Coltrane nonstop"), the new one moves a quantity
    and both hold a number ("had to cut it down to 100" after "it's 120 now"), or the new one decides what the old
    one weighed ("final answer: her name is Juniper" after "leaning towards Iris now")."""
    return bool(CHANGE.search(_PLACE_NEW.sub(" ", _NOT_ENDED.sub(" ", new_note))) or attributes(new_note) & attributes(old_note)
                or topic_terms(new_note) & topic_terms(old_note) or NEG.search(old_note)
                or (QUANTITY_MOVE.search(new_note) and _NUMERAL.search(new_note) and _NUMERAL.search(old_note))
                or (DECIDED.search(new_note) and WEIGHED.search(old_note)))


_NUMERAL = re.compile(r"\d|[一二两三四五六七八九十百千万]")


def attributes(text: str) -> frozenset[str]:
    """The kinds of attribute the text states (``slots.kinds``) and the groups they belong to: an employer, a role
    and a school are all one occupation (「在腾讯做游戏策划」 → 「离开腾讯自己创业」; 「还在读研」 → 「入职第一周」)."""
    found = kinds(text)
    return found | {GROUPS[k] for k in found if k in GROUPS}


def unrelated_kinds(a: str, b: str) -> bool:
    """No attribute is shared: both notes name one and they differ ("lives in Lisbon" / 「对花生过敏」; a liking,
    ``pref``, names no attribute of its own), or the notes are in two scripts and share none — across
    languages the head sees no shared words, so it needs the attribute as evidence ("User's birthday is
    May 3rd." is no old value of 「用户在一家物流公司做数据工程师。」)."""
    if is_cjk(a) != is_cjk(b):
        return not attributes(a) & attributes(b)
    ka, kb = attributes(a) - {"pref"}, attributes(b) - {"pref"}
    return bool(ka) and bool(kb) and not ka & kb


def head_may_replace(new_note: str, old_note: str, adds: bool, same_turn: bool, same_session: bool = False,
                     confirmed: bool = False) -> bool:
    """Whether a head score at or above its threshold may replace ``old_note`` with ``new_note``.

    Args:
        new_note: The candidate note.
        old_note: The older note the head scored.
        adds: The user's statement itself was an add-on (its note may have lost the word:
            "Thursday too" → "User has yoga on Thursday.").
        same_turn: The older note was written from the same user message.
        same_session: The older note was written earlier in the same session (one conversation).
        confirmed: The word-class rules (``slots.replaces``) read the new note as a new value of the old note's
            single-valued attribute, or a flipped preference.

    Returns:
        False when the two come from one message, when the old one is of a former state ("used
        to"), when the old one was said earlier in the same conversation and the new one
        neither revises it in so many words (:func:`stated_change`) nor is confirmed (one more
        detail of the same story: 「上个月搬到了厦门思明区」 → 「新家在曾厝垵附近」), when the new
        one adds a value and says no old one ended, when the new one is a plan beside a note
        that is none (a plan states no present value), when the old one tells of a time that
        is over and the new one does not, or when nothing but the score relates the two
        (:func:`related`); True otherwise.
    """
    if same_turn or FORMER.search(old_note):
        return False
    if same_session and not (confirmed or stated_change(new_note)):
        return False
    if ended(new_note) and (stated_change(new_note) or not PLAN.search(new_note)):
        return True  # a plan ends nothing by its moving words alone (「计划明年三月搬进去」)
    if unrelated_kinds(new_note, old_note):
        return False
    if PLAN.search(new_note) and not PLAN.search(old_note):
        return False
    if PAST.search(old_note) and not PAST.search(new_note):
        return False
    return not (adds or ADD_ON.search(new_note)) and (confirmed or related(new_note, old_note))
