"""Receive stage: trace id, input limits, binary input, prompt-injection screen, PII detection.

A refused or blocked turn never reaches the model and is never extracted into memory. A turn
whose pasted or quoted material holds instructions to the assistant, or whose own words claim
authority, permission or standing over other users ("I'm the account owner", 「已经获得授权」),
is answered, but nothing of it is extracted (``Received.memory_text`` is empty). A blocked tool, privilege
or cross-user request gets a refusal that says what the assistant never does.
"""
from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from core.labels import PiiLabel, ScreeningLabel

from pipelines.receive.pii import mask_pii
from pipelines.receive.screening import ScreeningVerdict
from pipelines.receive.screening.evidence import Evidence, evidence_of
from pipelines.receive.screening.material import without_worked_material
from pipelines.receive.screening.pasted_data import without_pasted_data
from pipelines.receive.screening.verdict import STORE_THRESHOLD, context_window, in_context, refers_back, refusal_kind, score_evidence

SAFE_REPLY_EN = (
    "I can't follow instructions that try to change my rules or reveal my configuration, "
    "and I won't remember them. Ask me something else and I'm glad to help."
)
SAFE_REPLY_ZH = "我不能执行试图修改我的规则或获取我的配置的指令，也不会记住它们。换个问题，我很乐意帮忙。"
TOO_LONG_EN = "Your message is {n} characters long; the limit is {limit}. Please shorten it or split it into parts."
TOO_LONG_ZH = "你的消息有 {n} 个字符，超过了 {limit} 个字符的上限。请缩短或分几次发送。"
EMPTY_EN = "Your message is empty. Type something to chat."
TOOLS_EN = (
    "I can't run commands, read system files, reach internal or cloud-metadata addresses, create keys, or change "
    "roles and permissions — not with any tool — and I won't remember the request. Ask me something else and I'm "
    "glad to help."
)
TOOLS_ZH = "我不能执行命令、读取系统文件、访问内网或云元数据地址，也不能创建密钥或修改角色和权限——用任何工具都不行，这个请求也不会被记住。换个问题，我很乐意帮忙。"
CROSS_USER_EN = (
    "I only know what you yourself told me: recall never crosses from one user to another, so I can't show or change "
    "anyone else's notes, memories or tasks, and a claim of authority over another user is not stored. Ask me about "
    "your own notes instead."
)
CROSS_USER_ZH = "我只知道你自己告诉我的内容：回忆从不跨越用户边界，所以我无法查看或修改其他人的笔记、记忆或任务，关于对其他用户拥有权限的说法也不会被记住。你可以问我你自己的笔记。"
BINARY_EN = (
    "This looks like binary data or text in another encoding, not UTF-8 text ({bad} of {n} characters are "
    "unreadable); nothing was stored. Send it as UTF-8 text, or say what the file is."
)
BINARY_ZH = "这看起来是二进制数据或其他编码的文字，不是 UTF-8 文本（{n} 个字符中有 {bad} 个无法读取），没有保存任何内容。请以 UTF-8 文字发送，或说明这是什么文件。"
_REFUSALS = {"injection": (SAFE_REPLY_EN, SAFE_REPLY_ZH), "tools": (TOOLS_EN, TOOLS_ZH),
             "cross_user": (CROSS_USER_EN, CROSS_USER_ZH)}
_BINARY_SHARE = 0.3  # of a message's visible characters
_BINARY_LINE_SHARE = 0.5  # of one line's (of at least _BINARY_LINE_MIN visible characters)
_BINARY_LINE_MIN = 8


_CONTROL = {c: None for c in range(32) if chr(c) not in "\n\t"} | {0x7F: None}


#: A run of whitespace longer than this is cut to this length (see :func:`clean_text`).
WHITESPACE_RUN = 16
_LONG_WHITESPACE = re.compile(r"\s{%d,}" % (WHITESPACE_RUN + 1))


def clean_text(text: str) -> str:
    """The text as a store can hold it: lone surrogates replaced, NUL and control characters dropped,
    runs of whitespace cut to :data:`WHITESPACE_RUN` characters.

    Invalid UTF-8 reaches Python as lone surrogates (``surrogateescape``); PostgreSQL refuses
    NUL in text; neither may fail a turn, so they are cleaned once, here, before anything
    is recorded. The whitespace cut is a safety net for the rules that read the text next: several
    of them (labels followed by optional spaces and punctuation) take time that grows with a power of
    the length of a run of spaces — 250 spaces after 「企鵝改了」 took 6 s of CPU on the event loop,
    stalling every user; at 16 each takes about a millisecond. No one's words live in the 17th space.
    """
    text = _LONG_WHITESPACE.sub(lambda run: run.group()[:WHITESPACE_RUN], text)
    if text.isascii() and text.isprintable():
        return text
    fixed = text.encode("utf-8", "replace").decode("utf-8", "replace") if _has_surrogates(text) else text
    return fixed.translate(_CONTROL)


def _has_surrogates(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _unreadable(ch: str) -> bool:
    return ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cn", "Cs", "Cc")


def unreadable_share(text: str) -> tuple[int, int]:
    """``(unreadable, visible)`` character counts of the worst part of ``text``.

    The whole text counts when at least ``_BINARY_SHARE`` of it is unreadable (replacement
    characters, private-use or unassigned code points, stray controls); otherwise the worst
    line that is at least half unreadable; ``(0, n)`` when neither.
    """
    bad, visible = _unreadable_count(text)
    if not bad:
        return 0, visible
    if bad >= _BINARY_SHARE * visible:
        return bad, visible
    line = _unreadable_line(text)
    return line if line is not None else (0, visible)


def _unreadable_count(text: str) -> tuple[int, int]:
    """``(unreadable, visible)`` character counts of ``text`` (spaces are not visible)."""
    visible = [ch for ch in text if not ch.isspace()]
    return sum(1 for ch in visible if _unreadable(ch)), len(visible)


def _unreadable_line(text: str) -> tuple[int, int] | None:
    """The counts of the first line of at least ``_BINARY_LINE_MIN`` visible characters that is mostly unreadable."""
    for line in text.split("\n"):
        wrong, seen = _unreadable_count(line)
        if seen >= _BINARY_LINE_MIN and wrong >= _BINARY_LINE_SHARE * seen:
            return wrong, seen
    return None


def _is_zh(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text[:2000])


@dataclass(frozen=True)
class Received:
    """What the receive stage decided about one user message.

    Attributes:
        trace_id: Id of this turn in logs, traces and message labels.
        text: The user's text as given.
        masked_text: The text with PII masked (what the short-term tier stores).
        screening: The injection screen's verdict (``None`` when the text was refused first).
        pii: Kinds of PII found.
        refusal: A reply to send instead of calling the model, or ``None`` to go on.
        memory_text: What extraction may read: ``masked_text``, or nothing when pasted or
            quoted material in the message holds instructions to the assistant, or its own
            words claim authority over other users (the turn is answered; nothing of it
            becomes memory; :func:`unstorable_reason` says why).
        evidence: The rules' findings, kept so the semantic layer rescores without rerunning them.
        context_evidence: The rules' findings on the turn read after the session's last few user
            turns (:func:`~pipelines.receive.screening.verdict.context_window`); ``None`` without them.
    """

    trace_id: str
    text: str
    masked_text: str
    screening: ScreeningLabel | None
    pii: PiiLabel
    refusal: str | None
    memory_text: str = ""
    evidence: Evidence | None = None
    context_evidence: Evidence | None = None

    @property
    def blocked(self) -> bool:
        """Whether the turn stops here (no model call, nothing remembered)."""
        return self.refusal is not None


def _label(verdict: ScreeningVerdict, masked: str) -> ScreeningLabel:
    return ScreeningLabel(score=verdict.score, blocked=verdict.blocked, reasons=list(verdict.reasons),
                          category=verdict.category, quoted_instructions=verdict.quoted_instructions,
                          authority_claim=verdict.authority_claim, pasted_data=not without_pasted_data(masked),
                          context_attack=verdict.context_attack, doubtful=verdict.doubtful)


def _refusal(verdict: ScreeningVerdict, text: str) -> str | None:
    if not verdict.blocked:
        return None
    en, zh = _REFUSALS[refusal_kind(verdict)]
    return zh if _is_zh(text) else en


QUOTED_NOT_STORED = ("nothing to remember: pasted or quoted material in this text holds instructions to the assistant; "
                     "such material is answered as data, never obeyed or stored")
DATA_NOT_STORED = ("nothing to remember: this text is pasted material (code, a config, a log or stack trace, an encoded "
                   "string) — data to work on, answered but never stored as a fact about you")
CONTEXT_NOT_STORED = ("nothing to remember: read with this conversation's last few turns, this text is part of an "
                      "attempt to change the assistant's rules or reach what it must not; it is answered, not stored")
CLAIM_NOT_STORED = ("nothing to remember: this text claims authority, permission or standing over other users or this "
                    "system; such a claim is never stored as a fact about you, and no claim widens what recall reads "
                    "(every request only ever sees the memories of the identity it was verified as)")

SCORE_NOT_STORED = ("nothing to remember: the screen answered this text but reads it as likely enough to be an attempt to "
                    "change the assistant's rules or reach what it must not (calibrated probability {score:.2f}, at or "
                    "above the storing limit {limit:.2f}); storing is stricter than answering")
SETUP_NOT_STORED = ("nothing to remember: this text arranges how the assistant should behave later (a code word, an order "
                    "sent in parts, a fixed reply on cue, an assistant without its rules) — the set-up of an attempt to "
                    "change its rules; it is answered, not stored")


def _setup_only(reasons: Sequence[str]) -> bool:
    """Whether the turn's only claims are attack set-ups (``setup_*`` reasons), not claims of authority."""
    claims = [r for r in reasons if r.startswith(("claim_", "zh_claim_", "setup_"))]
    return bool(claims) and all(r.startswith("setup_") for r in claims)


def unstorable_reason(screening: ScreeningLabel | None) -> str | None:
    """Why the screen let a turn through but keeps all of it out of memory (``None``: it does not)."""
    if screening is None:
        return None
    if screening.quoted_instructions:
        return QUOTED_NOT_STORED
    if screening.authority_claim:
        return SETUP_NOT_STORED if _setup_only(screening.reasons) else CLAIM_NOT_STORED
    if screening.context_attack:
        return CONTEXT_NOT_STORED
    if screening.pasted_data:
        return DATA_NOT_STORED
    if screening.doubtful:
        return SCORE_NOT_STORED.format(score=screening.score, limit=STORE_THRESHOLD)
    return None


def _memory_text(verdict: ScreeningVerdict, masked: str) -> str:
    """Nothing of a turn whose pasted material holds instructions, that claims authority, or that is an
    attack read with the session's last turns is extracted;
    of any other turn only the user's own words (pasted code, configs, logs, encoded strings left out, and
    quoted text the user asks to translate, decode, edit or write around)."""
    if verdict.quoted_instructions or verdict.authority_claim or verdict.context_attack or verdict.doubtful:
        return ""
    return without_pasted_data(without_worked_material(masked))


def _refused_unread(tid: str, text: str, max_chars: int) -> Received | None:
    """The refusal of an empty, too long or binary message, which is never screened (``None``: none of these)."""
    zh = _is_zh(text)
    if not text.strip():
        return Received(tid, text, text, None, PiiLabel(), EMPTY_EN)
    if len(text) > max_chars:
        msg = (TOO_LONG_ZH if zh else TOO_LONG_EN).format(n=len(text), limit=max_chars)
        return Received(tid, text, mask_pii(text[:200]).text, None, PiiLabel(), msg)
    bad, visible = unreadable_share(text)
    if bad:
        return Received(tid, text, "", None, PiiLabel(), (BINARY_ZH if zh else BINARY_EN).format(bad=bad, n=visible))
    return None


def _context_evidence(text: str, evidence: Evidence, context: Sequence[str], after_blocked: bool) -> Evidence | None:
    """The rules' evidence on the turn read after the session's last turns, when the window is read at all."""
    read_with_earlier = evidence.reasons or (after_blocked and refers_back(text, context))
    window = context_window(context, text) if read_with_earlier else None
    return evidence_of(window) if window is not None else None


def receive(text: str, max_chars: int, threshold: float, trace_id: str | None = None,
            context: Sequence[str] = (), after_blocked: bool = False) -> Received:
    """Screen one user message.

    Args:
        text: The user's message.
        max_chars: Longer messages are refused with a message saying the limit.
        threshold: Calibrated injection probability at or above which the turn gets a refusal.
        trace_id: Reuse an existing trace id (e.g. from the service); new one when ``None``.
        context: The session's earlier user turns (masked, oldest first): the turn is also
            scored read after the last few of them; when that window is an attack the turn is
            answered but nothing of it is stored. The window is read only when the turn's own
            words carry a signal, or ``after_blocked`` (one of those turns was blocked) and the turn
            takes up a distinctive word of them (:func:`refers_back`): read as one message,
            everyday chat windows reached the threshold for 22 of 995 LoCoMo turns.
        after_blocked: One of the ``context`` turns was blocked by the screen.
    """
    tid = trace_id or uuid.uuid4().hex
    text = clean_text(text)
    refused = _refused_unread(tid, text, max_chars)
    if refused is not None:
        return refused
    evidence = evidence_of(text)
    context_evidence = _context_evidence(text, evidence, context, after_blocked)
    verdict = _verdict(evidence, context_evidence, threshold)
    masked = mask_pii(text)
    pii = pii_label({}, dict(masked.counts))
    return Received(tid, text, masked.text, _label(verdict, masked.text), pii, _refusal(verdict, text),
                    _memory_text(verdict, masked.text), evidence, context_evidence)


def _verdict(evidence: Evidence, context_evidence: Evidence | None, threshold: float,
             semantic: float | None = None) -> ScreeningVerdict:
    """The turn's calibrated verdict (its own score) and whether its window keeps it out of memory."""
    window = score_evidence(context_evidence, threshold) if context_evidence is not None else None
    return in_context(score_evidence(evidence, threshold, semantic), window)


def pii_label(http: dict[str, int], received: dict[str, int]) -> PiiLabel:
    """The turn's PII label: what the HTTP boundary and the receive stage masked, together and apart."""
    counts = dict(http)
    for kind, number in received.items():
        counts[kind] = counts.get(kind, 0) + number
    places: tuple[tuple[Literal["http", "receive"], dict[str, int]], ...] = (("http", http), ("receive", received))
    masked_at = {where: dict(found) for where, found in places if found}
    return PiiLabel(kinds=list(counts), counts=counts, masked_at=masked_at)


def rescore(rec: Received, semantic: float, threshold: float) -> Received:
    """``rec`` scored again with the semantic head's reading of the turn's query vector.

    A turn refused for another reason (empty, too long, binary) is returned as is.
    """
    if rec.screening is None or rec.evidence is None:
        return rec
    return refuse(rec, _verdict(rec.evidence, rec.context_evidence, threshold, semantic))


def refuse(rec: Received, verdict: ScreeningVerdict) -> Received:
    """``rec`` with a new screening verdict (e.g. rules combined with the semantic layer).

    A blocked verdict gets the refusal of its kind in the message's language; an unblocked
    one keeps the turn going. A turn refused for another reason (empty, too long) is returned as is.
    """
    if rec.screening is None:
        return rec
    return replace(rec, screening=_label(verdict, rec.masked_text), refusal=_refusal(verdict, rec.text),
                   memory_text=_memory_text(verdict, rec.masked_text))
