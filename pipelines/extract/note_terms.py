"""The terms that carry a note's content, to tell whether two notes speak of one thing.

The lexical index's tokens (``memory.lexical.lexical_tokens``: stemmed English words without
stop words, Chinese character pairs without function characters), with what every note shares
left out: the user ("User", 「用户」, "User said:") and passing words of time and degree
("recently", 「最近」, 「已经」). Two notes that share none of these terms name no common object.
"""
from __future__ import annotations

import functools
import re

from memory.lexical import lexical_tokens

__all__ = ["PASSING", "content_terms", "shared_terms"]

#: Words of time and degree any two notes may share: no object of their own.
PASSING = frozenset("""recent recently week weeks month months year years day days today yesterday tomorrow last next
    ago still already always usually every time thing things little bit kind sort
    最近 现在 已经 今天 昨天 明天 每天 每周 一直 时候 觉得 有点 一下 可以 因为 所以 然后 好像 应该 特别 非常 比较
    今年 去年 明年 上次 下次 以后 之后 之前 时间 感觉 真的""".split())

_FRAME = re.compile(r"^\s*(?:User said:|用户说：)|\buser(?:'s)?\b|用户", re.I)


@functools.lru_cache(maxsize=8192)
def content_terms(text: str) -> frozenset[str]:
    """The note's content terms (see the module docstring); ``frozenset()`` for a note of nothing but frame."""
    return frozenset(lexical_tokens(_FRAME.sub(" ", text))) - PASSING


def shared_terms(a: str, b: str) -> frozenset[str]:
    """The content terms two notes share."""
    return content_terms(a) & content_terms(b)
