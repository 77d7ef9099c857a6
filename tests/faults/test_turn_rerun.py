"""A turn run again with the same input message (a dead replica's turn adopted by another) does
not store the user's message in short-term history twice, nor see it as its own history."""
from __future__ import annotations

import copy
import uuid
from collections.abc import Callable
from pathlib import Path

from agentscope.message import UserMsg

from app.composition import open_runtime
from app.session import ChatSession
from tests.e2e.conftest import REDIS_URL


async def test_a_rerun_of_one_input_stores_its_history_once(tmp_path: Path, create_database: Callable[[], str],
                                                            mysql_url: str) -> None:
    from app.settings import load_settings

    rt = await open_runtime(load_settings(memory_agent_home=tmp_path / "home", redis_url=REDIS_URL,
                                          redis_prefix=f"rr{uuid.uuid4().hex[:10]}", mysql_url=mysql_url,
                                          pg_dsn=create_database()))
    try:
        user = f"rerun-{uuid.uuid4().hex[:6]}"
        chat = ChatSession.open(rt, user, "s1")
        await chat.send("I prefer green tea.")
        msg = UserMsg(name=user, content="I live in Porto.")
        await chat.agent.reply(copy.deepcopy(msg))  # the dead replica's run: history stored, reply not delivered
        await chat.agent.reply(copy.deepcopy(msg))  # the adopting replica runs the same input (same id) again
        history = await rt.shortterm.recent_turns(user, "s1")
        assert [t.role for t in history] == ["user", "assistant"] * 2, [(t.role, t.content) for t in history]
        assert sum("Porto" in t.content for t in history if t.role == "user") == 1
        half = UserMsg(name=user, content="I work as a nurse.")
        await chat.agent.reply(copy.deepcopy(half))
        r = rt.shortterm._r  # noqa: SLF001 - simulate a run that died between its two appends
        from memory.shortterm import keys

        await r.rpop(keys.turns(rt.shortterm._prefix, user, "s1"))  # noqa: SLF001
        await chat.agent.reply(copy.deepcopy(half))
        history = await rt.shortterm.recent_turns(user, "s1")
        assert [t.role for t in history] == ["user", "assistant"] * 3, [(t.role, t.content) for t in history]
        await rt.shortterm.erase_user(user)
    finally:
        await rt.aclose()
