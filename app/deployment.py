"""The chat's own declaration in ``configs/AGENTS.md``: checked at start-up, recorded in use.

The chat runs its turn (``pipelines.turn``) with the retry and fallback policy the file
declares for its ``receive``, ``recall`` and ``extract`` agents (``turn_policy``). At start-up the file must pass the
config–code check and must not be older than the deployed version; the ``assistant``
role is the chat's system prompt; each turn records the agents as invoked (throttled), so
``python -m app audit`` knows the chat is alive.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from agents.declarative.deployments import check_deployed_version, record_invocations
from agents.declarative.loader import LoadedConfig, load_agents_file
from agents.declarative.registry import import_tool_modules
from agents.declarative.validation import check_startup
from agents.declarative.schema import AgentSpec, Strategy
from loguru import logger

from memory.errors import StoreUnavailableError
from memory.working.base import WorkingStore
from pipelines.turn import StagePolicy, TurnPolicy

CHAT_AGENTS_FILE = Path(__file__).resolve().parents[1] / "configs" / "AGENTS.md"
ASSISTANT = "assistant"


def load_chat_config(path: Path = CHAT_AGENTS_FILE) -> LoadedConfig:
    """Parse the chat's AGENTS.md and run the checks ``batch`` and ``audit`` share (raises on any refusal)."""
    loaded = load_agents_file(path)
    import_tool_modules(loaded)
    check_startup(loaded)
    return loaded


def declared_system_prompt(loaded: LoadedConfig | None = None) -> str:
    """The ``assistant`` role of the chat's AGENTS.md: the chat's system prompt."""
    return (loaded or load_agents_file(CHAT_AGENTS_FILE)).config.agent(ASSISTANT).role


@dataclass
class InvocationRecorder:
    """Records the chat's agents as invoked in the working tier, at most once per interval."""

    working: WorkingStore
    deployment: str
    agents: list[str]
    min_interval_s: float = 600.0
    _last: float = field(default=-1e18, repr=False)

    async def __call__(self) -> None:
        now = time.monotonic()
        if now - self._last < self.min_interval_s:
            return
        self._last = now
        await record_invocations(self.working, self.deployment, self.agents)


async def deploy_chat(working: WorkingStore, path: Path = CHAT_AGENTS_FILE) -> tuple[LoadedConfig, InvocationRecorder]:
    """Start-up checks of the chat's declaration; returns it and its invocation recorder.

    Raises:
        AgentsConfigError: the file is malformed, mismatches the code, or is older than the
            deployed version.
    """
    loaded = load_chat_config(path)
    try:
        await check_deployed_version(working, loaded)
    except StoreUnavailableError:  # a degraded start: the chat runs; the record is written at the next start
        logger.warning("working store unreachable: the AGENTS.md version record is not checked now")
    cfg = loaded.config
    return loaded, InvocationRecorder(working, cfg.deployment, [a.name for a in cfg.agents])


def _stage_policy(spec: AgentSpec | None) -> StagePolicy:
    """A declared agent's fallback as the turn's stage policy (the chain ends in degrading)."""
    if spec is None or spec.fallback is None:
        return StagePolicy(on_failure="fail")
    fb = spec.fallback
    if fb.strategy is Strategy.SKIP_AND_WARN:
        return StagePolicy(on_failure="skip_and_warn")
    retries = fb.max_retries if fb.strategy is Strategy.RETRY else 0
    return StagePolicy(retries=retries, backoff_s=fb.backoff_s, on_failure="degrade")


def turn_policy(loaded: LoadedConfig | None = None) -> TurnPolicy:
    """Retry and fallback of each turn stage, from the ``receive``/``recall``/``extract`` agents."""
    cfg = (loaded or load_agents_file(CHAT_AGENTS_FILE)).config
    by_name = {a.name: a for a in cfg.agents}
    return TurnPolicy(
        receive=_stage_policy(by_name.get("receive")),
        recall=_stage_policy(by_name.get("recall")),
        extract=_stage_policy(by_name.get("extract")),
    )
