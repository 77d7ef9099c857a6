"""Prompt-injection and memory-poisoning screen (Chinese and English).

``screen_text`` is the calibrated screen every storing path uses (a turn, ``remember``, a
batch record, a knowledge-base chunk: keep a chunk only when ``storable(verdict)``);
``screen_injection`` is the rules' own score; ``is_instruction_to_assistant`` says whether a
sentence is an order to the assistant that must never be stored as a user fact.
"""
from pipelines.receive.screening.intent import is_instruction_to_assistant
from pipelines.receive.screening.rule import CATEGORIES
from pipelines.receive.screening.verdict import screen_text, storable
from pipelines.receive.screening.screen import (
    ENCODED_BLOB_RULE,
    RULE_CATEGORY,
    RULE_WEIGHTS,
    ScreeningVerdict,
    screen_injection,
)

__all__ = [
    "ScreeningVerdict", "screen_text", "storable", "screen_injection", "is_instruction_to_assistant", "RULE_WEIGHTS", "RULE_CATEGORY",
    "CATEGORIES", "ENCODED_BLOB_RULE",
]
