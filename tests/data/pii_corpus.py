"""A generated zh/en corpus of personal data in every kind and shape, and look-alike controls.

Values come from Faker (``zh_CN`` and ``en_US``: ``ssn()``, ``phone_number()``,
``address()``, ``email()``, ``passport_number()``, ``credit_card_number()``) and from
generators that compute real check digits (resident-ID MOD 11-2, Luhn, EAN-13, see
``pii_shapes.py``). Each value is written in a random shape (grouping, separators,
full-width digits, zero-width characters, country prefixes…) inside a zh or en sentence
template, so the detector is tested on shapes, not on a fixed list (``pii_numeric_items.py``,
``pii_text_items.py``). Hand-written edge cases and look-alikes (``pii_lookalikes.txt``)
are added.

Every :class:`PiiItem` lists its ``secrets``: strings none of which may survive masking
in any normalised form (see :func:`leaks`). Controls are texts that must come out of
masking unchanged. Build with :func:`build_corpus`; the same seed gives the same corpus.
"""
from __future__ import annotations

import random
import unicodedata
from pathlib import Path

from faker import Faker

from tests.data.pii_numeric_items import cards, foreign_phones, ids, landlines, phones, ssns
from tests.data.pii_shapes import Control, PiiItem, cn_id, ean13, group, luhn_complete, mobile
from tests.data.pii_text_items import addresses, edge_cases, emails, names, passports

__all__ = ["SEED", "PiiItem", "Control", "build_corpus", "compact", "every_shape", "leaks"]

SEED = 20261130


def compact(text: str) -> str:
    """NFKC, lower case, letters and digits only: the form a leak is searched in."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return "".join(char for char in folded if char.isalnum())


def leaks(item: PiiItem, masked: str) -> list[str]:
    """The secrets of ``item`` that survive in ``masked`` (in any normalised form)."""
    haystack = compact(masked)
    return [secret for secret in item.secrets if compact(secret) and compact(secret) in haystack]



def every_shape(items: list[PiiItem]) -> list[PiiItem]:
    """The first item of each (kind, shape): a sample that covers every kind and shape once."""
    seen: set[tuple[str, str]] = set()
    out = []
    for item in items:
        if (item.kind, item.shape) not in seen:
            seen.add((item.kind, item.shape))
            out.append(item)
    return out


_LOOKALIKES_FILE = Path(__file__).with_name("pii_lookalikes.txt")


def hand_written_controls() -> tuple[str, ...]:
    """The hand-written look-alikes of ``pii_lookalikes.txt`` (``#`` lines are comments)."""
    lines = _LOOKALIKES_FILE.read_text(encoding="utf-8").splitlines()
    return tuple(line for line in lines if line.strip() and not line.startswith("#"))


def _controls(rng: random.Random) -> list[Control]:
    controls: list[Control] = []

    def add(category: str, *texts: str) -> None:
        controls.extend(Control(category, text) for text in texts)

    for _ in range(4):
        add("order number", f"订单号 {mobile(rng)} 已发货", f"Order #{luhn_complete('62', 16, rng)} shipped today",
            f"订单编号：{group(mobile(rng), [7, 4], ' ')}", f"order no. {cn_id(rng)} is ready")
    for _ in range(3):
        add("phone-shaped with context", f"工单号{mobile(rng)}", f"群号 {mobile(rng)}，积分 230",
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
        "客服电话 400-820-8820", "bank hotline 95588", "call 911", "邮编 100000",
        "股票 600519 涨了 3%", "population 1,411,750,000", "比分 3-2", "page 138-145", "I have 2 kids and 3 dogs",
        "Chapter 12 Section 3", "Windows 11 Pro", "我叫小明", "My name is Alice", "name: report.pdf",
        "号码12812345678不是手机", "编号 913812345678", "验证码 123456", "SKU 1381234567890", "model HX-1381234-5678",
        "The meeting is in room 12, floor 3.", "大约13812345678元的预算", "step 1-3-5-7-9", "1.3812345678e10",
        "序列号 6222 0212 3456 7894", "发票号码 44031900112345678901", "lot 2023-11-15-001", "Top 10 places in Beijing",
        "参考文献 [12] 第 138-145 页", "温度 -12.5℃", "$1,234.56 refund", "mac 00:1A:2B:3C:4D:5E")
    add("hand-written", *hand_written_controls())
    return controls


def build_corpus(seed: int = SEED) -> tuple[list[PiiItem], list[Control]]:
    """The PII items and the look-alike controls, the same for the same seed."""
    rng = random.Random(seed)
    zh, en = Faker("zh_CN"), Faker("en_US")
    zh.seed_instance(seed)
    en.seed_instance(seed + 1)
    items = (
        phones(rng, zh) + foreign_phones(rng, en) + landlines(rng) + ids(rng, zh) + cards(rng, en) + emails(rng, zh, en)
        + passports(rng, en) + ssns(rng, en) + addresses(rng, zh, en) + names(rng, zh, en) + edge_cases()
    )
    return items, _controls(rng)

