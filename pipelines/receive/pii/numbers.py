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
a phone word, an ungrouped SSN after "SSN").
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pipelines.receive.pii import cues
from pipelines.receive.pii.runs import Group, Run, is_decimal, is_version_or_ip, runs, separator
from pipelines.receive.pii.checks import (
    card_network_prefix, gtin_valid, itin_valid, looks_like_cn_id, luhn_valid, ssn_valid,
)

_EXTENSION = re.compile(r"[ \t]*(?:转|分机|ext\.?|extension|x|#|-)[ \t]*\d{1,5}(?!\d)", re.IGNORECASE)
_MOBILE = re.compile(r"1[3-9]\d{9}")
_EXTENSION_WORD_TAIL = re.compile(r"(?:转|分机|ext\.?|extension|x|#)\s*\d{1,5}$", re.IGNORECASE)
# An amount or a measure, not an identity number: "13812345678元", "¥13800000000".
_UNIT_AFTER = re.compile(
    r"[ \t]*(?:元|块|角|万|亿|位|户|美元|欧元|日元|英镑|港币|%|％|‰|℃|°|度|次|个|人次|条(?!码|形码)|件|篇|页|字(?!节)|辆|本(?!人)|倍|年|天|小时|分钟|秒|岁"
    r"|(?i:usd|rmb|cny|eur|dollars?|yuan|km|kg|ms|bytes?|times|views|visits|users|people|points|steps)\b)"
)
_CURRENCY_BEFORE = frozenset("¥$€£￥")
_PHONES = ("landline", "phone_intl", "phone_cn", "phone_tw")


def _glued(text: str, start: int, end: int) -> bool:
    """Whether the digits touch Latin letters (a code such as SF123…, v1.2.3, ID123)."""
    left = text[start - 1] if start > 0 else ""
    if left in "(+" and start > 1:
        left = text[start - 2]
    right = text[end] if end < len(text) else ""
    if right.isascii() and right.isalpha() and _EXTENSION.match(text, end):
        right = ""
    return (left.isascii() and left.isalpha()) or (right.isascii() and right.isalpha())


def _landline(digits: str) -> bool:
    if len(digits) < 10 or digits[0] != "0" or digits[1] == "0":
        return False
    area = 3 if digits[1] in "12" else 4
    local = digits[area:]
    return 7 <= len(local) <= 8 and local[0] in "23456789"


def _strip_cn_prefix(digits: str, plus: bool) -> str | None:
    if digits.startswith("0086"):
        return digits[4:]
    if digits.startswith("86") and (plus or len(digits) in (12, 13)):
        return digits[2:]
    return None


@dataclass(frozen=True)
class Candidate:
    """Groups ``first..last`` of a run, read as one number: what every rule of :data:`RULES` looks at."""

    text: str
    run: Run
    first: int
    last: int
    digits: str
    sizes: tuple[int, ...]
    plus: bool  # a "+" right before it

    @property
    def start(self) -> int:
        return self.run.groups[self.first].start

    @property
    def end(self) -> int:
        return self.run.groups[self.last].end

    @property
    def national(self) -> str | None:
        """The national number after a +86 / 0086 / 86 prefix, or ``None``."""
        return _strip_cn_prefix(self.digits, self.plus)

    @property
    def whole_run(self) -> bool:
        return self.first == 0 and self.last == len(self.run.groups) - 1

    def phone_word(self) -> bool:
        return cues.says_phone(self.text, self.start) or cues.says_phone_after(self.text, self.end)


# A rule answers a kind, ``NOT_PII`` (stop: this number is none) or ``None`` (ask the next rule).
NOT_PII = ""
Rule = Callable[[Candidate], "str | None"]


def _resident_id(c: Candidate) -> str | None:
    if c.digits.endswith("X"):
        return "id_cn" if looks_like_cn_id(c.digits) else NOT_PII
    if len(c.digits) in (15, 18) and looks_like_cn_id(c.digits):
        amex = len(c.digits) == 15 and c.digits[:2] in ("34", "37") and luhn_valid(c.digits)
        return "bank_card" if amex and cues.says_card(c.text, c.start) else "id_cn"
    return None


def _after_plus(c: Candidate) -> str | None:
    if c.plus and c.national is None:
        return "phone_intl" if _foreign_phone(c) else NOT_PII
    return None


def _cn_prefixed(c: Candidate) -> str | None:
    national = c.national
    if national is None:
        return None
    if _MOBILE.fullmatch(national):
        return "phone_cn"
    return "landline" if _landline("0" + national) else None


def _nanp_with_one(c: Candidate) -> str | None:
    grouped = c.sizes[:1] == (1,) and c.sizes[1:] in ((3, 3, 4), (3, 7), (10,))
    return "phone_intl" if grouped and _foreign_phone(c) else None


def _mainland_mobile(c: Candidate) -> str | None:
    trunk = len(c.digits) == 12 and c.digits[0] == "0" and _MOBILE.fullmatch(c.digits[1:])
    return "phone_cn" if _MOBILE.fullmatch(c.digits) or trunk else None


def _taiwan_mobile(c: Candidate) -> str | None:
    """0912-345-678, 0912 345678: Taiwan mobiles (09 and eight digits), grouped or after a phone word."""
    if len(c.digits) != 10 or not c.digits.startswith("09"):
        return None
    return "phone_tw" if c.sizes in ((4, 3, 3), (4, 6), (2, 4, 4), (3, 3, 4)) or c.phone_word() else None


def _mainland_landline(c: Candidate) -> str | None:
    return "landline" if _landline(c.digits) and not c.plus else None


def _ssn_or_itin(c: Candidate) -> str | None:
    """A US SSN (3-2-4, or after "SSN") or ITIN (9XX-7X-XXXX, or after "ITIN"/"tax ID")."""
    if len(c.digits) != 9:
        return None
    if ssn_valid(c.digits) and (c.sizes == (3, 2, 4) or cues.says_ssn(c.text, c.start) or cues.says_ssn_after(c.text, c.end)):
        return "ssn"
    if itin_valid(c.digits) and (c.sizes == (3, 2, 4) or cues.says_itin(c.text, c.start)):
        return "itin"
    return None


def _card(c: Candidate) -> str | None:
    digits = c.digits
    if 13 <= len(digits) <= 19 and card_network_prefix(digits):
        card_word = cues.says_card(c.text, c.start)
        if luhn_valid(digits) and (len(digits) > 13 or card_word):
            return "bank_card"
        if len(digits) == 13 and digits[0] == "4" and luhn_valid(digits) and not gtin_valid(digits):
            return "bank_card"  # a 13-digit Visa; a valid EAN-13 barcode stays a barcode
        if len(digits) >= 15 and card_word:
            return "bank_card"  # after 卡号/card a mistyped card number is still a card number
    if len(digits) == 12 and card_network_prefix(digits) and luhn_valid(digits) and (
            cues.says_card(c.text, c.start) or cues.says_card_after(c.text, c.end)):
        return "bank_card"  # Maestro cards can be 12 digits long
    return None


def _other_foreign(c: Candidate) -> str | None:
    return "phone_intl" if _foreign_phone(c) else None


def _international_prefix(c: Candidate) -> str | None:
    """0044 20 7946 0958, 00 33 1 42 68 53 00: a number dialled with the 00 prefix (not 0086)."""
    digits = c.digits
    if not digits.startswith("00") or digits.startswith(("000", "0086")) or not 10 <= len(digits) <= 17:
        return None
    return "phone_intl" if len(c.sizes) >= 2 and c.sizes[0] <= 5 or c.phone_word() else None


def _european_national(c: Candidate) -> str | None:
    """06 12 34 56 78, 07700 900123, 030 1234567: national numbers of other countries (trunk 0)."""
    digits = c.digits
    if not 10 <= len(digits) <= 11 or digits[0] != "0" or digits[1] == "0":
        return None
    pairs = len(digits) == 10 and c.sizes == (2, 2, 2, 2, 2)
    uk_mobile = len(digits) == 11 and digits[1] == "7" and c.sizes in ((5, 6), (5, 3, 3), (4, 3, 4))
    return "phone_intl" if pairs or uk_mobile or (c.phone_word() and len(c.sizes) <= 4) else None


def _local_landline(c: Candidate) -> str | None:
    local = 7 <= len(c.digits) <= 8 and c.digits[0] in "23456789" and len(c.sizes) <= 2
    return "landline" if local and c.whole_run and not _is_date(c.digits) and c.phone_word() else None


def _landline_extension(c: Candidate) -> str | None:
    """0755-2345678-801: the last group is an extension."""
    if len(c.sizes) < 2 or c.sizes[-1] > 5 or separator(c.run.gaps[c.last - 1]) != "-":
        return None
    main = c.digits[:-c.sizes[-1]]
    national = _strip_cn_prefix(main, c.plus)
    return "landline" if _landline(main) or (national is not None and _landline("0" + national)) else None


#: The rules, in order; the first that answers decides.
RULES: tuple[Rule, ...] = (
    _resident_id, _after_plus, _cn_prefixed, _nanp_with_one, _mainland_mobile, _taiwan_mobile, _mainland_landline,
    _ssn_or_itin, _card, _other_foreign, _international_prefix, _european_national, _local_landline,
    _landline_extension,
)


def _classify(text: str, run: Run, first: int, last: int) -> str | None:
    """The kind of the number made of groups ``first..last`` of ``run``, or ``None``."""
    groups = run.groups[first:last + 1]
    digits = "".join(group.digits for group in groups)
    if len(digits) < 7:
        return None  # shorter than any identity number
    candidate = Candidate(text, run, first, last, digits, tuple(len(g.digits) for g in groups), run.plus and first == 0)
    for rule in RULES:
        kind = rule(candidate)
        if kind is not None:
            return kind or None
    return None


def _foreign_phone(c: Candidate) -> bool:
    """A number after ``+``, or a NANP number (``(591)341-7776``, ``+1``/``001`` prefixes)."""
    digits, sizes = c.digits, c.sizes
    if c.plus:
        return 8 <= len(digits) <= 15 and digits[0] != "0"
    nanp = digits
    if digits.startswith("001") and sizes[0] == 3:
        nanp = digits[3:]
    elif digits.startswith("1") and len(digits) == 11 and sizes[0] == 1:
        nanp = digits[1:]
    if len(nanp) != 10:
        return False
    grouped = sizes[-3:] == (3, 3, 4) or sizes[-2:] == (3, 7) or sizes[-2:] == (6, 4)
    if grouped and nanp[0] in "23456789":
        return True
    return nanp[0] in "23456789" and nanp[3] in "23456789" and c.phone_word()


def _is_amount(text: str, start: int, end: int) -> bool:
    return (start > 0 and text[start - 1] in _CURRENCY_BEFORE) or _UNIT_AFTER.match(text, end) is not None


def _is_date(digits: str) -> bool:
    if len(digits) != 8 or not digits.startswith(("19", "20")):
        return False
    return 1 <= int(digits[4:6]) <= 12 and 1 <= int(digits[6:8]) <= 31


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


def _pieces(text: str, run: Run) -> list[tuple[int, int, str]]:
    """Items of a run as (first group, last group, kind)."""
    count = len(run.groups)
    known: dict[tuple[int, int], str | None] = {}

    offsets = [0]
    for group in run.groups:
        offsets.append(offsets[-1] + len(group.digits))

    def classify(first: int, last: int) -> str | None:
        if not 7 <= offsets[last + 1] - offsets[first] <= 19:
            return None  # no identity number is that short or that long
        if (first, last) not in known:
            known[first, last] = _classify(text, run, first, last)
        return known[first, last]

    # Cover the whole run with items, if possible (fewest items wins).
    best: list[list[tuple[int, int, str]] | None] = [None] * (count + 1)
    best[count] = []
    for first in range(count - 1, -1, -1):
        for last in range(first, _reach(run, first)):
            rest = best[last + 1]
            if rest is None:
                continue
            kind = classify(first, last)
            if kind and (best[first] is None or len(rest) + 1 < len(best[first])):
                best[first] = [(first, last, kind), *rest]
    if best[0] is not None:
        return best[0]
    found: list[tuple[int, int, str]] = []
    first = 0
    while first < count:
        for last in range(_reach(run, first) - 1, first - 1, -1):
            kind = classify(first, last)
            if kind is None:
                continue
            inside = _separators(run, first, last)
            outside = set()
            if first > 0 and not _loose(text, run.groups[first - 1]):
                outside.add(separator(run.gaps[first - 1]))
            if last < count - 1 and not _loose(text, run.groups[last + 1]):
                outside.add(separator(run.gaps[last]))
            if first == last or not inside & outside or cues.says_pii(text, run.groups[first].start):
                found.append((first, last, kind))
                first = last
                break
        first += 1
    return found


def find_numbers(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans (in ``text``) and kinds of numeric personal data."""
    for run in runs(text):
        if len(run.groups) > 40 and sum(len(g.digits) for g in run.groups) < 2.5 * len(run.groups):
            continue  # a long list of one- or two-digit numbers (scores, draws), not identity numbers
        if is_decimal(run):
            continue
        if is_version_or_ip(run) and not (cues.says_pii(text, run.groups[0].start) or (
                cues.says_pii_after(text, run.groups[-1].end) and not cues.says_not_pii(text, run.groups[0].start))):
            continue
        for first, last, kind in _pieces(text, run):
            start, end = run.groups[first].start, run.groups[last].end
            floor = run.groups[first - 1].end if first > 0 else 0  # an order number before it is not its context
            if _glued(text, start, end) or cues.says_not_pii(text, start, floor) or _is_amount(text, start, end):
                continue
            if first == 0 and run.plus:
                start = text.rindex("+", max(0, start - 3), start)
                if start > 0 and text[start - 1] == "(":
                    start -= 1
            elif (first == 0 and start > 0 and text[start - 1] == "(" and run.gaps[:1] and ")" in run.gaps[0]
                    and kind in _PHONES):
                start -= 1
            yield start, _extend(text, kind, end), kind


def landline_tail(value: str) -> str:
    """The last four digits of a landline's own number, without its extension."""
    value = _EXTENSION_WORD_TAIL.sub("", value.rstrip())
    groups = re.findall(r"\d+", value)
    digits = "".join(groups)
    if len(groups) >= 2 and len(groups[-1]) <= 5:
        main = digits[:-len(groups[-1])]
        national = _strip_cn_prefix(main, value.lstrip("( ").startswith("+"))
        full_national = _strip_cn_prefix(digits, value.lstrip("( ").startswith("+"))
        whole_ok = _landline(digits) or (full_national is not None and _landline("0" + full_national))
        if not whole_ok and (_landline(main) or (national is not None and _landline("0" + national))):
            digits = main
    return digits[-4:]
