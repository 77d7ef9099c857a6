"""``python -m app chat --agents FILE``: the terminal chat answered by a declared team."""
from __future__ import annotations

import sys
import uuid
from pathlib import Path

from agents.declarative.loader import load_agents_file
from agents.models.factory import build_chat_model
from agents.team.models import team_model_for
from agents.team.turn import team_turn
from app.composition import build_services, open_declared_engine, open_runtime
from app.deployment import turn_policy
from app.settings import Settings


async def run_team_chat(settings: Settings, agents_file: Path, user_id: str, session_id: str | None,
                        user_chosen: bool = True) -> int:
    """Read lines from the terminal; each is one turn through the memory turn and the team."""
    loaded = load_agents_file(agents_file)
    session_id = session_id or uuid.uuid4().hex[:12]
    async with await open_runtime(settings) as rt:
        svc = build_services(rt, build_chat_model(settings.model), turn_policy())  # extraction by the model when one is set
        engine, closers = await open_declared_engine(loaded, rt.working, settings, model_for=team_model_for(settings.model),
                                            services=svc)
        try:
            names = ", ".join(a.name for a in loaded.config.agents)
            print(f"{loaded.config.deployment}: agents {names}; user {user_id}, session {session_id}. /quit to leave.")
            while True:
                try:
                    line = input("you> ")
                except EOFError:
                    break
                line = line.strip()
                if line in ("/quit", "/exit"):
                    break
                if not line:
                    continue
                reply = await team_turn(svc, engine, user_id, session_id, line, uuid.uuid4().hex)
                print(f"team> {reply.text}")
                sys.stdout.flush()
        finally:
            for close in closers:
                await close()
    return 0
