"""End-to-end fixtures: the whole product over real stores with the offline model.

Short-term: the real Redis (unique key prefix per test); working state: the real MariaDB;
long-term: the session's embedded PostgreSQL + pgvector, a fresh database per test.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from app.composition import Runtime, open_runtime
from app.settings import Settings, load_settings

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
MYSQL_URL = os.environ.get("TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306/test")


@pytest.fixture
def e2e_env(create_database: Callable[[], str], mysql_url: str, tmp_path: Path) -> dict[str, str]:
    """Environment variables of a fresh deployment: own databases, own Redis prefix."""
    return {
        "MEMORY_AGENT_HOME": str(tmp_path / "home"),
        "REDIS_URL": REDIS_URL,
        "REDIS_PREFIX": f"e2e{uuid.uuid4().hex[:10]}",
        "MYSQL_URL": mysql_url,
        "PG_DSN": create_database(),
        "RECALL_CACHE_TTL_SECONDS": "300",
    }


def settings_from(env: dict[str, str], **overrides: object) -> Settings:
    """Settings of that deployment (plus overrides)."""
    fields = {k.lower(): v for k, v in env.items()}
    fields.update(overrides)
    return load_settings(**fields)


@pytest.fixture
async def runtime(e2e_env: dict[str, str]) -> AsyncIterator[Runtime]:
    """The opened runtime of the deployment."""
    rt = await open_runtime(settings_from(e2e_env))
    yield rt
    await rt.aclose()
