"""``/kb`` in the terminal chat: attach the user's knowledge bases to the conversation.

``/kb`` lists the user's bases (the ones ``python -m app kb`` and the web UI create, in the
same storage) and marks the attached ones; ``/kb attach NAME`` adds one to the current
session, ``/kb detach NAME`` removes it. While a base is attached, every turn recalls from it
beside personal memory (the knowledge budget profile) and the offline answer quotes the chunk
with its document. Attachments last for the session they were made in (``/new`` starts
without). The knowledge stack (PostgreSQL store, AgentScope's manager) opens on the first
``/kb`` command, not at start-up, and closes with the chat.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agentscope.app.storage import KnowledgeBaseRecord

from app.composition.knowledge import Knowledge, open_knowledge
from app.kb_command import KbError, find_base
from app.service.knowledge_session import TOP_K, search_base
from memory.errors import MemoryAgentError
from pipelines.knowledge.recall import KnowledgeHit

if TYPE_CHECKING:
    from app.session import ChatSession

KB_HELP = "/kb  (your knowledge bases)   /kb attach NAME   /kb detach NAME"


@dataclass
class ChatKnowledge:
    """``KnowledgeRecall`` of the terminal chat: the bases attached to each of its sessions.

    Attributes:
        knowledge: The opened knowledge stack.
        user_id: The chat's user: only their own bases can be attached or searched.
        attached: Attached bases by session id.
        top_k: Chunks recalled per turn across the attached bases.
    """

    knowledge: Knowledge
    user_id: str
    attached: dict[str, list[KnowledgeBaseRecord]] = field(default_factory=dict)
    top_k: int = TOP_K

    async def recall(self, user_id: str, session_id: str, query: str) -> list[KnowledgeHit]:
        """The best chunks of the session's attached bases, best first (``[]`` when none is)."""
        if user_id != self.user_id:  # a session of another user never reaches this chat's bases
            return []
        hits: list[KnowledgeHit] = []
        for record in self.attached.get(session_id, []):
            hits += await search_base(self.knowledge.manager, record, query, self.top_k)
        hits.sort(key=lambda h: -h.score)
        return hits[: self.top_k]


async def _open(session: ChatSession) -> ChatKnowledge:
    """The chat's knowledge, opened once (kept open until the chat ends) and given to the turn."""
    current = session.services.knowledge
    if isinstance(current, ChatKnowledge):
        return current
    kn, _ = await session.resources.enter_async_context(open_knowledge(session.rt))
    chat_kb = ChatKnowledge(kn, session.user_id)
    session.services.knowledge = chat_kb
    return chat_kb


async def _list_bases(session: ChatSession, chat_kb: ChatKnowledge, here: list[Any]) -> None:
    """The user's knowledge bases, those attached to this session marked; how to make one when there is none."""
    bases = await chat_kb.knowledge.manager.list_knowledge_bases(session.user_id)
    if not bases:
        print(f"You have no knowledge bases. Create one with `python -m app kb --user {session.user_id} "
              "create NAME`, then `kb … add NAME FILE`.")
    for b in bases:
        mark = "  (attached)" if any(r.id == b.id for r in here) else ""
        print(f"  {b.data.name}  ({b.id}){mark}")


def _attach(here: list[Any], record: Any) -> None:
    if all(r.id != record.id for r in here):
        here.append(record)
    print(f"Attached {record.data.name!r} to this session: I look in it at every turn "
          "(/kb detach NAME stops it).")


def _detach(here: list[Any], record: Any) -> list[Any]:
    """The attached bases without ``record`` (said either way)."""
    kept = [r for r in here if r.id != record.id]
    print(f"Detached {record.data.name!r}." if len(kept) < len(here)
          else f"{record.data.name!r} is not attached to this session.")
    return kept


async def kb_command(session: ChatSession, arg: str) -> None:
    """``/kb``, ``/kb attach NAME``, ``/kb detach NAME``; errors are one line saying what to do."""
    sub, _, name = arg.strip().partition(" ")
    name = name.strip()
    if sub not in ("", "attach", "detach") or (sub and not name):
        print(f"usage: {KB_HELP}")
        return
    try:
        chat_kb = await _open(session)
        here = chat_kb.attached.setdefault(session.session_id, [])
        if sub == "":
            await _list_bases(session, chat_kb, here)
            return
        record = await find_base(chat_kb.knowledge, session.user_id, name)
        if sub == "attach":
            _attach(here, record)
        else:
            chat_kb.attached[session.session_id] = _detach(here, record)
    except KbError as exc:
        print(f"error: {exc}")
    except (MemoryAgentError, TypeError, OSError) as exc:
        print(f"error: knowledge bases are not available here ({exc}); they need the PostgreSQL long-term store "
              "and Redis, as `python -m app kb` does.")
