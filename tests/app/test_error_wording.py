"""A store error reads as one clean sentence: no doubled period, and a refused login is not 'not reachable'."""
from __future__ import annotations

from memory.errors import StoreUnavailableError


def test_a_cause_ending_in_a_period_is_not_followed_by_a_second_one() -> None:
    message = str(StoreUnavailableError("PostgreSQL", "PG_DSN", "postgresql://u@h/db", "connection failed ('127.0.0.1', 1)."))
    assert ".." not in message
    assert message.startswith("PostgreSQL is not reachable at postgresql://u@h/db (PG_DSN): connection failed ('127.0.0.1', 1). Start")


def test_a_refused_login_says_so_and_points_at_the_credentials() -> None:
    cause = "1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)"
    message = str(StoreUnavailableError("MariaDB", "MYSQL_URL", "mysql://root@127.0.0.1:3306/x", cause))
    assert "not reachable" not in message and "refused the login" in message
    assert "Fix the user name or password in MYSQL_URL" in message
    pg = str(StoreUnavailableError("PostgreSQL", "PG_DSN", "postgresql://u@h/db",
                                   'FATAL:  password authentication failed for user "u"'))
    assert "refused the login" in pg and "not reachable" not in pg
