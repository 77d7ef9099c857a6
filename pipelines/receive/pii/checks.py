"""Check digits and shapes of identity numbers (resident IDs, cards, barcodes, SSNs)."""
from __future__ import annotations

import re
from datetime import date

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"
PROVINCE_CODES = frozenset(
    "11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 "
    "61 62 63 64 65 71 81 82 83 91".split()
)
_ID18 = re.compile(r"\d{17}[\dXx]")
_ID15 = re.compile(r"\d{15}")


def _plausible_birth(year: int, month: int, day: int) -> bool:
    try:
        born = date(year, month, day)
    except ValueError:
        return False
    return date(1900, 1, 1) <= born <= date.today()


def looks_like_cn_id(number: str) -> bool:
    """Whether ``number`` is shaped like a resident ID, whatever its check character.

    18 characters: province code, a real date of birth (1900 up to today), three digits
    and a check character (digit or ``X``). 15 digits (first-generation IDs): province
    code, ``YYMMDD`` of a 19xx birth date, three digits.
    """
    if len(number) == 18 and _ID18.fullmatch(number):
        return number[:2] in PROVINCE_CODES and _plausible_birth(
            int(number[6:10]), int(number[10:12]), int(number[12:14]))
    if len(number) == 15 and _ID15.fullmatch(number):
        return number[:2] in PROVINCE_CODES and _plausible_birth(
            1900 + int(number[6:8]), int(number[8:10]), int(number[10:12]))
    return False


def is_valid_cn_id(number: str) -> bool:
    """Whether ``number`` is an 18-character resident ID with a correct check character."""
    if len(number) != 18 or not looks_like_cn_id(number):
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


def gtin_valid(digits: str) -> bool:
    """Whether ``digits`` is an EAN-8/UPC-A/EAN-13/GTIN-14 with a correct check digit."""
    if not digits.isdigit() or len(digits) not in (8, 12, 13, 14):
        return False
    body, check = digits[:-1], int(digits[-1])
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == check


def card_network_prefix(digits: str) -> bool:
    """Whether ``digits`` starts like a payment card (Visa, Mastercard, UnionPay, Amex, JCB…)."""
    return (
        digits[:1] in ("3", "4", "5", "6", "8", "9") or "22" <= digits[:2] <= "27"
        or (len(digits) == 15 and digits[:4] in ("2131", "1800"))
    )


def itin_valid(digits: str) -> bool:
    """Whether 9 digits can be a US ITIN: 9XX, a group of 50-65, 70-88, 90-92 or 94-99, four digits."""
    if len(digits) != 9 or not digits.isdigit() or digits[0] != "9":
        return False
    group = int(digits[3:5])
    return 50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92 or 94 <= group <= 99


def ssn_valid(digits: str) -> bool:
    """Whether 9 digits can be a US Social Security number (no 000/666/9xx area…)."""
    return (
        len(digits) == 9 and digits.isdigit() and digits[:3] not in ("000", "666")
        and digits[0] != "9" and digits[3:5] != "00" and digits[5:] != "0000"
    )
