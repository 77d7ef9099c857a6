"""``/kb`` in the terminal chat, on real stores: attach a base, ask in Chinese about an English document,
get the chunk quoted with its document; another user cannot attach it; detach stops it."""
from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.chat import run_command
from app.composition import Runtime, open_runtime
from app.composition.knowledge import open_knowledge
from app.kb_command import create, ingest
from app.session import ChatSession
from app.settings import load_settings


@pytest.fixture
async def rt(chat_env: dict[str, str]) -> AsyncIterator[Runtime]:
    names = ("MEMORY_AGENT_HOME", "REDIS_URL", "REDIS_PREFIX", "MYSQL_URL", "PG_DSN")
    runtime = await open_runtime(load_settings(**{k.lower(): chat_env[k] for k in names}, chat_provider="offline"))
    yield runtime
    await runtime.aclose()


async def test_an_attached_base_answers_in_the_chat_and_stays_the_users_own(
        rt: Runtime, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user = f"k{uuid.uuid4().hex[:8]}"
    doc = tmp_path / "handbook.md"
    doc.write_text("# Travel\n\nHotel costs are reimbursed up to 180 euros per night.\n\n"
                   "# IT\n\nLaptops must use full disk encryption.\n")
    async with open_knowledge(rt) as (kn, storage):
        await create(kn, user, "handbook")
        await ingest(kn, storage, user, "handbook", [doc], progress=False)
    chat = ChatSession.open(rt, user)
    try:
        before = (await chat.send("酒店每晚最多报销多少？")).get_text_content() or ""
        assert "180" not in before  # nothing attached yet: the base is not searched
        await run_command(chat, "/kb")
        assert "handbook" in capsys.readouterr().out
        await run_command(chat, "/kb attach handbook")
        assert "Attached 'handbook'" in capsys.readouterr().out
        reply = (await chat.send("酒店每晚最多报销多少？")).get_text_content() or ""
        assert "180" in reply and "handbook.md" in reply, reply
        await run_command(chat, "/kb detach handbook")
        assert "Detached" in capsys.readouterr().out
        after = (await chat.send("酒店每晚最多报销多少？")).get_text_content() or ""
        assert "180" not in after
    finally:
        await chat.close()
    other = ChatSession.open(rt, f"o{uuid.uuid4().hex[:8]}")
    try:
        await run_command(other, "/kb attach handbook")
        out = capsys.readouterr().out
        assert "error: no knowledge base 'handbook'" in out and "Attached" not in out
        reply = (await other.send("酒店每晚最多报销多少？")).get_text_content() or ""
        assert "180" not in reply
    finally:
        await other.close()
