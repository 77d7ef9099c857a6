"""An AGENTS.md is read and checked once when a command starts, and what was read is passed on.

``serve``, ``chat`` and ``batch`` start in this process on real stores (Redis, MariaDB,
PostgreSQL + pgvector) with every parse of an AGENTS.md counted per file: each file the
command runs is parsed exactly once (the chat's ``configs/AGENTS.md`` used to be parsed
three times by a chat and twice by ``serve``).
"""
from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import agents.declarative.loader as loader
from app.deployment import CHAT_AGENTS_FILE
from app.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]
TEAM = ROOT / "configs/examples/trip_planner/AGENTS.md"
NAMES = ("MEMORY_AGENT_HOME", "REDIS_URL", "REDIS_PREFIX", "MYSQL_URL", "PG_DSN")


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Parses of AGENTS.md files since the test started, by resolved path."""
    counts: Counter[str] = Counter()
    real = loader._merge

    def counting(path: Path, text: str) -> Any:
        counts[str(Path(path).resolve())] += 1
        return real(path, text)

    monkeypatch.setattr(loader, "_merge", counting)
    yield counts


def _settings(chat_env: dict[str, str]) -> Settings:
    return load_settings(**{k.lower(): chat_env[k] for k in NAMES})


async def test_serve_parses_the_chat_file_once(parses: Counter[str], chat_env: dict[str, str]) -> None:
    from app.composition import open_runtime
    from app.serve import build_service_app

    async with await open_runtime(_settings(chat_env)) as rt:
        app = await build_service_app(rt)
        try:
            assert app.state.memory_deployment.current.loaded.config.deployment  # it runs the chat's file
        finally:
            for close in app.state.memory_closers:
                await close()
            with contextlib.suppress(Exception):
                await app.state.memory_service_redis.aclose()
    assert parses == {str(CHAT_AGENTS_FILE): 1}, parses


async def test_chat_parses_its_file_once(parses: Counter[str], chat_env: dict[str, str]) -> None:
    from app.chat import _prepare

    async with contextlib.AsyncExitStack() as closing:
        session = await _prepare(_settings(chat_env), "parse-once", "s1", closing)
        assert session.system_prompt  # the assistant role of the file, read at start-up
        assert session.services.policy.history is not None
    assert parses == {str(CHAT_AGENTS_FILE): 1}, parses


def test_batch_parses_its_team_file_and_the_chat_file_once(parses: Counter[str], chat_env: dict[str, str],
                                                            monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from app.cli import main

    for name in NAMES:
        monkeypatch.setenv(name, chat_env[name])
    monkeypatch.setenv("CHAT_PROVIDER", "offline")
    data, out = tmp_path / "requests.jsonl", tmp_path / "out"
    data.write_text(json.dumps({"text": "Plan a trip to Lisbon in June."}) + "\n", encoding="utf-8")
    code = main(["batch", "--agents", str(TEAM), str(data), "--out", str(out), "--user", "kei", "--no-progress"])
    assert code == 0
    assert (out / "results.jsonl").exists()
    # the team file runs; the chat's file gives the memory turn's policy (batch.memory_turn)
    assert parses == {str(TEAM.resolve()): 1, str(CHAT_AGENTS_FILE): 1}, parses
