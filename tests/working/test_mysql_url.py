"""A MYSQL_URL that cannot name one MariaDB database is refused before any connection, with the fix;
a good one connects to the real server."""
from __future__ import annotations

import pytest

from memory.errors import StoreUnavailableError
from memory.working.dialects import connect_mysql

_BAD = [
    ("postgresql://root@127.0.0.1:3306/test", "the URL must start with mysql:// or mariadb://"),
    ("mysql:///test", "the URL has no host"),
    ("mysql://root@127.0.0.1:3306/", "the URL must name one database"),
    ("mysql://root@127.0.0.1:3306/a/b", "the URL must name one database"),
    ("mysql://root@127.0.0.1:99999/test", "malformed URL"),
]


@pytest.mark.parametrize(("url", "said"), _BAD)
def test_a_url_that_names_no_single_database_is_refused_with_what_to_fix(url: str, said: str) -> None:
    with pytest.raises(StoreUnavailableError) as caught:
        connect_mysql(url)
    assert caught.value.variable == "MYSQL_URL" and said in caught.value.cause


def test_the_password_of_a_refused_url_is_not_in_the_message() -> None:
    with pytest.raises(StoreUnavailableError) as caught:
        connect_mysql("mysql://root:s3cret-pw@127.0.0.1:3306/")
    assert "s3cret-pw" not in str(caught.value) and "one database" in caught.value.cause


def test_a_url_naming_one_database_connects(mysql_url: str) -> None:
    conn = connect_mysql(mysql_url)
    try:
        cur = conn.cursor()
        cur.execute("SELECT DATABASE()")
        assert cur.fetchone()[0] == mysql_url.rsplit("/", 1)[1]
    finally:
        conn.close()
