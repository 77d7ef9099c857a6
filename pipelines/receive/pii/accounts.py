"""Messaging and social accounts named as such: QQ numbers, WeChat IDs, Telegram/Line/Skype/… handles.

An account is a contact handle as personal as a phone number, but its shapes (5–11 digits,
six letters and digits) are everywhere, so it counts only right after its label ("QQ号
12345678", "微信：zhang_wei88", "telegram @li_na"). A WeChat ID without a separator must hold
a digit or an underscore ("WeChat account please" is no ID). Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

_SEP = r"[ \t]*(?:是|为|:|=|号码?是?|账号是?)?[ \t]*"
_QQ = re.compile(r"(?<![A-Za-z0-9])(?:QQ|qq|Qq|扣扣)(?:号码?|账号|号)?" + _SEP + r"(?P<id>[1-9]\d{4,10})(?!\d)")
_WECHAT = re.compile(
    r"(?:微信号?|微信账号|V信|威信|(?<![A-Za-z])(?:VX|vx|Vx|wx|WX|WeChat|wechat|Wechat|WECHAT)(?![A-Za-z]))"
    r"(?P<label_end>[ \t]*(?:ID|id|号)?)(?P<sep>[ \t]*(?:是|为|:|=)?[ \t]*)"
    r"(?P<id>[A-Za-z][-_A-Za-z0-9]{5,19})(?![-_A-Za-z0-9])"
)
_HANDLE = re.compile(
    r"(?<![A-Za-z])(?:telegram|Telegram|TG|tg|line|Line|LINE|skype|Skype|discord|Discord|twitter|Twitter|推特"
    r"|instagram|Instagram|ins|IG|微博)(?![A-Za-z])[ \t]*(?:ID|id|号|账号|handle|account)?"
    r"(?:[ \t]*(?:是|为|:|=)[ \t]*@?|[ \t]+@)(?P<id>[A-Za-z0-9_][A-Za-z0-9_.-]{2,31})(?![A-Za-z0-9_])"
)


def find_accounts(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the account identifiers (not their labels) in the normalised ``text``."""
    for match in _QQ.finditer(text):
        yield match.span("id")
    for match in _WECHAT.finditer(text):
        value = match.group("id")
        if match.group("sep").strip() or re.search(r"[\d_]", value):
            yield match.span("id")
    for match in _HANDLE.finditer(text):
        yield match.span("id")
