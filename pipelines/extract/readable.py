"""Are a note's words words? The last check before the user's own words are kept as a note.

When no reading of a message makes a note of it, extraction may keep the user's words as they are
(``User said: "…"``). That fallback must not keep a text nothing could be read from — keyboard runs,
made-up strings ("zomf kwej 40 plix"): such a text is no statement about anyone, and keeping it would
store the raw text. A text is readable when it has Chinese characters, or one Latin word that a
large general vocabulary holds whole (the Qwen tokenizer's ~30k word tokens, already shipped for
token counting), or one of English's one-letter words (I, a). Names and rare words beside such a
word keep the text readable ("Niamh arrived", "29F, Chicago"); numbers and symbols alone do not.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pipelines.context.qwen_vocab import whole_words

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]+")
#: English's words of one letter (every other single letter is a token of its own in any vocabulary).
_ONE_LETTER = frozenset({"i", "a"})


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """The whole words of the shipped vocabulary, read once (about 0.5 s)."""
    return whole_words()


def readable(text: str) -> bool:
    """The text holds a word of a language: a Chinese character, a known Latin word, or I / a."""
    if _CJK.search(text):
        return True
    words = [w.lower() for w in _LATIN.findall(text)]
    if any(w in _ONE_LETTER for w in words):
        return True
    known = _vocabulary() if any(len(w) > 1 for w in words) else frozenset()
    return any(len(w) > 1 and w in known for w in words)
