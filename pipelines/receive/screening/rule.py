"""One screening rule and the categories the rules are grouped in."""
from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Rule", "rule", "CATEGORIES"]

CATEGORIES = (
    "override", "reveal", "fake_tags", "roleplay", "encoding", "hidden", "indirect", "poisoning",
    "exfiltration", "tool_abuse", "privilege", "cross_user",
)
"""Attack categories; every rule belongs to one of them."""


@dataclass(frozen=True)
class Rule:
    """A weighted pattern.

    Attributes:
        name: Stable identifier reported in verdict reasons.
        category: One of :data:`CATEGORIES`.
        weight: Contribution to the risk score when the rule matches.
        pattern: Compiled regular expression, run on the lower-cased views.
        directive: A match means the text addresses the assistant about its behaviour,
            identity, permissions or data (used by ``is_instruction_to_assistant``); mention
            rules ("jailbreak", "no restrictions") only add weight.
        cased: Run on the case-preserving view instead of the lower-cased ones.
        damp: Its weight shrinks when the message is plainly a discussion of attacks or
            tokens (a security question), rather than an attack.
        group: Rules sharing a group describe one signal in several strengths; only the
            strongest match of a group counts, so one phrase is never counted twice.
    """

    name: str
    category: str
    weight: float
    pattern: re.Pattern[str]
    directive: bool = True
    cased: bool = False
    damp: bool = False
    group: str = ""


def rule(name: str, category: str, weight: float, pattern: str, *, directive: bool = True,
         cased: bool = False, damp: bool = False, group: str = "") -> Rule:
    """Build a :class:`Rule`, checking its category and compiling its pattern."""
    if category not in CATEGORIES:
        raise ValueError(f"rule {name!r} has unknown category {category!r}; use one of {CATEGORIES}")
    return Rule(name, category, weight, re.compile(pattern, re.S), directive, cased, damp, group or name)
