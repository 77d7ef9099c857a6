"""``LiveDeployment``: what a running service does when its AGENTS.md changes.

On a real working tier (SQLite file; the HTTP tests in ``test_reload_http.py`` use MariaDB):
a newer valid file becomes what new turns use while a turn that already took its snapshot
keeps the old one; an older, same-version or broken file is refused with one log line and
the running version stays; a team file reloads its engine.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from loguru import logger

from agents.declarative.deployments import deployed_version
from app.composition import open_declared_engine
from app.deployment import CHAT_AGENTS_FILE, turn_policy
from app.live_deployment import LiveDeployment
from memory.working.sql_store import SqlWorkingStore

ROOT = Path(__file__).resolve().parents[2]
TEAM_FILE = ROOT / "configs/examples/trip_planner/AGENTS.md"
CHAT = CHAT_AGENTS_FILE.read_text(encoding="utf-8")


@pytest.fixture
async def working(tmp_path: Path):  # noqa: ANN201
    store = SqlWorkingStore.for_sqlite(tmp_path / "working.sqlite3")
    await store.migrate()
    yield store
    await store.close()


@pytest.fixture
def warnings():  # noqa: ANN201
    lines: list[str] = []
    sink = logger.add(lambda m: lines.append(m.record["message"]), level="WARNING")
    yield lines
    logger.remove(sink)


def _save(path: Path, text: str) -> None:
    """Write the file as an editor would; the mtime moves on even within one clock tick."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def _chat(version: int, recall_retries: int = 2, prompt_note: str = "") -> str:
    text = CHAT.replace("config_version: 1", f"config_version: {version}", 1)
    recall = "    tools: [recall_memories]\n    dependencies: [receive, history, consent]\n"
    assert recall + "    fallback: {strategy: retry, max_retries: 2, backoff_s: 0.5}" in text
    text = text.replace(recall + "    fallback: {strategy: retry, max_retries: 2, backoff_s: 0.5}",
                        recall + f"    fallback: {{strategy: retry, max_retries: {recall_retries}, backoff_s: 0.5}}", 1)
    return text.replace("You are a helpful assistant", f"{prompt_note}You are a helpful assistant", 1)


async def _live(working: SqlWorkingStore, path: Path) -> LiveDeployment:
    async def no_team(loaded):  # noqa: ANN001, ANN202
        raise AssertionError("a chat file builds no engine")

    return await LiveDeployment.start(working, path, turn_policy(), no_team)


async def test_a_newer_file_replaces_policy_and_prompt_for_new_turns_only(working, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "AGENTS.md"
    _save(path, _chat(1))
    live = await _live(working, path)
    in_flight = await live.check()
    assert in_flight.policy.recall.retries == 2 and (await deployed_version(working, "chat"))[0] == 1

    _save(path, _chat(2, recall_retries=0, prompt_note="Always answer in one sentence. "))
    taken = await live.check()
    assert taken.label.config_version == 2 and taken.policy.recall.retries == 0
    assert taken.system_prompt.startswith("Always answer in one sentence.") and taken.loaded_at > in_flight.loaded_at
    assert in_flight.policy.recall.retries == 2 and "one sentence" not in in_flight.system_prompt
    assert (await deployed_version(working, "chat"))[0] == 2
    assert live.status()["config_version"] == 2 and live.status()["refused"] is None


async def test_older_same_version_and_broken_files_are_refused_once_and_the_running_one_stays(
    working, tmp_path: Path, warnings: list[str]  # noqa: ANN001
) -> None:
    path = tmp_path / "AGENTS.md"
    _save(path, _chat(2))
    live = await _live(working, path)

    refusals = [
        (_chat(1, recall_retries=0), "not newer than the running version 2"),
        (_chat(2, recall_retries=0), "raise config_version above 2"),
        (_chat(3).replace("tools: [recall_memories]", "tools: [recall_everything]"), "recall_everything"),
        (_chat(3).replace("agents:\n", "agents: [\n", 1), "invalid YAML"),
    ]
    for text, why in refusals:
        _save(path, text)
        running = await live.check()
        assert running.label.config_version == 2 and running.policy.recall.retries == 2, why
        assert why in live.status()["refused"]["reason"]
        assert await live.check() is running  # the same refused content is not tried again ...
    assert len(warnings) == len(refusals), warnings  # ... nor logged again
    assert all("refused, still running config_version 2" in w for w in warnings)
    assert (await deployed_version(working, "chat"))[0] == 2

    _save(path, _chat(3, recall_retries=1))
    assert (await live.check()).policy.recall.retries == 1 and live.status()["refused"] is None


async def test_a_team_file_reloads_its_engine_and_cannot_turn_into_the_chat(working, tmp_path: Path) -> None:  # noqa: ANN001
    from app.composition import team_model_for
    from app.settings import load_settings

    settings = load_settings(memory_agent_home=str(tmp_path), chat_provider="offline")
    path = tmp_path / "AGENTS.md"
    team = TEAM_FILE.read_text(encoding="utf-8")
    _save(path, team)

    async def build(loaded):  # noqa: ANN001, ANN202
        engine, _ = await open_declared_engine(loaded, working, settings, model_for=team_model_for(settings.model))
        return engine

    live = await LiveDeployment.start(working, path, turn_policy(), build)
    first = live.current
    assert first.engine.order == ["concierge", "curator", "planner", "critic"] and first.policy == turn_policy()

    reviewer = team.replace("config_version: 1", "config_version: 2").replace("name: critic", "name: reviewer")
    _save(path, reviewer)
    second = await live.check()
    assert second.engine is not first.engine and second.engine.order[-1] == "reviewer"
    assert first.engine.order[-1] == "critic"

    _save(path, CHAT.replace("config_version: 1", "config_version: 9"))
    assert await live.check() is second and "restart serve to switch" in live.status()["refused"]["reason"]
