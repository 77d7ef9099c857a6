"""A message that is only talk with the assistant: a greeting, thanks or acknowledgement around words about the help.

"晚上好～又来麻烦你啦", "ok sorted, thank u", 「谢了，解决了」: the frame (a greeting, thanks, "ok") says the message is
conversation, and what it frames is about the assistant or the help itself — it names no one of the user's (no 我 / I /
my, no relation), and it either speaks to the assistant (你 / you) or holds nothing lasting on its own (the memorable
head's verdict on those words alone, not on the whole message, whose vector the greeting dominates). Such a message is
never a note. A frame around a fact keeps the fact: "thanks, my son loved it", 「谢谢，下个月搬去成都」 (lasting alone).

:func:`framed_rest` and :func:`about_the_talk` are pure; the head's verdict comes from ``memorable.MemorableJudge``.
"""
from __future__ import annotations

import re

from pipelines.extract.holders import _ZH_RELATIONS  # noqa: PLC2701 - same package
from pipelines.extract.note_en import _OWNED_EN  # noqa: PLC2701 - same package
from pipelines.extract.trigger import is_small_talk

#: Where a message's parts end: punctuation, tildes, ellipses and emoji (a space is no end: "thank u" is one part).
_PART_END = re.compile("[,，.。!！?？~～、;；:：…\u2026\u2600-\u27BF\U0001F000-\U0001FAFF\uFE0F\u200d]+")
_SELF_EN = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|us)\b", re.I)
_SELF_ZH = re.compile(r"[我咱俺]|本人|自己")
_ASSISTANT_EN = re.compile(r"\b(?:you|your|u|ya|yours)\b", re.I)
_ASSISTANT_ZH = re.compile(r"[你您]")
_WORD = re.compile(r"[a-z][a-z'-]*", re.I)


#: A sentence-final particle of a Chinese greeting or thanks (早啊, 谢谢啦, 好的呀): the word is the same without it.
_PARTICLE = re.compile(r"(?<=[\u4e00-\u9fff])[呀啊啦嘛哦喔噢哟]+(?![\u4e00-\u9fff])")
#: A letter held down ("heyyy", "thxxx").
_HELD = re.compile(r"([a-z])\1{2,}", re.I)
_HAS_WORD = re.compile(r"[a-z\u3400-\u9fff]", re.I)


def _small(words: str) -> bool:
    """Words that are small talk, a final particle aside; a part without a word ("1990", "‹phone›") never is."""
    return bool(_HAS_WORD.search(words)) and (is_small_talk(words) or is_small_talk(_PARTICLE.sub("", words)))


def _peel(words: list[str]) -> tuple[int, int]:
    """How many leading and trailing words of one part are small talk ("ok", "thank u", "good morning")."""
    lead = max((k for k in range(1, len(words) + 1) if _small(" ".join(words[:k]))), default=0)
    if lead == len(words):
        return lead, 0
    tail = max((k for k in range(1, len(words) - lead + 1) if _small(" ".join(words[-k:]))), default=0)
    return lead, tail


#: A greeting or thanks among small-talk words: the frame of a message to the assistant. A bare yes / no / ok / 对 is
#: none ("对，花生" answers what the previous turn left open).
_GREET_OR_THANK = re.compile(r"\b(?:thank|thanks|thanku|thx|ty|tysm|cheers|appreciated|hi|hiya|hello|hey|howdy|yo|sup|"
                             r"bye|goodbye|good (?:morning|evening|afternoon|night))\b|谢|你好|您好|早|晚上好|下午好|中午好|"
                             r"晚安|嗨|哈喽|在吗|在不在|拜拜|再见", re.I)
#: A time of day greets only as a whole part ("morning!", "night night"), never as the word opening one ("night owl").
_TIME_OF_DAY = re.compile(r"(?:(?:morning|mornin|evening|night|nite)\s*)+", re.I)


def framed_rest(text: str) -> tuple[bool, str]:
    """Whether ``text`` holds a greeting or thanks, and what is left of it without its small talk.

    The small talk is a whole part of the message (between punctuation), or small-talk words that open or close a
    part ("ok sorted thank u" → ``"sorted"``); the message is framed when that small talk greets or thanks. Example:
    ``"晚上好～又来麻烦你啦"`` → ``(True, "又来麻烦你啦")``.
    """
    framed, kept = False, []
    for part in (p.strip() for p in _PART_END.split(text)):
        if not part:
            continue
        words = part.split()
        lead, tail = _peel(words)
        peeled = " ".join(words[:lead] + words[len(words) - tail:])
        plain = _HELD.sub(r"\1", peeled)
        framed = framed or bool(_GREET_OR_THANK.search(plain)) or (lead == len(words)
                                                                    and _TIME_OF_DAY.fullmatch(plain) is not None)
        rest = words[lead:len(words) - tail]
        if rest:
            kept.append(" ".join(rest))
    return framed, "，".join(kept)


def names_someone(rest: str) -> bool:
    """``rest`` names the user or one of their people (我, my, 老公, "sister"): it may say something about them."""
    if _SELF_ZH.search(rest) or _SELF_EN.search(rest) or any(r in rest for r in _ZH_RELATIONS):
        return True
    return any(w.lower() in _OWNED_EN for w in _WORD.findall(rest))


def about_the_talk(rest: str, lasting_alone: bool) -> bool:
    """What a greeting or thanks frames is about the talk: it names no one of the user's, and it speaks to the
    assistant (你, you) or holds nothing lasting alone (``lasting_alone``, the memorable head on ``rest``)."""
    if not rest:
        return True
    if names_someone(rest):
        return False
    return bool(_ASSISTANT_ZH.search(rest) or _ASSISTANT_EN.search(rest)) or not lasting_alone
