"""The trigger: is this user turn worth running extraction on?

Cheap and deterministic, so it runs on every turn before any model call. It fires on
self-statements (preferences, identity, residence, decisions, finished tasks, plans and
long first-person statements) and stays quiet on small talk, acknowledgements and pure
questions. Questions are judged per sentence: "I live in Hangzhou. What's the weather?"
fires on its first sentence; "What do I like?" does not fire at all.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_CJK = re.compile(r"[\u3400-\u9fff]")
# Sentence ends: CJK terminal punctuation always; ASCII ones only before a space or the end
# (keeps "e.g." / "3.5" / "v2.0" whole). Newlines end sentences too.
_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<!\bSt\.)(?<!\bDr\.)(?<!\bMr\.)(?<!Mrs\.)(?<!\bMs\.)(?<!Prof\.)(?<!\bJr\.)"
                           r"(?<!\bSr\.)(?<!Inc\.)(?<!\bCo\.)(?<!\bvs\.)(?<!e\.g\.)(?<!i\.e\.)(?<!\s[A-Z]\.)(?<=\.)(?=\s|$)|\n+")

_ACKS = frozenset(
    """ok okay k kk okie thanks thank you thx ty cheers lol lmao haha hahaha hi hello hey bye
    goodbye yes yeah yep yup no nope nah sure cool great nice good fine alright right got it
    i see sounds good good morning good night np noted wow oh ah hmm um uh ok thanks
    thank you so much you too me too see you later perfect awesome brilliant lovely sweet mate man bro dude buddy
    fam guys idk idc ikr ngl tbh smh omg omfg wtf oof yikes welp meh ugh damn dang rip jk brb gtg ttyl true same fair
    mood classic wild crazy insane ominous chaos cute nvm anyway anyways hiya howdy sup yo whatever it's""".split()
) | frozenset(("send help", "fair enough", "it's fine", "it's ok", "it's okay", "not convinced", "not sure", "no idea", "what's up", "whats up", "what's good", "no worries", "all good",
               "my bad", "never mind", "good evening", "good afternoon", "take care", "much appreciated", "thank u",
               "thanku", "ty u", "tysm")) | frozenset(
    "好的 好 好吧 行 可以 没问题 谢谢 谢谢你 多谢 感谢 嗯 嗯嗯 哦 噢 哈哈 哈哈哈 呵呵 你好 您好 再见 拜拜 "
    "是的 对 对的 不是 不 明白 明白了 知道了 收到 了解 晚安 早上好 早安 好滴 ok啦 棒 厉害 "
    "太好了 不客气 没事 谢啦 谢了 谢谢啦 多谢啦 晚上好 下午好 中午好 早 嗨 哈喽 在吗 在不在".split()
)
_FAREWELL = re.compile(
    r"\b(see you|see ya|talk (to you )?(later|soon|tomorrow)|catch you|bye)\b|明天见|下周见|回头见|再见",
    re.I,
)

_EN_QUESTION_START = re.compile(
    r"^(what|what's|whats|how|why|where|when|who|whom|whose|which|do|does|did|can|could|"
    r"would|will|should|shall|is|are|am|was|were|have|has|may|might|isn't|aren't|don't|"
    r"doesn't|won't|can't)\b",
    re.I,
)
#: 星期几 / 周几 asks which day unless "whatever day" (不管星期几); 几次 after a span (一周, 每天…) ending the sentence
#: asks how often (「Leo 让我一周练几次」), where 「一周去几次健身房」 mid-sentence says "a few times".
ZH_WHICH_DAY_OR_HOW_OFTEN = (r"(?<!不管)(?<!无论)(?:星期|礼拜|周)几(?![都也])|(?:一|每|1)(?:周|天|星期|个月|月|年)[^，。,；;]{0,6}?几"
                             r"(?:次|回|遍|趟|小时|天|杯|顿)[\s。.!！啊呀呢来着]*$")
_ZH_QUESTION = re.compile(r"(吗|呢|么)[\s。.!！]*$|(?<!没)啥[\s。.!！啊呀呢来着]*$|啥时候|为啥|干啥|什么|怎么|怎样|为什么|哪|谁|多少|几点|几号|几度|多远|多久|是不是|有没有|能不能|可不可以|"
                          + ZH_WHICH_DAY_OR_HOW_OFTEN)

_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("preference", re.compile(
        r"\bI(?: really| strongly| much| also| still| generally| usually| just)? "
        r"(?:prefer|like|love|enjoy|hate|dislike|can't stand|cannot stand|don't like|"
        r"do not like|don't enjoy|no longer like|would rather|'d rather)\b|\bmy favou?rite\b|"
        r"\b(?:always|please) (?:answer|reply|respond|write|talk|speak)\b|"
        r"\b(?:answer|reply|respond) (?:to me )?in (?:english|chinese|mandarin)\b",
        re.I)),
    ("preference", re.compile(
        r"我(?:很|最|更|比较|非常|特别|真的|还是|一直|也|都|现在|已经)?(?:不太|不再|不)?"
        r"(?:喜欢|偏好|爱吃|爱喝|爱|讨厌|受不了|倾向)|偏好|讨厌|(?:请|以后|都)用(?:中文|英文|英语|汉语)")),
    ("identity", re.compile(
        r"\bmy name is\b|\bcall me\b|\bI(?:'m| am) (?:called|named)\b|"
        r"\bI(?:'m| am) (?:a|an)\b(?! (?:bit|little|lot)\b)|\bI work (?:at|as|for|in)\b|"
        r"\bI(?:'m| am) (?:a )?(?:vegetarian|vegan|pescatarian)\b|\bI(?:'m| am) from\b",
        re.I)),
    ("identity", re.compile(
        r"我叫|我的名字|我是(?!说|不是|想|在问|问)|我在.{1,20}?(?:工作|上班|任职|实习)|我从事|我的职业|我吃素")),
    ("contact", re.compile(
        r"\bmy (?:phone|mobile|cell|e-?mail|ID|identity card|ID card|resident ID)(?: ?phone)?(?: number| address)? is\b"
        r"|(?:手机号码?|手机|电话号码?|电话|邮箱(?:地址)?|身份证(?:号码?)?)是", re.I)),
    ("residence", re.compile(
        r"\bI(?:'m| am)? ?(?:currently |now )?(?:live|living|based|staying) in\b|"
        r"\bI(?: have|'ve)? (?:just |recently )?(?:moved|relocated) to\b|"
        r"\bI(?:'m| am) (?:moving|relocating) to\b",
        re.I)),
    ("residence", re.compile(r"我(?:现在|目前|一直)?住在|我家在|我.{0,6}?搬(?:到|去|家到)")),
    ("decision", re.compile(
        r"\b(?:I|we)(?: have|'ve)? (?:finally )?decided\b|\b(?:we|I)(?:'ll| will) go with\b|"
        r"\blet's (?:use|go with|pick)\b|\bI (?:chose|picked|went with)\b",
        re.I)),
    ("decision", re.compile(r"决定|就用|(?<!搞)定了|我选(?:择)?了?|就选")),
    ("task_completion", re.compile(r"\b(?:done|finished|completed|shipped|submitted)\b", re.I)),
    ("task_completion", re.compile(r"完成了|搞定了|做完了|写完了|弄好了|做好了|已经完成|交了")),
    ("plan", re.compile(
        r"\b(?:tomorrow|tonight|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|"
        r"saturday|sunday|weekend)|this (?:weekend|evening|friday|saturday|sunday)|"
        r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in \d+ (?:days|weeks|months)|"
        r"I(?:'m| am) (?:going to|planning to|planning on)|I plan to)\b",
        re.I)),
    ("plan", re.compile(
        r"明天|后天|今晚|下周|下星期|下个月|明年|周[一二三四五六日末]|星期[一二三四五六日天]|"
        r"\d+月\d+[号日]|我(?:打算|计划|准备)")),
)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|mine|we|our|us)\b|我", re.I)
# Words that carry no content of their own next to a completion word ("I'm done", "搞定了").
_EMPTY_WORDS = frozenset(
    "i i'm im we we're it it's is am are all just ok okay have has been already now so "
    "finally yes yay 我 我们 已经 都 了 啦 好 的 终于 总算 也".split()
)
_COMPLETION_WORDS = re.compile(
    r"\b(?:done|finished|completed|shipped|submitted)\b|完成了|搞定了|做完了|写完了|弄好了|做好了|已经完成|交了",
    re.I,
)

#: Minimum length of a "long informative statement": English words / CJK characters.
LONG_EN_WORDS = 14
LONG_ZH_CHARS = 24
#: Turns before this index are an opening (introductions): the long threshold is halved.
OPENING_TURNS = 3


@dataclass(frozen=True)
class TriggerDecision:
    """Whether to extract from a turn, and why (reason codes, for traces and tests).

    When ``fire`` is true the reasons name the cues found (``"preference"``, ``"identity"``,
    ``"residence"``, ``"decision"``, ``"task_completion"``, ``"plan"``,
    ``"fact"`` when only the rule extractor recognised a fact, ``"long_statement"``); when false they say why not (``"empty"``, ``"small_talk"``,
    ``"question"``, ``"no_cue"``).
    """

    fire: bool
    reasons: list[str]


def split_sentences(text: str) -> list[str]:
    """Split ``text`` into sentences, each keeping its terminal punctuation."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


#: "can you remember that my dentist is on Tuesday", "could you note that …": a request to keep a fact, which
#: states it (the request is the keeping, not a question about it).
KEEP_REQUEST = re.compile(r"^(?:(?:can|could|would|will) you|pls|please)\s+(?:please\s+|pls\s+|just\s+)?"
                          r"(?:remember|note|keep in mind|make a note)\s+(?:of\s+)?that\b", re.I)


def is_question(sentence: str) -> bool:
    """True when ``sentence`` asks something rather than states something (a request to keep a fact is none)."""
    s = sentence.strip()
    kept = KEEP_REQUEST.sub("", s, count=1) if KEEP_REQUEST.match(s) else None
    if kept is not None and len(kept.split()) >= 3 and not _EN_QUESTION_START.match(kept.strip()):
        return False
    if s.endswith(("?", "？")):
        return True
    if _CJK.search(s):
        return bool(_ZH_QUESTION.search(s))
    return bool(_EN_QUESTION_START.match(s))


def is_small_talk(text: str) -> bool:
    """True when ``text`` is only acknowledgements, greetings, laughter or punctuation."""
    words = re.findall(r"[a-z']+|[\u3400-\u9fff]+", text.casefold())
    if not words:
        return True
    words = [_unstretched(w) for w in words]
    joined = " ".join(words)
    return joined in _ACKS or all(w in _ACKS or _LAUGH.fullmatch(w) for w in words)


#: Laughter of any length: "hahaha", "lololol", "lmaooo", 「哈哈哈哈」.
_LAUGH = re.compile(r"(?:ha)+h?|(?:he)+|(?:hi){2,}|(?:lo)+l|l+o+l+|lmf?a+o+|xd+|[哈呵嘿嘻]+")


def _unstretched(word: str) -> str:
    """A word typed with a letter held down ("heyyy", "okkk", "thxxx") as it is spelled, when that is an
    acknowledgement; the word unchanged otherwise."""
    if not re.search(r"([a-z])\1\1", word):
        return word
    once = re.sub(r"([a-z])\1+", r"\1", word)
    twice = re.sub(r"([a-z])\1{2,}", r"\1\1", word)
    return next((w for w in (twice, once) if w in _ACKS), word)


def _completion_has_object(sentence: str) -> bool:
    rest = _COMPLETION_WORDS.sub(" ", sentence.casefold())
    tokens = re.findall(r"[a-z']+|[\u3400-\u9fff]", rest)
    return any(t not in _EMPTY_WORDS for t in tokens)


def sentence_reasons(sentence: str) -> list[str]:
    """The cue names (preference, decision, identity, …) this one sentence carries."""
    reasons: list[str] = []
    for name, pattern in _CUES:
        if name in reasons or not pattern.search(sentence):
            continue
        if name == "task_completion" and not _completion_has_object(sentence):
            continue
        if name == "plan" and _FAREWELL.search(sentence):
            continue
        reasons.append(name)
    return reasons


def is_long_statement(statements: list[str], turn_index: int) -> bool:
    """A long first-person statement (worth a look even without a cue); shorter in opening turns."""
    text = " ".join(statements)
    if not _FIRST_PERSON.search(text):
        return False
    scale = 0.5 if turn_index < OPENING_TURNS else 1.0
    cjk = len(_CJK.findall(text))
    if cjk:
        return cjk >= LONG_ZH_CHARS * scale
    return len(text.split()) >= LONG_EN_WORDS * scale
