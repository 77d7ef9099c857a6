"""One user's chat session over the runtime: the agent, its middleware, and commands."""
from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field

from agents.factory import build_memory_agent  # first: the agents package defers the openai SDK (agents/__init__)
from agents.memory_middleware import MemoryMiddleware
from agentscope.message import UserMsg
from agentscope.model import ChatModelBase
from app.composition import Runtime, build_services, open_chat_model
from agents.declarative.loader import LoadedConfig, load_agents_file
from app.deployment import CHAT_AGENTS_FILE, declared_system_prompt, turn_policy
from memory.types import MemoryItem, MemoryStatus
from pipelines.forgetting import forget_memory
from pipelines.turn import MemoryServices
from pipelines.turn.screen_window import BLOCKED_SUFFIX, is_internal_session


@dataclass
class ChatSession:
    """A user's conversation with a memory agent; ``new()`` starts a fresh session id."""

    rt: Runtime
    services: MemoryServices
    model: ChatModelBase
    user_id: str
    session_id: str
    system_prompt: str = ""
    agent: object = None
    middleware: MemoryMiddleware | None = None
    started: list[str] = field(default_factory=list)
    """Sessions this chat started itself (``/new`` included): ended when the chat ends."""
    resources: AsyncExitStack = field(default_factory=AsyncExitStack)
    """What the chat opened on demand (the knowledge stack of ``/kb``): closed by :meth:`close`."""

    @classmethod
    def open(
        cls,
        rt: Runtime,
        user_id: str,
        session_id: str | None = None,
        model: ChatModelBase | None = None,
        on_turn: Callable[[], Awaitable[None]] | None = None,
        config: LoadedConfig | None = None,
    ) -> ChatSession:
        """A session for ``user_id`` with the configured model (or ``model``).

        The turn's policy and the system prompt (the ``assistant`` role) are those of
        ``configs/AGENTS.md``: ``config`` as the chat's start-up loaded and checked it, else read here.
        """
        model = model or open_chat_model(rt.settings)
        loaded = config or load_agents_file(CHAT_AGENTS_FILE)
        session = cls(
            rt, build_services(rt, model, turn_policy(loaded), on_turn), model, user_id,
            session_id or uuid.uuid4().hex[:12], declared_system_prompt(loaded),
        )
        session._build_agent()
        return session

    def _build_agent(self) -> None:
        self.agent, self.middleware = build_memory_agent(
            self.services, self.model, self.user_id, self.session_id, system_prompt=self.system_prompt
        )

    def new(self) -> str:
        """Start a new session (short-term history starts empty; long-term memory stays)."""
        self.session_id = uuid.uuid4().hex[:12]
        self.started.append(self.session_id)
        self._build_agent()
        return self.session_id

    async def send(self, text: str):  # noqa: ANN201 - agentscope Msg
        """One turn; returns the reply ``Msg`` (labels in ``metadata["memory"]``)."""
        return await self.agent.reply(UserMsg(name=self.user_id, content=text))  # type: ignore[attr-defined]

    async def close(self) -> None:
        """Close what the chat opened on demand (idempotent)."""
        await self.resources.aclose()

    async def sessions(self) -> list[str]:
        """This user's live conversations (each counts against SESSION_QUOTA); the screen's own lists are left out."""
        return [s for s in await self.rt.shortterm.list_sessions(self.user_id) if not is_internal_session(s)]

    async def end(self, session_id: str) -> None:
        """End one of this user's sessions: its turns and summary go, long-term memory stays."""
        await self.rt.shortterm.end_session(self.user_id, session_id)
        await self.rt.shortterm.end_session(self.user_id, session_id + BLOCKED_SUFFIX)  # its blocked turns go with it

    async def memories(self) -> list[MemoryItem]:
        """What the agent knows about this user (active memories), newest first."""
        return await self.rt.longterm.list(self.user_id, statuses=(MemoryStatus.ACTIVE,), limit=200)

    async def forget(self, memory_id: int) -> None:
        """Move one of this user's memories to the archive and drop cached recalls."""
        await forget_memory(
            self.rt.longterm, self.rt.shortterm, self.user_id, memory_id, "forgotten at the user's request"
        )
