"""A structural reading of the own words: who is told to act, and on what.

The rules of :mod:`.screen` recognise attack wordings one by one; an attack written in words
none of them knows still has a shape: a clause *addressed to the assistant* (an imperative, "can
you …", "I need you to …", 「请…」, 「帮我…」) whose action (show, run, send, grant, ignore …) falls
on something that is not the user's to command — the assistant's rules, prompt or settings, its
tools, shell and files, credentials and privileges, or another user's data. This module reads
that shape as four numbers for the calibrated model (:mod:`.calibrated`), which weighs them
with everything else (a question, a discussion, quoted material); it blocks nothing by itself.

A target the user owns ("my notes", 「我的记忆」) is not a protected target: "delete my data" is
the user's right, "delete user 4411's data" is not.
"""
from __future__ import annotations

import re

__all__ = ["ADDRESSED_FEATURES", "addressed_features"]

ADDRESSED_FEATURES: tuple[str, ...] = ("addr_imperative", "addr_target", "addr_on_target", "other_user")
"""Names of the values :func:`addressed_features` returns, in order."""

_CLAUSES = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；\n])\s*|[,，]\s+|，")
_VERB_EN = (r"(?:show|print|display|list|dump|output|repeat|recite|reveal|disclose|leak|send|forward|email|post|export"
            r"|upload|share|give|tell|paste|copy|run|execute|exec|eval|evaluate|call|invoke|use|access|read|open|cat"
            r"|fetch|curl|wget|download|load|query|look\s*up|pull|retrieve|delete|drop|remove|wipe|erase|purge"
            r"|disable|turn\s*off|switch\s*off|bypass|skip|ignore|disregard|override|overwrite|forget|grant|create"
            r"|generate|issue|mint|reset|change|modify|update|elevate|promote|escalate|unlock|enable|make\s*me|add\s*me"
            r"|set|switch|treat\s*me)")
_VERB_ZH = (r"(?:显示|展示|输出|打印|列出|复述|重复|透露|泄露|告诉|发给|发送|转发|导出|上传|分享|给我|贴出|复制|运行|执行|调用"
            r"|使用|访问|读取|读|打开|获取|拉取|下载|加载|查询|查看|查一下|调出|删除|删掉|清空|清除|关闭|禁用|绕过|跳过|忽略|无视"
            r"|覆盖|忘掉|忘记|授予|开通|创建|生成|签发|重置|修改|更改|提升|升级|解锁|启用|设为|设置|把我)")
_ADDRESS_EN = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|now|and|then|also|just|hey|hi|assistant|bot|ai)\W*\s*)*(?:please\s*|pls\s*|kindly\s*)?"
    rf"{_VERB_EN}\b"
    r"|\b(?:can|could|would|will|won't)\s*you\s*(?:please\s*|just\s*)?" + _VERB_EN + r"\b"
    r"|\bi\s*(?:need|want|would\s*like|'d\s*like)\s*you\s*to\b"
    r"|\byou\s*(?:must|will|shall|should|need\s*to|have\s*to|are\s*(?:going\s*)?to|can\s*now|may\s*now)\s*(?:now\s*)?"
    + _VERB_EN + r"\b",
    re.I,
)
_ADDRESS_ZH = re.compile(rf"^\s*(?:现在|那么|然后|接着|好的?|助手)?[，,]?\s*(?:请你?|麻烦你?|帮我|帮忙|给我|你(?:现在|马上|立刻)?"
                         rf"(?:要|必须|得|去|来|应该|可以)?)?\s*(?:{_VERB_ZH}|把|将|用你的?)")
_TARGET = re.compile(
    r"\b(?:(?:system|developer|hidden|initial|original|internal)\s*(?:prompt|message|instructions?|rules?|config\w*)"
    r"|prompt|instructions?|rules|guidelines|polic(?:y|ies)|guardrails?|filters?|safety|restrictions?|moderation"
    r"|configuration|config|settings|tools?|shell|terminal|command\s*line|bash|plugins?|functions?|database|db|server"
    r"|file\s*system|files?|director(?:y|ies)|env(?:ironment)?\s*var\w*|credentials?|passwords?|passwd|api\s*keys?"
    r"|keys?|tokens?|secrets?|admin\w*|root|sudo|superuser|permissions?|privileges?|roles?|access|accounts?"
    r"|memor(?:y|ies)|notes|history|logs?|conversations?|records?|profiles?|tasks)\b"
    r"|(?:/etc|/root|/var|/proc|~/\.ssh|\.ssh|c:\\windows)\S*|\.env\b|\b(?:127\.0\.0\.1|localhost|169\.254\.\d+\.\d+|10\.\d+\.\d+\.\d+"
    r"|192\.168\.\d+\.\d+|metadata(?:\.google)?\.internal)\b"
    r"|系统提示|提示词|指令|规则|设定|限制|安全|过滤|审核|配置|设置|工具|命令|终端|数据库|服务器|文件|目录|环境变量|密码|密钥|令牌"
    r"|管理员|权限|角色|账号|账户|记忆|笔记|聊天记录|历史|日志|档案|资料|任务",
    re.I,
)
_MINE = re.compile(r"(?:\b(?:my|our|mine)\s*(?:\w+\s*){0,2}$|我的\s*$|我们的\s*$|我\s*$)", re.I)
_OTHER_USER = re.compile(
    r"\b(?:other|another|all|every|each|the\s*other|different)\s*(?:user|customer|member|account|person|people|employee)s?\b"
    r"|\beveryone(?:'s|\s*else)\b|\b(?:user|customer|account|member|employee)\s*(?:#|no\.?|id|number)?\s*[:=]?\s*\w*\d\w*\b"
    r"|\b(?:his|her|their)\s*(?:memor(?:y|ies)|notes|tasks|history|conversations?|records|data|profile|account)\b"
    r"|其他用户|别的用户|另一个用户|所有用户|每个用户|全部用户|其他人的|别人的|用户\s*(?:ID|id|编号|号)?\s*[:：]?\s*\w*\d"
    r"|(?:他|她|他们)的(?:记忆|笔记|任务|聊天记录|历史|资料|档案|数据|账号)",
    re.I,
)


def _protected_target(clause: str) -> bool:
    """Whether ``clause`` names a target that is not the user's own."""
    return any(not _MINE.search(clause[max(0, m.start() - 24):m.start()]) for m in _TARGET.finditer(clause))


def addressed_features(own: str) -> tuple[float, float, float, float]:
    """The structural reading of the user's own words (:data:`ADDRESSED_FEATURES`).

    Args:
        own: The message's own words (quoted material already removed), lower-cased or not.

    Returns:
        Whether a clause is addressed to the assistant, whether one names a protected target,
        whether an addressed clause acts on a protected target, and whether another user's
        data or account is named (each 0.0 or 1.0).
    """
    clauses = [c for c in _CLAUSES.split(own) if c and c.strip()] or [own]
    addressed = [c for c in clauses if _ADDRESS_EN.search(c) or _ADDRESS_ZH.search(c)]
    targets = [c for c in clauses if _protected_target(c)]
    on_target = any(_protected_target(c) for c in addressed)
    other = any(not _MINE.search(own[max(0, m.start() - 24):m.start()]) for m in _OTHER_USER.finditer(own))
    return float(bool(addressed)), float(bool(targets)), float(on_target), float(other)
