"""The few ways MariaDB and SQLite differ for the working-state tier.

``SqlWorkingStore`` holds every piece of logic; a ``Dialect`` only knows how to open a
connection, spell a placeholder and a column type, begin a write transaction, convert
timestamps, and recognise its driver's errors. Both drivers are synchronous DB-API 2
modules; the store runs them on worker threads.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterator
from urllib.parse import unquote, urlsplit

from core import telemetry
from core.redact import redact
from memory.errors import ConfigError, StoreUnavailableError

MYSQL_SCHEMES = ("mysql", "mariadb", "mysql+mysqlconnector")
SQLITE_BUSY_TIMEOUT_S = 10.0
MYSQL_CONNECT_TIMEOUT_S = 5


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


@dataclass(frozen=True)
class Dialect:
    """What differs between engines. All SQL in the store is written with ``?``.

    Attributes:
        engine: Human name used in messages (``"MariaDB"``, ``"SQLite"``).
        variable: The setting that chose the location (``MYSQL_URL``, ``MEMORY_AGENT_HOME``).
        target: Where the data lives (URL without password, or file path).
        connect: Opens a new autocommit connection; raises ``StoreUnavailableError``/``ConfigError``.
        placeholder: The driver's parameter marker.
        id_type: Column type of identifiers (exact, case- and space-sensitive comparison).
        json_type: Column type of the state document (a ``json_valid`` CHECK is added).
        ts_type: Column type of UTC timestamps with microseconds.
        table_options: Suffix of ``CREATE TABLE``.
        begin_sql: Starts a write transaction.
        insert_ignore: ``INSERT`` that skips a row whose key already exists.
        version_sql: Query returning the engine version string.
        unavailable_errors: Driver errors meaning the server or file cannot be used.
        migration_lock: Context manager ``(conn, name)`` serialising migrations across processes.
        skip_locked: Suffix of a claiming ``SELECT`` that locks the rows it returns and skips
            rows other transactions hold (``FOR UPDATE SKIP LOCKED``); empty on an engine
            that has none (SQLite: one writer at a time anyway, and one batch worker).
    """

    engine: str
    variable: str
    target: str
    connect: Callable[[], Any]
    placeholder: str
    id_type: str
    json_type: str
    ts_type: str
    table_options: str
    begin_sql: str
    insert_ignore: str
    version_sql: str
    unavailable_errors: tuple[type[BaseException], ...]
    duplicate_key: Callable[[BaseException], bool]
    missing_table: Callable[[BaseException], bool]
    encode_ts: Callable[[datetime], Any]
    decode_ts: Callable[[Any], datetime]
    format_version: Callable[[str], str]
    migration_lock: Callable[[Any, str], ContextManager[None]]
    skip_locked: str = ""

    def sql(self, text: str) -> str:
        """Rewrite ``?`` placeholders into this driver's marker."""
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def unavailable(self, exc: BaseException) -> StoreUnavailableError:
        """The project error for a driver error meaning the store cannot be used right now."""
        return StoreUnavailableError(self.engine, self.variable, self.target, _one_line(exc))


# --------------------------------------------------------------------------- MariaDB


def _mysql_url_problem(scheme: str, host: str | None, database: str) -> str | None:
    """What is wrong with a MariaDB URL's scheme, host and database (``None``: nothing)."""
    if scheme not in MYSQL_SCHEMES:
        return f"the URL must start with {' or '.join(s + '://' for s in MYSQL_SCHEMES)}"
    if not host:
        return "the URL has no host"
    if not database or "/" in database:
        return "the URL must name one database, e.g. mysql://user:pass@host:3306/memory"
    return None


def _mysql_params(url: str) -> dict[str, Any]:
    """Connection keyword arguments from ``mysql://user:pass@host:port/db``."""
    safe = redact(url)
    try:
        parts = urlsplit(url)
        port = parts.port or 3306
    except ValueError as exc:
        raise StoreUnavailableError("MariaDB", "MYSQL_URL", safe, f"malformed URL ({exc})") from None
    database = unquote(parts.path.lstrip("/"))
    problem = _mysql_url_problem(parts.scheme, parts.hostname, database)
    if problem:
        raise StoreUnavailableError("MariaDB", "MYSQL_URL", safe, problem)
    return {
        "host": parts.hostname,
        "port": port,
        "user": unquote(parts.username or "root"),
        "password": unquote(parts.password or ""),
        "database": database,
    }


def connect_mysql(url: str) -> Any:
    """Open an autocommit connection to MariaDB/MySQL.

    Autocommit is on so a plain ``SELECT`` never leaves a transaction open; writes use
    explicit ``START TRANSACTION`` ... ``COMMIT``.

    Args:
        url: ``mysql://user:pass@host:port/db`` (``mariadb://`` is accepted too).

    Raises:
        StoreUnavailableError: The URL is malformed or the server refuses or is unreachable.
    """
    import mysql.connector  # MariaDB only: the SQLite default never loads the driver (~0.1 CPU-s of a start)

    params = _mysql_params(url)
    try:
        return mysql.connector.connect(
            **params,
            autocommit=True,
            charset="utf8mb4",
            collation="utf8mb4_unicode_ci",
            connection_timeout=MYSQL_CONNECT_TIMEOUT_S,
            use_pure=True,
        )
    except mysql.connector.Error as exc:
        raise StoreUnavailableError("MariaDB", "MYSQL_URL", redact(url), _one_line(exc)) from None


@contextmanager
def _mysql_lock(conn: Any, name: str) -> Iterator[None]:
    """A server-wide named lock (``GET_LOCK``); MariaDB DDL commits implicitly anyway."""
    cur = conn.cursor()
    try:
        cur.execute("SELECT GET_LOCK(%s, 60)", (name,))
        if cur.fetchall()[0][0] != 1:
            raise StoreUnavailableError(
                "MariaDB", "MYSQL_URL", "lock " + name, "another process held the migration lock for 60 s"
            )
        try:
            yield
        finally:
            cur.execute("SELECT RELEASE_LOCK(%s)", (name,))
            cur.fetchall()
    finally:
        cur.close()


def _mysql_version(raw: str) -> str:
    number = raw.split("-", 1)[0]
    return f"MariaDB {number}" if "mariadb" in raw.lower() else f"MySQL {number}"


def mysql_dialect(url: str) -> Dialect:
    """The MariaDB/MySQL dialect for ``url`` (validated now, connected lazily)."""
    import mysql.connector
    from mysql.connector import errorcode

    _mysql_params(url)
    return Dialect(
        engine="MariaDB",
        variable="MYSQL_URL",
        target=redact(url),
        connect=lambda: connect_mysql(url),
        placeholder="%s",
        id_type="VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin",
        json_type="JSON",
        ts_type="DATETIME(6)",
        table_options=" ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
        begin_sql="START TRANSACTION",
        insert_ignore="INSERT IGNORE",
        version_sql="SELECT VERSION()",
        unavailable_errors=(mysql.connector.errors.InterfaceError, mysql.connector.errors.OperationalError),
        duplicate_key=lambda e: getattr(e, "errno", None) == errorcode.ER_DUP_ENTRY,
        missing_table=lambda e: getattr(e, "errno", None) == errorcode.ER_NO_SUCH_TABLE,
        encode_ts=lambda dt: dt.astimezone(timezone.utc).replace(tzinfo=None),
        decode_ts=lambda value: value.replace(tzinfo=timezone.utc),
        format_version=_mysql_version,
        migration_lock=_mysql_lock,
        skip_locked=" FOR UPDATE SKIP LOCKED",  # MySQL 8, MariaDB 10.6+
    )


# --------------------------------------------------------------------------- SQLite


_STATEMENTS = telemetry.SQL_STATEMENTS.labels(store="working")


def _count_statement(_sql: str) -> None:
    """SQLite's trace callback: one call per statement run (``memory_agent_sql_statements``)."""
    _STATEMENTS.inc()


def connect_sqlite(path: str | Path) -> sqlite3.Connection:
    """Open a SQLite file in WAL mode for use by several threads and processes.

    The connection is in autocommit mode (``isolation_level=None``); writes use explicit
    ``BEGIN IMMEDIATE`` ... ``COMMIT``. It may move between threads but must only be used by
    one thread at a time (the store's pool hands each connection to one worker).

    Args:
        path: The database file; missing parent directories are created.

    Raises:
        ConfigError: The file cannot be created or opened (e.g. its directory is not writable).
    """
    target = Path(path).expanduser()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            target,
            timeout=SQLITE_BUSY_TIMEOUT_S,
            isolation_level=None,
            check_same_thread=False,
        )
        conn.set_trace_callback(_count_statement)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn
    except (OSError, sqlite3.Error) as exc:
        raise ConfigError(
            f"Cannot open the SQLite working-state database {target}: {_one_line(exc)}. "
            "Set MEMORY_AGENT_HOME to a writable directory, or set MYSQL_URL."
        ) from None


def _sqlite_encode_ts(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


def _sqlite_decode_ts(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=timezone.utc)


@contextmanager
def _sqlite_lock(conn: sqlite3.Connection, name: str) -> Iterator[None]:
    """One write transaction around all migrations: SQLite DDL is transactional."""
    del name  # the database file itself is the lock's scope
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.rollback()
        raise
    conn.commit()


def sqlite_dialect(path: str | Path) -> Dialect:
    """The SQLite dialect for the database file at ``path``."""
    target = Path(path).expanduser()
    if str(path) in ("", ":memory:"):
        raise ConfigError("The SQLite working-state store needs a file path, not an in-memory database.")
    return Dialect(
        engine="SQLite",
        variable="MEMORY_AGENT_HOME",
        target=str(target),
        connect=lambda: connect_sqlite(target),
        placeholder="?",
        id_type="TEXT",
        json_type="TEXT",
        ts_type="TEXT",
        table_options="",
        begin_sql="BEGIN IMMEDIATE",
        insert_ignore="INSERT OR IGNORE",
        version_sql="SELECT sqlite_version()",
        unavailable_errors=(sqlite3.OperationalError,),
        duplicate_key=lambda e: isinstance(e, sqlite3.IntegrityError) and "UNIQUE" in str(e),
        missing_table=lambda e: isinstance(e, sqlite3.OperationalError) and "no such table" in str(e),
        encode_ts=_sqlite_encode_ts,
        decode_ts=_sqlite_decode_ts,
        format_version=lambda raw: f"SQLite {raw}",
        migration_lock=_sqlite_lock,
    )
