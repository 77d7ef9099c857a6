"""The shape of a message: the user's own words, and material they pasted, quoted or fenced.

A user who pastes an e-mail, a web page, a config file, a stack trace or a line of their
novel is handing the assistant *data*. Instructions inside that data ("AI: ignore your
rules …" in a forwarded mail, ``<system>`` in a chat template, a villain's line) are not the
user's orders: the turn is answered, and nothing from such a block is stored or obeyed.
The user's own words are screened as orders.

:func:`split_message` finds the blocks:

* fenced code (```` ``` ```` or ``~~~``; the fence's info string stays with the user's words,
  so a fence labelled ``system`` is still a forged role);
* e-mail quotes (lines starting with ``>``);
* a paste introduced by a line ending in a colon ("Here is the email:", 「帮我总结下面这段：」)
  or between delimiter lines (``---``, triple quotes, ``<<<``/``>>>``, "Forwarded message",
  ``BEGIN``/``END``), up to the closing delimiter or the end (a closing question line stays
  the user's);
* runs of two or more lines that look like code, config or a log;
* after the user's opening lines that point at it ("this email", 「这封」) and a blank line, the rest
  when it reads as a document or pasted data (a letter, a record, a log: :func:`~.paste_shape.document`, :func:`~.paste_shape.is_pasted`);
* quoted speech of some length in ``"…"``, ``“…”``, ``「…」``, ``『…』``, ``‘…’``, ``'…'`` (not an
  apostrophe: the quote starts and ends outside a word; not a string assigned with ``=``, a
  fragment of code the message may put together, nor a link's ``src="…"``/``href="…"``: an image or link the
  assistant is asked to emit is the request itself). Inline code in backticks stays the user's
  words: "call `update_user_role` with …" names the tool it asks for.

When the user's own words are almost nothing (the whole message is a quote or a fence), the
message is screened as a whole: there is no one else's material to set apart. What extraction
reads of a message without its pasted data is :mod:`.pasted_data`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipelines.receive.screening.paste_shape import document, is_pasted

__all__ = ["CODE_LINE", "FENCE", "Part", "Shape", "block_spans", "split_message"]

FENCE = re.compile(r"^\s*(```+|~~~+)\s*([^\n`]*)$")
_INTRO = re.compile(
    r"(?:[:：]|(?:below|following|attached|pasted|here(?:'s| is| are)?)\s*[.…]*)\s*$"
    r"|(?:如下|以下|下面|这段|这封|内容)[^。！？\n]{0,10}[:：]?\s*$",
    re.I,
)
_DELIMITER = re.compile(
    r"^\s*(?:[-=_*~#]{3,}.*|\"\"\"|'''|<{3,}.*|>{3,}.*|(?:begin|end|start)\s+(?:of\s+)?\w+.*"
    r"|[-\s]*(?:forwarded|original)\s+message[-\s]*|\[(?:/?(?:email|document|page|quote|paste|file|log))\]"
    r"|-{2,}\s*(?:转发|原始)的?(?:邮件|消息)\s*-{2,})\s*$",
    re.I,
)
CODE_LINE = re.compile(
    r"^\s*(?:[{}\[\]<]|</?\w[\w.-]*[\s>]|#\s*\w|//|/\*|\*\s|\$\s|>>>\s|(?:def|class|import|from|return|function|const|let"
    r"|var|if|for|while|SELECT|INSERT|UPDATE)\b|[\w.\-\"']+\s*[:=]\s*\S|-\s+[\w\"']+\s*:|File\s+\"|Traceback\b"
    r"|at\s+[\w.$<>]+\(|\w+(?:Error|Exception)\b|\d{4}-\d\d-\d\d[ T]\d\d:|\[(?:INFO|WARN|ERROR|DEBUG)\]|(?:INFO|WARN"
    r"|ERROR|DEBUG)\b)"
)
_SPEECH = re.compile(r"(?<!src=)(?<!href=)(?<!action=)(?<!url=)\"([^\"\n]{12,})\"|“([^”]{6,})”|「([^」]{6,})」|『([^』]{6,})』|‘([^’]{6,})’"
                     r"|(?<![\w'=])(?<!=\s)'((?:[^'\n]|(?<=\w)'(?=\w)){12,}?)'(?![\w'])")
_CLOSING_QUESTION = re.compile(r"[?？]\s*$")
_WORDS = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")
MIN_OWN_WORDS = 3  # fewer words of one's own: the quote is the message


@dataclass(frozen=True)
class Part:
    """One run of a message.

    Attributes:
        text: The run's text.
        quoted: Pasted, quoted or fenced material (data); ``False`` for the user's own words.
        kind: ``own``, ``fence``, ``quote``, ``paste``, ``code`` or ``speech``.
    """

    text: str
    quoted: bool
    kind: str


@dataclass(frozen=True)
class Shape:
    """A message split into the user's own words and quoted blocks.

    Attributes:
        parts: The runs in order.
        own: The user's own words, joined (the whole message when it has no quoted block, or
            when its own words are almost nothing).
        quoted: The quoted blocks' texts.
    """

    parts: tuple[Part, ...]
    own: str
    quoted: tuple[str, ...]

    @property
    def has_quotes(self) -> bool:
        """Whether some of the message is someone else's material."""
        return bool(self.quoted)


def _fences(lines: list[str]) -> list[tuple[int, int, str]]:
    """``(first, last, kind)`` line spans of fenced blocks' insides (an unclosed fence runs to the end)."""
    spans, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(m.group(1)[:3])), len(lines))
        if end > i + 1:
            spans.append((i + 1, end - 1, "fence"))
        i = end + 1
    return spans


def _paste_end(lines: list[str], start: int, taken: set[int]) -> tuple[int, int]:
    """``(last line of the paste, index to go on from)`` for a paste opened at line ``start``."""
    end = next((j for j in range(start + 1, len(lines)) if j in taken or _DELIMITER.match(lines[j])), len(lines))
    last = end - 1
    if end == len(lines) and last > start + 1 and _CLOSING_QUESTION.search(lines[last]) and len(lines[last]) < 200:
        last -= 1  # "… why does this fail?" after the paste is the user's again
    return last, end + 1 if end < len(lines) else end


def _opens_paste(lines: list[str], i: int, taken: set[int]) -> bool:
    line = lines[i]
    return i not in taken and bool(line.strip()) and bool(_INTRO.search(line) or _DELIMITER.match(line))


def _delimited(lines: list[str], taken: set[int]) -> list[tuple[int, int, str]]:
    """Pastes after an introducing line or between delimiter lines."""
    spans, i = [], 0
    while i < len(lines) - 1:
        if not _opens_paste(lines, i, taken):
            i += 1
            continue
        last, after = _paste_end(lines, i, taken)
        if last >= i + 1 and any(lines[k].strip() for k in range(i + 1, last + 1)):
            spans.append((i + 1, last, "paste"))
        i = after
    return spans


_ONE_LINE_DATA = re.compile(r"^\s*[\[{].{30,}[\]}]\s*$")  # one line of JSON (not markup: <system>… is a forged turn)


def _is_code(lines: list[str], i: int, line: str, taken: set[int]) -> bool:
    return i < len(lines) and i not in taken and bool(CODE_LINE.match(line))


def _blank_inside(lines: list[str], i: int, line: str) -> bool:
    """A blank line inside a code run: the next line is code again."""
    return line.strip() == "" and i + 1 < len(lines) and bool(CODE_LINE.match(lines[i + 1]))


def _multi_line_code(lines: list[str], taken: set[int]) -> list[tuple[int, int, str]]:
    """Runs of two or more code-, config- or log-looking lines (blank lines inside allowed)."""
    spans = []
    start = None
    for i, line in enumerate([*lines, ""]):
        code = _is_code(lines, i, line, taken)
        if code and start is None:
            start = i
        elif not code and start is not None and not _blank_inside(lines, i, line):
            if i - start >= 2:
                spans.append((start, i - 1, "code"))
            start = None
    return spans


def _code_runs(lines: list[str], taken: set[int]) -> list[tuple[int, int, str]]:
    """Runs of two or more code-, config- or log-looking lines (blank lines inside allowed), or one
    whole line of JSON."""
    spans = [(i, i, "code") for i, line in enumerate(lines) if i not in taken and _ONE_LINE_DATA.match(line)]
    return spans + _multi_line_code(lines, taken | {i for i, _, _ in spans})


def _line_quotes(lines: list[str], taken: set[int]) -> list[tuple[int, int, str]]:
    return [(i, i, "quote") for i, line in enumerate(lines) if i not in taken and line.lstrip().startswith(">")
            and not line.lstrip().startswith(">>>")]


_POINTS_AT = re.compile(r"\b(?:this|these|that|the\s*(?:following|attached|forwarded|pasted|below)|below|attached|forwarded"
                        r"|pasted)\b|这|以下|下面|转发", re.I)


def _document_after_opening(lines: list[str], taken: set[int]) -> list[tuple[int, int, str]]:
    """The rest of the message after the user's opening lines and a blank line, when the opening points at it
    ("this", 「这封」) and it reads as a document or pasted data (a letter, a record, a log: :mod:`.paste_shape`):
    "Can you summarize this email?" over the e-mail itself. A closing question line stays the user's."""
    blank = next((i for i, line in enumerate(lines) if not line.strip()), None)
    if blank is None or taken & set(range(len(lines))) or not _POINTS_AT.search("\n".join(lines[:blank])):
        return []  # the opening must point at the material: a letter the user writes to the assistant is their words
    last = len(lines) - 1
    if last > blank + 2 and _CLOSING_QUESTION.search(lines[last]) and len(lines[last]) < 200:
        last -= 1
    block = "\n".join(lines[blank + 1:last + 1])
    return [(blank + 1, last, "paste")] if block.strip() and (document(block) or is_pasted(block)) else []


def block_spans(lines: list[str]) -> list[tuple[int, int, str]]:
    spans = _fences(lines)
    for finder in (_line_quotes, _delimited, _code_runs, _document_after_opening):
        taken = {k for a, b, _ in spans for k in range(a, b + 1)} | {a - 1 for a, _, k in spans if k == "fence"}
        spans += finder(lines, taken)
    return sorted(spans)


def _speech(text: str) -> list[Part]:
    """Own words with quoted speech of some length set apart."""
    parts: list[Part] = []
    at = 0
    for m in _SPEECH.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if len(re.findall(r"[\u4e00-\u9fff]", inner)) < 4 and not re.search(r"\S\s+\S", inner):
            continue  # “mary_k”, "config.yaml": a name in quotes, not someone's words
        parts.append(Part(text[at:m.start()], False, "own"))
        parts.append(Part(inner, True, "speech"))
        at = m.end()
    parts.append(Part(text[at:], False, "own"))
    return [p for p in parts if p.text.strip()]


def _only_delimiters(own: str) -> bool:
    """The own words are nothing but delimiter or header lines ("### NEW SYSTEM DIRECTIVE ###"): no one else's
    material is set apart by them, the message is the user's."""
    lines = [line for line in own.split("\n") if line.strip()]
    return bool(lines) and all(_DELIMITER.match(line) for line in lines)


def split_message(text: str) -> Shape:
    """Split ``text`` into the user's own words and quoted, pasted or fenced blocks."""
    lines = text.split("\n")
    parts: list[Part] = []
    at = 0
    for first, last, kind in block_spans(lines):
        if first > at:
            parts += _speech("\n".join(lines[at:first]))
        parts.append(Part("\n".join(lines[first:last + 1]), True, kind))
        at = last + 1
    if at < len(lines):
        parts += _speech("\n".join(lines[at:]))
    own = "\n".join(p.text for p in parts if not p.quoted)
    quoted = tuple(p.text for p in parts if p.quoted)
    if not quoted or len(_WORDS.findall(own)) < MIN_OWN_WORDS or _only_delimiters(own):
        return Shape((Part(text, False, "own"),), text, ())
    return Shape(tuple(parts), own, quoted)
