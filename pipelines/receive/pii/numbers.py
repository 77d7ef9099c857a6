"""Numeric personal data: mobiles, landlines, resident IDs, bank cards, SSNs, other phones.

A number is read as a *run* of digit groups joined by separators (space, ``-``, ``.``,
``/``, ``_``, parentheses, at most 4 characters between two groups). The digits of one or
more consecutive groups are concatenated and classified by length, prefix and check digits,
so any grouping works (``1304 044 2314``, ``137.0769.5985``, ``+86(177)2956-5142``,
``610113 19730206 5065``, ``622202 123456 7894``). A group is never cut: a mobile number is
never a slice of a longer digit string.

When a whole run is not one item, it is split at group boundaries: a split is kept when
every group of the run belongs to an item (two phones in a row), or when the separator at
the cut differs from the separators inside the item (``138-1234-5678 139…``). A run glued
to Latin letters (``SF1234…``, ``v1.2.3``) is a code, not personal data.

Guards against look-alikes: a look-alike word close before the number in the same clause
(订单号, order, tracking, ISBN, version…, see :mod:`pipelines.receive.pii.cues`), an amount
or count unit after it (元, %, 次), IP and version shapes, decimals; a 13-digit number
is a card only after a card word or as a Visa that is not a valid EAN-13 barcode; and a
number counts only when its shape is exact (province code and birth date of an ID, Luhn
and a network prefix of a card, area code and local length of a landline). Context-free
shapes: mainland mobiles, landlines with an area code, IDs, cards of 14-19 digits,
SSNs written 3-2-4, NANP numbers written 3-3-4, any number after ``+``; the rest needs
a word (a bare 7-8 digit local number after 电话/tel, a plain 10-digit NANP number after
a phone word, an ungrouped SSN after "SSN"). The classification of one candidate is the
rule table of :mod:`pipelines.receive.pii.number_rules` (Taiwan mobiles, ITINs, 00-prefixed and
European national numbers included).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pipelines.receive.pii import cues
from pipelines.receive.pii.checks import gtin_valid
from pipelines.receive.pii.number_rules import classify as classify_number, is_landline, strip_cn_prefix
from pipelines.receive.pii.runs import Group, Run, is_decimal, is_version_or_ip, runs, separator

_EXTENSION = re.compile(r"[ \t]*(?:转|分机|ext\.?|extension|x|#|-)[ \t]*\d{1,5}(?!\d)", re.IGNORECASE)
_EXTENSION_WORD_TAIL = re.compile(r"(?:转|分机|ext\.?|extension|x|#)\s*\d{1,5}$", re.IGNORECASE)
# An amount or a measure, not an identity number: "13812345678元", "¥13800000000".
_UNIT_AFTER = re.compile(
    r"[ \t]*(?:元|块|角|万|亿|位|户|美元|欧元|日元|英镑|港币|%|％|‰|℃|°|度|次|个|人次|条(?!码|形码)|件|篇|页|字(?!节)|辆|本(?!人)|倍|年|天|小时|分钟|秒|岁"
    r"|(?i:usd|rmb|cny|eur|dollars?|yuan|km|kg|ms|bytes?|times|views|visits|users|people|points|steps)\b)"
)
_PHONES = ("landline", "phone_intl", "phone_cn", "phone_tw")


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def _left_of(text: str, start: int) -> str:
    """The character before the digits, looking past one ``(`` or ``+``."""
    left = text[start - 1] if start > 0 else ""
    if left in "(+" and start > 1:
        left = text[start - 2]
    return left


def _glued(text: str, start: int, end: int) -> bool:
    """Whether the digits touch Latin letters (a code such as SF123…, v1.2.3, ID123)."""
    right = text[end] if end < len(text) else ""
    right_glued = _latin(right) and not _EXTENSION.match(text, end)
    return _latin(_left_of(text, start)) or right_glued


_CODE_PIECE = re.compile(r"(?:[A-Za-z0-9]+[ \t])+$")


def _code_offset(lead: str) -> int | None:
    """Where a code of letter-and-digit pieces starts in ``lead`` (``None``: no piece mixes letters and digits)."""
    pieces = lead.split()
    while pieces and not any(c.isdigit() for c in pieces[0]):
        pieces.pop(0)  # "tracking", "UPS": the words before the code
    mixed = any(any(c.isdigit() for c in p) and any(c.isalpha() for c in p) for p in pieces)
    return lead.index(pieces[0]) if pieces and mixed else None


def _in_code(text: str, start: int) -> bool:
    """Whether the digits continue a code of letter-and-digit pieces that a look-alike word introduces
    ("UPS tracking 1Z 999 AA1 01 2345 6784"): the words are judged where the code starts."""
    if start < 2 or text[start - 1] not in " \t" or not text[start - 2].isalnum():
        return False
    lead = _CODE_PIECE.search(text, max(0, start - 40), start)
    offset = _code_offset(lead.group(0)) if lead is not None else None
    if lead is None or offset is None:
        return False
    return cues.says_not_pii(text, start - len(lead.group(0)) + offset)


def _in_word(text: str, start: int) -> bool:
    """Whether the digits at ``start`` end a word: ``ISBN-10``, ``SHA256``, ``ISO-8601``."""
    left = text[start - 1] if start > 0 else ""
    return _latin(left) or (left == "-" and start > 1 and _latin(text[start - 2]))


def _in_book_number(run: Run, first: int, last: int) -> bool:
    """Whether the groups end an ISBN-13 / EAN-13 after its 978 or 979 prefix group (``978-0262033848``)."""
    if first == 0 or run.groups[first - 1].digits not in ("978", "979"):
        return False
    return gtin_valid("".join(group.digits for group in run.groups[first - 1:last + 1]))


def _dialled_abroad(run: Run, first: int, last: int) -> bool:
    """A ``+`` before it, or Hong Kong's / Macau's country code written 3-4-4 (852-9627-1053)."""
    digits = "".join(g.digits for g in run.groups[first:last + 1])
    return (first == 0 and run.plus) or (digits[:3] in ("852", "853") and len(digits) == 11
                                         and len(run.groups[first].digits) == 3)


_CURRENCY_SPACED = re.compile(r"(?:[$¥€£￥]|(?<![A-Za-z])(?:HK\$|NT\$|US\$|MOP|RMB|HKD|USD|CNY|EUR))[ \t]*$")


def _is_amount(text: str, start: int, end: int) -> bool:
    """A currency sign or code before it ("HK$ 6183 4726", "¥13800000000") or a unit after it."""
    return _CURRENCY_SPACED.search(text, max(0, start - 5), start) is not None or _UNIT_AFTER.match(text, end) is not None

def _extend(text: str, kind: str, end: int) -> int:
    if kind in _PHONES:
        ext = _EXTENSION.match(text, end)
        if ext and not (ext.group(0).strip().startswith("-") and kind == "phone_cn"):
            return ext.end()
    return end


def _separators(run: Run, first: int, last: int) -> set[str]:
    return {separator(gap) for gap in run.gaps[first:last]}


def _loose(text: str, group: Group) -> bool:
    """Whether a neighbouring group is a number of its own: a quantity glued to a CJK unit
    (2023年, 5个) or one or two digits (``Section 3.4 420102 19560503 0079``)."""
    return len(group.digits) <= 2 or (group.end < len(text) and "\u4e00" <= text[group.end] <= "\u9fff")


def _reach(run: Run, first: int) -> int:
    """One past the last group that can still belong to an item starting at ``first``."""
    total = 0
    for index in range(first, len(run.groups)):
        total += len(run.groups[index].digits)
        if total > 19:
            return index
    return len(run.groups)


def _classifier(text: str, run: Run) -> Callable[[int, int], str | None]:
    """The kind of groups ``first..last`` of ``run`` (``None``: no item), remembered per span."""
    known: dict[tuple[int, int], str | None] = {}
    offsets = [0]
    for group in run.groups:
        offsets.append(offsets[-1] + len(group.digits))

    def classify(first: int, last: int) -> str | None:
        if not 7 <= offsets[last + 1] - offsets[first] <= 19:
            return None  # no identity number is that short or that long
        if (first, last) not in known:
            known[first, last] = classify_number(text, run, first, last)
        return known[first, last]

    return classify


def _cover(run: Run, classify: Callable[[int, int], str | None]) -> list[tuple[int, int, str]] | None:
    """The whole run covered with items, fewest items first (``None``: it cannot be)."""
    count = len(run.groups)
    best: list[list[tuple[int, int, str]] | None] = [None] * (count + 1)
    best[count] = []
    for first in range(count - 1, -1, -1):
        for last in range(first, _reach(run, first)):
            rest = best[last + 1]
            if rest is None:
                continue
            kind = classify(first, last)
            held = best[first]
            if kind and (held is None or len(rest) + 1 < len(held)):
                best[first] = [(first, last, kind), *rest]
    return best[0]


def _outside(text: str, run: Run, first: int, last: int) -> set[str]:
    """The separators just outside groups ``first..last``, where the neighbour is not a loose number."""
    outside = set()
    if first > 0 and not _loose(text, run.groups[first - 1]):
        outside.add(separator(run.gaps[first - 1]))
    if last < len(run.groups) - 1 and not _loose(text, run.groups[last + 1]):
        outside.add(separator(run.gaps[last]))
    return outside


def _cut_kept(text: str, run: Run, first: int, last: int) -> bool:
    """Whether an item cut out of a run stands: one group, a different separator at the cut, or a PII word."""
    if first == last:
        return True
    return not _separators(run, first, last) & _outside(text, run, first, last) or cues.says_pii(
        text, run.groups[first].start)


def _split(text: str, run: Run, classify: Callable[[int, int], str | None]) -> list[tuple[int, int, str]]:
    """Items cut out of a run that is not all items, longest first from the left."""
    found: list[tuple[int, int, str]] = []
    first = 0
    while first < len(run.groups):
        for last in range(_reach(run, first) - 1, first - 1, -1):
            kind = classify(first, last)
            if kind is not None and _cut_kept(text, run, first, last):
                found.append((first, last, kind))
                first = last
                break
        first += 1
    return found


def _pieces(text: str, run: Run) -> list[tuple[int, int, str]]:
    """Items of a run as (first group, last group, kind)."""
    classify = _classifier(text, run)
    covered = _cover(run, classify)
    return covered if covered is not None else _split(text, run, classify)


def _version_is_pii(text: str, run: Run) -> bool:
    """A version- or IP-shaped run is personal data only after a PII word, or before one with no look-alike word."""
    return cues.says_pii(text, run.groups[0].start) or (
        cues.says_pii_after(text, run.groups[-1].end) and not cues.says_not_pii(text, run.groups[0].start))


def _skipped(text: str, run: Run) -> bool:
    """Runs that hold no identity number: long lists of small numbers, decimals, versions and IPs."""
    if len(run.groups) > 40 and sum(len(g.digits) for g in run.groups) < 2.5 * len(run.groups):
        return True  # a long list of one- or two-digit numbers (scores, draws), not identity numbers
    return is_decimal(run) or (is_version_or_ip(run) and not _version_is_pii(text, run))


def _kept(text: str, run: Run, first: int, last: int, kind: str) -> bool:
    """Whether an item of a run is personal data where it stands (no code, amount or look-alike word)."""
    start, end = run.groups[first].start, run.groups[last].end
    # An order number before it is not its context; but the digits of a label ("ISBN-10 0262…") are that label's.
    floor = run.groups[first - 1].end if first > 0 and not _in_word(text, run.groups[first - 1].start) else 0
    if _glued(text, start, end) or _is_amount(text, start, end) or _in_code(text, start) or _in_book_number(run, first, last):
        return False
    # "Delivery contact for my order: +852 …": a number dialled abroad is a phone whatever the words
    return not cues.says_not_pii(text, start, floor) or (kind == "phone_intl" and _dialled_abroad(run, first, last))


def _bracketed_area_code(text: str, run: Run, start: int, kind: str) -> bool:
    """A phone whose first group is an area code in brackets: ``(021) 6285 3310``."""
    return start > 0 and text[start - 1] == "(" and bool(run.gaps[:1]) and ")" in run.gaps[0] and kind in _PHONES


def _item_start(text: str, run: Run, first: int, kind: str) -> int:
    """Where the item starts: with its ``+`` (and a ``(`` before it), or the ``(`` of a bracketed area code."""
    start = run.groups[first].start
    if first == 0 and run.plus:
        start = text.rindex("+", max(0, start - 3), start)
        return start - 1 if start > 0 and text[start - 1] == "(" else start
    return start - 1 if first == 0 and _bracketed_area_code(text, run, start, kind) else start


def find_numbers(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans (in ``text``) and kinds of numeric personal data."""
    for run in (run for run in runs(text) if not _skipped(text, run)):
        for first, last, kind in _pieces(text, run):
            if _kept(text, run, first, last, kind):
                yield _item_start(text, run, first, kind), _extend(text, kind, run.groups[last].end), kind


def landline_tail(value: str) -> str:
    """The last four digits of a landline's own number, without its extension."""
    value = _EXTENSION_WORD_TAIL.sub("", value.rstrip())
    groups = re.findall(r"\d+", value)
    digits = "".join(groups)
    if len(groups) >= 2 and len(groups[-1]) <= 5:
        main = digits[:-len(groups[-1])]
        national = strip_cn_prefix(main, value.lstrip("( ").startswith("+"))
        full_national = strip_cn_prefix(digits, value.lstrip("( ").startswith("+"))
        whole_ok = is_landline(digits) or (full_national is not None and is_landline("0" + full_national))
        if not whole_ok and (is_landline(main) or (national is not None and is_landline("0" + national))):
            digits = main
    return digits[-4:]
