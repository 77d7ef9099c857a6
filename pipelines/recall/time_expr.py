"""Time expressions in English and Chinese, by rules (offline): windows, "when" questions, boosts.

* :func:`time_window` — the span of time a text refers to, relative to a reference time:
  ``"yesterday"``/``昨天``, ``"last week"``/``上周``, ``"3 months ago"``/``三个月前``,
  ``"last summer"``/``去年夏天``, ``"in May 2023"``/``2023年5月``, ``"May 8, 2023"``/``5月8日``,
  ``"in 2022"``/``去年``. For a question the reference is now; for a memory it is the memory's
  own time (``created_at``), so "I went there yesterday" said on 8 May is an event of 7 May.
* :func:`is_when_question` — ``"when did…"``, ``"what year…"``, ``什么时候``, ``哪天`` ...
* :func:`states_time` — whether a text names a time at all (an answer to a "when" question
  usually does).
* :func:`time_adjusted` — recall's use: a memory whose event time falls in the question's
  window gains ``time_boost`` relevance; for a "when" question, a memory that states a time
  gains ``when_boost``.

Windows are whole days in UTC, ``[start, end)``.
"""
from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Protocol

from memory.types import MemoryItem

_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_MONTHS.pop("may", None)
_MONTHS["may"] = 5
_MONTH_RE = "|".join(sorted((m for m in _MONTHS if len(m) > 2), key=len, reverse=True))
_ZH_NUM = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
           "八": 8, "九": 9, "十": 10, "半": 0}
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12,
            "春": 3, "夏": 6, "秋": 9, "冬": 12}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365, "天": 1, "日": 1, "周": 7, "星期": 7,
              "礼拜": 7, "月": 30, "个月": 30, "年": 365}
_WORD_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
             "eight": 8, "nine": 9, "ten": 10, "a few": 3, "few": 3, "several": 3, "a couple of": 2, "couple of": 2}


@dataclass(frozen=True)
class TimeWindow:
    """A span of days, ``[start, end)``, aware UTC datetimes."""

    start: datetime
    end: datetime

    def overlaps(self, other: TimeWindow) -> bool:
        """Whether the two spans share any instant."""
        return self.start < other.end and other.start < self.end


def _day(d: datetime) -> datetime:
    d = d.astimezone(timezone.utc) if d.tzinfo else d.replace(tzinfo=timezone.utc)
    return d.replace(hour=0, minute=0, second=0, microsecond=0)


def _days(start: datetime, days: int) -> TimeWindow:
    return TimeWindow(start, start + timedelta(days=days))


def _month(year: int, month: int) -> TimeWindow | None:
    if not (1 <= month <= 12 and 1 <= year <= 9998):
        return None
    start = datetime(year, month, 1, tzinfo=timezone.utc)
    return _days(start, calendar.monthrange(year, month)[1])


def _year(year: int) -> TimeWindow | None:
    if not 1900 <= year <= 2200:
        return None
    return TimeWindow(datetime(year, 1, 1, tzinfo=timezone.utc), datetime(year + 1, 1, 1, tzinfo=timezone.utc))


def _date(year: int, month: int, day: int) -> TimeWindow | None:
    try:
        return _days(datetime(year, month, day, tzinfo=timezone.utc), 1)
    except ValueError:
        return None


def _past_year(ref: datetime, month: int) -> int:
    """The year of the latest ``month`` not after ``ref`` (a month named without a year)."""
    return ref.year - (month > ref.month)


def _season(year: int, first_month: int) -> TimeWindow:
    start = datetime(year, first_month, 1, tzinfo=timezone.utc)
    end_month = first_month + 3
    end = datetime(year + (end_month > 12), (end_month - 1) % 12 + 1, 1, tzinfo=timezone.utc)
    return TimeWindow(start, end)


def _zh_int(raw: str) -> int | None:
    """``"12"``, ``"十二"``, ``"二十三"``, ``"三"`` -> int (``None`` if not a number)."""
    if raw.isdigit():
        return int(raw)
    if not raw or any(c not in _ZH_NUM for c in raw):
        return None
    if "十" in raw:
        tens, _, ones = raw.partition("十")
        return (_ZH_NUM[tens] if tens else 1) * 10 + (_ZH_NUM[ones] if ones else 0)
    value = 0
    for c in raw:
        value = value * 10 + _ZH_NUM[c]
    return value


_N = r"(\d+|[零〇一二两三四五六七八九十]+)"
_EN_AGO = re.compile(r"\b(\d+|a few|a couple of|couple of|several|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
                     r"\s+(day|week|month|year)s?\s+ago\b")
_ZH_AGO = re.compile(_N + r"\s*(个月|天|日|周|星期|礼拜|年)(?:以前|之前|前)")
_EN_DATE_MDY = re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?(?:\s+(\d{{4}}))?\b")
_EN_DATE_DMY = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\.?,?(?:\s+(\d{{4}}))?\b")
_EN_MONTH_YEAR = re.compile(rf"\b({_MONTH_RE})\.?,?\s+(?:of\s+)?(\d{{4}})\b")
_EN_MONTH = re.compile(rf"\b(?:in|during|since|last|this|early|late|mid|of)\s+(?:early\s+|late\s+|mid-?)?({_MONTH_RE})\b")
_EN_YEAR = re.compile(r"\b(?:in|during|since|of|year)\s+((?:19|20)\d\d)\b|\b((?:19|20)\d\d)\b")
_EN_SEASON = re.compile(r"\b(last|this|next)?\s*(spring|summer|autumn|fall|winter)(?:\s+(?:of\s+)?((?:19|20)\d\d))?\b")
_ZH_YMD = re.compile(r"((?:19|20)\d\d)\s*年\s*(?:" + _N + r"\s*月(?:\s*" + _N + r"\s*[日号])?)?")
_ZH_MD = re.compile(_N + r"\s*月\s*(?:" + _N + r"\s*[日号])?")
_ZH_SEASON = re.compile(r"(去年|今年|明年|前年)?\s*的?\s*([春夏秋冬])(?:天|季)")
_ZH_REL = re.compile(r"前天|昨天|昨晚|今天|今晚|明天|后天|上上周|上周末|上周|上个?星期|上个?礼拜|这周|本周|这个?星期|下周|下个?星期"
                     r"|上个月|上月|这个月|本月|下个月|前年|去年|今年|明年|周末")
_EN_REL = re.compile(r"\b(the day before yesterday|yesterday|last night|today|tonight|tomorrow|last weekend"
                     r"|this weekend|last week|this week|next week|last month|this month|next month"
                     r"|last year|this year|next year|the other day|recently)\b")
_WEEKDAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|周[一二三四五六日天]|星期[一二三四五六日天]")
_CLOCK = re.compile(r"\b\d{1,2}(:\d\d)?\s*(am|pm)\b|[上下]午|早上|晚上|\d{1,2}\s*点")
_WHEN_EN = re.compile(r"^\s*when\b|\bwhen (did|does|do|is|was|were|will|has|have|had)\b|\bwhat (year|month|day|date|time)\b"
                      r"|\bwhich (year|month|day|date)\b|\bhow long ago\b|\bhow long (has|have|had|did)\b|\bsince when\b")
_WHEN_ZH = re.compile(r"什么时候|啥时候|何时|哪天|哪一天|哪年|哪一年|几月|几号|几点|哪个月|多久|多长时间|什么日子|哪个周末")


def _relative(word: str, ref: datetime) -> TimeWindow | None:
    d = _day(ref)
    monday = d - timedelta(days=d.weekday())
    first = d.replace(day=1)
    table: dict[str, Callable[[], TimeWindow | None]] = {
        "the day before yesterday": lambda: _days(d - timedelta(days=2), 1), "前天": lambda: _days(d - timedelta(days=2), 1),
        "yesterday": lambda: _days(d - timedelta(days=1), 1), "last night": lambda: _days(d - timedelta(days=1), 1),
        "昨天": lambda: _days(d - timedelta(days=1), 1), "昨晚": lambda: _days(d - timedelta(days=1), 1),
        "today": lambda: _days(d, 1), "tonight": lambda: _days(d, 1), "今天": lambda: _days(d, 1), "今晚": lambda: _days(d, 1),
        "tomorrow": lambda: _days(d + timedelta(days=1), 1), "明天": lambda: _days(d + timedelta(days=1), 1),
        "后天": lambda: _days(d + timedelta(days=2), 1),
        "last weekend": lambda: _days(monday - timedelta(days=2), 2), "上周末": lambda: _days(monday - timedelta(days=2), 2),
        "this weekend": lambda: _days(monday + timedelta(days=5), 2), "周末": lambda: _days(monday - timedelta(days=2), 9),
        "last week": lambda: _days(monday - timedelta(days=7), 7), "上周": lambda: _days(monday - timedelta(days=7), 7),
        "上上周": lambda: _days(monday - timedelta(days=14), 7),
        "this week": lambda: _days(monday, 7), "这周": lambda: _days(monday, 7), "本周": lambda: _days(monday, 7),
        "next week": lambda: _days(monday + timedelta(days=7), 7), "下周": lambda: _days(monday + timedelta(days=7), 7),
        "last month": lambda: _month(first.year - (first.month == 1), (first.month - 2) % 12 + 1),
        "上个月": lambda: _month(first.year - (first.month == 1), (first.month - 2) % 12 + 1),
        "this month": lambda: _month(d.year, d.month), "这个月": lambda: _month(d.year, d.month),
        "本月": lambda: _month(d.year, d.month),
        "next month": lambda: _month(d.year + (d.month == 12), d.month % 12 + 1),
        "下个月": lambda: _month(d.year + (d.month == 12), d.month % 12 + 1),
        "last year": lambda: _year(d.year - 1), "去年": lambda: _year(d.year - 1), "前年": lambda: _year(d.year - 2),
        "this year": lambda: _year(d.year), "今年": lambda: _year(d.year),
        "next year": lambda: _year(d.year + 1), "明年": lambda: _year(d.year + 1),
        "the other day": lambda: _days(d - timedelta(days=7), 7), "recently": lambda: _days(d - timedelta(days=30), 31),
    }
    key = word
    if key.startswith("上") and key.endswith(("星期", "礼拜")) or key in ("上个星期", "上个礼拜"):
        key = "上周"
    elif key.startswith("这") and "星期" in key:
        key = "这周"
    elif key.startswith("下") and ("星期" in key):
        key = "下周"
    elif key == "上月":
        key = "上个月"
    fn = table.get(key)
    return fn() if fn else None


Read = tuple[bool, TimeWindow | None]
"""What one reader of ``time_window`` found: ``(matched, window)``; a match ends the search even without a window."""
_NO: Read = (False, None)


def _zh_ymd(text: str, d: datetime) -> Read:
    m = _ZH_YMD.search(text)
    if not m:
        return _NO
    year, month, day = int(m.group(1)), _zh_int(m.group(2) or ""), _zh_int(m.group(3) or "")
    if month and day:
        return True, _date(year, month, day)
    return True, (_month(year, month) if month else _year(year))


def _zh_season(text: str, d: datetime) -> Read:
    m = _ZH_SEASON.search(text)
    if not m:
        return _NO
    offset = {"去年": -1, "今年": 0, "明年": 1, "前年": -2, None: 0}[m.group(1)]
    return True, _season(d.year + offset, _SEASONS[m.group(2)])


def _zh_ago(text: str, d: datetime) -> Read:
    m = _ZH_AGO.search(text)
    n = _zh_int(m.group(1)) if m else None
    if m is None or n is None:
        return _NO
    span = n * _UNIT_DAYS[m.group(2)]
    back = d - timedelta(days=span)
    return True, _days(back - timedelta(days=max(1, span // 7)), 1 + 2 * max(1, span // 7))


def _zh_md(text: str, d: datetime) -> Read:
    m = _ZH_MD.search(text)
    month = _zh_int(m.group(1)) if m else None
    if m is None or not month or not 1 <= month <= 12:
        return _NO
    day = _zh_int(m.group(2) or "")
    return True, (_date(_past_year(d, month), month, day) if day else _month(_past_year(d, month), month))


def _en_date(low: str, d: datetime) -> Read:
    for rx, order in ((_EN_DATE_MDY, "mdy"), (_EN_DATE_DMY, "dmy")):
        m = rx.search(low)
        if m:
            mon, day_text = (m.group(1), m.group(2)) if order == "mdy" else (m.group(2), m.group(1))
            year = int(m.group(3)) if m.group(3) else _past_year(d, _MONTHS[mon])
            found = _date(year, _MONTHS[mon], int(day_text))
            if found:
                return True, found
    return _NO


def _en_month_year(low: str, d: datetime) -> Read:
    m = _EN_MONTH_YEAR.search(low)
    return (True, _month(int(m.group(2)), _MONTHS[m.group(1)])) if m else _NO


def _en_season(low: str, d: datetime) -> Read:
    m = _EN_SEASON.search(low)
    if not m or not (m.group(1) or m.group(3)):
        return _NO
    year = int(m.group(3)) if m.group(3) else d.year + {"last": -1, "this": 0, "next": 1}[m.group(1)]
    return True, _season(year, _SEASONS[m.group(2)])


def _en_ago(low: str, d: datetime) -> Read:
    m = _EN_AGO.search(low)
    if not m:
        return _NO
    n = int(m.group(1)) if m.group(1).isdigit() else _WORD_NUM.get(m.group(1), 1)
    span = n * _UNIT_DAYS[m.group(2)]
    slack = max(1, span // 7)
    return True, _days(d - timedelta(days=span + slack), 1 + 2 * slack)


def _en_month(low: str, d: datetime) -> Read:
    m = _EN_MONTH.search(low)
    return (True, _month(_past_year(d, _MONTHS[m.group(1)]), _MONTHS[m.group(1)])) if m else _NO


def _en_year(low: str, d: datetime) -> Read:
    m = _EN_YEAR.search(low)
    return (True, _year(int(m.group(1) or m.group(2)))) if m else _NO


def time_window(text: str, ref: datetime) -> TimeWindow | None:
    """The first time span ``text`` refers to, relative to ``ref`` (``None`` if it names none).

    The readers are tried in order (Chinese forms first, then English; the most specific
    first); the first that matches decides, even when its span is not a valid date.
    """
    low, d = text.lower(), _day(ref)
    zh_rel, en_rel = _ZH_REL.search(text), _EN_REL.search(low)
    readers: list[Callable[[], Read]] = [
        lambda: _zh_ymd(text, d), lambda: _zh_season(text, d), lambda: _zh_ago(text, d),
        lambda: (True, _relative(zh_rel.group(0), ref)) if zh_rel else _NO,
        lambda: _zh_md(text, d), lambda: _en_date(low, d), lambda: _en_month_year(low, d),
        lambda: _en_season(low, d), lambda: _en_ago(low, d),
        lambda: (True, _relative(en_rel.group(1), ref)) if en_rel else _NO,
        lambda: _en_month(low, d), lambda: _en_year(low, d),
    ]
    for read in readers:
        matched, window = read()
        if matched:
            return window
    return None


def is_when_question(text: str) -> bool:
    """Whether ``text`` asks for a time (``"When did…"``, ``"what year"``, ``什么时候``, ``哪天`` ...)."""
    return bool(_WHEN_EN.search(text.lower()) or _WHEN_ZH.search(text))


def states_time(text: str) -> bool:
    """Whether ``text`` names a time: a date, a relative day/week/month/year, a weekday or a clock time."""
    low = text.lower()
    return bool(
        time_window(text, datetime(2000, 6, 15, tzinfo=timezone.utc)) is not None
        or _WEEKDAY.search(low) or _CLOCK.search(low)
    )


class _Timed(Protocol):
    @property
    def item(self) -> MemoryItem: ...


def time_adjusted(
    relevance: Mapping[int, float],
    hits: Mapping[int, _Timed],
    query: str,
    now: datetime,
    time_boost: float,
    when_boost: float,
) -> dict[int, float]:
    """Relevance after the time rules (unchanged when both boosts are 0 or the query names no time).

    Args:
        relevance: Memory id -> relevance in [0, 1].
        hits: Memory id -> hit with ``.item`` (a ``MemoryItem``: ``content``, ``created_at``).
        query: The recall query.
        now: The reference time of the query's relative expressions.
        time_boost: Added when the memory's event time (its own expression relative to its
            ``created_at``, else ``created_at``) falls in the query's window.
        when_boost: Added, for a "when" question, to a memory that states a time.
    """
    out = dict(relevance)
    if time_boost > 0:
        window = time_window(query, now)
        if window is not None:
            for i in out:
                item = hits[i].item
                created = item.created_at
                event = time_window(item.content, created) or _days(_day(created), 1)
                if event.overlaps(window):
                    out[i] += time_boost
    if when_boost > 0 and is_when_question(query):
        for i in out:
            if states_time(hits[i].item.content):
                out[i] += when_boost
    return out
