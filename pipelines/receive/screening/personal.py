"""A line of the user's own personal data: an identifier they give, scored on the rules alone.

"Remember my NetID jsm2847", 「身分證統一編號：E226504608」, "vx: lin_2021 加我", 「我嘅身份證係 M224019(5)」:
the user hands over an identifier of their own (an ID or account number, a handle, a phone,
an e-mail). The semantic head reads the query vector of such a line as an encoded string or a
credential and scored several of them as attacks on every PII dev half (5, 3 and 3 of ~90–175
statements refused on ``remember``, 10 in one chat message) while no rule found anything in
them. :func:`gives_own_identifier` says when a message is such a statement: it carries an
identifier-shaped token, and it asks for nobody else's data. The calibrated screen then scores
it without the semantic reading (its rules-only variant), as it does a text the user asks to
translate: the vector reads the data, not a request. Any rule signal or claim in the own words
keeps the semantic reading (the caller checks that first), except the mention of a link an e-mail
address is (:data:`IDENTIFIER_MENTIONS`).
"""
from __future__ import annotations

import re

__all__ = ["gives_own_identifier", "IDENTIFIER_MENTIONS"]

IDENTIFIER_MENTIONS = frozenset({"contains_link"})
"""Rule reasons an identifier line may carry and still be one: an e-mail address reads as a link."""

_IDENTIFIER = re.compile(
    r"\d(?:[\s-]?\d){4,}"  # five or more digits, spaced or dashed: phones, ID, card and account numbers
    r"|\b(?=[a-z_.-]*\d)(?=\d*[a-z])[a-z0-9_.-]*[a-z]\d{3,}[a-z0-9_.-]*|\b[a-z]{1,3}\d{6,}\b"  # jsm2847, a128374657
    r"|[\w.+-]+@[\w-]+\.[\w.]{2,}"  # e-mail
    r"|(?:\*{2,}|[x×]{3,}|…)[\s-]?\d{2,6}(?!\d)"  # a value already masked: "[phone ***1234]", "card xxxx-1234", "‹id …8394›"
    r"|(?<![a-z])(?:vx|wx|v信|微信|薇信|weixin|wechat|qq|q号|扣扣|企鹅号|line|telegram|tg|instagram|ig|抖音号?|小红书号?|uid|netid"
    r"|handle|username|user\s*name|用户名|账号|帳號)(?![a-z])\s*(?:id|号|號)?\s*(?:is\b|是|係|[:：])\s*@?[a-z0-9][\w.-]{3,}",
    re.I,
)
_OTHERS = re.compile(
    r"\b(?:all|every|other|another)\s*(?:the\s*)?(?:users?|accounts?|customers?|tenants?|people)\b|\b(?:their|his|her)\s*"
    r"(?:notes?|memor\w*|data|accounts?|messages?|chats?)\b|所有用户|其他用户|别的用户|他人|他们的|她们的|授权|权限|管理员"
    r"|\b(?:admin\w*|authori[sz]\w*|permission|override|grant\w*|privilege\w*|api\s*key|token|password|secret)\b"
    r"|\byou\s*(?:should|must|will|shall|need\s*to|have\s*to|are\s*to)\b|\b(?:whenever|every\s*time|from\s*now\s*on)\b"
    r"|(?:每次|每当)[^。！？\n]{0,8}你|你(?:必须|应该|要|得|需要)"  # a standing order to the assistant is no statement of one's data
    r"|\b(?:user|account|uid)\W{0,5}(?:id\W{0,3})?\d{3,8}(?!\d)|别人的|密码|密钥|重置",  # another account by its record number
    re.I,
)


_LEET = re.compile(r"\b[a-z]*\d+[a-z]+[a-z\d]*\b", re.I)  # m3554g3, r0t4t3: words spelled with digits


def gives_own_identifier(own: str, masked: bool = False) -> bool:
    """Whether the user's own words hand over an identifier and say nothing of other users, rights or secrets.

    Args:
        own: The user's own words (masks reduced to their kind word).
        masked: The text as received already held masks (``‹phone …1234›``, ``[phone ***1234]``): a value
            of theirs masked before, an identifier as much as the value itself.
    """
    if len(_LEET.findall(own)) >= 3:
        return False  # digits standing in for letters are an obfuscated text, not an identifier
    return (masked or _IDENTIFIER.search(own) is not None) and _OTHERS.search(own) is None
