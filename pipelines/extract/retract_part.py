"""Partial retractions: a note that holds the part to forget and other parts is rewritten, not archived whole.

「用户工资税后两万，住在苏州园区。」 with 「工资那个别记了」: the salary part goes, 「用户住在苏州园区。」 stays. A part is
*named* by the request when it shares a term of the topic (or of the quoted words) or states the kind of thing
the topic names (「学校」 names 「在某中学读高一」); a part the request says to keep ("keep the Stanford part",
「名字可以留着」) is never dropped. :func:`rest_of` is the note without the named parts, or ``None`` when the
request names no part (matched by meaning: the whole note goes) or every part.
"""
from __future__ import annotations

import re

from pipelines.extract.retract import Retraction
from pipelines.extract.retract_keep import keep_terms
from pipelines.extract.retract_match import CONCEPTS, terms
from pipelines.extract.slots import holder, profile, topic_kinds

_ZH = re.compile(r"[\u3400-\u9fff]")
#: A part that opens with its own subject ("User …", "their GMAT …", 「用户…」「他…」).
_SUBJECT = re.compile(r"^(?:user\b|users?'s?\b|they\b|their\b|he\b|she\b|his\b|her\b|用户|他|她)", re.I)
#: ... with the user as that subject (in a note, "they"/"their" is the user).
_USER = re.compile(r"^(?:user\b|users?'s?\b|they\b|their\b|用户)", re.I)
#: A part that goes on about the one before it ("it still aches", 「这事…」).
_GOES_ON = re.compile(r"^(?:it|it's|that|this|which|there|so|also|too|he|she|he's|she's|his|her)\b|^(?:它|这|那|其|也|他|她)",
                      re.I)
#: A part naming a person only by a pronoun: the person of the part before ("see her every Tuesday").
#: Not a possessive ("his wife", 「他老婆」: in a note of the user, most often the user's own).
_POINTS_BACK = re.compile(r"\b(?:he|she|him)\b|\bher\b(?=\s*(?:$|[,.;]|every|on|at|in|to|for|and|but|when|because|"
                          r"since|last|next|once|twice|weekly|daily|again))|[他她](?![们的])(?!老婆|老公|妈|爸|哥|姐|弟|妹|儿|女|家)",
                          re.I)
#: Kinds too wide to name a part by (every note about a person is "family").
_WIDE = frozenset({"pref", "schedule", "family"})


def parts(content: str) -> tuple[list[str], bool]:
    """The note's sentences when it has several (``True``), else its clauses (``False``)."""
    body = content.strip()
    sentences = [s.strip() for s in re.split(r"(?<=[。！？!?])|(?<=\.)\s+", body) if s.strip()]
    if len(sentences) > 1:
        return sentences, True
    return [c for c in re.split(r"\s*[,，;；]\s*|\s+and\s+", body.rstrip("。.!！")) if c.strip()], False


def _kinds(part: str) -> frozenset[str]:
    return profile("用户" + part if _ZH.match(part) else part).slots | (terms(part) & CONCEPTS)


def _named(part: str, wanted: set[str], kinds: frozenset[str], quoted: str) -> frozenset[str]:
    """What of the request ``part`` names: the topic's terms it holds and the kinds of thing it states that the topic
    names (empty: not named); a part holding the quoted words names all of the quote."""
    if quoted and (quoted.casefold() in part.casefold() or terms(quoted) & terms(part)):
        return frozenset({"“quote”"})
    return frozenset(wanted & terms(part)) | frozenset(f"kind:{k}" for k in kinds & _kinds(part))


def _most_named(facts: list[list[str]], wanted: set[str], kinds: frozenset[str], quoted: str) -> list[bool]:
    """The facts the request names: each naming some of it, but for one naming only part of what another names
    (「Leo过敏那个」 names "Leo has a peanut allergy" by the name and the kind, "User's kids are Leo (8)" by the
    name alone: only the first goes; 「工资和住址」 names the salary and the address part, each by its own)."""
    shared = [frozenset().union(*(_named(p, wanted, kinds, quoted) for p in g)) for g in facts]
    return [bool(mine) and not any(mine < other for other in shared) for mine in shared]


def _continues(part: str, before: str, sentences: bool) -> bool:
    """``part`` says more of the fact before it: it points back ("it still aches", "he's a tyrant"), or — a clause
    without the user as its subject — names a person by a pronoun only ("see her every Tuesday"), or states no kind
    of thing the one before does not ("…the pills, sertraline"; 「…前男友叫X，分手半年了」), so it is one fact with it."""
    if _GOES_ON.match(part):
        return True
    if sentences or _USER.match(part):
        return False
    if _POINTS_BACK.search(part):
        return True  # "…has a therapist, see her every Tuesday", 「…前任叫Kevin，分手是因为他劈腿」: the same person
    own = _kinds(part)
    return not own or own <= _kinds(before)


def groups(split: list[str], sentences: bool) -> list[list[str]]:
    """The parts as facts: each part with the ones that say more of it."""
    found: list[list[str]] = []
    for i, part in enumerate(split):
        if i and _continues(part, split[i - 1], sentences):
            found[-1].append(part)
        else:
            found.append([part])
    return found


def _with_subject(part: str, zh: bool) -> str:
    """A part that lost its subject to a dropped one gets the user as subject (only the user's notes are split)."""
    if _SUBJECT.match(part):
        return part
    return "用户" + part if zh else "User " + part


def _join(kept: list[str], zh: bool, sentences: bool) -> str:
    if sentences:
        return ("" if zh else " ").join(kept)
    text = ("，" if zh else ", ").join(kept)
    return text + ("。" if zh else ".")


def rest_of(request: Retraction, content: str) -> str | None:
    """``content`` without the parts ``request`` names (see the module docstring)."""
    if request.scope != "topic":
        return None
    split, sentences = parts(content)
    if len(split) < 2:
        return None
    wanted = terms(request.topic)
    kinds = topic_kinds(request.topic) - _WIDE
    keep = keep_terms(request.said)
    facts = groups(split, sentences)
    named = [n and not any(keep & terms(p) for p in g) for g, n in zip(facts, _most_named(facts, wanted, kinds,
                                                                                       request.quoted))]
    for i, group in enumerate(facts):  # a part kept is said to be kept, a sentence of the user's, or of a kind of its own:
        own = sentences and bool(_USER.match(group[0])) or any(_kinds(p) for p in group)
        if not named[i] and not any(keep & terms(p) for p in group) and not own:
            named[i] = True  # 「…在吃某药，抑郁症两年了」: an unknown drug's name is no other fact, it goes too
    if not any(named) or all(named):
        return None
    zh = bool(_ZH.search(content))
    if named[0] and holder(content) != "user":
        return None  # the dropped first part named another person: whose the rest is cannot be said
    kept = [p for g, n in zip(facts, named) if not n for p in g]
    if named[0]:
        kept[0] = _with_subject(kept[0], zh)
    rest = _join(kept, zh, sentences)
    return rest[0].upper() + rest[1:] if rest and not zh else rest
