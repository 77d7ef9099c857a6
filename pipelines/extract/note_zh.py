"""A Chinese statement as a third-person note 「用户…。」, its subject resolved from the conversation.

我 becomes the user (我的 → 用户的; 我们 is quoted: it is not only the user); a missing subject is the user,
or the user's person or pet when the sentence opens with one (「老婆在银行上班」 → 「用户的老婆在银行上班。」);
他 / 她 / 它 is the person or pet the last turns named. Structural cues only: jieba's POS tags and nouns of
people and pets.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pipelines.extract.user_words import is_cjk, quoted, tidy

_PERSON_ZH = frozenset("""老婆 老公 妻子 丈夫 爱人 太太 先生 媳妇 对象 男朋友 女朋友 男友 女友 儿子 女儿 闺女 孩子 娃 老大 老二
    大儿子 小儿子 大女儿 小女儿 妈 妈妈 母亲 老妈 爸 爸爸 父亲 老爸 爸妈 父母 哥 哥哥 姐 姐姐 弟 弟弟 妹 妹妹 爷爷 奶奶
    外公 外婆 姥姥 姥爷 公公 婆婆 岳父 岳母 老板 领导 上司 同事 室友 舍友 邻居 房东 朋友 闺蜜 兄弟 表哥 表姐 表妹 表弟 舅舅
    阿姨 叔叔 姑姑 老师 医生 教练 前任 前男友 前女友 宝宝 小孩 家人 老人 主管 经理 组长 总监 师傅 同学""".split())
_PET_ZH = frozenset("狗 猫 狗子 狗狗 猫咪 小狗 小猫 柯基 金毛 泰迪 哈士奇 柴犬 边牧 布偶 英短 橘猫 兔子 仓鼠 鹦鹉 金鱼 乌龟".split())
_THIRD_ZH = ("他们", "她们", "他", "她", "它")

@lru_cache(maxsize=1)
def _posseg() -> Any:  # jieba's module
    import jieba
    import jieba.posseg

    jieba.setLogLevel(60)
    return jieba.posseg


def _zh_tokens(text: str) -> list[tuple[str, str]]:
    return [(w.word, w.flag) for w in _posseg().cut(text)]


_FEMALE_ZH = frozenset("老婆 妻子 太太 媳妇 女朋友 女友 女儿 闺女 妈 妈妈 母亲 老妈 姐 姐姐 妹 妹妹 奶奶 外婆 姥姥 婆婆 岳母 阿姨 姑姑 "
                       "闺蜜 表姐 表妹 前女友".split())
_MALE_ZH = frozenset("老公 丈夫 先生 男朋友 男友 儿子 爸 爸爸 父亲 老爸 哥 哥哥 弟 弟弟 爷爷 外公 姥爷 公公 岳父 叔叔 舅舅 表哥 "
                     "表弟 兄弟 前男友".split())
_PLURAL_ZH = frozenset("爸妈 父母 家人 老人 孩子们".split())


def _fits(word: str, pronoun: str) -> bool:
    """A person word that 他 / 她 can stand for (number and, where the word tells, gender)."""
    if word in _PLURAL_ZH:
        return False
    return not (pronoun == "他" and word in _FEMALE_ZH or pronoun == "她" and word in _MALE_ZH)


def referent_zh(recent: Sequence[str], pet: bool, pronoun: str = "") -> str | None:
    """The last person (or pet) the user named in the recent turns, as 「用户的…」 or a name."""
    for turn in reversed(recent):
        if not is_cjk(turn):
            continue
        found = _last_named_zh(turn, pet, pronoun)
        if found:
            return found
    return None


def _last_named_zh(turn: str, pet: bool, pronoun: str) -> str | None:
    """The last person word (or pet) of one turn as 「用户的…」, or the last personal name (jieba's ``nr``)."""
    found = None
    for word, flag in _zh_tokens(turn):
        if _kin_or_pet_zh(word, pet, pronoun):
            found = f"用户的{word}"
        elif flag == "nr" and not pet and len(word) >= 2:
            found = word
    return found


def _kin_or_pet_zh(word: str, pet: bool, pronoun: str) -> bool:
    is_pet = word in _PET_ZH or len(word) <= 4 and word.endswith(("猫", "狗", "犬"))  # 流浪猫, 小黑狗
    return pet and is_pet or not pet and word in _PERSON_ZH and _fits(word, pronoun)


#: A subject-less clause that tells what someone or something is called, how old it is, or what animal it is
#: (「三岁了，柯基，叫旺财」, 「叫阿福，是只橘猫」, 「姓陈，人挺好的」 after 「新来了个主管」): after a turn that named a pet
#: or a person it is about them, not the user.
_DESCRIBED_ZH = re.compile(r"^(?:叫(?!我)|名叫|名字叫|姓[\u3400-\u9fff](?![名氏])|[一二两三四五六七八九十\d]+岁|是(?:一)?[只条头])")
_ANIMAL_ZH = re.compile(r"是(?:一)?[只条头]")
#: A clause that opens with an organisation (「一家做跨境电商的小公司」, 「一所国际学校」): the user is not the company,
#: and how they belong to it is not said — the user's words, quoted.
COUNTED_ZH = re.compile(r"^一[家所间个](?!人)[^，,。]{0,14}?(?:公司|店|厂|医院|学校|机构|单位|企业|工作室|银行|餐厅|事务所)")


def _described_zh(s: str, recent: Sequence[str]) -> str | None:
    """The note of a described subject-less clause (see :data:`_DESCRIBED_ZH`): the pet or person the last turn
    named, or the user's words quoted when the clause is about an animal and none was named; ``None`` otherwise."""
    if COUNTED_ZH.match(s):
        return _closed(quoted(s))
    if not _DESCRIBED_ZH.match(s):
        return None
    last = [t for t in recent if is_cjk(t)][-1:]
    who = next((w for w in (_last_named_zh(t, pet, "") for t in last for pet in (True, False)) if w), None)
    if who is not None and who.startswith("用户的"):
        return f"{who}{_zh_user(s)}。"
    return _closed(quoted(s)) if _ANIMAL_ZH.search(s) else None


def _zh_user(body: str) -> str:
    """First-person words inside a Chinese sentence → the user (我们 stays: it is not only the user)."""
    body = re.sub(r"我(?:的)?家", "用户家", body)
    return re.sub(r"我(?!们)", "用户", body)


#: The user's self-reference in dialect or slang opening a sentence (「俺家娃…」, 「偶最近在练琴」, 「本人不吃辣」,
#: 「本社畜在…上班」): 我 (偶尔, 偶像, 本来, 本地 … are other words).
_SELF_ZH = re.compile(r"^(?:俺(?!们)|偶(?![尔像然数遇发])|本人|本(?:打工人|社畜|宝宝|宝|姑娘|小姐|少女|仙女|懒人|吃货))")


def _closed(note: str) -> str:
    return note + "。" if not note.endswith("。") else note


def _third_zh(s: str, third: str, recent: Sequence[str]) -> str:
    """A sentence led by 他 / 她 / 它 about the person (or pet) the user last named; quoted when none or plural."""
    who = referent_zh(recent, pet=third == "它", pronoun=third)
    if not who or third in ("他们", "她们"):
        return quoted(s)
    rest = _zh_user(s[len(third):])
    return f"{who}{_possessive(rest)}{rest}。"


def _possessive(rest: str) -> str:
    """「的」 when the pronoun was a possessive (她老公 → 用户的姐姐的老公, 他名字 → …的名字), else nothing."""
    tokens = _zh_tokens(rest)[:1]
    held = bool(tokens) and (tokens[0][0] in _PERSON_ZH or tokens[0][0] in _PET_ZH or tokens[0][1] in ("n", "nz"))
    return "的" if held and not rest.startswith("的") else ""


#: A connective opening the statement (「但我们组每周五…」, 「不过我还是喜欢喝茶」, 「so我们过年…」): it joins the statement to
#: the one before, it is no word of the subject (「用户但我们组…」 was a note). 不过敏, 但愿 are other words.
_CONNECTIVE_ZH = re.compile(r"^(?:但是|可是|不过(?!敏)|而且|所以|然后|但(?![愿凡])|(?i:so|but|and|anyway)(?![A-Za-z]))[，,\s]*")
#: English words of the user's people a Chinese statement may open with (「Mom 每天都要跳广场舞」, 「boss是个德国人」).
_PERSON_LATIN = frozenset("""mom mum dad mother father parents wife husband hubby boyfriend girlfriend bf gf partner son
    daughter kids kid baby sister brother sis bro grandma grandpa boss manager mentor roommate coworker colleague
    cousin aunt uncle""".split())
#: A Latin word opening the statement: a name (「Kevin 说他下周来」) or one of the user's people (「Mom 每天…」).
_LATIN_LEAD = re.compile(r"^(?P<word>[A-Za-z][A-Za-z'’-]*)(?=(?:\s+[A-Za-z'’-]+)*\s*[\u3400-\u9fff])")


def _latin_led(s: str) -> str | None:
    """The note of a statement opening with a Latin word: one of the user's people → 「用户的…」; a capitalised name →
    the user's words quoted (someone else's subject is no 「用户Kevin 说…」); ``None`` for any other word."""
    m = _LATIN_LEAD.match(s)
    if m is None:
        return None
    word = m.group("word")
    if word.casefold() in _PERSON_LATIN:
        return f"用户的{_zh_user(s)}。"
    if word.casefold() == "the" or word[0].isupper() and word[1:].islower() and len(word) >= 3:
        return _closed(quoted(s))  # 「the younger one 还在幼儿园」: a subject in English, not 「用户the younger one…」
    return None


def note_zh(sentence: str, recent: Sequence[str] = ()) -> str:
    """A Chinese statement as 「用户…。」 (see the module docstring)."""
    s = _CONNECTIVE_ZH.sub("", tidy(sentence)) or tidy(sentence)
    if not s:
        return ""
    if s.startswith("我们") or s.startswith(("咱们", "咱")):
        return _closed(quoted(s))  # 我们 is not only the user: the user's words, quoted
    s = re.sub(r"^(?:my|My|MY)\s+", "我的", re.sub(r"^(?:I'm|I am|I)\s+", "我", s))
    s = _SELF_ZH.sub("我", s)
    if s.startswith("我"):
        return _zh_user(s) + "。"
    third = next((p for p in _THIRD_ZH if s.startswith(p)), None)
    if third is not None:
        return _third_zh(s, third, recent)
    latin = _latin_led(s)
    if latin is not None:
        return latin
    first = _zh_tokens(s)[0][0]
    if first in _PERSON_ZH or first in _PET_ZH:
        return f"用户的{_zh_user(s)}。"
    return _described_zh(s, recent) or f"用户{_zh_user(s)}。"
