"""Values with real check digits and the shapes they are written in, for the PII corpus.

Resident IDs (MOD 11-2), bank cards (Luhn), EAN-13 barcodes, mainland mobiles and
landlines, plus the shape helpers: random grouping, separators, full-width digits and
zero-width characters. Also the corpus records :class:`PiiItem` and :class:`Control`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_REGIONS = (
    "110101 110105 120101 130102 140105 150102 210102 220102 230102 310104 310115 320102 330106 "
    "340102 350102 360102 370102 410102 420102 430102 440305 440106 450102 460105 500103 510104 "
    "520102 530102 540102 610113 620102 630102 640104 650102 510107 330102 320505 441900"
).split()
_MOBILE_PREFIXES = (
    "130 131 132 133 134 135 136 137 138 139 145 147 150 151 152 153 155 156 157 158 159 166 170 "
    "171 173 175 176 177 178 180 181 182 183 184 185 186 187 188 189 191 193 195 198 199"
).split()
_AREA_CODES = (
    "010 020 021 022 023 024 025 027 028 029 0571 0755 0512 0531 0532 0551 0591 0731 0871 0898 "
    "0311 0351 0431 0451 0471 0574 0760 0769 0757 0592"
).split()
SEPARATORS = (" ", "-", ".", " - ", "  ", "\u3000", "\u2013", "\u2014", "\u00b7", "/")
_ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\ufeff", "\u2060")

@dataclass(frozen=True)
class PiiItem:
    """One text holding one piece (or, for names, two pieces) of personal data."""

    kind: str
    shape: str
    lang: str
    text: str
    secrets: tuple[str, ...]


@dataclass(frozen=True)
class Control:
    """A look-alike text with no personal data: masking must leave it unchanged."""

    category: str
    text: str


# ---------------------------------------------------------------- value generators

def cn_id(rng: random.Random, bad_check: bool = False, fifteen: bool = False) -> str:
    """A resident ID with a real region and birth date; its check character is right unless asked."""
    region = rng.choice(_REGIONS)
    born = date(1940, 1, 1) + timedelta(days=rng.randrange(0, 365 * 65))
    seq = f"{rng.randrange(0, 1000):03d}"
    if fifteen:
        return f"{region}{born:%y%m%d}{seq}"
    body = f"{region}{born:%Y%m%d}{seq}"
    check = "10X98765432"[sum(int(d) * w for d, w in zip(body, _ID_WEIGHTS)) % 11]
    if bad_check:
        check = rng.choice([c for c in "0123456789X" if c != check])
    return body + check


def luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    """``prefix`` padded with random digits to ``length`` with a correct Luhn check digit."""
    body = prefix + "".join(str(rng.randrange(10)) for _ in range(length - len(prefix) - 1))
    total = 0
    for index, char in enumerate(reversed(body + "0")):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return body + str((10 - total % 10) % 10)


def luhn_ok(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def ean13(prefix: str, rng: random.Random) -> str:
    """A valid EAN-13 barcode starting with ``prefix``."""
    body = prefix + "".join(str(rng.randrange(10)) for _ in range(12 - len(prefix)))
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def mobile(rng: random.Random) -> str:
    return rng.choice(_MOBILE_PREFIXES) + "".join(str(rng.randrange(10)) for _ in range(8))


def landline(rng: random.Random) -> tuple[str, str]:
    area = rng.choice(_AREA_CODES)
    length = 8 if len(area) == 3 else rng.choice((7, 8))
    local = str(rng.randrange(2, 9)) + "".join(str(rng.randrange(10)) for _ in range(length - 1))
    return area, local


# ---------------------------------------------------------------- shape helpers

def split_sizes(length: int, rng: random.Random) -> list[int]:
    """Random group sizes (2 to 6 digits each) summing to ``length``."""
    sizes: list[int] = []
    left = length
    while left > 0:
        size = min(left, rng.randint(2, 6))
        if 0 < left - size < 2:
            size = left
        sizes.append(size)
        left -= size
    return sizes


def group(digits: str, sizes: list[int], sep: str) -> str:
    parts, cursor = [], 0
    for size in sizes:
        parts.append(digits[cursor:cursor + size])
        cursor += size
    return sep.join(parts)


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in text)


def zero_width(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(2):
        chars.insert(rng.randrange(1, len(chars)), rng.choice(_ZERO_WIDTH))
    return "".join(chars)


ZH_PHONE = ("我的手机是{v}，有事打我", "联系电话：{v}", "请拨打{v}找我", "{v}是我的新号码", "有问题打{v}（工作日）",
             "我换号了，新号{v}", "电话 {v} 随时联系", "你可以加我微信，手机号{v}")
EN_PHONE = ("Call me at {v}.", "my number is {v}", "Phone: {v}", "You can reach me on {v} after 6pm.",
             "{v} is my new mobile", "text me at {v} tomorrow", "Contact: {v} (work)")
ZH_ID = ("我的身份证号是{v}", "身份证：{v}，请核对", "证件号码 {v}", "{v}是我的身份证", "登记的证件是{v}。")
EN_ID = ("My Chinese ID number is {v}.", "ID: {v}", "resident id {v}, please update it", "{v} is my ID card number")
ZH_CARD = ("我的银行卡号是{v}", "工资卡 {v}，请转账", "卡号：{v}", "请把钱打到{v}", "信用卡{v}还款")
EN_CARD = ("My card number is {v}.", "charge it to {v} please", "Card: {v}", "Visa {v}, exp 09/27", "use {v} for the deposit")
ZH_MAIL = ("我的邮箱是{v}", "发到{v}就行", "邮箱：{v}，谢谢", "{v}是我的工作邮箱")
EN_MAIL = ("Email me at {v}.", "my address is {v}", "send it to {v} please", "{v} is my personal email")
ZH_PASSPORT = ("我的护照号码是{v}", "护照：{v}", "护照号 {v}，下月到期", "{v}是我的护照号")
EN_PASSPORT = ("My passport number is {v}.", "Passport No. {v}", "passport: {v}, expires 2031", "{v} is my passport number")
EN_SSN = ("My SSN is {v}.", "Social Security Number: {v}", "ssn {v} for the form", "SSN: {v}")
ZH_ADDR = ("我住在{v}，欢迎来玩", "收货地址：{v}", "寄到{v}", "我家在{v}。", "{v}，这是我的新家")
EN_ADDR = ("I live at {v}.", "Ship to: {v}", "my address is {v}", "Send the package to {v} please", "{v} is where I live")


def say(rng: random.Random, templates: tuple[str, ...], value: str) -> str:
    return rng.choice(templates).format(v=value)
