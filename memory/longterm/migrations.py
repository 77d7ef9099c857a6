"""Numbered schema migrations of the long-term store, in the style of simonw/llm.

Each migration is a function registered with ``@migration(number)``. ``apply_migrations``
runs the pending ones in order inside one transaction, holding an advisory lock so two
processes starting together do not race, and records each in ``schema_migrations``.
Applied migrations are never edited; a schema change is a new, higher number.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from psycopg2.extensions import connection, cursor

MigrationFn = Callable[[cursor, int], None]

# Arbitrary constant: the advisory lock key that serialises migrations of this schema.
_LOCK_KEY = 7_304_115_112


@dataclass(frozen=True)
class Migration:
    """One schema step: its number, its name (the function's) and the function."""

    number: int
    name: str
    fn: MigrationFn


MIGRATIONS: list[Migration] = []


def migration(number: int) -> Callable[[MigrationFn], MigrationFn]:
    """Register ``fn`` as migration ``number`` (numbers must be unique and increasing)."""

    def register(fn: MigrationFn) -> MigrationFn:
        if MIGRATIONS and number <= MIGRATIONS[-1].number:
            raise ValueError(f"migration {number} must be greater than {MIGRATIONS[-1].number}")
        MIGRATIONS.append(Migration(number, fn.__name__, fn))
        return fn

    return register


@migration(1)
def m001_extension_and_meta(cur: cursor, dim: int) -> None:
    """pgvector and the store's own facts (embedding model, dimension)."""
    cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
    cur.execute(
        """
        CREATE TABLE store_meta (
            key text PRIMARY KEY,
            value text NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
        )
        """
    )
    cur.execute("INSERT INTO store_meta (key, value) VALUES ('embedding_dim', %s)", (str(dim),))


@migration(2)
def m002_memories(cur: cursor, dim: int) -> None:
    """The live memories, their per-user filter index and the HNSW cosine index."""
    cur.execute(
        f"""
        CREATE TABLE memories (
            id bigserial PRIMARY KEY,
            user_id text NOT NULL,
            memory_type text NOT NULL CHECK (memory_type IN
                ('profile', 'preference', 'decision', 'fact', 'episode', 'knowledge')),
            content text NOT NULL,
            content_hash text NOT NULL,
            importance real NOT NULL DEFAULT 0.5 CHECK (importance >= 0 AND importance <= 1),
            embedding vector({int(dim)}) NOT NULL,
            embedding_model text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            last_accessed_at timestamptz,
            access_count integer NOT NULL DEFAULT 0,
            status text NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'superseded', 'archived')),
            superseded_by bigint REFERENCES memories (id),
            source_session text,
            source_turn text,
            trace_id text,
            metadata jsonb NOT NULL DEFAULT '{{}}'::jsonb,
            UNIQUE (user_id, content_hash)
        )
        """
    )
    cur.execute(
        "CREATE INDEX memories_user_filter_idx "
        "ON memories (user_id, status, memory_type, created_at)"
    )
    cur.execute(
        "CREATE INDEX memories_embedding_hnsw_idx ON memories USING hnsw (embedding vector_cosine_ops)"
    )


@migration(3)
def m003_memories_archive(cur: cursor, dim: int) -> None:
    """The cold archive: same columns plus when and why an item was archived."""
    cur.execute(
        """
        CREATE TABLE memories_archive (
            LIKE memories INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
            archived_at timestamptz NOT NULL DEFAULT now(),
            reason text NOT NULL,
            PRIMARY KEY (id)
        )
        """
    )
    cur.execute("CREATE INDEX memories_archive_user_idx ON memories_archive (user_id, archived_at)")


@migration(4)
def m004_memories_slot_index(cur: cursor, dim: int) -> None:
    """Partial expression index for ``find_by_slot``: active memories by user and ``metadata->>'slot'``."""
    cur.execute(
        "CREATE INDEX memories_slot_idx ON memories (user_id, (metadata->>'slot')) "
        "WHERE status = 'active'"
    )


@migration(5)
def m005_lexical_index(cur: cursor, dim: int) -> None:
    """Full-text side of hybrid recall: a ``tsvector`` of each memory's lexical tokens and a GIN index.

    Tokens come from ``memory.lexical`` (English words, Chinese bigrams); existing rows are
    tokenised here, in the same transaction.
    """
    from psycopg2.extras import execute_values

    from memory.lexical import lexical_tokens, tsvector_literal

    cur.execute(
        "ALTER TABLE memories ADD COLUMN lexemes tsvector NOT NULL DEFAULT ''::tsvector, "
        "ADD COLUMN lexical_len integer NOT NULL DEFAULT 0"
    )
    cur.execute("SELECT id, content FROM memories")
    rows = []
    for memory_id, content in cur.fetchall():
        tokens = lexical_tokens(content)
        rows.append((memory_id, tsvector_literal(tokens), len(tokens)))
    for start in range(0, len(rows), 1000):
        execute_values(
            cur,
            "UPDATE memories AS m SET lexemes = d.lx::tsvector, lexical_len = d.n "
            "FROM (VALUES %s) AS d(id, lx, n) WHERE m.id = d.id",
            rows[start : start + 1000],
        )
    cur.execute("CREATE INDEX memories_lexemes_gin_idx ON memories USING gin (lexemes)")


@migration(6)
def m006_session_order_index(cur: cursor, dim: int) -> None:
    """Index for recall's neighbourhood: a user's memories of one session in time order."""
    cur.execute(
        "CREATE INDEX memories_session_order_idx ON memories (user_id, source_session, created_at, id) "
        "WHERE status = 'active' AND source_session IS NOT NULL"
    )


#: Hash partitions of ``memories`` and ``memories_archive`` by ``user_id`` (migration 7).
USER_PARTITIONS = 8


def _partition_by_user(cur: cursor, table: str, old: str) -> None:
    """Recreate ``table`` (renamed to ``old``) hash-partitioned by ``user_id``, rows kept.

    ``LIKE`` keeps the columns in their order, with their defaults (``id`` keeps drawing from
    ``memories_id_seq``), ``NOT NULL`` and ``CHECK`` constraints; keys and indexes are added
    by the caller once the rows are in.
    """
    cur.execute(f"ALTER TABLE {table} RENAME TO {old}")
    cur.execute(
        f"CREATE TABLE {table} (LIKE {old} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY HASH (user_id)"
    )
    for i in range(USER_PARTITIONS):
        cur.execute(
            f"CREATE TABLE {table}_p{i} PARTITION OF {table} FOR VALUES WITH (MODULUS {USER_PARTITIONS}, REMAINDER {i})"
        )
    cur.execute(f"INSERT INTO {table} SELECT * FROM {old}")


@migration(7)
def m007_partition_by_user(cur: cursor, dim: int) -> None:
    """Distribute by ``user_id``: both memory tables hash-partitioned by it, every key includes it.

    The same rules as a Citus table distributed by ``user_id`` (``docs/SCALING.md``): the
    primary keys become ``(user_id, id)``, the unique key was already ``(user_id,
    content_hash)``, and the supersede link becomes ``(user_id, superseded_by)`` referencing
    ``(user_id, id)`` (a memory only ever supersedes one of its own user). Rows, ids and the
    id sequence are kept; the indexes are rebuilt on the partitioned tables (one per partition).
    """
    cur.execute("ALTER SEQUENCE memories_id_seq OWNED BY NONE")
    _partition_by_user(cur, "memories", "memories_unpartitioned")
    _partition_by_user(cur, "memories_archive", "memories_archive_unpartitioned")
    cur.execute("DROP TABLE memories_archive_unpartitioned")
    cur.execute("DROP TABLE memories_unpartitioned")
    cur.execute("ALTER SEQUENCE memories_id_seq OWNED BY memories.id")
    cur.execute("ALTER TABLE memories ADD CONSTRAINT memories_pkey PRIMARY KEY (user_id, id)")
    cur.execute("ALTER TABLE memories ADD CONSTRAINT memories_user_id_content_hash_key UNIQUE (user_id, content_hash)")
    cur.execute(
        "ALTER TABLE memories ADD CONSTRAINT memories_superseded_by_fkey "
        "FOREIGN KEY (user_id, superseded_by) REFERENCES memories (user_id, id)"
    )
    cur.execute("CREATE INDEX memories_user_filter_idx ON memories (user_id, status, memory_type, created_at)")
    cur.execute("CREATE INDEX memories_embedding_hnsw_idx ON memories USING hnsw (embedding vector_cosine_ops)")
    cur.execute("CREATE INDEX memories_slot_idx ON memories (user_id, (metadata->>'slot')) WHERE status = 'active'")
    cur.execute("CREATE INDEX memories_lexemes_gin_idx ON memories USING gin (lexemes)")
    cur.execute(
        "CREATE INDEX memories_session_order_idx ON memories (user_id, source_session, created_at, id) "
        "WHERE status = 'active' AND source_session IS NOT NULL"
    )
    cur.execute("ALTER TABLE memories_archive ADD CONSTRAINT memories_archive_pkey PRIMARY KEY (user_id, id)")
    cur.execute("CREATE INDEX memories_archive_user_idx ON memories_archive (user_id, archived_at)")
    cur.execute("ANALYZE memories")
    cur.execute("ANALYZE memories_archive")


def apply_migrations(conn: connection, dim: int, upto: int | None = None) -> list[int]:
    """Apply every pending migration in order, once; blocking.

    Args:
        conn: An open connection (its transaction is committed or rolled back here).
        dim: Embedding dimension for a fresh store's ``vector(dim)`` column.
        upto: Stop after this migration number (an older schema version, for upgrade tests);
            ``None`` applies all.

    Returns:
        The numbers applied by this call (``[]`` when the schema was up to date).
    """
    with conn, conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        cur.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                number integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """
        )
        cur.execute("SELECT number FROM schema_migrations")
        done = {row[0] for row in cur.fetchall()}
        applied: list[int] = []
        for step in MIGRATIONS:
            if step.number in done or (upto is not None and step.number > upto):
                continue
            step.fn(cur, dim)
            cur.execute(
                "INSERT INTO schema_migrations (number, name) VALUES (%s, %s)",
                (step.number, step.name),
            )
            applied.append(step.number)
    return applied
