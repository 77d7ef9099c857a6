"""What the rules found in one message, as the calibrated screen's feature vector.

The rules (:mod:`.screen`) say *which* signals are present; they do not say how likely an
attack is. :func:`evidence_of` runs them on the message's parts (:mod:`.structure`): the
user's own words, and the quoted, pasted or fenced blocks apart, and summarises the matches
as a fixed vector — per category the combined weight of its rules on the own words, the
decoded-payload and obfuscation signals, whether the message discusses attacks or asks a
question, and whether the user's own words tell the assistant to follow quoted material that
holds instructions. Instructions *inside* quoted material are reported apart
(``quoted_reasons``): they never raise the score, they stop anything of the turn from being
stored; so is a data request of the own words that points at that material ("what is everyone
saying in this chat log"). A claim of standing over one's own household or family plan that asks
for nobody's data is no attack signal (nothing of it is stored all the same). :mod:`.calibrated` turns that vector (and
the semantic head's reading of the turn's one query encoding) into one probability.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipelines.receive.pii import unmask_tokens
from pipelines.receive.screening.claims import authority_claims
from pipelines.receive.screening.normalize import views_of
from pipelines.receive.screening.rule import CATEGORIES, Rule
from pipelines.receive.screening.rules_requests import CLAIMED_REQUEST_RULE, asks_for_data
from pipelines.receive.screening.screen import (
    DISCUSSION_PATTERN, ENCODED_BLOB_RULE, ENCODED_PAYLOAD_RULE, OBFUSCATION_RULE, combine_weights, rule_weights,
)
from pipelines.receive.screening.structure import Shape, split_message

__all__ = ["Evidence", "evidence_of", "FEATURES"]

_OBEY_QUOTED = re.compile(
    r"\b(?:follow|obey|execute|do|carry\s*out|apply|act\s*on|comply\s*with|run|implement|perform|treat\s*(?:it|this|them)"
    r"\s*as|remember|store|save|memori[sz]e|adopt|use)\b[^.!?]{0,30}\b(?:it|this|that|them|these|those|the\s*(?:above"
    r"|below|following|instructions?|text|note|message|steps?|rules?|orders?|results?|output)|what\s*(?:it|this|that)\s*says"
    r"|(?:its|their)\s*instructions?)\b|\b(?:do|act)\s*(?:exactly\s*)?(?:as|what)\s*(?:it|this|the\s*\w+)\s*says\b"
    r"|(?m:\b(?:run|execute|exec|eval|evaluate)\s*(?:this|the|that)?\s*(?:command|code|script|query)?\s*[:：]?\s*$)"
    r"|\b(?:add|save|create|store|write|keep)\s*(?:this\s*|that\s*|a\s*|an\s*|the\s*following\s*|it\s*as\s*a\s*)?(?:new\s*)?"
    r"(?:memory|note|fact|rule|standing\s*order)\b|(?:添加|新增|加上?|写入|存入?|建)(?:一条|一个|条|个)?(?:新的?)?(?:记忆|笔记|备忘|规则)"
    r"|照做|照办|照此执行|按(?:照)?[^。！？\n]{0,8}(?:做|执行|来|办)|(?:遵照|执行|服从|记住|记下|保存|存下)[^。！？\n]{0,10}"
    r"(?:上面|下面|以下|这段|这条|这些|里面|其中|它|内容|说的|要求|指令)",
    re.I,
)
_QUESTION = re.compile(r"[?？]\s*$|\b(?:how|what|why|which|when|where|who|is\s*it|does|do\s*i|can\s*i|should\s*i)\b"
                       r"|怎么|如何|为什么|什么|哪|吗[？?]?\s*$|是否", re.I | re.M)

FEATURES: tuple[str, ...] = (
    *(f"cat_{c}" for c in CATEGORIES), "rule_score", "groups", "directive", "decoded", "encoded_blob", "obfuscated",
    "discussion", "question", "obey_quoted", "authority_claim",
)
"""Names of the rule features, in vector order (the semantic features follow, see :mod:`.calibrated`)."""


@dataclass(frozen=True)
class Evidence:
    """The rules' findings on one message.

    Attributes:
        values: One value per name of :data:`FEATURES`.
        quoted_share: The share of the message's characters that is quoted material (0: none).
        reasons: Matched rule names on the user's own words (decoded ones prefixed).
        quoted_reasons: Directive rules matched inside quoted blocks (``quoted:`` prefixed).
        top_category: The category with the strongest own-words signal (``""`` when none).
        shape: The message's own words and quoted blocks.
        claims: Claims of authority, permission or standing over other users in the own words
            (:mod:`.claims`): nothing of such a turn is stored.
        masked_values: The text as received held masks of personal data (reduced to their kind word here).
    """

    values: tuple[float, ...]
    quoted_share: float
    reasons: tuple[str, ...]
    quoted_reasons: tuple[str, ...]
    top_category: str
    shape: Shape
    claims: tuple[str, ...] = ()
    masked_values: bool = False

    @property
    def quoted_instructions(self) -> bool:
        """Whether a quoted, pasted or fenced block holds instructions addressed to the assistant."""
        return bool(self.quoted_reasons)


def _per_category(found: dict[str, tuple[float, Rule | None]]) -> dict[str, float]:
    """Per category, the combined weight of its plain (not decoded) rules."""
    out: dict[str, float] = {}
    for name, (w, rule) in found.items():
        if rule is None or ":" in name:
            continue
        out[rule.category] = 1.0 - (1.0 - out.get(rule.category, 0.0)) * (1.0 - w)
    return out


QUOTED_MIN_WEIGHT = 0.35  # a mention ("jailbreak", a link) inside a paste is not an instruction


def _quoted_directives(shape: Shape) -> list[str]:
    """Directive rules matched inside quoted blocks (``quoted:`` prefixed)."""
    return [f"quoted:{name}" for block in shape.quoted for name, (w, rule) in rule_weights(block).items()
            if rule is not None and rule.directive and w >= QUOTED_MIN_WEIGHT]


_POINTER = re.compile(
    r"(?:这|那|下面|以下|上面)(?:段|个|封|条|些|份|张|篇|则)?[\u4e00-\u9fff]{0,6}?(?:记录|消息|聊天|对话|邮件|截图|内容|文字|帖子|通知)"
    r"|转发(?:给我)?的?(?:一个|一条|一段|一封|这个|这条)?[\u4e00-\u9fff]{0,4}?(?:记录|消息|聊天|对话|邮件|通知|帖子)"
    r"|\b(?:this|these|that|the\s*(?:following|above|attached|pasted|forwarded))\s+(?:[\w-]+\s+){0,2}?(?:chat|log|thread|messages?"
    r"|emails?|mail|conversation|transcript|screenshot|post|notes?|records?|text|review|comments?)\b", re.I)
"""Words that point at the material the message carries (「这段群聊记录」, "this chat log", 「转发给我的一个群消息」)."""
_DATA_CATEGORIES = ("cross_user", "exfiltration")


def _about_material(shape: Shape, found: dict[str, tuple[float, Rule | None]]) -> list[str]:
    """The data-request rules of the own words that name the material the message carries.

    "What is everyone saying in this chat log:" over a pasted chat, 「帮我看看这段群聊记录里大家都在说什么」:
    the other people's messages are right there, not in anyone's account. A rule that stops
    matching once the words pointing at the material are read as "it" asked about that material.
    """
    if not shape.has_quotes or not any(r is not None and r.category in _DATA_CATEGORIES for r in
                                       (rule for _, rule in found.values())):
        return []
    pointed = _POINTER.sub(" it ", shape.own)
    if pointed == shape.own:
        return []
    still = rule_weights(pointed)
    return [name for name, (_, r) in found.items() if r is not None and r.category in _DATA_CATEGORIES and name not in still]


def _claimed_request(own: str, claims: tuple[str, ...]) -> dict[str, tuple[float, Rule | None]]:
    """The cross-user signal of a claim next to a request for notes, memories or tasks (``{}``: none)."""
    if not claims or not asks_for_data(own):
        return {}
    return {CLAIMED_REQUEST_RULE.name: (CLAIMED_REQUEST_RULE.weight, CLAIMED_REQUEST_RULE)}


_HOUSEHOLD = re.compile(r"我们家|我家|咱家|家里|家庭|全家|\b(?:our|my)\s*(?:own\s*)?(?:family|household|home)\b"
                        r"|\bfamily\s*(?:plan|account|sharing|group|subscription)\b|\bhousehold\b"
                        r"|\bmy\s*(?:wife|husband|partner|mom|mum|mother|dad|father|son|daughter|kids?|children|parents?"
                        r"|sister|brother|grandma|grandpa|grandmother|grandfather)\b"
                        r"|我(?:的)?(?:老婆|老公|妻子|丈夫|爱人|妈妈?|爸爸?|母亲|父亲|儿子|女儿|孩子|爷爷|奶奶|姐姐?|妹妹?|哥哥?|弟弟?)", re.I)
_WEAK_STANDING = ("zh_bare_admin_claim",)
"""A bare 「我是管理员」: an admin of one's own family plan says it too; over one's household it is no signal."""


def _household_claim(own: str, found: dict[str, tuple[float, Rule | None]], claims: tuple[str, ...]) -> bool:
    """Whether the own words' claim is standing over the user's own household or family plan and asks for
    nobody's data ("I'm the account owner for our family plan", 「我是管理员，我们家的家庭套餐是我开的」).

    Such a claim is no signal of an attack (the calibrated score reads it as none); like any claim,
    nothing of the turn is stored. A claim next to a request for notes, memories or what someone said
    or saved is not this (:func:`~.rules_requests.asks_for_data`).
    """
    weak = any(name in found for name in _WEAK_STANDING)
    return bool(claims or weak) and _HOUSEHOLD.search(own) is not None and not asks_for_data(own)


def _features(own: str, found: dict[str, tuple[float, Rule | None]], cats: dict[str, float],
              quoted_names: list[str], claims: tuple[str, ...]) -> tuple[float, ...]:
    """The feature vector (:data:`FEATURES`) of the own words' matches."""
    meta = {k: w for k, (w, _) in found.items()}
    return (
        *(cats.get(c, 0.0) for c in CATEGORIES),
        combine_weights(meta.values()),
        min(len(found), 4) / 4.0,
        float(any(r is not None and r.directive for _, r in found.values())),
        max((w for k, (w, _) in found.items() if ":" in k), default=0.0),
        meta.get(ENCODED_BLOB_RULE, 0.0),
        meta.get(OBFUSCATION_RULE, 0.0),
        float(DISCUSSION_PATTERN.search(views_of(own).base) is not None),
        float(_QUESTION.search(own) is not None),
        float(bool(quoted_names) and _OBEY_QUOTED.search(own) is not None),
        float(any(not c.startswith(("setup_", "household_")) for c in claims)),  # these decide storage, not the score
    )


def _reasons(found: dict[str, tuple[float, Rule | None]]) -> tuple[str, ...]:
    """The matched names in rule order, ``encoded_payload`` last."""
    return tuple(k for k in found if k != ENCODED_PAYLOAD_RULE) + (
        (ENCODED_PAYLOAD_RULE,) if ENCODED_PAYLOAD_RULE in found else ())


def evidence_of(text: str) -> Evidence:
    """Run the rules on ``text``'s own words and quoted blocks and summarise them as features."""
    received, text = text, unmask_tokens(text)
    shape = split_message(text)
    own = shape.own
    found = rule_weights(own)
    claims = authority_claims(own)
    if _household_claim(own, found, claims):
        claims = tuple(f"household_{c}" for c in claims) + tuple(f"household_{n}" for n in _WEAK_STANDING if n in found)
        found = {k: v for k, v in found.items() if k not in _WEAK_STANDING}
    found.update(_claimed_request(own, claims))
    material = _about_material(shape, found)
    found = {k: v for k, v in found.items() if k not in material}
    cats = _per_category(found)
    quoted_names = _quoted_directives(shape) + [f"quoted:{name}" for name in material]
    values = _features(own, found, cats, quoted_names, claims)
    # a bare 「我是管理员」 scores as the weak signal it is, but like "I'm an admin." it is no fact to store
    claims += tuple(f"weak_{n}" for n in _WEAK_STANDING if n in found)
    share = 1.0 - len(own) / max(1, len(text)) if shape.has_quotes else 0.0
    top = max(cats, key=lambda c: cats[c]) if cats else ""
    return Evidence(values, share, _reasons(found), tuple(dict.fromkeys(quoted_names)), top, shape, claims,
                    received != text)
