"""The classification of one candidate number: a table of small rules, first answer wins.

A :class:`Candidate` is groups ``first..last`` of a digit run read as one number; each rule
of :data:`RULES` looks at its digits, grouping, ``+`` prefix and the words around it, and
answers a kind, :data:`NOT_PII` (stop: it is none) or ``None`` (ask the next rule). The order
is the order of specificity: a resident ID's date and region, a ``+``/86 prefix, mainland
mobiles, Taiwan mobiles, mainland landlines, SSN/ITIN, cards (Luhn, network prefix),
NANP numbers, other international and European numbers, local numbers after a phone word,
landlines with an extension.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pipelines.receive.pii import cues
from pipelines.receive.pii.checks import (
    card_network_prefix, gtin_valid, itin_valid, looks_like_cn_id, luhn_valid, ssn_valid,
)
from pipelines.receive.pii.runs import Run, separator

_MOBILE = re.compile(r"1[3-9]\d{9}")
_TOLL_FREE = frozenset({"800", "833", "844", "855", "866", "877", "888"})
# Business lines, not a person's: NANP toll-free and premium codes, and China's 400 / 800 service numbers
# (400-820-8820), which have the same 3-3-4 shape as a NANP number.
_BUSINESS = _TOLL_FREE | {"400", "700", "900"}


def is_landline(digits: str) -> bool:
    """A mainland landline with its area code: 0, a 2-3 digit area, a 7-8 digit local number."""
    if len(digits) < 10 or digits[0] != "0" or digits[1] == "0":
        return False
    area = 3 if digits[1] in "12" else 4
    local = digits[area:]
    return 7 <= len(local) <= 8 and local[0] in "23456789"


def strip_cn_prefix(digits: str, plus: bool) -> str | None:
    """The national number after a 0086 / +86 / 86 prefix, or ``None``."""
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
        return strip_cn_prefix(self.digits, self.plus)

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
    return "landline" if is_landline("0" + national) else None


def _nanp_with_one(c: Candidate) -> str | None:
    grouped = c.sizes[:1] == (1,) and c.sizes[1:] in ((3, 3, 4), (3, 7), (10,))
    if grouped and c.digits[0] == "1" and c.digits[1:4] in _TOLL_FREE:
        return NOT_PII  # 1-800-275-2273: a business's toll-free line
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
    return "landline" if is_landline(c.digits) and not c.plus else None


def _ssn_or_itin(c: Candidate) -> str | None:
    """A US SSN (3-2-4, or after "SSN") or ITIN (9XX-7X-XXXX, or after "ITIN"/"tax ID")."""
    if len(c.digits) != 9:
        return None
    if ssn_valid(c.digits) and (c.sizes == (3, 2, 4) or cues.says_ssn(c.text, c.start) or cues.says_ssn_after(c.text, c.end)):
        return "ssn"
    if itin_valid(c.digits) and (c.sizes == (3, 2, 4) or cues.says_itin(c.text, c.start)):
        return "itin"
    return None


def _long_card(c: Candidate) -> bool:
    """13-19 digits with a network prefix: Luhn-valid (13 digits only after a card word or as a Visa that is
    no EAN-13 barcode), or 15 or more after a card word."""
    digits = c.digits
    card_word = cues.says_card(c.text, c.start)
    if luhn_valid(digits) and (len(digits) > 13 or card_word):
        return True
    if len(digits) == 13 and digits[0] == "4" and luhn_valid(digits) and not gtin_valid(digits):
        return True  # a 13-digit Visa; a valid EAN-13 barcode stays a barcode
    return len(digits) >= 15 and card_word  # after 卡号/card a mistyped card number is still a card number


def _maestro(c: Candidate) -> bool:
    """Maestro cards can be 12 digits long: Luhn-valid with a network prefix, next to a card word."""
    digits = c.digits
    return len(digits) == 12 and card_network_prefix(digits) and luhn_valid(digits) and (
        cues.says_card(c.text, c.start) or cues.says_card_after(c.text, c.end))


def _card(c: Candidate) -> str | None:
    if cues.says_stored_value_card(c.text, c.start):
        return None  # a gift card's number passes Luhn too, and is nobody's account
    if 13 <= len(c.digits) <= 19 and card_network_prefix(c.digits) and _long_card(c):
        return "bank_card"
    return "bank_card" if _maestro(c) else None


# read in the lower-cased words before a number (cues.before)
_HK_MO_WORD = re.compile(r"香港|港|澳门|澳門|澳|(?<![A-Za-z])(?:HK|hk|Hong Kong|hong kong|Macau|macau|Macao|macao|MO)(?![A-Za-z])")


def _hk_mo_dialled(c: Candidate) -> bool:
    """852-9627-1053, 853 6638 2914, 886-2-2345-6789: the country code written as a group of its own."""
    digits = c.digits
    if digits[:3] == "886" and c.sizes[0] == 3 and len(c.sizes) >= 3:  # Taiwan: 886, an area or mobile code, the rest
        return 11 <= len(digits) <= 12 and digits[3] in "23456789"
    return len(digits) == 11 and digits[:3] in ("852", "853") and c.sizes[0] == 3 and digits[3] in "235679"


def _hk_mo_local(c: Candidate) -> bool:
    """Eight digits written 4-4 (or a Macau landline 28 and six) in a Hong Kong / Macau clause or after a phone word
    (9138 2274, 28 123456)."""
    digits = c.digits
    grouped = c.sizes == (4, 4) or (c.sizes == (2, 6) and digits[:2] == "28")
    if not (len(digits) == 8 and grouped and digits[0] in "235679" and c.whole_run):
        return False
    return _HK_MO_WORD.search(cues.before(c.text, c.start)) is not None or c.phone_word()


def _hong_kong_macau(c: Candidate) -> str | None:
    """852-9627-1053, 853 6638 2914, and eight digits written 4-4 in a Hong Kong / Macau clause (9138 2274)."""
    return "phone_intl" if _hk_mo_dialled(c) or _hk_mo_local(c) else None


def _other_foreign(c: Candidate) -> str | None:
    return "phone_intl" if _foreign_phone(c) else None


def _international_prefix(c: Candidate) -> str | None:
    """0044 20 7946 0958, 00 33 1 42 68 53 00: a number dialled with the 00 prefix (not 0086)."""
    digits = c.digits
    if not digits.startswith("00") or digits.startswith(("000", "0086")) or not 10 <= len(digits) <= 17:
        return None
    return "phone_intl" if len(c.sizes) >= 2 and c.sizes[0] <= 5 or c.phone_word() else None


def _european_shape(c: Candidate) -> bool:
    """Five pairs (06 12 34 56 78) or a UK mobile grouped 5-6, 5-3-3 or 4-3-4."""
    digits = c.digits
    pairs = len(digits) == 10 and c.sizes == (2, 2, 2, 2, 2)
    uk_mobile = len(digits) == 11 and digits[1] == "7" and c.sizes in ((5, 6), (5, 3, 3), (4, 3, 4))
    return pairs or uk_mobile


def _european_national(c: Candidate) -> str | None:
    """06 12 34 56 78, 07700 900123, 030 1234567: national numbers of other countries (trunk 0)."""
    digits = c.digits
    if not 10 <= len(digits) <= 11 or digits[0] != "0" or digits[1] == "0":
        return None
    return "phone_intl" if _european_shape(c) or (c.phone_word() and len(c.sizes) <= 4) else None


def _local_landline(c: Candidate) -> str | None:
    local = 7 <= len(c.digits) <= 8 and c.digits[0] in "23456789" and len(c.sizes) <= 2
    return "landline" if local and c.whole_run and not _is_date(c.digits) and c.phone_word() else None


def _grouped_after_phone_word(c: Candidate) -> str | None:
    """"mi móvil es 612 34 56 78", "meu telefone 11 91234 5678": 9-11 digits in two to four groups after a phone word
    are a national number without a trunk 0."""
    grouped = 9 <= len(c.digits) <= 11 and 2 <= len(c.sizes) <= 4 and c.digits[0] != "0"
    if c.digits[:3] in ("400", "800") or (len(c.digits) == 10 and c.digits[:3] in _BUSINESS):
        return None  # a business's 400/800 or toll-free line
    return "phone_intl" if grouped and c.whole_run and c.phone_word() else None


def _landline_extension(c: Candidate) -> str | None:
    """0755-2345678-801: the last group is an extension."""
    if len(c.sizes) < 2 or c.sizes[-1] > 5 or separator(c.run.gaps[c.last - 1]) != "-":
        return None
    main = c.digits[:-c.sizes[-1]]
    national = strip_cn_prefix(main, c.plus)
    return "landline" if is_landline(main) or (national is not None and is_landline("0" + national)) else None


#: The rules, in order; the first that answers decides.
RULES: tuple[Rule, ...] = (
    _resident_id, _after_plus, _cn_prefixed, _nanp_with_one, _mainland_mobile, _taiwan_mobile, _mainland_landline,
    _ssn_or_itin, _card, _hong_kong_macau, _other_foreign, _international_prefix, _european_national, _local_landline,
    _landline_extension, _grouped_after_phone_word,
)


def classify(text: str, run: Run, first: int, last: int) -> str | None:
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


def _nanp_part(digits: str, sizes: tuple[int, ...]) -> str:
    """The ten NANP digits after a ``001`` or ``1`` prefix written as a group of its own."""
    if digits.startswith("001") and sizes[0] == 3:
        return digits[3:]
    if digits.startswith("1") and len(digits) == 11 and sizes[0] == 1:
        return digits[1:]
    return digits


def _nanp_grouped(sizes: tuple[int, ...]) -> bool:
    return sizes[-3:] == (3, 3, 4) or sizes[-2:] == (3, 7) or sizes[-2:] == (6, 4)


def _foreign_phone(c: Candidate) -> bool:
    """A number after ``+``, or a NANP number (``(591)341-7776``, ``+1``/``001`` prefixes)."""
    digits, sizes = c.digits, c.sizes
    if c.plus:
        return 8 <= len(digits) <= 15 and digits[0] != "0"
    nanp = _nanp_part(digits, sizes)
    if len(nanp) != 10 or nanp[:3] in _BUSINESS:
        return False  # 1-800-…: a business's toll-free line, not a person's
    if _nanp_grouped(sizes) and nanp[0] in "23456789":
        return True
    return nanp[0] in "23456789" and nanp[3] in "23456789" and c.phone_word()


def _is_date(digits: str) -> bool:
    if len(digits) != 8 or not digits.startswith(("19", "20")):
        return False
    return 1 <= int(digits[4:6]) <= 12 and 1 <= int(digits[6:8]) <= 31
