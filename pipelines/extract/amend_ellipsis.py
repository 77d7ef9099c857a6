"""Add-ons without a predicate ("Thursday too", 「周四也有」, "my cousin too"): the statement they make by leaning on
the note just written, which stays.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.amend_cues import function_word
from pipelines.extract.amend_values import same_type
from pipelines.extract.amend_whole import kin_amend, whole_value
from pipelines.extract.amend_words import kin_change

#: An add-on that leaves out its predicate: "Thursday too", "my cousin too actually", "and my sister", 「周四也有」,
#: 「我妹也是」 — it names one new value and leans on the statement just made for the rest.
_EN_ADD_MARK = re.compile(r"\b(?:too|also|as well|either)\b|^(?:and|plus|also)\b", re.I)
EN_ELLIPSIS_FILLER = frozenset("""my our the a an too also as well either and plus actually oh same here is are does do did
    has have on at in lol haha ok so yeah yep""".split())
_ZH_ADD_MARK = re.compile(r"也|还")
#: A clause after the add-on that says how its thing differs: the add-on copies nothing of the note.
_CONTRAST = re.compile(r"(?:不过|但是|但|可是|只是|就是|而且|(?:but|though|although|except|only|just|however)\b)", re.I)
_ZH_ELLIPSIS_FILLER = re.compile(r"也有|也是|也会|也要|也去|也在|也|还有|还是|还|都|了|啊|呢|吧|哦|哈+|我的?|的")


def elliptical_add(text: str) -> bool:
    """The text is an add-on with no predicate of its own (its first clause): one new value "too"/也."""
    first = re.split(r"[,，;；。.!！]", text.strip(), maxsplit=1)[0].strip()
    if not first:
        return False
    if re.search(r"[\u3400-\u9fff]", first):
        rest = _ZH_ELLIPSIS_FILLER.sub("", first)
        return bool(_ZH_ADD_MARK.search(first)) and 0 < len(re.findall(r"[\u3400-\u9fff\w]", rest)) <= 5
    words = [w for w in re.findall(r"[a-z0-9']+", first.casefold()) if w not in EN_ELLIPSIS_FILLER]
    return bool(_EN_ADD_MARK.search(first)) and 0 < len(words) <= 2


def elide(text: str, notes: Sequence[tuple[int, str]]) -> str | None:
    """The statement an elliptical add-on makes ("周四也有" after 「用户周二晚上有瑜伽课。」 → 「用户周四有瑜伽课。」,
    "my cousin too" after "User's brother lives in Denver." → "User's cousin lives in Denver."): the newest note
    (of ``notes``, newest first) with the one value the add-on names — a typed value (a day, a time, a date, a
    number) or a relative — in place of its own. None when the text is no such add-on or names no value of a
    note. The note it leans on stays: an add-on replaces nothing."""
    if not elliptical_add(text):
        return None
    first, *rest = re.split(r"[,，;；。.!！]", text.strip(), maxsplit=1)
    if rest and _CONTRAST.match(rest[0].strip()):
        return None  # 「周四也有，不过那个是普拉提」, "Friday too, but that one's online": not the note's thing copied
    for _, note in notes[:2]:
        change = same_type(first, note)
        if change is not None and change[0] in note and not function_word(*change) and _only_value(first, change[1]):
            content = whole_value(note, change[0], first, change[1])
            if content and content != note:
                return content
        kin = kin_change(first, note)
        if kin is not None and _only_value(first, kin[1]):
            content = kin_amend(first, first, note, kin)
            if content and content != note:
                return content
    return None


def _only_value(clause: str, value: str) -> bool:
    """The add-on says nothing but its value ("周四也有", "my cousin too"): "周四也有钢琴课" or "piano on Thursday
    too" name a thing of their own, and the note they lean on is not theirs to copy."""
    rest = clause.replace(value, " ")
    if re.search(r"[\u3400-\u9fff]", clause):
        return not re.findall(r"[\u3400-\u9fff\w]", _ZH_ELLIPSIS_FILLER.sub("", rest))
    return not [w for w in re.findall(r"[a-z0-9']+", rest.casefold()) if w not in EN_ELLIPSIS_FILLER]
