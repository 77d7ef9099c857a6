"""Declared deployments (AGENTS.md) as engines, with the stores their memory scopes need.

The session scope lives on the short-term tier's Redis (``REDIS_URL`` or the embedded one);
task and global scopes on the working tier. Opening them is composition, so it is here and
not in the engine (``agents.declarative.deployments.open_engine`` takes the stores).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.composition.stores import Closer, locate_redis
from app.settings import Settings
from memory.working.base import WorkingStore

if TYPE_CHECKING:
    from agents.declarative.deployments import ModelFor
    from agents.declarative.engine import AgentEngine
    from agents.declarative.loader import LoadedConfig
    from agents.declarative.scopes import ScopeStores, SessionScopeStore


async def open_session_scope(settings: Settings) -> tuple[SessionScopeStore, list[Closer]]:
    """The session scope store on the short-term tier's Redis, and what closes it."""
    from agents.declarative.scopes import SessionScopeStore
    from memory.shortterm.client import redis_client

    cfg = settings.shortterm
    url, _, closers = await locate_redis(settings)
    client = redis_client(url)
    closers.insert(0, client.aclose)
    return SessionScopeStore(client, cfg.prefix, cfg.ttl_seconds), closers


def scope_stores(loaded: LoadedConfig, working: WorkingStore, session: SessionScopeStore | None = None) -> ScopeStores:
    """The stores of a declared deployment's memory scopes: task and global on the working tier."""
    from agents.declarative.scopes import GlobalScopeStore, ScopeStores, TaskScopeStore

    name = loaded.config.deployment
    return ScopeStores(task=TaskScopeStore(working, name), global_=GlobalScopeStore(working, name), session=session)


async def open_declared_engine(
    loaded: LoadedConfig, working: WorkingStore, settings: Settings,
    model_for: ModelFor | None = None, session: SessionScopeStore | None = None,
) -> tuple[AgentEngine, list[Closer]]:
    """The engine of ``loaded``, with the session scope opened when an agent declares it.

    ``session``: a session scope store the caller already opened (and closes); otherwise one
    is opened here when needed and closed by the returned closers.
    """
    from agents.declarative.deployments import needs_session_scope, open_engine

    closers: list[Closer] = []
    if session is None and needs_session_scope(loaded):
        session, closers = await open_session_scope(settings)
    try:
        engine = await open_engine(loaded, working, scope_stores(loaded, working, session), model_for=model_for)
    except BaseException:
        for close in closers:
            await close()
        raise
    return engine, closers
