"""Redis key layout of the short-term tier.

Every key starts with ``<prefix>`` (``REDIS_PREFIX``, default ``ma``), so several
deployments or test runs can share one server without touching each other's data.

Every key of one user carries the user id as a Redis Cluster *hash tag* (the literal
braces below): the cluster places all of them in one slot, so each Lua script and each
MULTI/EXEC block of the product touches one slot and runs on a cluster as on one server.
User ids cannot contain braces (``memory/ids.py``), so the tag is always the whole id.

Per user and session::

    <prefix>:user:{<user_id>}:session:<session_id>:turns    LIST of Turn JSON, oldest first
    <prefix>:user:{<user_id>}:session:<session_id>:summary  STRING, rolling summary

Per user::

    <prefix>:user:{<user_id>}:sessions   ZSET session_id -> expiry (unix seconds); the quota
                                         counts only members whose score is in the future
    <prefix>:user:{<user_id>}:cache:gen  STRING, the user's current cache generation token
    <prefix>:user:{<user_id>}:cache:item:<key>
                                         STRING ``<generation>|<value>``; valid only while
                                         its generation equals ``cache:gen``

Invalidating a user's cache deletes ``cache:gen``; the next read creates a fresh random
generation. A put stores a value only under the generation its computation started from
(the one its read returned) and never creates the generation key, so no value computed
before a write can be served after it.

Error log (each record expires after ``ERROR_LOG_TTL_SECONDS``, default one hour), all in
the slot of the tag ``{errors}``::

    <prefix>:{errors}:index              ZSET record key -> logged-at (unix seconds)
    <prefix>:{errors}:rec:<ms>:<trace_id>:<nonce>
                                         STRING, the record as JSON
"""
from __future__ import annotations

#: Separator between key segments.
SEP = ":"

#: Hash tag of the error log's keys (one slot for the index and its records).
ERRORS_TAG = "{errors}"

#: Separator between the generation token and the value in a cache item.
CACHE_GEN_SEP = "|"


def check_segment(name: str, value: str) -> str:
    """Reject ids that are empty or contain the separator (they would alias other keys)."""
    if not value:
        raise ValueError(f"{name} must not be empty")
    if SEP in value:
        raise ValueError(f"{name} must not contain {SEP!r}: {value!r}")
    return value


def tagged(value: str) -> str:
    """``{value}``: a Redis Cluster hash tag (keys with the same tag share one slot)."""
    if "{" in value or "}" in value:
        raise ValueError(f"a hash-tagged id must not contain braces: {value!r}")
    return "{" + value + "}"


def user_root(prefix: str, user_id: str) -> str:
    """``<prefix>:user:{<user_id>}`` -- the root of every key of one user (one cluster slot)."""
    return f"{prefix}{SEP}user{SEP}{tagged(check_segment('user_id', user_id))}"


def session_root(prefix: str, user_id: str, session_id: str) -> str:
    """``<prefix>:user:{<user_id>}:session:<session_id>``."""
    return f"{user_root(prefix, user_id)}{SEP}session{SEP}{check_segment('session_id', session_id)}"


def turns(prefix: str, user_id: str, session_id: str) -> str:
    """The LIST of a session's turns, oldest first."""
    return f"{session_root(prefix, user_id, session_id)}{SEP}turns"


def summary(prefix: str, user_id: str, session_id: str) -> str:
    """The STRING holding a session's rolling summary."""
    return f"{session_root(prefix, user_id, session_id)}{SEP}summary"


def sessions(prefix: str, user_id: str) -> str:
    """The ZSET of a user's session ids scored by expiry time (unix seconds)."""
    return f"{user_root(prefix, user_id)}{SEP}sessions"


def cache_gen(prefix: str, user_id: str) -> str:
    """The STRING holding the user's current cache generation token."""
    return f"{user_root(prefix, user_id)}{SEP}cache{SEP}gen"


def cache_item(prefix: str, user_id: str, key: str) -> str:
    """The STRING holding one cached value (``<generation>|<value>``)."""
    if not key:
        raise ValueError("cache key must not be empty")
    return f"{user_root(prefix, user_id)}{SEP}cache{SEP}item{SEP}{key}"


def errors_index(prefix: str) -> str:
    """The ZSET indexing error records by the time they were logged."""
    return f"{prefix}{SEP}{ERRORS_TAG}{SEP}index"


def error_record(prefix: str, logged_at_ms: int, trace_id: str, nonce: str) -> str:
    """The STRING holding one error record as JSON."""
    return f"{prefix}{SEP}{ERRORS_TAG}{SEP}rec{SEP}{logged_at_ms}{SEP}{trace_id}{SEP}{nonce}"


def glob_escape(text: str) -> str:
    """``text`` with Redis glob characters escaped, for an exact-prefix ``SCAN MATCH``."""
    return "".join("\\" + ch if ch in "*?[]\\" else ch for ch in text)
