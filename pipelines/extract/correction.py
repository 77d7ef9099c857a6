"""Does a turn correct the user's own earlier words? One predicate, read by extraction and the note check.

A strong cue ("说错了", "typo", "I meant", "Kate*") is one; a negation is one only when it dismisses a value for
another the text names (:mod:`pipelines.extract.amend_shapes`), never an emphasis or a negated opinion. It lives
apart from :mod:`pipelines.extract.amend_cues` because the shapes it reads are built from those cues' words.
"""
from __future__ import annotations

import re

from pipelines.extract.amend_cues import STRONG
from pipelines.extract.amend_shapes import read_shapes

__all__ = ["dismisses_value", "is_correction"]

#: A negation: a correction only when it dismisses a value (:func:`dismisses_value`).
_NEGATION = re.compile(r"\bnot\b|不是", re.I)
#: 「哦不是，六十二」: 不是 standing alone as its clause is the interjection "no", a self-repair.
_ZH_NO = re.compile(r"(?:^|[，,。！!？?；;\s]|哦|啊|呃|嗯)不是(?:[，,。！!…~\s]|$)")


def is_correction(text: str) -> bool:
    """The text corrects the user's own earlier words ("说错了", "typo", "I meant", "Kate*", "X, not Y").

    A negation alone is no correction: "it was NOT fun", "I'm not a fan", 「不是很好玩」 say what something is
    not, and only a negation that dismisses a value is one (:func:`dismisses_value`).
    """
    return bool(STRONG.search(text)) or dismisses_value(text)


def dismisses_value(text: str) -> bool:
    """A negation in ``text`` sets a value aside for another the text names ("Thursday, not Tuesday", "not 7, he's 9",
    「不是杭州，是宁波」) or is the interjection 「不是，」 of a self-repair; never an emphasis or a negated opinion."""
    if not _NEGATION.search(text):
        return False
    if _ZH_NO.search(text):
        return True
    return bool(read_shapes(text))
