"""Terminal chat commands for consent and tasks: ``/consent`` and ``/task``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.composition import Runtime, consent_store
from memory.errors import MemoryAgentError
from pipelines.tasks import TaskDesk, describe

if TYPE_CHECKING:  # app.session imports AgentScope; the chat loads it while the user types
    from app.session import ChatSession

CONSENT_HELP = "/consent on|off|status"
TASK_HELP = "/task start NAME | step TEXT | note TEXT | done | resume ID-or-NAME   /tasks"


async def consent_notice(rt: Runtime, user_id: str) -> str | None:
    """The first-run line when the user has not answered and the default keeps memory off."""
    store = consent_store(rt)
    if await store.answer(user_id) is not None or await store.allows(user_id):
        return None
    return ("Long-term memory is off until you agree: I remember this conversation only while it lasts. "
            "Type /consent on to let me remember you across sessions (/consent off to keep it off; "
            "`python -m app export|erase --user ID` shows or deletes everything held about you).")


async def consent_command(session: ChatSession, arg: str) -> None:
    """``/consent on|off|status``."""
    store = session.services.consent
    if store is None:
        print("Consent is not managed in this deployment (long-term memory is always on).")
        return
    arg = arg.strip().lower()
    if arg in ("on", "off"):
        await store.set(session.user_id, arg == "on")
    elif arg not in ("", "status"):
        print(f"usage: {CONSENT_HELP}")
        return
    state = "on" if await store.allows(session.user_id) else "off"
    print(f"Long-term memory is {state} for {session.user_id}."
          + (" Nothing new is stored; what is already held stays until you erase it." if state == "off" else ""))


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
