"""``python -m app chat``: a terminal chat that remembers across sessions."""
from __future__ import annotations

import asyncio
import contextlib
import shlex
import signal
import sys
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from app.chat_input import CleanInput, LineSource, open_line_source, print_above_prompt
from app.lifecycle import Lifecycle, in_daemon_thread
from app.logging import configure_logging
from app.settings import EmbeddingProvider, Settings
from memory.errors import MemoryAgentError, SessionQuotaExceededError

if TYPE_CHECKING:  # the stores, the pipelines and AgentScope (seconds): loaded while the user types
    from app.composition import Runtime
    from agents.declarative.loader import LoadedConfig
    from app.deployment import InvocationRecorder
    from app.session import ChatSession
    from core.labels import ExtractedLabel
    from memory.types import MemoryItem

T = TypeVar("T")
HELP = ("/memories [all]  /forget ID  /why  /new  /sessions  /end ID  /consent on|off  /task …  /tasks  /kb …  "
        "/help  /quit")
COMMANDS = (
    ("/memories [all]", "what I remember about you (all: with the replaced and the forgotten ones)"),
    ("/forget ID", "forget one memory (ids are shown by /memories); it moves to the archive"),
    ("/why", "how the last answer was found: every recalled memory and the parts of its score"),
    ("/new", "start a new conversation (your long-term memories stay)"),
    ("/sessions", "your live sessions, and how to resume one"),
    ("/end ID", "end one of your sessions (its turns and summary go; memories stay)"),
    ("/consent on|off|status", "let me remember you across sessions, stop it, or see which it is"),
    ("/task start NAME", "start a task; /task step TEXT, /task note TEXT, /task done; /task resume ID picks one up"),
    ("/tasks", "your running tasks"),
    ("/kb [attach|detach NAME]", "your knowledge bases; attach one to this session and I look in it at every turn"),
    ("/help", "this list"),
    ("/quit", "leave (Ctrl-D too); a session the chat started ends, Ctrl-C cancels a slow answer"),
)


def help_text() -> str:
    """``/help``: every command, one line each."""
    width = max(len(c) for c, _ in COMMANDS)
    return "Commands:\n" + "\n".join(f"  {c.ljust(width)}  {what}" for c, what in COMMANDS)
LIST_LIMIT = 500


class SupersedeLinks:
    """Who replaced whom among a user's memories, for "replaces #12" / "replaced by #16"."""

    def __init__(self, items: list[MemoryItem]) -> None:
        """Index ``items`` (active and superseded memories of one user) by their links."""
        self.replaced_by: dict[int, int] = {}
        self.replaces: dict[int, list[int]] = defaultdict(list)
        for item in items:
            if item.superseded_by is not None:
                self.replaced_by[item.id] = item.superseded_by
                self.replaces[item.superseded_by].append(item.id)

    def describe(self, memory_id: int) -> str:
        """``"replaces #12"``, ``"replaced by #16"``, both, or ``""`` for an unlinked memory."""
        parts = []
        older = sorted(self.replaces.get(memory_id, []))
        if older:
            parts.append("replaces " + ", ".join(f"#{i}" for i in older))
        if memory_id in self.replaced_by:
            parts.append(f"replaced by #{self.replaced_by[memory_id]}")
        return "; ".join(parts)


async def _memories_with_links(session: ChatSession, include_replaced: bool) -> tuple[list[MemoryItem], SupersedeLinks]:
    """The user's memories, newest first (active only unless ``include_replaced``), and their links."""
    from memory.types import MemoryStatus

    statuses = (MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED)
    items = await session.rt.longterm.list(session.user_id, statuses=statuses, limit=LIST_LIMIT)
    shown = items if include_replaced else [m for m in items if m.status is MemoryStatus.ACTIVE]
    return shown, SupersedeLinks(items)


def _remembered(item: ExtractedLabel) -> str:
    """One line about what the turn's extraction did with a memory, in plain words."""
    if item.action == "superseded":
        return f" remembered: #{item.memory_id} {item.content}  (replaces #{item.supersedes_id})"
    if item.action == "merged":
        return f" remembered: {item.content}  (merged into #{item.memory_id})"
    if item.action == "rejected":
        return f" not remembered: {item.content}  ({item.reason or 'rejected'})"
    return f" remembered: #{item.memory_id} {item.content}"


def _candidate_line(c: Any, weights: tuple[float, float, float], injected: set[int], links: SupersedeLinks | None) -> str:
    """One ranked candidate of ``/why``: its score parts, what it is and its supersede links."""
    w_rel, w_imp, w_dec = weights
    mark = "→" if c.item.id in injected else " "
    rel = c.similarity if c.relevance is None else c.relevance
    link = links.describe(c.item.id) if links else ""
    return (
        f" {mark}{c.rank:>2}. {c.score:.3f} = {w_rel:g}·{rel:.3f} + {w_imp:g}·{c.importance:.2f} + {w_dec:g}·{c.decay:.2f}"
        f"  (cosine {c.similarity:.3f}, bm25 {c.lexical:.2f})  #{c.item.id} [{c.item.memory_type.value}] {c.item.content}"
        + (f"  ({link})" if link else "")
    )


def _after_candidates(labels: Any) -> list[str]:
    """The lines under the candidates of ``/why``: the token budget, then what extraction did."""
    lines = []
    if labels.budget:
        used = ", ".join(f"{k} {v}" for k, v in labels.budget.used.items())
        lines.append(f" tokens: {used} (window {labels.budget.window}, profile {labels.budget.profile})")
    if labels.extract and labels.extract.items:
        lines.extend(_remembered(item) for item in labels.extract.items)
    return lines


def format_why(session: ChatSession, show_all: bool = False, links: SupersedeLinks | None = None) -> str:
    """The last turn's recall: every candidate, ranked, with its score parts and supersede links."""
    mw = session.middleware
    turn = mw.last_turn if mw else None
    if turn is None or turn.recall is None:
        return "(no recall yet in this session)"
    labels = turn.labels
    lines = [f"trace {labels.trace_id}  query: {turn.recall.query!r}  cache hit: {turn.recall.cache_hit}"]
    injected = set(labels.recall.injected_ids if labels.recall else [])
    r = session.rt.settings.recall
    weights = (r.weight_similarity, r.weight_importance, r.weight_decay)
    lines.append(" score = relevance·w + importance·w + decay·w  (relevance: hybrid RRF, or cosine when dense-only)")
    lines.extend(_candidate_line(c, weights, injected, links) for c in turn.recall.candidates if show_all or c.selected)
    return "\n".join(lines + _after_candidates(labels))


async def _why(session: ChatSession) -> str:
    """``/why`` with the supersede links of the user's memories."""
    _, links = await _memories_with_links(session, include_replaced=True)
    return format_why(session, show_all=True, links=links)


async def _list_memories(session: ChatSession, arg: str) -> None:
    """``/memories`` (active ones) or ``/memories all`` (with the replaced and the forgotten ones)."""
    show_all = arg.strip() == "all"
    items, links = await _memories_with_links(session, include_replaced=show_all)
    archived = (await session.rt.longterm.export_user(session.user_id))["archive"] if show_all else []
    if not items and not archived:
        print("I don't remember anything about you yet.")
    for m in items:
        details = [f"{m.created_at:%Y-%m-%d}", f"importance {m.importance:.2f}"]
        link = links.describe(m.id)
        if link:
            details.append(link)
        print(f"  #{m.id} [{m.memory_type.value}] {m.content}  ({', '.join(details)})")
    for a in archived:
        print(f"  #{a['id']} [{a['memory_type']}] {a['content']}  (archived {str(a['archived_at'])[:10]}: {a['reason']})")


async def _end(session: ChatSession, arg: str) -> None:
    """``/end ID``: end one of the user's live sessions; an unknown id is said to be unknown."""
    target = arg.strip()
    if not target:
        print("usage: /end ID   (ids are shown by /sessions; long-term memories are kept)")
        return
    if target not in await session.sessions():
        print(f"No live session {target!r} for user {session.user_id!r}; /sessions lists yours.")
        return
    await session.end(target)
    print(f"Ended session {target} (its turns and summary are gone; your memories stay).")


async def _forget(session: ChatSession, arg: str) -> None:
    """``/forget ID``: move one memory to the archive."""
    try:
        await session.forget(int(arg))
        print(f"Forgotten #{int(arg)} (moved to the archive).")
    except ValueError:
        print("usage: /forget ID   (ids are shown by /memories)")
    except MemoryAgentError as exc:
        print(f"error: {exc}")


async def _sessions(session: ChatSession, arg: str) -> None:
    """``/sessions``: the user's live sessions and how to resume one."""
    live = await session.sessions()
    resume = f"python -m app chat --user {shlex.quote(session.user_id)} --session ID"
    print(f"{len(live)} live session(s) (SESSION_QUOTA={session.rt.settings.shortterm.session_quota}); "
          f"resume one with `{resume}`:")
    for sid in live:
        print(f"  {sid}{'  (this one)' if sid == session.session_id else ''}")


async def _consent(session: ChatSession, arg: str) -> None:
    from app.chat_commands import consent_command

    await consent_command(session, arg)


async def _task(session: ChatSession, arg: str, cmd: str = "/task") -> None:
    from app.chat_commands import task_command

    await task_command(session, cmd, arg)


async def _tasks(session: ChatSession, arg: str) -> None:
    await _task(session, arg, "/tasks")


async def _kb(session: ChatSession, arg: str) -> None:
    from app.chat_kb import kb_command  # the knowledge stack loads on first use only

    await kb_command(session, arg)


async def _print(text: str) -> None:
    print(text)


#: What each slash command of ``COMMANDS`` does (``/quit`` and ``/exit`` end the chat): the session and the rest of the line.
HANDLERS: dict[str, Callable[[ChatSession, str], Awaitable[None]]] = {
    "/memories": _list_memories,
    "/forget": _forget,
    "/why": lambda session, arg: _print_why(session),
    "/new": lambda session, arg: _print(f"New session {session.new()}."),
    "/sessions": _sessions,
    "/end": _end,
    "/consent": _consent,
    "/task": _task,
    "/tasks": _tasks,
    "/kb": _kb,
    "/help": lambda session, arg: _print(help_text()),
}


async def _print_why(session: ChatSession) -> None:
    print(await _why(session))


async def run_command(session: ChatSession, line: str) -> bool:
    """Handle a slash command; returns False to quit."""
    cmd, _, arg = line.partition(" ")
    if cmd in ("/quit", "/exit"):
        return False
    command = HANDLERS.get(cmd)
    if command is None:
        print(f"Unknown command {cmd}. {help_text()}")
    else:
        await command(session, arg)
    return True


async def answered(send: Awaitable[T]) -> T | None:
    """The reply of one turn, or ``None`` after printing why there is none (one line, what to do).

    The plain chat and the team chat both print a refused or failed turn this way.
    """
    try:
        return await send
    except SessionQuotaExceededError as exc:
        print(f"error: {exc}\nSee /sessions, then /end ID to free a slot.")
    except MemoryAgentError as exc:
        print(f"error: {exc}")
    return None


async def _turn(session: ChatSession, text: str, debug: bool) -> None:
    """Send one message and print the reply, or a one-line error."""
    reply = await answered(session.send(text))
    if reply is None:
        return
    print(f"agent> {reply.get_text_content()}")
    if debug:
        print(await _why(session))


async def _cancellable_turn(session: ChatSession, text: str, debug: bool, life: Lifecycle) -> None:
    """One turn that Ctrl-C cancels: nothing of it is stored, one line says so; a second Ctrl-C exits."""
    loop = asyncio.get_running_loop()
    turn = asyncio.ensure_future(_turn(session, text, debug))
    interrupts = 0

    def interrupt() -> None:
        nonlocal interrupts
        interrupts += 1
        if interrupts > 1 or turn.done():
            life.request_stop(signal.SIGINT)
            return
        turn.cancel()

    loop.add_signal_handler(signal.SIGINT, interrupt)
    try:
        with life.in_flight():
            await asyncio.wait({turn})
    finally:
        loop.add_signal_handler(signal.SIGINT, life.request_stop, signal.SIGINT)
    if turn.cancelled():
        print("Cancelled: that message was not answered and nothing of it was stored (Ctrl-C again exits).",
              flush=True)
    else:
        turn.result()


async def chat_loop(session: ChatSession, lines: LineSource, debug: bool, life: Lifecycle | None = None) -> None:
    """Read messages until the input ends, the user quits or a stop signal arrives; answer each one.

    Ctrl-C while a turn runs cancels that turn (nothing of it is stored); a SIGTERM lets it
    finish (stored, answered) first.
    """
    while life is None or not life.stopping:
        try:
            received = await (life.interruptible(lines.read()) if life is not None else lines.read())
        except EOFError:
            break
        if received is None or not await _answer(session, received, debug, life):
            break


async def _answer(session: ChatSession, received: CleanInput, debug: bool, life: Lifecycle | None) -> bool:
    """One line read: its refusal or notice, a command or a turn; ``False`` when the user quits."""
    if received.refusal:
        print(received.refusal)
        return True
    notice = received.notice()
    if notice:
        print(notice)
    text = received.text.strip()
    if not text:
        return True
    if text.startswith("/") and "\n" not in text:
        return await run_command(session, text)
    if life is None:
        await _turn(session, text, debug)
    else:
        await _cancellable_turn(session, text, debug, life)
    return True


class _FirstThen:
    """A line source that gives an already read first line, then the rest of ``lines``."""

    def __init__(self, first: CleanInput | None, lines: LineSource) -> None:
        self._first: list[CleanInput | None] = [first]
        self._lines = lines

    async def read(self) -> CleanInput | None:
        """The first line once, then ``lines.read()``."""
        return self._first.pop() if self._first else await self._lines.read()


def _load_runtime_code() -> None:
    """Import the stores, the embedder's service and the AGENTS.md checks (what opening the runtime needs)."""
    import app.composition  # noqa: F401 - the stores' drivers, the pipelines' services
    import app.deployment  # noqa: F401 - the declarative loader and its checks


def _load_agent_code() -> None:
    """Import AgentScope and the agent code and load the Qwen tokenizer (seconds of CPU)."""
    import app.session  # noqa: F401 - AgentScope, the memory middleware, the model factory
    from pipelines.context.tokens import TokenCounter

    TokenCounter()


def degraded_notice(rt: Runtime) -> str | None:
    """The line that says which stores did not answer at start, or ``None`` when all did."""
    if not rt.degraded:
        return None
    return ("Degraded: " + "; ".join(f"{tier} store unreachable" for tier in rt.degraded)
            + " — I answer and keep what I cannot store yet, and catch up when it is back.")


async def _open_session(rt: Runtime, user_id: str, session_id: str, on_turn: InvocationRecorder,
                        agent_code: asyncio.Future[None] | None = None,
                        config: LoadedConfig | None = None) -> ChatSession:
    """The chat session, its code loaded off the event loop; a local embedder makes its slow first encode."""
    await (agent_code if agent_code is not None else in_daemon_thread(_load_agent_code, "import-agent"))
    from app.session import ChatSession

    session = ChatSession.open(rt, user_id, session_id, on_turn=on_turn, config=config)
    if rt.settings.embeddings.provider is not EmbeddingProvider.DASHSCOPE:  # never a paid request for nothing
        await rt.embeddings.embed_query("warm-up")
    return session


async def _prepare(settings: Settings, user_id: str, session_id: str, closing: contextlib.AsyncExitStack) -> ChatSession:
    """Everything behind the prompt, in the background: the stores (the embedded servers start
    here), the AGENTS.md checks, the agent code and the embedder's first encode.

    The runtime is closed by ``closing`` (the chat's exit), also when this task is cancelled
    after it opened. A store that does not answer is said above the prompt (degraded start).
    """
    await in_daemon_thread(_load_runtime_code, "import-runtime")
    from app.composition import open_runtime
    from app.deployment import deploy_chat

    # The agent code (AgentScope, the tokenizer) loads on a thread while the stores start; a chat
    # that ends meanwhile does not wait for it (a daemon thread).
    agent_code = in_daemon_thread(_load_agent_code, "import-agent")
    agent_code.add_done_callback(lambda f: f.cancelled() or f.exception())  # retrieved, never "never retrieved"
    rt = await open_runtime(settings, degraded_start=True)
    closing.push_async_callback(rt.aclose)
    loaded, recorder = await deploy_chat(rt.working)  # the AGENTS.md, parsed and checked once for the chat
    notice = degraded_notice(rt)
    if notice:
        print_above_prompt(notice)
    return await _open_session(rt, user_id, session_id, recorder, agent_code, loaded)


async def _first_line(lines: LineSource, opening: asyncio.Task[ChatSession]) -> CleanInput | None:
    """The first message, read while the session opens; a session that cannot open ends the wait at once."""
    reading = asyncio.ensure_future(lines.read())
    await asyncio.wait({reading, opening}, return_when=asyncio.FIRST_COMPLETED)
    if not reading.done() and opening.exception() is not None:
        reading.cancel()
        print()
        opening.result()  # raises the one-line error
    return await reading


def banner(user_id: str, session_id: str, user_chosen: bool, kept: bool) -> str:
    """The first line: who the chat is for, which session, what ends it, the commands."""
    who = f"user {user_id}" + ("" if user_chosen else " (your login name; choose another with --user NAME)")
    lasts = ("resumed; it stays after you quit" if kept
             else "ends when you quit; --session NAME keeps a session to resume")
    return f"memory-agent chat — {who}, session {session_id} ({lasts}). {HELP}"


async def run_chat(settings: Settings, user_id: str, session_id: str | None, debug: bool,
                   user_chosen: bool = True) -> int:
    """The read-eval-print loop. Logs go to ``MEMORY_AGENT_HOME/logs/app.jsonl``.

    The prompt appears at once; the stores (the embedded servers), the AGENTS.md checks and the
    agent (AgentScope imports, the tokenizer, the embedder's first encode) are prepared in the
    background while the first message is typed (the first reply waits for them). A failure there
    (a required store, a refused AGENTS.md) ends the chat with its one-line error, as before.
    A session the chat started itself (no ``--session``) ends when the chat ends (``/quit``, end
    of input, a signal), so a person using one terminal never piles up sessions against the quota;
    a session named with ``--session`` is kept to be resumed (idle ones expire after
    ``SHORTTERM_TTL_SECONDS``).
    """
    from agents import defer_mcp_sdk

    defer_mcp_sdk()  # no MCP servers here: AgentScope's MCP client's SDK runs only if something uses it
    configure_logging(log_file=settings.home / "logs" / "app.jsonl", stderr=False)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")
    async with Lifecycle() as life, contextlib.AsyncExitStack() as closing:
        kept = session_id is not None
        session_id = session_id or uuid.uuid4().hex[:12]
        print(banner(user_id, session_id, user_chosen, kept), flush=True)
        lines = open_line_source()
        opening = asyncio.create_task(_prepare(settings, user_id, session_id, closing), name="chat-prepare")
        try:
            first = await life.interruptible(_first_line(lines, opening))
            session = await opening
        except EOFError:
            return 0
        finally:
            if not opening.done():
                opening.cancel()
                with contextlib.suppress(BaseException):
                    await opening  # its runtime is on ``closing``: closed as the chat leaves
        if not kept:
            session.started.append(session_id)
        try:
            await chat_loop(session, _FirstThen(first, lines), debug, life)
        finally:
            await end_started(session)
            await session.close()
    return 0


async def end_started(session: ChatSession) -> None:
    """End the sessions this chat started (its turns and summary go; long-term memories stay)."""
    for sid in session.started:
        try:
            await asyncio.shield(session.end(sid))
        except (MemoryAgentError, OSError) as exc:  # the store is down: the session expires on its own
            print(f"note: session {sid} could not be ended now ({exc}); it expires after its idle time.")
