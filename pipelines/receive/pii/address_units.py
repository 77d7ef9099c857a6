"""The whole address: building, unit and room next to a street address belong to it.

A unit written apart from its street ("…金开大道68号协信星光天地5-12-3", "No. 478 Wensan Lu,
Xihu Qu — Apt 1203", "Flat C, 18/F, Block 2, Tai Koo Shing, 25 Tai Koo Shing Road", "7 Dong
1 Danyuan 902, Shiwai Taoyuan Xiaoqu, 65 Kehua Beilu", "12 rue des Lilas, 75019 Paris, appartement 4B",
「復興南路一段 390 號 5 樓之 2」) is not an address on its own — a
"Room 302" or 「会议室305」 alone is a meeting room — but within a few words of one it is
its last line, and the mask covers it. :func:`extend` widens each address span over the
unit fragments that follow or precede it, across at most a few words of a place name.
"""
from __future__ import annotations

import re

_LATIN_UNIT = (
    # a numbered building in the Chinese order, written in English: "No. 5 Building", "3 Block"
    r"(?:(?:No\.?[ \t]*)?\d{1,4}[ \t]+(?:Building|Bldg|Block|Tower)(?![A-Za-z])"
    r"|(?:(?i:apt|apartment|flat|unit|suite|ste|room|rm)|Block|Blk|Tower|Building|Bldg|Floor|Fl)\.?[ \t]*#?[ \t]*[A-Z0-9]{1,5}"
    r"(?![A-Za-z0-9])|#\d{1,3}-\d{1,5}(?!\d)|\d{1,3}/F|\d{1,3}(?:st|nd|rd|th)[ \t]+Floor|[A-Z0-9]{1,4}[ \t]?Zuo(?:[ \t]?\d{1,5})?"
    r"|\d{1,4}[ \t]?(?:Dong|Hao[ \t]?Lou|Lou|Danyuan|Ceng|Shi|She)(?![a-z])"
    # Taiwanese romanised lines: "12F", "3F.-2", "No. 88", "Sec. 4", "Ln. 120", "Aly. 3"
    r"|\d{1,3}F(?:\.?-\d{1,2})?(?![A-Za-z0-9])|(?:No|Sec|Ln|Aly)\.[ \t]*\d{1,5}(?:-\d{1,3})?(?![\d-])"
    r"|(?:Lane|Alley|Section)[ \t]+\d{1,5}(?![\d-])|\d{1,3}(?:st|nd|rd|th)?[ \t]+Floor(?![A-Za-z])"
    # French and German: "appartement 4B", "bât. C", "escalier 2", "Wohnung 12", "Whg. 3", "3e étage", "2. Stock"
    r"|(?i:appartement|appart|appt|app|b(?:â|a)timent|b(?:â|a)t|escalier|esc|porte|(?:é|e)tage|wohnung|whg|stiege|t(?:ü|u)r|top"
    r"|chambre|ch|zimmer|zi)"
    r"\.?[ \t]*(?:n[°o]\.?[ \t]*)?[A-Z0-9]{1,5}(?![A-Za-z0-9])"
    r"|(?i:r(?:é|e)sidence)[ \t]+(?:(?i:les|le|la|du|des|de)[ \t]+)?[A-ZÀ-Þ][a-zà-ÿ]+(?:[ \t]+[A-ZÀ-Þ][a-zà-ÿ]+)?"  # "Résidence Les Pins"
    r"|\d{1,2}(?:e|er|ème|eme|re|\.)[ \t]*(?i:(?:é|e)tage|stock|og|obergeschoss)(?![A-Za-z])"
    r"(?:[ \t]+(?i:gauche|droite|links|rechts|mitte)(?![A-Za-z]))?"
    # Spanish and Italian floors: "3º izquierda", "2ª B", "piso 4", "scala B", "interno 7"
    # (the normalised view has "4o B" for "4º B": NFKC makes the ordinal sign a letter)
    r"|\d{1,2}(?:[ºª°]|[oa](?=[ \t]*(?:(?i:izquierda|derecha|izda|dcha|izq|centro|esquerdo|esquerda|esq|direito|direita|dto|frente)"
    r"|[A-Z](?![A-Za-z]))))[ \t]*"
    # Portuguese sides too: "3º esq.", "2º dto"
    r"(?:(?i:izquierda|derecha|izda|dcha|izq|der|centro|esquerdo|esquerda|esq|direito|direita|dto|frente)\.?|[A-Z](?![A-Za-z]))?"
    r"|(?i:piso|planta|puerta|scala|interno|int)\.?[ \t]*[A-Z0-9]{1,4}(?![A-Za-z0-9]))"
)
_BUILDING_NAMES = "广场 廣場 大厦 大廈 中心 公寓 大楼 大樓 花园 花園 小区 社區 社区 家园".split()
_AFTER_BUILDING = "|".join(f"(?<={word})|(?<={word} )" for word in _BUILDING_NAMES)
_CJK_UNIT = (
    r"(?:\d{1,3}-\d{1,3}(?:-\d{1,4})?(?![\d-])(?:室|号)?"
    r"|(?:[A-Za-z]?\d{1,4}|[A-Za-z]|[一二三四五六七八九十]{1,3})[ \t]*(?:号楼|栋|棟|幢|座|塔|单元|單元|楼|樓|层|層|室|舍|(?<=[A-Za-z0-9][ \t])区|(?<=[A-Za-z0-9])区)(?:[ \t]*之[ \t]*\d{1,3})?"
    r"(?:[ \t]*\d{1,5}(?![\d-])|[A-Za-z](?![A-Za-z0-9]))?(?:[ \t]*(?:室|房|號|号))?"
    # a room right after a building's name: 「中信广场4501」, 「海景大廈1203室」, 「5号公寓 1203」
    rf"|(?:{_AFTER_BUILDING})\d{{3,5}}(?![\d-])(?:[ \t]*(?:室|房|號|号))?)"
)
_UNITS = re.compile(
    rf"(?:{_LATIN_UNIT}|{_CJK_UNIT})(?:[ \t]*[,，]?[ \t]*(?:{_LATIN_UNIT}|{_CJK_UNIT})){{0,6}}(?:[ \t]+\d{{1,5}}(?![\d/]))?"
)
# What may stand between an address and its unit: a place name of a few words, commas, a dash.
_NOT_UNIT = (r"(?!(?i:apt|apartment|flat|unit|suite|ste|room|rm|block|blk|tower|building|bldg|floor|fl|appartement|appart|appt"
             r"|b(?:â|a)timent|b(?:â|a)t|escalier|esc|r(?:é|e)sidence|wohnung|whg|stiege|chambre|zimmer|lane|alley|section)"
             r"(?![A-Za-zà-ÿ]))")
# A unit word is never a place name of the gap: ", Springfield, Apt 3" ends at the unit, not inside it.
# Place words may carry diacritics ("Hinterhaus", "Résidence") or be abbreviated ("Sec.").
_GAP_AFTER = re.compile(
    rf"[ \t]*[,，—–-]?[ \t]*(?:(?:{_NOT_UNIT}[A-ZÀ-Þ][a-zà-ÿ]+|[\u4e00-\u9fff]{{1,8}})[ \t]*[,，]?[ \t]*){{0,4}}[—–-]?[ \t]*")
_GAP_BEFORE = re.compile(rf"[ \t]*[,，]?[ \t]*(?:(?:{_NOT_UNIT}[A-ZÀ-Þ][a-zà-ÿ]+\.?|[\u4e00-\u9fff]{{1,8}})[ \t]*[,，]?[ \t]*){{0,4}}")
_REACH = 64
_SUB_UNIT = re.compile(r"[ \t]*之[ \t]*\d{1,3}(?!\d)|(?<=[樓楼层層])[ \t]?[A-Za-z](?:[ \t]*(?:室|座))?(?![A-Za-z0-9])"
                       r"|(?<=[A-Za-z0-9][ \t]区|[A-Za-z0-9][ \t]區)[ \t]?\d{3,4}(?![\d-]|[ \t]*年)(?:[ \t]*室)?"
                       r"|(?<=[A-Za-z0-9]区|[A-Za-z0-9]區)[ \t]?\d{3,4}(?![\d-]|[ \t]*年)(?:[ \t]*室)?")
"""A Taiwanese sub-unit after the floor: 「5 樓之 2」, a lettered flat on it: 「8樓C」, a room in a lettered block: 「B 区 412」."""


# The place levels after a unit: ", Wuhou Qu, Chengdu 610041", ", Chaoyang District"; a city alone stays
# (where a user lives is kept at city level), with its postcode it is the address's last line.
_PLACE_TAIL = re.compile(
    r"(?:,?[ \t]*[A-Z][a-z'’]+(?:[ \t]+[A-Z][a-z]+)?[ \t]+(?:Qu|Shi|Xian|Sheng|Zhen|Jiedao|District|Dist\.|County|City|Province|Town"
    r"|Township)(?![A-Za-z])(?:[ \t]*\d{3}(?:\d{2})?(?!\d))?)+(?:,?[ \t]*[A-Z][a-z]+[ \t]+\d{6}(?!\d))?|,?[ \t]*[A-Z][a-z]+[ \t]+\d{6}(?!\d)"
    r"|,[ \t]*\d{5}[ \t]+[A-Z][a-zà-ÿ]+(?![A-Za-z])"  # a continental postcode line after the unit: ", 28013 Madrid"
)


def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


def _unit_after(text: str, end: int) -> int:
    """The end of a building, unit or room just after an address ending at ``end`` (``end``: none)."""
    gap = _GAP_AFTER.match(text, end, min(len(text), end + _REACH))
    if gap is not None:
        unit = _UNITS.match(text, gap.end())
        # a lettered unit counts too right after an address ("bâtiment C", "Tower B"): each names its unit word
        if unit is not None and unit.end() > end:
            end = unit.end()
    sub = _SUB_UNIT.match(text, end)
    return sub.end() if sub is not None else end


def _floor(text: str, start: int) -> int:
    """Where the search for a unit before ``start`` begins: never inside a word or number."""
    floor = max(0, start - _REACH)
    while floor > max(0, start - _REACH - 8) and text[floor - 1].isascii() and text[floor - 1].isalnum():
        floor -= 1
    return floor


def extend(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]`` (an address) widened over the building, unit and room next to it."""
    end = _unit_after(text, end)
    tail = _PLACE_TAIL.match(text, end)
    end = tail.end() if tail is not None else end
    for unit in _UNITS.finditer(text, _floor(text, start), start):
        between = text[unit.end():start]
        if _has_digit(unit.group(0)) and _GAP_BEFORE.fullmatch(between):
            return unit.start(), end
    return start, end


def units_only(value: str) -> bool:
    """Whether ``value`` is only buildings, units and rooms ("Room 701, Building 3", 「3号楼301」), with no street or place."""
    return _UNITS.fullmatch(value.strip()) is not None
