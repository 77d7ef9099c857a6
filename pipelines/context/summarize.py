"""Deterministic extractive summary of conversation turns that left the context window.

Used to compact the oldest turns into the rolling summary without calling a model: the
most informative sentences are kept verbatim (stated preferences, decisions, names,
numbers, dates first; then longer sentences), in their original order, each line
prefixed by the speaker's role. A previous summary is merged in as older material.
The same input always gives the same summary.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pipelines.context.tokens import TokenCounter

# A sentence ends at 。！？!? (plus closing quotes/brackets), at "." followed by
# whitespace or the end (so "3.5" and "v2.0.11" stay whole), at "…" runs, or at a newline.
_BOUNDARY = re.compile(
    r"[。！？!?；;]+[\"'”’」』)）]*"
    r"|\.+[\"'”’」』)）]*(?=\s|$)"
    r"|…+[\"'”’」』)）]*"
    r"|\n+"
)
_ROLE_LINE = re.compile(r"^([A-Za-z_][\w-]{0,31}):\s*(.*)$")
_CJK_END = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]$")

_CUES: tuple[tuple[re.Pattern[str], float], ...] = (
    # preferences
    (re.compile(
        r"\b(?:prefer\w*|like[sd]?|love[sd]?|hate[sd]?|dislike[sd]?|favou?rite|allergic|"
        r"vegetarian|vegan|want(?:s|ed)?|wish|enjoy\w*|can't stand|don't like)\b"
        r"|喜欢|喜爱|爱吃|讨厌|不喜欢|偏好|偏爱|最爱|想要|不要|过敏|吃素|习惯",
        re.I,
    ), 3.0),
    # decisions and commitments
    (re.compile(
        r"\b(?:decid\w*|decision|chose|choose|chosen|plan(?:s|ned|ning)?|will|going to|"
        r"agree[sd]?|confirm\w*|book(?:ed)?|switch(?:ed)?|must|always|never|remember)\b"
        r"|决定|选择|选了|计划|打算|确定|确认|同意|预订|订了|改成|必须|一定|记住|总是|从不",
        re.I,
    ), 3.0),
    # identity and names
    (re.compile(
        r"\b(?:my name|i am|i'm|call me|named|my (?:wife|husband|son|daughter|friend|boss|"
        r"mother|father|sister|brother|dog|cat)|work(?:s|ed)? (?:at|as)|live[sd]? in)\b"
        r"|我叫|名字|我是|住在|在.{0,6}工作|我的(?:妻子|丈夫|儿子|女儿|朋友|老板|妈妈|爸爸|猫|狗)",
        re.I,
    ), 3.0),
    # dates and times
    (re.compile(
        r"\b(?:today|tomorrow|yesterday|tonight|monday|tuesday|wednesday|thursday|friday|"
        r"saturday|sunday|january|february|march|april|may|june|july|august|september|"
        r"october|november|december|week|month|year|deadline)\b"
        r"|\d{1,4}[-/年月日号点]|今天|明天|昨天|后天|今晚|周[一二三四五六日末]|星期|月|号|截止",
        re.I,
    ), 2.0),
    # numbers, amounts
    (re.compile(r"\d|[一二三四五六七八九十百千万两]+[个位次元块岁]"), 1.5),
)
# Capitalised words after the first word of a sentence are likely names.
_PROPER_NOUN = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]+")
_TRIVIAL_WORD = (
    r"(?:ok(?:ay)?|thanks?(?: you)?|thx|yes|no|sure|great|cool|got it|hi|hello|bye|"
    r"好的?|嗯+|谢谢|多谢|是的|对|行|没问题|你好|再见)"
)
_TRIVIAL = re.compile(rf"^(?:{_TRIVIAL_WORD}[\s,，.!?。！？~～]*)+$", re.I)
_LENGTH_SATURATION = 40  # tokens; longer sentences get no extra length credit


@dataclass(frozen=True)
class _Candidate:
    order: int  # global position: previous summary first, then turns in order
    source: int  # which line (previous-summary line or turn) it belongs to
    role: str
    text: str
    score: float
    cost: int


def split_sentences(text: str) -> list[str]:
    """Split Chinese and/or English text into sentences, terminators kept."""
    sentences: list[str] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        piece = text[start:match.end()].strip()
        if piece:
            sentences.append(piece)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def sentence_score(sentence: str, tokens: int) -> float:
    """Informativeness of one sentence: cue words first, then length."""
    if _TRIVIAL.match(sentence):
        return 0.0
    score = sum(weight for pattern, weight in _CUES if pattern.search(sentence))
    if _PROPER_NOUN.search(sentence):
        score += 1.5
    return score + min(tokens, _LENGTH_SATURATION) / _LENGTH_SATURATION


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _join(sentences: list[str]) -> str:
    out = ""
    for sentence in sentences:
        if out and not (_CJK_END.search(out) and _CJK_END.match(sentence[:1])):
            out += " "
        out += sentence
    return out


def _sources(
    turns: list[tuple[str, str]], previous: str | None
) -> list[tuple[str, str]]:
    """(role, text) per source line: the previous summary's lines, then the turns."""
    sources: list[tuple[str, str]] = []
    for line in (previous or "").splitlines():
        line = line.strip()
        if not line:
            continue
        match = _ROLE_LINE.match(line)
        sources.append((match.group(1), match.group(2)) if match else ("summary", line))
    sources.extend((role.strip() or "unknown", content) for role, content in turns)
    return sources


def _render(selected: list[_Candidate], sources: list[tuple[str, str]]) -> str:
    by_source: dict[int, list[str]] = {}
    for cand in sorted(selected, key=lambda c: c.order):
        by_source.setdefault(cand.source, []).append(cand.text)
    return "\n".join(f"{sources[src][0]}: {_join(texts)}" for src, texts in by_source.items())


def _candidates(sources: list[tuple[str, str]], sentence_cap: int, counter: TokenCounter) -> list[_Candidate]:
    """Every distinct sentence worth keeping, cut to ``sentence_cap`` tokens, in source order."""
    candidates: list[_Candidate] = []
    seen: set[str] = set()
    for source_index, (role, text) in enumerate(sources):
        for sentence in split_sentences(text):
            key = _norm(sentence)
            if key in seen:
                continue
            seen.add(key)
            tokens = counter.count(sentence)
            if tokens > sentence_cap:
                sentence = counter.truncate(sentence, sentence_cap)
                tokens = counter.count(sentence)
            score = sentence_score(sentence, tokens)
            if score > 0.0:
                candidates.append(_Candidate(len(candidates), source_index, role, sentence, score, tokens + 1))
    return candidates


def _within(ranked: list[_Candidate], max_tokens: int, counter: TokenCounter) -> list[_Candidate]:
    """The ranked candidates that fit in ``max_tokens`` (a line's ``role:`` counted once per source)."""
    selected: list[_Candidate] = []
    opened: set[int] = set()
    spent = 0
    for cand in ranked:
        line_cost = 0 if cand.source in opened else counter.count(f"{cand.role}:") + 1
        if spent + cand.cost + line_cost > max_tokens:
            continue
        selected.append(cand)
        opened.add(cand.source)
        spent += cand.cost + line_cost
    return selected


def extractive_summary(
    turns: list[tuple[str, str]],
    max_tokens: int,
    counter: TokenCounter,
    previous: str | None = None,
) -> str:
    """Summarise ``turns`` (merged with ``previous``) in at most ``max_tokens`` tokens.

    Args:
        turns: ``(role, content)`` pairs, oldest first.
        max_tokens: Token limit of the whole summary.
        counter: Token counter of the target model.
        previous: The rolling summary so far (a summary this function produced, or any
            text); it is treated as older than ``turns``.

    Returns:
        Lines ``"role: sentence sentence"`` in original order; ``""`` when nothing fits
        or there is nothing to summarise.
    """
    if max_tokens <= 0:
        return ""
    sources = _sources(turns, previous)
    # One sentence may take at most a third of the budget, so one wall of text
    # cannot crowd out everything else.
    sentence_cap = max(8, max_tokens // 3)
    candidates = _candidates(sources, sentence_cap, counter)
    # Best first; on equal score the newer sentence wins.
    ranked = sorted(candidates, key=lambda c: (-c.score, -c.order))
    selected = _within(ranked, max_tokens, counter)
    # The estimate above is additive; the real count of the joined text decides.
    summary = _render(selected, sources)
    while selected and counter.count(summary) > max_tokens:
        selected.pop()  # the lowest-ranked selected sentence
        summary = _render(selected, sources)
    return summary
