"""Corrections and changes that lean on what was just said: the value they replace, in the note that held it.

"Actually make it Thursday", 「说错了，是周四不是周二」, "Kate* she hates Katie", 「三点，看错日历了」,
"100mg, typo", 「啊不是，是磺胺，青霉素没事」: each names a new value and leaves the subject to the
conversation. :func:`amend` finds the note it corrects among the user's recent memories (this
session's first, then the most similar ones) and returns that note with the old value
replaced, plus the id it supersedes — so the update keeps the subject the user did not repeat.

Values are typed (numbers with their unit, weekdays, dates, times, codes, words); the old
value is the one of the same type in the note, or the word the user says was wrong
("青霉素没事", "not vegetarian", "Deloitte was my last job"), or a look-alike of the new word
(a typo: 广洲 → 广州, Katie → Kate).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from pipelines.extract.generic_en import STOP_EN
from pipelines.extract.rules import is_request
from pipelines.extract.subject import zh_number
from pipelines.extract.supersede_gate import says_add, topic_terms
from pipelines.extract.trigger import split_sentences

#: A correction of the user's own words: the word-level change is allowed only after one of these.
_STRONG = re.compile(
    r"说错|打错|写错|记错|记反|看错|搞错|弄错|算错|说反|搞混|记混|嘴瓢|纠正|口误|不对|不是|其实是|应该是|少打|多打|自动纠错|输入法|"
    r"\bautocorrect|\bi meant\b|\bmeant\b|\bi mean\b|\btypo\b|"
    r"\bsorry\b|\bwait,? no\b|\bno,? wait\b|\bcorrection\b|\bmistake\b|\bwrong\b|\bmess(?:ed)? (?:that|it) up\b|\bspelled\b|"
    r"\bkeep forgetting\b|\*|\bis fine\b|\bwas my (?:last|old|previous)\b|\bnot\b|\bhold on\b(?! to\b)|\blet me check\b|"
    r"\b(?:just |double[- ]?)checked\b(?! (?:in|out|into|on)\b)",
    re.I)
#: A change of a value just discussed ("make it Thursday", 改到周三): typed values only.
_CHANGE = re.compile(
    r"改到|改成|改为|改在|改签|推迟|推到|延期|延到|提前|换成|换到|挪到|减到|涨到|增加到|降到|变成|变为|现在|\bactually\b|\bmake it\b|\bchange[ds]?\b|\bmoved\b|"
    r"\bpushed\b|\bpostponed\b|\bresched|\binstead\b|\bnow\b|\bextension\b|\buntil\b|\bno,|\bup(?:ped)? (?:it |me )?to\b|"
    r"\braised\b|\bincreased\b|\bbumped\b|\blowered\b|\bcut (?:it |me )?(?:down )?to\b|\breduced\b|\bswitched\b|\bswapped\b|"
    r"\bwent (?:up|down) to\b|\b(?:down|up) to\b|\bmoving it\b|调到|加到|升到|降低到|调整为|调成|挪到|换了",
    re.I)
_CUE = re.compile(f"{_STRONG.pattern}|{_CHANGE.pattern}", re.I)
_DISMISSED = re.compile(r"(?:not|isn't|不是)\s*(?:(?:my|the|a|an|his|her|our|their)\s+)?([\w\u3400-\u9fff-]+)|([\w\u3400-\u9fff-]+?)\s*(?:没事|没问题|is fine|'s fine|"
                        r"was my (?:last|old|previous)|was the other\b)", re.I)
#: "Jack, not Jake" / "Jack instead of Jake" / 「是周四不是周二」: the word before the contrast is the new value.
_CONTRAST = re.compile(r"(?P<new>[A-Za-z][\w-]*)\s*,?\s+(?:not|instead of|rather than)\s+(?!(?:sure|really|that|quite)\b)[A-Za-z]|"
                       r"是(?P<znew>[\u3400-\u9fff\w]{1,8}?)[，,]?\s*(?:不是|而不是)", re.I)
#: "I meant Microsoft" / "it's Lena": the word after is the new value.
_MEANT = re.compile(r"\b(?:i meant|i mean|meant|it'?s|it is|it was|should be|should've said|supposed to say)\s+"
                    r"(?:(?:my|the|a|an|actually|really)\s+)?([A-Za-z][\w-]*)", re.I)
_STARRED = re.compile(r"([\w\u3400-\u9fff-]+)\s*[*＊]")
_DAYPART = r"(?:\s*(?:morning|afternoon|evening|night|上午|下午|晚上|早上|中午))?"
_WEEKDAY = re.compile(rf"(?:下+)?(?:周|星期|礼拜)[一二三四五六日天]{_DAYPART}|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b{_DAYPART}",
                      re.I)
_TIME = re.compile(r"\b\d{1,2}:\d{2}\s*(?:am|pm)?|\b\d{1,2}\s*(?:am|pm)\b|[一二两三四五六七八九十\d]{1,3}点(?:半|\d{1,2}分?)?", re.I)
_WEEKDAY_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "mon": 1, "tues": 2, "wednes": 3,
                "thurs": 4, "fri": 5, "satur": 6, "sun": 7}
#: A number is one value with its separators (1,800), its Chinese magnitudes (三万二, 两千八) and "about" (二十来只).
_NUMBER = re.compile(r"(?<![A-Za-z0-9.:,'])(?!一(?:点(?!钟|半)|下|起|直|般|样|定|些|会|切|共|向|边))(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|[一二两三四五六七八九十][零一二两三四五六七八九十百千万亿]*)"
                     r"(?:来|多|余)?\s*(?:mg|ml|kg|km|k|l|lbs?|%|cm|岁|号|日|公斤|斤|块|元|次|年|"
                     r"个小时|小时|分钟|个月|个|只|条|天|周|层|楼)?"
                     r"(?![A-Za-z0-9:月]|,\d|'\d)", re.I)
#: A height in feet and inches (5'7", 5 ft 7) is one value, never two numbers.
_HEIGHT = re.compile(r"(?<![\d'])\d\s?'\s?\d{1,2}(?:\"|''|″)?|\b\d\s?(?:ft|foot|feet)\s?\d{1,2}(?:\s?(?:in|inches)\b)?", re.I)
_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{1,3}\d{2,}|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,})(?![A-Za-z0-9])")
_DATE = re.compile(r"\d{1,2}月\d{1,2}[日号]?|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}"
                   r"(?:st|nd|rd|th)?\b|\bthe \d{1,2}(?:st|nd|rd|th)\b", re.I)
_NOISE_WORDS = frozenset("""actually sorry typo wait meant mean not no its it's is was the a an and but lol haha ugh omg my i
    autocorrect autocorrected strikes again brain fart lol
    i'm im keep forgetting always mess that up with v fine last job old previous before spelled wrong make change moved
    it to instead of correction mistake she he they hates likes just""".split())


_ZH_FILLER = frozenset("是 有 在 哦 啊 嗯 说 打 字 日历 个 了 那个 这个 事 没事".split())


@dataclass(frozen=True)
class Amendment:
    """The corrected note and the memory it supersedes."""

    memory_id: int
    content: str
    old: str
    new: str


def has_cue(text: str) -> bool:
    """The text corrects or changes something ("说错了", "make it", "typo", "*")."""
    return bool(_CUE.search(text))


def is_correction(text: str) -> bool:
    """The text corrects the user's own earlier words ("说错了", "typo", "I meant", "Kate*")."""
    return bool(_STRONG.search(text))


def _unit(token: str) -> str:
    return re.sub(r"[\d.,\s零一二两三四五六七八九十百千万亿来多余]+", "", token).lower()


_ZH_DIGIT = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_MAGNITUDE = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "亿": 100_000_000}


def _zh_sum(text: str) -> tuple[int, int, int, int]:
    """The leading numeral of ``text`` read left to right: (total, open section, last digit, last magnitude)."""
    total, section, digit, last = 0, 0, 0, 0
    for c in text:
        if c in _ZH_DIGIT:
            digit = _ZH_DIGIT[c]
        elif c in ("万", "亿"):
            total += (section + digit) * _ZH_MAGNITUDE[c]
            section, digit, last = 0, 0, _ZH_MAGNITUDE[c]
        elif c in _ZH_MAGNITUDE:
            section += (digit or (1 if c == "十" else 0)) * _ZH_MAGNITUDE[c]
            digit, last = 0, _ZH_MAGNITUDE[c]
        else:
            break
    return total, section, digit, last


def _zh_value(text: str) -> float | None:
    """三万二 → 32000, 两千八 → 2800, 二十 → 20; None when ``text`` holds no numeral."""
    if len(text) >= 2 and all(c in _ZH_DIGIT for c in text):
        return float("".join(str(_ZH_DIGIT[c]) for c in text))  # 九零 / 八九: a year's digits
    total, section, digit, last = _zh_sum(text)
    if digit and last >= 100:
        digit *= last // 10  # 三万二: the digit after a magnitude is one step below it
    value = total + section + digit
    return float(value) if value or text[:1] == "零" else None


def _num(token: str) -> float | None:
    digits = re.search(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", token)
    if digits:
        return float(digits.group(0).replace(",", ""))
    zh = re.match(r"[零一二两三四五六七八九十百千万亿]+", token)
    if zh is None:
        return None
    small = zh_number(zh.group(0))
    return float(small) if small is not None else _zh_value(zh.group(0))


def _weekday(token: str) -> int | None:
    m = re.search(r"[一二三四五六日天]$|^(mon|tues|wednes|thurs|fri|satur|sun)", token.lower())
    return _WEEKDAY_NUM.get(m.group(0)) if m else None


def _typed(pattern: re.Pattern[str], text: str) -> list[str]:
    return [m.group(0).strip() for m in pattern.finditer(text) if m.group(0).strip()]


#: "… not the 14th", 「不是周二」: the value the user dismisses, never the new one.
_NOT_VALUE = re.compile(r"\b(?:not|instead of|rather than)\s+(?:the\s+|my\s+|a\s+)?[\w'\"-]+|(?:而)?不是[^，,。！!？?；;是]{1,8}|"
                        r"\bi (?:said|wrote|typed)\s+(?:the\s+|my\s+|a\s+)?[\w'\"-]+(?=\s+but\b)", re.I)
#: The clause naming the value meant ("I meant Thursday", "meant 2L"): read before the rest of the message, which
#: may state another thing of the same type ("…, tuesdays is pottery").
_MEANT_CLAUSE = re.compile(r"[^,，;；.!！?？]*\b(?:i meant|i mean|meant|should (?:be|have said|'ve said))\b[^,，;；!！?？]*", re.I)
_MONTH = re.compile(r"(?<![\d一二三四五六七八九十])(?:\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?(?![\d一二三四五六七八九十]+[日号])|"
                    r"\b(?:january|february|march|april|june|july|august|september|october|november|december)\b", re.I)


def _height(token: str) -> str:
    return "-".join(re.findall(r"\d+", token))


def _month(token: str) -> str:
    return token.lower().replace("份", "")


def _same_type(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a value of one type in both, different (the value dismissed with "not" / 不是 is not the new one;
    the clause saying what was meant is read first)."""
    meant = _MEANT_CLAUSE.search(text)
    if meant and meant.group(0).strip() != text.strip():
        found = _same_type_span(meant.group(0), note)
        if found is not None:
            return found
    return _same_type_span(text, note)


def _same_type_span(text: str, note: str) -> tuple[str, str] | None:
    """:func:`_same_type` of one span."""
    kept = _NOT_VALUE.sub(" ", text)
    if kept.strip() and kept != text:
        found = _typed_change(kept, note)
        if found is not None:
            return found
    return _typed_change(text, note)


def _typed_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a time, then a height, weekday, date, month or code, then a number that differs."""
    return _time_change(text, note) or _kind_change(text, note) or _number_change(text, note)


def _time_change(text: str, note: str) -> tuple[str, str] | None:
    times = _typed(_TIME, text) or [n for n in _typed(_NUMBER, text) if re.fullmatch(r"\d{1,2}", n)]
    old_times = [o for o in _typed(_TIME, note) if o not in times]
    if times and old_times and _typed(_TIME, note):
        return old_times[0], times[-1]
    return None


#: An ordinal ("3rd floor" → "Wait no, 4th") and a count in words ("two cats" → "wait, three"); "one" is left
#: out, it is a pronoun as often as a number ("the one in Boston").
_ORDINAL = re.compile(r"\b\d{1,3}(?:st|nd|rd|th)\b", re.I)
_COUNT_WORD = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)

#: The typed values compared by a key of their own: (pattern, key), first match wins.
_KEYED_TYPES: tuple[tuple[re.Pattern[str], Callable[[str], object]], ...] = (
    (_HEIGHT, _height), (_WEEKDAY, _weekday), (_DATE, str.lower), (_MONTH, _month), (_CODE, str.upper),
    (_ORDINAL, str.lower), (_COUNT_WORD, str.lower))


def _kind_change(text: str, note: str) -> tuple[str, str] | None:
    for pattern, key in _KEYED_TYPES:
        new = _typed(pattern, text)
        old = [o for o in _typed(pattern, note) if all(key(o) != key(n) for n in new)]
        if new and old:
            return old[0], _singular_day(new[-1], old[0])
    return None


def _singular_day(new: str, old: str) -> str:
    """"Thursdays" for "Tuesday": the new weekday as the note said its old one."""
    return new[:-1] if new.lower().endswith("days") and not old.lower().endswith("s") else new


def _numbers_differ(o: str, n: str) -> bool:
    """Two numbers of one unit (or a bare new one) with different values."""
    return _num(o) is not None and _num(o) != _num(n) and (_unit(o) == _unit(n) or not _unit(n))


#: A corrected quantity stays within this factor of the old one: 「预算三十万左右」 is no new size of 「一百平」 (a budget,
#: not the flat: "用户在南京江宁买了套房，三十万平。"), while "3 kids → 4" and "$1,800 → $2,100" are.
_SCALE = 100.0


def _same_scale(old: str, new: str) -> bool:
    """The two numbers are within :data:`_SCALE` of each other when one is written with a Chinese magnitude
    (万, 亿) the other lacks; otherwise, or when either is unreadable or zero, no judgement."""
    if bool(re.search(r"[万亿]", old)) == bool(re.search(r"[万亿]", new)):
        return True
    a, b = _num(old), _num(new)
    return not a or not b or 1 / _SCALE <= b / a <= _SCALE


def _number_change(text: str, note: str) -> tuple[str, str] | None:
    news = [n for n in _typed(_NUMBER, text) if _num(n) is not None]
    for n in reversed(news):  # the last number is the new value ("adopted one more, three now")
        for o in _typed(_NUMBER, note):
            if _numbers_differ(o, n) and _same_scale(o, n):
                return (o if not _unit(o) or _unit(n) else re.sub(r"[^\d.一二两三四五六七八九十]+$", "", o)), n
    return None


def _words(text: str) -> list[str]:
    latin = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]{2,}", text) if w.lower() not in _NOISE_WORDS]
    return latin + re.findall(r"[\u3400-\u9fff]{2,}", text)


def _zh_words(text: str) -> list[str]:
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    return [w for w, flag in _zh_tokens(text) if flag.startswith(("n", "a")) and not _CUE.search(w)
            and re.search(r"[\u3400-\u9fff]", w) and w not in _ZH_FILLER]


def _closest(word: str, note: str) -> str | None:
    """The word of ``note`` that looks most like ``word`` (a typo of it), if any."""
    candidates = set(_words(note) + (_zh_words(note) if re.search(r"[\u3400-\u9fff]", note) else []))
    scored = [(SequenceMatcher(None, o.casefold(), word.casefold()).ratio(), o) for o in candidates
              if abs(len(o) - len(word)) <= 3 and o.casefold() != word.casefold()
              and (o[:1].isupper() == word[:1].isupper() or not word.isascii())]  # a name replaces a name
    scored = [x for x in scored if x[0] >= 0.5]
    return max(scored)[1] if scored else None


_FUNCTION_CAPS = frozenset("we i the my our a an it he she they this that".split())


def _only_name(word: str, note: str) -> str | None:
    """A capitalised new word ("it's Microsoft") replaces the note's only name (Google) when there is just one."""
    if not word[:1].isupper():
        return None
    names = {w for w in re.findall(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w-]+", note)
             if w not in ("User", "User's", word) and w.lower() not in _FUNCTION_CAPS}
    return names.pop() if len(names) == 1 else None


#: Characters of grammar, never the value a one-character correction changes (用户 → 用我, 号 → 后).
_GRAMMAR_CHARS = set("用户我你他她它说是的了后号在要也都就还把被给")


def _one_char(text: str, note: str) -> tuple[str, str] | None:
    """A 2–4 character span of ``text`` that differs from one in ``note`` by one character (属兔 / 属虎)."""
    for size in (4, 3, 2):
        for i in range(len(text) - size + 1):
            span = text[i:i + size]
            if not re.fullmatch(r"[\u3400-\u9fff]+", span) or span in note:
                continue
            other = _one_char_off(span, note)
            if other is not None:
                return other, span
    return None


def _one_char_off(span: str, note: str) -> str | None:
    """The first span of ``note`` as long as ``span`` that differs from it in one character (no grammar)."""
    size = len(span)
    for j in range(len(note) - size + 1):
        other = note[j:j + size]
        diff = [k for k in range(size) if other[k] != span[k]]
        if len(diff) == 1 and span[diff[0]] not in note and not set(other + span) & _GRAMMAR_CHARS:
            return other
    return None


_ZH_NEW = re.compile(r"(?:其实是|应该是|其实|是|改成|换成)([^，,。！!？?；;]{1,12})")
_ZH_CORRECTION_WORDS = re.compile(r"口误|说错|打错|记错|搞错|弄错|嘴瓢|说反|不对|个女生|个男生")


def _zh_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a Chinese correction "…其实是开封的" / "应该是头孢过敏" / "是合肥": the new words after 是, and the
    note's word they replace — one the user names again (搬去南京是口误), else the note's word next to a shared
    anchor (头孢|过敏 ↔ 青霉素|过敏), else a look-alike (王蕾 ↔ 王磊)."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    note_tokens = [w for w, _ in _zh_tokens(note)]
    for m in _ZH_NEW.finditer(text):
        phrase = m.group(1).strip()
        if _ZH_CORRECTION_WORDS.search(phrase):
            continue
        tokens = [w for w, _ in _zh_tokens(phrase)]
        run = _fresh_run(tokens, note)
        if run is None:
            continue
        start, end = run
        new = "".join(tokens[start:end + 1])
        old = _zh_old(text[:m.start()], tokens[end + 1] if end + 1 < len(tokens) else None, new, note, note_tokens)
        if old:
            return old, new
    return None


def _zh_old(before: str, after: str | None, new: str, note: str, note_tokens: list[str]) -> str | None:
    """The note's word ``new`` replaces: one named as wrong, next to a shared anchor, a look-alike, a typo."""
    return (_zh_said(before, note) or _zh_anchored(after, note_tokens) or _zh_alike(new, note_tokens)
            or _zh_typo(new, note))


def _fresh_run(tokens: list[str], note: str) -> tuple[int, int] | None:
    """The first run of consecutive tokens the note does not hold (first and last index), if any."""
    fresh = [i for i, w in enumerate(tokens) if re.search(r"[\u3400-\u9fff\w]", w) and w not in note and w not in "的了人啊呢吧"]
    if not fresh:
        return None
    start = fresh[0]
    end = start
    while end + 1 < len(tokens) and end + 1 in fresh:
        end += 1
    return start, end


def _zh_said(before: str, note: str) -> str | None:
    """The note's noun the user names in a clause calling it wrong (搬去南京是口误)."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    wrong = [c for c in re.split(r"[，,。！!？?；;]", before) if _ZH_CORRECTION_WORDS.search(c)]
    said = [w for c in wrong for w, flag in _zh_tokens(c) if len(w) >= 2 and w in note and flag.startswith("n")]
    return said[-1] if said else None


def _zh_anchored(after: str | None, note_tokens: list[str]) -> str | None:
    """The note's word before the anchor the new words share with it (头孢|过敏 ↔ 青霉素|过敏)."""
    if not after or after not in note_tokens:
        return None
    i = note_tokens.index(after)
    if i > 0 and re.search(r"[\u3400-\u9fff]", note_tokens[i - 1]) and note_tokens[i - 1] not in ("用户", "是", "在"):
        return note_tokens[i - 1]
    return None


def _zh_alike(new: str, note_tokens: list[str]) -> str | None:
    """The note's first word as long as ``new`` sharing a character with it (王蕾 ↔ 王磊)."""
    alike = [w for w in note_tokens if len(w) == len(new) and w != new and set(w) & set(new) and len(w) >= 2]
    return alike[0] if alike else None


def _zh_typo(new: str, note: str) -> str | None:
    """The note's first span as long as ``new`` that differs from it in one character (no grammar)."""
    windows = [note[i:i + len(new)] for i in range(len(note) - len(new) + 1)] if len(new) >= 2 else []
    typo = [w for w in windows if sum(a != b for a, b in zip(w, new)) == 1 and not set(w) & _GRAMMAR_CHARS]
    return typo[0] if typo else None


def _word_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a word the user corrects: the one called wrong, a starred fix, or a typo's look-alike."""
    low_note = note.casefold()
    dismissed = [g for m in _DISMISSED.finditer(text) for g in m.groups() if g]
    new = _named_word(text, low_note) or next((w for w in _fresh_words(text, low_note) if w not in dismissed), None)
    return _dismissed_change(dismissed, new, note) or _lookalike_change(new, note) or _zh_one_char(text, note)


def _fresh_words(text: str, low_note: str) -> list[str]:
    """The words of ``text`` the note does not hold (jieba's nouns and adjectives for Chinese)."""
    words = _zh_words(text) if re.search(r"[\u3400-\u9fff]", text) else _words(text)
    return [w for w in words if w.casefold() not in low_note]


def _zh_one_char(text: str, note: str) -> tuple[str, str] | None:
    return _one_char(text, note) if re.search(r"[\u3400-\u9fff]", text) else None


def _named_word(text: str, low_note: str) -> str | None:
    """The new word the user marks: starred ("Kate*"), before a contrast ("Jack, not Jake"), after "I meant"."""
    starred = [m.group(1) for m in _STARRED.finditer(text)]
    if starred:
        return starred[0]
    contrast = _CONTRAST.search(text)
    if contrast and (contrast.group("znew") or contrast.group("new").lower() not in _NOISE_WORDS):
        return contrast.group("new") or contrast.group("znew")
    meant = _MEANT.search(text)
    if meant and meant.group(1).casefold() not in low_note and meant.group(1).lower() not in _NOISE_WORDS:
        return meant.group(1)
    return None


def _dismissed_change(dismissed: list[str], new: str | None, note: str) -> tuple[str, str] | None:
    """(old, new) for a word the user calls wrong ("not vegetarian", 「青霉素没事」), as the note holds it."""
    low_note = note.casefold()
    for d in dismissed:
        old = d if d.casefold() in low_note else _closest(d, note)
        if old and new and new.casefold() != old.casefold():
            return old, new
    return None


def _lookalike_change(new: str | None, note: str) -> tuple[str, str] | None:
    """(old, new) for the note's look-alike of ``new`` (a typo) or its only name."""
    if not new:
        return None
    old = _closest(new, note) or _only_name(new, note)
    return (old, new) if old else None


#: A statement of the user's own ("I'm 34", 我今年34) is a new fact, not a bare value correcting a note.
_OWN_STATEMENT = re.compile(r"^\s*(?:i'?m|i am|im|i have|i've|i weigh|i got|my|我是|我今年|我有|我叫|我)\b|^\s*我", re.I)


def _bare_value(text: str) -> bool:
    """The message is little more than a value ("Thursday.", 「17号」), not a statement of the user's own."""
    if _OWN_STATEMENT.search(text):
        return False
    rest = text
    for pattern in (_WEEKDAY, _TIME, _DATE, _CODE, _NUMBER):
        rest = pattern.sub(" ", rest)
    words = [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w.lower() not in _NOISE_WORDS]
    return not words and len(re.findall(r"[\u3400-\u9fff]", re.sub(r"[了啦吧呢哦啊的是就]", "", rest))) == 0 and rest != text


_INTERJECTION = re.compile(r"^(?:呃|嗯|啊|哦|额|唉|诶|哎|噢|ugh|um+|uh+|er+|oh|hmm+|oops|wait|no)$", re.I)


def short_reply(text: str) -> bool:
    """A reply of one value, maybe repeated or after an interjection ("呃，外科", 「南通，南通」, "七月，七月初",
    "ugh, right-handed"): what a speaker says to fix the word just said. Never a question or a statement of
    the user's own."""
    if re.search(r"[?？]", text) or _OWN_STATEMENT.search(text):
        return False
    parts = _reply_parts(text)
    if not parts or len(parts) > 3:
        return False
    distinct = _distinct(parts)
    return len(distinct) == 1 and len(next(iter(distinct))) <= (8 if re.search(r"[\u3400-\u9fff]", text) else 16)


def _reply_parts(text: str) -> list[str]:
    """The words of a short reply, interjections left out."""
    return [p for p in re.split(r"[\s,，。.!！…—–]+", text.strip()) if p and not _INTERJECTION.match(p)]


def _distinct(parts: list[str]) -> set[str]:
    """The parts that do not extend another part (「七月，七月初」 is one value)."""
    return {p for p in parts if not any(o != p and p.startswith(o) for o in parts)}


def _reply_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a one-value reply: the note's word of the same length sharing a character (南京 → 南通,
    内科 → 外科) or a look-alike latin word (left-handed → right-handed)."""
    new = min(_reply_parts(text), key=len)
    if new in note:
        return None
    if re.search(r"[\u3400-\u9fff]", new):
        return _zh_reply_change(new, note)
    old = _closest(new, note)
    return (old, new) if old else None


def _zh_reply_change(new: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a Chinese one-value reply: the note's only half-alike span of the same part of speech."""
    alike = _half_alike(new, note)
    if len(alike) != 1:
        return None
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    kind = {flag[:1] for w, flag in _zh_tokens(new)}  # a place for a place, a noun for a noun (晚上 ≠ 晚安)
    holder = [flag[:1] for w, flag in _zh_tokens(note) if alike[0] in w or w in alike[0]]
    return (alike[0], new) if len(kind) == 1 and holder and holder[0] in kind else None


def _half_alike(new: str, note: str) -> list[str]:
    """The note's Chinese spans as long as ``new`` sharing at least half its characters in place (no grammar)."""
    windows = {note[i:i + len(new)] for i in range(len(note) - len(new) + 1)}
    return [w for w in windows if re.fullmatch(r"[\u3400-\u9fff]+", w) and not set(w) & _GRAMMAR_CHARS
            and 2 * sum(a == b for a, b in zip(w, new)) >= len(new) and w != new]


_NUMERAL = frozenset("0123456789零一二两三四五六七八九十百千万亿")
_GRADE_PREFIX = "高初大研"
#: ", Texas" after a place: the state belongs to the place a correction replaces.
_QUALIFIER = re.compile(r",\s*[A-Z][A-Za-z]+(?=\s*(?:[.;!?]|$))")


def _numeric_at(s: str, i: int) -> bool:
    """``s[i]`` is part of a numeral: a digit, a Chinese numeral, or a separator between two digits."""
    return 0 <= i < len(s) and (s[i] in _NUMERAL or (s[i] in ",.'" and 0 < i < len(s) - 1
                                                     and s[i - 1].isdigit() and s[i + 1].isdigit()))


def _numeral_start(s: str, start: int) -> int:
    while _numeric_at(s, start - 1):
        start -= 1
    if start > 0 and s[start - 1] in _GRADE_PREFIX and s[start] in "一二三四五六":
        start -= 1
    return start


def _numeral_end(s: str, start: int, end: int) -> int:
    while _numeric_at(s, end):
        end += 1
    if end < len(s) and s[end] in "来多余":
        end += 1
    if end < len(s) and s[end] in "\"″" and "'" in s[start:end]:
        end += 1
    broken = re.match(r",\s\d{3}(?![\d,])", s[end:]) if re.fullmatch(r"\d{1,3}", s[start:end]) else None
    if broken:
        end += broken.end()  # "$1, 800": a thousands group split by a space is still the same number
    return end


def _widen_numeral(s: str, start: int, end: int) -> tuple[int, int]:
    if s[start] in _NUMERAL:
        start = _numeral_start(s, start)
    if s[end - 1] in _NUMERAL:
        end = _numeral_end(s, start, end)
    return start, end


def _latin_part(c: str) -> bool:
    return c.isascii() and (c.isalpha() or c == "-")


def _widen_word(s: str, start: int, end: int, letters: bool) -> tuple[int, int]:
    """The whole latin word around ``s[start:end]`` (when ``letters``) and the state after a place."""
    while letters and start > 0 and _latin_part(s[start - 1]):
        start -= 1
    while letters and end < len(s) and _latin_part(s[end]):
        end += 1
    qualifier = _QUALIFIER.match(s, end) if s[start].isupper() else None
    if qualifier:
        end = qualifier.end()
    return start, end


def _widen(s: str, start: int, end: int, letters: bool = True) -> tuple[int, int]:
    """The span of the whole value around ``s[start:end]``: all its digits, separators, magnitudes, grade, state."""
    if start >= end:
        return start, end
    start, end = _widen_numeral(s, start, end)
    if s[start].isascii() and s[start].isalpha():
        start, end = _widen_word(s, start, end, letters)
    return start, end


def _kind(value: str) -> str:
    if re.match(f"[{_GRADE_PREFIX}][一二三四五六]", value) or "年级" in value:
        return "grade"
    if re.search(r"\d\s?(?:'|ft|foot|feet)", value, re.I):
        return "height"
    if re.match(r"[\d零一二两三四五六七八九十]", value):
        return "number"
    if value[:1].isupper():
        return "name"
    return "word"


def _magnitude_lost(old: str, new: str) -> bool:
    """「三万二」 → 「五」, "$1,800" → "9": a bare short number for a value ten times larger is a part, not a whole."""
    if _kind(old) != "number" or _kind(new) != "number" or _unit(new):
        return False
    a, b = _num(old), _num(new)
    return a is not None and b is not None and b > 0 and a / b >= 10 and not re.search(r"[百千万亿,]", new)


def _whole(note: str, old: str, text: str, new: str) -> str | None:
    """``note`` with the whole value around ``old`` replaced by the whole value around ``new``; None when the
    two are not whole values of one kind (a digit of a salary, the number of a grade): never a spliced sentence."""
    at = note.find(old)
    if at < 0 or not new.strip():
        return None
    o_start, o_end = _widen(note, at, at + len(old))
    fresh = _whole_new(text, new)
    whole_old = note[o_start:o_end]
    if "用户" in note and re.match(r"我的?[\u3400-\u9fff]", fresh):
        fresh = re.sub(r"^我的?", "", fresh)  # 「是我爸」 corrects 「用户妈」: the note speaks of the user
    if not _fits(whole_old, fresh, widened=(whole_old, fresh) != (note[at:at + len(old)], new)):
        return None
    return note[:o_start] + fresh + note[o_end:]


def _whole_new(text: str, new: str) -> str:
    """The whole value around ``new`` in ``text`` (its digits and magnitudes), ``new`` when the text lacks it."""
    here = text.find(new)
    if here < 0:
        return new
    n_start, n_end = _widen(text, here, here + len(new), letters=False)
    if (n_start, n_end) != (here, here + len(new)):
        return text[n_start:here] + new + text[here + len(new):n_end]
    return text[n_start:n_end]


def _fits(whole_old: str, fresh: str, widened: bool) -> bool:
    """The new whole value may replace the old one: one kind when either was widened, a grade for a grade,
    no magnitude lost, and a change at all."""
    if widened and _kind(whole_old) != _kind(fresh):
        return False
    if _kind(whole_old) == "grade" and _kind(fresh) != "grade":
        return False
    return not (_magnitude_lost(whole_old, fresh) or whole_old == fresh)


_KIN_EN = ("mom|mum|mother|dad|father|brother|sister|wife|husband|son|daughter|aunt|uncle|grandma|grandpa|cousin|niece|"
           "nephew|boss|partner|girlfriend|boyfriend|fiancee|fiance|stepmom|stepdad")
_KIN_EN_RE = re.compile(rf"\b(?:{_KIN_EN})\b", re.I)
_KIN_ZH_RE = re.compile("爸爸|妈妈|老公|老婆|儿子|女儿|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外婆|外公|姥姥|姥爷|表哥|表姐|表弟|表妹|堂哥|堂姐|"
                        "婆婆|公公|岳父|岳母|老板|对象|男朋友|女朋友|爸|妈|哥|姐|弟|妹")
#: "Portland, Maine" for "Portland, Oregon": the same place name with another state.
_PLACE_STATE = re.compile(r"\b([A-Z][a-z]+),\s*([A-Z][a-z]+)\b")


def _kin_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) when the user corrects who it was (mom → dad, 老公 → 儿子): the note names one relative, the
    correction one other relative the note does not name."""
    pattern = _KIN_ZH_RE if re.search(r"[\u3400-\u9fff]", note) else _KIN_EN_RE
    if re.search(rf"(?:{_KIN_ZH_RE.pattern})(?:说|觉得|讲)|\b(?:{_KIN_EN})\s+(?:says|said|thinks)\b", text, re.I):
        return None  # 「我妈说我记错了」: the relative speaks, the correction is not about who
    held = {m.group(0).lower() for m in pattern.finditer(note)}
    named = {m.group(0).lower() for m in pattern.finditer(text)}
    fresh = named - held
    if len(held) != 1 or len(fresh) != 1:
        return None
    old = next(m.group(0) for m in pattern.finditer(note))
    return old, next(m.group(0) for m in pattern.finditer(text) if m.group(0).lower() in fresh)


def _place_change(text: str, note: str) -> tuple[str, str] | None:
    """(Oregon, Maine) for "Portland, Maine" against a note holding "Portland, Oregon"."""
    for m in _PLACE_STATE.finditer(text):
        held = re.search(rf"\b{m.group(1)},\s*([A-Z][a-z]+)\b", note)
        if held and held.group(1) != m.group(2):
            return held.group(1), m.group(2)
    return None


def _weight(clause: str) -> int:
    """How much a clause says besides its correction cue: its content words, and Chinese characters by two."""
    return (len([w for w in _words(_CUE.sub(" ", clause)) if w.lower() not in _NOISE_WORDS])
            + len(re.findall(r"[\u3400-\u9fff]", _CUE.sub("", clause))) // 2)


def _restates(statement: str, note: str, new: str) -> bool:
    """The statement holds the new value and shares the note's topic."""
    return bool(statement) and new in statement and bool(topic_terms(statement) & topic_terms(note))


def _restated(text: str, note: str, new: str) -> str | None:
    """The user's corrected statement as a note ("说错了，我女儿今年读高二了" → 「用户女儿今年读高二了。」), when the
    new value is no whole value of the old note: kept in the user's words, never spliced. None when the
    correction is no statement of its own (a bare "是五") or not about the note's topic."""
    from pipelines.extract.normalize import normalize, quoted  # noqa: PLC0415 - only for a restated correction

    clauses = [c.strip() for c in re.split(r"[，,。;；!！?？—–]+|\.(?!\d)", text) if c.strip()]
    kept = [c for c in clauses if _weight(c) >= 2]
    statement = ("，" if re.search(r"[\u3400-\u9fff]", text) else ", ").join(kept)
    if not _restates(statement, note, new):
        return None
    out = normalize(statement)
    return None if out == quoted(statement) or out.startswith(quoted(statement)[:6]) else out


def _drop_stale_date(content: str, old: str, day: str, text: str) -> str:
    """"Monday the 12th" moved to Thursday is no longer the 12th: the date next to the replaced weekday goes,
    unless the user restates it."""
    if not _WEEKDAY.fullmatch(old):
        return content
    m = re.search(rf"{re.escape(day)}(,?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\b)", content, re.I)
    if m is None or re.search(rf"\b{m.group(2)}(?:st|nd|rd|th)?\b", text):
        return content
    return content[:m.start(1)] + content[m.end(1):]


def _kin_amend(text: str, clean: str, note: str, kin: tuple[str, str]) -> str | None:
    """The note with its relative changed, and the name with it ("my wife, Jen, not Dave")."""
    content = _whole(note, kin[0], text, kin[1])
    fixed = _word_change(text, content) if content else None
    if content and fixed and fixed[0][:1].isupper() and fixed[0] in content:
        content = _whole(content, fixed[0], clean, fixed[1]) or content
    return content


def amend(text: str, notes: Sequence[tuple[int, str]]) -> Amendment | None:
    """The note among ``notes`` (newest first) that ``text`` corrects, rewritten; None when it corrects none.

    The old value is replaced as a whole value (a number with its separators and magnitudes, a grade, a
    height, a place with its state, a name); when the change found is not a whole value, nothing is amended.
    A reply that adds a value ("周四也有", "Thursday too") corrects nothing unless it says it corrects.
    """
    text = _own_words(text)
    if not text:
        return None
    strong = is_correction(text)
    if not strong and says_add(text):
        return None
    found = _amend(text, notes, strong)
    return None if found is not None and _function_word(found.old, found.new) else found


def _own_words(text: str) -> str:
    """The text without its tasks for the assistant: "remove the typo from my cover letter" corrects none of the
    user's notes (its "typo" is the letter's)."""
    sentences = split_sentences(text)
    if not any(is_request(s) for s in sentences):
        return text
    return " ".join(s for s in sentences if not is_request(s)).strip()


def amend_previous(text: str, note: str) -> str | None:
    """The note of the same message that a self-repair ("Wait no, 4th", 「说错了，是周四」) corrects, rewritten; None
    when the repair names no value of it (the caller keeps the repair in the user's words)."""
    found = _amend(text, [(0, note)], True)
    return None if found is None or _function_word(found.old, found.new) else found.content


def amend_typed(text: str, note: str) -> str | None:
    """The note with the one typed value ``text`` names (a time, a day, a date, a number, an ordinal, a code) in
    place of its own of that type; None when ``text`` names none ("Actually I love hiking" changes no word of
    "User lives in Boston.": only a typed value is read after an opener that may start a statement of its own)."""
    change = _same_type(text, note)
    if change is None or change[0] not in note or _function_word(*change) or not _says_of(text, change[1], note):
        return None
    content = _whole(note, change[0], text, change[1])
    return content if content and content != note else None


_REPAIR_FILLER = re.compile(r"不对|不是|其实|应该|哦|啊|呃|嗯|是|了|的|吧|呢|，|。")


def _says_of(text: str, value: str, note: str) -> bool:
    """Besides its value, ``text`` says nothing the note does not ("Actually it's 7pm" of "…at 6pm"; never
    "Actually we have 3 cats too" of "User has 2 kids.")."""
    rest = text.replace(value, " ")
    if re.search(r"[\u3400-\u9fff]", text):
        return set(re.findall(r"[\u3400-\u9fff]", _REPAIR_FILLER.sub("", rest))) <= set(note)
    low = note.casefold()
    words = [w for w in re.findall(r"[a-z0-9']+", rest.casefold()) if w not in _NOISE_WORDS and w not in _EN_ELLIPSIS_FILLER]
    return all(w in low for w in words)


#: An add-on that leaves out its predicate: "Thursday too", "my cousin too actually", "and my sister", 「周四也有」,
#: 「我妹也是」 — it names one new value and leans on the statement just made for the rest.
_EN_ADD_MARK = re.compile(r"\b(?:too|also|as well|either)\b|^(?:and|plus|also)\b", re.I)
_EN_ELLIPSIS_FILLER = frozenset("""my our the a an too also as well either and plus actually oh same here is are does do did
    has have on at in lol haha ok so yeah yep""".split())
_ZH_ADD_MARK = re.compile(r"也|还")
_ZH_ELLIPSIS_FILLER = re.compile(r"也有|也是|也会|也要|也去|也在|也|还有|还是|还|都|了|啊|呢|吧|哦|哈+|我的?|的")


def elliptical_add(text: str) -> bool:
    """The text is an add-on with no predicate of its own (its first clause): one new value "too"/也."""
    first = re.split(r"[,，;；。.!！]", text.strip(), maxsplit=1)[0].strip()
    if not first:
        return False
    if re.search(r"[\u3400-\u9fff]", first):
        rest = _ZH_ELLIPSIS_FILLER.sub("", first)
        return bool(_ZH_ADD_MARK.search(first)) and 0 < len(re.findall(r"[\u3400-\u9fff\w]", rest)) <= 5
    words = [w for w in re.findall(r"[a-z0-9']+", first.casefold()) if w not in _EN_ELLIPSIS_FILLER]
    return bool(_EN_ADD_MARK.search(first)) and 0 < len(words) <= 2


def elide(text: str, notes: Sequence[tuple[int, str]]) -> str | None:
    """The statement an elliptical add-on makes ("周四也有" after 「用户周二晚上有瑜伽课。」 → 「用户周四有瑜伽课。」,
    "my cousin too" after "User's brother lives in Denver." → "User's cousin lives in Denver."): the newest note
    (of ``notes``, newest first) with the one value the add-on names — a typed value (a day, a time, a date, a
    number) or a relative — in place of its own. None when the text is no such add-on or names no value of a
    note. The note it leans on stays: an add-on replaces nothing."""
    if not elliptical_add(text):
        return None
    first = re.split(r"[,，;；。.!！]", text.strip(), maxsplit=1)[0]
    for _, note in notes[:2]:
        change = _same_type(first, note)
        if change is not None and change[0] in note and not _function_word(*change) and _only_value(first, change[1]):
            content = _whole(note, change[0], first, change[1])
            if content and content != note:
                return content
        kin = _kin_change(first, note)
        if kin is not None and _only_value(first, kin[1]):
            content = _kin_amend(first, first, note, kin)
            if content and content != note:
                return content
    return None


def _only_value(clause: str, value: str) -> bool:
    """The add-on says nothing but its value ("周四也有", "my cousin too"): "周四也有钢琴课" or "piano on Thursday
    too" name a thing of their own, and the note they lean on is not theirs to copy."""
    rest = clause.replace(value, " ")
    if re.search(r"[\u3400-\u9fff]", clause):
        return not re.findall(r"[\u3400-\u9fff\w]", _ZH_ELLIPSIS_FILLER.sub("", rest))
    return not [w for w in re.findall(r"[a-z0-9']+", rest.casefold()) if w not in _EN_ELLIPSIS_FILLER]


#: Words that are never a value a user corrects: "I'm not sure what you mean" once turned
#: "User has a meeting in 5 minutes." into "User what a meeting in 5 minutes." (has → what).
_FUNCTION_WORDS = STOP_EN | frozenset("""what who whom where when which how why these those not no yes your he she his her
    if than then there here sure mean meant""".split())


def _function_word(old: str, new: str) -> bool:
    """Either side of the change is a function word, not a value."""
    return old.strip().lower() in _FUNCTION_WORDS or new.strip().lower() in _FUNCTION_WORDS


def _amend(text: str, notes: Sequence[tuple[int, str]], strong: bool) -> Amendment | None:
    """:func:`amend` of a text that is no add-on (``strong``: it says it corrects)."""
    if notes and short_reply(text):
        memory_id, note = notes[0]  # a one-value reply fixes the note just written, no other
        starless = re.sub(r"\s*[*＊]\s*", " ", text).strip()  # "Feldman*": the star marks the fix, it is no letter
        change = _reply_fix(starless, note)
        if change is not None:
            content = _whole(note, change[0], starless, change[1])
            return Amendment(memory_id, content, *change) if content else None
    if not (strong or has_cue(text) or _bare_value(text)):
        return None
    return _amend_notes(text, notes, strong)


def _amend_notes(text: str, notes: Sequence[tuple[int, str]], strong: bool) -> Amendment | None:
    """The first note (newest first) ``text`` changes, rewritten; None when it changes none or no whole value."""
    clean = re.sub(r"[*＊]", " ", text)
    brief = len(re.findall(r"[A-Za-z0-9]+", text)) + len(re.findall(r"[\u3400-\u9fff]", text)) // 2 <= 8
    for memory_id, note in notes:
        if not (strong or brief or topic_terms(text) & topic_terms(note)):
            continue  # a longer message about something else: its numbers are not this note's
        found = _amend_note(text, clean, note, strong)
        if found is not None:
            content, old, new = found
            return Amendment(memory_id, content, old, new) if content is not None else None
    return None


def _reply_fix(starless: str, note: str) -> tuple[str, str] | None:
    """(old, new) a one-value reply makes to the note just written, when the old value is in it."""
    change = _same_type(starless, note) or _reply_change(starless, note)
    return change if change is not None and change[0] in note else None


def _amend_note(text: str, clean: str, note: str, strong: bool) -> tuple[str | None, str, str] | None:
    """(content, old, new) of ``note`` corrected by ``text``; content None when the change is no whole value
    (nothing is amended); None when ``text`` changes nothing of this note (the next one is tried)."""
    if strong and _same_type(clean, note) is None and (kin := _kin_change(text, note)) is not None:
        return _kin_amend(text, clean, note, kin) or None, kin[0], kin[1]
    change = _note_change(text, clean, note, strong)
    if change is None:
        return None
    old, new = change
    if old not in note or not _zh_same_part(old, new, note):
        return None
    content = _whole(note, old, clean, new) or _restated(clean, note, new)
    content = content and _drop_stale_date(content, old, new, clean)
    return content, old, new  # content None: no amendment rather than a spliced sentence


def _same_part(old: str, new: str) -> bool:
    """The jieba tags of an old word (read in its note) and a new one (read alone) may be one part of speech: no
    verb of the note is replaced by a noun (a word alone is tagged less surely: 开封 alone reads as a verb)."""
    return not (old[:1] == "v" and new[:1] == "n")


def _zh_same_part(old: str, new: str, note: str) -> bool:
    """A Chinese word replaces no word of another part of speech: 「哦不，是上海」 never replaces the verb 上班 that
    looks alike (「用户在北京上班。」 became 「用户在北京上海。」). True when either
    side is no whole jieba word (a number, a code, a span inside a word)."""
    if not (re.search(r"[\u3400-\u9fff]", old) and re.search(r"[\u3400-\u9fff]", new)):
        return True
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    old_tags = [flag for w, flag in _zh_tokens(note) if w == old]
    new_tags = list(_zh_tokens(new))
    if not old_tags or len(new_tags) != 1:
        return True
    return _same_part(old_tags[0], new_tags[0][1])


def _note_change(text: str, clean: str, note: str, strong: bool) -> tuple[str, str] | None:
    """(old, new): a place's state, a typed value, then (after a strong cue) a Chinese or a word change."""
    zh = bool(re.search(r"[\u3400-\u9fff]", text))
    change = _place_change(text, note) if strong else None
    return change or _same_type(clean, note) or (((_zh_change(text, note) if zh else None) or _word_change(text, note))
                                                 if strong else None)


def typed_value_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a time, height, weekday, date, month or code of ``note`` that ``text`` gives another value
    (plain numbers left out: "404宿舍" is no new value of "三班")."""
    return _time_change(text, note) or _kind_change(text, note)
