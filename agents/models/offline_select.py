"""Which recalled notes the offline answer quotes, and in what order: pure functions over the block's notes.

Three readings decide it, none of them per phrase of any data set:

* **relevance** (``offline_reading.relevance``): a note sharing a topic or a term with the
  question bears on it; ties keep recall's order;
* **the user's own name is "me"**: a question that names the user ("Where does Keiko sell her
  ceramics now?", 「老郭的孙女在学什么？」) asks about *them*, not about the note that says
  who they are ("User is Keiko, …", 「用户是退休的老郭，…」). The names come from the
  block's own identity notes and are read in the question as "me" / 「我」;
* **the newer note first**: of two notes on one subject (they share content terms) the newer
  one is quoted before the older, and is brought in beside an older one that was quoted
  without it; the older one stays, after it, as history (and is brought in after a newer
  one that was quoted without it, while there is room).
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from agents.models.offline_reading import Kind, message_kind, relevance, topics
from pipelines.extract.note_terms import shared_terms

__all__ = [
    "MAX_QUOTED_NOTES",
    "asks_about_me",
    "newer_first",
    "notes_to_quote",
    "rank_notes",
    "read_as_user",
    "same_subject",
    "user_names",
]

MAX_QUOTED_NOTES = 3
MAX_ABOUT_ME_NOTES = 6
MAX_WITH_NEWER = MAX_QUOTED_NOTES + 1
"""Quoted notes at most once newer notes of their subjects joined them."""
STRONG_MATCH = 2
"""A note sharing a specific topic with the question (or two terms) clearly bears on it."""
SAME_SUBJECT_TERMS = 2
"""Content terms two notes share to be about one subject (one with a shared specific topic)."""

_ABOUT_ME = re.compile(
    r"\b(?:what|anything)\b.*\b(?:know|remember|recall)\b.*\babout me\b|\bwho am i\b"
    r"|\bwhat do you (?:know|remember)\b"
    r"|(?:你|您)?(?:知道|记得|了解)(?:我|关于我)(?:的)?(?:什么|哪些|些什么)|关于我.*(?:知道|记得)|我是谁",
    re.I,
)

_LATIN_NAME = r"[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?"
#: Where an identity note names the user: "User is Keiko, …", "User's name is Hannah.", "Richard here, …",
#: 「用户是退休的老郭」, 「用户叫阿强」, 「用户是 Vivian，…」. A bare Chinese word after 是 is a name only as
#: 老X / 小X / 阿X (「用户是程序员」 names a job); after 叫 any short word is one.
_NAMED = re.compile(
    rf"^User(?:'s name)? is (?:called |named )?(?P<en>{_LATIN_NAME})(?=[,.;]|\s+(?:and|from|in)\b|$)"
    rf"|^User said: \"(?i:(?:hi+|hey|hello)[,!]? )?(?i:i'm |i am |this is |it's |my name is )?(?P<here>{_LATIN_NAME})"
    rf"(?: here\b|[,.])"
    rf"|^用户(?:是|叫|名叫|的名字是|的名字叫)\s*(?:[^，。,\s]{{1,6}}的)?(?P<zh>[老小阿][\u4e00-\u9fff]|{_LATIN_NAME})"
    rf"(?=[\s，。,；;]|$)"
    r"|^用户(?:叫|名叫|的名字是|的名字叫)(?P<called>[\u4e00-\u9fff]{2,3})(?=[，。,；;]|$)"
)
#: Capitalised words an identity note's "User is …" holds that are no name: nationalities and the like.
_NOT_NAMES = frozenset("""American British English Chinese French German Irish Italian Japanese Korean Spanish
    Scottish Welsh Canadian Australian Indian Mexican Brazilian Dutch Russian Polish Catholic Muslim Jewish
    Christian Buddhist Hindu Vegan Vegetarian Married Single Retired Left Right""".split())


def asks_about_me(request: str) -> bool:
    """Whether the user asks what is known about them in general ("what do you know about me?")."""
    return bool(_ABOUT_ME.search(request))


def user_names(notes: list[dict[str, Any]]) -> frozenset[str]:
    """The user's own names as the block's identity notes give them ("User is Keiko, …" → ``Keiko``)."""
    names = set()
    for note in notes:
        match = _NAMED.search(str(note.get("content", "")).strip())
        if match is None:
            continue
        name = next(g for g in match.groups() if g)
        if name not in _NOT_NAMES:
            names.add(name)
    return frozenset(names)


def read_as_user(request: str, names: frozenset[str]) -> str:
    """``request`` with the user's own names read as the user: "Keiko's" → "my", "Keiko" → "me", 「老郭」 → 「我」."""
    for name in sorted(names, key=len, reverse=True):
        if re.fullmatch(_LATIN_NAME, name):
            request = re.sub(rf"\b{re.escape(name)}(?:'s|’s)", "my", request)
            request = re.sub(rf"\b{re.escape(name)}\b", "me", request)
        else:
            request = request.replace(name, "我")
    return request


def _timestamp(note: dict[str, Any]) -> float:
    """Seconds since the epoch of a note's ``time``; notes without a readable time sort last."""
    try:
        moment = datetime.fromisoformat(str(note.get("time", "")))
    except ValueError:
        return float("-inf")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def _newer(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """``a`` was stored after ``b`` (by time, then by id: one session's notes may share a minute)."""
    ta, tb = _timestamp(a), _timestamp(b)
    if ta != tb:
        return ta > tb
    ia, ib = a.get("id"), b.get("id")
    return isinstance(ia, int) and isinstance(ib, int) and ia > ib


def rank_notes(request: str, notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The notes that clearly bear on ``request``, best first; ``[]`` when none does.

    A note bears on the request when they share an everyday topic (in either language:
    "job" meets "工作") or a term; the user's own name in the request means the user
    (:func:`read_as_user`). Ties keep the block's order, which is recall's ranking.
    A general question about the user ("what do you know about me?", "你记得我什么？")
    gets every recalled note, newest first: recall already chose them for this user.
    """
    request = read_as_user(request, user_names(notes))
    if asks_about_me(request):
        return sorted(notes, key=_timestamp, reverse=True)
    scored = [(relevance(request, str(n.get("content", ""))), i, n) for i, n in enumerate(notes)]
    matched = [(score, i, n) for score, i, n in scored if score > 0]
    matched.sort(key=lambda item: (-item[0], item[1]))
    return [n for _, _, n in matched]


def same_subject(a: str, b: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether two notes are about one subject: they share :data:`SAME_SUBJECT_TERMS` content terms
    (``pipelines.extract.note_terms``), or one term and a specific everyday topic (the user's own names are no
    shared content)."""
    drop = {n.lower() for n in names}
    shared = shared_terms(a, b) - drop
    if len(shared) >= SAME_SUBJECT_TERMS:
        return True
    return bool(shared) and bool((topics(a) & topics(b)) - {"likes", "name"})


def newer_first(quoted: list[dict[str, Any]], notes: list[dict[str, Any]], limit: int = MAX_WITH_NEWER
                ) -> list[dict[str, Any]]:
    """``quoted`` with each note preceded by the newer notes of ``notes`` on its subject (newest first) and
    followed by the older ones, as history.

    At most ``limit`` notes are kept; history goes first when there are more.
    """
    names = user_names(notes)
    placed: list[tuple[dict[str, Any], bool]] = []

    def unplaced(n: dict[str, Any]) -> bool:
        return all(n is not p for p, _ in placed)

    for note in quoted:
        if not unplaced(note):
            continue  # brought in before an older note of its subject
        text = str(note.get("content", ""))
        same = [n for n in notes if n is not note and unplaced(n) and same_subject(str(n.get("content", "")), text, names)]
        same.sort(key=lambda n: (_timestamp(n), n.get("id") or 0), reverse=True)
        placed += [(n, False) for n in same if _newer(n, note)]
        placed.append((note, False))
        placed += [(n, True) for n in same if not _newer(n, note) and all(n is not q for q in quoted)]
    while len(placed) > limit and any(history for _, history in placed):
        last = max(i for i, (_, history) in enumerate(placed) if history)
        del placed[last]
    return [n for n, _ in placed[:limit]]


def notes_to_quote(request: str, notes: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Which notes to quote and how to frame them: ``"about_me"``, ``"related"`` or ``"closest"``.

    Every injected note was chosen by recall, so when notes are present some are always
    quoted: the ones that bear on the question, with recall's top note added when the
    best match is weak (one shared word, no shared topic) and missed it; and recall's top
    notes when nothing matches (a topic the bilingual table lacks). A related note comes
    after the newer notes on its subject (:func:`newer_first`).
    """
    as_user = read_as_user(request, user_names(notes))
    if asks_about_me(as_user):
        return "about_me", sorted(notes, key=_timestamp, reverse=True)[:MAX_ABOUT_ME_NOTES]
    related = rank_notes(request, notes)[:MAX_QUOTED_NOTES]
    if not related:
        return "closest", notes[:MAX_QUOTED_NOTES]
    top = notes[0]
    weak = relevance(as_user, str(related[0].get("content", ""))) < STRONG_MATCH
    if weak and all(n is not top for n in related):
        related = related[: MAX_QUOTED_NOTES - 1] + [top]
    return "related", newer_first(related, notes)


MAX_SAID = 2
"""How many of the conversation's earlier statements an answer quotes when no note reached it."""


def said_earlier(request: str, earlier: list[str]) -> list[str]:
    """The user's earlier statements of this conversation that bear on ``request``, best first.

    Used when no note reached the prompt (long-term memory off, or nothing stored yet): the
    conversation itself is what the assistant remembers. Questions are not statements.

    Args:
        request: The user's current message.
        earlier: The user's earlier messages of the conversation, oldest first.
    """
    statements = [{"content": t} for t in reversed(earlier) if t and message_kind(t) is not Kind.QUESTION]
    return [str(n["content"]) for n in rank_notes(request, statements)[:MAX_SAID]]
