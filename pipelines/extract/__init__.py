"""The extract-and-validate stage (pure parts): trigger, rule and LLM extraction, validation."""
from __future__ import annotations

from pipelines.extract.candidate import DEFAULT_IMPORTANCE, Candidate
from pipelines.extract.subject import Subject
from pipelines.extract.llm import EXTRACTION_PROMPT, ExtractionError, build_prompt, extract_with_llm, parse_reply
from pipelines.extract.rules import describe, extract_rules, looks_cut
from pipelines.extract.judge import judge
from pipelines.extract.trigger import TriggerDecision
from pipelines.extract.validate import (
    Masker,
    MaskedTextLike,
    Rejection,
    ValidatedCandidate,
    looks_like_instruction,
    validate_candidates,
)

__all__ = [
    "DEFAULT_IMPORTANCE",
    "EXTRACTION_PROMPT",
    "Candidate",
    "ExtractionError",
    "MaskedTextLike",
    "Masker",
    "Rejection",
    "Subject",
    "TriggerDecision",
    "ValidatedCandidate",
    "build_prompt",
    "describe",
    "extract_rules",
    "looks_cut",
    "extract_with_llm",
    "judge",
    "looks_like_instruction",
    "parse_reply",
    "validate_candidates",
]
