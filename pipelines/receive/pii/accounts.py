"""Messaging, social and service accounts named as such: QQ, WeChat, Alipay, Douyin, Telegram/Line/… handles,
and any user name or account id after a label that says so.

An account is a contact handle as personal as a phone number, but its shapes (5–11 digits,
six letters and digits) are everywhere, so it counts only next to its label. The label grammar
(services, account words, separators, the shapes of ids) is :mod:`pipelines.receive.pii.account_labels`;
this module decides which matches are ids. The weaker the separator, the more the value must
look like a handle: letters only only after an explicit separator ("WeChat is better" is no ID);
after a space, a verb or a bracket it needs a digit, ``_``, ``.`` or a leading ``@``; after a
comma, a digit or ``_``. A generic account word is no label when its qualifier announces a
look-alike (an order, a meeting, a request, a device…), and placeholders, codes and hex are no ids.
Context-free shapes: a WeChat ``wxid_…`` id, and an Alipay UID (2088 and twelve digits) in a text
that names Alipay. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.receive.pii.account_labels import (
    EXPLICIT_SEP,
    FOLLOWER,
    GENERIC,
    GENERIC_NEGATIVE,
    ID_WORD,
    PATTERNS,
    VALUE_FIRST,
    may_have_label,
)
from pipelines.receive.pii.checks import card_network_prefix, luhn_valid
from pipelines.receive.pii.profiles import find_profiles

_ALIPAY_UID = re.compile(r"(?<!\d)2088(?:[ \t-]?\d{4}){3}(?!\d)")
_ALIPAY_WORD = re.compile(r"支付宝|支付寶|alipay", re.IGNORECASE)
_WXID = re.compile(r"(?<![A-Za-z0-9_])wxid_[A-Za-z0-9]{6,24}(?![A-Za-z0-9_])")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+")
_UUID_OR_HEX = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-f]{7,40}|[0-9A-F]{7,40}")
# Placeholders, not anyone's account: "username: john_doe", "用户名：admin", "user_1234", "test_user".
_PLACEHOLDER = re.compile(
    r"(?:admin(?:istrator)?|root|guest|user|test|demo|example|sample|foo|bar|foobar|username|john_?doe|jane_?doe|xxx+)\d*"
    r"|(?:test|demo|example|sample|your|my|user|dummy|fake)[_.-]\w*|\w*[_.-](?:test|demo|example|sample|user|account)",
    re.IGNORECASE,
)
_CODE = re.compile(r"[A-Z]{1,6}[-_]?\d[\dA-Z-]*")  # ORD-2024-0098133, TX8847: a code in capitals, not a handle


def _handle_like(value: str, strict: bool = False) -> bool:
    """A value that reads as a user name: a digit, ``_``, ``.`` or ``@`` in it (``strict``: a digit or ``_``)."""
    core = value.lstrip("@")
    if len(core) < 4 or _VERSION.fullmatch(core):
        return False
    return re.search(r"[\d_]" if strict else r"[\d_.]", core) is not None or (not strict and value.startswith("@"))


def _comma(separator: str) -> bool:
    """Whether a comma is the separator (not part of an explicit one: "改了，现在是")."""
    return ("," in separator or "，" in separator) and EXPLICIT_SEP.fullmatch(separator) is None


def _handle_accepted(value: str, separator: str, explicit: bool) -> bool:
    """"line 2024-03-15", "signal 5": after a generic service word an id needs ":" or "@" and a letter."""
    explicit = explicit or value.startswith("@") or (
        ("is" in separator or "(" in separator or _comma(separator)) and re.search(r"[\d_#:]", value) is not None)
    return explicit and re.search(r"[A-Za-z]", value) is not None and len(value.lstrip("@")) >= 3


def _long_enough(value: str, explicit: bool) -> bool:
    """A labelled id's length rule: a ``@`` name with Chinese 3, a handle-like one 5, a bare word 6 after ``:``."""
    if value.startswith("@") and re.search(r"[\u4e00-\u9fff]", value):
        return len(value) >= 3  # 微博 @阿梅爱做饭
    if re.search(r"[\d_.]", value) or value.startswith("@"):
        return len(value.lstrip("@")) >= 5
    return explicit and len(value) >= 6


_CJK_START = re.compile(r"[\u4e00-\u9fff]")
_QUOTES = "「“『\""


def _accepted(service: str, match: re.Match[str]) -> bool:
    value, separator = str(match.group("id")), str(match.group("sep"))
    explicit = EXPLICIT_SEP.fullmatch(separator) is not None
    if service == "qq":
        return 5 <= sum(c.isdigit() for c in value) <= 11
    if _VERSION.fullmatch(value):
        return False  # 微信 8.0.47 is a version
    if _comma(separator) and not _handle_like(value, strict=True):
        return False  # "微信，是我常用的" — after a comma only a handle with a digit or "_" is an id
    if service == "handle":
        return _handle_accepted(value, separator, explicit)
    label = match.group(0)[:match.start("id") - match.start()]
    if value[:1] in _QUOTES:  # 微博昵称叫「一只快乐的小胖子」: a quoted nickname after an id word
        return ID_WORD.search(label) is not None and (explicit or "叫" in separator or "是" in separator)
    if _CJK_START.match(value):  # "微博 热搜2024" is a topic; "微博名是 吃货小王2020" a nickname
        if not re.search(r"[\d_A-Za-z]", value):  # Chinese only: after an id word and an explicit separator or 叫
            return ID_WORD.search(label) is not None and (explicit or "叫" in separator) and len(value) >= 3
        return (explicit or "叫" in separator or ID_WORD.search(label) is not None) and len(value) >= 4
    return _long_enough(value, explicit)


def _generic_accepted(text: str, match: re.Match[str]) -> bool:
    value, separator = str(match.group("id")), str(match.group("sep"))
    qualifier = text[max(0, match.start() - 16):match.start()]
    if (GENERIC_NEGATIVE.search(qualifier) or _UUID_OR_HEX.fullmatch(value) or _CODE.fullmatch(value)
            or _PLACEHOLDER.fullmatch(value.lstrip("@"))):
        return False
    explicit = EXPLICIT_SEP.fullmatch(separator) is not None
    if _handle_like(value, strict=_comma(separator)):
        return True
    return explicit and value.isalpha() and len(value) >= 5 and not value.isupper()


# The rest of a number written in groups ("账号 0123 4567 8901 23"): the id pattern reads one group.
_MORE_GROUPS = re.compile(r"(?:[ \t-]\d{2,6})+(?![A-Za-z0-9])")


_CARD_GROUPS = re.compile(r"(?:[ \t-]\d{2,16})+(?![A-Za-z0-9])")


def _card_number(value: str) -> bool:
    """13-19 digits with a network prefix that pass the Luhn check: a payment card, whatever the label."""
    digits = re.sub(r"[ \t-]", "", value)
    return 13 <= len(digits) <= 19 and digits.isdigit() and card_network_prefix(digits) and luhn_valid(digits)


def _id_span(text: str, match: re.Match[str], keep_at: bool = False, card_groups: bool = False) -> tuple[int, int]:
    start, end = match.span("id")
    if text[start:end].isdigit():
        more = (_CARD_GROUPS if card_groups else _MORE_GROUPS).match(text, end)
        end = more.end() if more is not None else end
    return (start + 1 if text[start] == "@" and not keep_at else start), end


def _value_first_accepted(value: str) -> bool:
    """An id before its label ("lina_1990 是我的微信") is a handle with a digit or ``_``, no hex or code."""
    return _handle_like(value, strict=True) and not _UUID_OR_HEX.fullmatch(value) and not _CODE.fullmatch(value)


_SENTENCE_END = re.compile(r"[\n。！？!?]")
_FOLLOWER_REACH = 40


def _follower_accepted(service: str, value: str) -> bool:
    """A second id: a QQ number of 5-11 digits, or a handle with a digit or ``_`` (no hex, no code)."""
    if service == "qq" and value.isdigit():
        return 5 <= len(value) <= 11
    return _value_first_accepted(value)


def _followers(text: str, service: str, end: int) -> Iterator[tuple[int, int]]:
    """A second id of the ``service`` account ending at ``end``, later in its sentence, introduced as old, backup
    or other."""
    stop = _SENTENCE_END.search(text, end, min(len(text), end + _FOLLOWER_REACH))
    limit = stop.start() if stop else min(len(text), end + _FOLLOWER_REACH)
    for cursor in range(end, limit):
        if text[cursor] not in ",，;；、 \t":
            continue
        match = FOLLOWER.match(text, cursor, limit)
        if match is not None and _follower_accepted(service, match.group("id")):
            yield _id_span(text, match)
            return


def _labelled(text: str) -> Iterator[tuple[int, int]]:
    if not may_have_label(text):
        return
    for service, pattern in PATTERNS:
        for match in pattern.finditer(text):
            if _accepted(service, match):
                yield _id_span(text, match, keep_at=service == "handle")
                yield from _followers(text, service, match.end())
    for match in GENERIC.finditer(text):
        if _generic_accepted(text, match):
            span = _id_span(text, match, card_groups=True)
            if not _card_number(text[span[0]:span[1]]):  # "收款账号：6222 0212 3456 7894" is a card: the numbers read it
                yield span
    for match in VALUE_FIRST.finditer(text):
        if _value_first_accepted(match.group("id")):
            yield _id_span(text, match)


def find_accounts(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the account identifiers (not their labels) in the normalised ``text``."""
    yield from find_profiles(text)
    if _ALIPAY_WORD.search(text):  # an Alipay UID: 2088 and twelve digits, wherever the text names Alipay
        for match in _ALIPAY_UID.finditer(text):
            yield match.span()
    for match in _WXID.finditer(text):
        yield match.span()
    yield from _labelled(text)
