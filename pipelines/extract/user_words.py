"""The user's words cleaned for a note: emoji, leading fillers and trailing laughter off; the quoted fallback.

A note that cannot make its subject explicit safely quotes the user — ``User said: "Emma is 7."`` /
「用户说：“我们打算十月去冰岛”」 — in the language most of the words are in.
"""
from __future__ import annotations

import re

_CJK = re.compile(r"[\u3400-\u9fff]")
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]+")
_LEAD_EN = re.compile(r"^(?:(?:ok|okay|so|well|oh|and|also|plus|btw|by the way|actually|anyway|lol|lmao|haha+|hah|hmm+|"
                      r"um+|uh|ugh|omg|wow|yeah|yep|yes|same|classic|cool|fyi|fwiw|for the record|side note|quick note|"
                      r"fun fact|just so you know|heads up|oh and|"
                      # an announcement of what follows ("I should mention I'm diabetic", "forgot to say, …")
                      r"(?:i\s+)?(?:should|forgot to|meant to|wanted to|have to|gotta|must|need to)\s+(?:mention|say|tell you|add)"
                      r"(?:\s+that)?|"
                      r"oh yeah|also,|(?:(?:can|could|would|will)\s+you\s+(?:please\s+|pls\s+|just\s+)?(?=(?:remember|note|keep in mind|make a note)\s+(?:of\s+)?that\b)|"
                      r"pls\s+|please\s+)?(?:(?:remember|keep in mind|don't forget)(?:\s+that)?|(?:make a )?note\s+(?:of\s+)?that))\b[\s,:;!.~-]*)+", re.I)
#: A closing that asks the assistant to bear the statement in mind ("…, so keep that in mind if you suggest recipes").
_MIND_TAIL_EN = re.compile(r"[\s,;.]*(?:\b(?:so|and)\s+)?(?:please\s+)?\b(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind\b.*$", re.I)
#: Trailing laughter and chat tags; a tag is a word of its own ("…in Elkhorn" keeps its "rn", "…in Belfr" no "fr").
_TAIL_EN = re.compile(r"(?:[\s,]*(?:(?<![a-z0-9'])(?:lol|lmao|haha+|hah|xd|rn|tbh|fr|ngl|omg|jk|pls|plz)|:\)|:d|:p))+"
                      r"[\s.!?~]*$", re.I)
_LEAD_ZH = re.compile(r"^(?:(?:哈喽|嗨|哈+|呵+|嘿+|嗯+呢?|啊+|哦+|噢+|诶|欸|唉|对了|其实|话说|顺便说一下|顺便|另外|然后|"
                      r"(?:跟|和|给)你说(?:一?[个件]事儿?|一下|下)?|告诉你|说起来|ok|OK|请记住|记住|帮我记住|帮我记一下|你记一下|记一下)[\s，,。.！!~～、]*|(?:对|是的|没错|好吧|好的|就是)[\s，,。.！!~～、]+|"
                      r"(?:说反了|反了反了|搞反了|弄反了|记反了)[\s，,。.！!~～、]*(?:是(?=[\u3400-\u9fff]{2}))?)+")
_TAIL_ZH = re.compile(r"(?:[\s，,]*(?:哈+|呵+|嘿+|(?<![A-Za-z0-9])(?:hh+|lol)|(?<!\d)233+|😂))+[\s。.!！~～]*$")


def is_cjk(text: str) -> bool:
    """The text holds Chinese characters."""
    return bool(_CJK.search(text))


def in_chinese(text: str) -> bool:
    """The text is mostly Chinese: it opens with 我 or has more Chinese characters than Latin words ("I'm doing my
    PhD at 浙大" is English, 「我在Shopee做PM」 Chinese)."""
    text = re.sub(r"‹[^›]*›", " ", text)  # a PII mask (‹birthdate›) is no English word
    cjk = len(_CJK.findall(text))
    return cjk > 0 and (text.lstrip().startswith("我") or cjk > len(re.findall(r"[A-Za-z]+(?:'[a-z]+)?", text)))


def tidy(sentence: str) -> str:
    """The sentence without emoji, leading fillers ("haha", 对了) and trailing laughter; end punctuation removed."""
    s = _EMOJI.sub("", sentence).strip()
    if is_cjk(s):
        s = _TAIL_ZH.sub("", _LEAD_ZH.sub("", s))
    else:
        s = _TAIL_EN.sub("", _MIND_TAIL_EN.sub("", _LEAD_EN.sub("", s)))
    return s.strip(" ，,。.！!~～;；:：-—").strip()




def quoted(sentence: str) -> str:
    """The fallback: the user's words, quoted."""
    return f"用户说：“{sentence}”" if in_chinese(sentence) else f'User said: "{sentence}".'
