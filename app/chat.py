"""``python -m app chat``: a terminal chat that remembers across sessions."""
from __future__ import annotations

from app.container import open_runtime
from app.deployment import deploy_chat
from app.lifecycle import Lifecycle
from app.logging import configure_logging
from app.session import ChatSession
from app.settings import Settings
from memory.errors import MemoryAgentError, SessionQuotaExceededError

HELP = "/memories  /forget ID  /why  /new  /sessions  /end ID  /help  /quit"


def format_why(session: ChatSession, show_all: bool = False) -> str:
    """The last turn's recall: every candidate, ranked, with its score parts."""
    mw = session.middleware
    turn = mw.last_turn if mw else None
    if turn is None or turn.recall is None:
        return "(no recall yet in this session)"
    labels = turn.labels
    lines = [f"trace {labels.trace_id}  query: {turn.recall.query!r}  cache hit: {turn.recall.cache_hit}"]
    injected = set(labels.recall.injected_ids if labels.recall else [])
    s = session.rt.settings
    w_rel, w_imp, w_dec = s.recall_weight_similarity, s.recall_weight_importance, s.recall_weight_decay
    lines.append(" score = relevance·w + importance·w + decay·w  (relevance: hybrid RRF, or cosine when dense-only)")
    for c in turn.recall.candidates:
        if not show_all and not c.selected:
            continue
        mark = "→" if c.item.id in injected else " "
        rel = c.similarity if c.relevance is None else c.relevance
        lines.append(
            f" {mark}{c.rank:>2}. {c.score:.3f} = {w_rel:g}·{rel:.3f} + {w_imp:g}·{c.importance:.2f} + {w_dec:g}·{c.decay:.2f}"
            f"  (cosine {c.similarity:.3f}, bm25 {c.lexical:.2f})  #{c.item.id} [{c.item.memory_type.value}] {c.item.content}"
        )
    if labels.budget:
        used = ", ".join(f"{k} {v}" for k, v in labels.budget.used.items())
        lines.append(f" tokens: {used} (window {labels.budget.window}, profile {labels.budget.profile})")
    if labels.extract and labels.extract.items:
        for item in labels.extract.items:
            lines.append(f" remembered: {item.action} #{item.memory_id} {item.content}")
    return "\n".join(lines)


async def _command(session: ChatSession, line: str, debug: bool) -> bool:
    """Handle a slash command; returns False to quit."""
    cmd, _, arg = line.partition(" ")
    if cmd in ("/quit", "/exit"):
        return False
    if cmd == "/memories":
        items = await session.memories()
        if not items:
            print("I don't remember anything about you yet.")
        for m in items:
            print(f"  #{m.id} [{m.memory_type.value}] {m.content}  ({m.created_at:%Y-%m-%d}, importance {m.importance:.2f})")
    elif cmd == "/forget":
        try:
            await session.forget(int(arg))
            print(f"Forgotten #{int(arg)} (moved to the archive).")
        except ValueError:
            print("usage: /forget ID   (ids are shown by /memories)")
        except MemoryAgentError as exc:
            print(f"error: {exc}")
    elif cmd == "/why":
        print(format_why(session, show_all=True))
    elif cmd == "/new":
        print(f"New session {session.new()}.")
    elif cmd == "/sessions":
        live = await session.sessions()
        print(f"{len(live)} live session(s) (SESSION_QUOTA={session.rt.settings.session_quota}); resume one with "
              "`python -m app chat --session ID`:")
        for sid in live:
            print(f"  {sid}{'  (this one)' if sid == session.session_id else ''}")
    elif cmd == "/end":
        if not arg:
            print("usage: /end ID   (ids are shown by /sessions; long-term memories are kept)")
        else:
            await session.end(arg.strip())
            print(f"Ended session {arg.strip()} (its turns and summary are gone; your memories stay).")
    else:
        print(HELP)
    return True


async def run_chat(settings: Settings, user_id: str, session_id: str | None, debug: bool) -> int:
    """The read-eval-print loop. Logs go to ``MEMORY_AGENT_HOME/logs/app.jsonl``."""
    configure_logging(log_file=settings.home / "logs" / "app.jsonl", stderr=False)
    async with Lifecycle() as life, await open_runtime(settings) as rt:
        _, recorder = await deploy_chat(rt.working)
        session = ChatSession.open(rt, user_id, session_id, on_turn=recorder)
        print(f"memory-agent chat — user {user_id}, session {session.session_id}. {HELP}")
        while True:
            try:
                line = (await life.read_line("you> ")).strip()
            except EOFError:
                break
            if not line:
                continue
            if line.startswith("/"):
                if not await _command(session, line, debug):
                    break
                continue
            try:
                reply = await session.send(line)
            except SessionQuotaExceededError as exc:
                print(f"error: {exc}\nSee /sessions, then /end ID to free a slot.")
                continue
            except MemoryAgentError as exc:
                print(f"error: {exc}")
                continue
            print(f"agent> {reply.get_text_content()}")
            if debug:
                print(format_why(session, show_all=True))
    return 0
