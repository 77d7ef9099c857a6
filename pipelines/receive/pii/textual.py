"""E-mail addresses (plain, full-width, spaced, spelled out) and passport numbers.

Patterns run on the normalised view (see :mod:`pipelines.receive.pii.normalize`), where a
full-width ``＠`` is already ``@``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.receive.pii import cues

_TLDS = (
    "com|net|org|edu|gov|mil|int|info|biz|io|co|cn|hk|tw|mo|sg|jp|kr|uk|de|fr|it|es|nl|se|no|fi|dk"
    "|ch|at|be|pl|ru|in|au|nz|ca|us|br|mx|me|tv|cc|xyz|top|vip|ai|app|dev|email|online|site|tech"
)
_MAIL_HOSTS = (
    "gmail|googlemail|yahoo|hotmail|outlook|live|msn|icloud|me|mac|aol|proton|protonmail|pm|gmx"
    "|mail|yandex|zoho|qq|foxmail|163|126|yeah|sina|sohu|aliyun|139|189|wo|tom|21cn|263|example"
)
_LOCAL_CHAR = r"[A-Za-z0-9_%+-]"
_DOT_WORD = r"(?:[ \t]*[.。][ \t]*|[ \t]+dot[ \t]+|[ \t]*[(\[{<][ \t]*dot[ \t]*[)\]}>][ \t]*|[ \t]*点[ \t]*)"
_AT_WORD = r"(?:[ \t]*@[ \t]*|[ \t]*[(\[{<][ \t]*a(?:t)?[ \t]*[)\]}>][ \t]*|[ \t]+at[ \t]+|[ \t]*艾特[ \t]*|[ \t]*#[ \t]*)"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
_FILE_EXTENSIONS = (
    "png|jpe?g|gif|svg|webp|bmp|ico|pdf|txt|docx?|xlsx?|pptx?|zip|gz|tgz|tar|rar|7z|py|js|ts|tsx|jsx|json|ya?ml"
    "|html?|css|md|csv|mp3|mp4|mov|avi|wav|exe|dll|so|whl|lock|toml|ini|cfg|log|sh|bat|go|rs|java|kt|rb|php|sql"
)
# A dot inside a domain: bare, spaced on both sides ("163 . com"), or any dot before a
# known top-level domain; never a sentence end ("…example.com. Card: …").
_DOMAIN_DOT = (
    rf"(?:[ \t]*\.(?![ \t])|[ \t]+\.[ \t]+|[ \t]*[.。][ \t]*(?=(?i:{_TLDS})(?![A-Za-z0-9-])))"
)
_EMAIL_PLAIN = re.compile(
    rf"(?<![A-Za-z0-9._%+])[A-Za-z0-9_%+]{_LOCAL_CHAR}*(?:(?:\.|[ \t]+\.[ \t]+){_LOCAL_CHAR}+)*[ \t]{{0,2}}@[ \t]{{0,2}}"
    rf"{_LABEL}(?:{_DOMAIN_DOT}{_LABEL})*{_DOMAIN_DOT}(?!(?i:{_FILE_EXTENSIONS})(?![A-Za-z]))[A-Za-z]{{2,24}}(?![A-Za-z0-9]|-[A-Za-z0-9])"
)
_EMAIL_SPELLED = re.compile(
    rf"(?<![A-Za-z0-9._%+])(?P<local>[A-Za-z0-9_%+]{_LOCAL_CHAR}*(?:{_DOT_WORD}{_LOCAL_CHAR}+)*)(?P<at>{_AT_WORD})"
    rf"(?P<domain>{_LABEL}(?:{_DOT_WORD}{_LABEL})*){_DOT_WORD}(?P<tld>(?i:{_TLDS}))(?![A-Za-z0-9]|-[A-Za-z0-9])",
    re.IGNORECASE,
)
# Internationalised addresses (张伟@公司.中国, josé@correo.es): Unicode letters on either side of
# the @, a dotted domain, at least one character outside ASCII (the plain pattern has the rest).
_EMAIL_IDN = re.compile(
    r"(?<![\w.%+-])[\w%+-]+(?:\.[\w%+-]+)*@[^\W_](?:[\w-]{0,62}[^\W_])?(?:\.[^\W_](?:[\w-]{0,62}[^\W_])?)*"
    r"\.(?:[A-Za-z]{2,24}|中国|中國|公司|网络|網絡|香港|台湾|台灣|新加坡|рф|한국|みんな)(?![\w-])"
)
_CJK_CHAR = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_SPELLED_DOT = re.compile(r"dot|点|[(\[{<]", re.IGNORECASE)
_HOST = re.compile(rf"(?i:{_MAIL_HOSTS})(?:[.\s]|dot|点|$)")

# Chinese passports match on their own; other shapes only after a passport word.
_PASSPORT_CN = re.compile(r"(?<![A-Za-z0-9])(?:[EG]\d{8}|E[A-HJ-NP-Z]\d{7})(?![A-Za-z0-9])")
_PASSPORT_WORD = re.compile(
    r"passport|护照|護照|通行证|通行證|旅行证|台胞证|回乡证|travel document|pasaporte|passeport|reisepass|passaporto", re.IGNORECASE
)
_MAIL_WORD = re.compile(r"e-?mail|mail|邮箱|邮件|电邮|contact|reach|write to|发到|发送到", re.IGNORECASE)
# A number after a passport word: letters and digits, with single spaces or dashes between
# digit groups or between the leading letters and the digits ("E-94029824", "E 8145 1011").
_TOKEN = re.compile(
    r"(?<![A-Za-z0-9-])[A-Za-z0-9](?:[A-Za-z0-9]|(?<=\d)[ -](?=\d)"
    r"|(?<=(?<![A-Za-z])[A-Z])[ -](?=\d)|(?<=(?<![A-Za-z])[A-Z][A-Z])[ -](?=\d)){5,13}(?![A-Za-z0-9-])"
)
_DATE_LIKE = re.compile(r"(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
_PASSPORT_REACH = 32
_NUMBER_BEFORE_WORD = re.compile(
    # (one quantifier per run of blanks: five next to each other split a run of spaces in n⁵ ways)
    r"(?<![A-Za-z0-9-])(?P<number>[A-Z0-9]{6,10})(?![A-Za-z0-9-])[ \t]*(?:(?:is|was|=|是|为)[ \t]*)?"
    r"(?:(?:my|our|his|her|their|the|a|我的|他的|她的)[ \t]*)?(?:(?:new|old|current|valid|新|旧)[ \t]*)?(?:的[ \t]*)?$",
    re.IGNORECASE,
)
_PASSPORT_STOP = re.compile(r"[\n。！？!?；;，,、\u25a0]")


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(start < b and a < end for a, b in spans)


def _spelled_is_address(match: re.Match[str], text: str) -> bool:
    """Whether a spelled-out match (``name at host dot com``) is an address, not a sentence.

    ``at`` needs a spelled dot, a known mail host, digits or dots in the local part, or a mail
    word just before ("look at google.com" is a sentence); ``#`` needs a known host or a spelled
    dot; every other at-word (``@``, ``(at)``, ``艾特``) is an address.
    """
    at = match.group("at").strip().lower()
    if at not in ("at", "#"):
        return True
    spelled = bool(_SPELLED_DOT.search(match.group(0)[match.start("domain") - match.start():]))
    known_host = _HOST.match(match.group("domain")) is not None
    if at == "#":
        return known_host or spelled
    odd_local = re.search(r"[\d._]", match.group("local")) is not None
    mail_word = _MAIL_WORD.search(text[max(0, match.start() - 24):match.start()]) is not None
    return spelled or known_host or odd_local or mail_word


def _ascii_tail_is_address(address: str) -> bool:
    """An IDN match that is an ASCII address, or Chinese words before one ("我的邮箱是li@163.com")."""
    local, _, domain = address.partition("@")
    return address.isascii() or bool(_CJK_CHAR.search(local) and (domain.isascii() or re.search(r"[A-Za-z0-9]", local)))


def _with_idn(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with internationalised addresses: each replaces the ASCII spans inside it."""
    for match in _EMAIL_IDN.finditer(text):
        if _ascii_tail_is_address(match.group(0)):
            continue  # Chinese before an ASCII address is the sentence, not its local part
        rest = [(a, b) for a, b in spans if not (match.start() <= a and b <= match.end())]
        if not _overlaps(match.start(), match.end(), rest):
            spans = rest + [match.span()]  # the whole address, not its ASCII tail
    return spans


_SPACED_AT = re.compile(r"^(?P<local>[^@]*?)(?P<before>[ \t]*)@(?P<after>[ \t]*)(?P<domain>.*)$")
_KNOWN_TLD = re.compile(rf"(?i:{_TLDS})")


def _mention(value: str) -> bool:
    """"is @sunny.days_22", "ask @tom.lee": a word, a space, then a handle — a mention, not an address; an address
    spaced only before its ``@`` needs a known mail host or top-level domain."""
    parts = _SPACED_AT.match(value)
    if parts is None or not parts.group("before") or parts.group("after"):
        return False
    domain = parts.group("domain")
    tld = re.split(r"[ \t]*[.。][ \t]*", domain)[-1]
    return _HOST.match(domain) is None and _KNOWN_TLD.fullmatch(tld) is None


def find_emails(text: str) -> Iterator[tuple[int, int]]:
    """Spans of e-mail addresses, including ``name (at) host dot com`` and ``name at host.com``."""
    spans = [match.span() for match in _EMAIL_PLAIN.finditer(text) if not _mention(match.group(0))]
    for match in _EMAIL_SPELLED.finditer(text):
        if not _overlaps(match.start(), match.end(), spans) and _spelled_is_address(match, text):
            spans.append(match.span())
    yield from _with_idn(text, spans)


def _letters_first(value: str) -> str:
    """The passport number at the start of a letters-first token.

    Groups are taken while the number is shorter than seven characters, so ``E 8145 1011``
    and ``E-94029824`` are whole, and ``E12345678 1990年`` stops before the year.
    """
    parts = re.split(r"([ -])", value)
    taken = parts[0]
    for index in range(1, len(parts) - 1, 2):
        if len(taken.replace(" ", "").replace("-", "")) >= 7:
            break
        taken += parts[index] + parts[index + 1]
    return taken


def _passport_shaped(value: str) -> bool:
    compact = value.replace(" ", "").replace("-", "")
    lower_ok = re.fullmatch(r"[a-z]{1,2}\d{6,9}", compact) is not None  # "护照：e11591198", typed in lower case
    return (
        not _DATE_LIKE.fullmatch(compact) and (compact.upper() == compact or lower_ok)
        and sum(c.isdigit() for c in compact) >= 4 and 6 <= len(compact) <= 10
    )


def _first_after(text: str, word: re.Match[str]) -> tuple[int, int] | None:
    """The passport number after a passport word: its first token with a digit, when passport-shaped."""
    reach = min(len(text), word.end() + _PASSPORT_REACH)
    stop_at = _PASSPORT_STOP.search(text, word.end(), reach)  # a clause end or a mask ends the search
    for token in _TOKEN.finditer(text, word.end(), stop_at.start() if stop_at else reach):
        value = _letters_first(token.group(0)) if token.group(0)[0].isalpha() else token.group(0)
        if not any(c.isdigit() for c in value):
            continue  # a word such as "number"
        return (token.start(), token.start() + len(value)) if _passport_shaped(value) else None
    return None


def _number_before(text: str, word: re.Match[str]) -> tuple[int, int] | None:
    """"A12345678 is my passport number": the passport-shaped number right before the word."""
    before = _NUMBER_BEFORE_WORD.search(text, max(0, word.start() - _PASSPORT_REACH), word.start())
    if before and _passport_shaped(before.group("number")) and not cues.says_not_pii(text, before.start("number")):
        return before.span("number")
    return None


def _add_apart(spans: list[tuple[int, int]], more: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with each of ``more`` (in order) that overlaps none taken so far."""
    for start, end in more:
        if not _overlaps(start, end, spans):
            spans.append((start, end))
    return spans


def find_passports(text: str) -> Iterator[tuple[int, int]]:
    """Spans of passport numbers: Chinese ones anywhere, foreign ones after a passport word."""
    words = list(_PASSPORT_WORD.finditer(text))
    after = [span for span in (_first_after(text, word) for word in words) if span is not None]
    before = [span for span in (_number_before(text, word) for word in words) if span is not None]
    chinese = [match.span() for match in _PASSPORT_CN.finditer(text) if not cues.says_not_pii(text, match.start())]
    yield from _add_apart(after, before + chinese)
