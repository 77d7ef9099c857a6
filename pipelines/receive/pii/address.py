"""Street addresses in Chinese and English.

Chinese: an optional province/city/district/town chain, then either a road (路, 街, 大道,
巷, 弄, 胡同, 村…) with an optional section (四段) and a house number (``27号``, ``十二号``,
Faker's ``C座``), or a residential compound (小区, 花园, 公寓, 大厦, 苑…) followed by a
building, unit or room (``3栋2单元501室``, ``5号楼``, ``3-2-501``). A chain of province,
city, district and a town or sub-district (街道, 镇, 乡) is an address too. A city or
district on its own is not: the product keeps where users live at city level.

English: a house number, one to four capitalised words and a street-type word (USPS
suffixes, full or abbreviated), an optional secondary unit (Apt, Suite, Unit, #) and an
optional ``City, ST 12345`` line; PO boxes; US military APO/FPO/DPO addresses.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.receive.pii import cues
from pipelines.receive.pii.address_east import find_east_asian_addresses
from pipelines.receive.pii.address_latin import find_latin_addresses
from pipelines.receive.pii.address_units import extend, units_only

_PROVINCES = (
    "北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|广东|海南"
    "|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古|广西|西藏|宁夏|新疆|香港|澳门"
)
# A character of a place name: CJK, but not the words that surround an address in a
# sentence ("我住在…", "寄到…"), so the match starts at the place name itself.
_HAN = r"(?:(?![我你他她它在住是的了到去址从把被给请帮要想送寄搬往为：:，,。])[\u4e00-\u9fff])"
_CN_NUM = r"[一二三四五六七八九十百零〇两]"
_NUM = rf"(?:\d{{1,6}}|{_CN_NUM}{{1,6}})"
_CHAIN = (
    rf"(?:(?:{_PROVINCES})(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)?)?"
    rf"(?:{_HAN}{{1,7}}?(?:市|州|盟|地区|地區|县|縣))?"
    rf"(?:{_HAN}{{1,7}}?(?:区|區|县|縣|旗|市))?"
    rf"(?:{_HAN}{{1,7}}?(?:镇|鎮|乡|鄉|街道|里))?"
)
# A building code may mix letters and digits: 3栋, A座, E3栋, 3A号楼, R3-A栋.
_CODE = r"(?:[A-Za-z]?\d{1,4}(?:-?[A-Za-z])?(?:-\d{1,3})?|[A-Za-z])"
_PART = rf"[ \t]*(?:{_NUM}|{_CODE})[ \t]*(?:号楼|號樓|栋|棟|幢|座|塔|单元|單元|楼|樓|层|層|室|号|號|户|戶|门|排|区|期|舍|斋|齋|巷|弄)"
_DASHED_ROOM = r"[ \t]*\d{1,3}-\d{1,3}(?:-\d{1,4})?(?:室|号)?"
# (期: a phase of a development, "德基广场二期3201")
_BARE_ROOM = r"(?<=[座塔栋棟幢楼樓层層元门舍斋齋期])[ \t]*\d{1,5}(?:[A-Za-z](?![A-Za-z]))?(?![\d年月日岁个次元])"
_COMPOUND = (
    rf"{_HAN}{{2,12}}?(?:小区|花园|家园|公寓|宿舍|大厦|大学|学院|校区|苑|新村|新城|社区|公馆|广场|中心|山庄|庄园|雅居|华庭|名邸|府|庭|城|园|里"
    rf"|小區|花園|家園|大廈|大學|學院|校區|社區|公館|廣場|山莊|莊園|華庭|園)"
    # a hall of the compound before the room: 「清華大學 雅齋 305室」
    rf"(?:[ \t]*{_HAN}{{1,3}}(?:齋|斋|舍|館|馆|樓|楼)(?=[ \t]*\d))?"
    rf"(?:(?:[东西南北中]|{_CN_NUM}|[A-Za-z\d]){{1,2}}区)?"
)
_ROAD = (
    # a section by number or by name (四段, 荃灣段); a house number with its sub-number (46之5號); 國道一號 is a
    # highway, no road with a house number
    rf"{_HAN}{{1,16}}?(?:路|街|大道|大街|巷|弄|胡同|(?<![国國省县縣乡鄉])道|村(?:{_NUM}组)?|屯|组)(?:(?:{_CN_NUM}{{1,3}}|[东西南北中上下]|{_HAN}{{1,3}}?)段)?"
    rf"[ \t]*(?:[甲乙丙丁]?{_NUM}(?:-\d+|之\d{{1,3}})?[ \t]*(?:号院|号|號|弄|支弄|巷)|{_CODE}[ \t]*(?:座|栋|棟|幢|号楼|號樓)"
    # 和平里东街11-3-201: house, building and room with dashes (never a date such as 2023-11-15)
    rf"|(?!(?:19|20)\d\d-)\d{{1,4}}-\d{{1,3}}-\d{{1,4}}(?![\d-]))"
)
_CN_ADDRESS = re.compile(
    rf"{_CHAIN}(?:"
    rf"{_ROAD}(?:[ \t]*(?:{_HAN}|[A-Za-z]){{1,12}}?(?=(?:{_PART}))"
    rf"|[ \t]*(?:{_HAN}|[A-Za-z]){{1,12}}?(?:小区|花园|家园|公寓|大厦|苑|新村|广场|中心|城|园|府|庭|里))?(?:{_PART})*(?:{_DASHED_ROOM}|{_BARE_ROOM})?"
    rf"|{_COMPOUND}(?:(?:{_PART}){{2,}}(?:{_BARE_ROOM})?|(?:{_PART}){_BARE_ROOM}|[ \t]*{_NUM}[ \t]*(?:号楼|栋|幢|单元|室|户)(?:{_PART})*(?:{_BARE_ROOM})?|{_DASHED_ROOM})"
    rf")(?:[ \t]*(?<!\d)\d{{6}}(?!\d))?"
)
_LEVEL = rf"{_HAN}{{1,7}}?(?:市|州|盟|地区|县|区|旗)"
_TOWN = rf"{_HAN}{{1,7}}?(?:镇|乡|街道)(?:{_HAN}{{1,6}}?(?:村|社区))?"
_CN_CHAIN_ONLY = re.compile(
    rf"(?:(?:{_PROVINCES})(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)?(?:{_LEVEL}){{1,3}}"
    rf"|(?:{_LEVEL}){{2,3}}){_TOWN}"
)
# Building, unit and room together are an address even without a compound name.
_UNIT_SEQUENCE = re.compile(
    rf"(?:{_HAN}{{1,12}}?)?[ \t]*(?<!\d){_NUM}[ \t]*(?:号楼|栋|幢|座|号院)[ \t]*(?:{_NUM}[ \t]*单元[ \t]*)?{_NUM}(?!\d)[ \t]*(?:室|户|号)?"
    rf"|(?:{_HAN}{{1,12}}?)?[ \t]*(?<!\d){_NUM}[ \t]*单元[ \t]*{_NUM}[ \t]*(?:室|户|号)"
)

# A lettered building and its room ("B座2201", "A栋1203室") is where someone lives after an address word
# (住, 地址, 寄到…); alone it may be a meeting room ("会议在B座201").
_LETTER_BUILDING = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][ \t]*(?:座|栋|棟|幢)[ \t]*\d{3,4}(?!\d)(?:[ \t]*(?:室|号|號))?")
# a city and district before it say where as much as an address word: 「北京市朝阳区望京SOHO T3 B座2201」
_HOME_WORD = re.compile(r"住|地址|寄到|送到|寄给|搬到|搬家|家在|收货|收件|快递到|(?i:live|address|ship|deliver)"
                        r"|[市州][\u4e00-\u9fff]{1,6}?[区區县縣]")
_CLAUSE_STOP = re.compile(r"[\n。！？!?；;]")


def _letter_buildings(text: str) -> Iterator[tuple[int, int]]:
    for match in _LETTER_BUILDING.finditer(text):
        stops = [m.end() for m in _CLAUSE_STOP.finditer(text, max(0, match.start() - 30), match.start())]
        begin = stops[-1] if stops else max(0, match.start() - 30)
        if _HOME_WORD.search(text, begin, match.start()):
            yield match.span()


_STREET_TYPES = (
    "Alley|Aly|Avenue|Ave|Av|Boulevard|Blvd|Branch|Bridge|Brg|Brook|Brooks|Burg|Burgs|Bypass|Byp|Camp|Canyon|Cape"
    "|Causeway|Center|Ctr|Centers|Circle|Cir|Circles|Cliff|Cliffs|Club|Common|Corner|Corners|Course|Court|Ct"
    "|Courts|Cove|Coves|Creek|Crescent|Cres|Crest|Crossing|Xing|Crossroad|Curve|Dale|Dam|Divide|Drive|Dr"
    "|Drives|Estate|Estates|Expressway|Expy|Extension|Ext|Extensions|Fall|Falls|Ferry|Field|Fields|Flat|Flats"
    "|Ford|Fords|Forest|Forge|Forges|Fork|Forks|Fort|Ft|Freeway|Fwy|Garden|Gardens|Gdns|Gateway|Glen|Glens"
    "|Green|Greens|Grove|Grv|Groves|Harbor|Harbors|Haven|Heights|Hts|Highway|Hwy|Hill|Hills|Hollow|Inlet"
    "|Island|Islands|Isle|Junction|Jct|Junctions|Key|Keys|Knoll|Knolls|Lake|Lakes|Land|Landing|Lane|Ln"
    "|Light|Lights|Loaf|Lock|Locks|Lodge|Loop|Mall|Manor|Manors|Meadow|Meadows|Mews|Mill|Mills|Mission"
    "|Motorway|Mount|Mountain|Mountains|Neck|Orchard|Oval|Overpass|Park|Parks|Parkway|Pkwy|Parkways|Pass"
    "|Passage|Path|Pike|Pine|Pines|Place|Pl|Plain|Plains|Plaza|Plz|Point|Pt|Points|Port|Ports|Prairie"
    "|Radial|Ramp|Ranch|Rapid|Rapids|Rest|Ridge|Ridges|River|Road|Rd|Roads|Route|Rte|Row|Rue|Run|Shoal"
    "|Shoals|Shore|Shores|Skyway|Spring|Springs|Spur|Spurs|Square|Sq|Squares|Station|Sta|Stravenue"
    "|Stream|Street|St|Streets|Summit|Terrace|Ter|Throughway|Trace|Track|Trafficway|Trail|Trl|Tunnel"
    "|Turnpike|Tpke|Underpass|Union|Unions|Valley|Valleys|Via|Viaduct|View|Views|Village|Villages|Ville"
    "|Vista|Walk|Walks|Wall|Way|Ways|Well|Wells|Close|Gate|Wharf|Quay"
)
_WORD = r"(?:[A-Z][A-Za-z'’.-]*|\d+(?:st|nd|rd|th)|O'[A-Z][a-z]+)"
_SECONDARY = (
    r"(?:,?[ \t]+(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Room|Rm|Bldg|Building|#|No)\.?[ \t]*#?[ \t]*"
    r"[A-Za-z]?\d+[A-Za-z]?(?:-\d+)?|,?[ \t]*#[ \t]*\d+[A-Za-z]?(?:-\d+)?)"
)
_CITY_LINE = (
    r"(?:,?[ \t]*\n?[ \t]*[A-Z][A-Za-z .'-]{1,30},?[ \t]*[A-Z]{2,3}[ \t]+"
    r"(?:\d{5}(?:-\d{4})?|\d{4}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d)(?![\dA-Za-z]))"
)
_UK_CITY_LINE = r"(?:,?[ \t]*(?:[A-Z][a-z]+[ \t]+)?[A-Z][a-z]+,?[ \t]+[A-Z]{1,2}\d[A-Z\d]?[ \t]*\d[A-Z]{2}\b)"
_POSTCODE_CITY = r"(?:,?[ \t]*(?:\d{4,5}[ \t]+[A-Z][a-zé]+|[A-Z][a-z]+[ \t]+\d{6}))"
# Continental order (number, street word, name) and German names with the number after.
_EN_CONTINENTAL = re.compile(
    r"(?<![A-Za-z0-9_-])\d{1,5}[A-Za-z]?,?[ \t]+(?:Rue|Avenue|Boulevard|Bd|Place|Via|Viale|Piazza|Calle|Avenida|Plaza"
    r"|Paseo|Carrer|Rua|Chemin|Allée|Quai)[ \t]+(?:(?:de|du|des|la|le|les|del|della|di|da|do|dos|das|l')[ \t]*)*"
    rf"[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?{_POSTCODE_CITY}?"
    rf"|\b[A-Z][a-zäöüß]+(?:straße|strasse|weg|gasse|platz|allee|ring|damm)[ \t]+\d{{1,4}}[a-z]?{_POSTCODE_CITY}?"
    r"|(?<![A-Za-z0-9_-])\d{1,6}[ \t]+[A-Z][a-z]{2,}way\b", re.ASCII
)
_EN_ADDRESS = re.compile(
    rf"(?<![A-Za-z0-9_])\d{{1,6}}[A-Za-z]?(?:-\d{{1,4}})?,?[ \t]+(?:(?:N|S|E|W|NE|NW|SE|SW)\.?[ \t]+)?"
    rf"(?:{_WORD}[ \t]+){{1,4}}(?i:{_STREET_TYPES})\b\.?(?:[ \t]+(?:N|S|E|W|NE|NW|SE|SW)\b\.?)?"
    rf"{_SECONDARY}?(?:{_CITY_LINE}|{_UK_CITY_LINE}|{_POSTCODE_CITY})?", re.ASCII
)
_LOWER_STOP = (
    "more|less|miles?|blocks?|minutes?|hours?|km|times|of|the|on|to|at|in|down|up|across|along|from|off|past|a|an"
    "|and|or|my|your|our|main|side|one|other|same|next|last|first|this|that"
)
# Lower-case street names ("45 oak street") only with an unambiguous street word.
_EN_ADDRESS_LOWER = re.compile(
    rf"(?<![A-Za-z0-9_])\d{{1,6}}[a-z]?[ \t]+(?:(?!(?:{_LOWER_STOP})\b)[a-z][a-z'-]+[ \t]+){{1,2}}"
    r"(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|court|terrace|highway|parkway)\b\.?"
    rf"(?i:{_SECONDARY})?", re.ASCII
)
_EN_UNIT_FIRST = re.compile(
    r"\b(?:Apt|Apartment|Flat|Unit|Suite)\.?[ \t]*\d+[A-Za-z]?,[ \t]*", re.ASCII
)
_CN_ROAD_WORDS = rf"(?:{_STREET_TYPES}|Lu|Jie|Dajie|Dadao|Hutong|Xiang|Nong)"
# Chinese addresses written in English: "No. 88 Jianguo Road", "Jianguo Road No. 88",
# "Room 501, Building 3", with an optional ", Chaoyang District, Beijing" tail.
_EN_CN_TAIL = (
    r"(?:,?[ \t]*(?:Section[ \t]+\d+|[A-Z][a-z]+[ \t]+(?:District|County|Town|Township|Village|City|Province"
    r"|Qu|Shi|Xian|Sheng|Zhen)))*"
)
_EN_CN_ADDRESS = re.compile(
    rf"\bNo\.?[ \t]*\d{{1,5}}[A-Za-z]?,?[ \t]+(?:Lane|Alley|Nong)[ \t]+\d{{1,5}}"
    rf"(?:,?[ \t]*(?:{_WORD}[ \t]+){{1,3}}(?i:{_CN_ROAD_WORDS})\b\.?)?{_EN_CN_TAIL}|"
    rf"\bNo\.?[ \t]*\d{{1,5}}[A-Za-z]?,?[ \t]+(?:{_WORD}[ \t]+){{1,4}}(?i:{_CN_ROAD_WORDS})\b\.?{_EN_CN_TAIL}"
    rf"|\b(?:{_WORD}[ \t]+){{1,4}}(?i:{_CN_ROAD_WORDS})\b\.?,?[ \t]+No\.?[ \t]*\d{{1,5}}[A-Za-z]?{_EN_CN_TAIL}"
    rf"|\b(?:Room|Rm|Flat|Apt|Apartment|Unit)\.?[ \t]*\d{{1,5}}[A-Za-z]?,?[ \t]*(?:Unit[ \t]*\d{{1,3}},?[ \t]*)?"
    rf"(?:Building|Bldg|Block|Tower)\.?[ \t]*\d{{1,3}}(?!\d)[A-Za-z]?(?:,?[ \t]*(?:{_WORD}[ \t]+){{0,3}}"
    rf"(?:Garden|Gardens|Community|Estate|Residence|Apartments|Village|Court|Plaza|Mansion))?", re.ASCII
)
_PO_BOX = re.compile(
    rf"\b(?:P\.?[ \t]?O\.?[ \t]?Box|Post[ \t]+Office[ \t]+Box|PO[ \t]?Box)[ \t]*#?[ \t]*\d{{1,8}}(?![A-Za-z0-9]){_CITY_LINE}?",
    re.IGNORECASE | re.ASCII,
)
_MILITARY = re.compile(
    r"\b(?:(?:USNS|USNV|USS|USCGC)[ \t]+[A-Z][a-z]+|Unit[ \t]+\d{4}[ \t]+Box[ \t]+\d{4}|PSC[ \t]+\d{4},[ \t]*Box[ \t]+\d{4})"
    r"[ \t]*,?\n?[ \t]*(?:FPO|APO|DPO)[ \t]+A[AEP][ \t]+\d{5}\b", re.ASCII
)


# Building-unit-room written with dashes after a place name: 金色海岸24-6-2904.
_DASHED_UNIT = re.compile(
    rf"{_HAN}{{2,12}}?[ \t]*(?P<b>\d{{1,3}})-(?P<u>\d{{1,2}})-(?P<r>\d{{3,4}})(?:室|号)?(?![\d-])"
)


def _dashed_units(text: str) -> Iterator[tuple[int, int]]:
    for match in _DASHED_UNIT.finditer(text):
        building, unit, room = (int(match.group(k)) for k in "bur")
        if 1 <= building <= 31 and 1 <= unit <= 12 and 1950 <= room <= 2039:
            continue  # 15-11-2023 is a date
        if cues.says_not_pii(text, match.start("b")):
            continue
        yield match.span()


_LOWER_CONTEXT = re.compile(
    r"\b(?:live|lives|living|lived|address|at|ship|send|deliver|located|move|moved|moving|mail|post|visit)\b|住|地址|寄|送",
    re.IGNORECASE | re.ASCII,
)


# Every Chinese street or building address has a number before one of these words;
# without one, the costly Chinese patterns are not tried at all.
_CN_NUMBERED = re.compile(rf"(?:\d|{_CN_NUM}|[A-Za-z])[ \t]*(?:号|號|弄|座|栋|棟|幢|单元|單元|室|楼|樓|层|層|舍|斋|巷)|\d-\d")


# A room named as a room for the public right after the numbers is no one's home: 「3号楼301教室」, 「B座502会议室」.
_PUBLIC_ROOM = re.compile(r"[ \t]*(?:阶梯|多媒体|公共)?(?:教室|會議室|会议室|实验室|實驗室|报告厅|報告廳|多功能厅|礼堂|禮堂|机房|機房|阅览室|閱覽室"
                          r"|自习室|自習室|演播厅|展厅|展廳|活动室|活動室|考场|考場)")


# An event in the clause makes a room without a street its venue: "the meeting moved to Room 701, Building 3".
_EVENT_WORD = re.compile(r"(?<![A-Za-z])(?i:meeting|meetings|conference|class|lecture|seminar|interview|exam|workshop|webinar"
                         r"|talk|training|presentation|party)(?![A-Za-z])|会议|開會|开会|讲座|講座|上课|上課|考试|考試|面试|面試|培训|培訓"
                         r"|答辩|答辯|活动|活動|聚会|聚會")
# A public place as the clause's subject owns the address after it: 「博物馆在…」, "the embassy is at …".
_PUBLIC_PLACE = re.compile(
    r"(?:博物院|博物馆|博物館|图书馆|圖書館|美术馆|美術館|纪念馆|紀念館|科技馆|科技館|展览馆|展覽館|医院|醫院|公园|公園|车站|車站|机场|機場"
    r"|体育馆|體育館|体育场|體育場|景区|景區|大使馆|大使館|领事馆|領事館|政府|剧院|劇院|(?<![A-Za-z])(?i:museum|library|hospital"
    r"|station|airport|embassy|consulate|stadium|gallery|theatre|theater|city[ \t]hall))[ \t]*"
    r"(?:在|位于|位於|的地址是|地址是|地址[:：]|(?i:is[ \t]+at|is[ \t]+located[ \t]+at|located[ \t]+at|is[ \t]+on))[ \t]*$"
)


_OWN_PLACE = re.compile(r"(?<![A-Za-z])(?i:my|our|his|her|their)[ \t]+(?i:flat|place|home|apartment|house|room|dorm)(?![A-Za-z])"
                        r"|我家|我们家|我宿舍|我的宿舍|我房间|我的房间")


def _public_room(text: str, start: int, end: int) -> bool:
    """Whether the address ``text[start:end]`` is a public room or place, not anyone's home: a public place owns it,
    or a room word follows it or an event leads the clause of a bare room — and no home word leads that clause."""
    stops = [m.end() for m in _CLAUSE_STOP.finditer(text, 0, start)]
    clause = stops[-1] if stops else 0
    home = _HOME_WORD.search(text, clause, start) or _OWN_PLACE.search(text, clause, start)
    if home and not _PUBLIC_PLACE.search(text, max(clause, start - 16), start):
        return False
    return bool(_PUBLIC_ROOM.match(text, end) or _PUBLIC_PLACE.search(text, max(clause, start - 16), start)
                or (units_only(text[start:end]) and _EVENT_WORD.search(text, clause, start)))


def find_addresses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of street addresses (Chinese, English and other Latin-script ones), each with its unit;
    overlapping spans are one address, and a public room (「3号楼301教室」) is none."""
    merged: list[list[int]] = []
    for start, end in sorted(extend(text, s, e) for s, e in _street_addresses(text)):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    for start, end in merged:
        if not _public_room(text, start, end):
            yield start, end


def _street_addresses(text: str) -> Iterator[tuple[int, int]]:
    yield from _dashed_units(text)
    yield from _letter_buildings(text)
    yield from find_latin_addresses(text)
    yield from find_east_asian_addresses(text)
    numbered = _CN_NUMBERED.search(text) is not None
    patterns = (_CN_ADDRESS, _CN_CHAIN_ONLY, _UNIT_SEQUENCE) if numbered else (_CN_CHAIN_ONLY,)
    for pattern in (*patterns, _MILITARY, _PO_BOX, _EN_CN_ADDRESS, _EN_CONTINENTAL, _EN_ADDRESS, _EN_ADDRESS_LOWER):
        for match in pattern.finditer(text):
            start = match.start()
            unit_first = None
            if pattern is _EN_ADDRESS_LOWER and not _LOWER_CONTEXT.search(text[max(0, start - 20):start]):
                continue  # "a 2 hour drive", "10 new street lights": lower-case words need an address word before
            if pattern in (_EN_ADDRESS, _EN_ADDRESS_LOWER):  # the last "Apt 5B, " right before the number
                unit_first = next(reversed(list(_EN_UNIT_FIRST.finditer(text, max(0, start - 24), start))), None)
            if unit_first is not None and unit_first.end() == start:
                start = unit_first.start()
            yield start, match.end()
