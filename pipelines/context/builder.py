"""Budgeted context build: fit system prompt, memory, working state and history in a window.

The assembled prompt is, in this order (Qwen ChatML messages):

1. one ``system`` message: :attr:`ContextBuild.system_text` — the system prompt, the
   bounded memory block (:func:`pipelines.context.memory_block.render_memory_block`) and the
   working state JSON;
2. when there is a summary, one ``system`` message: :attr:`ContextBuild.summary_text`;
3. :attr:`ContextBuild.messages`, oldest first.

Every message costs its text plus ``<|im_start|>role\\n`` … ``<|im_end|>\\n`` (see
:func:`message_overhead`), and the reply primer ``<|im_start|>assistant\\n`` is counted too.
The total never exceeds ``window - margin``.

Rules: memories by score (highest first), deduplicated by normalised content, each trimmed
to a quarter of the memory share, added while the share lasts. The working state uses its
share and may borrow what memory left; what both leave flows to history. History is kept
newest first; the newest turn comes before the summary, which lives inside the history
share; the oldest turns that did not fit are returned as ``overflow_turns`` for the caller
to compact into the rolling summary (:func:`pipelines.context.summarize.extractive_summary`).
The system share is never lent out: what the system prompt leaves is for tool definitions.
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pipelines.context.budget import BudgetProfile, split
from pipelines.context.knowledge_block import KnowledgeNote, render_knowledge_block
from pipelines.context.memory_block import render_memory_block
from pipelines.context.tokens import TokenCounter

SECTION_SEPARATOR = "\n\n"
SUMMARY_HEADER = "Summary of the earlier part of this conversation (compacted, oldest first):"
WORKING_HEADER = "State of the current task (JSON, authoritative):"
SYSTEM_ROLE = "system"
REPLY_PRIMER = "<|im_start|>assistant\n"


@dataclass
class MemoryNote:
    """A recalled long-term memory, ready to be shown to the model."""

    id: int
    type: str
    content: str
    time: datetime
    source: str
    score: float


@dataclass
class HistoryTurn:
    """One message of the short-term conversation history."""

    role: str
    content: str


@dataclass
class ContextBuild:
    """What :func:`build_context` assembled, and what it left out.

    Attributes:
        system_text: System prompt + memory block + working state, one system message.
        messages: History kept, oldest first (a contiguous tail of the input history).
        summary_text: The summary message as injected; ``""`` when none was injected.
        tokens: Tokens used per section (``system``, ``memory``, ``working``, ``history``,
            ``summary``), each message's overhead included where the section is a message,
            and ``total``: the whole prompt, counted for real.
        budget: Allowances: ``window``, ``usable``, ``margin``, ``system``, ``memory``,
            ``working``, ``history`` (the profile's share) and ``history_available`` (after
            unused memory/working share flowed in).
        included_memory_ids: Memories in the block, best first.
        dropped_memory_ids: Memories left out (duplicates or no room).
        duplicate_memory_ids: The subset of ``dropped_memory_ids`` left out as duplicates.
        overflow_turns: The oldest turns that did not fit, oldest first; compact them.
        newest_truncated: The newest turn alone exceeded the history room and was cut.
        warnings: One line per thing that was cut, for the logs.
        sizes: UTF-8 bytes per section (as ``tokens``, without message framing) and ``total``.
    """

    system_text: str
    messages: list[HistoryTurn]
    summary_text: str
    tokens: dict[str, int]
    budget: dict[str, int]
    included_memory_ids: list[int]
    dropped_memory_ids: list[int]
    duplicate_memory_ids: list[int]
    overflow_turns: list[HistoryTurn]
    newest_truncated: bool = False
    warnings: list[str] = field(default_factory=list)
    sizes: dict[str, int] = field(default_factory=dict)
    included_knowledge_ids: list[str] = field(default_factory=list)
    dropped_knowledge_ids: list[str] = field(default_factory=list)


def _utf8(text: str) -> int:
    return len(text.encode("utf-8"))


def message_overhead(role: str, counter: TokenCounter) -> int:
    """ChatML framing of one message: ``<|im_start|>`` role ``\\n`` … ``<|im_end|>\\n``."""
    return 4 + counter.count(role)


def prompt_tokens(
    system_text: str, summary_text: str, messages: list[HistoryTurn], counter: TokenCounter
) -> int:
    """Tokens of the whole assembled prompt, framing and reply primer included."""
    total = counter.count(system_text) + message_overhead(SYSTEM_ROLE, counter)
    if summary_text:
        total += counter.count(summary_text) + message_overhead(SYSTEM_ROLE, counter)
    for turn in messages:
        total += counter.count(turn.content) + message_overhead(turn.role, counter)
    return total + counter.count(REPLY_PRIMER)


def _normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _note_dict(note: MemoryNote, content: str) -> dict[str, Any]:
    return {
        "id": note.id,
        "type": note.type,
        "content": content,
        "time": note.time.isoformat(),
        "source": note.source,
    }


def _select_memories(
    memories: list[MemoryNote], allowance: int, counter: TokenCounter
) -> tuple[list[dict[str, Any]], list[int], list[int]]:
    """Notes for the block within ``allowance`` (best first), dropped ids, duplicate ids."""
    ranked = sorted(memories, key=lambda m: (-m.score, -m.time.timestamp(), m.id))
    seen: set[str] = set()
    chosen: list[dict[str, Any]] = []
    duplicates: list[int] = []
    # Block framing (tags, instruction) and the separator from the previous section.
    spent = counter.count(render_memory_block([])) + counter.count(SECTION_SEPARATOR)
    item_cap = max(8, allowance // 4)
    for note in ranked:
        key = _normalise(note.content)
        if not key or key in seen:
            duplicates.append(note.id)
            continue
        seen.add(key)
        note_dict = _note_dict(note, counter.truncate(note.content, item_cap))
        cost = counter.count(json.dumps(note_dict, ensure_ascii=False)) + 1  # ", "
        if spent + cost <= allowance:
            chosen.append(note_dict)
            spent += cost
    # The additive estimate decides what goes in; the real count has the last word.
    while chosen and _memory_cost(chosen, counter) > allowance:
        chosen.pop()
    included = {n["id"] for n in chosen}
    return chosen, [m.id for m in ranked if m.id not in included], duplicates


def _memory_cost(notes: list[dict[str, Any]], counter: TokenCounter) -> int:
    if not notes:
        return 0
    return counter.count(render_memory_block(notes)) + counter.count(SECTION_SEPARATOR)


def _fit_text(
    what: str, text: str, allowance: int, counter: TokenCounter, warnings: list[str]
) -> str:
    """``text`` cut to ``allowance`` tokens, with a visible marker saying it was cut."""
    size = counter.count(text)
    if size <= allowance:
        return text
    warnings.append(f"{what} truncated from {size} to {allowance} tokens")
    marker = f"\n[{what} truncated: it exceeded its {allowance}-token share]"
    room = allowance - counter.count(marker) - 1
    return counter.truncate(text, room) + marker if room > 0 else counter.truncate(text, allowance)


def _working_text(
    state: dict[str, Any] | None, allowance: int, counter: TokenCounter, warnings: list[str]
) -> str:
    if not state:
        return ""
    body = json.dumps(state, ensure_ascii=False, sort_keys=True, default=str)
    room = allowance - counter.count(SECTION_SEPARATOR)
    return _fit_text("working state", f"{WORKING_HEADER}\n{body}", room, counter, warnings)


def _select_knowledge(
    chunks: list[KnowledgeNote], allowance: int, counter: TokenCounter
) -> tuple[list[dict[str, Any]], list[str]]:
    """Chunks for the knowledge block within ``allowance`` (best first, each at most half of it)."""
    spent = counter.count(render_knowledge_block([])) + counter.count(SECTION_SEPARATOR)
    seen: set[str] = set()
    chosen: list[dict[str, Any]] = []
    for note in sorted(chunks, key=lambda c: -c.score):
        key = _normalise(note.content)
        if not key or key in seen:
            continue
        seen.add(key)
        item = {"id": note.id, "content": counter.truncate(note.content, max(16, allowance // 2)),
                "source": note.source, "knowledge_base": note.knowledge_base}
        cost = counter.count(json.dumps(item, ensure_ascii=False)) + 1
        if spent + cost <= allowance:
            chosen.append(item)
            spent += cost
    while chosen and _knowledge_cost(chosen, counter) > allowance:
        chosen.pop()
    kept = {c["id"] for c in chosen}
    return chosen, [c.id for c in chunks if c.id not in kept]


def _knowledge_cost(chunks: list[dict[str, Any]], counter: TokenCounter) -> int:
    if not chunks:
        return 0
    return counter.count(render_knowledge_block(chunks)) + counter.count(SECTION_SEPARATOR)


def _system_text(prompt_part: str, notes: list[dict[str, Any]], working_text: str,
                 chunks: list[dict[str, Any]] | None = None) -> str:
    block = render_memory_block(notes) if notes else ""
    kblock = render_knowledge_block(chunks) if chunks else ""
    return SECTION_SEPARATOR.join(p for p in (prompt_part, block, kblock, working_text) if p)


def _fit_history(
    history: list[HistoryTurn],
    summary: str | None,
    room: int,
    counter: TokenCounter,
    warnings: list[str],
) -> tuple[list[HistoryTurn], str, bool]:
    """Kept turns (a tail of ``history``), the injected summary, whether the newest was cut."""
    kept: list[HistoryTurn] = []
    remaining = room
    if history:
        newest = history[-1]
        overhead = message_overhead(newest.role, counter)
        cost = counter.count(newest.content) + overhead
        if cost <= remaining:
            kept.append(newest)
            remaining -= cost
        elif remaining - overhead > 0:
            cut = _fit_text(f"newest {newest.role} turn", newest.content, remaining - overhead,
                            counter, warnings)
            return [HistoryTurn(role=newest.role, content=cut)], "", True
        else:
            warnings.append("no room for the newest turn: the window is too small")
            return [], "", False
    summary_text = ""
    if summary and summary.strip():
        overhead = message_overhead(SYSTEM_ROLE, counter)
        cap = min(remaining, room // 4) - overhead
        if cap > counter.count(SUMMARY_HEADER) + 1:
            full = f"{SUMMARY_HEADER}\n{summary.strip()}"
            summary_text = counter.truncate(full, cap)
            if summary_text != full:
                warnings.append(f"summary truncated from {counter.count(full)} to {cap} tokens")
            remaining -= counter.count(summary_text) + overhead
        else:
            warnings.append("no room for the conversation summary")
    for turn in reversed(history[:-1]):
        cost = counter.count(turn.content) + message_overhead(turn.role, counter)
        if cost > remaining:
            break
        kept.append(turn)
        remaining -= cost
    kept.reverse()
    return kept, summary_text, False


@dataclass
class _Parts:
    """What the safety net of ``build_context`` may give up, in its order (lists are changed in place)."""

    prompt: str
    summary: str
    messages: list[HistoryTurn]
    notes: list[Any]
    chunks: list[Any]
    dropped: list[int]
    dropped_chunks: list[Any]
    newest_cut: bool


def _give_up_one(parts: _Parts, excess: int, counter: TokenCounter) -> bool:
    """Give up the next part (oldest turn, summary, weakest chunk or memory, then cut the newest turn, then
    the prompt); ``False`` when nothing is left to give up."""
    messages = parts.messages
    if len(messages) > 1:
        messages.pop(0)
    elif parts.summary:
        parts.summary = ""
    elif parts.chunks:
        parts.dropped_chunks.append(parts.chunks.pop()["id"])
    elif parts.notes:
        parts.dropped.append(parts.notes.pop()["id"])
    elif messages and counter.count(messages[0].content) > 0:
        size = counter.count(messages[0].content)
        messages[0] = HistoryTurn(messages[0].role, counter.truncate(messages[0].content, size - excess))
        parts.newest_cut = True
    elif counter.count(parts.prompt) > 0:
        parts.prompt = counter.truncate(parts.prompt, counter.count(parts.prompt) - excess)
    else:
        return False
    return True


def _tokens(prompt: str, block: str, working: str, messages: list[HistoryTurn], summary: str, sys_overhead: int,
            counter: TokenCounter) -> dict[str, int]:
    """Tokens of each section as sent (message framing included)."""
    return {
        "system": counter.count(prompt) + sys_overhead,
        "memory": counter.count(block) if block else 0,
        "working": counter.count(working),
        "history": sum(counter.count(t.content) + message_overhead(t.role, counter) for t in messages),
        "summary": counter.count(summary) + sys_overhead if summary else 0,
    }


def _sizes(prompt: str, block: str, working: str, messages: list[HistoryTurn], summary: str,
           chunks: list[Any]) -> dict[str, int]:
    """UTF-8 bytes of each section, and their total."""
    sizes = {
        "system": _utf8(prompt), "memory": _utf8(block), "working": _utf8(working),
        "history": sum(_utf8(t.content) for t in messages), "summary": _utf8(summary),
    }
    if chunks:
        sizes["knowledge"] = _utf8(render_knowledge_block(chunks))
    sizes["total"] = sum(sizes.values())
    return sizes


def build_context(
    *,
    system_prompt: str,
    history: list[HistoryTurn],
    summary: str | None,
    memories: list[MemoryNote],
    working_state: dict[str, Any] | None,
    window_tokens: int,
    profile: BudgetProfile,
    counter: TokenCounter,
    knowledge: list[KnowledgeNote] | None = None,
) -> ContextBuild:
    """Assemble the prompt for one model call within ``window_tokens`` minus the margin.

    Args:
        system_prompt: The agent's system prompt; cut with a marker if over its share.
        history: Short-term turns, oldest first; the last one is the newest.
        summary: The rolling summary of turns older than ``history``, if any.
        memories: Recalled long-term memories with their rerank scores.
        working_state: JSON-serialisable state of the running task, if any.
        window_tokens: The model's context window.
        profile: How the window is shared between sections.
        counter: Token counter of the target model.
        knowledge: Chunks recalled from the session's knowledge bases, fitted in the
            profile's knowledge share (none without one); what they leave flows to history.

    Raises:
        ValueError: ``window_tokens`` is not a positive integer, or is too small to hold
            even the message framing.
    """
    budget = split(window_tokens, profile)
    warnings: list[str] = []
    sys_overhead = message_overhead(SYSTEM_ROLE, counter)
    # Fixed costs (system message framing, reply primer) come out of the system share.
    prompt_room = max(0, budget.system - sys_overhead - counter.count(REPLY_PRIMER))
    prompt_part = _fit_text("system prompt", system_prompt.strip(), prompt_room, counter, warnings)

    notes, dropped, duplicates = _select_memories(memories, budget.memory, counter)
    memory_used = _memory_cost(notes, counter)
    working_text = _working_text(
        working_state, budget.working + budget.memory - memory_used, counter, warnings
    )
    working_used = (
        counter.count(working_text) + counter.count(SECTION_SEPARATOR) if working_text else 0
    )
    chunks, dropped_chunks = _select_knowledge(knowledge or [], budget.knowledge, counter)
    knowledge_used = _knowledge_cost(chunks, counter)
    unused = max(0, budget.memory + budget.working - memory_used - working_used)
    unused += max(0, budget.knowledge - knowledge_used)
    history_room = budget.history + unused
    messages, summary_text, newest_cut = _fit_history(
        history, summary, history_room, counter, warnings
    )

    # Safety net for the few tokens joining the system sections can add: give up the
    # oldest kept turns, the summary, the weakest memories, then cut the newest turn.
    parts = _Parts(prompt_part, summary_text, messages, notes, chunks, dropped, dropped_chunks, newest_cut)
    system_text = _system_text(prompt_part, notes, working_text, chunks)
    total = prompt_tokens(system_text, summary_text, messages, counter)
    while total > budget.usable:
        if not _give_up_one(parts, total - budget.usable, counter):
            raise ValueError(
                f"A window of {window_tokens} tokens (usable {budget.usable} after the reply "
                "margin) cannot hold even the message framing; use a larger window_tokens."
            )
        system_text = _system_text(parts.prompt, notes, working_text, chunks)
        total = prompt_tokens(system_text, parts.summary, messages, counter)
    prompt_part, summary_text, newest_cut = parts.prompt, parts.summary, parts.newest_cut

    overflow = list(history[: len(history) - len(messages)])
    block = render_memory_block(notes) if notes else ""
    return ContextBuild(
        system_text=system_text,
        messages=messages,
        summary_text=summary_text,
        tokens=_tokens(prompt_part, block, working_text, messages, summary_text, sys_overhead, counter)
        | {"total": total, **({"knowledge": knowledge_used} if chunks else {})},
        budget={**budget.as_dict(), "history_available": history_room},
        included_memory_ids=[n["id"] for n in notes],
        dropped_memory_ids=dropped,
        duplicate_memory_ids=duplicates,
        overflow_turns=overflow,
        newest_truncated=newest_cut,
        warnings=warnings,
        sizes=_sizes(prompt_part, block, working_text, messages, summary_text, chunks),
        included_knowledge_ids=[c["id"] for c in chunks],
        dropped_knowledge_ids=dropped_chunks,
    )
