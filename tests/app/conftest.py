"""Fixtures of the app tests that run the product on real stores.

Short-term: the shared Redis (own key prefix); working state: a fresh database on the shared
MariaDB; long-term: a fresh database on the session's embedded PostgreSQL + pgvector.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from app.composition import Runtime, open_runtime
from app.settings import load_settings

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def chat_env(create_database: Callable[[], str], mysql_url: str, tmp_path: Path) -> dict[str, str]:
    """The environment of a fresh deployment, offline model, for a chat process."""
    base = {k: v for k, v in os.environ.items() if k not in ("DASHSCOPE_API_KEY", "OPENAI_BASE_URL")}
    return {
        **base,
        "MEMORY_AGENT_HOME": str(tmp_path / "home"),
        "REDIS_URL": REDIS_URL,
        "REDIS_PREFIX": f"tty{uuid.uuid4().hex[:10]}",
        "MYSQL_URL": mysql_url,
        "PG_DSN": create_database(),
    }


@pytest.fixture
async def runtime(chat_env: dict[str, str]) -> AsyncIterator[Runtime]:
    """The opened runtime of that deployment, in this process."""
    names = ("MEMORY_AGENT_HOME", "REDIS_URL", "REDIS_PREFIX", "MYSQL_URL", "PG_DSN")
    rt = await open_runtime(load_settings(**{k.lower(): chat_env[k] for k in names}))
    yield rt
    await rt.aclose()


@pytest.fixture
async def consented_runtime(chat_env: dict[str, str]) -> AsyncIterator[Runtime]:
    """The same deployment opened as ``chat`` runs it for a consented user: consent on, the offline model."""
    names = ("MEMORY_AGENT_HOME", "REDIS_URL", "REDIS_PREFIX", "MYSQL_URL", "PG_DSN")
    rt = await open_runtime(load_settings(**{k.lower(): chat_env[k] for k in names}, longterm_consent="on",
                                          chat_provider="offline"))
    yield rt
    await rt.aclose()
