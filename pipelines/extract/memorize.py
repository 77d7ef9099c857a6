"""Extract-and-validate stage: decide, extract (model or rules), validate, write.

The model extracts when one is reachable; on any model or parse failure the rule-based
extractor takes over, so a turn worth remembering is never lost to a flaky model. When the
long-term store is down, the validated (already PII-masked) candidates go to the outbox and
are written by a later turn (see ``pipelines.extract.outbox``).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Literal

from loguru import logger

from core import telemetry
from core.labels import ExtractedLabel, ExtractLabel
from memory.types import MemoryType
from pipelines.extract import (
    Candidate,
    Rejection,
    ValidatedCandidate,
    extract_rules,
    extract_with_llm,
    judge,
    validate_candidates,
)
from pipelines.extract.about_user import turn_not_about_user
from pipelines.extract.amend import TRUE_MEASURE, amend, leading_value
from pipelines.extract.amend_cues import has_cue
from pipelines.extract.correction import is_correction
from pipelines.extract.amend_ellipsis import elide, elliptical_add
from pipelines.extract.candidate import DEFAULT_IMPORTANCE
from pipelines.extract.memorable import judge_for
from pipelines.extract.note_check import check_note
from pipelines.extract.outbox import Entry, Outbox
from pipelines.extract.pasted import is_pasted
from pipelines.extract.sentence_notes import question_lead
from pipelines.extract.statements import extract_statements
from pipelines.extract.transient import is_passing, is_reminder, without_aside
from pipelines.extract.trigger import TriggerDecision, is_question, split_sentences
from pipelines.extract.validate import true_notes
from pipelines.extract.writer import MemoryWriter, WriteContext
from pipelines.receive.pii import mask_pii

Complete = Callable[[str], Awaitable[str]]


@dataclass(frozen=True)
class Prepared:
    """What a turn yields for memory before anything is written."""

    label: ExtractLabel
    valid: list[ValidatedCandidate]
    rejected: list[Rejection]


@dataclass(frozen=True)
class Conversation:
    """What extraction sees of the session besides the message.

    Attributes:
        recent: The session's previous user messages, oldest first (they resolve he/she/it).
        notes: The user's memories a correction may rewrite, newest first, as ``(id, content)``.
        lasting: The memorable head's verdict on the message; ``None`` without a head.
        talk: The message is only talk with the assistant (``MemorableJudge.talk_only``): a greeting or thanks
            around words about the help.
    """

    recent: Sequence[str] = ()
    notes: Sequence[tuple[int, str]] = ()
    lasting: bool | None = None
    talk: bool = False


PASSING = "nothing to remember: a passing state of the moment (today, right now) or talk about the world, not about you"
NOTHING = "nothing to remember: no lasting statement about you or your people was found"
PASTED = "nothing to remember: pasted material (a config, a log, code, a blob) is what you want help with, not a fact about you"
TALK = "nothing to remember: a greeting, thanks or acknowledgement, about our conversation, not about you"
ACROSS = {
    "other_users_data": ("nothing to remember: this text asks for another person's data or account; recall never crosses "
                         "from one user to another, and a claim of standing over someone else is not stored"),
    "boundary": "nothing to remember: this text asks for privileges, keys or roles, which is never a fact about you",
}


def _offline(text: str, turn_index: int, decision: TriggerDecision, conv: Conversation, explicit: bool
             ) -> tuple[list[Candidate], str]:
    """Candidates without a model: a correction of a recent note, the statements, or the rules' cues.

    A message that only asks ("and my brother, is he coming after all?", 「那她呢？」) corrects and adds to no note:
    its words name what it asks about, not a new value (it had rewritten 「Rachel's mom is gluten-free」 with
    "brother").
    """
    correctable = conv.notes if conv.notes and not asks_only(text) else ()
    amendment = amend(text, correctable) if correctable else None
    if amendment is not None and check_note(amendment.content, text, replaced=dict(conv.notes)[amendment.memory_id]
                                            ).action == "accept":  # else no correction of that note: read on
        return [Candidate(MemoryType.FACT, amendment.content, DEFAULT_IMPORTANCE[MemoryType.FACT],
                          replaces_id=amendment.memory_id, changes=True)], "correction"
    addition = elide(text, correctable) if correctable else None
    if addition is not None:  # "周四也有", "my cousin too": the note just made, with the value the add-on names
        return [Candidate(MemoryType.FACT, addition, DEFAULT_IMPORTANCE[MemoryType.FACT], adds=True)], "add-on"
    if conv.lasting or (conv.lasting is None and decision.fire):
        cands = extract_statements(text, conv.recent)
        if is_correction(text):  # "murakami**", "I meant Thursday": a repair of what this conversation said
            cands = [replace(c, repairs=True) for c in cands]
        return cands, "memorable" if conv.lasting else "cue"
    if decision.fire or explicit:
        return extract_rules(text, turn_index), "cue"
    return [], ""


def asks_only(text: str) -> bool:
    """``text`` only asks: it ends on a question mark, every sentence is a question (``trigger.is_question``) and
    none opens on a statement (``sentence_notes.question_lead``: 「房东涨到5800了，你说我要不要搬？」 states the rent,
    "May 3rd" after a note on a date is no question)."""
    sentences = split_sentences(text)
    return (text.rstrip().endswith(("?", "？")) and bool(sentences)
            and all(is_question(s) and question_lead(s) is None for s in sentences))


async def prepare(
    text: str,
    turn_index: int,
    complete: Complete | None = None,
    existing: Sequence[tuple[int, str]] = (),
    explicit: bool = False,
    conv: Conversation = Conversation(),
    backup: bool = True,
) -> Prepared:
    """Trigger, extraction and validation of one user message (no store involved).

    Args:
        text: The user's message, already normalised and PII-masked at receive.
        turn_index: Position of the message in its session (early turns are introductions).
        complete: The model as ``prompt -> reply``; ``None`` extracts without a model.
        existing: The user's similar memories ``(id, content)``, shown to the model with small
            ids so it can say which one a new fact updates.
        explicit: The user asked to remember this (``remember``): extracted even without a
            cue, but only what extraction produced and validation accepted is kept — a text
            nothing can be extracted from stores nothing (the label says why).
        conv: The conversation around the message (recent turns, correctable notes, the head).
        backup: A model failure falls back to the rule-based extractor; ``False`` raises it
            (the turn's declared extract fallback has no ``extract_rules`` backup).
    """
    decision = judge(text, turn_index)
    across = turn_not_about_user(text)
    if across is not None:  # a request for someone else's data or for privileges: its claims are no notes
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) + [ACROSS[across]]), [], [])
    quiet = _quiet(text, decision, conv, explicit)
    if quiet is not None:
        return quiet
    cands = await _by_model(text, complete, existing, backup) if complete is not None and _fires(decision, conv, explicit) else None
    extractor: Literal["llm", "rules", "none"] = "llm" if cands is not None else "rules"
    reason = ""
    if cands is None:
        cands, reason = _offline(text, turn_index, decision, conv, explicit)
    if not cands:
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) + [NOTHING]), [], [])
    cands, untrue = true_notes(cands, text, conv.recent[-1] if conv.recent else "", conv.notes)
    valid, rejected = validate_candidates(cands, mask_pii)
    rejected = untrue + rejected
    label = ExtractLabel(fired=True, reasons=_reasons(decision, reason), extractor=extractor)
    return Prepared(label, valid, rejected)


def _reasons(decision: TriggerDecision, reason: str) -> list[str]:
    """The trigger's reasons and the extractor's; "no cue" ones dropped when something else fired extraction."""
    return [r for r in [*decision.reasons, reason] if r and (decision.fire or r not in ("no_cue", "long_statement"))]


def _fires(decision: TriggerDecision, conv: Conversation, explicit: bool) -> bool:
    """Extraction runs: a cue, the memorable head, or the user's request."""
    return decision.fire or bool(conv.lasting) or explicit


def _quiet(text: str, decision: TriggerDecision, conv: Conversation, explicit: bool) -> Prepared | None:
    """The label of a message nothing is extracted from before any extractor runs: a passing state, or no cue,
    no lasting verdict and no note a correction could rewrite."""
    # "sorry if I drop" closing a passing state is an apology, not the "sorry" of a correction
    if conv.talk and not explicit:
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) + [TALK]), [], [])
    if explicit and is_pasted(text):  # a log line or a trace sent to ``remember`` is still no statement about the user
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) + [PASTED]), [], [])
    if (not explicit and is_passing(text) and (not is_correction(without_aside(text)) or is_reminder(text))
            and not _moves_a_note(text, conv)):
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons) + [PASSING]), [], [])
    if not _fires(decision, conv, explicit) and not conv.notes:
        return Prepared(ExtractLabel(fired=False, reasons=list(decision.reasons)), [], [])
    return None


def _moves_a_note(text: str, conv: Conversation) -> bool:
    """A passing state that moves a value of a note ("ugh he's running late from work, let's say 8" after "dinner
    with Jake at 7:30"): the moment is passing, the moved value is not."""
    return bool(conv.notes) and not is_reminder(text) and amend(text, conv.notes) is not None


async def _by_model(text: str, complete: Complete, existing: Sequence[tuple[int, str]], backup: bool
                    ) -> list[Candidate] | None:
    """The model's candidates; None when the model failed and the rules take over (raised without ``backup``)."""
    try:
        return await extract_with_llm(text, complete, existing=existing)
    except Exception as exc:  # noqa: BLE001 - any model failure falls back to rules
        telemetry.record_fallback("extract", "model_error")
        if not backup:
            raise
        logger.warning("LLM extraction failed, extracting without the model: {}", exc)
        return None


def _rejected_labels(rejected: list[Rejection]) -> list[ExtractedLabel]:
    return [
        ExtractedLabel(
            memory_type=r.candidate.memory_type.value,
            content=mask_pii(r.candidate.content).text,
            importance=r.candidate.importance,
            action="rejected",
            reason=f"{r.reason}: {r.detail}" if r.detail else r.reason,
        )
        for r in rejected
    ]


async def memorize(
    text: str,
    turn_index: int,
    writer: MemoryWriter,
    ctx: WriteContext,
    complete: Complete | None = None,
    outbox: Outbox | None = None,
    explicit: bool = False,
    recent: Sequence[str] = (),
    backup: bool = True,
) -> ExtractLabel:
    """Remember what is worth remembering in one user message.

    ``recent`` are the session's previous user messages (oldest first): they resolve
    references ("she", 「它」) and, with the notes this session wrote, corrections and changes
    that do not repeat their subject ("make it Thursday", 「说错了，是周四」).

    Any failure of the store (a down server, a raw driver error) queues the validated,
    masked candidates in ``outbox``; they are written exactly once by a later replay
    (dedup by content hash). ``backup`` as for :func:`prepare`.

    Raises:
        Exception: the store failed and there is no outbox; the model failed and ``backup`` is off.
    """
    existing: list[tuple[int, str]] = []
    if complete is not None:
        try:
            existing = await writer.similar(ctx.user_id, text)
        except Exception as exc:  # noqa: BLE001 - the store is down: extract without them, queue below
            logger.warning("similar memories unavailable for the extraction prompt: {}", type(exc).__name__)
    conv = await _conversation(text, writer, ctx, recent)
    prepared = await prepare(text, turn_index, complete, existing, explicit, conv, backup)
    label = prepared.label
    if not label.fired:
        return label
    try:
        items = await writer.write(ctx, prepared.valid)
    except Exception as exc:  # noqa: BLE001 - any store or driver failure: queue, never lose
        if outbox is None:
            raise
        await outbox.append(to_entry(ctx, prepared.valid))
        logger.warning("long-term store unavailable, {} memories queued: {}: {}", len(prepared.valid),
                       type(exc).__name__, str(exc).splitlines()[0] if str(exc) else "")
        return label.model_copy(update={"queued": True, "items": _rejected_labels(prepared.rejected)})
    return label.model_copy(update={"items": items + _rejected_labels(prepared.rejected)})


async def _conversation(text: str, writer: MemoryWriter, ctx: WriteContext, recent: Sequence[str]) -> Conversation:
    """The head's verdict and the notes a correction may rewrite (a store that is down leaves them out)."""
    memorable = judge_for(writer.embeddings)
    lasting, talk = await memorable.lasting(text, recent), await memorable.talk_only(text)
    notes: list[tuple[int, str]] = []
    if has_cue(text) or len(text) <= 24 or elliptical_add(text) or leading_value(text) or TRUE_MEASURE.search(text):
        try:
            notes = await writer.session_notes(ctx.user_id, ctx.session_id) if recent else []
            # and the nearest notes: a later session, or this one's talk has moved on ("项目那边又出幺蛾子了" → "推到7月1号了")
            seen = {i for i, _ in notes}
            notes += [n for n in await writer.similar(ctx.user_id, text, limit=2) if n[0] not in seen]
        except Exception as exc:  # noqa: BLE001 - the store is down: extract without them, queue below
            logger.warning("recent memories unavailable for a correction: {}", type(exc).__name__)
    return Conversation(tuple(recent[-3:]), tuple(notes), lasting, talk)


def to_entry(ctx: WriteContext, valid: list[ValidatedCandidate]) -> Entry:
    """An outbox entry: where the memories came from and the validated candidates."""
    return {
        "user_id": ctx.user_id, "session_id": ctx.session_id, "trace_id": ctx.trace_id,
        "turn_id": ctx.turn_id, "created_at": (ctx.created_at or datetime.now(timezone.utc)).isoformat(),
        "candidates": [
            {"memory_type": v.candidate.memory_type.value, "content": v.candidate.content,
             "importance": v.candidate.importance, "slot": v.candidate.slot,
             "supersedes": v.candidate.supersedes, "qualifier": v.candidate.qualifier,
             "value": v.candidate.value, "replaces_id": v.candidate.replaces_id, "changes": v.candidate.changes,
             "adds": v.candidate.adds, "repairs": v.candidate.repairs, "masked_kinds": list(v.masked_kinds)}
            for v in valid
        ],
    }


def queued_candidates(entry: Entry) -> list[ValidatedCandidate]:
    """The validated candidates of an outbox entry, every field :func:`to_entry` wrote (an entry queued before a
    field existed reads it as its default)."""
    return [
        ValidatedCandidate(
            Candidate(MemoryType(c["memory_type"]), c["content"], float(c["importance"]), c.get("slot"),
                      c.get("supersedes"), c.get("qualifier"), c.get("value"), c.get("replaces_id"),
                      bool(c.get("changes", False)), bool(c.get("adds", False)), bool(c.get("repairs", False))),
            list(c.get("masked_kinds", [])),
        )
        for c in entry["candidates"]
    ]


async def replay(entry: Entry, writer: MemoryWriter) -> list[ExtractedLabel]:
    """Write one outbox entry (raises ``StoreUnavailableError`` while the store is still down)."""
    created = datetime.fromisoformat(entry["created_at"]) if entry.get("created_at") else None
    ctx = WriteContext(entry["user_id"], entry["session_id"], entry["trace_id"], turn_id=entry.get("turn_id"),
                       created_at=created)
    return await writer.write(ctx, queued_candidates(entry))
