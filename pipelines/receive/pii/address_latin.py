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

_PY_LEVEL = r"(?:Sheng|Shi|Qu|Xian|Zhen|Xiang|Jiedao|Cun|Province|City|District|County|Town|Township)"
_PY_ROAD = r"(?:(?:Bei|Nan|Dong|Xi|Zhong)?(?:Lu|Jie|Dajie|Dadao)|Hutong|Xiang|Nong|Li|Road|Rd|Street|St|Avenue|Ave)"
_PY_UNIT = r"(?:Hao[ \t]?Lou|Lou|Dong|Danyuan|Shi|Hao|Ceng|Zuo|Building|Unit|Room|Floor)"
_PY_WORD = r"[A-Za-z][a-z]{1,11}"
_PINYIN = re.compile(
    rf"(?<![A-Za-z0-9])(?P<levels>(?:{_PY_WORD}[ \t]+(?i:{_PY_LEVEL}),?[ \t]+){{0,4}})"
    rf"(?:{_PY_WORD}[ \t]+){{1,3}}(?i:{_PY_ROAD})\.?,?[ \t]*(?:(?i:No)\.?[ \t]*)?\d{{1,5}}(?P<hao>[ \t]*(?i:Hao|号))?"
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
    r"\b(?:live|lives|living|address|ship|send|deliver|located|move|moved|mail|post|visit|zhu|dizhi|at)\b|住|地址|寄|送",
    re.IGNORECASE,
)
_FR_STREET = r"(?:rue|avenue|av\.|boulevard|bd|place|allée|allee|quai|chemin|impasse|cours|route|passage|square|voie|faubourg)"
_FR_LINK = r"(?:(?:de|du|des|la|le|les|l['’]|d['’]|de la|saint|sainte)[ \t]*)"
_FRENCH = re.compile(
    rf"(?<![\w-])\d{{1,4}}(?:[ \t]?(?:bis|ter|[A-Da-d])(?![\w]))?,?[ \t]+(?i:{_FR_STREET})[ \t]+(?i:{_FR_LINK}){{0,3}}"
    rf"{_NAME}(?:[ \t]+(?i:{_FR_LINK}){{0,3}}{_NAME}){{0,3}}{_POSTCODE_CITY}?"
)
_DE_SUFFIX = r"(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|steig|pfad|markt|hof)"
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


def _pinyin(text: str, match: re.Match[str]) -> bool:
    context = _ADDRESS_WORD.search(text[max(0, match.start() - 24):match.start()]) is not None
    marked = "hao" in match.re.groupindex and bool(match.group("hao") or match.group("levels"))
    return bool(marked or match.group("tail") or context)


def _german(text: str, match: re.Match[str]) -> bool:
    words = match.group(0).split()
    return words[0] not in ("Am", "Im", "Zum", "Zur", "An", "In", "Auf", "Unter") or bool(re.search(r"\d{5}", match.group(0)))


def _always(text: str, match: re.Match[str]) -> bool:
    return True


#: (pattern, check of a match) for each script and country above.
PATTERNS: tuple[tuple[re.Pattern[str], Callable[[str, re.Match[str]], bool]], ...] = (
    (_PINYIN, _pinyin), (_PINYIN_NUMBER_FIRST, _pinyin), (_FRENCH, _always), (_GERMAN, _german), (_ROMANCE, _always),
)


def find_latin_addresses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the addresses above in the normalised ``text``."""
    for pattern, accept in PATTERNS:
        for match in pattern.finditer(text):
            if accept(text, match):
                yield match.span()
