"""Whole values: the old value is replaced with all of itself (a number's separators and magnitudes, a grade, a
height, a place with its state, a latin word) and never spliced; else the user's corrected statement in their words.
"""
from __future__ import annotations

import re

from pipelines.extract.amend_cues import CUE, NOISE_WORDS
from pipelines.extract.amend_values import WEEKDAY, number_value, unit_of
from pipelines.extract.amend_words import content_words, word_change
from pipelines.extract.supersede_gate import topic_terms

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
    opened, closed = s.rfind("‹", 0, start), s.find("›", end)
    if opened >= 0 and closed >= 0 and "›" not in s[opened:start] and "‹" not in s[end:closed]:
        return opened, closed + 1  # a value inside a masked placeholder (‹plate …K392›) is the whole placeholder
    return start, end


def value_kind(value: str) -> str:
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
    if value_kind(old) != "number" or value_kind(new) != "number" or unit_of(new):
        return False
    a, b = number_value(old), number_value(new)
    return a is not None and b is not None and b > 0 and a / b >= 10 and not re.search(r"[百千万亿,]", new)


def whole_value(note: str, old: str, text: str, new: str) -> str | None:
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
    masked = whole_old.startswith("‹") and whole_old.endswith("›") and bool(re.fullmatch(r"[\w·.-]*\d[\w·.-]*", fresh))
    if not masked and not _fits(whole_old, fresh, widened=(whole_old, fresh) != (note[at:at + len(old)], new)):
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
    if widened and value_kind(whole_old) != value_kind(fresh):
        return False
    if value_kind(whole_old) == "grade" and value_kind(fresh) != "grade":
        return False
    return not (_magnitude_lost(whole_old, fresh) or whole_old == fresh)


def _weight(clause: str) -> int:
    """How much a clause says besides its correction cue: its content words, and Chinese characters by two."""
    return (len([w for w in content_words(CUE.sub(" ", clause)) if w.lower() not in NOISE_WORDS])
            + len(re.findall(r"[\u3400-\u9fff]", CUE.sub("", clause))) // 2)


def _restates(statement: str, note: str, new: str) -> bool:
    """The statement holds the new value and shares the note's topic."""
    return bool(statement) and new in statement and bool(topic_terms(statement) & topic_terms(note))


def restated(text: str, note: str, new: str) -> str | None:
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


def drop_stale_date(content: str, old: str, day: str, text: str) -> str:
    """"Monday the 12th" moved to Thursday is no longer the 12th: the date next to the replaced weekday goes,
    unless the user restates it."""
    if not WEEKDAY.fullmatch(old):
        return content
    m = re.search(rf"{re.escape(day)}(,?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\b)", content, re.I)
    if m is None or re.search(rf"\b{m.group(2)}(?:st|nd|rd|th)?\b", text):
        return content
    return content[:m.start(1)] + content[m.end(1):]


def kin_amend(text: str, clean: str, note: str, kin: tuple[str, str]) -> str | None:
    """The note with its relative changed, and the name with it ("my wife, Jen, not Dave")."""
    content = whole_value(note, kin[0], text, kin[1])
    fixed = word_change(text, content) if content else None
    if content and fixed and fixed[0][:1].isupper() and fixed[0] in content:
        content = whole_value(content, fixed[0], clean, fixed[1]) or content
    return content
