"""A deployment's records in the working-state tier, and opening an engine from settings.

* The deployed ``config_version`` (row ``deployment:{name}`` of user ``__deployments__``):
  loading a file whose version is older than the one last deployed is refused.
* When each agent was last invoked (row ``invocations:{name}``), read by the audit.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import LoadedConfig
from agents.declarative.schema import MemoryScope
from agents.declarative.scopes import ScopeStores
from memory.errors import TaskNotFoundError, VersionConflictError
from memory.working.base import WorkingStore

if TYPE_CHECKING:  # the engine imports AgentScope (seconds): only open_engine needs it, e.g. not the chat's check
    from agents.declarative.engine import AgentEngine, ModelFor

DEPLOY_USER = "__deployments__"
_AGENT = "agents-deployment"
_ATTEMPTS = 5


async def _row(working: WorkingStore, task_id: str) -> tuple[dict[str, Any], int | None]:
    try:
        rec = await working.get_task(DEPLOY_USER, task_id)
    except TaskNotFoundError:
        return {}, None
    return dict(rec.state), rec.version


async def _put(working: WorkingStore, task_id: str, version: int | None, step: str, state: dict[str, Any]) -> None:
    if version is None:
        await working.start_task(DEPLOY_USER, _AGENT, state, task_id=task_id, step=step)
    else:
        await working.advance(DEPLOY_USER, task_id, version, step, state)


async def deployed_version(working: WorkingStore, deployment: str) -> tuple[int | None, dict[str, Any]]:
    """The ``config_version`` last deployed for ``deployment`` (``None`` if never) and its record."""
    state, _ = await _row(working, f"deployment:{deployment}")
    return state.get("config_version"), state


async def check_deployed_version(working: WorkingStore, loaded: LoadedConfig) -> int | None:
    """Refuse a file older than the last deployed one; record this one as deployed.

    Returns:
        The previously deployed version (``None`` on the first deployment).

    Raises:
        AgentsConfigError: ``config_version`` is lower than the deployed one.
    """
    cfg = loaded.config
    task_id = f"deployment:{cfg.deployment}"
    for attempt in range(_ATTEMPTS):
        state, version = await _row(working, task_id)
        deployed = state.get("config_version")
        if deployed is not None and cfg.config_version < deployed:
            raise AgentsConfigError(
                f"{loaded.path}: field 'config_version' is {cfg.config_version}, older than the deployed "
                f"version {deployed} of deployment {cfg.deployment!r} (from {state.get('path')} at "
                f"{state.get('deployed_at')}); deploy the newer file or raise config_version above {deployed}"
            )
        if deployed == cfg.config_version:
            return deployed
        new = {
            "config_version": cfg.config_version, "path": str(loaded.path),
            "deployed_at": datetime.now(timezone.utc).isoformat(),
        }
        try:
            await _put(working, task_id, version, f"v{cfg.config_version}", new)
            return deployed
        except VersionConflictError:
            if attempt == _ATTEMPTS - 1:
                raise
    return None


async def record_invocations(working: WorkingStore, deployment: str, agents: list[str], when: datetime | None = None) -> None:
    """Remember that ``agents`` ran at ``when`` (default now)."""
    if not agents:
        return
    stamp = (when or datetime.now(timezone.utc)).isoformat()
    task_id = f"invocations:{deployment}"
    for attempt in range(_ATTEMPTS):
        state, version = await _row(working, task_id)
        last = dict(state.get("last_invoked", {}))
        for name in agents:
            if last.get(name, "") < stamp:
                last[name] = stamp
        try:
            await _put(working, task_id, version, "invoked", {"last_invoked": last})
            return
        except VersionConflictError:
            if attempt == _ATTEMPTS - 1:
                raise


async def last_invocations(working: WorkingStore, deployment: str) -> dict[str, datetime]:
    """When each agent of ``deployment`` last ran (agents never run are absent)."""
    state, _ = await _row(working, f"invocations:{deployment}")
    return {k: datetime.fromisoformat(v) for k, v in state.get("last_invoked", {}).items()}


def needs_session_scope(loaded: LoadedConfig) -> bool:
    """Whether an agent of the file declares ``memory_scope: session`` (kept in Redis)."""
    return any(a.memory_scope is MemoryScope.SESSION for a in loaded.config.agents)


async def open_engine(
    loaded: LoadedConfig, working: WorkingStore, stores: ScopeStores, model_for: ModelFor | None = None,
) -> AgentEngine:
    """Start-up: config–code check, DAG, deployed-version check, then the engine.

    ``stores``: the memory scopes' stores, opened by the composition root
    (``app.composition.open_declared_engine``); the session store is needed when an agent
    declares ``memory_scope: session``.

    Raises:
        AgentsConfigError: the file cannot run, is older than the deployed one, or needs a
            session store that was not given.
    """
    from agents.declarative.engine import AgentEngine, offline_models

    if stores.session is None and needs_session_scope(loaded):
        raise AgentsConfigError(f"{loaded.path}: an agent declares memory_scope: session, but no session scope store was "
                                "given; open the engine with app.composition.open_declared_engine")
    engine = AgentEngine.build(loaded, stores, model_for=model_for or offline_models)
    await check_deployed_version(working, loaded)
    return engine
