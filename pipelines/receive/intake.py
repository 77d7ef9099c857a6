"""Receive stage: trace id, input limits, prompt-injection screen, PII detection.

A refused or blocked turn never reaches the model and is never extracted into memory.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, replace

from core.labels import PiiLabel, ScreeningLabel
from pipelines.receive.pii import mask_pii
from pipelines.receive.screening import ScreeningVerdict, screen_injection

SAFE_REPLY_EN = (
    "I can't follow instructions that try to change my rules or reveal my configuration, "
    "and I won't remember them. Ask me something else and I'm glad to help."
)
SAFE_REPLY_ZH = "我不能执行试图修改我的规则或获取我的配置的指令，也不会记住它们。换个问题，我很乐意帮忙。"
TOO_LONG_EN = "Your message is {n} characters long; the limit is {limit}. Please shorten it or split it into parts."
TOO_LONG_ZH = "你的消息有 {n} 个字符，超过了 {limit} 个字符的上限。请缩短或分几次发送。"
EMPTY_EN = "Your message is empty. Type something to chat."


_CONTROL = {c: None for c in range(32) if chr(c) not in "\n\t"} | {0x7F: None}


def clean_text(text: str) -> str:
    """The text as a store can hold it: lone surrogates replaced, NUL and control characters dropped.

    Invalid UTF-8 reaches Python as lone surrogates (``surrogateescape``); PostgreSQL refuses
    NUL in text; neither may fail a turn, so they are cleaned once, here, before anything
    is recorded.
    """
    if text.isascii() and text.isprintable():
        return text
    fixed = text.encode("utf-8", "replace").decode("utf-8", "replace") if _has_surrogates(text) else text
    return fixed.translate(_CONTROL)


def _has_surrogates(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


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
    """

    trace_id: str
    text: str
    masked_text: str
    screening: ScreeningLabel | None
    pii: PiiLabel
    refusal: str | None

    @property
    def blocked(self) -> bool:
        """Whether the turn stops here (no model call, nothing remembered)."""
        return self.refusal is not None


def receive(text: str, max_chars: int, threshold: float, trace_id: str | None = None) -> Received:
    """Screen one user message.

    Args:
        text: The user's message.
        max_chars: Longer messages are refused with a message saying the limit.
        threshold: Injection score at or above which the turn gets the safe reply.
        trace_id: Reuse an existing trace id (e.g. from the service); new one when ``None``.
    """
    tid = trace_id or uuid.uuid4().hex
    text = clean_text(text)
    zh = _is_zh(text)
    if not text.strip():
        return Received(tid, text, text, None, PiiLabel(), EMPTY_EN)
    if len(text) > max_chars:
        msg = (TOO_LONG_ZH if zh else TOO_LONG_EN).format(n=len(text), limit=max_chars)
        return Received(tid, text, mask_pii(text[:200]).text, None, PiiLabel(), msg)
    verdict = screen_injection(text, threshold)
    screening = ScreeningLabel(score=verdict.score, blocked=verdict.blocked, reasons=list(verdict.reasons))
    masked = mask_pii(text)
    pii = PiiLabel(kinds=list(masked.kinds), counts=dict(masked.counts))
    refusal = (SAFE_REPLY_ZH if zh else SAFE_REPLY_EN) if verdict.blocked else None
    return Received(tid, text, masked.text, screening, pii, refusal)


def refuse(rec: Received, verdict: ScreeningVerdict) -> Received:
    """``rec`` with a new screening verdict (e.g. rules combined with the semantic layer).

    A blocked verdict gets the safe reply in the message's language; an unblocked one keeps
    the turn going. A turn refused for another reason (empty, too long) is returned as is.
    """
    if rec.screening is None:
        return rec
    label = ScreeningLabel(score=verdict.score, blocked=verdict.blocked, reasons=list(verdict.reasons))
    refusal = (SAFE_REPLY_ZH if _is_zh(rec.text) else SAFE_REPLY_EN) if verdict.blocked else None
    return replace(rec, screening=label, refusal=refusal)
