"""SQL of :mod:`memory.knowledge.pgvector_store`: one table per collection, a registry, term stats.

* ``kb_collections`` — the registry: collection name → its table, dimension, chunk count and
  total lexical length (the BM25 collection statistics, kept up to date by every write).
* ``<table>`` — one table per collection (``kbc_`` + a hash of the name, so any name is a
  safe identifier): the chunk, its document id, ``metadata`` (JSONB, GIN ``jsonb_path_ops``
  so ``metadata @> filter`` is indexed), ``lexemes`` (a ``tsvector`` built from the caller's
  tokenizer, GIN), and ``embedding vector(dim)`` with an HNSW cosine index.
* ``<table>_terms`` — per-term document frequency of the collection, so a lexical search reads
  the ``df`` of its few query terms by primary key instead of scanning every chunk.

Written without any application import so the module can be offered upstream.
"""
from __future__ import annotations

import hashlib
from typing import Any

REGISTRY = (
    "CREATE TABLE IF NOT EXISTS kb_collections ("
    " name text PRIMARY KEY, table_name text NOT NULL UNIQUE, dimensions integer NOT NULL,"
    " chunks bigint NOT NULL DEFAULT 0, total_len bigint NOT NULL DEFAULT 0,"
    " created_at timestamptz NOT NULL DEFAULT now())"
)

COLUMNS = "document_id, chunk_index, total_chunks, source, content, metadata"



def table_for(name: str) -> str:
    """The table of collection ``name``: ``kbc_`` + 24 hex characters of its SHA-256."""
    return "kbc_" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:24]


def create_statements(table: str, dimensions: int, m: int, ef_construction: int) -> list[str]:
    """DDL of one collection (idempotent)."""
    return [
        f"CREATE TABLE IF NOT EXISTS {table} ("
        " id bigserial PRIMARY KEY, document_id text NOT NULL, chunk_index integer NOT NULL,"
        " total_chunks integer NOT NULL, source text NOT NULL, content jsonb NOT NULL,"
        " metadata jsonb NOT NULL DEFAULT '{}'::jsonb, lexemes tsvector,"
        " lexical_len integer NOT NULL DEFAULT 0,"
        f" embedding vector({int(dimensions)}) NOT NULL, UNIQUE (document_id, chunk_index))",
        f"CREATE INDEX IF NOT EXISTS {table}_hnsw ON {table} USING hnsw (embedding vector_cosine_ops)"
        f" WITH (m = {int(m)}, ef_construction = {int(ef_construction)})",
        f"CREATE INDEX IF NOT EXISTS {table}_lex ON {table} USING gin (lexemes)",
        f"CREATE INDEX IF NOT EXISTS {table}_meta ON {table} USING gin (metadata jsonb_path_ops)",
        f"CREATE TABLE IF NOT EXISTS {table}_terms (term text PRIMARY KEY, df bigint NOT NULL)",
    ]


def drop_statements(table: str) -> list[str]:
    """DDL removing one collection's tables."""
    return [f"DROP TABLE IF EXISTS {table}_terms", f"DROP TABLE IF EXISTS {table}"]


def filter_sql(metadata_filter: dict[str, Any] | None, alias: str = "") -> tuple[str, list[str]]:
    """``metadata @> %s`` for a non-empty filter (indexed), else ``true``; with its parameter."""
    import json

    if not metadata_filter:
        return "true", []
    return f"{alias}metadata @> %s::jsonb", [json.dumps(metadata_filter, ensure_ascii=False)]


def exclude_sql(metadata_exclude: dict[str, Any] | None, alias: str = "") -> tuple[str, list[str]]:
    """``NOT metadata @> %s`` for each key of ``metadata_exclude`` (e.g. quarantined chunks)."""
    import json

    if not metadata_exclude:
        return "true", []
    parts, args = [], []
    for key, value in metadata_exclude.items():
        parts.append(f"NOT ({alias}metadata @> %s::jsonb)")
        args.append(json.dumps({key: value}, ensure_ascii=False))
    return " AND ".join(parts), args
