"""The shapes of a correction that name both values: the one meant and the one said by mistake.

"Jefferson Elementary, not Lincoln", "not eggs — it's sesame", "Civic? no, Accord", "I told you Deloitte earlier
but he actually works at KPMG", 「不是工商银行是农业银行」, 「是滨江区，不是西湖区」, 「实验小学说错了，是育才小学」:
each is read structurally into a :class:`Shape` (the phrase meant, the phrase dismissed), whatever the words
around it. :func:`shape_change` then reads a shape against one note: the dismissed phrase must be in the note
(that is what ties the correction to it, with no list of topics), and the value that replaces it is the part of
the phrase meant that the note does not already say ("Jefferson" of "my son's school is Jefferson Elementary"),
of the same kind as the old one (a number for a number, a name for a name).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipelines.extract.amend_cues import NOISE_WORDS
from pipelines.extract.amend_whole import value_kind
from pipelines.extract.generic_en import STOP_EN


@dataclass(frozen=True)
class Shape:
    """A correction's two phrases: ``new`` meant, ``old`` said by mistake; ``last``: the value is the end of ``new``."""

    new: str
    old: str
    last: bool = True


_EN_END = r"(?=\s*(?:[,;.!?()—–]|\s-\s|$|\s+(?:lol|haha|sorry|my bad|oops)\b))"
_EN_PHRASE = r"[^,;.!?()—–]+?"
_ARTICLE = r"(?:(?:the|my|a|an|his|her|our|their)\s+)?"
#: Words that end a negated clause ("it's not", "I do not"), never the value before a contrast.
_VERB_BEFORE_NOT = frozenset("is are was were 's am be been do does did have has had can could would will should "
                             "i it that this there he she they we you just really sure i'm im it's that's he's she's "
                             "we're they're you're there's what's".split())
_EN_SHAPES = (
    # "Jefferson Elementary, not Lincoln", "5'7\" not 5'9\"", "KPMG instead of Deloitte"
    (re.compile(rf"(?P<new>[^,;.!?()—–]*?[\w'\"″*]+)\s*,?\s+(?:and\s+)?(?:not|instead of|rather than)\s+{_ARTICLE}"
                rf"(?P<old>{_EN_PHRASE}){_EN_END}", re.I), True),
    # "not eggs — it's sesame", "not Planet Fitness but Equinox", "it's not Y, it's X"
    (re.compile(rf"\bnot\s+{_ARTICLE}(?P<old>{_EN_PHRASE})\s*(?:,|—|–|;|\s-)?\s*(?:but|(?:it|he|she|that)'?s|"
                rf"(?:it|he|she|that) (?:is|was)|(?:they|we)(?:'re| are| were)|rather|actually|i meant|meant)\s+(?:actually\s+|really\s+)?{_ARTICLE}(?P<new>{_EN_PHRASE}){_EN_END}", re.I),
     False),
    # "Civic? no, Accord"
    (re.compile(rf"(?P<old>[\w'\- ]{{2,40}})\?\s*(?:no|nope|nah|wait no)\b[,!.\s]*(?:it'?s\s+|actually\s+)?{_ARTICLE}"
                rf"(?P<new>{_EN_PHRASE}){_EN_END}", re.I), False),
    # "I said Tuesday but meant Thursday", "I told you Deloitte earlier but he actually works at KPMG",
    # "earlier I said JFK, it's actually Newark"
    (re.compile(rf"\bi\s+(?:said|told you|wrote|typed|put|mentioned|gave you)\s+{_ARTICLE}(?P<old>{_EN_PHRASE})"
                r"(?:\s+(?:earlier|before|last time|the other day|by mistake))?\s*(?:,\s*|\s+)(?:but\s+|and\s+)?"
                rf"(?P<new>{_EN_PHRASE}){_EN_END}", re.I), False),
)
_ZH_VALUE = r"[^，,。！!？?；;\s]{1,14}?"
_ZH_END = r"(?=[，,。！!？?；;\s]|$|了|的|啊|哈|吧)"
_ZH_SHAPES = (
    # 「不是工商银行是农业银行」, 「不是马，是属羊」
    (re.compile(rf"不是(?P<old>[^，,。！!？?；;是]{{1,14}})[，,\s]*(?:而|其实|应该)?是(?P<new>{_ZH_VALUE}){_ZH_END}"), False),
    # 「是滨江区，不是西湖区」, 「是 Nov 15 不是 Nov 5」
    (re.compile(rf"是(?P<new>[^，,。！!？?；;]{{1,14}}?)[，,\s]*(?:而)?不是(?P<old>{_ZH_VALUE}){_ZH_END}"), True),
    # 「实验小学说错了，是育才小学」, 「说搬去南京是口误，是合肥」, 「我说成仓鼠了，是龙猫」
    (re.compile(rf"(?:说成)?(?P<old>[^，,。！!？?；;]{{1,14}}?)(?:是口误|说错了|打错了|记错了|写错了|搞错了|弄错了|了)"
                rf"[，,\s]+(?:其实|应该|哦|啊)?是(?P<new>{_ZH_VALUE}){_ZH_END}"), False),
)


def read_shapes(text: str) -> list[Shape]:
    """Every shape in ``text`` naming both a value meant and a value dismissed, in the order written."""
    found: list[tuple[int, Shape]] = []
    zh = bool(re.search(r"[\u3400-\u9fff]", text))
    for pattern, last in _ZH_SHAPES if zh else ():
        found += [(m.start(), Shape(m.group("new").strip(), m.group("old").strip(), last)) for m in pattern.finditer(text)
                  if not re.search(r"说成|口误|说错|打错|记错|写错|搞错|弄错", m.group("new"))]
    for pattern, last in _EN_SHAPES:
        found += [(m.start(), Shape(m.group("new").strip(" *"), m.group("old").strip(" *"), last))
                  for m in pattern.finditer(text) if _en_shape(m.group("new"), m.group("old"), last)]
    return [s for _, s in sorted(found, key=lambda x: x[0])]


def _en_shape(new: str, old: str, last: bool) -> bool:
    """A contrast of two values, not a negation ("it's not fair", "not sure"): the word before "not" is no verb."""
    tokens = re.findall(r"[\w'\"″*]+", new.lower())
    if not tokens or not re.search(r"[\w]", old):
        return False
    return not (last and tokens[-1] in _VERB_BEFORE_NOT) and old.split()[0].lower() not in ("only", "sure", "really")


def shape_change(shape: Shape, note: str) -> tuple[str, str] | None:
    """(old, new) of ``note`` that ``shape`` makes: the dismissed phrase as the note holds it, and the part of the
    phrase meant the note does not hold, of the same kind; None when the note does not hold the dismissed value."""
    old = _held(shape.old, shape.new, note)
    if old is None:
        return None
    new = _fresh(shape.new, shape.old, note, shape.last)
    if not new or new.casefold() == old.casefold() or not _same_kind(old, new):
        return None
    return old, new


def _held(old: str, new: str, note: str) -> str | None:
    """The dismissed value as ``note`` holds it: the whole phrase, else its words the note holds and the phrase
    meant does not (「说搬去南京」 → 南京, "Nov 5" against "Nov 15" → 5)."""
    if re.search(r"[\u3400-\u9fff]", old):
        return _zh_held(old, new, note)
    low_note = note.casefold()
    fresh_old = [w for w in _en_words(old) if w.casefold() not in {x.casefold() for x in _en_words(new)}]
    if fresh_old and len(fresh_old) < len(_en_words(old)):
        phrase = " ".join(fresh_old)
        return _span(note, phrase)
    if old.casefold() in low_note:
        return _span(note, old)
    return None


def _span(note: str, phrase: str) -> str | None:
    """``phrase`` as written in ``note`` (case kept), bounded by word edges."""
    m = re.search(rf"(?<![\w'])({re.escape(phrase)})(?![\w])", note, re.I)
    return m.group(1) if m else None


def _zh_held(old: str, new: str, note: str) -> str | None:
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    if old in note and not (set(old) & set(new) and len(old) > 2):
        return old
    words = [w for w, flag in _zh_tokens(old) if w in note and w not in new and len(w) >= 1
             and (flag[:1] in ("n", "m", "e", "x") or flag in ("eng", "nz", "ns", "nr", "t")) and w.strip()]
    return max(words, key=len) if words else (old if old in note else None)


def _en_words(text: str) -> list[str]:
    return re.findall(r"[\w][\w'\-\"″.@]*[\w\"″]|\w", text)


def _fresh(new: str, old: str, note: str, last: bool) -> str | None:
    """The run of the meant phrase's words the note does not hold (function words and cue words left out): the
    last run when the phrase ends at the contrast, else the first."""
    if re.search(r"[\u3400-\u9fff]", new):
        return _zh_fresh(new, old, note)
    held = {w.casefold().removesuffix("'s") for w in _en_words(note)}
    runs: list[list[str]] = [[]]
    for w in _en_words(new):
        key = w.casefold().removesuffix("'s")
        if key in held or key in STOP_EN or key in NOISE_WORDS or key in ("actually", "really", "meant", "he", "she"):
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append(w)
    runs = [r for r in runs if r]
    if not runs:
        return None
    run = runs[-1] if last else runs[0]
    value = _join(new, run)
    return value if _anchored(new, value, held) else None


#: Words after which a value stands ("school is Jefferson", "works at KPMG", "it's cello", "I'm vegan").
_ANCHORS = frozenset("is are was were be am it's its i'm im at in to on for of from with as".split())


def _anchored(phrase: str, value: str, held: set[str]) -> bool:
    """The value is the whole phrase, a name or a number, or follows a word the note holds or a copula or
    preposition: "I like tea, not coffee" names no value of "User drinks coffee" (its verb is another)."""
    before = _en_words(phrase[:phrase.find(value)])
    if not before or value[:1].isupper() or value_kind(value) == "number":
        return True
    prev = before[-1].casefold()
    return prev in _ANCHORS or prev.removesuffix("'s") in held


def _join(text: str, run: list[str]) -> str:
    """The words of ``run`` as they stand in ``text`` (their spacing kept)."""
    start = text.find(run[0])
    end = text.find(run[-1], start) + len(run[-1])
    return text[start:end] if start >= 0 and end > start else " ".join(run)


def _zh_fresh(new: str, old: str, note: str) -> str | None:
    """The Chinese phrase meant without the words at its edges that the note holds and the old value does not
    (「属羊」 for 马 of 「属马」 → 羊; 「育才小学」 for 实验小学 stays whole)."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    tokens = [w for w, _ in _zh_tokens(new) if w.strip()]

    def edge(w: str) -> bool:
        return w in "的了啊呢吧哦我是其实应该" or (w in note and w not in old)

    while tokens and edge(tokens[0]):
        tokens.pop(0)
    while tokens and edge(tokens[-1]):
        tokens.pop()
    value = "".join(tokens).strip()
    return value if value and value not in note else None


def _same_kind(old: str, new: str) -> bool:
    """A number replaces a number, a name a name or a word: never a number by a word or the reverse."""
    a, b = value_kind(old), value_kind(new)
    return (a == "number") == (b == "number")
