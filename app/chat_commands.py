"""Terminal chat commands for consent and tasks: ``/consent`` and ``/task``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
        task, said = await _task_step(desk, sub, rest, active, session.session_id)
    except MemoryAgentError as exc:
        print(f"error: {exc}")
        return
    if said is not None:
        print(said)
        return
    if sub == "done":
        middleware.task_id = None  # type: ignore[union-attr] # a task was active, so the middleware is there
        print(f"Done: {describe(task)}")
        return
    if middleware is not None:
        middleware.task_id = task.task_id
    print(describe(task))


async def _task_step(desk: TaskDesk, sub: str, rest: str, active: str | None,
                     session_id: str) -> tuple[Any, str | None]:
    """What ``/task SUB REST`` does to the desk: ``(task, None)``, or ``(None, what to tell the user)``."""
    text = rest.strip()
    if sub == "start" and text:
        return await desk.start(rest, session_id), None
    if sub == "resume" and text:
        task = await desk.find(rest)
        return (task, None) if task is not None else (None, f"No running task matches {text!r}; /tasks lists them.")
    if sub in ("step", "note", "done") and active is None:
        return None, "No active task: /task start NAME or /task resume ID first."
    if active is None:
        return None, f"usage: {TASK_HELP}"
    return await _on_active(desk, sub, rest, active)


async def _on_active(desk: TaskDesk, sub: str, rest: str, active: str) -> tuple[Any, str | None]:
    """``step TEXT``, ``note TEXT``, ``done`` or nothing (show it) on the active task."""
    if sub in ("step", "note") and rest.strip():
        edit = desk.step if sub == "step" else desk.note
        return await edit(active, rest), None
    if sub == "done":
        return await desk.done(active), None
    if sub == "":
        return await desk.get(active), None
    return None, f"usage: {TASK_HELP}"
