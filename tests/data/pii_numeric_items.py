"""Corpus items of the numeric kinds: mobiles, other phones, landlines, resident IDs, cards, SSNs."""
from __future__ import annotations

import random

from faker import Faker

from tests.data.pii_shapes import (
    EN_CARD, EN_ID, EN_PHONE, EN_SSN, SEPARATORS, ZH_CARD, ZH_ID, ZH_PHONE, PiiItem, cn_id, full_width, group, landline,
    luhn_complete, mobile, say, split_sizes, zero_width,
)



def phones(rng: random.Random, zh: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("phone_cn", shape, lang, say(rng, ZH_PHONE if lang == "zh" else EN_PHONE, value), (secret,)))

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
        "random grouping": lambda n: group(n, split_sizes(11, rng), rng.choice(SEPARATORS)),
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


def foreign_phones(rng: random.Random, en: Faker) -> list[PiiItem]:
    """Faker en_US numbers in all its formats (plain, dashed, dotted, (###), +1, 001, x-extensions) and E.164."""
    items: list[PiiItem] = []
    for _ in range(14):
        number = en.phone_number()
        main = number.split("x")[0]
        digits = "".join(c for c in main if c.isdigit())[-10:]
        items.append(PiiItem("phone_intl", "faker en_US", "en", say(rng, EN_PHONE, number), (digits,)))
    for prefix in ("+44 20", "+49 30", "+81 3", "+33 1", "+61 2", "+852"):
        local = "".join(str(rng.randrange(10)) for _ in range(8))
        value = f"{prefix} {local[:4]} {local[4:]}"
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("phone_intl", "E.164 +cc", lang, say(rng, ZH_PHONE if lang == "zh" else EN_PHONE, value), (local,)))
    return items


def landlines(rng: random.Random) -> list[PiiItem]:
    items: list[PiiItem] = []
    shapes = {
        "area-local": lambda a, n: f"{a}-{n}",
        "(area) local grouped": lambda a, n: f"({a}) {n[:-4]} {n[-4:]}",
        "plain": lambda a, n: a + n,
        "转 extension": lambda a, n: f"{a}{n}转{rng.randint(10, 9999)}",
        "ext.": lambda a, n: f"{a}-{n} ext. {rng.randint(10, 9999)}",
        "-extension": lambda a, n: f"{a}-{n}-{rng.randint(100, 999)}",
        "分机": lambda a, n: f"{a}-{n} 分机 {rng.randint(10, 999)}",
        "+86 no 0": lambda a, n: f"+86 {a[1:]} {n}",
        "+86-dashed": lambda a, n: f"+86-{a[1:]}-{n}",
        "spaced": lambda a, n: f"{a} {n}",
        "full-width": lambda a, n: full_width(f"{a}-{n}"),
        "random grouping": lambda a, n: group(a + n, split_sizes(len(a + n), rng), rng.choice(SEPARATORS)),
    }
    for shape, make in shapes.items():
        for _ in range(3 if shape != "random grouping" else 6):
            area, local = landline(rng)
            lang = rng.choice(("zh", "en"))
            text = say(rng, ZH_PHONE if lang == "zh" else EN_PHONE, make(area, local))
            items.append(PiiItem("landline", shape, lang, text, (area + local, local)))
    return items


def ids(rng: random.Random, zh: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(kind: str, shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "zh", "en"))
        items.append(PiiItem(kind, shape, lang, say(rng, ZH_ID if lang == "zh" else EN_ID, value), (secret,)))

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
        "random grouping": lambda n: group(n, split_sizes(18, rng), rng.choice(SEPARATORS)),
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


def cards(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, secret: str) -> None:
        lang = rng.choice(("zh", "en"))
        items.append(PiiItem("bank_card", shape, lang, say(rng, ZH_CARD if lang == "zh" else EN_CARD, value), (secret,)))

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
        "random grouping": (rng.choice((16, 19)), lambda n: group(n, split_sizes(len(n), rng), rng.choice(SEPARATORS))),
    }
    for shape, (length, make) in shapes.items():
        for _ in range(3 if shape != "random grouping" else 8):
            number = luhn_complete(rng.choice(unionpay), length, rng)
            add(shape, make(number), number)
    for _ in range(3):
        number = luhn_complete(rng.choice(("34", "37")), 15, rng)
        add("amex 4-6-5", group(number, [4, 6, 5], " "), number)
    return items


def ssns(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    for _ in range(6):
        value = en.ssn()
        items.append(PiiItem("ssn", "faker dashed", "en", say(rng, EN_SSN, value), (value,)))
    for shape, make in (("spaced", lambda v: v.replace("-", " ")), ("plain", lambda v: v.replace("-", "")),
                        ("dots", lambda v: v.replace("-", ".")), ("full-width", full_width)):
        for _ in range(3):
            value = en.ssn()
            items.append(PiiItem("ssn", shape, "en", say(rng, EN_SSN, make(value)), (value,)))
    for _ in range(2):
        value = en.ssn()
        items.append(PiiItem("ssn", "no keyword", "en", f"Fill in {value} on line 4.", (value,)))
    return items


