"""Prompt-injection and memory-poisoning screen (Chinese and English).

``screen_injection`` scores a message; ``is_instruction_to_assistant`` says whether a
sentence is an order to the assistant that must never be stored as a user fact.
"""
from pipelines.receive.screening.intent import is_instruction_to_assistant
from pipelines.receive.screening.rule import CATEGORIES
from pipelines.receive.screening.screen import (
    ENCODED_BLOB_RULE,
    RULE_CATEGORY,
    RULE_WEIGHTS,
    ScreeningVerdict,
    screen_injection,
)

__all__ = [
    "ScreeningVerdict", "screen_injection", "is_instruction_to_assistant", "RULE_WEIGHTS", "RULE_CATEGORY",
    "CATEGORIES", "ENCODED_BLOB_RULE",
]
