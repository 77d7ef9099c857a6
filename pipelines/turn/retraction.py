"""Retraction in the chat turn: "forget what I said about my dog" archives those notes.

Same semantics as ``/forget ID`` (archived with a reason, kept for audit, never recalled),
for the user's own words only: the request is never stored as a memory; ambiguous ones ask
(the label lists the candidates with their ids); "forget everything" archives nothing and
points to ``erase`` and its confirmation. Matching is :mod:`pipelines.extract.retract`.
"""
from __future__ import annotations

import re
from dataclasses import replace

from loguru import logger

from core.labels import ExtractLabel, RecalledNote, RetractionLabel
from memory.types import MemoryItem
from pipelines.extract.retract import Retraction, asking_clause, combine, read_retraction
from pipelines.extract.retract_head import head_text, read_intent
from pipelines.extract.retract_keep import keep_whole
from pipelines.extract.retract_match import Match, Note, by_meaning, match, sharing, terms
from pipelines.extract.retract_part import rest_of
from pipelines.extract.retract_veto import dismissal_beside
from pipelines.turn.services import MemoryServices
from pipelines.turn.state import TurnContext

#: Active memories the matcher looks at (a user's whole memory in normal use).
SCAN = 200


def _turn_meant(ctx: TurnContext, items: list[MemoryItem], back: int) -> tuple[str, str] | None:
    """The session and turn id of the user's message ``back`` messages ago ("that", "scratch that": 1; "the first
    one" of the last two: 2). "The first thing" at the start of a new session counts in the last session the
    user's notes come from (newest first); a bare "that" there names no turn."""
    index = len(ctx.previous) - 2 * back
    if index >= 0:
        return ctx.session_id, f"{ctx.session_id}:{index}"
    earlier = [i for i in items if i.source_session and i.source_session != ctx.session_id]
    if ctx.previous or back < 2 or not earlier:
        return None
    session = earlier[0].source_session or ""
    turns = sorted({i.source_turn for i in earlier if i.source_session == session and i.source_turn},
                   key=lambda t: int(t.rsplit(":", 1)[-1]) if t.rsplit(":", 1)[-1].isdigit() else -1, reverse=True)
    return (session, turns[back - 1]) if len(turns) >= back else None


async def _notes(svc: MemoryServices, ctx: TurnContext, request: Retraction) -> list[Note]:
    """The user's active notes: ``recent`` marks those of the turn "that" means, ``similarity`` is the nearer in
    meaning of the clause making the request and of its topic words (the whole message would bring near the notes
    its other clauses name: "keep that I'm married to Dana, but forget the IVF stuff")."""
    items = await svc.writer.active(ctx.user_id, SCAN)
    meant = _turn_meant(ctx, items, 2 if request.scope == "first" else 1)
    sims: dict[int, float] = {}
    if request.scope != "all":
        sims = await svc.writer.nearest(ctx.user_id, asking_clause(ctx.text))
        if request.topic:
            for key, value in (await svc.writer.nearest(ctx.user_id, request.topic)).items():
                sims[key] = max(value, sims.get(key, 0.0))
    return [Note(i.id, i.content, sims.get(i.id, 0.0), meant == (i.source_session, i.source_turn)) for i in items]


async def read_request(svc: MemoryServices, text: str, recent: list[str] | None = None) -> Retraction | None:
    """The retraction ``text`` asks for (the head's reading with the rules'), or ``None``."""
    rule = read_retraction(text, recent or [])
    try:
        reading = await read_intent(svc.writer.embeddings, text if rule is None else head_text(text))
    except Exception as exc:  # noqa: BLE001 - the embedder failed: the rules alone
        logger.warning("retraction head unavailable, the rules read the message: {}", type(exc).__name__)
        reading = None
    return combine(text, rule, reading.probs if reading else None, recent or [])


async def asks_to_forget_all(svc: MemoryServices, text: str) -> bool:
    """``text`` asks to forget everything about the user (answered by pointing to ``erase``)."""
    request = await read_request(svc, text) if text.strip() else None
    return request is not None and request.scope == "all"


async def _history(svc: MemoryServices, ctx: TurnContext, request: Retraction, notes: list[Note]) -> list[Note]:
    """Superseded notes sharing the topic's words when no active note does (「车贷的事别记了」 after 「车是贷款买的」
    was superseded by 「开的是途观」): the words name an older statement, which goes alone — archiving the note
    that superseded it would take it and its history both."""
    if request.scope != "topic" or sharing(request, notes):
        return []
    old = [Note(i.id, i.content) for i in await svc.writer.superseded(ctx.user_id, SCAN)]
    return sharing(request, old)


def _choose(request: Retraction, notes: list[Note]) -> Match:
    """"That" is the last turn's notes; with none there (a new session: "that thing I told you about X"), the
    topic; a topic that matches nothing clearly is asked about."""
    if request.scope in ("last", "first"):
        found = match(request, notes)
        if found.forget:
            return found
        if request.topic:
            return match(replace(request, scope="topic"), notes)
        nearest = by_meaning(notes)  # no topic words: meaning alone never decides, the user chooses
        return Match(ask=nearest.forget + nearest.ask)
    return match(request, notes)


_PRONOUNS = {"她": "female", "他": "male", "her": "female", "she": "female", "him": "male", "he": "male"}
_PEOPLE = {"female": ("女朋友", "女友", "老婆", "妻子", "太太", "妈", "女儿", "闺女", "姐", "妹", "wife", "girlfriend", "mom",
                      "mother", "daughter", "sister"),
           "male": ("男朋友", "男友", "老公", "丈夫", "爸", "儿子", "哥", "弟", "husband", "boyfriend", "dad", "father", "son",
                    "brother", "ex")}


def _person(request: Retraction, items: list[Note]) -> Retraction:
    """ "关于她的都删了" in a later session: she is the person the user's notes name (newest first)."""
    gender = _PRONOUNS.get(request.topic.strip().casefold())
    if gender is None:
        return request
    for note in items:
        word = next((w for w in _PEOPLE[gender] if w in note.content.casefold()), None)
        if word:
            return replace(request, scope="topic", topic=word)
    return request


#: The rest of a dismissal that is about the thing just said ("nah forget it, not true", "forget it, just kidding").
_BACK = re.compile(r"^\W*(?:not|that|it|this|was|just|kidding|jk|joking|a joke|no need|don'?t|do not|never)\b|"
                   r"^\W*(?:不是|开玩笑|那|这|别|不要|不用|没有)", re.I)


def dismissal_of_other(request: Retraction, notes: list[Note]) -> bool:
    """A bare "forget it" / 「算了」 said beside a statement that neither points back nor shares a word with the last
    turn's notes ("oh forget it, the shop is closed anyway"): the user gives up on something, nothing is retracted."""
    beside = dismissal_beside(request.said)
    if not beside or request.scope not in ("last", "first") or request.topic:
        return False
    if _BACK.search(beside) or read_retraction(beside) is not None:
        return False
    said = terms(beside)
    return not any(said & terms(n.content) for n in notes if n.recent)


async def retract(svc: MemoryServices, ctx: TurnContext) -> ExtractLabel | None:
    """Carry out a retraction in this turn's message; ``None`` when the message is not one."""
    recent = [t.content for t in ctx.previous if t.role == "user"][-3:]
    request = await read_request(svc, ctx.text, recent)
    if request is None:
        return None
    notes = await _notes(svc, ctx, request)
    if dismissal_of_other(request, notes):
        return None
    request = _person(request, notes)
    history = await _history(svc, ctx, request, notes)
    chosen = match(request, history) if history else _choose(request, notes)
    rests = {n.id: rest for n in chosen.forget if not history and (rest := rest_of(request, n.content)) is not None}
    found = keep_whole(request, Match(forget=tuple(n for n in chosen.forget if n.id not in rests), ask=chosen.ask), notes)
    reason = f"retracted by the user in the chat: {ctx.text[:200]}"
    forgotten: list[RecalledNote] = []
    kept: list[RecalledNote] = []
    for note in found.forget:
        await svc.writer.forget(ctx.user_id, note.id, reason)
        forgotten.append(RecalledNote(memory_id=note.id, content=note.content))
    for note in chosen.forget:
        if note.id in rests:  # partly retracted: the rest is written anew, the whole note archived
            new_id = await svc.writer.rewrite(ctx.user_id, note.id, rests[note.id], "partly " + reason)
            forgotten.append(RecalledNote(memory_id=note.id, content=note.content))
            kept.append(RecalledNote(memory_id=new_id, content=rests[note.id]))
    label = RetractionLabel(scope=request.scope, forgotten=forgotten, kept=kept,
                            candidates=[RecalledNote(memory_id=n.id, content=n.content) for n in found.ask])
    return ExtractLabel(fired=False, reasons=["retraction"], retraction=label)
