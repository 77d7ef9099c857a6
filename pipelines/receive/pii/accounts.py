"""Messaging and social accounts named as such: QQ, WeChat, Alipay, Douyin, Telegram/Line/… handles.

An account is a contact handle as personal as a phone number, but its shapes (5–11 digits,
six letters and digits) are everywhere, so it counts only right after its label, in any
wording: "QQ号 12345678", "QQ 123 456 789", "微信：zhang_wei88", "WeChat ID is lina_1990",
"weixin: lina1990", "加V abc12345", "支付宝 UID 2088…", "抖音号：dy_12345", "telegram @li_na".

The table :data:`ACCOUNTS` holds, per service, its label words and the shape of its ids. A
value of letters only counts after an explicit separator (``:``, ``是``; "WeChat is better" is
no ID); with a digit, ``_``, ``.`` or a leading ``@`` any separator does. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

# What may follow a service's name before the id: "ID", "号", "account", "handle" …
_LABEL_TAIL = (
    r"(?:[ \t]*,?[ \t]*(?:账号|帳號|用户|用戶|user)?[ \t]*(?:ID|Id|id|UID|uid|userId|userid|号码?|號碼?|号|號|账号|帳號|账户|帳戶"
    r"|handle|account|username|user[ \t]?name|name|number|no\.?)(?![A-Za-z]))?"
)
_EXPLICIT = r"(?:[ \t]*(?:吧|呀|啊|哈|呢|哦|嘛|就是|也是|号是|號是))?(?:[ \t]*(?:[:：=]|是|为|為|->|→)[ \t]*){1,2}"
_SEPARATOR = (
    rf"(?P<sep>{_EXPLICIT}|[ \t]*(?:吧|呀|啊|哈|呢|哦|嘛)?[ \t]*(?:is|was|-|\(|（)?[ \t]*(?:[ \t]|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9@]))"
    rf"|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9@]))"
)
_HANDLE = r"@?[A-Za-z0-9_][A-Za-z0-9_.-]{2,31}(?<![.-])"
_WECHAT_ID = r"[A-Za-z][-_A-Za-z0-9]{5,19}"
_QQ_NUMBER = r"[1-9]\d{0,4}(?:[ \t-]?\d{1,5}){0,10}"
_ALIPAY_UID = re.compile(r"(?<!\d)2088(?:[ \t-]?\d{4}){3}(?!\d)")
_ALIPAY_WORD = re.compile(r"支付宝|支付寶|alipay", re.IGNORECASE)
_VERSION = re.compile(r"v?\d+(?:\.\d+)+")


def _latin(words: str) -> str:
    return rf"(?<![A-Za-z])(?:{words})(?![A-Za-z])"


#: Per service: (its label words, the shape of its ids).
ACCOUNTS: tuple[tuple[str, str, str], ...] = (
    ("qq", rf"(?:{_latin('QQ|qq|Qq')}|扣扣|企鹅号?)", _QQ_NUMBER),
    ("wechat", rf"(?:微信号?|微信账号|微信ID|V信|威信|薇信|徽信|加[Vv微]|\+[Vv](?![A-Za-z])|加我[Vv]"
               rf"|{_latin('VX|vx|Vx|wx|WX|weixin|Weixin|WeiXin|WeChat|wechat|Wechat|WECHAT')})", rf"{_WECHAT_ID}|{_HANDLE}"),
    ("alipay", rf"(?:支付宝|支付寶|{_latin('alipay|Alipay|AliPay')})", rf"2088\d{{12}}|{_HANDLE}"),
    ("social", rf"(?:抖音号?|抖音ID|{_latin('dy|DY|Dy')}号|快手号?|小红书号?|小紅書號?|B站|哔哩哔哩|微博|知乎|{_latin('TikTok|tiktok|douyin|Douyin|bilibili|weibo|Weibo')})",
     _HANDLE),
    ("handle", _latin("telegram|Telegram|TG|tg|line|Line|LINE|skype|Skype|discord|Discord|twitter|Twitter|instagram"
                      "|Instagram|insta|Insta|ins|IG|snapchat|Snapchat|threads|Threads|signal|Signal|kakao|KakaoTalk")
     + "|推特|脸书|臉書", _HANDLE),
)
_PATTERNS = tuple(
    (service, re.compile(rf"(?:{label}){_LABEL_TAIL}{_SEPARATOR}(?P<id>{value})(?![-_A-Za-z0-9@]|\.[A-Za-z0-9])"))
    for service, label, value in ACCOUNTS
)
_EXPLICIT_SEP = re.compile(_EXPLICIT)


def _accepted(service: str, match: re.Match[str]) -> bool:
    value, separator = str(match.group("id")), str(match.group("sep"))
    if service == "qq":
        return 5 <= sum(c.isdigit() for c in value) <= 11
    if _VERSION.fullmatch(value):
        return False  # 微信 8.0.47 is a version
    if service == "handle":  # "line 2024-03-15", "signal 5": a generic word needs ":" or "@" and a letter
        explicit = _EXPLICIT_SEP.fullmatch(separator) is not None or value.startswith("@") or (
            "is" in separator and re.search(r"[\d_]", value) is not None)
        return explicit and re.search(r"[A-Za-z]", value) is not None and len(value.lstrip("@")) >= 3
    if re.search(r"[\d_.]", value) or value.startswith("@"):
        return len(value.lstrip("@")) >= 5
    return service != "handle" and _EXPLICIT_SEP.fullmatch(separator) is not None and len(value) >= 6


def find_accounts(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the account identifiers (not their labels) in the normalised ``text``."""
    if _ALIPAY_WORD.search(text):  # an Alipay UID: 2088 and twelve digits, wherever the text names Alipay
        for match in _ALIPAY_UID.finditer(text):
            yield match.span()
    for service, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _accepted(service, match):
                start, end = match.span("id")
                yield (start + 1 if text[start] == "@" and service != "handle" else start), end
