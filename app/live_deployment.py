"""The AGENTS.md a running service answers with, reloaded when the file changes.

``serve`` starts with one file: the chat's ``configs/AGENTS.md`` (the memory turn's retry
and fallback policy and the ``assistant`` prompt), or a team's file (``serve --agents``:
the team's agents answer every turn). While it runs, ``LiveDeployment.check`` looks at
the file (its size and modification time first, then a hash of what changed):

* a valid file with a **newer** ``config_version`` replaces what runs, for new turns only:
  a turn takes one ``Deployed`` snapshot when it starts and finishes on it. It passes the
  same start-up checks as ``serve`` (config–code check, DAG, the deployed version in the
  working tier) and is recorded as the deployed version;
* a file that does not load or validate, or whose ``config_version`` is not newer than the
  running one, is **refused**: one log line says why and what to do, and the running
  deployment stays. The same refused content is not reported twice.

``serve`` checks before each turn and polls every few seconds (``--reload-interval``);
``GET /admin/deployment`` shows what runs and the last refusal.
"""
from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from loguru import logger

from agents.declarative.deployments import check_deployed_version
from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import LoadedConfig, decode_agents_bytes, parse_agents_text
from agents.declarative.registry import import_tool_modules
from agents.declarative.validation import check_startup
from app.composition import Runtime
from app.deployment import ASSISTANT, InvocationRecorder, is_chat_declaration, turn_policy
from core.labels import DeploymentLabel
from memory.errors import StoreUnavailableError
from memory.working.base import WorkingStore
from pipelines.turn import TurnPolicy

EngineBuilder = Callable[[LoadedConfig], Awaitable[Any]]
"""Builds a team's engine from a validated file (checks it and records the deployed version)."""


@dataclass(frozen=True)
class Deployed:
    """One loaded AGENTS.md as it runs; a turn keeps the snapshot it started with.

    Attributes:
        loaded: The validated file.
        digest: SHA-256 of the file's bytes.
        loaded_at: When this version started answering.
        policy: Retry and fallback of the memory turn's stages.
        system_prompt: The ``assistant`` role (chat), else ``""``.
        recorder: Records the deployment's agents as invoked.
        engine: The team's ``AgentEngine`` (team files), else ``None``.
    """

    loaded: LoadedConfig
    digest: str
    loaded_at: datetime
    policy: TurnPolicy
    system_prompt: str
    recorder: InvocationRecorder
    engine: Any = None

    @property
    def label(self) -> DeploymentLabel:
        """What the turn's labels say about the file that ran it."""
        return DeploymentLabel(name=self.loaded.config.deployment, config_version=self.loaded.config.config_version)

    def status(self) -> dict[str, Any]:
        """What runs, for the admin route."""
        cfg = self.loaded.config
        return {
            "path": str(self.loaded.path), "deployment": cfg.deployment, "config_version": cfg.config_version,
            "mode": "team" if self.engine is not None else "chat", "agents": [a.name for a in cfg.agents],
            "loaded_at": self.loaded_at.isoformat(), "sha256": self.digest,
        }


def _read(path: Path) -> tuple[tuple[int, int], bytes]:
    st = path.stat()
    return (st.st_mtime_ns, st.st_size), path.read_bytes()


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size


class LiveDeployment:
    """The deployment a service runs, swapped atomically when a newer valid file appears.

    Build it with ``LiveDeployment.start``.
    """

    def __init__(self, working: WorkingStore, path: Path, chat_policy: TurnPolicy | None, build_engine: EngineBuilder | None,
                 current: Deployed, stamp: tuple[int, int]) -> None:
        self.working = working
        self.path = path
        self.chat_policy = chat_policy
        self.build_engine = build_engine
        self.current = current
        self.refused: dict[str, Any] | None = None
        self._stamp = stamp
        self._refused_digest = ""
        self._lock = asyncio.Lock()

    @classmethod
    async def start(cls, working: WorkingStore, path: Path, chat_policy: TurnPolicy | None,
                    build_engine: EngineBuilder | None) -> LiveDeployment:
        """Load ``path`` as ``serve`` starts; a team file needs ``build_engine``.

        Args:
            working: The working tier (deployed versions, invocations).
            path: The AGENTS.md to run and watch.
            chat_policy: The memory turn's policy when ``path`` is a team (the chat's file);
                ``None`` when ``path`` is the chat's own file, whose policy it then is.
            build_engine: Builds a team's engine; ``None`` refuses a team file.

        Raises:
            AgentsConfigError: the file is malformed, mismatches the code, or is older than
                the deployed version.
        """
        stamp, raw = await asyncio.to_thread(_read, path)
        live = cls(working, path, chat_policy, build_engine, None, stamp)  # type: ignore[arg-type]
        live.current = await live._deploy(raw, team=None)
        if live.chat_policy is None:
            live.chat_policy = live.current.policy  # the chat's own file, parsed and checked once
        return live

    def status(self) -> dict[str, Any]:
        """What runs, and the last refused change (``None`` if none since start or the last reload)."""
        return {**self.current.status(), "refused": self.refused}

    async def check(self) -> Deployed:
        """Reload the file if it changed and is acceptable; return what new turns should use.

        Never raises for a bad file (it is refused and logged). While another check is
        reloading, returns the current deployment at once.
        """
        if self._lock.locked():
            return self.current
        async with self._lock:
            try:
                stamp = await asyncio.to_thread(_stamp, self.path)
                if stamp == self._stamp:
                    return self.current
                stamp, raw = await asyncio.to_thread(_read, self.path)
            except OSError as exc:
                self._refuse("", f"cannot read {self.path}: {exc.strerror or exc}; restore the file")
                return self.current
            self._stamp = stamp
            digest = hashlib.sha256(raw).hexdigest()
            if digest in (self.current.digest, self._refused_digest):
                return self.current
            try:
                deployed = await self._deploy(raw, team=self.current.engine is not None)
            except AgentsConfigError as exc:
                self._refuse(digest, str(exc))
                return self.current
            except Exception as exc:  # noqa: BLE001 - a bad reload must never take the service down
                self._refuse(digest, f"could not deploy it ({type(exc).__name__}: {exc}); fix it and save again")
                return self.current
            old = self.current
            self.current, self.refused, self._refused_digest = deployed, None, ""
            logger.info("AGENTS.md reloaded", path=str(self.path), deployment=deployed.loaded.config.deployment,
                        config_version=deployed.loaded.config.config_version,
                        previous_version=old.loaded.config.config_version)
            return deployed

    async def watch(self, interval_s: float) -> None:
        """Check every ``interval_s`` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval_s)
            await self.check()

    async def _deploy(self, raw: bytes, team: bool | None) -> Deployed:
        """Validate ``raw`` as start-up does, refuse a version not newer than the running one, build it."""
        loaded = parse_agents_text(decode_agents_bytes(raw, self.path), self.path)
        cfg = loaded.config
        is_team = not is_chat_declaration(loaded)
        if team is not None:
            running = self.current.loaded.config
            if is_team != team or cfg.deployment != running.deployment:
                raise AgentsConfigError(
                    f"{self.path}: declares deployment {cfg.deployment!r} ({'team' if is_team else 'chat'}), the "
                    f"service runs {running.deployment!r} ({'team' if team else 'chat'}); restart serve to switch"
                )
            if cfg.config_version <= running.config_version:
                raise AgentsConfigError(
                    f"{self.path}: config_version {cfg.config_version} is not newer than the running version "
                    f"{running.config_version}; raise config_version above {running.config_version} to deploy the change"
                )
        engine, prompt, policy = await (self._team(loaded) if is_team else self._chat(loaded))
        recorder = InvocationRecorder(self.working, cfg.deployment, [a.name for a in cfg.agents])
        return Deployed(loaded, hashlib.sha256(raw).hexdigest(), datetime.now(timezone.utc), policy, prompt,
                        recorder, engine)

    async def _team(self, loaded: LoadedConfig) -> tuple[Any, str, TurnPolicy]:
        """A team file: its engine (validated, the deployed version recorded), no prompt, the chat's policy."""
        if self.build_engine is None:
            raise AgentsConfigError(f"{self.path} declares a team; start it with serve --agents {self.path}")
        if self.chat_policy is None:
            raise AgentsConfigError(f"{self.path} declares a team; the memory turn under it needs the chat's "
                                    "policy (configs/AGENTS.md): start it with serve --agents")
        return await self.build_engine(loaded), "", self.chat_policy

    async def _chat(self, loaded: LoadedConfig) -> tuple[Any, str, TurnPolicy]:
        """The chat's file, checked as start-up checks it: no engine, its ``assistant`` prompt, its policy."""
        await asyncio.to_thread(import_tool_modules, loaded)
        check_startup(loaded)
        try:
            prompt = loaded.config.agent(ASSISTANT).role
        except KeyError:
            raise AgentsConfigError(f"{self.path}: the chat needs an agent named {ASSISTANT!r} (its prompt)") from None
        try:
            await check_deployed_version(self.working, loaded)
        except StoreUnavailableError:  # degraded start: the check is made again with the next reload
            logger.warning("working store unreachable: the AGENTS.md version record is not checked now")
        return None, prompt, turn_policy(loaded)

    def _refuse(self, digest: str, reason: str) -> None:
        self._refused_digest = digest
        if self.refused is not None and self.refused["reason"] == reason:
            return  # said once already (e.g. the file is still missing at the next poll)
        self.refused = {"at": datetime.now(timezone.utc).isoformat(), "reason": reason}
        logger.warning(f"AGENTS.md change refused, still running config_version "
                       f"{self.current.loaded.config.config_version}: {reason}")


async def open_deployment(rt: Runtime, chat_policy: TurnPolicy | None,
                          agents_file: Path) -> tuple[LiveDeployment, list[Any]]:
    """What the service runs: ``agents_file``, a chat declaration or a team; and what to close at the end.

    ``chat_policy`` is the memory turn's policy for a team file (``None``: ``agents_file`` is the
    chat's own, parsed once here; ``live.chat_policy`` is then its policy).

    A team's session scope is opened once, by the first engine that needs it, and shared by
    the engines of later versions of the file.
    """
    from app.composition import open_declared_engine, open_session_scope
    from agents.declarative.deployments import needs_session_scope
    from app.composition import team_model_for

    closers: list[Any] = []
    session_scope = None

    async def build_engine(loaded: Any) -> Any:
        nonlocal session_scope
        if session_scope is None and needs_session_scope(loaded):
            session_scope, opened = await open_session_scope(rt.settings)
            closers.extend(opened)
        engine, _ = await open_declared_engine(loaded, rt.working, rt.settings,
                                               model_for=team_model_for(rt.settings.model), session=session_scope)
        return engine

    try:
        live = await LiveDeployment.start(rt.working, agents_file, chat_policy, build_engine)
    except BaseException:
        for close in closers:
            await close()
        raise
    return live, closers
