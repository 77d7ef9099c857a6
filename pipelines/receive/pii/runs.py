"""Digit runs: groups of digits joined by separators, the raw material of numeric PII.

A run is a maximal sequence of digit groups where each gap is at most a few separator
characters (space, ``-``, ``.``, ``·``, ``/``, ``_``, ``~``, parentheses); a full stop followed by
a space ends a run (a sentence end, not a separator). A group may end with the ``X``
check character of a resident ID.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_DIGITS = re.compile(r"\d+(?:[Xx](?![A-Za-z0-9]))?")
_SENTENCE_END = re.compile(r"[.][ \t]")  # "…68905. 0871…": a full stop, not a separator
_GAP = re.compile(r"[ \t]{0,2}(?:[-./_~()\u00b7][ \t]{0,2}){0,2}")
_LONE_X = re.compile(r"([ \t]{0,2}(?:[-./_~()\u00b7][ \t]{0,2}){0,2})([Xx])(?![A-Za-z0-9])")


@dataclass(frozen=True)
class Group:
    """One group of digits (offsets in the text; ``digits`` upper-cased, may end with ``X``)."""

    start: int
    end: int
    digits: str


@dataclass(frozen=True)
class Run:
    """Digit groups joined by separators; ``gaps[i]`` lies between ``groups[i]`` and ``groups[i + 1]``.

    ``plus`` says whether a ``+`` (international prefix) comes right before the first group.
    """

    groups: list[Group]
    gaps: list[str]
    plus: bool


def runs(text: str) -> Iterator[Run]:
    """The digit runs of ``text``, left to right."""
    groups: list[Group] = []
    gaps: list[str] = []
    for match in _DIGITS.finditer(text):
        group = Group(match.start(), match.end(), match.group(0).upper())
        if groups:
            gap = text[groups[-1].end:group.start]
            if gap and not groups[-1].digits.endswith("X") and _GAP.fullmatch(gap) and not _SENTENCE_END.match(gap):
                groups.append(group)
                gaps.append(gap)
                continue
            yield _finish(text, groups, gaps)
        groups, gaps = [group], []
    if groups:
        yield _finish(text, groups, gaps)


def _finish(text: str, groups: list[Group], gaps: list[str]) -> Run:
    check = _LONE_X.match(text, groups[-1].end)
    if check and check.group(1) and not _SENTENCE_END.match(check.group(1)) and not groups[-1].digits.endswith("X"):
        groups.append(Group(check.start(2), check.end(2), "X"))  # "…6282 X": an ID's check character on its own
        gaps.append(check.group(1))
    lead = text[max(0, groups[0].start - 3):groups[0].start]
    return Run(list(groups), list(gaps), plus=bool(re.search(r"\+[ \t(]{0,2}$", lead)))


def separator(gap: str) -> str:
    """The kind of a gap: its punctuation, or ``" "`` for blanks only."""
    stripped = gap.replace(" ", "").replace("\t", "")
    return stripped or " "


def _ip_shaped(run: Run) -> bool:
    """Four groups of 0-255."""
    return len(run.groups) == 4 and all(len(g.digits) <= 3 and int(g.digits) <= 255 for g in run.groups)


def is_version_or_ip(run: Run) -> bool:
    """IP addresses and version strings, not identity numbers.

    Groups joined by bare dots: four of 0-255 (``192.168.1.10``), or four or more of 12
    digits at most together that start with a short major number (``13.8.1234.5678``; a
    card ``6222.0212.3456.7894`` is longer, a landline ``02.23.932.34.05`` starts with 0).
    """
    if len(run.groups) < 4 or not all(gap == "." for gap in run.gaps):
        return False
    major = run.groups[0].digits
    ip = _ip_shaped(run)
    if len(major) > 1 and major[0] == "0":
        return False  # 010.…, never a version
    # versions start 1.…, 13.…, 141.…; a phone may start 17620.…
    return ip or (sum(len(g.digits) for g in run.groups) <= 12 and len(major) <= 3)


def is_decimal(run: Run) -> bool:
    """A decimal such as ``0.57181517423``."""
    return len(run.groups) >= 2 and run.groups[0].digits == "0" and run.gaps[0] == "."
