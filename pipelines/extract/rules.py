"""Rule-based extraction: deterministic, offline, Chinese and English.

Serves offline mode and is the fallback when the LLM extractor fails. A message is cut
into sentences (questions are never mined) and each sentence into clauses with their own
subject; each clause goes through the language's rule table (``rules_en`` / ``rules_zh``)
which recognises identity and life facts (name, age, birthday, residence, hometown, job,
employer, family, pets, health, allergies, diet, languages), preferences with negation and
degree, plans, deadlines and dates, decisions, relationships and task outcomes; each
recognised fact becomes a short third-person note ("User is allergic to peanuts." /
"用户对花生过敏。") with its subject (slot, qualifier, value; see
``pipelines.extract.subject``). Informative first-person clauses no rule knows are kept as
plain notes ("User has been learning piano for three years."). PII masks left by the
receive stage (``‹phone …5142›``) are kept whole.

A message that looks cut (a long paste that stops mid-word, e.g. at a terminal's 4,095
characters) loses its unfinished last sentence before extraction, so "…User lives in
Berli" is never stored as a fact.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from memory.types import MemoryType
from pipelines.extract import rules_en, rules_zh
from pipelines.extract.candidate import Candidate
from pipelines.extract.notes import make
from pipelines.extract.subject import Subject
from pipelines.extract.trigger import is_question, is_small_talk, split_sentences
from pipelines.receive.screening import is_instruction_to_assistant as looks_like_instruction

_CJK = re.compile(r"[\u3400-\u9fff]")
#: A message at least this long that does not end a sentence is taken as cut off.
CUT_MIN_CHARS = 1000
_ENDS_SENTENCE = re.compile(r"[.!?。！？…)\]）」』”\"'~]\s*$")

_LEAD_EN = re.compile(
    r"^(?:(?:update|correction|fyi|note|ps|p\.s\.|btw|by the way|also|and|oh|oh and|well|so|actually|anyway|ok|okay|"
    r"yes|yeah|no|hi|hello|hey|sorry|quick update|just so you know|for the record|for your information|"
    r"(?:(?:can|could|would|will) you (?:please |pls |just )?(?=(?:remember|note|keep in mind) that\b)|pls |please )?(?:remember|note|keep in mind|don't forget)(?: that)?|just to let you know|to be clear|"
    r"by the way)\b[\s,:;!-]*)+", re.I)
_LEAD_ZH = re.compile(r"^(?:(?:更新一下|更新|更正一下|更正|纠正一下|纠正|补充一下|补充|对了|另外|其实|顺便说一下|顺便|还有|而且|"
                      r"然后|哦|嗯|好的|请记住|记住|记一下|你记一下|告诉你|说一下|(?:跟|和|给)你说(?:一?[个件]事儿?|一下|下)?|我想说|提醒一下)[\s，,:：！!]*)+")

_EN_SUBJ = r"(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|we'll|let's)\b"
_EN_VERB = (r"(?:prefer|like|love|enjoy|hate|dislike|don't|do not|live|moved|relocated|work|am|decided|finished|"
            r"completed|plan|will|have|speak|never|also)\b")
_EN_SPLIT = re.compile(
    rf"(?:,\s*|\s+)(?:and|but|also|plus|though|while)\s+(?=(?:{_EN_SUBJ}|{_EN_VERB}))|,\s*(?={_EN_SUBJ})|;\s*"
    rf"|\s+but\s+(?=(?:not|never)\b)|,\s*(?=(?:not|never|no longer)\s)", re.I)
_ZH_LEAD = r"(?:并且|而且|同时|另外|但是|但|不过|也|还)"
_ZH_VERB = (r"(?:住在|搬|喜欢|不喜欢|更喜欢|讨厌|在|是|决定|打算|计划|准备|刚|已经|用|对|有|养|会|不|从不|从来不|"
            r"最|很|比较|每天|今年|现在|目前)")
_ZH_SPLIT = re.compile(rf"[，,；;]\s*(?={_ZH_LEAD}?(?:我|{_ZH_VERB}))|(?:并且|而且|但是|不过)(?=我|{_ZH_VERB})")


def looks_cut(text: str) -> bool:
    """True when ``text`` is a long message that stops in the middle of a sentence."""
    stripped = text.rstrip()
    return len(stripped) >= CUT_MIN_CHARS and not _ENDS_SENTENCE.search(stripped)


def uncut(text: str) -> str:
    """``text`` without its unfinished last sentence when it looks cut."""
    if not looks_cut(text):
        return text
    sentences = split_sentences(text)
    return text[: text.rfind(sentences[-1])] if sentences else ""


def _en_clauses(body: str) -> list[str]:
    out: list[str] = []
    for part in _EN_SPLIT.split(body):
        part = part.strip(" ,")
        if not part:
            continue
        neg = re.match(r"^(?:not|never|no longer)\s+(.+)$", part, re.I)
        if not (neg and out):
            out.append("I " + part if re.match(_EN_VERB, part, re.I) and not re.match(r"(?:I|my)\b", part) else part)
            continue
        out[0], negated = _against_first(out[0], neg)
        if negated is not None:  # None: "my birthday is May 4th, not May 3rd": the correction is the first clause
            out.append(negated)
    return out


def _against_first(first: str, neg: re.Match[str]) -> tuple[str, str | None]:
    """(the first clause with a subject, the "not …" clause with the first one's verb: "I don't like …"); the
    second is None when the first clause has no liking verb."""
    if not re.match(r"(?:I|my|we)\b", first, re.I):
        first = f"I like {first}"
    first_verb = re.search(r"\b(drink|drinks|eat|eats|like|likes|love|loves|prefer|prefers|enjoy|enjoys)\b", first, re.I)
    if first_verb is None:
        return first, None
    verb_of_first = first_verb.group(1).lower().rstrip("s").replace("prefer", "like").replace("love", "like")
    if neg.group(0).lower().startswith("never"):
        return first, f"I never {verb_of_first} {neg.group(1)}"
    return first, f"I don't {verb_of_first} {neg.group(1)}"


def _zh_clauses(body: str) -> list[str]:
    out: list[str] = []
    for part in _ZH_SPLIT.split(body):
        part = re.sub(rf"^{_ZH_LEAD}+", "", part.strip())
        if part.startswith("不是") and out:
            continue  # "我的生日是3月13日，不是3月12日": the correction is the first clause
        if part and not part.startswith(("我", "咱")) and re.match(_ZH_VERB, part) and any(
                o.startswith("我") for o in out):
            part = "我" + part
        if part:
            out.append(part)
    return out


def _clauses(sentence: str) -> list[str]:
    body = sentence.strip().rstrip("。！!.；;…~ ")
    if _CJK.search(body):
        return _zh_clauses(_LEAD_ZH.sub("", body))
    body = re.sub(r"\bi(?=\b|')", "I", body)  # "i live in berlin"
    body = re.sub(r"\bim\b", "I'm", body)
    return _en_clauses(_LEAD_EN.sub("", body))


def _apply(clause: str) -> list[Candidate]:
    zh = bool(_CJK.search(clause))
    found = _by_table(clause, rules_zh.RULES if zh else rules_en.RULES)
    if found:
        return found
    module = rules_zh if zh else rules_en
    planned = module.plan(clause)
    if planned is not None:
        return [planned]
    note = module.generic_note(clause)
    return [make(MemoryType.FACT, note)] if note else []


def _by_table(clause: str, table: Sequence[rules_en.Rule]) -> list[Candidate]:
    """The candidates of the first rule of ``table`` that matches and builds a note with content."""
    for pattern, build in table:
        m = pattern.search(clause)
        if m is None:
            continue
        built = build(m)
        found = [built] if isinstance(built, Candidate) else list(built or [])
        found = [c for c in found if c.content.rstrip("。. ") not in {"User", "用户"} and not c.content.endswith(" .")]
        if found:
            return found
    return []


_REQUEST_EN = re.compile(
    r"^\s*(?:please\s+|pls\s+|(?:can|could|would|will) you\s+(?:please\s+)?|help me\s+(?:to\s+)?)?"
    r"(?:plan|book(?=\s+(?:a|an|the|me|us|my|our|tickets?|flights?|hotels?|tables?|rooms?)\b)|find|organi[sz]e|arrange|draft|write|make|create|suggest|recommend|prepare|schedule|"
    r"put together|fix|delete|remove|erase|discard|redo|rewrite|edit|revise|proofread|undo|look up|search for|translate|summari[sz]e|tell me|show me|give me|list|explain|describe|"
    r"remind me\s+(?:what|where|who|whom|when|which|how|of|about|if|whether))\b(?!\s+(?:sure|a note|note))",
    re.I,
)
_REQUEST_ZH = re.compile(r"^\s*(?:请你?|麻烦你?|能不能|可以)?(?:帮我|给我|替我|为我)(?!记|存|留意)")


def is_request(sentence: str) -> bool:
    """A task for the assistant ("Plan a trip to Kyoto", 「帮我计划一个周末去苏州的行程」): never a fact.

    "Help me remember …" / 「帮我记住…」 is not a request in this sense: it asks to keep a fact.
    """
    return bool(_REQUEST_ZH.match(sentence) or _REQUEST_EN.match(sentence))


def extract_rules(text: str, turn_index: int = 0) -> list[Candidate]:  # noqa: ARG001 - kept for the interface
    """Extract memories from one user message without a model.

    Args:
        text: The user's message, Chinese or English (PII already masked at receive).
        turn_index: 0-based position of the turn (kept for interface stability; the rules
            do not depend on it).

    Returns:
        One candidate per recognised fact, in message order, duplicates removed. Empty
        when the message holds nothing worth remembering (small talk, questions, requests
        to the assistant, an unfinished fragment).
    """
    text = uncut(text or "").replace("\u2019", "'").replace("\u2018", "'").replace("\u02bc", "'")
    if not text.strip() or is_small_talk(text):
        return []
    found: list[Candidate] = []
    for sentence in split_sentences(text):
        if is_question(sentence) or looks_like_instruction(sentence) or is_request(sentence):
            continue  # an instruction or a task for the assistant is never a fact about the user
        found += [cand for clause in _clauses(sentence) for cand in _apply(clause)]
    return _first_of_each(found)


def _first_of_each(cands: list[Candidate]) -> list[Candidate]:
    """The candidates in order, each content once (its first candidate)."""
    unique: dict[str, Candidate] = {}
    for c in cands:
        unique.setdefault(c.content, c)
    return list(unique.values())


_NOTE_EN = [
    (re.compile(r"^User's\b", re.I), "my"), (re.compile(r"^User is\b", re.I), "I am"),
    (re.compile(r"^User has\b", re.I), "I have"), (re.compile(r"^User was\b", re.I), "I was"),
    (re.compile(r"^User doesn't\b", re.I), "I don't"), (re.compile(r"^User does not\b", re.I), "I don't"),
    (re.compile(r"^(?:The )?User\b", re.I), "I"),
]


def to_first_person(note: str) -> str:
    """A stored note back in the user's voice ("User lives in Berlin." → "I lives in Berlin.")."""
    text = note.strip()
    if _CJK.search(text[:3]):
        return re.sub(r"^用户的", "我的", re.sub(r"^用户", "我", text))
    for pattern, repl in _NOTE_EN:
        if pattern.search(text):
            text = pattern.sub(repl, text, count=1)
            break
    return re.sub(r"\btheir\b", "my", text)


def describe(content: str) -> Subject:
    """The subject of a stored note or model-written memory, read with the rule tables."""
    found = [c for c in extract_rules(to_first_person(content)) if c.slot]
    if len(found) != 1:
        return Subject(None)
    return Subject(found[0].slot, found[0].qualifier, found[0].value)
