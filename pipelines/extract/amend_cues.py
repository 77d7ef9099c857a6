"""The words that say a message corrects or changes something, and the words that are never a corrected value.

:func:`is_correction` ("说错了", "typo", "I meant", "Kate*") allows a word-level change; :func:`has_cue` also
counts a change of a value just discussed ("make it Thursday", 「改到周三」), which only typed values may make.
"""
from __future__ import annotations

import re

from pipelines.extract.generic_en import STOP_EN

#: A correction of the user's own words: the word-level change is allowed only after one of these.
STRONG = re.compile(
    r"反了反了|搞反|弄反|写反|说错|打错|写错|记错|记反|看错|搞错|弄错|算错|说反|搞混|记混|嘴瓢|纠正|口误|不对|其实是|应该是|少打|多打|自动纠错|输入法|"
    r"\bautocorrect|\bi meant\b|\bmeant\b|\bi mean\b|\btypo\b|"
    r"\bsorry\b|\bwait,? no\b|\bno,? wait\b|\bcorrection\b|\bmistake\b|\bwrong\b|\bmess(?:ed)? (?:that|it) up\b|\bspelled\b|"
    r"\bkeep forgetting\b|\bkeep saying\b|\bother way (?:a)?round\b|\bbackwards\b|\bmix(?:ed|ing)? (?:up|them up|those up)\b|\bget (?:them|those) mixed up\b|\*|\bis fine\b|\bwas my (?:last|old|previous)\b|\bhold on\b(?! to\b)|\blet me check\b|"
    r"\b(?:just |double[- ]?)checked\b(?! (?:in|out|into|on)\b)",
    re.I)
#: A change of a value just discussed ("make it Thursday", 改到周三): typed values only.
_CHANGE = re.compile(
    r"改到|改成|改为|改在|改签|推迟|推到|延期|延到|提前|换成|换到|挪到|减到|涨到|增加到|降到|变成|变为|现在|\bactually\b|\bmake it\b|\bchange[ds]?\b|\bmoved\b|"
    r"\bpushed\b|\bpostponed\b|\bresched|\binstead\b|\bnow\b|\bextension\b|\buntil\b|\bno,|\bup(?:ped)? (?:it |me )?to\b|"
    r"\braised\b|\bincreased\b|\bbumped\b|\blowered\b|\bcut (?:it |me )?(?:down )?to\b|\breduced\b|\bswitched\b|\bswapped\b|"
    r"\bwent (?:up|down) to\b|\b(?:down|up) to\b|\bmoving it\b|\blet'?s (?:say|do|go with)\b|\brebook|\bpush(?:ed|ing)? (?:it )?(?:back )?(?:to|到)|调到|加到|升到|降低到|调整为|调成|挪到|换了",
    re.I)
CUE = re.compile(f"{STRONG.pattern}|{_CHANGE.pattern}", re.I)
#: A change of a value just discussed, without the words of a correction.
CHANGE_CUE = _CHANGE
DISMISSED = re.compile(r"(?:not|isn't|不是)\s*(?:(?:my|the|a|an|his|her|our|their)\s+)?([\w\u3400-\u9fff-]+)|([\w\u3400-\u9fff-]+?)\s*(?:没事|没问题|is fine|'s fine|"
                        r"was my (?:last|old|previous)|was the other\b)", re.I)
#: "Jack, not Jake" / "Jack instead of Jake" / 「是周四不是周二」: the word before the contrast is the new value.
CONTRAST = re.compile(r"(?P<new>[A-Za-z][\w-]*)\s*,?\s+(?:not|instead of|rather than)\s+(?!(?:sure|really|that|quite)\b)[A-Za-z]|"
                       r"是(?P<znew>[\u3400-\u9fff\w]{1,8}?)[，,]?\s*(?:不是|而不是)", re.I)
#: "I meant Microsoft" / "it's Lena": the word after is the new value.
MEANT = re.compile(r"\b(?:i meant|i mean|meant|it'?s|it is|it was|should be|should've said|supposed to say)\s+"
                    r"(?:(?:my|the|a|an|actually|really)\s+)?([A-Za-z][\w-]*)", re.I)
STARRED = re.compile(r"([\w\u3400-\u9fff-]+)\s*[*＊]")
NOISE_WORDS = frozenset("""actually sorry typo wait meant mean not no its it's is was the a an and but lol haha ugh omg my i
    autocorrect autocorrected strikes again brain fart lol
    i'm im keep forgetting always mess that up with v fine last job old previous before spelled wrong make change moved
    it to instead of correction mistake she he they hates likes just""".split())


ZH_FILLER = frozenset("是 有 在 哦 啊 嗯 说 打 字 日历 个 了 那个 这个 事 没事".split())


def has_cue(text: str) -> bool:
    """The text corrects or changes something ("说错了", "make it", "typo", "*")."""
    return bool(CUE.search(text))


#: A statement of the user's own ("I'm 34", 我今年34) is a new fact, not a bare value correcting a note.
OWN_STATEMENT = re.compile(r"^\s*(?:i'?m|i am|im|i have|i've|i weigh|i got|my|我是|我今年|我有|我叫|我)\b|^\s*我", re.I)


#: Words that are never a value a user corrects: "I'm not sure what you mean" once turned
#: "User has a meeting in 5 minutes." into "User what a meeting in 5 minutes." (has → what).
_FUNCTION_WORDS = STOP_EN | frozenset("""what who whom where when which how why these those not no yes your he she his her
    if than then there here sure mean meant""".split())


def function_word(old: str, new: str) -> bool:
    """Either side of the change is a function word, not a value."""
    return old.strip().lower() in _FUNCTION_WORDS or new.strip().lower() in _FUNCTION_WORDS
