"""The user's own statement as a third-person note, its subject resolved from the conversation.

When no rule parses a statement worth keeping, the note is the user's words with the subject
made explicit — never a paraphrase that could be wrong:

* a first-person subject becomes the user (``I work nights`` → ``User works nights.``,
  ``我在杭州上班`` → ``用户在杭州上班。``; ``my`` / 我的 → ``User's`` / 用户的);
* a missing subject is the user (「周末一般都去爬山」 → 「用户周末一般都去爬山。」,
  "Been working nights since May" → "User has been working nights since May."), or the user's
  person or thing when the sentence opens with one ("Husband's a pilot" → "User's husband's a
  pilot.", 「老婆在银行上班」 → 「用户的老婆在银行上班。」);
* he / she / it (他 / 她 / 它) is resolved to the person or pet the last turns named
  ("she" after "my sister called" → "User's sister");
* when the subject cannot be made explicit safely, the note quotes the user:
  ``User said: "Emma is 7."`` / 「用户说：“我们打算十月去冰岛”」 — a true sentence about the user.

Structural cues only: pronouns, the word class of the first word (jieba's POS tags for
Chinese; a small closed list of auxiliaries and common verbs for English), and nouns of
people, pets and possessions from the subject lexicon.
"""
from __future__ import annotations

import re
from typing import Any
from collections.abc import Sequence
from functools import lru_cache

from pipelines.extract.generic_en import _PAST, is_adverb, third_person  # noqa: PLC2701 - same package
from pipelines.extract.notes import swap
from pipelines.extract.subject import LEXICON

_CJK = re.compile(r"[\u3400-\u9fff]")
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]+")
_LEAD_EN = re.compile(r"^(?:(?:ok|okay|so|well|oh|and|also|plus|btw|by the way|actually|anyway|lol|lmao|haha+|hah|hmm+|"
                      r"um+|uh|ugh|omg|wow|yeah|yep|yes|same|classic|cool|fyi|fwiw|for the record|side note|quick note|"
                      r"fun fact|just so you know|heads up|oh and|"
                      # an announcement of what follows ("I should mention I'm diabetic", "forgot to say, …")
                      r"(?:i\s+)?(?:should|forgot to|meant to|wanted to|have to|gotta|must|need to)\s+(?:mention|say|tell you|add)"
                      r"(?:\s+that)?|"
                      r"oh yeah|also,|(?:please\s+)?(?:(?:remember|keep in mind|don't forget)(?:\s+that)?|note\s+that))\b[\s,:;!.~-]*)+", re.I)
#: A closing that asks the assistant to bear the statement in mind ("…, so keep that in mind if you suggest recipes").
_MIND_TAIL_EN = re.compile(r"[\s,;.]*(?:\b(?:so|and)\s+)?(?:please\s+)?\b(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind\b.*$", re.I)
_TAIL_EN = re.compile(r"(?:[\s,]*(?:lol|lmao|haha+|hah|xd|:\)|:d|:p|rn|tbh|fr|ngl|omg|jk|pls|plz))+[\s.!?~]*$", re.I)
_LEAD_ZH = re.compile(r"^(?:(?:哈喽|嗨|哈+|呵+|嘿+|嗯+呢?|啊+|哦+|噢+|诶|欸|唉|对了|其实|话说|顺便说一下|顺便|另外|然后|"
                      r"跟你说|告诉你|说起来|ok|OK|请记住|记住|帮我记住|帮我记一下|你记一下|记一下)[\s，,。.！!~～、]*|(?:对|是的|没错|好吧|好的|就是)[\s，,。.！!~～、]+)+")
_TAIL_ZH = re.compile(r"(?:[\s，,]*(?:哈+|呵+|嘿+|hh+|233+|😂|lol))+[\s。.!！~～]*$")

#: People, pets and possessions a subject-less sentence may open with ("Husband's a pilot").
_OWNED_EN = frozenset(set(LEXICON.values()) | set("""kids kid son sons daughter daughters wife husband mom mum dad mother
    father parents sister sisters brother brothers grandma grandpa grandmother grandfather boyfriend girlfriend partner fiance
    fiancee boss manager coworker coworkers roommate roommates landlord neighbor neighbour cousin aunt uncle niece nephew
    in-laws dog dogs cat cats puppy kitten pet pets car job work office commute rent salary birthday anniversary name
    favorite favourite fav hometown house apartment flat place team family baby twins ex doctor therapist dentist teacher
    school major degree phone laptop blood height weight shoe size diet meds medication commute""".split()))
_AUX_EN = frozenset("is are was were 's has have had will can can't won't just turns turned starts started got gets "
                    "likes loves hates works lives wants thinks says said keeps died passed".split())
#: Common verbs a subject-less English statement opens with (base form → "User <verb>s").
_VERBS_EN = frozenset("""love like hate enjoy prefer work live drink eat play take have go run walk cook speak study teach need
    own use wear watch read listen ride drive bike swim train practice practise commute visit attend volunteer collect
    coach sing write paint draw bake grow hike climb surf ski skate shoot knit sew dance stream code build make know
    speak teach do avoid carry keep miss plan hope want get"""
                       .split())
#: Past participles that describe a state or an event of the user ("Born in 1988" → "User was born in 1988").
_WAS_EN = frozenset("born diagnosed raised adopted hired fired laid promoted transferred stationed baptized named".split())
_IS_EN = frozenset("""married divorced engaged separated retired widowed based located employed unemployed allergic vegan
    vegetarian pescatarian single pregnant lactose intolerant obsessed addicted afraid scared terrified diabetic
    asthmatic celiac colorblind left-handed right-handed self-employed""".split())
_MODAL_EN = {"can't": "can't", "cannot": "cannot", "can": "can", "don't": "doesn't", "didn't": "didn't", "won't": "won't",
             "never": "never", "will": "will", "should": "should", "must": "must", "used": "used", "hardly": "hardly"}
_ADVERBS_EN = frozenset("just recently finally usually always never still also only mostly currently basically really "
                        "often sometimes rarely barely actually totally".split())
_PRONOUN_EN = {"he": "he", "she": "she", "they": "they", "it": "it", "his": "his", "her": "her", "their": "their"}

_PERSON_ZH = frozenset("""老婆 老公 妻子 丈夫 爱人 太太 先生 媳妇 对象 男朋友 女朋友 男友 女友 儿子 女儿 闺女 孩子 娃 老大 老二
    大儿子 小儿子 大女儿 小女儿 妈 妈妈 母亲 老妈 爸 爸爸 父亲 老爸 爸妈 父母 哥 哥哥 姐 姐姐 弟 弟弟 妹 妹妹 爷爷 奶奶
    外公 外婆 姥姥 姥爷 公公 婆婆 岳父 岳母 老板 领导 上司 同事 室友 舍友 邻居 房东 朋友 闺蜜 兄弟 表哥 表姐 表妹 表弟 舅舅
    阿姨 叔叔 姑姑 老师 医生 教练 前任 前男友 前女友 宝宝 小孩 家人 老人""".split())
_PET_ZH = frozenset("狗 猫 狗子 狗狗 猫咪 小狗 小猫 柯基 金毛 泰迪 哈士奇 柴犬 边牧 布偶 英短 橘猫 兔子 仓鼠 鹦鹉 金鱼 乌龟".split())
_THIRD_ZH = ("他们", "她们", "他", "她", "它")


def is_cjk(text: str) -> bool:
    """The text holds Chinese characters."""
    return bool(_CJK.search(text))


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
    return f"用户说：“{sentence}”" if is_cjk(sentence) else f'User said: "{sentence}".'


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
#: (「三岁了，柯基，叫旺财」, 「叫阿福，是只橘猫」): after a turn that named a pet or a person it is about them, not the user.
_DESCRIBED_ZH = re.compile(r"^(?:叫(?!我)|名叫|名字叫|[一二两三四五六七八九十\d]+岁|是(?:一)?[只条头])")
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


def _closed(note: str) -> str:
    return note + "。" if not note.endswith("。") else note


def _third_zh(s: str, third: str, recent: Sequence[str]) -> str:
    """A sentence led by 他 / 她 / 它 about the person (or pet) the user last named; quoted when none or plural."""
    who = referent_zh(recent, pet=third == "它", pronoun=third)
    return f"{who}{_zh_user(s[len(third):])}。" if who and third not in ("他们", "她们") else quoted(s)


def note_zh(sentence: str, recent: Sequence[str] = ()) -> str:
    """A Chinese statement as 「用户…。」 (see the module docstring)."""
    s = tidy(sentence)
    if not s:
        return ""
    if s.startswith("我们") or s.startswith(("咱们", "咱")):
        return _closed(quoted(s))  # 我们 is not only the user: the user's words, quoted
    s = re.sub(r"^(?:my|My|MY)\s+", "我的", re.sub(r"^(?:I'm|I am|I)\s+", "我", s))
    if s.startswith("我"):
        return _zh_user(s) + "。"
    third = next((p for p in _THIRD_ZH if s.startswith(p)), None)
    if third is not None:
        return _third_zh(s, third, recent)
    first = _zh_tokens(s)[0][0]
    if first in _PERSON_ZH or first in _PET_ZH:
        return f"用户的{_zh_user(s)}。"
    return _described_zh(s, recent) or f"用户{_zh_user(s)}。"


def referent_en(recent: Sequence[str]) -> str | None:
    """The last person or pet the user named ("my sister" → "User's sister", or a capitalised name)."""
    for turn in reversed(recent):
        if is_cjk(turn):
            continue
        owned = re.findall(r"\bmy ([a-z-]+)", turn, re.I)
        owned = [w for w in owned if w.lower() in _OWNED_EN]
        if owned:
            return f"User's {owned[-1].lower()}"
        names = re.findall(r"(?<=[a-z,] )([A-Z][a-z]+)\b", turn)
        if names:
            return str(names[-1])
    return None


def _first_person_en(s: str) -> str:
    """ "I ..." / "I'm ..." / "my ..." → "User ...", "User's ..." (verb in the third person)."""
    m = re.match(r"^(i'm|im|i am|i've|ive|i'll|i'd|i)\b\s*(.*)$", s, re.I)
    if m is None:
        return f"User's {swap(s[3:])}"
    head, rest = m.group(1).lower(), m.group(2)
    aux = {"i'm": "is", "im": "is", "i am": "is", "i've": "has", "ive": "has", "i'll": "will", "i'd": "would"}.get(head)
    if aux:
        return f"User {aux} {swap(rest)}"
    words = rest.split(maxsplit=2)
    if len(words) >= 2 and is_adverb(words[0]):
        return f"User {words[0].lower()} {third_person(words[1])} {swap(' '.join(words[2:]))}".rstrip()
    if words:
        return f"User {third_person(words[0])} {swap(' '.join(words[1:]))}".rstrip()
    return ""


def _subjectless_en(s: str, words: list[str]) -> str | None:
    """A sentence without a subject: the user is it, when the first word's class says so."""
    w = words[0].lower().strip("!,.;:")
    second = words[1].lower() if len(words) > 1 else ""
    lower = s[0].lower() + s[1:]
    if _owned_en(w, second, words):
        return f"User's {swap(lower)}"
    state = _state_en(w)
    if state is not None:
        return f"User {state} {swap(lower)}"
    if _adverb_led_en(w, second):
        return f"User {swap(lower)}"
    verb = _verb_en(w)
    if verb is not None:
        return f"User {verb} {swap(' '.join(words[1:]))}".rstrip()
    return _shaped_en(w, second, lower)


def _owned_en(w: str, second: str, words: list[str]) -> bool:
    """"sister's a nurse", "kids are grown": something of the user's leads."""
    return w.endswith("'s") and w[:-2] in _OWNED_EN or w in _OWNED_EN and (second in _AUX_EN or len(words) == 1)


def _state_en(w: str) -> str | None:
    """The auxiliary a state word leads with ("been …" → has, "born …" → was, "married" → is)."""
    if w == "been":
        return "has"
    if w in _WAS_EN:
        return "was"
    return "is" if w in _IS_EN else None


def _adverb_led_en(w: str, second: str) -> bool:
    return w in _ADVERBS_EN and bool(second) and (second in _VERBS_EN or second.endswith("ed")
                                                  or third_person(second) == second)


def _verb_en(w: str) -> str | None:
    """The first word as the user's verb in the third person (a common verb or a modal)."""
    if w in _VERBS_EN:
        return third_person(w)
    return _MODAL_EN[w] if w in _MODAL_EN else None


def _shaped_en(w: str, second: str, lower: str) -> str | None:
    """A first word whose form says the user is its subject: a past tense, a gerund, a moved "-ed … to"."""
    if w in _PAST:
        return f"User {swap(lower)}"
    if w.endswith("ing") and second not in _AUX_EN and w not in ("morning", "evening", "nothing", "something", "everything"):
        return f"User is {swap(lower)}"
    if w.endswith("ed") and second in ("to", "from", "in", "out", "back", "up", "here", "there", "into", "away", "on"):
        return f"User {swap(lower)}"
    return None


def _led_en(s: str, words: list[str], w: str, recent: Sequence[str]) -> str:
    """The note by the sentence's first word ``w``: the user, a verb or pronoun of the person just named, or none."""
    if w in ("i", "i'm", "im", "i've", "ive", "i'll", "i'd", "my") or s.lower().startswith("i am "):
        return _first_person_en(s)
    if w in ("lives", "works", "is", "has", "was", "does", "loves", "likes", "hates", "wants", "goes", "plays", "turns"):
        who = referent_en(recent)  # "lives with my parents" after "my grandma …": she does, not the user
        mine = re.sub(r"\bmy\b", "the user's", re.sub(r"\bme\b", "the user", s[0].lower() + s[1:], flags=re.I), flags=re.I)
        return f"{who} {swap(mine)}" if who else ""
    if w in _PRONOUN_EN and w not in ("they", "their"):
        return _pronoun_led_en(words, w, recent)
    return _subjectless_en(s, words) or ""


def _pronoun_led_en(words: list[str], w: str, recent: Sequence[str]) -> str:
    """"she …" / "her …" about the person the user last named; empty when none is known."""
    who = referent_en(recent)
    rest = " ".join(words[1:])
    if who and w in ("he", "she"):
        return f"{who} {swap(rest)}"
    return f"{who}'s {swap(rest)}" if who and w in ("his", "her") else ""


def _mentions_me_en(s: str, w: str) -> bool:
    """The sentence speaks of the user in the object case ("… for me", "my …") and no other subject leads."""
    return bool(re.search(r"\b(?:me|my|mine|myself)\b", s, re.I)) and w not in _PRONOUN_EN and w not in ("we", "our", "us")


def note_en(sentence: str, recent: Sequence[str] = ()) -> str:
    """An English statement as "User …." (see the module docstring)."""
    s = tidy(sentence)
    words = s.split()
    if not words:
        return ""
    w = words[0].lower().strip("!,.;:")
    out = _led_en(s, words, w, recent)
    if not out and _mentions_me_en(s, w):
        out = re.sub(r"\bmy\b", "the user's", re.sub(r"\b(?:me|myself)\b", "the user", s, flags=re.I), flags=re.I)
        out = out[0].upper() + out[1:]
    if not out:
        return quoted(s)
    return out.rstrip(" ,;:") + "."


def normalize(sentence: str, recent: Sequence[str] = ()) -> str:
    """The note for one statement (Chinese when it holds Chinese characters)."""
    return note_zh(sentence, recent) if is_cjk(sentence) else note_en(sentence, recent)
