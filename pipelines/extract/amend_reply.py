"""One-value replies ("呃，外科", 「南通，南通」, "ugh, right-handed") and the word of the note just written they fix.
"""
from __future__ import annotations

import re

from pipelines.extract.amend_cues import OWN_STATEMENT
from pipelines.extract.amend_words import GRAMMAR_CHARS, closest

_INTERJECTION = re.compile(r"^(?:呃|嗯|啊|哦|额|唉|诶|哎|噢|ugh|um+|uh+|er+|oh|hmm+|oops|wait|no)$", re.I)


def short_reply(text: str) -> bool:
    """A reply of one value, maybe repeated or after an interjection ("呃，外科", 「南通，南通」, "七月，七月初",
    "ugh, right-handed"): what a speaker says to fix the word just said. Never a question or a statement of
    the user's own."""
    if re.search(r"[?？]", text) or OWN_STATEMENT.search(text):
        return False
    parts = _reply_parts(text)
    if not parts or len(parts) > 3:
        return False
    distinct = _distinct(parts)
    return len(distinct) == 1 and len(next(iter(distinct))) <= (8 if re.search(r"[\u3400-\u9fff]", text) else 16)


def _reply_parts(text: str) -> list[str]:
    """The words of a short reply, interjections left out."""
    return [p for p in re.split(r"[\s,，。.!！…—–]+", text.strip()) if p and not _INTERJECTION.match(p)]


def _distinct(parts: list[str]) -> set[str]:
    """The parts that do not extend another part (「七月，七月初」 is one value)."""
    return {p for p in parts if not any(o != p and p.startswith(o) for o in parts)}


def reply_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a one-value reply: the note's word of the same length sharing a character (南京 → 南通,
    内科 → 外科) or a look-alike latin word (left-handed → right-handed)."""
    new = min(_reply_parts(text), key=len)
    if new in note:
        return None
    if re.search(r"[\u3400-\u9fff]", new):
        return _zh_reply_change(new, note)
    old = closest(new, note)
    return (old, new) if old else None


def _zh_reply_change(new: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a Chinese one-value reply: the note's only half-alike span of the same part of speech."""
    alike = _half_alike(new, note)
    if len(alike) != 1:
        return None
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    kind = {flag[:1] for w, flag in _zh_tokens(new)}  # a place for a place, a noun for a noun (晚上 ≠ 晚安)
    holder = [flag[:1] for w, flag in _zh_tokens(note) if alike[0] in w or w in alike[0]]
    return (alike[0], new) if len(kind) == 1 and holder and holder[0] in kind else None


def _half_alike(new: str, note: str) -> list[str]:
    """The note's Chinese spans as long as ``new`` sharing at least half its characters in place (no grammar)."""
    windows = {note[i:i + len(new)] for i in range(len(note) - len(new) + 1)}
    return [w for w in windows if re.fullmatch(r"[\u3400-\u9fff]+", w) and not set(w) & GRAMMAR_CHARS
            and 2 * sum(a == b for a, b in zip(w, new)) >= len(new) and w != new]
