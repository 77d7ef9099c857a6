"""References of a statement resolved against the session's previous user turns, in the user's own words.

A follow-up leans on what the user said a turn or two earlier: "he's opening a pierogi place there in April"
after "my brother Tomasz lives in Kraków", 「五一就去那」 after 「你觉得大理怎么样」. :func:`resolve_refs` names
the referent in the statement before it is read as a note, so the note is a true sentence on its own
("User's brother Tomasz is opening a pierogi place in Kraków in April"). Structural cues only: a leading
personal pronoun takes the person the user last named with "my …" (singular for he/she, plural for they),
"there" and a Chinese place word (那 / 那边 / 那里 after 去 / 在 / 到) take the place the user last named
(a capitalised word after in / to / from, or a jieba place noun). A follow-up that leaves its predicate out takes
the previous turn's: a bare 也是 (「她老公也是」 → 「她老公也在上海做律师」), "and his twin sister too", a thing before
也 (「猕猴桃也过敏」 after 「我对花生过敏」 → 「我对猕猴桃也过敏」). A bare Chinese value (「苏州的」, 「对，花生」) fills
the value the previous turn left open, its subject named (「我老家是苏州的」, 「我的食物过敏是花生」). At most the
last :data:`REACH` user turns are read; when no referent is found the statement is left as it is.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

import jieba.posseg as pseg

from pipelines.extract.holders import _ZH_RELATIONS  # noqa: PLC2701 - same package
from pipelines.extract.note_en import _OWNED_EN  # noqa: PLC2701 - same package
from pipelines.extract.user_words import is_cjk

#: How many previous user turns a reference may reach back.
REACH = 3

_PLURAL = frozenset("kids parents in-laws twins sisters brothers sons daughters roommates coworkers dogs cats pets "
                    "grandparents folks".split())
_OWNER = re.compile(r"\b(?i:my)\s+(?P<who>(?i:[a-z-]+))(?P<name>\s+[A-Z][a-z]+)?")
_PLACE_EN = re.compile(r"\b(?:in|to|from|near|moved to|back to)\s+(?P<place>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)")
#: A leading pronoun with the verb it contracts ("he's" → "<who> is").
_LEAD_EN = re.compile(r"^(?P<pro>he|she|they)(?:(?P<c>['’](?:s|re|ll|ve|d))|\b)", re.I)
_CONTRACTION = {"'s": " is", "'re": " are", "'ll": " will", "'ve": " have", "'d": " would"}
#: "there" as a place ("still there", "a place there"), never the existential "there is / there's".
_THERE = re.compile(r"(?<!^)\b(?<!over )there\b(?!['’]s|\s+(?:is|are|was|were)\b)", re.I)
#: 那 / 那边 / 那里 / 那儿 as a place, after a verb or preposition of place, not 那个 / 那些 / 那时.
_THERE_ZH = re.compile(r"(?<=[去在到来住回])(?:那边|那里|那儿|那)(?![个些种时么样天次件位])")
_PLACE_VERBS_ZH = ("觉得", "去", "到", "在", "住", "回")


_FEMALE = frozenset("wife mom mum mother sister daughter grandma grandmother girlfriend aunt niece fiancee".split())
_MALE = frozenset("husband dad father brother son grandpa grandfather boyfriend uncle nephew fiance".split())


def person_en(recent: Sequence[str], plural: bool, pronoun: str = "") -> str | None:
    """The person (or people) the user last named with "my …", as the user said it ("my brother Tomasz"); one
    whose noun says the other gender than ``pronoun`` (he / his / she / her) is passed over."""
    other = _MALE if pronoun.lower() in ("she", "her") else _FEMALE if pronoun.lower() in ("he", "his") else frozenset()
    for turn in reversed(list(recent)[-REACH:]):
        if is_cjk(turn):
            continue
        for m in reversed(list(_OWNER.finditer(turn))):
            who = m.group("who").lower()
            if who not in _OWNED_EN or who in other or (who in _PLURAL or who.endswith("s")) != plural:
                continue
            return f"my {who}{m.group('name') or ''}"
    return None


def place_en(recent: Sequence[str]) -> str | None:
    """The place the user last named after in / to / from ("Kraków")."""
    for turn in reversed(list(recent)[-REACH:]):
        if not is_cjk(turn):
            places = [m.group("place") for m in _PLACE_EN.finditer(turn)]
            if places:
                return places[-1]
    return None


def place_zh(recent: Sequence[str]) -> str | None:
    """The place the user last named: a jieba place noun, or the noun after 去 / 到 / 在 / 觉得."""
    for turn in reversed(list(recent)[-REACH:]):
        if not is_cjk(turn):
            continue
        words = [(w.word, w.flag) for w in pseg.cut(turn)]
        found = [w for i, (w, f) in enumerate(words)
                 if f == "ns" or (f in ("n", "nz") and i > 0 and words[i - 1][0] in _PLACE_VERBS_ZH)]
        found = [w for w in found if w not in ("城市", "地方", "公司", "家")]
        if found:
            return str(found[-1])
    return None


_MOTION = re.compile(r"\b(?:go|goes|going|went|gone|move|moves|moving|moved|come|comes|coming|came|fly|flying|flew|"
                     r"drive|driving|drove|travel|travelling|traveling|back|get|got|head|heading)\s*$", re.I)


def _preposition(before: str) -> str:
    """ "to" after a verb of motion ("moved there" → "moved to …"), else "in"."""
    return "to" if _MOTION.search(before) else "in"


#: A bare 也是 ("我老婆也是，…", 「她老公也是」): the same as the previous turn says, its predicate left out.
_ALSO_ZH = re.compile(r"也是(?=[，,。！!～~]|$)")
_PREDICATE_FLAGS = ("v", "p", "d", "a")


def predicate_zh(recent: Sequence[str]) -> str | None:
    """The predicate of the previous Chinese turn's first clause: what follows its subject (jieba tags: the first
    verb, preposition, adverb or adjective after a subject word), e.g. 「在上海做律师」 of 「我姐在上海做律师」."""
    last = [t for t in list(recent)[-REACH:] if is_cjk(t)][-1:]
    if not last:
        return None
    clause = re.split(r"[，,。！!？?；;]", last[0], maxsplit=1)[0]
    words = [(w.word, w.flag) for w in pseg.cut(clause)]
    for i, (_, flag) in enumerate(words):
        if i > 0 and flag.startswith(_PREDICATE_FLAGS):
            rest = "".join(w for w, _ in words[i:])
            return rest if len(rest) >= 2 else None
    return None


#: A predicate that leaves its value open (「不是本地的」, 「在别的城市」, 「在某个地方」): the next turn may fill it.
_OPEN_VALUE = re.compile(r"不是|别的|别处|外地|其他|其它|某|哪|啥|什么")
_YES_ZH = re.compile(r"^(?:对的|对|嗯|是的|没错)[，,\s]*")
_NOUN_FLAGS = ("n", "uj")


def _subject_zh(turn: str) -> tuple[str, str] | None:
    """The subject of a turn's first clause and its predicate, by jieba tags (「新公司」, 「在别的城市」), when the
    predicate leaves its value open; for 「我有X」 the thing the user has is the subject (「我的食物过敏」, 「有…」)."""
    clause = re.split(r"[，,。！!？?；;]", turn, maxsplit=1)[0]
    words = [(w.word, w.flag) for w in pseg.cut(clause)]
    for i, (_, flag) in enumerate(words):
        if i > 0 and flag.startswith((*_PREDICATE_FLAGS, "c")):
            subject, predicate = "".join(w for w, _ in words[:i]), "".join(w for w, _ in words[i:])
            if subject == "我" and words[i][0] == "有":
                held = "".join(w for w, f in words[i + 1:] if f.startswith("n"))
                return (f"我的{held}", predicate) if held else None
            named = any(f.startswith("n") for _, f in words[:i])
            return (subject, predicate) if named and _OPEN_VALUE.search(predicate) else None
    return None


def bare_answer_zh(statement: str, recent: Sequence[str]) -> str | None:
    """A bare value (「苏州的，…」, 「对，花生」) as the value of what the previous turn was about: its subject named
    (「我老家是苏州的，…」, 「我的食物过敏是花生」, 「新公司在苏州，…」); ``None`` when the statement has a verb of its own
    or the previous turn names no subject."""
    said = _YES_ZH.sub("", statement.strip())
    cut = re.search(r"[，,。；;]", said)
    head, rest = (said[:cut.start()], said[cut.start():]) if cut else (said, "")
    words = [(w.word, w.flag) for w in pseg.cut(head)]
    if not words or not all(f.startswith(_NOUN_FLAGS) for _, f in words) or words[0][1] == "uj":
        return None
    turns = [t for t in list(recent)[-REACH:] if is_cjk(t) and not t.strip().startswith(("你", "您"))][-1:]
    found = _subject_zh(turns[0]) if turns else None
    if found is None:
        return None
    subject, predicate = found
    link = "在" if predicate.startswith("在") and words[0][1] == "ns" else "是"
    return f"{subject}{link}{head}{rest}"


#: "and his twin sister too, …": a person with no predicate, the previous turn's predicate left out.
_TOO_EN = re.compile(r"^(?:(?:and|plus|also)\s+)?(?P<np>(?:my|his|her|their|our)\s+[a-z][a-z' -]*?)\s+(?:too|as well)\b"
                     r"(?P<rest>.*)$", re.I)
#: "same for my son actually, though his is milder": the person, the previous turn's predicate left out.
_SAME_FOR_EN = re.compile(r"^(?:and\s+)?(?:(?:the\s+)?same|ditto)\s+(?:for|with)\s+(?P<np>(?:my|his|her|their|our)\s+[a-z][a-z'-]*)"
                          r"(?:\s+(?:actually|too|as well|tbh|lol))*(?P<rest>(?:[,;].*)?)$", re.I)
#: A previous turn about one of the user's people: "my son's starting kindergarten in the fall".
_SAID_OF_EN = re.compile(r"^(?:my|our)\s+[a-z-]+(?:\s+[A-Z][a-z]+)?(?P<aux>['’]s|\s+is|\s+are|\s+was|\s+were|\s+has|"
                         r"\s+have)\s+(?P<pred>[^,.;!?]+)", re.I)
_POSSESSIVE = re.compile(r"^(?:his|her|their)\b", re.I)


def too_en(statement: str, recent: Sequence[str]) -> str | None:
    """ "and his twin sister too" after "my son's starting kindergarten in the fall" → "my son's twin sister is
    starting kindergarten in the fall too" ("same for my son" alike): the previous turn's predicate given to the person
    named."""
    m = _TOO_EN.match(statement.strip()) or _SAME_FOR_EN.match(statement.strip())
    last = [t for t in list(recent)[-REACH:] if not is_cjk(t)][-1:]
    said = _SAID_OF_EN.match(last[0].strip()) if m and last else None
    if m is None or said is None:
        return None
    np = m.group("np")
    if _POSSESSIVE.match(np):
        owner = person_en(recent, plural=np.split()[0].lower() == "their", pronoun=np.split()[0])
        if owner is None:
            return None
        np = f"{owner}'s{np[_POSSESSIVE.match(np).end():]}"  # type: ignore[union-attr]
    aux = said.group("aux").strip().replace("’", "'")
    aux = "is" if aux == "'s" else aux
    return f"{np} {aux} {said.group('pred').strip()} too{m.group('rest')}"


#: 「猕猴桃也过敏」: a thing, 也 and the predicate the previous turn said of another thing (「我对花生过敏」).
_THING_ALSO_ZH = re.compile(r"^(?P<thing>[\u3400-\u9fff]{1,6}?)也(?P<pred>[\u3400-\u9fff]{1,6})[。！!～~]*$")


def thing_also_zh(statement: str, recent: Sequence[str]) -> str | None:
    """「猕猴桃也过敏」 after 「我对花生过敏」 → 「我对猕猴桃也过敏」: the thing takes the object's place before the same
    predicate (a preposition 对 / 跟 / 和 before it in the previous turn); a person or pronoun is no such thing."""
    m = _THING_ALSO_ZH.match(statement.strip())
    if m is None or m.group("thing") in _ZH_RELATIONS or any(w.flag.startswith(("r", "nr")) for w in pseg.cut(m.group("thing"))):
        return None
    for turn in reversed([t for t in list(recent)[-REACH:] if is_cjk(t)]):
        before = re.search(rf"(?P<prep>对|跟|和)[^，,。对跟和]{{1,8}}?{re.escape(m.group('pred'))}", turn)
        if before:
            return f"我{before.group('prep')}{m.group('thing')}也{m.group('pred')}"
    return None


#: A bare 也是 followed by a contrast that names another object (「也是，不过是对花生」).
_ALSO_BUT_ZH = re.compile(r"也是[，,]\s*(?:不过|但是|但|只是|可是)(?:是)?(?P<val>[^，,。！!]+)")


def other_object_zh(predicate: str, value: str) -> str | None:
    """The predicate with its object replaced by the contrast's (「对鸡蛋过敏」 and 「对花生」 → 「对花生过敏」): both open
    with the same preposition; ``None`` otherwise (the 也是 is then left as said)."""
    pred = [(w.word, w.flag) for w in pseg.cut(predicate)]
    val = [(w.word, w.flag) for w in pseg.cut(value)]
    if len(pred) < 3 or len(val) < 2 or pred[0][1] != "p" or val[0][0] != pred[0][0]:
        return None
    end = next((i for i, (_, flag) in enumerate(pred[1:], 1) if not flag.startswith("n")), len(pred) - 1)
    end = min(end, len(pred) - 1)  # the object's nouns, at least one word of the predicate after them (jieba tags 过敏 nr)
    return value + "".join(w for w, _ in pred[end:]) if end >= 2 else None


def resolve_refs(statement: str, recent: Sequence[str]) -> str:
    """The statement with its references to the previous turns named (see the module docstring).

    Args:
        statement: One statement of the user's message.
        recent: The session's previous user messages, oldest first.

    Returns:
        The statement in the user's words with its referents named; unchanged when nothing resolves.
    """
    if not recent:
        return statement
    if is_cjk(statement):
        where = place_zh(recent) if _THERE_ZH.search(statement) else None
        out = _THERE_ZH.sub(where, statement, count=1) if where else statement
        same = predicate_zh(recent) if _ALSO_ZH.search(out) else None
        contrast = _ALSO_BUT_ZH.search(out) if same else None
        if contrast is not None and contrast.group("val")[:1] == (same or "")[:1]:
            # 「老二也是，不过是对花生」: the same predicate with another object, never the first one's
            other = other_object_zh(same or "", contrast.group("val"))
            out = out[:contrast.start()] + "也" + other + out[contrast.end():] if other else out
        else:
            out = _ALSO_ZH.sub("也" + same, out, count=1) if same else out
        return bare_answer_zh(out, recent) or thing_also_zh(out, recent) or out
    out = too_en(statement, recent) or statement
    lead = _LEAD_EN.match(out.strip())
    if lead:
        who = person_en(recent, plural=lead.group("pro").lower() == "they", pronoun=lead.group("pro"))
        if who:
            contracted = (lead.group("c") or "").replace("’", "'").lower()
            out = who + _CONTRACTION.get(contracted, "") + out.strip()[lead.end():]
    there = _THERE.search(out)
    if there:  # a place the statement names before "there" comes first ("from Kraków, my family's still there")
        where = place_en([*recent, out[:there.start()]])
        if where:
            out = _THERE.sub(lambda m: f"{_preposition(out[:m.start()])} {where}", out, count=1)
    return out
