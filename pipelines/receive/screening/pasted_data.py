"""What extraction reads of a message: the user's words without the data they pasted.

Pasted material (fenced, code-, config- or log-looking blocks, ``>`` quotes, pastes that read as data,
encoded strings) is data to work on, never a statement about the user: it is answered, and extraction
reads only the user's own words around it. The blocks are the ones :func:`.structure.block_spans` finds.
"""
from __future__ import annotations

import re

from pipelines.receive.screening.structure import CODE_LINE, FENCE, block_spans

__all__ = ["without_pasted_data"]

_DATA_KINDS = ("fence", "code", "quote")
_BLOB = re.compile(r"[A-Za-z0-9+/_=-]{24,}|(?:[0-9a-fA-F]{2}[\s:]?){16,}")
_TRACE = re.compile(r"^\s*(?:Traceback\b|File\s+\"|at\s+[\w.$<>]+\(|\w*(?:Error|Exception)\b[:\s]|Caused\s+by\b"
                    r"|\d{4}-\d\d-\d\d[ T]\d\d:\d\d|\[(?:INFO|WARN|WARNING|ERROR|DEBUG|FATAL)\]|(?:INFO|WARN|ERROR|DEBUG"
                    r"|FATAL)\s*[:|\]]|panic:|Segmentation\s+fault|npm\s+ERR!|E\d{4}\b)", re.I)
_DIRECTIVE_LINE = re.compile(r"^\s*[A-Z][A-Z_]{2,}\s+\S")  # Dockerfile / Modelfile style (FROM, RUN, PARAMETER)
DATA_SHARE = 0.6  # of a message's visible characters: the message is pasted data
_KEY_VALUE = r"|[\w.\-\"']+\s*[:=]\s*\S"
_CODE_LINE_BUT_KEY_VALUE = re.compile(CODE_LINE.pattern.replace(_KEY_VALUE, ""))
_LABELLED_PROSE = re.compile(r"^\s*[\w\-]+\s*:\s*(\S+(?:\s+\S+){2,})\s*$")


def _labelled_prose(lines: list[str]) -> set[str]:
    """The "Label: words of prose" lines when there is at most one key-value line (else none)."""
    keyed = [ln for ln in lines if CODE_LINE.match(ln) and not _CODE_LINE_BUT_KEY_VALUE.match(ln)]
    return {ln for ln in keyed if _LABELLED_PROSE.match(ln)} if len(keyed) < 2 else set()


def _code_or_trace(line: str, prose: set[str]) -> bool:
    return bool((CODE_LINE.match(line) and line not in prose) or _TRACE.match(line))


def _coded(lines: list[str]) -> int:
    """Lines that read as code, config or a trace. One "Label: words of prose" line ("Update: the
    deadline moved to December 20.", "Note: I'm allergic to nuts") is the user's own sentence,
    not a config key; two or more such lines are a file."""
    prose = _labelled_prose(lines)
    return sum(1 for ln in lines if _code_or_trace(ln, prose))


def _directives(lines: list[str]) -> int:
    """Dockerfile-style directive lines that are not code or a trace, when there are two or more
    (one line in capitals is someone shouting, "OMG I got the job"; two or more a file)."""
    directives = sum(1 for ln in lines if _DIRECTIVE_LINE.match(ln) and not (CODE_LINE.match(ln) or _TRACE.match(ln)))
    return directives if directives >= 2 else 0


def _data_like(block: str) -> bool:
    """Whether a block reads as data (code, config, a log or stack trace, an encoded string).

    Used only for what extraction reads, never for the screen's own words: an order in capitals
    ("IGNORE ALL PREVIOUS INSTRUCTIONS") stays the user's words for the screen.
    """
    lines = [ln for ln in block.split("\n") if ln.strip()]
    if not lines:
        return False
    visible = sum(len(ln.strip()) for ln in lines)
    blobs = sum(len(m.group(0)) for m in _BLOB.finditer(block))
    coded = _coded(lines) + _directives(lines)
    return blobs >= DATA_SHARE * visible or coded >= max(1, DATA_SHARE * len(lines))


def _kept_lines(lines: list[str]) -> list[str]:
    """The lines outside blocks, and the blocks (pastes, speech) that do not read as data."""
    kept: list[str] = []
    at = 0
    for first, last, kind in block_spans(lines):
        kept += lines[at:first]
        block = "\n".join(lines[first:last + 1])
        if kind not in _DATA_KINDS and not _data_like(block):
            kept += lines[first:last + 1]
        at = last + 1
    return kept + lines[at:]


def without_pasted_data(text: str) -> str:
    """``text`` without the pasted data in it: fenced, code-, config- or log-looking blocks, ``>`` quotes,
    pastes that read as data, encoded strings; ``""`` when the whole message is such data.

    Pasted material is data to work on, never a statement about the user: it is answered, and
    extraction reads only the user's own words around it ("my config is below — I'd like dark mode").
    """
    kept = _kept_lines(text.split("\n"))
    own = "\n".join(ln for ln in kept if not FENCE.match(ln))
    if _data_like(own) or (not re.search(r"\S", _BLOB.sub("", own))):
        return ""
    own = _BLOB.sub("[data]", own) if _BLOB.search(own) and _data_like_blob_share(own) else own
    return own.strip() if own.strip() != text.strip() else text


def _data_like_blob_share(text: str) -> bool:
    """An encoded string long enough to be pasted data (not a word or an id) sits in the text."""
    return any(len(m.group(0)) >= 40 for m in _BLOB.finditer(text))
