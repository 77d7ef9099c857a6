"""Validation of extracted candidates before they reach a store.

Checks, in order, per candidate: content present, memory type allowed, importance in
0..1, not an instruction aimed at the assistant, a statement about the user (not about
another user's data held here, not a request for privileges, keys or tools), PII masked (in ``content`` and in the
``supersedes`` hint), length. Then duplicates within the batch are collapsed.

Length policy: content longer than ``max_chars`` (after masking) is **trimmed to whole
sentences** — cut after the last sentence end (``. ! ? 。！？``) that fits — because a long
note usually opens with its point. When not even the first sentence fits, the candidate
is rejected (``too_long``) rather than cut mid-sentence.

Before that, :func:`true_notes` holds each note against the turn it came from
(:func:`pipelines.extract.note_check.check_note`): a note that is no true sentence about the user is
rejected (``untrue``) or replaced by the user's own words.

Nothing is dropped silently: every candidate that does not come out validated comes out
as a :class:`Rejection` with a reason code and a human-readable detail.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from memory.types import MemoryType, content_hash
from pipelines.extract.about_user import not_about_user
from pipelines.extract.candidate import Candidate
from pipelines.extract.note_check import check_note
from pipelines.receive.screening import is_instruction_to_assistant


class MaskedTextLike(Protocol):
    """What a PII masker returns (``pipelines.receive.pii.MaskedText`` satisfies this)."""

    @property
    def text(self) -> str:
        """The masked text."""
        ...

    @property
    def kinds(self) -> list[str]:
        """Kinds of PII that were masked, e.g. ``["phone"]``."""
        ...


Masker = Callable[[str], MaskedTextLike]


@dataclass(frozen=True)
class ValidatedCandidate:
    """A candidate fit for storage: PII masked, trimmed, unique within its batch."""

    candidate: Candidate
    masked_kinds: list[str]


@dataclass(frozen=True)
class Rejection:
    """A candidate that was not accepted.

    Attributes:
        candidate: The candidate as it came in.
        reason: ``"empty"``, ``"bad_type"``, ``"bad_importance"``, ``"instruction"``,
            ``"not_about_user"`` (:func:`~pipelines.extract.about_user.not_about_user`),
            ``"too_long"``, ``"duplicate"`` (collapsed into an earlier equal candidate) or ``"untrue"``
            (:func:`true_notes`).
        detail: One line saying what was wrong.
    """

    candidate: Candidate
    reason: str
    detail: str


_NOT_ABOUT_USER = {
    "other_users_data": "content is about another person's data held here or a permission over it, not a statement "
                        "about the user (recall never crosses from one user to another)",
    "boundary": "content asks for or grants the assistant's rules, privileges, keys, credentials or tools, "
                "not a statement about the user",
}

_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|$|[^\w])")


def looks_like_instruction(text: str) -> bool:
    """True when ``text`` reads as an order to the assistant or a role marker.

    Delegates to :func:`pipelines.receive.screening.is_instruction_to_assistant`, the one place
    that draws the line. Stated answer preferences ("always answer in Chinese") are not
    instructions in this sense: they are memories the user wants kept.
    """
    return is_instruction_to_assistant(text)


def _trim(content: str, max_chars: int) -> str | None:
    """``content`` cut to whole sentences within ``max_chars``; None when impossible."""
    if len(content) <= max_chars:
        return content
    cut = None
    for m in _SENTENCE_END.finditer(content, 0, max_chars):
        cut = m.end()
    return content[:cut].rstrip() if cut else None


def _check(cand: Candidate, mask: Masker, max_chars: int) -> ValidatedCandidate | Rejection:
    content = " ".join((cand.content or "").split()) if isinstance(cand.content, str) else ""
    rejection = _malformed(cand, content)
    if rejection is not None:
        return rejection
    masked = mask(content)
    supersedes, kinds = _masked_hint(cand, mask, list(masked.kinds))
    trimmed = _trim(masked.text, max_chars)
    if trimmed is None:
        return Rejection(cand, "too_long", f"content is {len(masked.text)} characters and its first sentence "
                                           f"alone exceeds the {max_chars}-character limit")
    slot = (cand.slot or "").strip().lower() or None
    qualifier = mask(cand.qualifier).text if cand.qualifier else None
    value = mask(cand.value).text if cand.value else None
    clean = Candidate(MemoryType(cand.memory_type), trimmed, float(cand.importance), slot, supersedes, qualifier, value,
                      cand.replaces_id, bool(cand.changes), bool(cand.adds), bool(cand.repairs))
    return ValidatedCandidate(clean, kinds)


def _malformed(cand: Candidate, content: str) -> Rejection | None:
    """Why the candidate cannot be kept as it is (empty, unknown type, importance outside 0..1, an instruction)."""
    if not content:
        return Rejection(cand, "empty", "content is empty")
    try:
        MemoryType(cand.memory_type)
    except ValueError:
        allowed = ", ".join(t.value for t in MemoryType)
        return Rejection(cand, "bad_type", f"memory_type {cand.memory_type!r} is not one of: {allowed}")
    importance = cand.importance
    if isinstance(importance, bool) or not isinstance(importance, (int, float)) or not 0.0 <= importance <= 1.0:
        return Rejection(cand, "bad_importance", f"importance {importance!r} is not a number in 0..1")
    if looks_like_instruction(content) or looks_like_instruction(cand.supersedes or ""):
        return Rejection(cand, "instruction", f"content reads as an instruction to the assistant: {content[:80]!r}")
    why = not_about_user(content)
    if why is not None:
        return Rejection(cand, "not_about_user", f"{_NOT_ABOUT_USER[why]}: {content[:80]!r}")
    return None


def _masked_hint(cand: Candidate, mask: Masker, kinds: list[str]) -> tuple[str | None, list[str]]:
    """The model's supersedes hint, PII-masked, and the masked kinds with the hint's added."""
    supersedes = (cand.supersedes or "").strip() or None
    if supersedes is None:
        return None, kinds
    masked_hint = mask(supersedes)
    return masked_hint.text, kinds + [k for k in masked_hint.kinds if k not in kinds]


def validate_candidates(
    cands: Sequence[Candidate],
    mask: Masker,
    max_chars: int = 500,
) -> tuple[list[ValidatedCandidate], list[Rejection]]:
    """Validate a batch of candidates from one turn.

    Args:
        cands: Candidates from ``extract_rules`` or ``extract_with_llm``.
        mask: The PII masker, normally ``pipelines.receive.pii.mask_pii``.
        max_chars: Longest content kept; longer content is trimmed to whole sentences.

    Returns:
        The accepted candidates in input order (content normalised to single spaces,
        PII masked, slot lower-cased) and the rejections. Duplicates (same content after
        case/whitespace normalisation) collapse into the first one, which takes the
        highest importance and the first non-empty slot of the group.
    """
    accepted: list[ValidatedCandidate] = []
    rejected: list[Rejection] = []
    by_key: dict[str, int] = {}
    for cand in cands:
        result = _check(cand, mask, max_chars)
        if isinstance(result, Rejection):
            rejected.append(result)
            continue
        key = content_hash("", result.candidate.content)
        if key not in by_key:
            by_key[key] = len(accepted)
            accepted.append(result)
            continue
        index = by_key[key]
        kept = accepted[index]
        merged = replace(
            kept.candidate,
            importance=max(kept.candidate.importance, result.candidate.importance),
            slot=kept.candidate.slot or result.candidate.slot,
            supersedes=kept.candidate.supersedes or result.candidate.supersedes,
        )
        kinds = kept.masked_kinds + [k for k in result.masked_kinds if k not in kept.masked_kinds]
        accepted[index] = ValidatedCandidate(merged, kinds)
        rejected.append(Rejection(cand, "duplicate", f"same content as accepted candidate #{index}"))
    return accepted, rejected


def true_notes(
    cands: Sequence[Candidate],
    turn: str,
    previous: str = "",
    notes: Sequence[tuple[int, str]] = (),
) -> tuple[list[Candidate], list[Rejection]]:
    """The candidates whose notes are true sentences about the user (:func:`~pipelines.extract.note_check.check_note`).

    Args:
        cands: The turn's candidates, before :func:`validate_candidates`.
        turn: The user's message they were made from.
        previous: The user's message before it.
        notes: The user's notes a candidate may correct or add to, as ``(id, content)``.

    Returns:
        The candidates to keep (a mangled note replaced by the user's own words) and the rejected ones
        (reason ``"untrue"``, the check's reason in the detail).
    """
    by_id = dict(notes)
    context = "\n".join([previous, *by_id.values()])
    kept: list[Candidate] = []
    rejected: list[Rejection] = []
    for cand in cands:
        replaced = by_id.get(cand.replaces_id, "") if cand.replaces_id is not None else ""
        verdict = check_note(cand.content or "", turn, context, replaced)
        if verdict.action == "reject":
            rejected.append(Rejection(cand, "untrue", f"{verdict.reason}: the note is no true sentence about the user"))
        else:
            kept.append(cand if verdict.action == "accept" else replace(cand, content=verdict.note))
    return kept, rejected
