"""API keys in the working-state tier, on real MariaDB and real SQLite: shown once, stored
hashed, verified exactly, revocable, listed per user."""
from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from memory.working.key_store import KeyNotFoundError, SqlKeyStore
from tests.working.conftest import Backend


@pytest.fixture
async def keys(backend: Backend) -> AsyncIterator[SqlKeyStore]:
    store = (SqlKeyStore.for_mysql(backend.location, backend.prefix) if backend.kind == "mariadb"
             else SqlKeyStore.for_sqlite(backend.location, backend.prefix))
    await store.migrate()
    yield store
    await store.close()
    if backend.kind == "mariadb":
        backend.raw_query("DROP TABLE IF EXISTS {p}api_keys")


async def test_a_key_is_shown_once_stored_hashed_and_verified_exactly(
    keys: SqlKeyStore, backend: Backend, user: Callable[[str], str]
) -> None:
    alice = user("alice")
    created = await keys.create(alice, label="laptop")
    assert created.secret.startswith("mak_") and created.key.user_id == alice
    stored = backend.raw_query("SELECT * FROM {p}api_keys")
    assert created.secret.split("_")[-1] not in repr(stored) and created.secret not in repr(stored)

    found = await keys.verify(created.secret)
    assert found is not None and found.user_id == alice and found.role == "user"
    assert await keys.verify(created.secret[:-1] + ("A" if created.secret[-1] != "A" else "B")) is None
    assert await keys.verify("mak_" + "0" * 16 + "_" + "x" * 43) is None
    assert await keys.verify("alice") is None


async def test_revoked_keys_stop_working_and_stay_listed(keys: SqlKeyStore, user: Callable[[str], str]) -> None:
    alice, bob = user("alice"), user("bob")
    first = await keys.create(alice)
    second = await keys.create(alice, role="admin")
    other = await keys.create(bob)
    with pytest.raises(KeyNotFoundError):
        await keys.revoke(other.key.key_id, user_id=alice)
    assert await keys.verify(other.secret) is not None

    revoked = await keys.revoke(first.key.key_id, user_id=alice)
    assert revoked.revoked_at is not None
    assert await keys.verify(first.secret) is None
    admin = await keys.verify(second.secret)
    assert admin is not None and admin.role == "admin"
    listed = await keys.list(alice)
    assert [(k.key_id, k.revoked_at is not None) for k in listed] == [
        (first.key.key_id, True), (second.key.key_id, False)
    ]
    with pytest.raises(ValueError):
        await keys.create(" ")
