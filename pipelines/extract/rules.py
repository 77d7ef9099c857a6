"""Rule-based extraction: deterministic, offline, Chinese and English.

Serves offline mode and is the fallback when the LLM extractor fails. It recognises the
same cases as the trigger and writes each as a short third-person note in the user's
language ("User lives in Hangzhou." / "用户住在杭州。"). Questions are never mined; a
message with several statements yields several candidates.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from memory.types import MemoryType
from pipelines.extract.candidate import DEFAULT_IMPORTANCE, Candidate
from pipelines.extract.trigger import is_question, judge, split_sentences

_CJK = re.compile(r"[\u3400-\u9fff]")
_P, _PREF, _DEC = MemoryType.PROFILE, MemoryType.PREFERENCE, MemoryType.DECISION
_FACT, _EPI = MemoryType.FACT, MemoryType.EPISODE

# ---------------------------------------------------------------- clause splitting
_EN_SUBJ = r"(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|we'll|let's)\b"
_EN_VERB = (r"(?:prefer|like|love|enjoy|hate|dislike|don't|do not|live|moved|relocated|work|am|"
            r"decided|finished|completed|plan|will|have)\b")
_EN_SPLIT = re.compile(
    rf"(?:,\s*|\s+)(?:and|but|also|plus)\s+(?=(?:{_EN_SUBJ}|{_EN_VERB}))|,\s*(?={_EN_SUBJ})|;\s*", re.I)
_EN_VERB_START = re.compile(rf"^{_EN_VERB}", re.I)
_ZH_LEAD = r"(?:并且|而且|同时|另外|但是|但|也|还)"
_ZH_VERB = r"(?:住在|搬|喜欢|不喜欢|更喜欢|讨厌|在|叫|是|决定|打算|计划|准备|刚|已经|用)"
_ZH_SPLIT = re.compile(rf"[，,；;、]\s*(?={_ZH_LEAD}?(?:我|{_ZH_VERB}))|(?:并且|而且)(?=我|{_ZH_VERB})")
_ZH_LEAD_RE = re.compile(rf"^{_ZH_LEAD}+")


def _clauses(sentence: str) -> list[str]:
    """Split one statement sentence into clauses, each with its own subject."""
    body = sentence.strip().rstrip("。！!.；;…~ ")
    if _CJK.search(body):
        out = []
        for part in _ZH_SPLIT.split(body):
            part = _ZH_LEAD_RE.sub("", part.strip())
            if part and not part.startswith(("我", "咱")) and re.match(_ZH_VERB, part):
                part = "我" + part
            out.append(part)
        return [p for p in out if p]
    out = []
    for part in _EN_SPLIT.split(body):
        part = part.strip()
        if part and _EN_VERB_START.match(part):
            part = "I " + part
        out.append(part)
    return [p for p in out if p]


# ---------------------------------------------------------------- English helpers
_PRONOUNS = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs",
             "our": "their", "us": "them", "i": "they", "i'm": "they're", "i've": "they've"}
_PLACE_TAIL = re.compile(
    r"\s+(?:last|this|next|ago|recently|now|yesterday|today|since|because|but|so|with|for|"
    r"already|about|a few|a couple|in \d{4}|\d+ \w+ ago|\w+ (?:years?|months?|weeks?) ago)\b.*$", re.I)
_OBJ_TAIL = re.compile(r"\s+(?:anymore|any more|these days|nowadays|now|very much|a lot|either|too|though)\b.*$",
                       re.I)
_ANYMORE = re.compile(r"\b(?:anymore|any more|no longer)\b", re.I)


def _swap(text: str) -> str:
    return re.sub(r"\b(?:my|me|myself|mine|our|us|I|I'm|I've)\b",
                  lambda m: _PRONOUNS[m.group(0).lower()], text, flags=re.I)


def _place(value: str) -> str:
    value = _PLACE_TAIL.sub("", value).strip(" ,.!")
    return value.title() if value.islower() else value


def _obj(value: str) -> str:
    return _swap(_OBJ_TAIL.sub("", value).strip(" ,.!"))


def _lower_first(value: str) -> str:
    return value[:1].lower() + value[1:]


def _third_person(verb: str) -> str:
    irregular = {"have": "has", "go": "goes", "do": "does", "am": "is", "was": "was", "will": "will"}
    v = verb.lower()
    if v in irregular:
        return irregular[v]
    if v.endswith("ed") or v in {"went", "had", "got", "made", "took", "left", "flew", "came"}:
        return v
    if v.endswith(("s", "sh", "ch", "x", "o")):
        return v + "es"
    if len(v) > 2 and v.endswith("y") and v[-2] not in "aeiou":
        return v[:-1] + "ies"
    return v + "s"


def _en_note(clause: str) -> str | None:
    """First-person clause → "User …" note, or None when the subject is not the user."""
    m = re.match(r"^I(?:'m| am)\s+(.*)$", clause, re.I)
    if m:
        return f"User is {_swap(m.group(1))}."
    for short, full in (("'ll", "will"), ("'ve", "has"), ("'d", "would")):
        m = re.match(rf"^I(?:{short}| {full if full != 'has' else 'have'})\s+(.*)$", clause, re.I)
        if m:
            return f"User {full} {_swap(m.group(1))}."
    m = re.match(r"^I\s+(\w+)\s*(.*)$", clause)
    if m:
        return f"User {_third_person(m.group(1))} {_swap(m.group(2))}".rstrip() + "."
    m = re.match(r"^my\s+(.*)$", clause, re.I)
    if m:
        return f"User's {_swap(m.group(1))}."
    return None


_EN_ANSWER = re.compile(r"\b(?:answers?|responses?|replies|reply|explanations?|concise|brief|short|detailed|"
                        r"verbose|bullet|formal|casual|tone)\b", re.I)
_EN_LANG = re.compile(r"\b(?:english|chinese|mandarin|cantonese|japanese|french|german|spanish)\b", re.I)
_EN_DATE = re.compile(
    r"\b(?:tomorrow|tonight|next (?:week|month|year|weekend|\w+day)|this (?:weekend|evening|\w+day)|"
    r"on \w+day|in \d+ (?:days|weeks|months)|going to|planning to|planning on|plan to)\b", re.I)


def _en_pref_slot(obj: str) -> str | None:
    if _EN_LANG.search(obj) and (_EN_ANSWER.search(obj) or obj.lower().startswith("in ")):
        return "language"
    return "answer_style" if _EN_ANSWER.search(obj) else None


def _en_preference(m: re.Match[str]) -> tuple[str, str | None]:
    verb, obj = m.group("verb").lower(), _obj(m.group("v"))
    negative = verb.startswith(("don't", "do not", "no longer", "dislike", "hate", "can"))
    if verb.startswith(("don't like", "do not like", "no longer")) and _ANYMORE.search(m.group(0)):
        phrase = "no longer likes"
    else:
        phrase = {"prefer": "prefers", "like": "likes", "love": "loves", "enjoy": "enjoys",
                  "hate": "hates", "dislike": "dislikes", "don't like": "dislikes",
                  "do not like": "dislikes", "don't enjoy": "doesn't enjoy",
                  "would rather": "would rather", "'d rather": "would rather",
                  "no longer like": "no longer likes"}.get(verb, "can't stand" if negative else "likes")
    return f"User {phrase} {obj}.", _en_pref_slot(obj)


Rule = tuple[re.Pattern[str], MemoryType, str | None, Callable[[re.Match[str]], "str | tuple[str, str | None]"]]
_V = r"(?P<v>.+)"
_NAME = r"(?P<v>[A-Za-z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})"
_EN_RULES: list[Rule] = [
    (re.compile(rf"(?i:\bmy name is|\bcall me|\bI(?:'m| am) (?:called|named))\s+{_NAME}"), _P, "name",
     lambda m: f"User's name is {m.group('v')[0].upper()}{m.group('v')[1:]}."),
    (re.compile(r"\bI(?:'m| am) (?:an? )?(?P<v>vegetarian|vegan|pescatarian|lactose[- ]intolerant)\b", re.I),
     _P, "diet", lambda m: f"User is {m.group('v').lower()}."),
    (re.compile(r"\bI (?:don't|do not|never) eat (?P<v>.+)", re.I), _P, "diet",
     lambda m: f"User doesn't eat {_obj(m.group('v'))}."),
    (re.compile(r"\bI(?:'m| am) allergic to (?P<v>.+)", re.I), _P, None,
     lambda m: f"User is allergic to {_obj(m.group('v'))}."),
    (re.compile(r"\b(?:always )?(?:answer|reply|respond|write|talk|speak)(?: to me)? in (?P<v>"
                r"english|chinese|mandarin|cantonese|japanese|french|german|spanish)\b", re.I),
     _PREF, "language", lambda m: f"User wants answers in {m.group('v').title()}."),
    (re.compile(r"\bI(?:'m| am)? ?(?:currently |now |still )?(?:live|living|based|staying) in (?P<v>.+)", re.I),
     _P, "residence", lambda m: f"User lives in {_place(m.group('v'))}."),
    (re.compile(r"\bI(?: have|'ve)? (?:just |recently |finally )?(?:moved|relocated) to (?P<v>.+)", re.I),
     _P, "residence", lambda m: f"User lives in {_place(m.group('v'))} (moved there)."),
    (re.compile(r"\bmy (?:phone|mobile|cell)(?: ?phone)?(?: number)? is (?P<v>[+\d][\d\s-]{6,}\d)", re.I), _P, "phone",
     lambda m: f"User's phone number is {m.group('v')}."),
    (re.compile(r"\bmy e-?mail(?: address)? is (?P<v>\S+@\S+?)\.?$", re.I), _P, "email",
     lambda m: f"User's email is {m.group('v')}."),
    (re.compile(r"\bmy (?:ID|identity card|ID card|resident ID)(?: number)? is (?P<v>\d{17}[\dXx])", re.I), _P,
     "id_number", lambda m: f"User's ID number is {m.group('v')}."),
    (re.compile(r"\bI(?:'m| am) from (?P<v>.+)", re.I), _P, "origin", lambda m: f"User is from {_place(m.group('v'))}."),
    (re.compile(r"\bI work (?:at|for) (?P<v>.+)", re.I), _P, "employer",
     lambda m: f"User works at {_place(m.group('v'))}."),
    (re.compile(r"\bI work as (?P<v>.+)", re.I), _P, "occupation", lambda m: f"User works as {_obj(m.group('v'))}."),
    (re.compile(r"\bI(?:'m| am) (?P<v>an? (?!bit\b|little\b|lot\b|(?:big |huge )?fan\b).+)", re.I), _P, "occupation",
     lambda m: f"User is {_obj(m.group('v'))}."),
    (re.compile(r"\bI(?: really| strongly| much| also| still| generally| usually| just| definitely| do)? "
                r"(?P<verb>prefer|like|love|enjoy|hate|dislike|can't stand|cannot stand|don't like|do not like|"
                r"don't enjoy|no longer like|would rather|'d rather)\s+(?P<v>.+)", re.I), _PREF, None, _en_preference),
    (re.compile(r"\b(?:I|we)(?: have|'ve)? (?:finally |just )?decided (?P<v>.+)", re.I), _DEC, None,
     lambda m: f"User decided {_obj(m.group('v'))}."),
    (re.compile(r"\b(?:(?:we|I)(?:'ll| will) go with|let's go with|I went with) (?P<v>.+)", re.I), _DEC, None,
     lambda m: f"User decided to go with {_obj(m.group('v'))}."),
    (re.compile(r"\blet's (?:use|pick) (?P<v>.+)", re.I), _DEC, None, lambda m: f"User decided to use {_obj(m.group('v'))}."),
    (re.compile(r"\bI (?:chose|picked) (?P<v>.+)", re.I), _DEC, None, lambda m: f"User chose {_obj(m.group('v'))}."),
    (re.compile(r"\bI(?: have|'ve)? (?:just |finally )?(?P<verb>finished|completed|submitted|shipped) (?P<v>.+)", re.I),
     _EPI, None, lambda m: f"User {m.group('verb').lower()} {_swap(m.group('v'))}."),
    (re.compile(r"\bI(?:'m| am) (?:finally )?done with (?P<v>.+)", re.I), _EPI, None,
     lambda m: f"User finished {_swap(m.group('v'))}."),
    (re.compile(r"^(?P<v>(?:the|my|our|this) .+?) (?:is|was|are|were|has been|have been|got) "
                r"(?:finally |now |all |just )?(?:done|finished|completed|shipped)\b", re.I), _EPI, None,
     lambda m: f"User finished {_swap(_lower_first(m.group('v')))}."),
]

# ---------------------------------------------------------------- Chinese rules
_ZH_STOP = r"[^，。,！!？?；;]"
_ZH_TAIL = re.compile(r"(?:已经|好几|差不多|大概|快|有|\d|[一二两三四五六七八九十几半]+(?:年|个月|天|周|星期)).*$")


def _zh_clean(value: str) -> str:
    return re.sub(r"(?:了|啦|呢|啊|呀|哦|吧)+$", "", value.strip())


def _zh_place(value: str) -> str:
    return re.sub(r"(?:去|来|住)$", "", _zh_clean(_ZH_TAIL.sub("", _zh_clean(value))))


def _zh_subject(text: str) -> str:
    return re.sub(r"我(?!们)", "用户", re.sub(r"^我(?:已经|终于|刚|把)*|^把", "", text))


_ZH_ANSWER = re.compile(r"回答|回复|答案|解释|风格|简洁|简短|简明|详细|啰嗦|要点|条理|语气")
_ZH_LANG = re.compile(r"中文|英文|英语|汉语|日语")


def _zh_preference(m: re.Match[str]) -> tuple[str, str | None]:
    adv, when, verb, raw = m.group("adv") or "", m.group("when") or "", m.group("verb"), m.group("v")
    obj = _zh_clean(raw)
    if verb in {"不喜欢", "不爱"} and (raw.rstrip().endswith("了") or when or "不再" in adv):
        verb = "不再喜欢"
    elif adv == "更" and verb == "喜欢":
        verb = "更喜欢"
    slot = "language" if _ZH_LANG.search(obj) and _ZH_ANSWER.search(obj) else (
        "answer_style" if _ZH_ANSWER.search(obj) else None)
    return f"用户{verb}{obj}。", slot


_ZH_OCC = r"(?:工程师|程序员|设计师|医生|老师|教师|护士|律师|会计|经理|总监|老板|学生|研究生|博士|记者|警察|[师员家工长者手])"
_ZH_RULES: list[Rule] = [
    (re.compile(r"我(?:叫|的名字是|的名字叫)(?P<v>[^\s，。,！!？?；;的]{1,12})"), _P, "name",
     lambda m: f"用户叫{_zh_clean(m.group('v'))}。"),
    (re.compile(r"我(?:吃素|是素食(?:主义)?者)"), _P, "diet", lambda m: "用户吃素。"),
    (re.compile(rf"我(?:从来)?不吃(?P<v>{_ZH_STOP}+)"), _P, "diet", lambda m: f"用户不吃{_zh_clean(m.group('v'))}。"),
    (re.compile(r"(?:我的)?(?:手机号码?|手机|电话号码?|电话)是(?P<v>\+?\d[\d\s-]{6,}\d)"), _P, "phone",
     lambda m: f"用户的手机号是{m.group('v')}。"),
    (re.compile(r"(?:我的)?邮箱(?:地址)?是(?P<v>[^\s，。,]+@[^\s，。,]+)"), _P, "email",
     lambda m: f"用户的邮箱是{m.group('v')}。"),
    (re.compile(r"(?:我的)?身份证(?:号码?)?是(?P<v>\d{17}[\dXx])"), _P, "id_number",
     lambda m: f"用户的身份证号是{m.group('v')}。"),
    (re.compile(rf"我对(?P<v>{_ZH_STOP}+?)过敏"), _P, None, lambda m: f"用户对{m.group('v')}过敏。"),
    (re.compile(r"用(?P<v>中文|英文|英语|汉语|日语)(?:来)?(?:回答|回复|交流|和我说|跟我说|写)"), _PREF, "language",
     lambda m: f"用户希望用{m.group('v')}回答。"),
    (re.compile(rf"我(?:现在|目前|一直|还)?(?:住在|家在)(?P<v>{_ZH_STOP}+)"), _P, "residence",
     lambda m: f"用户住在{_zh_place(m.group('v'))}。"),
    (re.compile(rf"我{_ZH_STOP}{{0,8}}?搬(?:到|去|家到|家去)了?(?P<v>{_ZH_STOP}+)"), _P, "residence",
     lambda m: f"用户住在{_zh_place(m.group('v'))}（搬过去了）。"),
    (re.compile(rf"我(?:现在|目前)?在(?P<v>{_ZH_STOP}{{1,20}}?)(?:工作|上班|任职)"), _P, "employer",
     lambda m: f"用户在{m.group('v')}工作。"),
    (re.compile(rf"我是(?P<v>(?:一名|一个|一位|个|名)?{_ZH_STOP}{{0,10}}?{_ZH_OCC})$"), _P, "occupation",
     lambda m: f"用户是{m.group('v')}。"),
    (re.compile(rf"我从事(?P<v>{_ZH_STOP}+)"), _P, "occupation", lambda m: f"用户从事{_zh_clean(m.group('v'))}。"),
    (re.compile(rf"我(?P<adv>很|最|更|比较|非常|特别|真的|还是|一直|也|都|不再)?(?P<when>现在|已经)?"
                rf"(?P<verb>不太喜欢|不喜欢|不爱|喜欢|偏好|爱吃|爱喝|讨厌|受不了)(?P<v>{_ZH_STOP}+)"), _PREF, None,
     _zh_preference),
    (re.compile(rf"我的偏好是(?P<v>{_ZH_STOP}+)"), _PREF, None, lambda m: f"用户偏好{_zh_clean(m.group('v'))}。"),
    (re.compile(rf"(?:我|我们)?(?:最终|最后|已经)?决定(?:了)?(?P<v>{_ZH_STOP}+)"), _DEC, None,
     lambda m: f"用户决定{_zh_subject(_zh_clean(m.group('v')))}。"),
    (re.compile(rf"就用(?P<v>{_ZH_STOP}+?)(?:吧|了)?$"), _DEC, None, lambda m: f"用户决定用{m.group('v')}。"),
    (re.compile(rf"(?:我们?选(?:择)?了?|就选)(?P<v>{_ZH_STOP}+?)(?:吧|了)?$"), _DEC, None,
     lambda m: f"用户选择了{m.group('v')}。"),
    (re.compile(rf"(?:已经|终于)?(?:完成了|做完了|写完了|搞定了)(?P<v>{_ZH_STOP}+)"), _EPI, None,
     lambda m: f"用户完成了{_zh_clean(m.group('v'))}。"),
    (re.compile(rf"^(?P<v>{_ZH_STOP}+?)(?:已经|终于|都)?(?:完成了|搞定了|做完了|写完了|弄好了|做好了|交了)"), _EPI, None,
     lambda m: f"用户完成了{_zh_subject(m.group('v'))}。"),
]
_ZH_DATE = re.compile(r"明天|后天|今晚|下周|下星期|下个月|明年|周[一二三四五六日末]|星期[一二三四五六日天]|\d+月\d+[号日]|打算|计划|准备")


def _apply(rules: list[Rule], clause: str) -> Candidate | None:
    for pattern, mtype, slot, build in rules:
        m = pattern.search(clause)
        if m is None:
            continue
        built = build(m)
        content, slot_out = (built, slot) if isinstance(built, str) else built
        if content.rstrip("。. ") in {"User", "用户"} or content.endswith(("  .", " .")):
            continue
        return Candidate(mtype, content, DEFAULT_IMPORTANCE[mtype], slot if slot_out is None else slot_out)
    return None


def _plan(clause: str) -> Candidate | None:
    if _CJK.search(clause):
        if not _ZH_DATE.search(clause) or clause.startswith("我们"):
            return None
        note = f"用户{_zh_subject(_zh_clean(clause))}。"
    else:
        note = _en_note(clause) if _EN_DATE.search(clause) else None
    return None if note is None else Candidate(_FACT, note, DEFAULT_IMPORTANCE[_FACT])


def _long_statement(statements: list[str]) -> Candidate:
    said = " ".join(statements)
    content = f"用户说：“{said}”" if _CJK.search(said) else f'User said: "{said}"'
    return Candidate(_FACT, content, DEFAULT_IMPORTANCE[_FACT])


def extract_rules(text: str, turn_index: int = 0) -> list[Candidate]:
    """Extract memories from one user message without a model.

    Args:
        text: The user's message, Chinese or English.
        turn_index: 0-based position of the turn, passed to the trigger for the
            long-statement fallback.

    Returns:
        One candidate per recognised statement, in message order, duplicates removed.
        Empty when the message holds nothing worth remembering (small talk, questions).
        A long first-person statement with no recognised shape is kept whole as a fact
        (``User said: "…"``) so offline mode still remembers it.
    """
    statements = [s for s in split_sentences(text) if not is_question(s)]
    found: list[Candidate] = []
    for sentence in statements:
        for clause in _clauses(sentence):
            rules = _ZH_RULES if _CJK.search(clause) else _EN_RULES
            cand = _apply(rules, clause) or _plan(clause)
            if cand is not None and all(c.content != cand.content for c in found):
                found.append(cand)
    if not found and statements and "long_statement" in judge(text, turn_index).reasons:
        found.append(_long_statement(statements))
    return found
