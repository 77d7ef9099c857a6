"""The prompt-injection screen: a rule-based risk score for one message (zh and en).

Each rule that matches contributes its weight ``w``; the score combines them as
``1 - prod(1 - w)``, so one strong signal (an order to ignore the rules, a request for the
system prompt, a forged ``<|im_start|>system`` tag, a claim to be the admin) blocks on its
own while weak ones (a role-play opener, "no restrictions", "from now on always …") block
only together. Rules run on normalised views of the text (see :mod:`.normalize`); payloads
hidden by an encoding are decoded and screened too, and a decoded match adds the
``encoded_payload`` rule on top. When the message is plainly a discussion of attacks or
tokens ("how do I detect prompt injection like …?"), mention-type rules count less.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from pipelines.receive.pii import unmask_tokens
from pipelines.receive.screening.lexicon import INTENTS, windows
from pipelines.receive.screening.normalize import Views, decoded_payloads, views_of
from pipelines.receive.screening.rule import Rule, rule
from pipelines.receive.screening.rules_access import ACCESS_RULES
from pipelines.receive.screening.rules_claims import CLAIM_RULES
from pipelines.receive.screening.rules_en import EN_CONTROL_RULES
from pipelines.receive.screening.rules_en_memory import EN_CONTENT_RULES
from pipelines.receive.screening.rules_requests import CLAIMED_REQUEST_RULE, REQUEST_RULES
from pipelines.receive.screening.rules_zh import ZH_RULES
from pipelines.receive.screening.vocab_en import DISCUSSION

__all__ = ["ScreeningVerdict", "screen_injection", "matched_rules", "rule_weights", "combine_weights", "check_threshold",
           "RULE_WEIGHTS", "RULES", "DISCUSSION_PATTERN", "ENCODED_BLOB_RULE", "ENCODED_PAYLOAD_RULE", "OBFUSCATION_RULE"]

RULES: tuple[Rule, ...] = EN_CONTROL_RULES + EN_CONTENT_RULES + ZH_RULES + ACCESS_RULES + CLAIM_RULES + REQUEST_RULES
_INTENT_RULES: tuple[tuple[Rule, object], ...] = tuple(
    (rule(i.name, i.category, i.weight, "", damp=i.category in {"override", "reveal", "exfiltration"}, group=i.group),
     i.test)
    for i in INTENTS
)
ENCODED_BLOB_RULE = "encoded_blob_with_decode_instruction"
ENCODED_PAYLOAD_RULE = "encoded_payload"
OBFUSCATION_RULE = "obfuscated_text"
RULE_WEIGHTS: dict[str, float] = {r.name: r.weight for r in RULES + tuple(r for r, _ in _INTENT_RULES)}
RULE_WEIGHTS[ENCODED_BLOB_RULE] = 0.45
RULE_WEIGHTS[CLAIMED_REQUEST_RULE.name] = CLAIMED_REQUEST_RULE.weight
RULE_WEIGHTS[ENCODED_PAYLOAD_RULE] = 0.4
RULE_WEIGHTS[OBFUSCATION_RULE] = 0.3
RULE_CATEGORY: dict[str, str] = {r.name: r.category for r in RULES + tuple(r for r, _ in _INTENT_RULES)}
RULE_CATEGORY.update({CLAIMED_REQUEST_RULE.name: CLAIMED_REQUEST_RULE.category, ENCODED_BLOB_RULE: "encoding", ENCODED_PAYLOAD_RULE: "encoding", OBFUSCATION_RULE: "encoding"})

_DAMPING = 0.55
DISCUSSION_PATTERN = re.compile(DISCUSSION + r"|提示词?注入|注入攻击|越狱攻击|(?:如何|怎么|怎样)(?:防御|防范|防止|检测|识别|过滤"
                         r"|保证|确保|避免)|安全研究|是什么意思|什么意思|特殊\s*token|分词器|论文"
                         r"|chat_template|chat\s*template|tokenizer|(?:输出|返回|打印|生成|日志)(?:结果)?(?:里|中)(?:多了|出现|有|带)"
                         r"|(?:这|这个|这样)是正常的吗|\bis\s*(?:this|that|it)\s*(?:normal|expected)\b"
                         r"|(?:request|payload|api\s*call|json)\s*(?:body\s*)?(?:fails?|failed|returns?|errors?|is\s*rejected)"
                         r"|\bwhy\s*does\s*my\s*(?:request|payload|api\s*call|template|prompt\s*template)"
                         r"|(?:这|那)(?:两|几|些)?个?\s*token|token\s*(?:是做什么|有什么用|什么作用|是什么)|是做什么的|prompt\s*template")
_DECODE_WORD = re.compile(r"decod|base\s*-?64|b64|\bhex\b|rot\s*-?13|解码|解密|译码|编码")
_OBFUSCATED = re.compile("[\u200b-\u200f\u2060-\u2064\ufeff\U000e0000-\U000e007f]"
                         "|[a-zA-Z][\u0400-\u04ff\u0370-\u03ff]|[\u0400-\u04ff\u0370-\u03ff][a-zA-Z]")
_MAX_DEPTH = 2


@dataclass(frozen=True)
class ScreeningVerdict:
    """Outcome of screening one message.

    Attributes:
        score: Risk in ``[0, 1]`` (the calibrated probability for the turn's screen; the
            combined rule weight for :func:`screen_injection`).
        blocked: ``score >= threshold``; the caller answers safely without a model call.
        reasons: Names of the matched rules, in rule order; rules matched inside a decoded
            payload carry the encoding as a prefix (``base64:``, ``hex:``, ``rot13:`` …),
            directives inside quoted or pasted material carry ``quoted:``.
        category: The category of the strongest signal in the user's own words (``""``: none);
            ``tool_abuse``, ``privilege`` and ``cross_user`` get their own refusal.
        quoted_instructions: Pasted, quoted or fenced material holds instructions addressed
            to the assistant: the turn may be answered, but nothing of it is stored.
        authority_claim: The user's own words claim authority, permission or standing over
            other users or this system ("I'm the account owner", 「已经获得授权」): the turn
            may be answered, but nothing of it is stored.
        context_attack: Read after the session's last few user turns, the turn reaches the
            threshold though it does not alone: answered, nothing of it stored.
        doubtful: Answered, but scored with the semantic reading at or above the storing limit
            (:data:`~pipelines.receive.screening.verdict.STORE_THRESHOLD`): nothing of it is stored.
    """

    score: float
    blocked: bool
    reasons: list[str]
    category: str = ""
    quoted_instructions: bool = False
    authority_claim: bool = False
    context_attack: bool = False
    doubtful: bool = False


def _rules_on(views: Views) -> list[Rule]:
    texts = (views.base, *views.extra)
    found = [r for r in RULES if (r.pattern.search(views.cased) if r.cased else any(r.pattern.search(t) for t in texts))]
    wins = [w for t in texts for w in windows(t)]
    found += [r for r, test in _INTENT_RULES if any(test(w) for w in wins)]  # type: ignore[operator]
    return found


#: Texts up to this long keep their matches in :func:`_matches_of` (at most ``_MEMO_SIZE`` of them, ~1 MB).
_MEMO_CHARS = 4096
_MEMO_SIZE = 256


def matched_rules(text: str, depth: int = 0) -> list[tuple[str, Rule]]:
    """Every rule that matches ``text`` or a payload decoded from it, as ``(prefix, rule)``.

    A pure function of the text: one turn asks it of the same text several times (the
    calibrated screen's evidence, ``is_instruction_to_assistant`` on the message and on its
    sentences, extraction's statements and validation), so the matches of recent short texts
    are kept (an LRU) and each text is matched once.

    Args:
        text: The message.
        depth: Nesting level of decoding (payloads inside payloads are followed twice).
    """
    if len(text) <= _MEMO_CHARS:
        return list(_memo_matches(text, depth))
    return _matches_of(text, depth)


@functools.lru_cache(maxsize=_MEMO_SIZE)
def _memo_matches(text: str, depth: int) -> tuple[tuple[str, Rule], ...]:
    return tuple(_matches_of(text, depth))


def _matches_of(text: str, depth: int) -> list[tuple[str, Rule]]:
    views = views_of(text)
    found: list[tuple[str, Rule]] = [("", r) for r in _rules_on(views)]
    if depth >= _MAX_DEPTH:
        return found
    for encoding, inner in decoded_payloads(text):
        if encoding == "rot13" and depth > 0:
            continue
        for prefix, r in matched_rules(inner, depth + 1):
            found.append((f"{encoding}:{prefix}", r))
    return found


def _combine(weights: Iterable[float]) -> float:
    remaining = 1.0
    for w in weights:
        remaining *= 1.0 - w
    return round(min(1.0, max(0.0, 1.0 - remaining)), 6)


def rule_weights(text: str) -> dict[str, tuple[float, Rule | None]]:
    """Every signal the rules find in ``text``: reason name → (weight, rule).

    The strongest match of each rule group counts once; a decoded payload's rules carry the
    encoding as a prefix and count only when the plain text did not say the same; the
    meta-signals (``encoded_payload``, ``encoded_blob_with_decode_instruction``,
    ``obfuscated_text``) have no rule (``None``).
    """
    text = unmask_tokens(text)  # masks are our own markers, never role tags
    base = views_of(text).base
    found = _strongest_per_group(matched_rules(text), DISCUSSION_PATTERN.search(base) is not None)
    if any(":" in name for name in found):
        found[ENCODED_PAYLOAD_RULE] = (RULE_WEIGHTS[ENCODED_PAYLOAD_RULE], None)
    if _DECODE_WORD.search(base) and any(True for _ in decoded_payloads(text) if _[0] != "rot13"):
        found[ENCODED_BLOB_RULE] = (RULE_WEIGHTS[ENCODED_BLOB_RULE], None)
    if found and _OBFUSCATED.search(text):
        found[OBFUSCATION_RULE] = (RULE_WEIGHTS[OBFUSCATION_RULE], None)
    return found


def _strongest_per_group(matches: list[tuple[str, Rule]], discussion: bool) -> dict[str, tuple[float, Rule | None]]:
    """Reason → (weight, rule) with one entry per (decoding prefix, rule group): its strongest match."""
    plain = {r.group for prefix, r in matches if not prefix}
    best: dict[str, tuple[str, float, Rule]] = {}
    for prefix, r in matches:
        if prefix and r.group in plain:
            continue  # the decoded text says nothing the plain text did not
        weight = _damped(r, prefix, discussion)
        key = prefix + r.group
        if key not in best or weight > best[key][1]:
            best[key] = (prefix + r.name, weight, r)
    return {name: (w, r) for name, w, r in best.values()}


def _damped(r: Rule, prefix: str, discussion: bool) -> float:
    """A rule's weight, damped for a mention-type rule in the plain words of a discussion of attacks."""
    return r.weight * (_DAMPING if discussion and r.damp and not prefix else 1.0)


def combine_weights(weights: Iterable[float]) -> float:
    """``1 - prod(1 - w)``: independent signals, each able to raise the risk."""
    return _combine(weights)


def screen_injection(text: str, threshold: float = 0.5) -> ScreeningVerdict:
    """The rules' verdict on ``text`` alone (no structure, no semantic layer, no calibration).

    The turn uses the calibrated screen (:func:`pipelines.receive.screening.verdict.screen_text`);
    this rule score is what ``is_instruction_to_assistant`` and the calibrated model's
    features are built from.

    Args:
        text: The user's message (or a note, a document, a batch item), as received.
        threshold: Block when the score reaches this value; between 0 and 1.

    Returns:
        The verdict with the combined score, whether to block, and the matched rule names.

    Raises:
        ValueError: ``threshold`` is outside ``[0, 1]``.
    """
    check_threshold(threshold)
    weights = rule_weights(text)
    score = _combine(w for w, _ in weights.values())
    reasons = list(weights)
    return ScreeningVerdict(score=score, blocked=bool(reasons) and score >= threshold, reasons=reasons)


def check_threshold(threshold: float) -> None:
    """Raise ``ValueError`` with what to do when ``threshold`` is outside ``[0, 1]``."""
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(
            f"screening threshold must be between 0 and 1, got {threshold!r}; "
            "fix the injection threshold setting (0.5 is the default)."
        )
