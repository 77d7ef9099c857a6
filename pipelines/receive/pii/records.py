"""Personal data that is a date, an address on the internet or a vehicle: birth dates, a
person's public IP address, vehicle identification numbers (VIN).

* A birth date is any full date (day, month and year, or a lunar 农历八月十五) in a sentence
  that says birth (born, DOB, birthday, 出生, 生日…). Other dates (a meeting, a deadline) stay.
* An IP address is a public IPv4 address (not loopback, private, link-local, multicast or a
  well-known public resolver) that no version or section word introduces, or a global IPv6
  address; ``127.0.0.1:6379`` and the router's ``192.168.1.1`` stay (see :func:`find_ips`).
* A VIN is 17 characters without I, O, Q, with a valid check digit (position 9), or any such
  shape after its label (VIN, 车架号, 车辆识别代号).

Each is a row of :data:`RECORDS`: (kind, finder). Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

# English month names (the only ones written before the day), and the French, Spanish, German and Italian ones
# that are no English prefix (written after it)
_MONTHS_EN = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_MONTHS = (r"(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?|janvier|f[ée]vrier|avril|mai|juin|juillet|ao[uû]t"
           r"|d[ée]cembre|enero|febrero|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|märz|maerz"
           r"|dezember|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre)")
_DAY = r"(?:3[01]|[12]\d|0?[1-9])"
_MONTH = r"(?:1[0-2]|0?[1-9])"
_YEAR = r"(?:19|20)\d{2}"
_DATE = re.compile(
    rf"(?<!\d)(?:{_YEAR}|[0-9]{{2}}(?=[ \t]*年)|[一二〇零三四五六七八九]{{2}}(?=[ \t]*年))(?:[ \t]*年[ \t]*{_MONTH}[ \t]*月[ \t]*{_DAY}(?!\d)[ \t]*[日号]?|[-./]{_MONTH}[-./]{_DAY}(?!\d)|(?:0[1-9]|1[0-2])"
    rf"(?:0[1-9]|[12]\d|3[01])(?!\d))"
    rf"|(?<!\d){_DAY}(?:st|nd|rd|th|er|\.)?[ \t]+(?:de[ \t]+|di[ \t]+)?(?i:{_MONTHS}),?[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}(?!\d)"
    rf"|(?<![A-Za-z])(?i:{_MONTHS_EN})[ \t]+{_DAY}(?:st|nd|rd|th)?,?[ \t]+{_YEAR}(?!\d)"
    rf"|(?<![\d/]){_DAY}[/.-]{_MONTH}[/.-]{_YEAR}(?!\d)|(?<![\d/]){_MONTH}/{_DAY}/{_YEAR}(?!\d)"
    rf"|(?<![\d/]){_DAY}[/.-](?i:{_MONTHS})[/.-]{_YEAR}(?!\d)"  # 23-Aug-1991
    rf"|(?<!\d){_DAY}(?:st|nd|rd|th)?[ \t]+of[ \t]+(?i:{_MONTHS}),?[ \t]+{_YEAR}(?!\d)"
    # a year in digits or in two or four Chinese numerals before it: 「1977年腊月二十三」, 「九七年三月八号」
    r"|(?:(?:(?:19|20)?\d{2}|[一二〇零三四五六七八九]{2}|[一二〇零三四五六七八九]{4})[ \t]*年[ \t]*)?"
    r"[一二三四五六七八九十正冬腊]{1,3}月[ \t]*[初十廿卅一二三四五六七八九]{1,3}[ \t]*[日号號]?"
    r"|农历[ \t]*[一二三四五六七八九十正冬腊]{1,3}月[ \t]*[初十廿卅一二三四五六七八九]{1,3}"
    rf"|(?<!\d){_MONTH}[ \t]*月[ \t]*{_DAY}(?!\d)[ \t]*[日号]"
)
_BIRTH = re.compile(
    r"(?<![A-Za-z])(?:born|birth|birthday|birthdate|b-?day|b'day|DOB|D\.O\.B|geboren|geburt[a-z]*|née?|naissance|nacimiento|nascita"
    r"|nacid[oa]|naci[óo]|nat[oa]|geb\.(?=[ \t]*\d))(?![A-Za-z])"
    r"|出生|生日|生于|诞生|出世|生辰"
    # a date with 生 after it is when the speaker was born: "98年6月12号生的", "1990年生人"
    r"|(?<=[日号號年月])[ \t]*生(?:的|人|于|於)?(?![肖活意病产產效成长長气氣态態鲜鮮])",
    re.IGNORECASE,
)
# A birthday party is an event: its date is no birth date (unless the sentence says born / 出生).
_EVENT = re.compile(r"party|parties|celebrat\w*|cake|gift|派对|聚会|庆祝|蛋糕|礼物|订餐|订位|活动", re.IGNORECASE)
_STRICT_BIRTH = re.compile(r"(?<![A-Za-z])(?:born|DOB|date of birth|birthdate)(?![A-Za-z])|出生|生于", re.IGNORECASE)
# a dot after a day ("geboren am 3. März 1985") ends no sentence
_SENTENCE = re.compile(r"[。！？!?\n]|\.(?<!\b\d\.)(?<!\b\d\d\.)(?<!\b[A-Za-z]\.)(?<!\bgeb\.)(?:[ \t]|$)")  # nor "D.O.B.", "geb."

# An address with a port (``183.251.174.91:8080``) is a service's endpoint, not where a person is.
_IPV4 = re.compile(r"(?<![\d.])(?<![A-Za-z])(?:\d{1,3}\.){3}\d{1,3}(?![\d]|\.\d|:\d)")
# A global unicast IPv6 address (2000::/3): eight groups, or fewer around one "::".
_IPV6 = re.compile(r"(?<![0-9A-Fa-f:.])[23][0-9A-Fa-f]{2,3}(?::[0-9A-Fa-f]{0,4}){2,7}(?![0-9A-Fa-f:])")
_IP_WORD = re.compile(
    r"(?<![A-Za-z])(?:IP|ip|Ip|IPv4|ipv4|IPv6|ipv6|WAN|wan|NAT|VPN|vpn|ssh|SSH|ping|whitelist|allowlist|firewall|server"
    r"|VPS|vps)(?![A-Za-z])|公网|网址|出口|服务器|白名单|防火墙",
    re.ASCII,
)
# Words that make four dotted numbers a version or a section, not an address.
_VERSION_WORD = re.compile(
    r"(?<![A-Za-z])(?:v|V|ver|version|Version|release|Release|build|Build|firmware|Firmware|update|upgrade|patch|rev|section"
    r"|Section|chapter|§|No)\.?[ \t]*$|版本[号號]?[ \t:：]*$|固件[ \t:：]*$|升级到[ \t]*$|第[ \t]*$",
)
_SECTION_AFTER = re.compile(r"[ \t]*(?:节|條|条|章|款|版|级|級)")
# Public resolvers everyone types (8.8.8.8, 114.114.114.114): a setting, not someone's address.
_RESOLVERS = frozenset(
    "1.1.1.1 1.0.0.1 8.8.8.8 8.8.4.4 9.9.9.9 149.112.112.112 114.114.114.114 114.114.115.115 223.5.5.5 223.6.6.6 "
    "119.29.29.29 180.76.76.76 208.67.222.222 208.67.220.220 4.2.2.2 4.2.2.1".split()
)
_CLAUSE = re.compile(r"[\n。！？!?；;]")
_VIN = re.compile(r"(?<![A-Za-z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Za-z0-9])")
_VIN_LABEL = re.compile(r"VIN|车架号|車架號|车辆识别(?:代号|代码|码|号)?|車輛識別|识别代号|chassis|Fahrgestellnummer", re.IGNORECASE)
_VIN_VALUES = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))), **dict(zip("JKLMN", range(1, 6))),
               "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10)))}
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def _sentences(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for end in _SENTENCE.finditer(text):
        yield start, end.start()
        start = end.end()
    yield start, len(text)


# A year and month is a birth date only right after a form's birth label: 出生年月 1990年5月, DOB: 05/1990.
# (one quantifier per run of blanks: three next to each other split a run in n³ ways, ReDoS)
_YEAR_MONTH = re.compile(
    rf"(?:出生年月|出生日期|生日|DOB|D\.O\.B\.?|date[ \t]+of[ \t]+birth|born(?:[ \t]+in)?)(?:[ \t]*[:：])?(?:[ \t]*(?:是|为))?[ \t]*"
    rf"(?P<date>{_YEAR}[ \t]*(?:年|[-./])[ \t]*{_MONTH}(?!\d)[ \t]*月?|{_MONTH}/{_YEAR}(?!\d)|(?i:{_MONTHS})[ \t]+{_YEAR}(?!\d)"
    # a form's birth label before a date with a two-digit year: "DOB 5/17/90", "出生日期 90.05.17"
    rf"|{_DAY}[/.-]{_DAY}[/.-]\d{{2}}(?![\d/.-])|\d{{2}}[/.-]{_MONTH}[/.-]{_DAY}(?![\d/.-]))",
    re.IGNORECASE,
)


# ... or right before a birth word: 「1989年5月出生的」, 「1990年3月生」.
_YEAR_MONTH_BORN = re.compile(
    rf"(?<!\d)(?P<date>{_YEAR}[ \t]*年[ \t]*{_MONTH}(?!\d)[ \t]*月?)[ \t]*(?:份[ \t]*)?(?:出生|生于|生於|生(?:的|人)?(?![\u4e00-\u9fff]))"
)


def find_birth_dates(text: str) -> Iterator[tuple[int, int]]:
    """Every full date in a sentence that speaks of a birth, and a year and month right after a birth label
    or right before a birth word."""
    for start, end in _sentences(text):
        if _BIRTH.search(text, start, end) and not (_EVENT.search(text, start, end) and not _STRICT_BIRTH.search(text, start, end)):
            for match in _DATE.finditer(text, start, end):
                yield match.span()
    for pattern in (_YEAR_MONTH, _YEAR_MONTH_BORN):
        for match in pattern.finditer(text):
            yield match.span("date")


def _malformed(address: str) -> bool:
    """An octet above 255 or with a leading zero: no address."""
    parts = address.split(".")
    return any(int(part) > 255 for part in parts) or any(len(p) > 1 and p[0] == "0" for p in parts)


def _reserved(first: int, second: int) -> bool:
    """Private, loopback, link-local, carrier-grade NAT, multicast and reserved ranges (by the first two octets)."""
    private = first in (0, 10, 127) or (first == 172 and 16 <= second <= 31) or (first, second) in ((192, 168), (169, 254))
    return private or first >= 224 or (first == 100 and 64 <= second <= 127)


def _public(address: str) -> bool:
    if _malformed(address):
        return False
    octets = [int(part) for part in address.split(".")]
    return not _reserved(octets[0], octets[1]) and address not in _RESOLVERS


def _version_like(address: str) -> bool:
    """Small numbers only (1.2.3.4, 2.0.1.15): what a version or a section number looks like."""
    return all(int(part) <= 31 for part in address.split("."))


def _ipv6(value: str) -> bool:
    groups = value.split(":")
    if value.count("::") > 1 or len(groups) > 8 or any(len(g) > 4 for g in groups):
        return False
    if value.lower().startswith("2001:db8:"):
        return False  # the documentation prefix (RFC 3849)
    return "::" in value or len(groups) == 8


def _clause_says_ip(text: str, match: re.Match[str]) -> bool:
    """Whether the clause around a version-shaped address says IP (or server, login, 公网…)."""
    stops = [m.end() for m in _CLAUSE.finditer(text, max(0, match.start() - 40), match.start())]
    clause_start = stops[-1] if stops else max(0, match.start() - 40)
    return _IP_WORD.search(text, clause_start, min(len(text), match.end() + 12)) is not None


def _ipv4_kept(text: str, match: re.Match[str]) -> bool:
    """A public IPv4 address with no version or section word before it; a version's shape needs an IP word."""
    address = match.group(0)
    if not _public(address):
        return False
    lead = text[max(0, match.start() - 12):match.start()]
    if _VERSION_WORD.search(lead) or _SECTION_AFTER.match(text, match.end()):
        return False
    return not _version_like(address) or _clause_says_ip(text, match)


def find_ips(text: str) -> Iterator[tuple[int, int]]:
    """A person's public IP addresses: IPv4 outside the private, loopback and reserved ranges, and global IPv6.

    Four dotted numbers are an address wherever they stand, unless a version or section word
    comes right before them (``version 5.4.0.1``, ``第3.2.1.4条``); when all four are small (a
    version's shape) the clause must say IP (or server, login, 公网…). ``192.168.1.1`` and
    ``127.0.0.1:6379`` stay, and so do the public resolvers everyone types (8.8.8.8).
    """
    for match in _IPV4.finditer(text) if "." in text else ():
        if _ipv4_kept(text, match):
            yield match.span()
    for match in _IPV6.finditer(text) if "::" in text or text.count(":") >= 7 else ():
        if _ipv6(match.group(0)):
            yield match.span()


def vin_valid(vin: str) -> bool:
    """Whether the 17-character ``vin`` has a correct check digit (position 9, ``X`` for 10)."""
    total = sum(_VIN_VALUES[c] * w for c, w in zip(vin, _VIN_WEIGHTS))
    check = total % 11
    return vin[8] == ("X" if check == 10 else str(check))


def find_vins(text: str) -> Iterator[tuple[int, int]]:
    """VINs: a valid check digit, or a VIN shape after its label; letters and digits both present."""
    for match in _VIN.finditer(text):
        value = match.group(0)
        if sum(c.isdigit() for c in value) < 5 or sum(c.isalpha() for c in value) < 2:
            continue
        if vin_valid(value) or _VIN_LABEL.search(text, max(0, match.start() - 16), match.start()):
            yield match.span()


#: (kind, finder) for each record above.
RECORDS: tuple[tuple[str, Callable[[str], Iterator[tuple[int, int]]]], ...] = (
    ("vin", find_vins), ("ip", find_ips), ("birth_date", find_birth_dates),
)


def find_records(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans and kinds of birth dates, public IPs and VINs in the normalised ``text``."""
    for kind, finder in RECORDS:
        for start, end in finder(text):
            yield start, end, kind
