"""The trigger's decision: is this user turn worth remembering, and why.

A turn fires on a cue (stated preference, decision, identity, finished task, …) found by
``pipelines.extract.trigger``, or when the rule extractor recognises a fact in it; small
talk, questions and "ok"/"thanks" never fire. Kept apart from ``trigger`` so that the rules
(which use the trigger's sentence helpers) and the decision (which uses the rules) form no
import cycle.
"""
from __future__ import annotations

from pipelines.extract.rules import extract_rules
from pipelines.extract.trigger import (
    TriggerDecision,
    is_long_statement,
    sentence_reasons,
    is_question,
    is_small_talk,
    split_sentences,
)


def judge(text: str, turn_index: int = 0) -> TriggerDecision:
    """Decide whether a user turn is worth remembering.

    Args:
        text: The user's message.
        turn_index: 0-based position of the turn in the session. Opening turns
            (``turn_index < OPENING_TURNS``) often carry introductions, so the
            long-statement length threshold is halved there.

    Returns:
        The decision with its reason codes.
    """
    if not text or not text.strip():
        return TriggerDecision(False, ["empty"])
    if is_small_talk(text):
        return TriggerDecision(False, ["small_talk"])
    sentences = split_sentences(text)
    statements = [s for s in sentences if not is_question(s)]
    if not statements:
        return TriggerDecision(False, ["question"])
    reasons = _cue_reasons(statements) or _fallback_reasons(text, statements, turn_index)
    if reasons:
        return TriggerDecision(True, reasons)
    return TriggerDecision(False, ["no_cue"])


def _cue_reasons(statements: list[str]) -> list[str]:
    """The statements' cue reasons, each once, in order."""
    reasons: list[str] = []
    for sentence in statements:
        for reason in sentence_reasons(sentence):
            if reason not in reasons:
                reasons.append(reason)
    return reasons


def _fallback_reasons(text: str, statements: list[str], turn_index: int) -> list[str]:
    """Without a cue: a fact the rules extract, else a long statement; none otherwise."""
    if extract_rules(text, turn_index):
        return ["fact"]
    if is_long_statement(statements, turn_index):
        return ["long_statement"]
    return []
