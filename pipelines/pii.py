"""Detection and masking of personal data in Chinese and English text.

Kinds, in the priority used to resolve overlaps (first wins):

* ``email`` — ``name@domain.tld``.
* ``id_cn`` — 18-character mainland resident ID: known province code, a real date of birth
  (1900 up to today) and a valid ISO 7064 MOD 11-2 check character (``0-9`` or ``X``).
* ``bank_card`` — 13 to 19 digits, plain or grouped by spaces/dashes, passing Luhn, with a
  card-network first digit. An 18-digit run shaped like an ID number is never a card.
* ``phone_cn`` — mainland mobile ``1[3-9]`` + 9 digits, optional ``+86``/``0086``/``86``
  prefix, optional 3-4-4 grouping; never a slice of a longer digit run.
* ``address`` — a Chinese street address (optional province/city/district/town, then a
  road/street name and a house number, optional building/floor/room) or an English one
  (house number, capitalised name, street-type word). A city or district on its own is
  not an address: the product keeps where users live at city level.

Masking keeps a hint of the shape (``138****5678``, ``330106********123X``,
``**** **** **** 1234``, ``a***@example.com``, ``[地址]``/``[address]``); no mask can be
detected again, so masking is idempotent.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Callable, Iterator

__all__ = ["PiiMatch", "MaskedText", "detect_pii", "mask_pii", "is_valid_cn_id", "luhn_valid"]


@dataclass(frozen=True)
class PiiMatch:
    """One piece of personal data found in a text.

    Attributes:
        kind: ``phone_cn``, ``id_cn``, ``bank_card``, ``email`` or ``address``.
        start: Offset of the first character in the original text.
        end: Offset one past the last character.
        value: ``text[start:end]``.
    """

    kind: str
    start: int
    end: int
    value: str


@dataclass(frozen=True)
class MaskedText:
    """A text with its personal data masked, and what was masked (offsets in the original)."""

    text: str
    matches: list[PiiMatch]

    @property
    def kinds(self) -> list[str]:
        """Distinct kinds that were masked, in order of first appearance."""
        return list(dict.fromkeys(match.kind for match in self.matches))


_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"
_PROVINCE_CODES = frozenset(
    "11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 "
    "61 62 63 64 65 71 81 82 91".split()
)
_ID_SHAPE = re.compile(r"\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]")


def _id_birth_date_ok(number: str) -> bool:
    try:
        born = date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    return date(1900, 1, 1) <= born <= date.today()


def _looks_like_cn_id(number: str) -> bool:
    """Province code and date of birth of an ID, whatever the check character."""
    return (
        len(number) == 18 and bool(_ID_SHAPE.fullmatch(number))
        and number[:2] in _PROVINCE_CODES and _id_birth_date_ok(number)
    )


def is_valid_cn_id(number: str) -> bool:
    """Whether ``number`` is a well-formed resident ID with a correct check character."""
    if not _looks_like_cn_id(number):
        return False
    total = sum(int(digit) * weight for digit, weight in zip(number[:17], _ID_WEIGHTS))
    return _ID_CHECK[total % 11] == number[17].upper()


def luhn_valid(digits: str) -> bool:
    """Whether the digit string passes the Luhn check (bank-card numbers do)."""
    if not digits.isdigit():
        return False
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])"
)
_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?![\dA-Za-z])")
# A digit run must not continue a longer grouped number on either side.
_NOT_AFTER_NUMBER = r"(?<!\d)(?<!\d[ -])"
_NOT_BEFORE_NUMBER = r"(?!\d)(?![ -]\d)"
_CARD = re.compile(
    _NOT_AFTER_NUMBER
    + r"(?:\d{13,19}|\d{4}([ -])\d{4}(?:\1\d{4}){1,2}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5})"
    + _NOT_BEFORE_NUMBER
)
_PHONE = re.compile(
    r"(?<!\d)(?<!\d{4}[ -])((?:\+|00)?86[ -]?)?(1[3-9]\d)([ -]?)(\d{4})\3(\d{4})(?!\d)(?![ -]\d{4})"
)

_PROVINCES = (
    "北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|广东|海南"
    "|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古|广西|西藏|宁夏|新疆|香港|澳门"
)
# A character of a place name: CJK, but not the function words that surround an address
# in a sentence ("我住在…", "寄到…"), so the match starts at the place name itself.
_HAN = r"(?:(?![我你他她它在住是的了到去址从于和及与把被给请帮要想送寄搬往])[\u4e00-\u9fff])"
_CN_ADDRESS = re.compile(
    rf"(?:(?:{_PROVINCES})(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)?)?"
    rf"(?:{_HAN}{{1,7}}?(?:市|州|盟|地区))?"
    rf"(?:{_HAN}{{1,7}}?(?:区|县|旗))?"
    rf"(?:{_HAN}{{1,7}}?(?:镇|乡|街道))?"
    rf"{_HAN}{{1,10}}?(?:路|街|大道|大街|巷|弄|胡同|道|里)"
    r"\s*\d+(?:-\d+)?\s*(?:号|弄)"
    rf"(?:(?:{_HAN}|[A-Za-z]){{1,12}}?(?:小区|花园|公寓|大厦|广场|中心|城|苑|园|村|府|庭))?"
    r"(?:\s*(?:\d+|[A-Za-z])\s*(?:号楼|栋|幢|座|单元|楼|层|室|号|弄))*"
)
_EN_STREET_TYPES = (
    "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Parkway|Pkwy|Way|Court|Ct"
    "|Place|Terrace|Circle|Highway|Hwy|Square|Sq"
)
_EN_ADDRESS = re.compile(
    r"(?<![\w-])\d{1,6}[A-Za-z]?,?\s+(?:(?:[A-Z][A-Za-z'.-]*|\d+(?:st|nd|rd|th))\s+){1,4}"
    rf"(?i:{_EN_STREET_TYPES})\b\.?"
    r"(?:,?\s*(?:Apt|Apartment|Suite|Unit|Flat|#)\.?\s*[A-Za-z0-9-]+)?"
)


def _emails(text: str) -> Iterator[tuple[int, int]]:
    for match in _EMAIL.finditer(text):
        yield match.span()


def _ids(text: str) -> Iterator[tuple[int, int]]:
    for match in _ID.finditer(text):
        if is_valid_cn_id(match.group(0)):
            yield match.span()


def _cards(text: str) -> Iterator[tuple[int, int]]:
    for match in _CARD.finditer(text):
        digits = re.sub(r"[ -]", "", match.group(0))
        network_prefix = digits[0] in "345689" or "22" <= digits[:2] <= "27"
        if network_prefix and luhn_valid(digits) and not _looks_like_cn_id(digits):
            yield match.span()


def _phones(text: str) -> Iterator[tuple[int, int]]:
    for match in _PHONE.finditer(text):
        yield match.span()


def _addresses(text: str) -> Iterator[tuple[int, int]]:
    for pattern in (_CN_ADDRESS, _EN_ADDRESS):
        for match in pattern.finditer(text):
            yield match.span()


_DETECTORS: tuple[tuple[str, Callable[[str], Iterator[tuple[int, int]]]], ...] = (
    ("email", _emails),
    ("id_cn", _ids),
    ("bank_card", _cards),
    ("phone_cn", _phones),
    ("address", _addresses),
)


def detect_pii(text: str) -> list[PiiMatch]:
    """Find the personal data in ``text``.

    Args:
        text: Any user or model text.

    Returns:
        Non-overlapping matches ordered by position; when two candidates overlap, the
        kind earlier in the module's priority list wins.
    """
    taken: list[tuple[int, int]] = []
    found: list[PiiMatch] = []
    for kind, detector in _DETECTORS:
        for start, end in detector(text):
            if any(start < other_end and other_start < end for other_start, other_end in taken):
                continue
            taken.append((start, end))
            found.append(PiiMatch(kind=kind, start=start, end=end, value=text[start:end]))
    return sorted(found, key=lambda match: match.start)


def _mask_value(match: PiiMatch) -> str:
    value = match.value
    if match.kind == "email":
        local, _, domain = value.partition("@")
        return f"{local[0]}***@{domain}"
    if match.kind == "id_cn":
        return f"{value[:6]}{'*' * 8}{value[-4:]}"
    if match.kind == "bank_card":
        return f"**** **** **** {re.sub(r'[ -]', '', value)[-4:]}"
    if match.kind == "phone_cn":
        parsed = _PHONE.fullmatch(value)
        if parsed is None:
            raise ValueError(f"{value!r} is not a mainland mobile number; it cannot be masked as one")
        prefix = parsed.group(1) or ""
        return f"{prefix}{parsed.group(2)}****{parsed.group(5)}"
    if match.kind == "address":
        return "[地址]" if re.search(r"[\u4e00-\u9fff]", value) else "[address]"
    raise ValueError(f"no mask for PII kind {match.kind!r}; add one to pipelines/pii.py")


def mask_pii(text: str) -> MaskedText:
    """Mask every piece of personal data in ``text``, keeping a hint of its shape.

    Args:
        text: Any user or model text.

    Returns:
        The masked text and the matches (offsets refer to the original ``text``).
        Masking already masked text changes nothing.
    """
    matches = detect_pii(text)
    parts: list[str] = []
    cursor = 0
    for match in matches:
        parts.append(text[cursor:match.start])
        parts.append(_mask_value(match))
        cursor = match.end
    parts.append(text[cursor:])
    return MaskedText(text="".join(parts), matches=matches)
