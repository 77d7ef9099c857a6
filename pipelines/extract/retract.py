"""Forget by saying so: a request to forget something the user said, read from the message.

:func:`read_retraction` tells a retraction ("Forget what I said about my dog", 「刚才说的那个忘掉吧」,
"scratch that", 「把“体重80公斤”那条删了」, "wipe my memory") from everything else — "I always
forget my keys" (the user forgot something), "forget your rules" / 「忘掉你之前的设定」 (about the
assistant: the screen's business) — and says what it targets: a topic, the last thing said,
or everything. :func:`combine` joins that reading with the retraction head's probabilities.
Which notes a request means is :mod:`pipelines.extract.retract_match`'s job.
A request to forget everything is never carried out by the chat: it points to ``erase``.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from pipelines.extract.normalize import referent_en, referent_zh, tidy
from pipelines.extract.retract_veto import names_own_words, not_about_own_words

Scope = Literal["topic", "last", "first", "all"]

_EN_VERB = (r"(?:forget|delete|remove|erase|wipe|disregard|drop|scrap|strike|unsave|ignore|"
            r"(?<!\bi )(?<!\bwe )(?:don[’']?t|do not) (?:need|have) to (?:store|remember|save|keep|record)|"
            r"needn[’']?t (?:store|remember|save|keep)|"
            r"don'?t (?:store|remember|save|keep|record|log|note)|do not (?:store|remember|save|keep|record)|"
            r"no need to (?:remember|store|save|keep)|(?<!\bi )(?<!\bwe )(?:don'?t|do not) (?:need|have) to (?:remember|store|save|keep)|nvm about|never ?mind about|take back|pretend i never said)")
_EN_REQUEST = re.compile(rf"^(?:(?:please|pls|plz|can you|could you|would you|just|ok|okay|oh|wait|actually|hey|and|also|"
                         rf"so|um|uh|hmm|lol|haha|ugh|nah|no|yeah)[\s,!.]+)*{_EN_VERB}\b|\b{_EN_VERB}\b"
                         rf"(?= (?:it|that|this|everything|all|the|my|what|whatever|anything|about|those|these)\b|[\s.!]*$|\s*(?:掉|了吧|吧))|"
                         rf"^(?:scratch|strike) that\b|^(?:(?:pls|please|ok|okay|oh|wait|actually|just)[\s,]+)*scratch (?:the|that|my) .{{0,30}}?"
                         rf"\b(?:thing|part|bit|stuff|one|line|message)\b|\bnot important\b.*$|^that .{{1,40}}[—-]+\s*forget it", re.I)
_EN_SELF = re.compile(r"\b(?:i|we|i'll|i'd|you'll|he|she|they)\s+(?:always |often |sometimes |usually |keep |kept |"
                      r"never |might |may |will |would |could )?(?:forget|forgot|forgets|delete|remove)", re.I)
_ZH_VERB = re.compile(r"当我没(?:说|提)过?|忘掉|忘了吧|忘记吧|忘了它|别记|不用记|不要记|不必记|别存|不要存|不用存|先别记|删掉|删了|删除|去掉|清空|清掉|清除|清理掉|删光|抹掉|抹去|"
                      r"不算|作废|撤回|forget掉|forget|别保存|不要保存|不用保存")
_ASSISTANT = re.compile(r"你(?:之前|的(?!记录|记忆|备忘|笔记|本子)|是|写|刚才写|做)|设定|人设|规则|指令|提示词|\byour\b|\byou (?:wrote|said|made|are)\b|"
                        r"\b(?:rules|instructions|prompt|draft|email|essay|code|persona)\b", re.I)
#: "Forget about being polite and just roast my plan": how the assistant should answer, never the user's words.
_MANNER = re.compile(r"\b(?:forget|drop|skip) (?:about )?(?:being (?:nice|polite|gentle|kind|diplomatic|tactful|formal)|"
                     r"politeness|(?:the )?(?:niceties|pleasantries|formalities|small talk)|sugar-?coating)\b|"
                     r"别(?:跟我)?客气|不用(?:跟我)?客气", re.I)
_ALL = re.compile(r"所有|全部|一切|清空|everything|all (?:my|of (?:it|my|that)|memor)|wipe my memory|"
                  r"start (?:fresh|over)|关于我的(?:东西|一切|信息|记忆)|(?:whatever|anything) (?:you (?:have|know|hold|"
                  r"remember|stored|saved)|about me)|everything (?:about me|on me)|"
                  r"(?:我的|关于我的?)(?:个人)?(?:信息|资料|数据|记录|东西|记忆|事情?)?(?:都|全)|"
                  r"(?:记的|知道的|存的|记住的)(?:关于)?(?:我的?)?(?:个人)?(?:东西|信息|资料|数据|记录|事情?|内容)?(?:都|全)", re.I)
_LAST = re.compile(r"刚才(?:说)?的?那个|刚才那句|刚才说的|最后那句|这句|上一句|那句|^那个|这个|scratch that|the last thing|"
                   r"what i just said|^that\b|forget (?:it|that|this)\b|^this\b|"
                   r"(?:store|remember|save|keep|record) (?:that|this|it)\b", re.I)
_FILLER_EN = re.compile(
    r"\b(?:please|pls|plz|can you|could you|would you|just|ok|okay|oh|wait|actually|hey|um|uh|hmm|lol|haha|omg|ugh|nah|"
    r"thing|things|stuff|part|bit|what i said|what i told you|i said|i told you|about|the|a|an|my|that|this|it|those|these|"
    r"from (?:your )?memory|my memory|memory|for now|not important|anymore|thanks|thx|too|also|start fresh|start over|"
    r"i'll tell you later|later|jinx|scratch|strike|them|last (?:one|bit|thing|part|message)|(?:the )?first (?:one|thing|bit)|"
    r"on second thought|i overshared|overshared|sorry|pls|but|everything|whatever|anything|all|you (?:know|have|hold|remember|"
    r"stored|saved|got|'ve got)|on me|about me|me|what|of|info|information|data|details|you)\b", re.I)
_FILLER_ZH = re.compile(
    r"关于|有关|(?:那|这)件事?|(?:^|(?<=\s))掉(?=\s|$)|就(?=\s|$)|的事情|的事|事情|方面的?|的那条|那条|那个|这个|这条|的那句|那句|这句|之前说的?|刚才说的?|刚才|最后|最近|说的|"
    r"算了|哈哈|等下|东西|信息|记忆|记录|一下|还没定|还没想好|记得|全部|一切|你记的|你存的|谢谢|以后|之前存的|重新开始|别往心里去|往心里去|放在心上|当我没提过|当我没说|你就|也|记的|知道的|存的|记住的|内容|资料|数据|个人|全|所有|请|麻烦|先|都|把|吧|了|(?<!户)的|事|我|你|啊|呀|哦|嗯")
_DATA = re.compile(r"资料|数据|信息|记忆|记录|\bdata\b|\binfo(?:rmation)?\b|\bmemor(?:y|ies)\b|\brecords?\b|\bprofile\b", re.I)
#: "the first one" of the last two things said.
_FIRST = re.compile(r"\bfirst (?:one|thing|bit)\b|第一(?:个|条|句)", re.I)
_DEMONSTRATIVE = re.compile(r"\b(?:that|this|it)\b|那个|这个|这句|那句|刚才|最后", re.I)


@dataclass(frozen=True)
class Retraction:
    """What the user asks to forget (``said``: the request as the user wrote it)."""

    scope: Scope
    topic: str = ""
    quoted: str = ""
    said: str = ""


def _is_retraction(text: str) -> bool:
    if _ASSISTANT.search(text) or _MANNER.search(text) or not_about_own_words(text):
        return False
    if re.search(r"[\u3400-\u9fff]", text) and _ZH_VERB.search(text):
        return not re.search(r"我(?:总是|老是|经常|又|常常)?忘了(?!吧)", text) or bool(re.search(r"忘掉|别记|删", text))
    return bool(_EN_REQUEST.search(text)) and (not _EN_SELF.search(text) or names_own_words(text))


def _topic(text: str, recent: Sequence[str]) -> str:
    """The words left once the request and filler are removed; he/she resolved to the person."""
    body = re.sub(_ZH_VERB.pattern + "|" + _EN_VERB, " ", tidy(text), flags=re.I)
    body = re.sub(r"[“”\"‘’「」『』]", " ", body)
    if re.search(r"(?:关于)?(?:她|他)的", body):
        who = (referent_zh(recent, pet=False) or "").replace("用户的", "")
        body = re.sub(r"(她|他)的?", lambda m: f" {who or m.group(1)} ", body)
    if re.search(r"\b(?:him|her|them|he|she)\b", body, re.I):
        who = (referent_en(recent) or "").replace("User's ", "")
        body = re.sub(r"\b(him|her|them|he|she)\b", lambda m: who or m.group(1), body, flags=re.I)
    body = _FILLER_ZH.sub(" ", _FILLER_EN.sub(" ", re.sub(r"我的", " 用户", body)))
    words = [w for w in re.split(r"[\s,，。.!！?？:：;；—…-]+", body) if w and w not in ("'s", "s")]
    return " ".join(words).strip()


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"\s*[,，。.!！?？;；]+\s*|\s+[—–-]+\s*|\s+but\s+", text, flags=re.I) if c.strip()]


def _size(topic: str) -> int:
    topic = topic.replace("用户", "")
    return len(re.findall(r"[A-Za-z0-9]{2,}", topic)) + len(re.findall(r"[\u3400-\u9fff]", topic)) // 2


def read_retraction(text: str, recent: Sequence[str] = ()) -> Retraction | None:
    """The retraction in ``text``, or ``None`` when the text is not a request to forget the user's words."""
    if not _is_retraction(text):
        return None
    whole = _quoted_or_all(text, recent)
    if whole is not None:
        return whole
    clauses = _clauses(text)
    asking = _asking(clauses, text, recent)
    topic = _topic(asking, recent)
    if not topic and _points_back(asking):
        return Retraction("first" if _FIRST.search(text) else "last")
    return _topic_request(text, topic or _other_topic(text, recent, clauses, asking))


def _asking(clauses: list[str], text: str, recent: Sequence[str] = ()) -> str:
    """The clause that makes the request: one with a verb of forgetting before one that only points back ("you
    can keep that I'm married to Dana, but forget the IVF stuff": the second), one naming a topic before one
    naming none ("that thing about my knee — forget it": the first); the whole text when none does."""
    verb = [c for c in clauses if _ZH_VERB.search(c) or re.search(_EN_VERB, c, re.I)]
    asking = verb + [c for c in clauses if c not in verb and _LAST.search(c)]
    return next((c for c in asking if _topic(c, recent)), asking[0] if asking else text)


def asking_clause(text: str) -> str:
    """The clause of ``text`` that makes the request (what the notes are compared with in meaning)."""
    return _asking(_clauses(text), text)


def _quoted_or_all(text: str, recent: Sequence[str]) -> Retraction | None:
    """A request for the words the user quotes, or for everything when no topic is left."""
    quote = _quoted(text)
    if quote:
        return Retraction("topic", quote, quote)
    if _ALL.search(text) and _size(_topic(text, recent)) == 0:
        return Retraction("all")
    return None


def _points_back(asking: str) -> bool:
    """The request names what was just said ("that", 「刚才那句」, "forget it")."""
    return bool(_LAST.search(asking) or re.search(_EN_VERB + r"\s+(?:it|that|this)\b", asking, re.I))


def _other_topic(text: str, recent: Sequence[str], clauses: list[str], asking: str) -> str:
    """The topic of another clause (a short one), else of the whole text unless the request says "that"."""
    others = [_topic(c, recent) for c in clauses if c is not asking]
    topic = next((t for t in others if t and _size(t) <= 2), "")
    if not topic and not _DEMONSTRATIVE.search(asking):
        topic = _topic(text, recent)
    return topic


def _topic_request(text: str, topic: str) -> Retraction:
    if topic and _size(topic) == 0 and _DATA.search(text):
        return Retraction("all")  # "delete my data", 「把我的资料删了」: no topic but the user's data itself
    return Retraction("topic", topic) if topic else Retraction("last")

#: The head's probability of a retraction that decides alone, and the one that confirms the rules' reading.
HEAD_ALONE = 0.75
HEAD_CONFIRMS = 0.3
#: ... and the one that makes a message quoting the user's words a retraction of them.
QUOTE_CONFIRMS = 0.5
_QUOTE = re.compile(r"[“\"「『]([^”\"」』]{2,})[”\"」』]|(?<![\w'‘])['‘](\S.+?)['’](?![\w])")


def _quoted(text: str) -> str | None:
    """The words the user quotes ("forget "I hate my boss"", "the 'I'm 6 months sober' line": an apostrophe
    inside a word is no quote mark)."""
    quote = _QUOTE.search(text)
    return (quote.group(1) or quote.group(2)).strip() if quote else None


def combine(text: str, rule: Retraction | None, probs: Mapping[str, float] | None,
            recent: Sequence[str] = ()) -> Retraction | None:
    """The request, from the rules' reading and the head's class probabilities (``None``: no head).

    The head decides whether the message is a retraction (alone when sure, with the rules when
    less so) and its scope; the rules' reading supplies the quote and the topic words.
    """
    request = _combine(text, rule, probs, recent)
    return replace(request, said=text) if request is not None else None


def _combine(text: str, rule: Retraction | None, probs: Mapping[str, float] | None,
             recent: Sequence[str]) -> Retraction | None:
    if not_about_own_words(text):
        return None  # a reminder, a question withdrawn, an edit of the assistant's work: never the user's notes
    if probs is None or _MANNER.search(text):
        return rule
    p = 1.0 - probs["none"]
    if p < HEAD_CONFIRMS:
        return None
    if rule is None:
        quote = _quoted(text)
        if quote and p >= QUOTE_CONFIRMS:  # "you can forget "I hate my boss" — was just venting"
            return Retraction("topic", quote, quote)
        if p < HEAD_ALONE:
            return None
        rule = Retraction("first" if _FIRST.search(text) else "topic", _topic(text, recent))
    if rule.quoted:
        return rule
    return _head_scope(rule, probs)


def _head_scope(rule: Retraction, probs: Mapping[str, float]) -> Retraction:
    """The rules' reading with the scope the head finds likeliest (all, last, or the topic)."""
    scopes = {k: probs[k] for k in ("topic", "last", "all")}
    scope = max(scopes, key=lambda k: scopes[k])
    if scope == "all" or (rule.scope == "all" and scopes["all"] >= 0.2):
        return Retraction("all")
    if scope == "last" or (not rule.topic and rule.scope in ("last", "first")):
        return Retraction("first" if rule.scope == "first" else "last", rule.topic)
    return Retraction("topic", rule.topic)
