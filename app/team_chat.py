"""``python -m app chat --agents FILE``: the terminal chat answered by a declared team.

The chat's slash commands (``/memories``, ``/forget``, ``/consent``, ``/sessions``, ``/help`` …)
work here as in the plain chat and never reach the team; a session the chat started ends
when it ends, as in the plain chat.
"""
from __future__ import annotations

import sys
import uuid
from pathlib import Path

from agents.declarative.engine import AgentEngine
from agents.declarative.loader import load_agents_file
from app.composition import team_model_for
from agents.team.turn import team_turn
from app.chat import answered, banner, end_started, run_command
from app.composition import build_services, open_chat_model, open_declared_engine, open_runtime
from app.deployment import turn_policy
from app.session import ChatSession
from app.settings import Settings


async def _answer(session: ChatSession, engine: AgentEngine, line: str) -> None:
    """One message through the memory turn and the team; a refusal or an error is one line."""
    reply = await answered(team_turn(session.services, engine, session.user_id, session.session_id, line,
                                     uuid.uuid4().hex))
    if reply is not None:
        print(f"team> {reply.text}")


async def _line(session: ChatSession, engine: AgentEngine) -> bool:
    """Read and answer one line: a command (``/new`` starts a new conversation) or a turn; ``False`` to end."""
    try:
        line = input("you> ").strip()
    except EOFError:
        return False
    if not line:
        return True
    if not line.startswith("/"):
        await _answer(session, engine, line)
        return True
    if line.split(" ", 1)[0] == "/new":  # a new conversation for the team, no agent to build
        session.session_id = uuid.uuid4().hex[:12]
        session.started.append(session.session_id)
        print(f"New session {session.session_id}.")
        return True
    return await run_command(session, line)


async def run_team_chat(settings: Settings, agents_file: Path, user_id: str, session_id: str | None,
                        user_chosen: bool = True) -> int:
    """Read lines from the terminal; each is one turn through the memory turn and the team."""
    loaded = load_agents_file(agents_file)
    kept = session_id is not None
    session_id = session_id or uuid.uuid4().hex[:12]
    async with await open_runtime(settings) as rt:
        model = open_chat_model(settings)
        svc = build_services(rt, model, turn_policy())  # extraction by the model when one is set
        engine, closers = await open_declared_engine(loaded, rt.working, settings, model_for=team_model_for(settings.model))
        session = ChatSession(rt, svc, model, user_id, session_id)
        if not kept:
            session.started.append(session_id)
        try:
            names = ", ".join(a.name for a in loaded.config.agents)
            print(f"{loaded.config.deployment}: agents {names}.")
            print(banner(user_id, session_id, user_chosen, kept))
            while await _line(session, engine):
                sys.stdout.flush()
        finally:
            await end_started(session)
            for close in closers:
                await close()
    return 0
