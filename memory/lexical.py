"""Tokens of the lexical (full-text) index: English words and Chinese character bigrams.

One function, :func:`lexical_tokens`, is used both when a memory is written (its tokens
become the row's ``tsvector``) and when a query is searched, so both sides always agree.

* Latin text: NFKC, case-folded, split into words of letters/digits; English stop words
  dropped; a light suffix stemmer folds ``paintings``/``painted``/``painting`` to ``paint``.
* Chinese (and Japanese kana): every run of CJK characters becomes its overlapping
  character bigrams (a single character stays a unigram); bigrams holding a function
  character (我, 的, 在, 什么, 哪 ... ``CJK_STOP_CHARS``) are dropped. Measured: bigrams match
  compounds that a word segmenter keeps whole (jieba's default mode turns 元旦晚会 into one
  token, so a query about 晚会 never finds it); ``segmenter="jieba"`` uses jieba's search
  mode instead, which also emits the parts of compounds.

The stored form is a PostgreSQL ``tsvector`` literal built here (:func:`tsvector_literal`),
so no text-search parser or dictionary of the server touches the tokens.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal

Segmenter = Literal["bigram", "jieba"]

_WORD = re.compile(r"[a-z0-9]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_CJK_START = "\u3040"
_MAX_TOKEN = 64
# Function characters: a Chinese bigram holding one (我家, 在哪, 什么) says little about the topic.
CJK_STOP_CHARS = frozenset("我你他她它们的了是在吗呢吧啊呀么什哪怎谁几个些这那和与就都也还")
_MAX_POSITION = 16383  # PostgreSQL's largest tsvector position
_MAX_POSITIONS_PER_TOKEN = 255

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had
    has have having he her here hers herself him himself his how i if in into is it its itself just
    me more most my myself no nor not now of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these
    they this those through to too under until up very was we were what when where which while who
    whom why will with would you your yours yourself yourselves s t d ll m re ve don didn doesn
    isn wasn aren weren hasn haven hadn won wouldn shouldn couldn also ever get got go going gonna
    hey hi oh yeah yes really like just thanks thank much lot lots im ive id youre thats dont its
    cant wont lets theyre were weve ill hes shes""".split()
)


_PLURALS = (("ies", "y", 3), ("sses", "ss", 3), ("es", "", 4), ("s", "", 3))  # (suffix, replacement, stem kept)
_INFLECTIONS = (("ness", 4), ("ing", 3), ("edly", 3), ("ed", 3), ("ly", 4))  # (suffix, stem kept)


def _strip_plural(word: str) -> str:
    """``word`` without its first matching plural ending (``-ss``, ``-us``, ``-is`` are not plurals)."""
    for suffix, repl, keep in _PLURALS:
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            return word[: len(word) - len(suffix)] + repl
    return word


def _strip_inflection(word: str) -> str:
    """``word`` without its first matching ``-ness``/``-ing``/``-ed``/``-ly`` ending, a doubled consonant undone."""
    for suffix, keep in _INFLECTIONS:
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            word = word[: len(word) - len(suffix)]
            if suffix in ("ing", "ed") and len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # running -> runn -> run
            return word
    return word


def stem(word: str) -> str:
    """A light English suffix stemmer (plural, -ing, -ed, -ly, trailing -e); digits pass through.

    Not Porter: it only has to fold the forms people use for the same thing onto one token,
    identically for memories and queries.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    word = _strip_inflection(_strip_plural(word))
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _cjk_tokens(run: str, segmenter: Segmenter) -> list[str]:
    if segmenter == "jieba":
        import jieba

        return [t for t in jieba.cut_for_search(run) if t.strip()]
    if len(run) == 1:
        return [] if run in CJK_STOP_CHARS else [run]
    grams = (run[i : i + 2] for i in range(len(run) - 1))
    return [g for g in grams if g[0] not in CJK_STOP_CHARS and g[1] not in CJK_STOP_CHARS]


def cjk_share(text: str) -> float:
    """Share of CJK characters among the letters and CJK characters of ``text`` (0 for none)."""
    cjk = sum(1 for c in text if "\u3040" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff")
    latin = sum(1 for c in text if c.isascii() and c.isalpha())
    return cjk / (cjk + latin) if cjk + latin else 0.0


def lexical_tokens(text: str, segmenter: Segmenter = "bigram") -> list[str]:
    """The index tokens of ``text``, in order, repeats kept (term frequency matters).

    Args:
        text: Any mix of English and Chinese.
        segmenter: ``"bigram"`` (default, measured best) or ``"jieba"`` (search mode).

    Returns:
        Tokens such as ``["caroline", "paint", "sunris"]`` or ``["元旦", "旦晚", "晚会"]``.
    """
    norm = unicodedata.normalize("NFKC", text).casefold().replace("'", "").replace("\u2019", "")
    out: list[str] = []
    for match in _WORD.finditer(norm):
        piece = match.group(0)
        if piece[0] >= _CJK_START:
            out.extend(_cjk_tokens(piece, segmenter))
        elif piece not in STOPWORDS:
            out.append(stem(piece)[:_MAX_TOKEN])
    return out


def query_terms(text: str, segmenter: Segmenter = "bigram") -> list[str]:
    """The distinct tokens of a query, in first-seen order."""
    return list(dict.fromkeys(lexical_tokens(text, segmenter)))


def _quote(token: str) -> str:
    return "'" + token.replace("\\", "\\\\").replace("'", "''") + "'"


def tsvector_literal(tokens: Sequence[str]) -> str:
    """A ``tsvector`` literal with positions (so term frequency survives), e.g. ``'a':1,3 'b':2``."""
    positions: dict[str, list[int]] = {}
    for index, token in enumerate(tokens, start=1):
        spots = positions.setdefault(token, [])
        if len(spots) < _MAX_POSITIONS_PER_TOKEN:
            spots.append(min(index, _MAX_POSITION))
    return " ".join(f"{_quote(t)}:{','.join(map(str, p))}" for t, p in positions.items())


def tsquery_literal(terms: Sequence[str]) -> str:
    """A ``tsquery`` literal matching any of ``terms`` (``''`` for none)."""
    return " | ".join(_quote(t) for t in dict.fromkeys(terms))
