"""The normalised view of a text that PII matching runs on, with a map back to the original.

Normalisation, character by character:

* NFKC (full-width digits, letters and ``＠．－（）`` become ASCII; ideographic space
  becomes a space);
* every dash (``‐‑‒–—―−﹣``) becomes ``-`` and every middle dot (``•‧・･∙``) becomes ``·``
  (a separator between digits, but never the dot of a version or an IP address);
* zero-width characters and soft hyphens are removed;
* a run of seven or more Chinese digits (``一三八〇…``, ``幺`` for one) becomes Arabic digits.

Each character of the view remembers the offset of the original character it came from,
so a match in the view maps back to the exact span of the original text. Masking
replaces that original span, and the rest of the text stays exactly as the user wrote it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\ufeff\u00ad\u180e\u034f")
_SPECIAL = {ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"}
_SPECIAL.update({ch: "\u00b7" for ch in "\u2022\u2027\u30fb\uff65\u2219"})  # every middle dot is "·"
_SPECIAL["\u2026"] = "\u2026"  # an ellipsis stays one character: it is part of a mask (‹phone …5142›)
_CN_DIGITS = {"〇": "0", "零": "0", "一": "1", "幺": "1", "二": "2", "两": "2", "三": "3", "四": "4",
              "五": "5", "六": "6", "七": "7", "八": "8", "九": "9"}
_CN_DIGIT = f"[{''.join(_CN_DIGITS)}]"
_CN_DIGIT_RUN = re.compile(f"{_CN_DIGIT}(?:[ -]?{_CN_DIGIT}){{6,}}")


@dataclass(frozen=True)
class NormalisedText:
    """A normalised view of ``original``.

    Attributes:
        original: The text as given.
        text: The normalised view that patterns run on.
        source: For each character of ``text``, the offset of its original character.
    """

    original: str
    text: str
    source: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that the view's ``[start, end)`` came from."""
        if end <= start:
            raise ValueError(f"empty span {start}:{end} has no original; pass a non-empty span")
        return self.source[start], self.source[end - 1] + 1


def normalise(text: str) -> NormalisedText:
    """Build the normalised view of ``text`` (see the module docstring for the rules)."""
    if text.isascii():
        return NormalisedText(text, text, tuple(range(len(text))))
    chars: list[str] = []
    source: list[int] = []
    for index, char in enumerate(text):
        if char in _ZERO_WIDTH:
            continue
        mapped = _SPECIAL.get(char)
        if mapped is None and (char.isascii() or "\u4e00" <= char <= "\u9fff"):
            chars.append(char)  # unchanged by NFKC: the common case, kept fast
            source.append(index)
            continue
        if mapped is None:
            mapped = unicodedata.normalize("NFKC", char) if not char.isascii() else char
            mapped = "".join(_SPECIAL.get(c, c) for c in mapped if c not in _ZERO_WIDTH)
        for piece in mapped:
            chars.append(piece)
            source.append(index)
    view = "".join(chars)
    if _CN_DIGIT_RUN.search(view):
        view = _CN_DIGIT_RUN.sub(lambda m: "".join(_CN_DIGITS.get(c, c) for c in m.group(0)), view)
    return NormalisedText(text, view, tuple(source))
