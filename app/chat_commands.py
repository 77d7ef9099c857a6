"""Terminal chat commands for consent and tasks: ``/consent`` and ``/task``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from memory.errors import MemoryAgentError
from pipelines.tasks import TaskDesk, describe

if TYPE_CHECKING:  # app.session imports AgentScope; the chat loads it while the user types
    from app.session import ChatSession

TASK_HELP = "/task start NAME | step TEXT | note TEXT | done | resume ID-or-NAME   /tasks"


async def consent_command(session: ChatSession, arg: str) -> None:
    """``/consent on|off|status``: the same command the service chat and the team chat answer."""
    from agents.turn_consent import consent_command as run  # AgentScope is loaded by now (the session is open)

    print(await run(session.services, session.user_id, f"/consent {arg}"))


async def task_command(session: ChatSession, cmd: str, arg: str) -> None:
    """``/tasks`` and ``/task start|step|note|done|resume``; the active task's state joins each prompt."""
    desk = TaskDesk(session.rt.working, session.user_id)
    middleware = session.middleware
    try:
        if cmd == "/tasks":
            tasks = await desk.unfinished()
            print("\n".join(f"  {describe(t)}" for t in tasks) or "No running tasks. Start one with /task start NAME.")
            return
        sub, _, rest = arg.strip().partition(" ")
        active = middleware.task_id if middleware is not None else None
        if sub == "start" and rest.strip():
            task = await desk.start(rest, session.session_id)
        elif sub == "resume" and rest.strip():
            task = await desk.find(rest)
            if task is None:
                print(f"No running task matches {rest.strip()!r}; /tasks lists them.")
                return
        elif sub in ("step", "note", "done") and active is None:
            print("No active task: /task start NAME or /task resume ID first.")
            return
        elif sub == "step" and rest.strip():
            task = await desk.step(active, rest)
        elif sub == "note" and rest.strip():
            task = await desk.note(active, rest)
        elif sub == "done":
            task = await desk.done(active)
            middleware.task_id = None
            print(f"Done: {describe(task)}")
            return
        elif sub == "" and active is not None:
            task = await desk.get(active)
        else:
            print(f"usage: {TASK_HELP}")
            return
    except MemoryAgentError as exc:
        print(f"error: {exc}")
        return
    if middleware is not None:
        middleware.task_id = task.task_id
    print(describe(task))
