"""Whose attribute a note states: the holder of one note, and the person a pronoun's update names.

A note is the user's own (``"user"``), a relative's or another person's of the user (a relation word:
"User's wife …", 「用户老婆…」 → ``wife``; kin beyond the nuclear family each their own person: 表哥 is not
表妹, 姐夫 is not 姐), or an unresolved he/she (``"?"``, compatible with any person but the user). The slot
profile (``pipelines.extract.slots``) and the same-slot head compare holders before values.
"""
from __future__ import annotations

import re
import unicodedata

from pipelines.extract.subject import LEXICON

_RELATIONS = {en for en in LEXICON.values()} & {
    "wife", "husband", "son", "daughter", "kid", "child", "mother", "mom", "father", "dad", "sister", "brother",
    "girlfriend", "boyfriend", "partner", "colleague", "friend", "roommate", "grandmother", "grandfather"}
_ZH_RELATIONS = {zh: en for zh, en in LEXICON.items() if en in _RELATIONS and re.search(r"[\u3400-\u9fff]", zh)}
_ZH_RELATIONS.update({"老妈": "mother", "老爸": "father", "爸": "father", "妈": "mother", "媳妇": "wife", "闺女": "daughter",
                      "女友": "girlfriend", "男友": "boyfriend", "对象": "partner", "老爷子": "father",
                      "老太太": "mother", "老妹": "sister", "妹": "sister", "姐": "sister", "弟": "brother", "哥": "brother"})
#: Kin beyond the nuclear family, each its own person (两个表亲 are two people: 表哥 is not 表妹).
_ZH_RELATIONS.update({"舅舅": "maternal uncle", "舅妈": "maternal aunt", "姑姑": "paternal aunt", "姑父": "paternal uncle",
                      "姑妈": "paternal aunt", "叔叔": "paternal uncle", "婶婶": "paternal aunt", "伯伯": "paternal uncle",
                      "大伯": "paternal uncle", "伯母": "paternal aunt", "阿姨": "aunt", "姨妈": "maternal aunt",
                      "小姨": "maternal aunt", "姨父": "maternal uncle", "表哥": "older male cousin",
                      "表弟": "younger male cousin", "表姐": "older female cousin", "表妹": "younger female cousin",
                      "堂哥": "older male cousin", "堂弟": "younger male cousin", "堂姐": "older female cousin",
                      "堂妹": "younger female cousin", "侄子": "nephew", "侄女": "niece", "外甥": "nephew",
                      "外甥女": "niece", "公公": "father-in-law", "婆婆": "mother-in-law", "岳父": "father-in-law",
                      "岳母": "mother-in-law", "老丈人": "father-in-law", "丈母娘": "mother-in-law", "孙子": "grandson",
                      "孙女": "granddaughter", "闺蜜": "best friend", "发小": "childhood friend", "邻居": "neighbor",
                      "领导": "boss", "老板": "boss", "师傅": "mentor", "导师": "advisor", "同学": "classmate",
                      "继父": "stepfather", "继母": "stepmother", "干妈": "godmother", "大宝": "first child",
                      "二宝": "second child", "老大": "first child", "老二": "second child"})
#: Siblings by age, as Chinese names them (我哥 and 我弟 are two people; "brother" may be either).
_ZH_RELATIONS.update({"哥": "older brother", "哥哥": "older brother", "弟": "younger brother", "弟弟": "younger brother",
                      "姐": "older sister", "姐姐": "older sister", "妹": "younger sister", "妹妹": "younger sister",
                      "老妹": "younger sister"})
#: In-laws through a sibling or the spouse: their own persons (姐夫 is not 姐, "sister-in-law" is not "sister").
_ZH_RELATIONS.update({"姐夫": "sister's husband", "妹夫": "sister's husband", "嫂子": "brother's wife", "嫂嫂": "brother's wife",
                      "弟媳": "brother's wife", "弟妹": "brother's wife", "小姨子": "wife's sister", "小舅子": "wife's brother",
                      "大舅子": "wife's brother", "大姑子": "husband's sister", "小姑子": "husband's sister",
                      "女婿": "son-in-law", "儿媳": "daughter-in-law", "儿媳妇": "daughter-in-law"})
_EN_REL = re.compile(r"^user's (?:(?:older|younger|little|big|elder|best|ex-?)\s*)?(" + "|".join(
    sorted(_RELATIONS | {"niece", "nephew", "stepdad", "stepmom", "stepfather", "stepmother", "father-in-law",
                         "mother-in-law", "sister-in-law", "brother-in-law", "son-in-law", "daughter-in-law", "in-laws", "grandson", "granddaughter", "godmother", "godfather", "classmate",
                         "mum", "ex", "fiance", "fiancee", "parents", "kids", "wife's", "cousin", "aunt", "uncle", "neighbor",
                         "neighbour", "grandma", "grandpa", "coworker", "manager", "boss", "teacher", "doctor", "therapist", "coach",
                         "landlord", "mentor", "supervisor", "team lead"}, key=lambda w: (-len(w), w))) + r")s?\b")
_ZH_REL = re.compile(r"^用户(?:的)?(?:[大小二三]?)(" + "|".join(sorted(_ZH_RELATIONS, key=len, reverse=True)) + ")")
_PRONOUN = re.compile(r"^(?:用户说：“)?(?:他|她)(?!们)|^user said: \"(?:he|she)\b|^(?:he|she)\b", re.I)


def note_body(note: str) -> str:
    """The note without a quoting wrapper (``User said: "…"`` / 用户说：“…”)."""
    m = re.match(r"^(?:User said: \"|用户说：“)(.*?)(?:\"\.?|”。?)$", note.strip())
    return m.group(1) if m else note


def _canon_holder(word: str) -> str:
    word = word.rstrip("'s") if word.endswith("'s") else word
    return {"mum": "mother", "mom": "mother", "dad": "father", "grandma": "grandmother", "grandpa": "grandfather",
            "kids": "kid", "child": "kid", "fiancee": "fiance"}.get(word, word)


def _fold_accents(text: str) -> str:
    """``fiancé`` → ``fiance``: letters without their combining accents (other characters as they are)."""
    return "".join(unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", ch)
                                                          if not unicodedata.combining(c))) for ch in text)


def holder(note: str) -> str:
    """Whose attribute ``note`` states: ``user``, a relation (English word), or ``?`` for an unresolved he/she."""
    text = note.strip()
    if _PRONOUN.search(text):
        return "?"
    low = _fold_accents(text.casefold())
    m = _EN_REL.match(low)
    if m:
        return _canon_holder(m.group(1))
    m = _ZH_REL.match(text)
    if m:
        return {"mom": "mother", "dad": "father", "child": "kid"}.get(_ZH_RELATIONS[m.group(1)], _ZH_RELATIONS[m.group(1)])
    body = note_body(text)
    if body is not text:
        m = re.match(r"^(?:my |我的?|)(" + "|".join(sorted(_ZH_RELATIONS, key=len, reverse=True)) + ")", body)
        if m:
            return _ZH_RELATIONS[m.group(1)]
        m = _EN_REL.match("user's " + re.sub(r"^my\s+", "", body.casefold()))
        if m and re.match(r"^(?:my\s+)?" + re.escape(m.group(1)), body.casefold()):
            return _canon_holder(m.group(1))
    return "user"


#: The person a note is about, as the note names them: 「用户(的)表哥…」, "User's older brother …".
_ZH_PERSON = re.compile(r"^用户(?:的)?([大小二三]?(?:" + "|".join(sorted(_ZH_RELATIONS, key=len, reverse=True)) + "))")
_EN_PERSON = re.compile(r"^(User's (?:(?:older|younger|little|big|elder|best|ex-?)\s*)?[a-z-]+(?: [a-z-]+)?)\s+"
                        r"(?:is|was|has|had|lives|works|moved|got|left|and|'s|just|now|still|[a-z]+s|[a-z]+ed)\b")
_ZH_LEAD_PRONOUN = re.compile(r"^(?:用户说：“)?(?:他|她)(?!们)")
_EN_LEAD_PRONOUN = re.compile(r"^(?:User said: \")?(he|she)(?:'s|\s+is)?\b\s*", re.I)


def resolve_pronoun(new_note: str, old_note: str) -> str | None:
    """``new_note`` with its unresolved he/she named as ``old_note`` names its person: the note a pronoun's
    update replaces says who "he" is when the conversation no longer does (「用户说：“他去年跳槽了，现在在京东”」
    replacing 「用户表哥在阿里做运营。」 → 「用户表哥去年跳槽了，现在在京东。」). None when the new note has no
    leading he/she or the old one names no person of the user."""
    if holder(new_note) != "?" or holder(old_note) in ("user", "?"):
        return None
    body = note_body(new_note.strip())
    zh, en = _ZH_PERSON.match(old_note.strip()), _EN_PERSON.match(old_note.strip())
    if zh and _ZH_LEAD_PRONOUN.match(body):
        rest = _ZH_LEAD_PRONOUN.sub("", body).rstrip("。”\"")
        return f"用户{zh.group(1)}{rest}。"
    lead = _EN_LEAD_PRONOUN.match(body)
    if en and lead:
        verb = " is " if lead.group(0).rstrip().lower().endswith(("'s", "is")) else " "
        rest = body[lead.end():].rstrip(".\"")
        return f"{en.group(1)}{verb}{rest}."
    return None


def same_person(a: str, b: str) -> bool:
    """Two holders (:func:`holder`) may be one person: equal, or one names the other more closely
    ("older brother" / "brother": 我哥 and "my brother")."""
    return a == b or a.endswith(" " + b) or b.endswith(" " + a)
