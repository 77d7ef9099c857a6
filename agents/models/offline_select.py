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


def rank_notes(request: str, notes: list[dict[str, Any]], leans_on: str = "") -> list[dict[str, Any]]:
    """The notes that clearly bear on ``request``, best first; ``[]`` when none does.

    A note bears on the request when they share an everyday topic (in either language:
    "job" meets "工作") or a term; the user's own name in the request means the user
    (:func:`read_as_user`). Ties keep the block's order, which is recall's ranking.
    A general question about the user ("what do you know about me?", "你记得我什么？")
    gets every recalled note, newest first: recall already chose them for this user.

    ``leans_on`` is what an elliptic request leans on (the earlier turns recall read it with): notes
    bearing on the request itself come first, then those bearing on it read with those turns.
    """
    names = user_names(notes)
    request = read_as_user(request, names)
    if asks_about_me(request):
        return sorted(notes, key=_timestamp, reverse=True)
    with_earlier = read_as_user(f"{leans_on}\n{request}", names) if leans_on else ""
    scored = [(relevance(request, c), relevance(with_earlier, c) if leans_on else 0, i, n)
              for i, n in enumerate(notes) for c in [str(n.get("content", ""))]]
    matched = [item for item in scored if item[0] > 0 or item[1] > 0]
    matched.sort(key=lambda item: (-item[0], -item[1], item[2]))
    return [n for *_, n in matched]


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


def notes_to_quote(request: str, notes: list[dict[str, Any]], leans_on: str = "") -> tuple[str, list[dict[str, Any]]]:
    """Which notes to quote and how to frame them: ``"about_me"``, ``"related"`` or ``"closest"``.

    Every injected note was chosen by recall, so when notes are present some are always
    quoted: the ones that bear on the question, with recall's top note added when the
    best match is weak (one shared word, no shared topic) and missed it; and recall's top
    notes when nothing matches (a topic the bilingual table lacks). A related note comes
    after the newer notes on its subject (:func:`newer_first`). An elliptic question is read with the turns it
    leans on (``leans_on``, see :func:`rank_notes`); its subject is then a guess ("the other one?" after "which offer
    did I get?"), so recall's next notes fill the room the matches leave.
    """
    as_user = read_as_user(request, user_names(notes))
    if asks_about_me(as_user):
        return "about_me", sorted(notes, key=_timestamp, reverse=True)[:MAX_ABOUT_ME_NOTES]
    related = rank_notes(request, notes, leans_on)[:MAX_QUOTED_NOTES]
    if not related:
        return "closest", notes[:MAX_QUOTED_NOTES]
    top = notes[0]
    weak = relevance(as_user, str(related[0].get("content", ""))) < STRONG_MATCH
    if weak and all(n is not top for n in related):
        related = related[: MAX_QUOTED_NOTES - 1] + [top]
    if leans_on:
        related += [n for n in notes if all(n is not r for r in related)][: MAX_QUOTED_NOTES - len(related)]
    return "related", newer_first(related, notes)


MAX_SAID = 2
"""How many of the conversation's earlier statements an answer quotes when no note reached it."""


#: Where a user's own message gives their name: "Hi, I'm Hannah.", "Richard here" is not read (a name after a greeting
#: only), 「我是退休的老郭」, 「我是 Chloe」.
_SELF_INTRO = re.compile(
    rf"(?:^|[,.!，。！\s])(?i:i'm|i am|my name is|call me)\s+(?P<en>{_LATIN_NAME})\b"
    rf"|(?:^|[，,。！!\s])我(?:是|叫)(?:[^，。,\s]{{1,6}}的)?(?P<zh>[老小阿][\u4e00-\u9fff])"
    rf"|(?:^|[，,。！!\s])我(?:是|叫)\s*(?P<lat>{_LATIN_NAME})\b"
)


def said_names(statements: list[str]) -> frozenset[str]:
    """The user's own names as their messages give them ("Hi, I'm Hannah" → ``Hannah``, 「我是退休的老郭」 → 老郭)."""
    names = {next(g for g in m.groups() if g) for t in statements for m in _SELF_INTRO.finditer(t)}
    return frozenset(n for n in names if n not in _NOT_NAMES)


def said_earlier(request: str, earlier: list[str]) -> list[str]:
    """The user's earlier statements of this conversation that bear on ``request``, best first.

    Used when no note reached the prompt (long-term memory off, or nothing stored yet): the
    conversation itself is what the assistant remembers. Questions are not statements. As with
    notes, the user's own name in the request means the user ("Who is Hannah's Dutch teacher?"
    quoted "Hi, I'm Hannah…"), and a later statement on the subject of a quoted one comes
    before it ("change of plans, Bali's out. we're doing Japan" before "thinking Bali in May").

    Args:
        request: The user's current message.
        earlier: The user's earlier messages of the conversation, oldest first.
    """
    said = [t for t in earlier if t and message_kind(t) is not Kind.QUESTION]
    statements = [{"content": t, "id": i} for i, t in enumerate(said)][::-1]
    asked = read_as_user(request, said_names(said))
    quoted = newer_first(rank_notes(asked, statements)[:MAX_SAID], statements, limit=MAX_SAID + 1)
    return [str(n["content"]) for n in quoted]
