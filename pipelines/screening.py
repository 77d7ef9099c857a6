"""Prompt-injection screen for incoming user text (Chinese and English).

A rule-based risk score, cheap enough to run on every turn before any model call.
Each rule that matches contributes its weight ``w``; the score combines them as
``1 - prod(1 - w)``, so one strong signal blocks on its own while several weak ones
(a role-play opener, "no restrictions", a stray "jailbreak") block only together.

Before matching, the text is normalised against obfuscation: NFKC (full-width letters
become ASCII), invisible characters removed, whitespace collapsed, lower-cased. Phrase
rules are also run on a *compact* view with all spaces and separators removed, so
``i g n o r e  p r e v i o u s  i n s t r u c t i o n s`` and ``忽 略 之 前 的 指 令``
are caught. Base64-looking blobs are decoded and their content screened too.
"""
from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from dataclasses import dataclass

__all__ = ["ScreeningVerdict", "screen_injection", "RULE_WEIGHTS"]


@dataclass(frozen=True)
class ScreeningVerdict:
    """Outcome of screening one message.

    Attributes:
        score: Combined risk in ``[0, 1]``.
        blocked: ``score >= threshold``; the caller answers safely without a model call.
        reasons: Names of the matched rules, in rule order (``base64:`` prefix for rules
            matched inside a decoded blob).
    """

    score: float
    blocked: bool
    reasons: list[str]


@dataclass(frozen=True)
class _Rule:
    name: str
    weight: float
    pattern: re.Pattern[str]
    compact: bool  # also run on the view with spaces/separators removed
    cased: bool = False  # run on the case-preserving view instead of the lower-cased one


def _rule(name: str, weight: float, pattern: str, compact: bool = True, cased: bool = False) -> _Rule:
    return _Rule(name, weight, re.compile(pattern), compact, cased)


_S = r"\s*"
_ZH_VERB_SHOW = r"(?:输出|打印|显示|告诉我|展示|透露|泄露|泄漏|给我看|复述|重复|说出|公开|发给我|列出|念出|贴出)"

_RULES: tuple[_Rule, ...] = (
    # --- override the instructions -------------------------------------------------
    _rule("ignore_previous_instructions", 0.7,
          r"(?:ignor(?:e|ing)|disregard|forget|skip|override|bypass)\s*(?:all\s*)?(?:of\s*)?"
          r"(?:the\s*|your\s*)?(?:previous|prior|above|earlier|preceding|foregoing|original|system)"
          r"\s*(?:instructions?|prompts?|rules|directions|directives|guidelines|commands|constraints)"),
    _rule("disregard_your_rules", 0.6,
          r"(?:disregard|ignore|forget|abandon|drop|bypass|break|violate)\s*(?:all\s*)?(?:of\s*)?your\s*"
          r"(?:rules|guidelines|restrictions|safety|policies|programming|guardrails|filters|constraints|instructions)"),
    _rule("zh_ignore_instructions", 0.7,
          r"(?<!我)(?:忽略|无视|忘记|忘掉|不要理会|不要管|抛开|丢掉|丢弃|跳过)掉?你?"
          r"(?:之前|以上|前面|上面|先前|此前|原来|原有|原先|原始|系统|所有|全部|一切)的?"
          r"(?:所有|全部|一切)?的?(?:系统)?(?:指令|指示|说明(?!书)|规则|设定|提示词?|要求|限制|约束|命令)"),
    _rule("zh_disregard_rules", 0.6,
          r"(?:不要|别|不再|无需|不用|不必)再?(?:遵守|遵循|理会|服从)(?:你的|任何|那些|系统的?)?"
          r"(?:规则|限制|约束|准则|安全策略|设定|指令)"),
    # --- reveal the system prompt --------------------------------------------------
    _rule("reveal_system_prompt", 0.75,
          r"(?:reveal|print|show|display|output|repeat|tell|give|leak|dump|expose|write\s*out|share|recite"
          r"|spell\s*out|paste)\s*(?:me\s*|us\s*)?(?:all\s*)?(?:of\s*)?(?:your|the\s*(?:hidden|secret|original|initial))"
          r"\s*(?:full\s*|entire\s*|complete\s*|original\s*|hidden\s*|initial\s*|secret\s*|exact\s*)?"
          r"(?:system\s*(?:prompt|message|instructions?)|(?:initial|original|hidden|secret)\s*(?:prompt|instructions)"
          r"|prompt\b(?!\s*(?:ideas|for|about|suggestions)))"),
    _rule("ask_system_prompt", 0.6,
          r"what\s*(?:is|are|was|were|'s|s)\s*your\s*(?:exact\s*|full\s*)?"
          r"(?:system\s*(?:prompt|message)|(?:initial|original|hidden|secret)\s*(?:prompt|instructions))"),
    _rule("repeat_text_above", 0.6,
          r"(?:repeat|print|output|show|copy)\s*(?:everything|all|the\s*(?:text|words|content|messages?))"
          r"\s*(?:above|before\s*this|you\s*were\s*given)"),
    _rule("zh_reveal_system_prompt", 0.75,
          _ZH_VERB_SHOW + r"(?:一下|出来)?(?:你的|您的|你)?(?:完整|全部|原始|初始|隐藏|内部|真实)?的?"
          r"(?:系统提示词?|系统指令|系统消息|系统设定|系统prompt|system\s*prompt|初始指令|初始提示词?|隐藏指令|内部指令)"),
    _rule("zh_reveal_own_prompt", 0.7,
          _ZH_VERB_SHOW + r"(?:一下|出来)?(?:你|您)的(?:完整|全部|原始|初始)?的?(?:提示词|指令|设定|prompt)"
          r"|把(?:你|您)的(?:完整|全部|原始|初始|隐藏)?的?(?:系统提示词?|系统指令|系统设定|初始指令|提示词|system\s*prompt)"
          r"[^。！？!?\n]{0,12}?(?:告诉我|发给我|输出|打印|显示|展示|透露|泄露|给我看|复述|说出来|念出来|贴出来|写出来)"),
    _rule("zh_ask_own_prompt", 0.6,
          r"(?:你|您)的(?:系统)?(?:提示词|system\s*prompt|prompt|初始指令|系统设定)(?:是什么|是啥|全文|原文)"),
    # --- role play that replaces or unlocks the assistant -------------------------
    _rule("role_play_opener", 0.3,
          r"(?:from\s*now\s*on|starting\s*now|henceforth|for\s*the\s*rest\s*of\s*(?:this|the)\s*conversation)"
          r"\s*,?\s*(?:you\s*are|you'?re|you\s*will\s*be|act\s*as|pretend|behave\s*as|respond\s*as)"
          r"|you\s*are\s*now\b|you'?re\s*now\b|pretend\s*(?:to\s*be|you\s*are)|act\s*as\s*if\s*you\s*are"),
    _rule("unrestricted_persona", 0.35,
          r"(?:no|without|free\s*(?:of|from))\s*(?:any\s*)?(?:restrictions|limitations|limits|rules|filters|guidelines"
          r"|censorship|ethics|morals|content\s*polic(?:y|ies))|unrestricted|unfiltered|uncensored"
          r"|no\s*longer\s*(?:bound|restricted)|not\s*bound\s*by"),
    _rule("replace_system_prompt", 0.6,
          r"your\s*(?:new|updated|real|actual|true)\s*(?:system\s*prompt|instructions|rules|directives)\s*(?:are|is|:)"
          r"|new\s*system\s*prompt\s*(?::|is|follows)|override\s*(?:your|the)\s*(?:system\s*prompt|instructions|rules)"
          r"|replace\s*(?:your|the)\s*system\s*prompt"),
    _rule("zh_role_play_opener", 0.3,
          r"你现在(?:就)?是|现在你是|从现在(?:开始|起)[,，]?你(?:就|将|要)?(?:是|扮演|成为)"
          r"|接下来[,，]?你(?:将|要)?扮演|你将扮演|假装你是|你要扮演|请扮演|你不再是"),
    _rule("zh_unrestricted_persona", 0.35,
          r"(?:没有|不受|不再受|摆脱|无视|不存在)(?:任何)?的?(?:限制|约束|规则|审查|过滤|道德|伦理|安全)"
          r"|无限制|无审查"),
    _rule("zh_replace_system_prompt", 0.6,
          r"新的?(?:系统提示词?|系统指令|系统设定)|你的新(?:系统提示词?|设定|指令|规则)是"
          r"|(?:修改|覆盖|替换|重写|更新)(?:你的)?(?:系统提示词?|系统指令|系统设定|初始设定)"),
    # --- fake system / role tags (need punctuation: no compact view) ----------------
    _rule("fake_system_tag", 0.6,
          r"<\s*/?\s*(?:system|sys|developer)\s*>|\[\s*/?\s*(?:system|sys|inst|admin)\s*\]"
          r"|<\|\s*(?:im_start|im_end|system|endoftext|start_header_id|eot_id)\s*\|>|<<\s*/?\s*sys\s*>>"
          r"|#{1,6}\s*(?:system|instructions?|系统|指令|系统指令)\s*[:：]", compact=False),
    _rule("system_colon_directive", 0.45,
          r"(?:^|\s)(?:system|系统)\s*(?:message|prompt|消息|提示)?\s*[:：]\s*(?:you|ignore|new|override|忽略|你)",
          compact=False),
    # --- named jailbreaks ---------------------------------------------------------
    _rule("developer_mode", 0.3, r"developer\s*mode|开发者模式|上帝模式|god\s*mode", compact=False),
    _rule("developer_mode_enabled", 0.6,
          r"(?:you\s*are|you'?re)\s*(?:now\s*)?(?:in|running\s*in)\s*developer\s*mode|with\s*developer\s*mode"
          r"|(?:enable|activate|enter)\s*(?:your\s*)?developer\s*mode|developer\s*mode\s*(?:enabled|activated)"
          r"|你(?:现在)?(?:已经?)?(?:进入|处于|开启|切换到)了?(?:开发者|越狱|管理员|调试|上帝)模式"),
    _rule("jailbreak", 0.35, r"jail\s*break|越狱", compact=False),
    _rule("dan_persona", 0.35, r"(?<![A-Za-z])DAN(?![A-Za-z])", compact=False, cased=True),
    _rule("dan_activation", 0.6,
          r"(?i:you\s*are|you'?re|act\s*as|pretend\s*to\s*be|become|扮演|你就?是)\s*(?i:now\s*|现在\s*)?DAN(?![A-Za-z])",
          compact=False, cased=True),
    _rule("do_anything_now", 0.55, r"do\s*anything\s*now"),
    # --- instructions aimed at the memory ------------------------------------------
    _rule("memory_directive", 0.45,
          r"(?:remember|memori[sz]e|note|store|save|keep\s*in\s*mind)\s*(?:that|this)?\s*:?\s*"
          r"(?:from\s*now\s*on\s*,?\s*|in\s*(?:all\s*)?future\s*(?:conversations|sessions|chats)\s*,?\s*)?"
          r"you\s*(?:must|should|have\s*to|are\s*to)\s*(?:always|never)"),
    _rule("memory_directive_strong", 0.55,
          r"(?:remember|memori[sz]e|keep\s*in\s*mind)\s*(?:that|this)?\s*:?\s*"
          r"(?:from\s*now\s*on\s*,?\s*|in\s*(?:all\s*)?future\s*(?:conversations|sessions|chats)\s*,?\s*)?"
          r"you\s*must\s*(?:always|never)\b"),
    _rule("zh_memory_directive", 0.45,
          r"记住[:：,，]?\s*(?:以后|今后|往后|从今以后|从现在开始|从现在起|之后|下次)(?!我)"
          r"[^。！？!?\n]{0,30}?都(?:要|必须|得|应该|应当)"),
    _rule("behaviour_override_payload", 0.35,
          r"obey\s*(?:me|my|all|every|any)|comply\s*with\s*(?:any|every|all)|no\s*matter\s*what"
          r"|without\s*question|never\s*refuse|regardless\s*of\s*(?:your|the)\s*(?:rules|policy|policies|safety)"
          r"|无条件|不要拒绝|不得拒绝|不能拒绝|绝对服从|服从我|听从我|无论(?:我|用户)(?:说|问|要求)什么"
          r"|(?:忽略|无视)(?:系统|安全)"),
    # --- encoded payloads ------------------------------------------------------------
    _rule("decode_and_obey", 0.3,
          r"(?:decode|解码|解密)[^.。!?！？]{0,60}?(?:follow|execute|obey|do\s*what|run\s*it|carry\s*out|act\s*on"
          r"|执行|照做|遵循|按照|遵守|服从)", compact=False),
)

RULE_WEIGHTS: dict[str, float] = {rule.name: rule.weight for rule in _RULES}
ENCODED_BLOB_RULE = "encoded_blob_with_decode_instruction"
RULE_WEIGHTS[ENCODED_BLOB_RULE] = 0.45

_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
_SEPARATORS = re.compile(r"[\s._\-*·•|~^`'\"/\\,，、]+")
_BLOB = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/=_-])")
_DECODE_WORD = re.compile(r"decode|base\s*64|b64|解码|解密|译码")


@dataclass(frozen=True)
class _Views:
    cased: str
    spaced: str
    compact: str


def _views(text: str) -> _Views:
    normalised = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    cased = re.sub(r"\s+", " ", normalised).strip()
    spaced = cased.lower()
    return _Views(cased=cased, spaced=spaced, compact=_SEPARATORS.sub("", spaced))


def _matched_rules(views: _Views) -> list[str]:
    names: list[str] = []
    for rule in _RULES:
        view = views.cased if rule.cased else views.spaced
        if rule.pattern.search(view) or (rule.compact and rule.pattern.search(views.compact)):
            names.append(rule.name)
    return names


def _decoded_blobs(cased: str) -> list[str]:
    """Text of the base64-looking blobs in ``cased`` that decode to readable UTF-8."""
    decoded: list[str] = []
    for match in _BLOB.finditer(cased):
        blob = match.group(0)
        has_mixed_case = any(c.isupper() for c in blob) and any(c.islower() for c in blob)
        if not (has_mixed_case or any(c.isdigit() for c in blob) or blob.endswith("=")):
            continue
        raw = blob.rstrip("=").replace("-", "+").replace("_", "/")
        try:
            text = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            decoded.append("")
            continue
        printable = sum(ch.isprintable() or ch.isspace() for ch in text)
        decoded.append(text if text and printable / len(text) > 0.9 else "")
    return decoded


def screen_injection(text: str, threshold: float = 0.5) -> ScreeningVerdict:
    """Score ``text`` for prompt-injection risk.

    Args:
        text: The user's message, as received.
        threshold: Block when the score reaches this value; between 0 and 1.

    Returns:
        The verdict with the combined score, whether to block, and the matched rule names.

    Raises:
        ValueError: ``threshold`` is outside ``[0, 1]``.
    """
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(
            f"screening threshold must be between 0 and 1, got {threshold!r}; "
            "fix the injection threshold setting (0.5 is the default)."
        )
    views = _views(text)
    reasons = _matched_rules(views)
    blobs = _decoded_blobs(views.cased)
    if blobs and _DECODE_WORD.search(views.spaced):
        reasons.append(ENCODED_BLOB_RULE)
    for inner in blobs:
        if inner:
            reasons.extend(f"base64:{name}" for name in _matched_rules(_views(inner)))
    reasons = list(dict.fromkeys(reasons))
    remaining = 1.0
    for name in reasons:
        remaining *= 1.0 - RULE_WEIGHTS[name.removeprefix("base64:")]
    score = round(min(1.0, max(0.0, 1.0 - remaining)), 6)
    return ScreeningVerdict(score=score, blocked=bool(reasons) and score >= threshold, reasons=reasons)
