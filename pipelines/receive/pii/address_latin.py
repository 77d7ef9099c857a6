"""Street addresses in Latin script other than English: Chinese in pinyin, French, German,
Spanish, Italian and Portuguese.

* Pinyin: place levels (``Beijing Shi``, ``Chaoyang Qu``), a road (``Jianguo Lu``,
  ``Zhongguancun Dajie``), a house number (``88 Hao``) and its building, unit and room
  (``3 Lou 502``, ``2 Danyuan``), in any case. "Jie 5" alone is a name and a count, so a
  pinyin address needs ``Hao``, a level word or an address word before it.
* French: ``12 rue de la Paix, 75002 Paris``, ``3 bis, avenue des Champs-Élysées``.
* German: ``Hauptstraße 5``, ``Müllerstr. 12a``, ``Berliner Allee 12``, ``Am Markt 3, 10115 Berlin``.
* Name-first Romance streets: ``Calle Mayor 5``, ``Via Roma 10``, ``Rua Augusta 27``.

Each is one row of :data:`PATTERNS`, with a check of the match. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_UP = "A-ZÀ-ÖØ-ÞĀ-Ž"
_NAME = rf"[{_UP}][\w'’-]+"
_POSTCODE_CITY = rf"(?:,?[ \t]*(?:[A-Z]-)?\d{{4,5}}[ \t]+{_NAME}(?:[ \t-]{_NAME})?)"

_PY_LEVEL = r"(?:Sheng|Shi|Qu|Xinqu|Xian|Zhen|Xiang|Jiedao|Cun|Province|City|District|County|Town|Township)"
_PY_ROAD = r"(?:(?:Bei|Nan|Dong|Xi|Zhong)?(?:Lu|Jie|Dajie|Dadao)|Hutong|Xiang|Nong|Li|Road|Rd|Street|St|Avenue|Ave)"
_PY_UNIT = r"(?:Hao[ \t]?Lou|Lou|Dong|Danyuan|Shi|Hao|Ceng|Zuo|Building|Unit|Room|Floor)"
# A pinyin word, never an English word of the sentence around it ("I stay at Zhongshan Lu 123 Hao").
_PY_WORD = (
    r"(?!(?i:at|in|on|to|the|of|and|or|my|our|is|are|was|stay|stays|live|lives|living|send|ship|near|from|by|for|with|we|you"
    r"|it|its|his|her|their|now|still|home|address|addr)(?![A-Za-z]))[A-Za-z][a-z]{1,11}"
)
_PINYIN = re.compile(
    rf"(?<![A-Za-z0-9])(?P<levels>(?:{_PY_WORD}[ \t]+(?i:{_PY_LEVEL}),?[ \t]+){{0,4}})"
    rf"(?:{_PY_WORD}[ \t]+){{1,3}}(?i:{_PY_ROAD})\.?,?[ \t]*(?:(?i:No)\.?[ \t]*)?\d{{1,5}}(?P<hao>[ \t]*(?i:Hao|Nong|号|弄))?"
    rf"(?:,?[ \t]*\d{{1,4}}[ \t]*(?i:{_PY_UNIT})(?![A-Za-z])){{0,4}}(?:[ \t]*\d{{1,5}}(?![\dA-Za-z]))?"
    rf"(?P<tail>(?:,?[ \t]+{_PY_WORD}[ \t]+(?i:{_PY_LEVEL})(?![A-Za-z])){{0,4}})"
)
# Number first: "65 Kehua Beilu, Wuhou Qu".
_PINYIN_NUMBER_FIRST = re.compile(
    rf"(?<![A-Za-z0-9])(?:(?i:No)\.?[ \t]*)?\d{{1,5}}[ \t]+(?:{_PY_WORD}[ \t]+){{1,3}}"
    rf"(?i:(?:Bei|Nan|Dong|Xi|Zhong)?(?:Lu|Jie|Dajie|Dadao)|Hutong|Nong)(?![A-Za-z])"
    rf"(?P<tail>(?:,?[ \t]+{_PY_WORD}[ \t]+(?i:{_PY_LEVEL})(?![A-Za-z])){{0,4}})"
)
_ADDRESS_WORD = re.compile(
    r"\b(?:live|lives|living|lived|address|addr|adr|ship|shipping|shipped|send|deliver|delivery|delivered|located|move|moved"
    r"|mail|mailing|post|postal|visit|home|residence|zhu|dizhi|at|flat|apartment|apt|house|place|dorm)\b|住|地址|寄|送",
    re.IGNORECASE,
)
_FR_STREET = r"(?:rue|avenue|av\.|boulevard|bd|place|allée|allee|quai|chemin|impasse|cours|route|passage|square|voie|faubourg)"
_FR_LINK = r"(?:(?:de|du|des|la|le|les|l['’]|d['’]|de la|saint|sainte)[ \t]*)"
_FRENCH = re.compile(
    rf"(?<![\w-])\d{{1,4}}(?:[ \t]?(?:bis|ter|[A-Da-d])(?![\w]))?,?[ \t]+(?i:{_FR_STREET})[ \t]+(?i:{_FR_LINK}){{0,3}}"
    rf"{_NAME}(?:[ \t]+(?i:{_FR_LINK}){{0,3}}{_NAME}){{0,3}}{_POSTCODE_CITY}?"
)
_DE_SUFFIX = (
    r"(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|pfad|markt|hof"
    r"|straat|laan|gracht|plein|kade|singel|dijk|dreef|gatan|vägen|väg|gata|gade|vej|veien|gate|katu|tie|utca|ulica)"
)
_DE_WORD = r"(?:Straße|Strasse|Str\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer|Chaussee|Markt)"
_GERMAN = re.compile(
    rf"(?<![\w-])(?:[{_UP}][a-zäöüß]+{_DE_SUFFIX}|[{_UP}][a-zäöüß]+(?:er)?[ \t]+{_DE_WORD}"
    rf"|(?:Am|An der|Im|In der|Auf der|Zum|Zur|Unter den)[ \t]+[{_UP}][a-zäöüß]+)"
    rf"[ \t]+\d{{1,4}}(?:[ \t]?[a-z])?(?:-\d{{1,4}})?(?![\w]){_POSTCODE_CITY}?"
)
_ROMANCE = re.compile(
    rf"(?<![\w-])(?:Calle|Carrer|Via|Viale|Piazza|Corso|Avenida|Rua|Paseo|Praça|Largo|Travessa|Rue|rue|Quai|quai)[ \t]+"
    rf"(?:(?:de|del|della|dei|di|da|do|dos|das|la)[ \t]+){{0,3}}{_NAME}(?:[ \t]+{_NAME})?,?[ \t]+(?:n\.?[ºo°]?[ \t]*)?\d{{1,4}}"
    rf"(?:[ \t]?[A-Za-z](?![\w]))?{_POSTCODE_CITY}?"
)


# Building, unit and room in pinyin without a road: "3 Dong 2 Danyuan 501", "12 Hao Lou 3 Danyuan 602 Shi",
# "5 Dong 402 Shi", optionally followed by the compound's name ("Jinxiu Jiayuan").
_PY_COMPOUND = r"(?:Xiaoqu|Huayuan|Jiayuan|Gongyu|Dasha|Xincun|Shequ|Mingyuan|Huating|Guangchang|Yuan|Garden|Gardens|Estate|Community|Residence|Apartments)"
_PINYIN_UNITS = re.compile(
    rf"(?<![A-Za-z0-9])(?:[A-Za-z]?\d{{1,4}}[ \t]?(?i:Hao[ \t]?Lou|Dong|Zuo|Zhuang)[ \t]*,?[ \t]*"
    rf"(?:\d{{1,2}}[ \t]?(?i:Danyuan)[ \t]*,?[ \t]*\d{{2,5}}(?:[ \t]?(?i:Shi|Hao))?|\d{{3,5}}[ \t]?(?i:Shi|Hao))"
    rf"|\d{{1,2}}[ \t]?(?i:Danyuan)[ \t]*,?[ \t]*\d{{2,5}}[ \t]?(?i:Shi|Hao))(?![A-Za-z0-9])"
    rf"(?:,?[ \t]*(?:{_PY_WORD}[ \t]+){{1,3}}(?i:{_PY_COMPOUND})(?![A-Za-z]))?"
)
# A compound (or campus) named in pinyin, then its building and room: "Xianlin Xiaoqu 4 She 312", "Jinxiu Jiayuan 3 Dong 2 Danyuan 501".
_PINYIN_COMPOUND_UNITS = re.compile(
    rf"(?<![A-Za-z0-9])(?:{_PY_WORD}[ \t]+){{1,4}}(?i:{_PY_COMPOUND}|Daxue|Xueyuan|Xiaoqu|Sushe)[ \t]*,?[ \t]*"
    rf"[A-Za-z]?\d{{1,4}}[ \t]?(?i:Hao[ \t]?Lou|Dong|Zuo|Zhuang|She|Lou)[ \t]*,?[ \t]*(?:\d{{1,2}}[ \t]?(?i:Danyuan)[ \t]*,?[ \t]*)?"
    rf"\d{{2,5}}(?:[ \t]?(?i:Shi|Hao))?(?![A-Za-z0-9])"
)
# Units first, then the compound and the place levels, without a road: "Apt 2305, Tower B, Haiyue Huayuan, Nanshan Qu".
_UNITS_THEN_PLACE = re.compile(
    rf"(?<![A-Za-z0-9])(?:Apt|Apartment|Flat|Unit|Suite|Room|Rm)\.?[ \t]*#?[ \t]*[A-Z]?\d{{1,5}}[A-Z]?"
    rf"(?:,?[ \t]*(?:Tower|Block|Blk|Building|Bldg|Unit|Floor|Zuo|Dong)\.?[ \t]*[A-Z0-9]{{1,4}}(?![A-Za-z0-9]))*,?[ \t]*"
    rf"(?:(?P<compound>(?:{_PY_WORD}[ \t]+){{1,3}}(?i:{_PY_COMPOUND}))(?![A-Za-z])(?:,?[ \t]+{_PY_WORD}[ \t]+(?i:{_PY_LEVEL})(?![A-Za-z])){{0,4}}"
    rf"|(?:,?[ \t]*{_PY_WORD}[ \t]+(?i:Qu|Shi|Xian|Zhen|Jiedao|District)(?![A-Za-z])){{1,4}})"
)
# A flat and its floor are an address on their own (Hong Kong writes no street before them):
# "Flat B, 18/F, Tower 3", "Room 1203, 12/F", "Rm 5, 3rd Floor, Block 2".
_FLAT_FLOOR = re.compile(
    r"(?<![A-Za-z0-9])(?:Flat|Room|Rm|Apt|Unit|Suite)\.?[ \t]*[A-Z0-9]{1,5},?[ \t]*"
    r"(?:\d{1,3}/F|\d{1,3}(?:st|nd|rd|th)[ \t]+Floor|Floor[ \t]*\d{1,3})(?![A-Za-z0-9])"
    # then its building, or the estate's name: "Rm 302, 3/F meeting" is a meeting room
    r"(?:,?[ \t]*(?:Tower|Block|Blk|Building|Bldg)\.?[ \t]*[A-Z0-9]{1,4}(?![A-Za-z0-9])|(?=,[ \t]*[A-Z][a-z]+))"
)
# A named residence (students' halls) and its building or room, without a street: "Résidence Universitaire Jean Zay,
# bâtiment B, chambre 214", "Cité U, Bât. C, ch. 118"; the rest of its units and its postcode line join it (address_units).
_RESIDENCE = re.compile(
    rf"(?<![\w-])(?i:r[ée]sidence|cit[ée])[ \t]+[{_UP}][\w'’-]*(?:[ \t]+[{_UP}][\w'’-]*){{0,3}},[ \t]*"
    r"(?i:b[âa]timent|b[âa]t\.?|escalier|esc\.|chambre|ch\.|appartement|appt\.?|app\.)[ \t]*[A-Z0-9]{1,5}(?![A-Za-z0-9])"
)
# A building-unit-room triple after a unit word is an address on its own: "Unit 5-3-402", "Room 12-1-1502".
_UNIT_TRIPLE = re.compile(
    rf"(?<![A-Za-z])(?:Unit|Room|Rm|Flat|Apt|Apartment)\.?[ \t]*#?[ \t]*\d{{1,3}}-\d{{1,2}}-\d{{2,4}}(?![\d-])"
    rf"(?:,?[ \t]*(?:{_PY_WORD}[ \t]+){{1,3}}(?i:{_PY_COMPOUND})(?![A-Za-z]))?"
)
# Continental Europe, name first, with a postcode line: "Prinsengracht 263, 1016 GV Amsterdam", "ul. Marszałkowska 10,
# 00-590 Warszawa", "Storgatan 5, 114 55 Stockholm". A year is no postcode ("Windows 10, 2024 Edition").
_EURO_POSTCODE = r"(?:[A-Z]{1,2}-)?(?:\d{4}[ \t]?[A-Z]{2}(?![A-Za-z])|\d{2}-\d{3}|\d{4}-\d{3}|\d{3}[ \t]\d{2}|\d{4,5})"
_EURO = re.compile(
    rf"(?<![\w-])(?:ul\.[ \t]*|al\.[ \t]*)?(?P<street>[{_UP}][\w'’.-]+(?:[ \t]+[\w'’.-]+){{0,2}})[ \t]+\d{{1,4}}[a-zA-Z]?"
    rf"(?:[ \t]?[-/][ \t]?\d{{1,4}})?,[ \t]*(?P<postcode>{_EURO_POSTCODE})[ \t]+[{_UP}][\w'’-]+"
)
_NOT_STREETS = frozenset(
    "Room Chapter Version Windows Page Section Figure Table Item Part Level Stage Step Grade Class Gate Platform Terminal "
    "Building Floor Unit Flat Apt Suite Block Tower Hall Volume Vol Issue No Number Season Episode Round Game Week Day Year "
    "Model Series Edition Release Build Line Route Bus Train Flight Seat Row Lot Batch Order Invoice Ticket Case Box".split()
)


def _euro(text: str, match: re.Match[str]) -> bool:
    postcode = match.group("postcode")
    if re.fullmatch(r"(?:19|20)\d\d", postcode):
        return False  # a year
    words = match.group("street").split()
    return words[0] not in _NOT_STREETS and not any(w in _NOT_STREETS for w in words)


# A flat or building with its number a few words before says address as much as an address word does:
# "Flat 6B, Block 11, Nanhai Mingzhu, 35 Binhai Dadao".
_UNIT_BEFORE = re.compile(r"(?<![A-Za-z])(?:Flat|Apt|Apartment|Unit|Suite|Room|Rm|Block|Blk|Tower|Building|Bldg)\.?[ \t]*#?[ \t]*"
                          r"[A-Z]?\d{1,5}[A-Z]?(?![A-Za-z0-9])", re.IGNORECASE)


def _pinyin(text: str, match: re.Match[str]) -> bool:
    before = text[max(0, match.start() - 48):match.start()]
    context = _ADDRESS_WORD.search(before[-24:]) is not None or _UNIT_BEFORE.search(before) is not None
    marked = "hao" in match.re.groupindex and bool(match.group("hao") or match.group("levels"))
    return bool(marked or match.group("tail") or context)


def _german(text: str, match: re.Match[str]) -> bool:
    words = match.group(0).split()
    return words[0] not in ("Am", "Im", "Zum", "Zur", "An", "In", "Auf", "Unter") or bool(re.search(r"\d{5}", match.group(0)))


def _units_then_place(text: str, match: re.Match[str]) -> bool:
    """Without a compound's name, the place levels make an address only after a room number ("Apt 2305, Nanshan Qu"):
    "Unit 4, Chapter Qu" is a count and a word."""
    return match.group("compound") is not None or re.search(r"\d{3}", match.group(0)) is not None


def _always(text: str, match: re.Match[str]) -> bool:
    return True


# The rows that start with a unit or a compound word are tried only when such a word is in the text (lower case).
_UNIT_WORDS = ("apt", "apartment", "flat", "unit", "suite", "room", "rm")
_COMPOUND_WORDS = ("xiaoqu", "huayuan", "jiayuan", "gongyu", "dasha", "xincun", "shequ", "mingyuan", "huating", "guangchang",
                   "yuan", "garden", "estate", "community", "residence", "apartments", "daxue", "xueyuan", "sushe")

#: (pattern, check of a match, words one of which the text must hold, or none) for each script and country above.
PATTERNS: tuple[tuple[re.Pattern[str], Callable[[str, re.Match[str]], bool], tuple[str, ...]], ...] = (
    (_PINYIN, _pinyin, ()), (_PINYIN_NUMBER_FIRST, _pinyin, ()), (_PINYIN_UNITS, _always, ()), (_UNIT_TRIPLE, _always, ()),
    (_PINYIN_COMPOUND_UNITS, _always, _COMPOUND_WORDS), (_UNITS_THEN_PLACE, _units_then_place, _UNIT_WORDS),
    (_FLAT_FLOOR, _always, _UNIT_WORDS), (_RESIDENCE, _always, ("sidence", "cite", "cité")),
    (_FRENCH, _always, ()), (_GERMAN, _german, ()), (_ROMANCE, _always, ()), (_EURO, _euro, ()),
)


def find_latin_addresses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the addresses above in the normalised ``text``."""
    lowered = text.lower()
    for pattern, accept, hints in PATTERNS:
        if hints and not any(word in lowered for word in hints):
            continue
        for match in pattern.finditer(text):
            if accept(text, match):
                yield match.span()
