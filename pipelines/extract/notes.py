"""Small helpers shared by the English and Chinese rule tables: building candidates, pronouns."""
from __future__ import annotations

import re

from memory.types import MemoryType
from pipelines.extract.candidate import DEFAULT_IMPORTANCE, Candidate
from pipelines.extract.subject import canon_qualifier, canon_value
from pipelines.receive.pii import MASK_PATTERN

P, PREF, DEC = MemoryType.PROFILE, MemoryType.PREFERENCE, MemoryType.DECISION
FACT, EPI = MemoryType.FACT, MemoryType.EPISODE

#: A PII mask left by the receive stage, e.g. ``‹phone …5142›``; kept whole.
MASK = MASK_PATTERN


def make(mtype: MemoryType, content: str, slot: str | None = None, qualifier: str | None = None,
         value: str | None = None) -> Candidate:
    """A candidate with canonical qualifier and value."""
    content = re.sub(r"\s+([.,!])", r"\1", " ".join(content.split()))
    content = re.sub(r"\.\.$", ".", content)
    return Candidate(mtype, content, DEFAULT_IMPORTANCE[mtype], slot,
                     qualifier=canon_qualifier(qualifier) if slot else None,
                     value=canon_value(value) if slot and value is not None else None)


_PRONOUNS = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs",
             "our": "their", "ours": "theirs", "us": "them", "i": "they", "i'm": "they're", "i've": "they've",
             "i'll": "they'll", "i'd": "they'd", "we": "they", "we're": "they're"}


def swap(text: str) -> str:
    """First-person pronouns in ``text`` → third person ("my report" → "their report")."""
    return re.sub(r"\b(?:myself|my|mine|me|ours|our|us|I'm|I've|I'll|I'd|I|we're|we)\b",
                  lambda m: _PRONOUNS[m.group(0).lower()], text, flags=re.I)


_TAIL = re.compile(
    r"\s+(?:last|this|next|ago|recently|now|yesterday|today|since|because|but|so|with|for|already|about|"
    r"a few|a couple|anymore|any more|these days|nowadays|very much|a lot|either|too|though|"
    r"in \d{4}|in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|in (?:the )?(?:spring|summer|autumn|fall|winter)|"
    r"\d+ \w+ ago|\w+ (?:years?|months?|weeks?) ago)\b.*$", re.I)


def obj(value: str) -> str:
    """An object phrase without trailing time/degree words, pronouns in third person."""
    return swap(_TAIL.sub("", value).strip(" ,.!;:"))


def place(value: str) -> str:
    """A place phrase, title-cased when typed in lower case."""
    value = _TAIL.sub("", value).strip(" ,.!;:")
    value = re.sub(r"^(?:the city of|the)\s+", "", value, flags=re.I) if value.lower().startswith("the city") else value
    if re.fullmatch(MASK, value):
        return value
    return value.title() if value.islower() else value


def split_items(value: str) -> list[str]:
    """ "peanuts, shellfish and eggs" → the three items; one item when not a plain list."""
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|、|和|跟|与|及|以及|还有", value)]
    parts = [p for p in parts if p]
    if len(parts) > 1 and all(len(p.split()) <= 3 for p in parts):
        return parts
    return [value.strip()]


def zh_clean(value: str) -> str:
    """A Chinese phrase without trailing particles."""
    return re.sub(r"(?:了|啦|呢|啊|呀|哦|吧|的|哈)+$", "", value.strip(" ，,。.！!"))
