"""Street addresses written in Japanese and Korean.

* Japanese: a prefecture (東京都, 大阪府, 北海道, 神奈川県), a city, ward or town (新宿区, 横浜市), the
  district and the block numbers (``西新宿2-8-1``, ``2丁目8番1号``), with an optional room (``-1203``).
* Korean: a road name ending in 로 or 길 with its building number (``테헤란로 152``, ``강남대로94길 20``),
  after an optional city and district (서울특별시 강남구).

A number alone after a place name is no address ("新宿区に2-3日いる" has no block numbers). Runs on the
normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

_KANJI = r"[\u4e00-\u9fff\u3005\u30f6\u30a1-\u30fa]"
_JP_ADDRESS = re.compile(
    rf"(?:{_KANJI}{{1,4}}(?:都|道|府|県))?{_KANJI}{{1,6}}?(?:区|市|町|村|郡)(?:{_KANJI}{{1,6}}?(?:区|町|村))?{_KANJI}{{0,8}}?"
    r"\d{1,2}(?:[ \t]*丁目[ \t]*|-)\d{1,4}(?:[ \t]*番地?[ \t]*|-)\d{1,4}(?:[ \t]*号)?(?:-\d{1,4}|[ \t]*\d{3,4}号室)?(?![\d-])"
)
_HANGUL = r"[\uac00-\ud7a3]"
_KR_ADDRESS = re.compile(
    rf"(?:{_HANGUL}{{1,6}}(?:특별시|광역시|특별자치시|도|시)[ \t]+)?(?:{_HANGUL}{{1,6}}(?:구|군|시)[ \t]+)?"
    rf"{_HANGUL}{{1,10}}(?:로|길)(?:[ \t]?\d{{1,3}}(?:번길|길))?[ \t]?\d{{1,4}}(?:-\d{{1,4}})?(?![\d-])"
    rf"(?:[ \t]*,?[ \t]*\d{{1,4}}동)?(?:[ \t]*\d{{1,5}}호)?"
)


# Cheap checks first: block numbers (2-8-1, 3丁目) and any Hangul at all.
_JP_BLOCKS = re.compile(r"\d(?:-|[ \t]*丁目)\d{0,4}")
_HANGUL_ANY = re.compile(_HANGUL)
_KANA = re.compile(r"[\u3040-\u30ff]")
_JP_MARK = re.compile(r"(?:都|道|府|県)|丁目|番")


def _japanese(text: str, match: re.Match[str]) -> bool:
    """Block numbers in Chinese text are a building-unit-room (住在幸福里小区12-3-402, read by the Chinese rules):
    a Japanese address needs a prefecture, 丁目 or 番, or kana in the text."""
    return _JP_MARK.search(match.group(0)) is not None or _KANA.search(text) is not None


def find_east_asian_addresses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of Japanese and Korean street addresses in the normalised ``text``."""
    for match in _JP_ADDRESS.finditer(text) if _JP_BLOCKS.search(text) else ():
        if _japanese(text, match):
            yield match.span()
    for match in _KR_ADDRESS.finditer(text) if _HANGUL_ANY.search(text) else ():
        yield match.span()
