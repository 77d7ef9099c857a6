"""Pasted material is not a memory: a stack trace, a log, shell output, JSON, code or base64.

A user pastes data they want help with ("why is it full already" under a ``df -h``); none of it
is a statement about them. :func:`is_pasted` reads the *shape* of the text, not its words:

* lines that look like data — a stack frame (``File "x.py", line 4``, ``at a.b.C(X.java:12)``),
  a log line (a timestamp with a time of day, a level such as ERROR / WARN), a shell prompt
  (``$ cmd``), a table row (several columns split by runs of spaces), code (indented, or
  ending in ``{ } ; :`` with brackets), or a line of which a third is punctuation and symbols;
* spans inside a line that look like data — JSON (``{"key": ...}``), a long run without
  spaces that is not a URL or an e-mail address (base64, a hash, a minified blob).

The text is pasted when such material is at least half of its visible characters, or when it
holds two or more data lines (a short question above a trace is still a paste). An ordinary
statement with a number, a date, a URL or an e-mail address is not data.

Pure: no I/O, no model.
"""
from __future__ import annotations

import re
from collections.abc import Callable

#: A URL or an e-mail address: long, but an ordinary part of a statement ("my blog is https://…").
_LINK = re.compile(r"(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.I)
#: A run without spaces this long (after links are removed) is a blob: base64, a hash, a token, minified code.
_BLOB = re.compile(r"[^\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{40,}")
_BASE64 = re.compile(r"\b[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/])")
#: Inline JSON / a dict literal: an opening brace or bracket followed by a quoted key and a colon.
_JSON = re.compile(r"[{\[]\s*(?:\[\s*)?\"[^\"\n]{0,60}\"\s*:")
_STACK = re.compile(r"^\s*(?:Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|at [\w$.<>]+\([\w$.]*:?\d*\)|"
                    r"Caused by: |\w+ ERR! |[\w.]+(?:Error|Exception)(?::|$)|\.\.\. \d+ more$)")
#: An exception's name and message inside a line ("报错了：ModuleNotFoundError: No module named …", "got a TypeError: x is
#: undefined"): a compound identifier ending in Error / Exception, then a colon.
_RAISED = re.compile(r"(?<![\w.])(?:[\w]+\.)*[A-Z][a-z]+(?:[A-Z][a-z]*)*(?:Error|Exception)\s*:\s*\S")
_LOG = re.compile(r"\d{4}[-/]\d{2}[-/]\d{2}[ T]\d{2}:\d{2}(?::\d{2})?|\b(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL)\b|"
                  r"^\[\d{2}:\d{2}(?::\d{2})?\]|^\w{3} \d{1,2} \d{2}:\d{2}:\d{2}\b")
_PROMPT = re.compile(r"^\s*(?:\$|#|>>>|PS [A-Z]:\\[^>]*>|[\w.-]+@[\w.-]+:[~/][^$#]*[$#])\s+\S")
_CODE = re.compile(r"^(?:\s{2,}|\t)\S.*[(){}\[\];=:+*/<>-]|[(=].*[{};]\s*$|^\s*(?:def|class|import|from|return|function|"
                   r"const|let|var|public|private|if|for|while|SELECT|INSERT|UPDATE|DELETE|CREATE)\b.*[(){}\[\];=:<>]|"
                   r"^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE)\b.*;\s*$|^\s*print\(.*\)")
_TABLE = re.compile(r"\S(?: {2,}|\t)\S.*\S(?: {2,}|\t)\S")
_WORD = re.compile(r"[^\W\d_]", re.UNICODE)


def _symbol_share(text: str, digits: bool = True) -> float:
    """Share of the visible characters that are neither letters (any script) nor spaces (nor digits, unless ``digits``)."""
    visible = [c for c in text if not c.isspace()]
    if not visible:
        return 0.0
    return sum(1 for c in visible if not _WORD.match(c) and (digits or not c.isdigit())) / len(visible)


def data_line(line: str) -> bool:
    """``line`` has the shape of pasted data (a frame, a log line, a prompt, a table row, code, symbols)."""
    stripped = line.strip()
    if not stripped:
        return False
    plain = _LINK.sub("", stripped)
    return any(shape(line, stripped, plain) for shape in _DATA_SHAPES)


# The shapes of a data line, each over (the line, the line stripped, the stripped line without links).

def _marked(line: str, stripped: str, plain: str) -> bool:
    """A stack frame, a shell prompt, a blob or base64."""
    return bool(_STACK.search(line) or _PROMPT.search(line) or _BLOB.search(plain) or _BASE64.search(plain)
                or _RAISED.search(plain))


def _log_line(line: str, stripped: str, plain: str) -> bool:
    """A log line with symbols or of some length."""
    return bool(_LOG.search(stripped)) and (_symbol_share(stripped) >= 0.25 or len(stripped) >= 40)


def _table_row(line: str, stripped: str, plain: str) -> bool:
    """A table row holding numbers."""
    return bool(_TABLE.search(stripped)) and sum(c.isdigit() for c in stripped) >= 2


def _code_line(line: str, stripped: str, plain: str) -> bool:
    """A line of code with some symbols."""
    return bool(_CODE.search(line)) and _symbol_share(plain) >= 0.08


def _symbols(line: str, stripped: str, plain: str) -> bool:
    """A longer line that is mostly symbols."""
    return len(plain.replace(" ", "")) >= 16 and _symbol_share(plain, digits=False) >= 0.3


_DATA_SHAPES: tuple[Callable[[str, str, str], bool], ...] = (_marked, _log_line, _table_row, _code_line, _symbols)


def _span_chars(line: str) -> int:
    """Visible characters of the data spans inside a prose line (inline JSON, a blob)."""
    plain = _LINK.sub(" ", line)
    total = 0
    match = _JSON.search(plain)
    if match:
        end = max(plain.rfind("}"), plain.rfind("]"))
        total += len(plain[match.start():end + 1].replace(" ", "")) if end > match.start() else 0
        plain = plain[:match.start()]
    total += sum(len(m.group()) for m in _BLOB.finditer(plain))
    return total


#: A record or a table joined into one line: cells split by three or more bars or tabs.
_CELLS = re.compile(r"(?:[|│\t][^|│\t]*){3,}")
#: A letter or a message to send: a salutation that opens it and a closing, or a formal salutation and some length.
_SALUTATION = re.compile(r"^(?:(?:dear|hi|hello|hey|to whom it may concern)\b|尊敬的|亲爱的)[^,，:：!！]{0,30}[,，:：!！]", re.I)
#: The user speaking of themselves: a list of their own facts ("1. I live in Oslo 2. I'm a vet") is no document.
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|my|me|we|our)\b|我", re.I)
_CLOSING = re.compile(r"\b(?:best regards|kind regards|warm regards|regards|sincerely|yours truly|best wishes|cheers),?\s*\S{0,30}\s*$|"
                      r"此致|敬礼|顺祝|祝好|谢谢[！!]?\s*\S{0,6}$", re.I)
#: Items numbered in sequence inside one line ("1. 预算通过 2. 下周三上线"), or a heading over a list of measured items
#: ("Ingredients: 2 cups flour, 1 tsp salt, 3 eggs").
_ENUMERATED = re.compile(r"(?:^|[\s：:])1\s*[.、)）]\s*\S.*?\s2\s*[.、)）]\s*\S")
#: Each item is an atomic group, read one way only: as ``(?:[^…]*\d[^…]*[,…]\s*)`` every digit of an item, and every
#: space after its separator, was another way to split the line, and a match that failed tried their product (a line
#: of eight numbers took 280 s on the event loop, stalling every user).
_HEADED = re.compile(r"^[^\W\d_][\w '\u3400-\u9fff-]{1,24}[:：]\s*(?>[^,，、;；]*\d[^,，、;；]*[,，、;；]\s*){2,}\S*\d")


#: A text message of a company forwarded as it came: its sender in 【】 opens it (「【顺丰速运】您的快件…」), the
#: signature Chinese service messages carry.
_SMS_SENDER = re.compile(r"^\s*【[^】\s]{2,12}】")


def document(text: str) -> bool:
    """``text`` joined into one line is a document to work on: a record or a table, a letter, a numbered or a
    measured list, a forwarded service message — material the user wants help with, not a statement about them."""
    said = " ".join(text.split())
    if _SMS_SENDER.search(said) and not _FIRST_PERSON.search(said):
        return True
    if _CELLS.search(said) and said.count("|") + said.count("│") + text.count("\t") >= 3:
        return True
    if _SALUTATION.search(said) and (_CLOSING.search(said) or len(said) >= 160):
        return True
    return bool((_ENUMERATED.search(said) or _HEADED.search(said)) and not _FIRST_PERSON.search(said))


def is_pasted(text: str) -> bool:
    """``text`` is mostly pasted material (see the module docstring), not something said about the user."""
    if document(text):
        return True
    lines = text.splitlines()
    visible = sum(len(line.replace(" ", "").replace("\t", "")) for line in lines)
    if visible < 12:
        return False
    data = [data_line(line) for line in lines]
    if sum(data) >= 2:
        return True
    chars = sum(len(line.replace(" ", "").replace("\t", "")) if is_data else _span_chars(line)
                for line, is_data in zip(lines, data))
    return chars * 2 >= visible
