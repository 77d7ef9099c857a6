"""Typed values in a correction and in the note it corrects: numbers with their unit, weekdays, dates, times, months,
heights, ordinals, codes — and the change from the note's value to the message's value of the same type.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from pipelines.extract.amend_cues import NOISE_WORDS, OWN_STATEMENT
from pipelines.extract.subject import zh_number

_DAYPART = r"(?:\s*(?:morning|afternoon|evening|night|上午|下午|晚上|早上|中午))?"
WEEKDAY = re.compile(rf"(?:下+)?(?:周|星期|礼拜)[一二三四五六日天]{_DAYPART}|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b{_DAYPART}",
                      re.I)
_TIME = re.compile(r"(?<![0-9A-Za-z:])\d{1,2}:\d{2}\s*(?:am|pm)?|(?<![0-9A-Za-z:])\d{1,2}\s*(?:am|pm)\b|[一二两三四五六七八九十\d]{1,3}点(?:半|\d{1,2}分?)?", re.I)
_WEEKDAY_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "mon": 1, "tues": 2, "wednes": 3,
                "thurs": 4, "fri": 5, "satur": 6, "sun": 7}
#: A number is one value with its separators (1,800), its Chinese magnitudes (三万二, 两千八) and "about" (二十来只).
_NUMBER = re.compile(r"(?<![A-Za-z0-9.:,'周期拜])(?!一(?:点(?!钟|半)|下|起|直|般|样|定|些|会|切|共|向|边))(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|[一二两三四五六七八九十][零一二两三四五六七八九十百千万亿]*)"
                     r"(?:来|多|余)?\s*(?:mg|ml|kg|km|k|l|lbs?|%|cm|岁|号|日|公斤|斤|块|元|次|年|"
                     r"个小时|小时|分钟|个月|个|只|条|天|周|层|楼|步|本|公里|页|斤)?"
                     r"(?![A-Za-z0-9:月]|,\d|'\d)", re.I)
#: A height in feet and inches (5'7", 5 ft 7) is one value, never two numbers.
_HEIGHT = re.compile(r"(?<![\d'])\d\s?'\s?\d{1,2}(?:\"|''|″)?|\b\d\s?(?:ft|foot|feet)\s?\d{1,2}(?:\s?(?:in|inches)\b)?", re.I)
_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z]{1,3}\d{2,}|[A-Z]{2} \d{3,4}(?!\d|[,.]\d)|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,})(?![A-Za-z0-9])")
_DATE = re.compile(r"\d{1,2}月\d{1,2}[日号]?|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}"
                   r"(?:st|nd|rd|th)?\b|\bthe \d{1,2}(?:st|nd|rd|th)\b", re.I)


def unit_of(token: str) -> str:
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


def number_value(token: str) -> float | None:
    digits = re.search(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", token)
    if digits:
        return float(digits.group(0).replace(",", ""))
    zh = re.match(r"[零一二两三四五六七八九十百千万亿]+", token)
    if zh is None:
        return None
    small = zh_number(zh.group(0))
    return float(small) if small is not None else _zh_value(zh.group(0))


def _weekday(token: str) -> tuple[int | None, str]:
    """The day of a weekday and its part of the day: 「周六下午」 is (6, "下午"), "Thursday" is (4, "")."""
    low = token.lower()
    m = re.search(r"(?<=周|期|拜)[一二三四五六日天]|^(mon|tues|wednes|thurs|fri|satur|sun)", low)
    part = re.search(r"morning|afternoon|evening|night|上午|下午|晚上|早上|中午", low)
    return (_WEEKDAY_NUM.get(m.group(0)) if m else None), (part.group(0) if part else "")


def _typed(pattern: re.Pattern[str], text: str) -> list[str]:
    return [m.group(0).strip() for m in pattern.finditer(text) if m.group(0).strip()]


#: "… not the 14th", 「不是周二」: the value the user dismisses, never the new one.
_NOT_VALUE = re.compile(r"\b(?:not|instead of|rather than)\s+(?:the\s+|my\s+|a\s+)?[\w'\"-]+|(?:而)?不是[^，,。！!？?；;是]{1,8}|"
                        r"\bi (?:said|wrote|typed)\s+(?:the\s+|my\s+|a\s+)?[\w'\"-]+(?=\s+but\b)", re.I)
#: The clause naming the value meant ("I meant Thursday", "meant 2L"): read before the rest of the message, which
#: may state another thing of the same type ("…, tuesdays is pottery").
_MEANT_CLAUSE = re.compile(r"[^,，;；.!！?？—–]*\b(?:i meant|i mean|meant|should (?:be|have said|'ve said))\b[^,，;；!！?？—–]*",
                           re.I)
_MONTH = re.compile(r"(?<![\d一二三四五六七八九十])(?:\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份)?(?![\d一二三四五六七八九十]+[日号])|"
                    r"\b(?:january|february|march|april|june|july|august|september|october|november|december)\b", re.I)


def _height(token: str) -> str:
    return "-".join(re.findall(r"\d+", token))


def _month(token: str) -> str:
    return token.lower().replace("份", "")


def same_type(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a value of one type in both, different (the value dismissed with "not" / 不是 is not the new one;
    the clause saying what was meant is read first)."""
    meant = _MEANT_CLAUSE.search(text)
    if meant and meant.group(0).strip() != text.strip():
        found = _same_type_span(meant.group(0), note)
        if found is not None:
            return found
    return _same_type_span(text, note)


def _same_type_span(text: str, note: str) -> tuple[str, str] | None:
    """:func:`same_type` of one span."""
    kept = _NOT_VALUE.sub(" ", text)
    if kept.strip() and kept != text:
        found = _typed_change(kept, note)
        if found is not None:
            return found
    return _typed_change(text, note)


def _typed_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a time, then a height, weekday, date, month or code, then a day of another kind, then a number."""
    return time_change(text, note) or kind_change(text, note) or day_change(text, note) or _number_change(text, note)


#: A day of the month, with the month it is counted in (「下个月15号」, "on the 12th").
_MONTH_DAY = re.compile(r"(?:下个?月|这个?月|本月|下月|(?<![\d月]))\d{1,2}[号日](?!\d)|\bthe \d{1,2}(?:st|nd|rd|th)\b|"
                        r"\d{1,2}月\d{1,2}[日号]?", re.I)
#: A weekday with the week it falls in (「这周六」, "next Friday").
_WEEK_DAY = re.compile(rf"(?:这|本|下+)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天]{_DAYPART}|"
                       rf"\b(?:(?:this|next) )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b{_DAYPART}", re.I)


def day_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): the note's day given as another kind of day — a date moved to a weekday (「下个月15号」 → 「这周六」)
    or a weekday moved to a date ("Tuesday" → "the 9th"); None when the note has a day of the text's kind."""
    for new_kind, old_kind in ((_WEEK_DAY, _MONTH_DAY), (_MONTH_DAY, _WEEK_DAY)):
        new, old = _typed(new_kind, text), _typed(old_kind, note)
        if new and old and not _typed(new_kind, note) and not _typed(old_kind, text):
            return old[0], new[-1]
    return None


#: A bare hour after "at" in a note ("dinner with Jake at 7", "Tuesday at 3"): a time, not a count.
_AT_HOUR = re.compile(r"(?<=\bat )(?:1[0-2]|0?[1-9])\b(?![:.,']\d|\s*%|\s*(?:years?|months?|weeks?|days?|people|kids|"
                      r"times|of|percent|degrees|miles|km)\b)", re.I)


#: A bare hour said as one: after "at", "say", "make it", "to", "around", "by", or as the whole reply ("8.").
_SAID_HOUR = re.compile(r"(?:(?<=\bat )|(?<=\bsay )|(?<=\bit )|(?<=\bto )|(?<=\baround )|(?<=\bby )|^\s*)"
                        r"(?:1[0-2]|0?[1-9])\b(?![:.,']\d|\s*[%a-z])", re.I)


def said_hour(text: str, hour: str) -> bool:
    """``hour`` (a bare number) is said in ``text`` as an hour ("let's say 8", "make it 4"), not as a count."""
    return hour in _typed(_SAID_HOUR, _DATE.sub(" ", text))


def time_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a time of ``note`` that ``text`` gives another (a bare hour counts: "make it 4", and in the note
    after "at": "dinner at 7" → "7:30"; the day of a date never does: "改成 Oct 21 了" moves the date, not the hour)."""
    dateless = _DATE.sub(" ", text)
    times = _typed(_TIME, text) or [n for n in _typed(_NUMBER, dateless) if re.fullmatch(r"\d{1,2}", n)]
    note_times = _typed(_TIME, note)
    if not note_times:  # a bare hour of the note ("at 7") is moved only by an hour said as one ("7:30", "let's say 8")
        note_times = _typed(_AT_HOUR, note)
        times = _typed(_TIME, text) or _typed(_SAID_HOUR, dateless)
    old_times = [o for o in note_times if o not in times]
    if not old_times and times and times[-1] not in note_times:  # 「3点太赶了，push 到4:30」: the old said, then the new
        old_times = [o for o in note_times if o in times[:-1]]
    if times and old_times:
        return old_times[0], times[-1]
    return None


#: An ordinal ("3rd floor" → "Wait no, 4th") and a count in words ("two cats" → "wait, three"); "one" is left
#: out, it is a pronoun as often as a number ("the one in Boston").
_ORDINAL = re.compile(r"\b\d{1,3}(?:st|nd|rd|th)\b", re.I)
_COUNT_WORD = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)

#: The typed values compared by a key of their own: (pattern, key), first match wins.
_KEYED_TYPES: tuple[tuple[re.Pattern[str], Callable[[str], object]], ...] = (
    (_HEIGHT, _height), (WEEKDAY, _weekday), (_DATE, str.lower), (_MONTH, _month), (_CODE, str.upper),
    (_ORDINAL, str.lower), (_COUNT_WORD, str.lower))


def kind_change(text: str, note: str) -> tuple[str, str] | None:
    for pattern, key in _KEYED_TYPES:
        new = _typed(pattern, text)
        old = [o for o in _typed(pattern, note) if all(key(o) != key(n) for n in new)]
        if new and not old and all(key(o) != key(new[-1]) for o in _typed(pattern, note)):
            # 「是周三回来，周一去」 of 「下周三飞成都」: the old value said, then the new one
            old = [o for o in _typed(pattern, note) if any(key(o) == key(n) for n in new[:-1])]
        if new and old:
            return old[0], _in_week(_in_month(_singular_day(new[-1], old[0]), old[0]), old[0])
    return None


def _in_week(new: str, old: str) -> str:
    """「下周一」 for 「周一」 replacing 「下周三」: a weekday keeps the week the note gave it."""
    week = re.match(r"下+(?=周|星期|礼拜)", old)
    return week.group(0) + new if week and re.match(r"(?:周|星期|礼拜)", new) else new


def _in_month(new: str, old: str) -> str:
    """"June 21st" for "the 21st" replacing "June 14th": a day of the month keeps the month the note gave."""
    month = re.match(r"([A-Za-z]+\.?) \d{1,2}(?:st|nd|rd|th)?$", old)
    day = re.fullmatch(r"the (\d{1,2}(?:st|nd|rd|th))", new, re.I)
    return f"{month.group(1)} {day.group(1)}" if month and day else new


def _singular_day(new: str, old: str) -> str:
    """"Thursdays" for "Tuesday": the new weekday as the note said its old one."""
    return new[:-1] if new.lower().endswith("days") and not old.lower().endswith("s") else new


def _numbers_differ(o: str, n: str) -> bool:
    """Two numbers of one unit (or a bare new one) with different values."""
    return number_value(o) is not None and number_value(o) != number_value(n) and (unit_of(o) == unit_of(n) or not unit_of(n))


#: A corrected quantity stays within this factor of the old one: 「预算三十万左右」 is no new size of 「一百平」 (a budget,
#: not the flat: "用户在南京江宁买了套房，三十万平。"), while "3 kids → 4" and "$1,800 → $2,100" are.
_SCALE = 100.0


def _same_scale(old: str, new: str) -> bool:
    """The two numbers are within :data:`_SCALE` of each other when one is written with a Chinese magnitude
    (万, 亿) the other lacks; otherwise, or when either is unreadable or zero, no judgement."""
    if bool(re.search(r"[万亿]", old)) == bool(re.search(r"[万亿]", new)):
        return True
    a, b = number_value(old), number_value(new)
    return not a or not b or 1 / _SCALE <= b / a <= _SCALE


def _same_number(a: str, b: str) -> bool:
    """One value in one unit (两岁 and 2岁)."""
    return number_value(a) is not None and number_value(a) == number_value(b) and unit_of(a) == unit_of(b)


#: A name a number belongs to ("iPhone 15", "UA 889", "Model 3"): a latin word with a capital just before it.
_NAMED = re.compile(r"([A-Za-z]*[A-Z][A-Za-z]*)\s?$")


def _name_before(text: str, value: str) -> str | None:
    """The name ``value`` is the number of in ``text`` (its first occurrence), or None when it follows no name."""
    at = text.find(value)
    m = _NAMED.search(text[:at]) if at > 0 else None
    return m.group(1).casefold() if m else None


def _number_change(text: str, note: str) -> tuple[str, str] | None:
    news = [n for n in _typed(_NUMBER, text) if number_value(n) is not None]
    for n in reversed(news):  # the last number is the new value ("adopted one more, three now")
        named = _name_before(text, n)
        for o in _typed(_NUMBER, note):
            if named is not None and _name_before(note, o) != named:
                continue  # "iPhone 15" is no new number of 「小米13」: a number of another name is another thing
            if unit_of(o) and not unit_of(n) and any(_same_number(o, t) for t in news):
                continue  # the note's quantity said again in its unit (「是小两岁，她96的我94的」): a bare number is another
            if _numbers_differ(o, n) and _same_scale(o, n):
                return (o if not unit_of(o) or unit_of(n) else re.sub(r"[^\d.一二两三四五六七八九十]+$", "", o)), n
    return None


def bare_value(text: str) -> bool:
    """The message is little more than a value ("Thursday.", 「17号」), not a statement of the user's own."""
    if OWN_STATEMENT.search(text):
        return False
    rest = text
    for pattern in (WEEKDAY, _TIME, _DATE, _CODE, _NUMBER):
        rest = pattern.sub(" ", rest)
    words = [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w.lower() not in NOISE_WORDS]
    return not words and len(re.findall(r"[\u3400-\u9fff]", re.sub(r"[了啦吧呢哦啊的是就]", "", rest))) == 0 and rest != text
