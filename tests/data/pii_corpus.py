"""A generated zh/en corpus of personal data in every kind and shape, and look-alike controls.

Values come from Faker (``zh_CN`` and ``en_US``: ``ssn()``, ``phone_number()``,
``address()``, ``email()``, ``passport_number()``, ``credit_card_number()``) and from
generators here that compute real check digits (resident-ID MOD 11-2, Luhn, EAN-13).
Each value is then written in a random shape (grouping, separators, full-width digits,
zero-width characters, country prefixes…) inside a zh or en sentence template, so the
detector is tested on shapes, not on a fixed list. Hand-written edge cases are added.

Every :class:`PiiItem` lists its ``secrets``: strings none of which may survive masking
in any normalised form (see :func:`leaks`). Controls are texts that must come out of
masking unchanged. Build with :func:`build_corpus`; the same seed gives the same corpus.
"""
from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from datetime import date, timedelta

from faker import Faker

SEED = 20261130
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
_SEPARATORS = (" ", "-", ".", " - ", "  ", "\u3000", "\u2013", "\u2014", "\u00b7", "/")
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


def compact(text: str) -> str:
    """NFKC, lower case, letters and digits only: the form a leak is searched in."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return "".join(char for char in folded if char.isalnum())


def leaks(item: PiiItem, masked: str) -> list[str]:
    """The secrets of ``item`` that survive in ``masked`` (in any normalised form)."""
    haystack = compact(masked)
    return [secret for secret in item.secrets if compact(secret) and compact(secret) in haystack]


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


_ZH_PHONE = ("我的手机是{v}，有事打我", "联系电话：{v}", "请拨打{v}找我", "{v}是我的新号码", "有问题打{v}（工作日）",
             "我换号了，新号{v}", "电话 {v} 随时联系", "你可以加我微信，手机号{v}")
_EN_PHONE = ("Call me at {v}.", "my number is {v}", "Phone: {v}", "You can reach me on {v} after 6pm.",
             "{v} is my new mobile", "text me at {v} tomorrow", "Contact: {v} (work)")
_ZH_ID = ("我的身份证号是{v}", "身份证：{v}，请核对", "证件号码 {v}", "{v}是我的身份证", "登记的证件是{v}。")
_EN_ID = ("My Chinese ID number is {v}.", "ID: {v}", "resident id {v}, please update it", "{v} is my ID card number")
_ZH_CARD = ("我的银行卡号是{v}", "工资卡 {v}，请转账", "卡号：{v}", "请把钱打到{v}", "信用卡{v}还款")
_EN_CARD = ("My card number is {v}.", "charge it to {v} please", "Card: {v}", "Visa {v}, exp 09/27", "use {v} for the deposit")
_ZH_MAIL = ("我的邮箱是{v}", "发到{v}就行", "邮箱：{v}，谢谢", "{v}是我的工作邮箱")
_EN_MAIL = ("Email me at {v}.", "my address is {v}", "send it to {v} please", "{v} is my personal email")
_ZH_PASSPORT = ("我的护照号码是{v}", "护照：{v}", "护照号 {v}，下月到期")
_EN_PASSPORT = ("My passport number is {v}.", "Passport No. {v}", "passport: {v}, expires 2031")
_EN_SSN = ("My SSN is {v}.", "Social Security Number: {v}", "ssn {v} for the form", "SSN: {v}")
_ZH_ADDR = ("我住在{v}，欢迎来玩", "收货地址：{v}", "寄到{v}", "我家在{v}。", "{v}，这是我的新家")
_EN_ADDR = ("I live at {v}.", "Ship to: {v}", "my address is {v}", "Send the package to {v} please", "{v} is where I live")


def _say(rng: random.Random, templates: tuple[str, ...], value: str) -> str:
    return rng.choice(templates).format(v=value)


# ---------------------------------------------------------------- items by kind

def _phones(rng: random.Random, zh: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("phone_cn", shape, lang, _say(rng, _ZH_PHONE if lang == "zh" else _EN_PHONE, value), (secret,)))

    for _ in range(8):
        number = zh.phone_number()
        add("faker", number, number)
    shapes = {
        "plain": lambda n: n,
        "3-4-4 space": lambda n: group(n, [3, 4, 4], " "),
        "3-4-4 dash": lambda n: group(n, [3, 4, 4], "-"),
        "3.4.4 dots": lambda n: group(n, [3, 4, 4], "."),
        "7-4": lambda n: group(n, [7, 4], " "),
        "4-3-4": lambda n: group(n, [4, 3, 4], " "),
        "+86 plain": lambda n: "+86" + n,
        "+86 spaced": lambda n: "+86 " + group(n, [3, 4, 4], " "),
        "+86(xxx)xxxx-xxxx": lambda n: f"+86({n[:3]}){n[3:7]}-{n[7:]}",
        "(+86) dashed": lambda n: f"(+86) {group(n, [3, 4, 4], '-')}",
        "0086": lambda n: "0086 " + n,
        "86-": lambda n: "86-" + n,
        "full-width": lambda n: full_width(n),
        "full-width grouped": lambda n: full_width(group(n, [3, 4, 4], "-")),
        "zero-width": lambda n: zero_width(n, rng),
        "en-dash": lambda n: group(n, [3, 4, 4], "\u2013"),
        "ideographic space": lambda n: group(n, [3, 4, 4], "\u3000"),
        "random grouping": lambda n: group(n, split_sizes(11, rng), rng.choice(_SEPARATORS)),
    }
    for shape, make in shapes.items():
        for _ in range(3 if shape != "random grouping" else 10):
            number = mobile(rng)
            add(shape, make(number), number)
    # Two numbers in a row, and a number glued to Chinese text.
    first, second = mobile(rng), mobile(rng)
    items.append(PiiItem("phone_cn", "two in a row", "zh", f"备用号码{first} {second}", (first, second)))
    number = mobile(rng)
    items.append(PiiItem("phone_cn", "glued to text", "zh", f"手机{number}打不通就发短信", (number,)))
    return items


def _foreign_phones(rng: random.Random, en: Faker) -> list[PiiItem]:
    """Faker en_US numbers in all its formats (plain, dashed, dotted, (###), +1, 001, x-extensions) and E.164."""
    items: list[PiiItem] = []
    for _ in range(14):
        number = en.phone_number()
        main = number.split("x")[0]
        digits = "".join(c for c in main if c.isdigit())[-10:]
        items.append(PiiItem("phone_intl", "faker en_US", "en", _say(rng, _EN_PHONE, number), (digits,)))
    for prefix in ("+44 20", "+49 30", "+81 3", "+33 1", "+61 2", "+852"):
        local = "".join(str(rng.randrange(10)) for _ in range(8))
        value = f"{prefix} {local[:4]} {local[4:]}"
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("phone_intl", "E.164 +cc", lang, _say(rng, _ZH_PHONE if lang == "zh" else _EN_PHONE, value), (local,)))
    return items


def _landlines(rng: random.Random) -> list[PiiItem]:
    items: list[PiiItem] = []
    shapes = {
        "area-local": lambda a, l: f"{a}-{l}",
        "(area) local grouped": lambda a, l: f"({a}) {l[:-4]} {l[-4:]}",
        "plain": lambda a, l: a + l,
        "转 extension": lambda a, l: f"{a}{l}转{rng.randint(10, 9999)}",
        "ext.": lambda a, l: f"{a}-{l} ext. {rng.randint(10, 9999)}",
        "-extension": lambda a, l: f"{a}-{l}-{rng.randint(100, 999)}",
        "分机": lambda a, l: f"{a}-{l} 分机 {rng.randint(10, 999)}",
        "+86 no 0": lambda a, l: f"+86 {a[1:]} {l}",
        "+86-dashed": lambda a, l: f"+86-{a[1:]}-{l}",
        "spaced": lambda a, l: f"{a} {l}",
        "full-width": lambda a, l: full_width(f"{a}-{l}"),
        "random grouping": lambda a, l: group(a + l, split_sizes(len(a + l), rng), rng.choice(_SEPARATORS)),
    }
    for shape, make in shapes.items():
        for _ in range(3 if shape != "random grouping" else 6):
            area, local = landline(rng)
            lang = rng.choice(("zh", "en"))
            text = _say(rng, _ZH_PHONE if lang == "zh" else _EN_PHONE, make(area, local))
            items.append(PiiItem("landline", shape, lang, text, (area + local,)))
    return items


def _ids(rng: random.Random, zh: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(kind: str, shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "zh", "en"))
        items.append(PiiItem(kind, shape, lang, _say(rng, _ZH_ID if lang == "zh" else _EN_ID, value), (secret,)))

    for _ in range(8):
        number = zh.ssn()
        add("id_cn", "faker", number, number)
    shapes = {
        "plain": lambda n: n,
        "6-8-4 space": lambda n: group(n, [6, 8, 4], " "),
        "6-8-4 dash": lambda n: group(n, [6, 8, 4], "-"),
        "6-4-4-4": lambda n: group(n, [6, 4, 4, 4], " "),
        "lower-case x": lambda n: n.lower(),
        "full-width": lambda n: full_width(n),
        "zero-width": lambda n: zero_width(n, rng),
        "random grouping": lambda n: group(n, split_sizes(18, rng), rng.choice(_SEPARATORS)),
    }
    for shape, make in shapes.items():
        for _ in range(3 if shape != "random grouping" else 8):
            number = cn_id(rng)
            add("id_cn", shape, make(number), number)
    for _ in range(4):
        number = cn_id(rng)
        while not number.endswith("X"):
            number = cn_id(rng)
        add("id_cn", "trailing X", number, number)
    for shape, make in (("wrong check digit", lambda n: n), ("wrong check digit grouped", lambda n: group(n, [6, 8, 4], " "))):
        for _ in range(6):
            number = cn_id(rng, bad_check=True)
            add("id_cn", shape, make(number), number)
    for shape, make in (("15-digit", lambda n: n), ("15-digit grouped", lambda n: group(n, [6, 6, 3], " "))):
        for _ in range(5):
            number = cn_id(rng, fifteen=True)
            add("id_cn", shape, make(number), number)
    return items


def _cards(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("bank_card", shape, lang, _say(rng, _ZH_CARD if lang == "zh" else _EN_CARD, value), (secret,)))

    for card_type in ("visa16", "visa19", "mastercard", "amex", "discover", "jcb16", "diners", "maestro"):
        number = en.credit_card_number(card_type=card_type)
        add(f"faker {card_type}", number, number)
    unionpay = ("622202", "621700", "623668", "625900", "436742", "622848", "621226", "955880")
    shapes = {
        "16 plain": (16, lambda n: n),
        "19 plain": (19, lambda n: n),
        "4-4-4-4 space": (16, lambda n: group(n, [4, 4, 4, 4], " ")),
        "4-4-4-4 dash": (16, lambda n: group(n, [4, 4, 4, 4], "-")),
        "6-6-4": (16, lambda n: group(n, [6, 6, 4], " ")),
        "4-4-4-4-3": (19, lambda n: group(n, [4, 4, 4, 4, 3], " ")),
        "6-13": (19, lambda n: group(n, [6, 13], " ")),
        "full-width": (16, lambda n: full_width(group(n, [4, 4, 4, 4], " "))),
        "zero-width": (16, lambda n: zero_width(n, rng)),
        "random grouping": (rng.choice((16, 19)), lambda n: group(n, split_sizes(len(n), rng), rng.choice(_SEPARATORS))),
    }
    for shape, (length, make) in shapes.items():
        for _ in range(3 if shape != "random grouping" else 8):
            number = luhn_complete(rng.choice(unionpay), length, rng)
            add(shape, make(number), number)
    for _ in range(3):
        number = luhn_complete(rng.choice(("34", "37")), 15, rng)
        add("amex 4-6-5", group(number, [4, 6, 5], " "), number)
    return items


def _emails(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    hosts = ("gmail.com", "163.com", "qq.com", "126.com", "outlook.com", "yahoo.com", "sina.com.cn", "foxmail.com")

    def add(shape: str, text_value: str, canonical: str, lang: str | None = None) -> None:
        lang = lang or rng.choice(("zh", "en"))
        text = _say(rng, _ZH_MAIL if lang == "zh" else _EN_MAIL, text_value)
        local = canonical.split("@")[0]
        items.append(PiiItem("email", shape, lang, text, (canonical, text_value) + ((local,) if len(local) >= 6 else ())))

    for faker in (zh, en):
        for _ in range(6):
            address = faker.email()
            add("faker", address, address)
    for _ in range(4):
        address = f"{en.user_name()}@{rng.choice(hosts)}"
        add("plain", address, address)
    for _ in range(4):
        address = f"{zh.user_name()}{rng.randint(1, 999)}@{rng.choice(hosts)}"
        add("full-width @", address.replace("@", "\uff20"), address, "zh")
    for _ in range(3):
        address = f"{en.user_name()}@{rng.choice(hosts)}"
        add("full-width all", full_width(address), address, "zh")
    for _ in range(4):
        address = f"{en.first_name().lower()}.{en.last_name().lower()}@{rng.choice(hosts)}"
        add("spaced", address.replace("@", " @ ").replace(".", " . "), address)
    for _ in range(5):
        first, last, host = en.first_name().lower(), en.last_name().lower(), rng.choice(("gmail", "yahoo", "outlook", "hotmail"))
        add("spelled dot/at", f"{first} dot {last} at {host} dot com", f"{first}.{last}@{host}.com", "en")
    for _ in range(5):
        local, host = zh.user_name(), rng.choice(("163", "126", "qq", "sina"))
        add("spelled at, dot", f"{local} at {host} dot com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = en.user_name(), rng.choice(("gmail", "qq"))
        add("(at) (dot)", f"{local} (at) {host} (dot) com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = en.user_name(), rng.choice(("gmail", "outlook"))
        add("[at]", f"{local}[at]{host}.com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = zh.user_name(), rng.choice(("163", "qq", "126"))
        add("# for @", f"{local}#{host}.com", f"{local}@{host}.com", "zh")
    for _ in range(2):
        local, host = zh.user_name(), rng.choice(("163", "qq"))
        add("艾特 点", f"{local}艾特{host}点com", f"{local}@{host}.com", "zh")
    for _ in range(2):
        digits = "".join(str(rng.randrange(10)) for _ in range(rng.randint(6, 10)))
        add("numeric qq", f"{rng.randint(1, 9)}{digits}@qq.com", f"{rng.randint(1, 9)}{digits}@qq.com")
    return items


def _passports(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, lang: str) -> None:
        text = _say(rng, _ZH_PASSPORT if lang == "zh" else _EN_PASSPORT, value)
        items.append(PiiItem("passport", shape, lang, text, (value,)))

    def digits(count: int) -> str:
        return "".join(str(rng.randrange(10)) for _ in range(count))

    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    for _ in range(5):
        add("CN E+8", "E" + digits(8), rng.choice(("zh", "en")))
    for _ in range(3):
        add("CN EA+7", "E" + rng.choice(letters) + digits(7), rng.choice(("zh", "en")))
    for _ in range(3):
        add("CN G+8", "G" + digits(8), rng.choice(("zh", "en")))
    for _ in range(2):
        add("CN P+7", "P" + digits(7), "zh")
    for _ in range(6):
        add("faker en_US", en.passport_number(), rng.choice(("zh", "en")))
    for _ in range(2):
        add("UK 9 digits", digits(9), "en")
    for _ in range(2):
        add("JP 2 letters + 7", rng.choice(("TK", "TZ", "MU")) + digits(7), "en")
    for _ in range(2):
        add("DE alnum", "C" + rng.choice(letters) + digits(2) + rng.choice(letters) + digits(4), "en")
    for _ in range(2):
        add("FR 2d2l5d", digits(2) + rng.choice(letters) + rng.choice(letters) + digits(5), "en")
    for _ in range(2):
        add("CA 2l6d", rng.choice(letters) + rng.choice(letters) + digits(6), "en")
    for _ in range(2):
        add("IN l7d", rng.choice(letters) + digits(7), "en")
    # A CN passport with no passport word.
    for _ in range(3):
        value = "E" + digits(8)
        items.append(PiiItem("passport", "CN no keyword", "zh", f"出境证件{value}已办好", (value,)))
    return items


def _ssns(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    for _ in range(6):
        value = en.ssn()
        items.append(PiiItem("ssn", "faker dashed", "en", _say(rng, _EN_SSN, value), (value,)))
    for shape, make in (("spaced", lambda v: v.replace("-", " ")), ("plain", lambda v: v.replace("-", "")),
                        ("dots", lambda v: v.replace("-", ".")), ("full-width", full_width)):
        for _ in range(3):
            value = en.ssn()
            items.append(PiiItem("ssn", shape, "en", _say(rng, _EN_SSN, make(value)), (value,)))
    for _ in range(2):
        value = en.ssn()
        items.append(PiiItem("ssn", "no keyword", "en", f"Fill in {value} on line 4.", (value,)))
    return items


def _addresses(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, lang: str, *parts: str) -> None:
        text = _say(rng, _ZH_ADDR if lang == "zh" else _EN_ADDR, value)
        items.append(PiiItem("address", shape, lang, text, (value, *parts)))

    cn_num = "一二三四五六七八九十"
    for _ in range(8):
        add("faker zh_CN", zh.address(), "zh")
    for _ in range(8):
        road = zh.street_name()
        number = f"{rng.randint(1, 999)}号"
        add("road+number", f"{road}{number}", "zh", f"{road}{number}")
    for _ in range(6):
        road = rng.choice(("人民南路", "建设北路", "中山东路", "解放西路", "天府大道", "长安街", "滨江路"))
        value = f"{road}{rng.choice(cn_num[:4])}段{rng.randint(1, 300)}号"
        add("road+段+number", value, "zh")
    compounds = ("阳光花园小区", "翠湖家园", "金色海岸", "万科城市花园", "碧桂园", "幸福里小区", "锦绣华庭", "融创公馆")
    for _ in range(8):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}栋{rng.randint(1, 6)}单元{rng.randint(1, 33)}0{rng.randint(1, 4)}室"
        add("compound 栋单元室", value, "zh")
    for _ in range(4):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}号楼{rng.randint(1, 33)}0{rng.randint(1, 4)}"
        add("compound 号楼 room", value, "zh")
    for _ in range(3):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}-{rng.randint(1, 6)}-{rng.randint(1, 33)}0{rng.randint(1, 4)}"
        add("compound dashed", value, "zh")
    for _ in range(6):
        value = f"{zh.province()}{zh.city()}{zh.district()}区{zh.street_name()}{rng.randint(1, 500)}号"
        add("province-city-district-road", value, "zh")
    for _ in range(3):
        value = f"{zh.province()}{zh.city()}{zh.district()}区{rng.choice(('粤海', '西湖', '天河', '南山'))}街道"
        add("province-city-district-subdistrict", value, "zh")
    for _ in range(3):
        value = f"{zh.last_name()}家村{rng.randint(1, 9)}组{rng.randint(1, 99)}号"
        add("village 组号", value, "zh")
    for _ in range(3):
        value = f"{zh.street_name()}{rng.choice(('十二', '三十八', '一百零五', '七'))}号"
        add("Chinese numeral number", value, "zh")
    for _ in range(3):
        value = f"{zh.street_name()}{full_width(str(rng.randint(10, 999)))}号"
        add("full-width number", value, "zh")
    for _ in range(8):
        address = en.address()
        add("faker en_US address", address, "en", address.split("\n")[0])
    for _ in range(6):
        add("faker en_US street", en.street_address(), "en")
    for _ in range(4):
        value = f"{rng.randint(1, 9999)} {en.last_name()} {rng.choice(('Street', 'Ave', 'Rd.', 'Blvd', 'Lane', 'Drive'))}, Apt {rng.randint(1, 30)}{rng.choice('ABCD')}"
        add("street, Apt", value, "en")
    for _ in range(3):
        value = f"PO Box {rng.randint(10, 99999)}"
        add("PO Box", value, "en")
    for _ in range(2):
        value = f"P.O. Box {rng.randint(10, 9999)}, {en.city()}, {en.state_abbr()} {en.zipcode()}"
        add("P.O. Box city line", value, "en")
    return items


def _names(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    for _ in range(6):
        name, number = zh.name(), cn_id(rng)
        text = rng.choice((f"姓名：{name} 身份证：{number}", f"姓名{name}，身份证号{number}", f"我叫{name}，身份证号是{number}"))
        items.append(PiiItem("name", "zh name + ID", "zh", text, (name, number)))
    for _ in range(3):
        name, number = zh.name(), "E" + "".join(str(rng.randrange(10)) for _ in range(8))
        items.append(PiiItem("name", "zh name + passport", "zh", f"持照人：{name}，护照号码{number}", (name, number)))
    for _ in range(3):
        name, number = zh.name(), mobile(rng)
        items.append(PiiItem("name", "zh recipient + phone", "zh", f"收件人：{name} 电话：{number}", (name, number)))
    for _ in range(5):
        name, ssn = f"{en.first_name()} {en.last_name()}", en.ssn()
        text = rng.choice((f"name: {name}, SSN {ssn}", f"Name: {name}; SSN: {ssn}", f"My name is {name} and my SSN is {ssn}."))
        items.append(PiiItem("name", "en name + SSN", "en", text, (name, ssn)))
    for _ in range(3):
        name, passport = f"{en.first_name()} {en.last_name()}", en.passport_number()
        items.append(PiiItem("name", "en name + passport", "en", f"Full name: {name}, passport no. {passport}", (name, passport)))
    return items


def _edge_cases() -> list[PiiItem]:
    """The shapes quoted in the issue, written by hand."""
    rows = [
        ("phone_cn", "issue", "zh", "我的号码+86(177)2956-5142", ("17729565142",)),
        ("phone_cn", "issue", "zh", "手机 137.0769.5985", ("13707695985",)),
        ("phone_cn", "issue", "zh", "打1395064 7823", ("13950647823",)),
        ("phone_cn", "issue", "en", "call 1304 044 2314", ("13040442314",)),
        ("phone_cn", "issue", "zh", "手机号１７０８５１９１２９８", ("17085191298",)),
        ("phone_cn", "chinese digits", "zh", "我的手机是一三八一二三四五六七八", ("一三八一二三四五六七八", "13812345678")),
        ("landline", "issue", "zh", "座机010-25343950", ("01025343950",)),
        ("landline", "issue", "zh", "办公室电话(0571) 6247 0143", ("057162470143",)),
        ("landline", "issue", "zh", "打057181517423转805", ("057181517423",)),
        ("id_cn", "issue", "zh", "身份证610113 19730206 5065", ("610113197302065065",)),
        ("id_cn", "issue", "zh", "证件120101-19761103-6194", ("120101197611036194",)),
        ("email", "issue", "zh", "邮箱lisi＠163.com", ("lisi@163.com",)),
        ("email", "issue", "en", "mail john dot smith at gmail dot com", ("john.smith@gmail.com", "johndotsmith")),
        ("address", "issue", "zh", "住人民南路四段27号", ("人民南路四段27号",)),
        ("address", "issue", "zh", "阳光花园小区3栋2单元501室", ("阳光花园小区3栋2单元501室",)),
        ("address", "issue", "en", "1234 Elm Street, Apt 5B", ("1234 Elm Street, Apt 5B",)),
        ("passport", "issue", "zh", "护照E81451011", ("E81451011",)),
        ("phone_cn", "hand", "zh", "手机：(+86)139-0000-1111", ("13900001111",)),
        ("phone_cn", "hand", "en", "WhatsApp +8613900001111", ("13900001111",)),
        ("phone_cn", "hand", "zh", "电话：15900001111/13900002222", ("15900001111", "13900002222")),
        ("phone_cn", "hand", "zh", "联系方式 177 0000 4444（微信同号）", ("17700004444",)),
        ("phone_cn", "hand", "zh", "手机号码为【18600005555】", ("18600005555",)),
        ("phone_cn", "hand", "en", "(186) 0000-5555", ("18600005555",)),
        ("phone_cn", "hand", "zh", "186_0000_5555", ("18600005555",)),
        ("phone_cn", "hand", "en", "+86 186 0000 5555 ext 12", ("18600005555",)),
        ("phone_cn", "hand", "zh", "幺八六零零零零五五五五", ("幺八六零零零零五五五五", "18600005555")),
        ("landline", "hand", "en", "Tel. (010) 8888-6666", ("01088886666",)),
        ("landline", "hand", "en", "office: 021-5888 6666 ext. 808", ("02158886666",)),
        ("landline", "hand", "zh", "电话：0571-88886666-8001", ("057188886666",)),
        ("landline", "hand", "en", "+86 (0)21 5888 6666", ("2158886666",)),
        ("landline", "hand", "zh", "(021)58886666", ("02158886666",)),
        ("id_cn", "hand", "en", "ID: 1101 0519 4912 3100 2X", ("11010519491231002x",)),
        ("id_cn", "hand", "zh", "证件号码110105491231002", ("110105491231002",)),
        ("bank_card", "hand", "en", "card 3782 822463 10005", ("378282246310005",)),
        ("bank_card", "hand", "zh", "卡号：6225 8801 2345 6789", ("6225880123456789",)),
        ("email", "hand", "en", "Email: Zhang.Wei@Company.COM.CN", ("zhang.wei@company.com.cn",)),
        ("email", "hand", "zh", "mail to: li-si@mail.tsinghua.edu.cn", ("li-si@mail.tsinghua.edu.cn",)),
        ("email", "hand", "en", "email: john.smith AT gmail DOT com", ("johnsmithatgmaildotcom", "john.smith@gmail.com")),
        ("email", "hand", "en", "my email is alice [at] example [dot] com", ("aliceatexampledotcom", "alice@example.com")),
        ("passport", "hand", "zh", "护照号：EJ1234567", ("EJ1234567",)),
        ("passport", "hand", "en", "passport number is A12345678", ("A12345678",)),
        ("ssn", "hand", "en", "my social is 123-45-6789", ("123456789",)),
        ("address", "hand", "zh", "上海市徐汇区漕溪北路88号圣爱大厦12楼1203室", ("漕溪北路88号", "1203室")),
        ("address", "hand", "zh", "深圳市福田区深南大道6008号特区报业大厦", ("深南大道6008号",)),
        ("address", "hand", "zh", "朝阳区建国路93号万达广场8号楼2单元1801", ("建国路93号", "2单元1801")),
        ("address", "hand", "zh", "海淀区学院路30号院5号楼3单元502", ("学院路30号", "3单元502")),
        ("address", "hand", "zh", "天通苑东三区12号楼3单元602", ("12号楼3单元602",)),
        ("address", "hand", "zh", "回龙观龙泽苑东区5-2-301", ("5-2-301",)),
        ("address", "hand", "zh", "收货地址：天津市梧州县和平区天河街道", ("和平区天河街道",)),
        ("address", "hand", "en", "1 Infinite Loop, Cupertino, CA 95014", ("1 Infinite Loop",)),
        ("address", "hand", "en", "221B Baker Street, London NW1 6XE", ("221B Baker Street", "NW1 6XE")),
        ("address", "hand", "en", "4059 Mt Lee Dr, Hollywood, CA 90068", ("4059 Mt Lee Dr",)),
        ("address", "hand", "en", "500 W 2nd St, Suite 1900", ("500 W 2nd St", "Suite 1900")),
        ("address", "hand", "en", "i live at 45 oak street", ("45 oak street",)),
        ("name", "hand", "zh", "姓名 王芳 护照 E12345678", ("王芳", "E12345678")),
        ("name", "hand", "en", "Name: Michael Johnson, DOB 1985-03-12, SSN 123-45-6789", ("Michael Johnson", "123456789")),
        ("name", "hand", "en", "I'm Robert Brown, my passport number is 123456789", ("Robert Brown", "123456789")),
        ("name", "hand", "zh", "我叫陈静，手机13900001111", ("陈静", "13900001111")),
    ]
    return [PiiItem(*row) for row in rows]


# ---------------------------------------------------------------- controls

_HAND_CONTROLS = (
    '订单号：20231115123456789',
    'Order ID 1234-5678-9012-3456',
    'Your order #112-3456789-1234567 has shipped',
    '快递单号：SF1401234567890',
    '中通快递 75312345678901',
    '圆通 YT7512345678901',
    'tracking: 9400111899223856789012',
    'EMS单号 EA123456789CN',
    'UPS 1Z12345E0205271688',
    '版本 v2.3.15',
    'Version 10.0.19045.3693',
    'release 2023.11.15',
    'python==3.11.7',
    '时间：2023-11-15 14:30:00',
    '2023年11月15日 14:30',
    'Timestamp: 1699999999',
    'ts=1699999999999',
    '日期 15/11/2023',
    'on 11/15/2023 at 3pm',
    '价格 ￥13999',
    '¥1,299.00',
    '售价 299.99 元',
    'The total is $13,812.45',
    'EAN 6923450605332',
    '条形码：6901028075763',
    '商品条码 6920202888883',
    'ISBN 978-0-596-52068-7',
    'ISBN: 0-596-52068-9',
    'IP地址 192.168.1.1',
    'host 10.12.131.45',
    '端口 8080',
    'MAC地址 00-1A-2B-3C-4D-5E',
    '订单号 13800138000',
    '会员卡号 1380013800',
    '学号 2021013812',
    '工号：13912345678',
    '验证码：384756',
    '房间号 1502',
    'QQ群 123456789',
    '微信号 wxid_abc123',
    '航班 CA1234',
    '车次 G1234',
    '身份证复印件已收到',
    '护照已过期',
    '我的邮箱还没注册',
    'email me later',
    'see https://example.com/path/123456789012',
    '文件 report_20231115.pdf',
    'hash e3b0c44298fc1c149afbf4c8996fb924',
    'uuid 123e4567-e89b-12d3-a456-426614174000',
    '坐标 39.9042, 116.4074',
    '体重 65.5 kg',
    '身高 175 cm',
    '温度 23℃',
    '电话会议在3点',
    '打电话给妈妈',
    'phone call at 10:30',
    'my phone is broken',
    '下单时间 20231115143000',
    '流水号 2023111514300012345',
    '交易号 4200001234202311151234567890',
    '发票代码 044031900111',
    '合同编号 HT-2023-001234',
    '股票代码 600036',
    '基金 110022',
    '邮编 518000',
    'zip code 94105',
    'room 1203, building 5',
    '3rd floor, tower B',
    '第5栋楼下有超市',
    'Call of Duty 4',
    'Windows 10 Pro 22H2',
    'iPhone 15 Pro Max 256GB',
    '4K 120Hz monitor',
    '1080p video',
    'NVIDIA RTX 4090',
    'CPU 3.5GHz',
    'file size 1,234,567 bytes',
    '2^31 - 1 = 2147483647',
    'pi = 3.141592653589793',
    '数学题：138 + 1234 + 5678 = ?',
    '比赛比分 102-98',
    '2023-2024赛季',
    '1990年代',
    'pages 1234-1245',
    '共 13812345678 次访问',
    '阅读量 13,812,345',
    '人口 1412000000',
    'GDP 126.06万亿元',
    'Chapter 12, Section 3.4',
    'Psalm 23:4',
    'Route 66',
    'Highway 101',
    'I-95 North',
    'at 5th Avenue and 42nd Street',
    'Meet me on Main Street',
    'The 3 Musketeers',
    "Ocean's 11",
    '7 Wonders of the World',
    'Top 10 Tips',
    '101 Dalmatians',
    'Area 51',
    'Studio 54',
    'Apollo 13',
    'Boeing 737 MAX',
    'A380',
    'model number 13812345678',
    'serial no. 6222021234567894',
    '编号：110101199003071234',
    '会员号 621700123456789012',
    'credit score 750',
    'pin 1234',
    'password 123456',
    'call me maybe',
    'meet at the Starbucks on Nanjing Road',
    '我在南京路步行街',
    '去人民广场',
    '住在浦东新区',
    '我家在朝阳区',
    '北京市海淀区',
    '我在中关村上班',
    'Room 5B',
    'Suite 200',
    'Floor 12',
    'our office at Tower 2',
    'address: to be confirmed',
    '地址待定',
    '姓名：待填写',
    'name: TBD',
    'Name: (leave blank)',
    'name: unknown',
    '用户名：admin',
    'username: john_doe',
    'file name: Report Final.docx',
    'Name: Project Apollo',
    'I am Happy',
    'I am John',
    'My name is Alice and I love cats',
    '我是张老师',
    '我叫李雷',
    '我是王总，明天见',
    'Dear John Smith,',
    'Best regards, John Smith',
    'John Smith wrote a book',
    '张伟是我同事',
)


def _controls(rng: random.Random) -> list[Control]:
    controls: list[Control] = []

    def add(category: str, *texts: str) -> None:
        controls.extend(Control(category, text) for text in texts)

    for _ in range(4):
        add("order number", f"订单号 {mobile(rng)} 已发货", f"Order #{luhn_complete('62', 16, rng)} shipped today",
            f"订单编号：{group(mobile(rng), [7, 4], ' ')}", f"order no. {cn_id(rng)} is ready")
    for _ in range(3):
        add("phone-shaped with context", f"工号{mobile(rng)}", f"会员号 {mobile(rng)}，积分 230",
            f"流水号{mobile(rng)}{rng.randint(100, 999)}", f"tracking number {group(mobile(rng), [3, 4, 4], '-')}")
    for _ in range(4):
        stamp = rng.randint(1_500_000_000, 1_800_000_000)
        add("timestamp", f"timestamp {stamp}", f"时间戳{stamp}{rng.randint(100, 999)}", f"created_at={stamp}",
            f"2023-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00")
    add("timestamp", "20231115103000", "2024-03-08T14:22:05Z", "日志时间 2023/11/15 10:30:45.123")
    for _ in range(3):
        add("version", f"v{rng.randint(1, 20)}.{rng.randint(0, 30)}.{rng.randint(0, 300)}",
            f"升级到 {rng.randint(1, 20)}.{rng.randint(0, 99)}.{rng.randint(1000, 9999)}.{rng.randint(1000, 9999)} 版本",
            f"build 10.0.{rng.randint(10000, 22631)}.{rng.randint(100, 9999)}")
    add("version", "Python 3.11.7 and numpy 2.4.6", "Chrome 120.0.6099.129", "kernel 6.5.0-1018-azure")
    for _ in range(4):
        add("price", f"价格¥{rng.randint(100, 99999)}.{rng.randint(0, 99):02d}", f"total ${rng.randint(1, 999)},{rng.randint(100, 999)}.{rng.randint(0, 99):02d}",
            f"总价 {rng.randint(1000000, 99999999)} 元")
    for _ in range(6):
        code = ean13(rng.choice(("690", "691", "692", "693", "694", "695")), rng)
        add("EAN-13", f"条码 {code}", f"barcode {code}", f"商品{code}")
    for _ in range(4):
        code = ean13(rng.choice(("400", "450", "490", "500", "760", "880", "885")), rng)
        add("EAN-13", f"EAN {code}", f"扫描了 {code} 这个商品")
    for _ in range(3):
        add("tracking", f"快递单号 SF{rng.randint(10**11, 10**12 - 1)}", f"运单 YT{rng.randint(10**12, 10**13 - 1)}",
            f"tracking 1Z{rng.randint(10**5, 10**6 - 1)}A{rng.randint(10**9, 10**10 - 1)}",
            f"USPS {group('9400' + ''.join(str(rng.randrange(10)) for _ in range(18)), [4, 4, 4, 4, 4, 2], ' ')}",
            f"京东物流 JD{rng.randint(10**12, 10**13 - 1)}")
    for _ in range(3):
        add("date", f"{rng.randint(1990, 2030)}年{rng.randint(1, 12)}月{rng.randint(1, 28)}日开会",
            f"due {rng.randint(1, 28)}/{rng.randint(1, 12)}/{rng.randint(1990, 2030)}",
            f"{rng.randint(1990, 2030)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d} - {rng.randint(1990, 2030)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}")
    add("date", "Nov 15, 2023 at 10:30", "今天是5月3号", "1990-1995 年间")
    for _ in range(3):
        isbn_body = "9787" + "".join(str(rng.randrange(10)) for _ in range(8))
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(isbn_body))
        isbn = isbn_body + str((10 - total % 10) % 10)
        add("ISBN", f"ISBN {isbn[:3]}-{isbn[3]}-{isbn[4:7]}-{isbn[7:12]}-{isbn[12]}", f"ISBN-13: {isbn}", f"书号 {isbn}")
    for _ in range(4):
        add("IP address", f"server 192.168.{rng.randint(0, 255)}.{rng.randint(0, 255)}",
            f"IP {rng.randint(1, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}:8080")
    add("IP address", "10.0.0.138 is the gateway", "IPv6 2001:db8:85a3::8a2e:370:7334")
    add("misc", "我住在杭州市西湖区", "I live in Shanghai, China.", "地铁2号线换乘", "我跑了5公里，在中山路上",
        "在万达广场3楼吃饭", "look at google.com for details", "meet at 5 pm at the cafe", "I walked 3 miles and bought 2 apples.",
        "Room 302 is booked", "Route 66 road trip", "会议室 A-1203", "体温 36.5 度", "coordinates 31.2304, 121.4737",
        "UUID 550e8400-e29b-41d4-a716-446655440000", "commit 3f2a9b1c4d5e", "pi is 3.14159265358979",
        "客服电话 400-820-8820", "bank hotline 95588", "call 911", "邮编 100000", "车牌 京A12345",
        "股票 600519 涨了 3%", "population 1,411,750,000", "比分 3-2", "page 138-145", "I have 2 kids and 3 dogs",
        "Chapter 12 Section 3", "Windows 11 Pro", "我叫小明", "My name is Alice", "name: report.pdf",
        "号码12812345678不是手机", "编号 913812345678", "验证码 123456", "SKU 1381234567890", "model HX-1381234-5678",
        "The meeting is in room 12, floor 3.", "大约13812345678元的预算", "step 1-3-5-7-9", "1.3812345678e10",
        "序列号 6222 0212 3456 7894", "发票号码 44031900112345678901", "lot 2023-11-15-001", "Top 10 places in Beijing",
        "参考文献 [12] 第 138-145 页", "温度 -12.5℃", "$1,234.56 refund", "mac 00:1A:2B:3C:4D:5E")
    add("hand-written", *_HAND_CONTROLS)
    return controls


def build_corpus(seed: int = SEED) -> tuple[list[PiiItem], list[Control]]:
    """The PII items and the look-alike controls, the same for the same seed."""
    rng = random.Random(seed)
    zh, en = Faker("zh_CN"), Faker("en_US")
    zh.seed_instance(seed)
    en.seed_instance(seed + 1)
    items = (
        _phones(rng, zh) + _foreign_phones(rng, en) + _landlines(rng) + _ids(rng, zh) + _cards(rng, en) + _emails(rng, zh, en)
        + _passports(rng, en) + _ssns(rng, en) + _addresses(rng, zh, en) + _names(rng, zh, en) + _edge_cases()
    )
    return items, _controls(rng)
