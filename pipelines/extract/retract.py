"""Forget by saying so: a request to forget something the user said, and which notes it means.

:func:`read_retraction` tells a retraction ("Forget what I said about my dog", 「刚才说的那个忘掉吧」,
"scratch that", 「把“体重80公斤”那条删了」, "wipe my memory") from everything else — "I always
forget my keys" (the user forgot something), "forget your rules" / 「忘掉你之前的设定」 (about the
assistant: the screen's business) — and says what it targets: a topic, the last thing said,
or everything. :func:`match` picks the user's active notes it means: the notes of the last
turns for "that" / "the last thing", else the notes sharing the topic's words (across
languages through the subject lexicon) or, failing that, the semantically nearest when one
clearly stands out; several equally likely ones are *asked about*, never guessed.
A request to forget everything is never carried out by the chat: it points to ``erase``.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from pipelines.extract.normalize import referent_en, referent_zh, tidy
from pipelines.extract.slots import holder, profile, same_person, topic_kinds
from pipelines.extract.subject import LEXICON
from pipelines.extract.supersede_gate import ADD_ON

Scope = Literal["topic", "last", "first", "all"]

_EN_VERB = (r"(?:forget|delete|remove|erase|wipe|disregard|drop|scrap|strike|unsave|ignore|"
            r"don'?t (?:store|remember|save|keep|record|log|note)|do not (?:store|remember|save|keep|record)|"
            r"no need to (?:remember|store|save|keep)|nvm about|never ?mind about|take back|pretend i never said)")
_EN_REQUEST = re.compile(rf"^(?:(?:please|pls|plz|can you|could you|would you|just|ok|okay|oh|wait|actually|hey|and|also|"
                         rf"so|um|uh|hmm|lol|haha|ugh|nah|no|yeah)[\s,!.]+)*{_EN_VERB}\b|\b{_EN_VERB}\b"
                         rf"(?= (?:it|that|this|everything|all|the|my|what|whatever|anything|about|those|these)\b|[\s.!]*$)|"
                         rf"^(?:scratch|strike) that\b|\bnot important\b.*$|^that .{{1,40}}[—-]+\s*forget it", re.I)
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
    r"i'll tell you later|later|jinx|scratch|strike|them|last (?:one|bit|thing|part|message)|the first one|first one|"
    r"on second thought|i overshared|overshared|sorry|pls|everything|whatever|anything|all|you (?:know|have|hold|remember|"
    r"stored|saved|got|'ve got)|on me|about me|me|what|of|info|information|data|details|you)\b", re.I)
_FILLER_ZH = re.compile(
    r"关于|有关|的事情|的事|事情|方面的?|的那条|那条|那个|这个|这条|的那句|那句|这句|之前说的?|刚才说的?|刚才|最后|最近|说的|"
    r"算了|哈哈|等下|东西|信息|记忆|记录|一下|还没定|还没想好|记得|全部|一切|你记的|你存的|谢谢|以后|之前存的|重新开始|别往心里去|往心里去|放在心上|当我没提过|当我没说|你就|也|记的|知道的|存的|记住的|内容|资料|数据|个人|全|所有|请|麻烦|先|都|把|吧|了|(?<!户)的|事|我|你|啊|呀|哦|嗯")
_DATA = re.compile(r"资料|数据|信息|记忆|记录|\bdata\b|\binfo(?:rmation)?\b|\bmemor(?:y|ies)\b|\brecords?\b|\bprofile\b", re.I)
_DEMONSTRATIVE = re.compile(r"\b(?:that|this|it)\b|那个|这个|这句|那句|刚才|最后", re.I)


@dataclass(frozen=True)
class Retraction:
    """What the user asks to forget (``said``: the request as the user wrote it)."""

    scope: Scope
    topic: str = ""
    quoted: str = ""
    said: str = ""


@dataclass(frozen=True)
class Note:
    """An active memory as the matcher sees it."""

    id: int
    content: str
    similarity: float = 0.0
    recent: bool = False


@dataclass(frozen=True)
class Match:
    """The notes to forget, or the ones to ask about when several are equally likely."""

    forget: tuple[Note, ...] = ()
    ask: tuple[Note, ...] = field(default_factory=tuple)


def _is_retraction(text: str) -> bool:
    if _ASSISTANT.search(text) or _MANNER.search(text):
        return False
    if re.search(r"[\u3400-\u9fff]", text) and _ZH_VERB.search(text):
        return not re.search(r"我(?:总是|老是|经常|又|常常)?忘了(?!吧)", text) or bool(re.search(r"忘掉|别记|删", text))
    return bool(_EN_REQUEST.search(text)) and not _EN_SELF.search(text)


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
    return [c for c in re.split(r"\s*[,，。.!！?？;；]+\s*|\s+[—–-]+\s*", text) if c.strip()]


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
    asking = _asking(clauses, text)
    topic = _topic(asking, recent)
    if not topic and _points_back(asking):
        return Retraction("first" if re.search(r"\bfirst one\b|第一(?:个|条|句)", text, re.I) else "last")
    return _topic_request(text, topic or _other_topic(text, recent, clauses, asking))


def _asking(clauses: list[str], text: str) -> str:
    """The clause that makes the request (the whole text when none does alone)."""
    return next((c for c in clauses if _ZH_VERB.search(c) or re.search(_EN_VERB, c, re.I) or _LAST.search(c)), text)


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


def _terms(text: str) -> set[str]:
    """Content terms: English stems, Chinese words of the lexicon and character bigrams, mapped across languages."""
    low = text.casefold().replace("的", "")
    terms = {w[:5] for w in re.findall(r"[a-z][a-z0-9]{2,}", low)} - {"user", "users", "their", "they", "said", "with"}
    terms |= {low[i:i + 2] for i in range(len(low) - 1) if re.fullmatch(r"[\u3400-\u9fff]{2}", low[i:i + 2])} - {"用户"}
    terms |= {c for c in re.findall(r"[\u3400-\u9fff]", low) if c in "狗猫车"}
    for word, english in LEXICON.items():
        if (word in low if re.search(r"[\u3400-\u9fff]", word) else re.search(rf"\b{re.escape(word)}", low)):
            terms.add(english[:5])
    terms |= calendar_terms(low)
    if terms & {"son", "daugh", "kid", "child"}:
        terms.add("kid")  # "my kid's school" is the son's or the daughter's
    if _EX.search(low):
        terms.add("ex-partner")  # 「我前任」 is the ex-boyfriend of 「用户前男友叫周野」, "my ex" the 前妻
    return terms


_EX = re.compile(r"前(?:任|男友|女友|男朋友|女朋友|夫|妻)|\bex(?:-?(?:boyfriend|girlfriend|husband|wife|partner))?\b")


_MONTHS_EN = "january february march april may june july august september october november december".split()
_DAYS_EN = "monday tuesday wednesday thursday friday saturday sunday".split()
_ZH_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "十一": 11,
               "十二": 12}


def calendar_terms(low: str) -> set[str]:
    """Chinese months and weekdays as the stems of their English names (「三月那件事」 names "a miscarriage in March";
    English names are stems of :func:`_terms` already)."""
    terms: set[str] = set()
    for number in re.findall(r"(十[一二]|[一二三四五六七八九十]|1[0-2]|[1-9])月", low):
        month = _ZH_ORDINAL.get(number) or int(number)
        terms.add(_MONTHS_EN[month - 1][:5])
    for day in re.findall(r"(?:周|星期|礼拜)([一二三四五六日天])", low):
        terms.add(_DAYS_EN[-1 if day in "日天" else _ZH_ORDINAL[day] - 1][:5])
    return terms


#: Meaning alone forgets a note only when it is this much nearer than every other note (cosines of e5
#: vectors crowd together, so the lead decides, not the level): a retraction by topic leads by 0.025-0.10,
#: a "that" with no topic words by under 0.015 (measured on the dev half's retraction items).
SEMANTIC_LEAD = 0.03
#: Below the lead, notes this close to the best are the candidates to ask about.
ASK_SPREAD = 0.03
#: A word-matched note this far below the best word-matched one in meaning is another topic sharing a word.
LEXICAL_SPREAD = 0.06

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


def _near_best(found: list[Note]) -> list[Note]:
    """Of several word-matched notes, those close in meaning to the best one (all when no cosine is known)."""
    best = max(n.similarity for n in found)
    if best <= 0.0:
        return found
    return [n for n in found if n.similarity >= best - LEXICAL_SPREAD]


def _of_kind(topic: str, notes: Sequence[Note]) -> list[Note]:
    """Notes stating the kind of thing the topic names ("my medical stuff" → the health notes), of the person the
    topic is about ("where I work" is the user's job, not the wife's)."""
    wanted = topic_kinds(topic) - {"pref", "schedule", "family"}  # people are matched by their words
    if not wanted:
        return []
    whose = topic_holder(topic)
    return [n for n in notes if profile(n.content).slots & wanted and _names(whose, holder(n.content))]


def topic_holder(topic: str) -> str:
    """Whose notes the topic names: a relation ("my sister", 「我姐」) or ``user``."""
    body = re.sub(r"^(?:my|me|i)\s+|^用户的?|^我的?", "", topic.strip(), flags=re.I)
    return holder(("用户" if re.match(r"[\u3400-\u9fff]", body) else "User's ") + body) if body else "user"


#: The user names a thing as their own ("my car", 「我的车」): the notes of another person's one are not meant.
_OWN = re.compile(r"\bmy\b|我的|用户的?", re.I)


def _own_only(request: Retraction, lexical: list[Note]) -> bool:
    """The user names the thing as their own and some word-matched note is the user's own."""
    return (topic_holder(request.topic) == "user" and bool(_OWN.search(request.said or request.topic))
            and any(holder(n.content) == "user" for n in lexical))


def _of_holder(request: Retraction, lexical: list[Note]) -> tuple[list[Note], list[Note]]:
    """The word-matched notes of the person the topic names, and those of another person sharing the word
    ("sister" in "sister-in-law", 姐 in 姐夫): asked about when no note of the named person matched. "My car"
    with the user's car and the wife's: the user's."""
    whose = topic_holder(request.topic)
    if whose == "user":
        return ([n for n in lexical if holder(n.content) == "user"] if _own_only(request, lexical) else lexical), []
    own = [n for n in lexical if _names(whose, holder(n.content))]
    return own, [n for n in lexical if n not in own]


#: Holders a topic names as a group ("my kid's school" is the son's or the daughter's).
_GROUPS = {"kid": ("son", "daughter", "child", "kid", "baby", "first child", "second child", "twins"),
           "parents": ("mother", "father", "parents"), "in-laws": ("mother-in-law", "father-in-law", "in-laws")}


def _names(whose: str, note_holder: str) -> bool:
    """A topic about ``whose`` may mean a note about ``note_holder`` (an unresolved he/she may be anyone)."""
    return note_holder == "?" or same_person(note_holder, whose) or note_holder in _GROUPS.get(whose, ())


def match(request: Retraction, notes: Sequence[Note]) -> Match:
    """The notes ``request`` means (see the module docstring)."""
    if request.scope == "all" or not notes:
        return Match()
    if request.scope in ("last", "first"):
        recent = [n for n in notes if n.recent]
        return Match(forget=tuple(recent))
    wanted = _terms(request.topic)
    lexical = _sharing(request, notes, wanted)
    if lexical and not request.quoted and _own_only(request, lexical):
        notes = [n for n in notes if holder(n.content) == "user"]  # "my car": the wife's car is no rival
    if lexical and not request.quoted:
        lexical, others = _of_holder(request, lexical)
        if not lexical:
            return Match(ask=tuple(sorted(others, key=lambda n: -n.similarity)[:3]))
    if lexical:
        return _disputed(_by_words(request, lexical, wanted, notes), notes, request)
    by_kind = _of_kind(request.topic, notes)
    if by_kind:  # a category ("my medical stuff") names every note of its kind
        return Match(forget=tuple(by_kind))
    return by_meaning(notes)


def _sharing(request: Retraction, notes: Sequence[Note], wanted: set[str]) -> list[Note]:
    """The notes sharing a term with the topic; those holding the quoted words when any does."""
    lexical = [n for n in notes if wanted & _terms(n.content)]
    if request.quoted:
        exact = [n for n in notes if request.quoted.casefold() in n.content.casefold()]
        lexical = exact or lexical
    return lexical


def _most_shared(lexical: list[Note], wanted: set[str]) -> list[Note]:
    """The notes sharing the most terms with the topic."""
    most = max(len(wanted & _terms(n.content)) for n in lexical)
    return [n for n in lexical if len(wanted & _terms(n.content)) == most]


def _by_words(request: Retraction, lexical: list[Note], wanted: set[str], notes: Sequence[Note]) -> Match:
    """Of the notes sharing the topic's words: all near the best for a plural request, else those sharing the
    most words — asked about with the notes that add to a single one, the one recent among them, or one
    clearly nearest, or the ones to ask about."""
    if _PLURAL.search(request.said or request.topic) and not request.quoted:
        return Match(forget=tuple(_near_best(lexical)))  # 「关于我老家和爸妈的，都忘掉吧」: every note sharing a word
    lexical = _near_best(_most_shared(lexical, wanted))
    added = add_ons(lexical, notes) if len(lexical) == 1 and not request.quoted else []
    if added:
        return Match(ask=tuple(lexical + added))
    recent = [n for n in lexical if n.recent]
    if len(recent) == 1 and len(lexical) > 1:
        return Match(forget=tuple(recent))
    return _one_or_ask(request, lexical)


def equally_near(chosen: Note, notes: Sequence[Note]) -> list[Note]:
    """Other notes nearer in meaning to the request than ``chosen``: the words chose one, the meaning
    another as well — two candidates about equally near are asked about, never guessed."""
    if chosen.similarity <= 0.0:
        return []
    return [n for n in notes if n.id != chosen.id and n.similarity > chosen.similarity]


def _disputed(found: Match, notes: Sequence[Note], request: Retraction) -> Match:
    """One note forgotten by its words, with another nearer in meaning: ask about both."""
    if len(found.forget) != 1 or request.quoted:
        return found
    rivals = equally_near(found.forget[0], notes)
    return Match(ask=(found.forget[0], *sorted(rivals, key=lambda n: -n.similarity)[:2])) if rivals else found


#: A note that adds to another without naming it ("周日还有一场，五月天" after the Saturday concert, "and aspirin too"):
#: the supersede gate's add-on words, and "one more".
_ADD_ON = re.compile(rf"{ADD_ON.pattern}|\bone more\b", re.I)


def add_ons(found: Sequence[Note], notes: Sequence[Note]) -> list[Note]:
    """Notes that add to the one the topic's words found, near it in meaning: the topic may mean either, so both
    are asked about (「删掉演唱会那个」 with a Saturday concert and "one more on Sunday")."""
    floor = min(n.similarity for n in found) - LEXICAL_SPREAD
    return [n for n in notes if n not in found and _ADD_ON.search(n.content) and n.similarity > 0.0
            and n.similarity >= floor][:2]


#: A request for several notes ("都忘掉", "all of it", "the medical stuff"): closed-class quantifiers, either language.
_PLURAL = re.compile(r"都|全|所有|一切|那些|这些|\ball\b|\bevery|\bstuff\b|\bthings\b|\bany(?:thing)?\b", re.I)


def _one_or_ask(request: Retraction, found: list[Note]) -> Match:
    """Several notes share the topic's words: all of them when the user asks for several, else the one clearly
    nearest in meaning, else ask ("forget that thing about my sister" with a sister and a sister-in-law)."""
    if len(found) == 1 or _PLURAL.search(request.said or request.topic):
        return Match(forget=tuple(found))
    nearest = by_meaning(found)
    return nearest if nearest.forget else Match(ask=tuple(sorted(found, key=lambda n: -n.similarity)[:3]))


def by_meaning(notes: Sequence[Note]) -> Match:
    """The note clearly nearest in meaning (across languages: the vectors are multilingual), else the ones to ask
    about; nothing when no similarity is known."""
    ranked = sorted(notes, key=lambda n: -n.similarity)
    if not ranked or ranked[0].similarity <= 0.0:
        return Match()
    best = ranked[0]
    if len(ranked) == 1:  # one note: nothing to lead over, so meaning alone cannot tell it is the one meant
        return Match(ask=(best,))
    if best.similarity - ranked[1].similarity >= SEMANTIC_LEAD:
        return Match(forget=(best,))
    return Match(ask=tuple(n for n in ranked[:3] if n.similarity >= best.similarity - ASK_SPREAD))


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
        rule = Retraction("topic", _topic(text, recent))
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
