"""The rule for user and session ids, in one place.

An id is 1–64 characters: letters or digits (any script, so ``张三`` is fine), and
``.``, ``_``, ``-``, ``@``; it starts with a letter or a digit. No spaces, no ``:``
(the separator of every Redis key and of the internal ``batch:RUN`` users), no control
characters, nothing that cannot be encoded as UTF-8. Ids starting with ``_`` are reserved
for the app's own records (``__batch__``, ``__deployments__``).
"""
from __future__ import annotations

import unicodedata

from memory.errors import MemoryAgentError

MAX_ID_CHARS = 64
ID_PUNCTUATION = frozenset("._-@")
ID_RULE = (
    f"1-{MAX_ID_CHARS} characters: letters, digits and . _ - @, starting with a letter or digit "
    "(no spaces, no ':')"
)


class InvalidIdError(MemoryAgentError):
    """A user or session id breaks the id rule; the message states the rule."""


def _allowed(ch: str) -> bool:
    return ch in ID_PUNCTUATION or unicodedata.category(ch)[0] in ("L", "N")


def _show(value: str) -> str:
    """The id for a message: quoted, escaped, at most 40 characters."""
    shown = value if len(value) <= 40 else value[:40] + "..."
    return ascii(shown) if any(not c.isprintable() for c in shown) else repr(shown)


def check_id(kind: str, value: str) -> str:
    """``value`` when it follows the id rule.

    Args:
        kind: What the id is, for the message (``"user id"``, ``"session id"``).
        value: The id as given.

    Raises:
        InvalidIdError: names the id, what is wrong with it and the rule.
    """
    if not value:
        raise InvalidIdError(f"{kind} is empty; an id is {ID_RULE}")
    if len(value) > MAX_ID_CHARS:
        raise InvalidIdError(f"{kind} {_show(value)} has {len(value)} characters; an id is {ID_RULE}")
    bad = next((c for c in value if not _allowed(c)), None)
    if bad is not None:
        what = "a space" if bad.isspace() else ascii(bad) if not bad.isprintable() else repr(bad)
        raise InvalidIdError(f"{kind} {_show(value)} contains {what}; an id is {ID_RULE}")
    if not _allowed(value[0]) or value[0] in ID_PUNCTUATION:
        raise InvalidIdError(f"{kind} {_show(value)} starts with {value[0]!r}; an id is {ID_RULE}")
    return value


def check_user_id(value: str) -> str:
    """``value`` when it is a valid user id (see the module docstring for the rule)."""
    return check_id("user id", value)


def check_session_id(value: str) -> str:
    """``value`` when it is a valid session id (same rule as user ids)."""
    return check_id("session id", value)
