"""``python -m app kb …`` and ``batch --kb``: create, index a folder with progress, search, list, delete."""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

from tests.knowledge.pdf_fixture import make_pdf

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=300)


def test_kb_commands_index_a_folder_and_search_it(create_database: Callable[[], str], tmp_path: Path) -> None:
    env = {"MEMORY_AGENT_HOME": str(tmp_path / "home"), "PG_DSN": create_database(), "REDIS_URL": REDIS_URL,
           "REDIS_PREFIX": f"kbcli{uuid.uuid4().hex[:8]}", "CHAT_PROVIDER": "offline", "PYTHONPATH": str(ROOT)}
    docs = tmp_path / "docs"
    (docs / "sub").mkdir(parents=True)
    (docs / "travel.md").write_text("# Travel\n\nHotel costs are reimbursed up to 180 euros per night.\n")
    (docs / "sub" / "it.pdf").write_bytes(make_pdf([["Laptops must use full disk encryption."]]))
    (docs / "notes.bin").write_bytes(b"\x00\x01")  # not a supported type: skipped in a folder
    assert _cli(env, "kb", "--user", "ann", "create", "handbook").returncode == 0
    run = _cli(env, "batch", "--kb", "handbook", "--user", "ann", str(docs))
    assert run.returncode == 0, run.stderr
    assert "2 files, 2 chunks indexed into 'handbook'" in run.stdout and "indexing into handbook" in run.stderr
    found = _cli(env, "kb", "--user", "ann", "search", "handbook", "笔记本电脑需要加密吗？", "--top-k", "1")
    assert found.returncode == 0 and "it.pdf" in found.stdout and "encryption" in found.stdout, found.stdout
    listed = _cli(env, "kb", "--user", "ann", "list").stdout
    assert "handbook" in listed and "travel.md  ready  1 chunks" in listed
    other = _cli(env, "kb", "--user", "bob", "search", "handbook", "hotel")
    assert other.returncode == 2 and "no knowledge base 'handbook' for user 'bob'" in other.stderr
    assert _cli(env, "kb", "--user", "ann", "delete", "handbook").returncode == 0
    assert "handbook" not in _cli(env, "kb", "--user", "ann", "list").stdout
