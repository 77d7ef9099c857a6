"""Read back every store and sink of a deployment, and search it for raw personal values.

Shared by the privacy tests and ``scripts/bench/privacy.py``. Each reader returns one text;
:func:`leaks` searches them in the normalised form of ``tests/data/pii_corpus.compact``
(NFKC, lower case, letters and digits only) after undoing JSON ``\\uXXXX`` escapes, so a
Chinese value inside an ASCII-escaped JSON record (a span, a Redis record) is still found.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import psycopg2
import redis

from memory.working.dialects import connect_mysql
from tests.data.pii_corpus import PiiItem, compact

_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})(?:\\u([0-9a-fA-F]{4}))?")
# A secret this short could turn up by chance in a large dump; CJK names are short but distinctive.
MIN_SECRET = 6


def unescape(text: str) -> str:
    """``text`` with JSON ``\\uXXXX`` escapes (surrogate pairs too) turned back into characters."""

    def one(match: re.Match[str]) -> str:
        first = int(match.group(1), 16)
        second = int(match.group(2), 16) if match.group(2) else None
        if 0xD800 <= first < 0xDC00 and second is not None and 0xDC00 <= second < 0xE000:
            return chr(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        tail = chr(second) if second is not None else ""
        return (chr(first) if not 0xD800 <= first < 0xE000 else "") + tail

    return _ESCAPE.sub(one, text)


def searchable(secret: str) -> bool:
    """Whether ``secret`` is long (or distinctive) enough to be searched in a whole store."""
    folded = compact(secret)
    return len(folded) >= MIN_SECRET or (len(folded) >= 2 and any("\u4e00" <= c <= "\u9fff" for c in folded))


# Where one stored string ends: a quote, a line break, a mask's bracket. Folding each piece on
# its own keeps "‹id …1234›" and a following "567890" from spelling a value together.
_PIECES = re.compile(r'["\n\[\]\u2039\u203a]|\\n')


def _fold(text: str) -> str:
    return "\x00".join(compact(piece) for piece in _PIECES.split(unescape(text)))


def fold(text: str) -> str:
    """A sink's text in the form :func:`leaks` searches (for a sink searched more than once)."""
    return _fold(text)


def leaks(items: Iterable[PiiItem], haystacks: dict[str, str],
          folded_already: dict[str, str] | None = None) -> list[tuple[str, PiiItem, str]]:
    """Every (sink, item, secret) whose secret is found in that sink, in any normalised form.

    ``folded_already``: more sinks, already passed through :func:`fold` (a large one searched for several paths).
    """
    folded = {where: _fold(text) for where, text in haystacks.items()} | dict(folded_already or {})
    found = []
    for item in items:
        for secret in item.secrets:
            if not searchable(secret):
                continue
            for where, text in folded.items():
                if compact(secret) in text:
                    found.append((where, item, secret))
    return found


def redis_dump(url: str, prefix: str) -> str:
    """Every key under ``prefix`` and every value it holds, whatever its type."""
    client = redis.Redis.from_url(url)
    parts: list[str] = []

    def text(value: Any) -> str:
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)

    try:
        for key in client.scan_iter(match=f"{prefix}*", count=500):
            kind = client.type(key)
            parts.append(text(key))
            if kind == b"string":
                parts.append(text(client.get(key) or b""))
            elif kind == b"hash":
                parts += [text(k) + " " + text(v) for k, v in client.hgetall(key).items()]
            elif kind == b"list":
                parts += [text(v) for v in client.lrange(key, 0, -1)]
            elif kind == b"set":
                parts += [text(v) for v in client.smembers(key)]
            elif kind == b"zset":
                parts += [text(v) for v in client.zrange(key, 0, -1)]
            elif kind == b"stream":
                parts += [text(fid) + json.dumps({text(k): text(v) for k, v in fields.items()}, ensure_ascii=False)
                          for fid, fields in client.xrange(key)]
    finally:
        client.close()
    return "\n".join(parts)


def mysql_dump(url: str) -> str:
    """Every row of every table of the working-state database."""
    conn = connect_mysql(url)
    try:
        cur = conn.cursor()
        cur.execute("SHOW TABLES")
        rows: list[str] = []
        for (table,) in cur.fetchall():
            cur.execute(f"SELECT * FROM `{table}`")
            rows += [" ".join(_cell(value) for value in row) for row in cur.fetchall()]
        return "\n".join(rows)
    finally:
        conn.close()


def _cell(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, (bytes, bytearray)) else str(value)


def postgres_dump(dsn: str) -> str:
    """Every row of every table in the long-term database (memories, archive, history…), vectors left out."""
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute(
            "SELECT table_schema, table_name, string_agg(quote_ident(column_name) || '::text', ', ') FROM information_schema.columns "
            "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND udt_name <> 'vector' "
            "GROUP BY table_schema, table_name"
        )
        tables = cur.fetchall()
        rows: list[str] = []
        for schema, table, columns in tables:
            cur.execute(f'SELECT {columns} FROM "{schema}"."{table}"')
            rows += [" ".join(str(v) for v in row) for row in cur.fetchall()]
    return "\n".join(rows)


def files_dump(home: Path) -> str:
    """The raw bytes of every file under the data folder (outbox, journal, logs, SQLite…)."""
    parts = []
    for path in sorted(home.rglob("*")):
        if path.is_file() and path.stat().st_size < 50_000_000:
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(parts)


def spans_dump(spans: Iterable[Any]) -> str:
    """Names, attributes, events and resources of finished spans (their JSON form)."""
    return "\n".join(span.to_json() for span in spans)
