"""The chat's own declaration in ``configs/AGENTS.md``: checked at start-up, recorded in use.

The chat runs its turn (``pipelines.turn``) with one retry and fallback policy per stage,
each declared by the chat agent of that stage (``STAGE_AGENTS``, ``turn_policy``); a
declaration the turn would not honour is refused (``chat_problems``). At start-up the file must pass the
config–code check and must not be older than the deployed version; the ``assistant``
role is the chat's system prompt; each turn records the agents as invoked (throttled), so
``python -m app audit`` knows the chat is alive.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from agents.declarative.errors import AgentsConfigError
from agents.declarative.deployments import check_deployed_version, record_invocations
from agents.declarative.loader import LoadedConfig, load_agents_file
from agents.declarative.registry import import_tool_modules
from agents.declarative.validation import check_startup
from agents.declarative.schema import AgentSpec, Strategy
from loguru import logger

from memory.errors import StoreUnavailableError
from memory.working.base import WorkingStore
from pipelines.turn import ExtractPolicy, StagePolicy, TurnPolicy

CHAT_AGENTS_FILE = Path(__file__).resolve().parents[1] / "configs" / "AGENTS.md"
ASSISTANT = "assistant"


def load_chat_config(path: Path = CHAT_AGENTS_FILE) -> LoadedConfig:
    """Parse the chat's AGENTS.md and run the checks ``batch`` and ``audit`` share (raises on any refusal)."""
    loaded = load_agents_file(path)
    import_tool_modules(loaded)
    check_startup(loaded)
    turn_policy(loaded)
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


#: The turn's stages (``TurnPolicy`` fields) and the chat agent that declares each one's fallback.
STAGE_AGENTS: dict[str, str] = {
    "receive": "receive", "history": "history", "consent": "consent", "recall": "recall",
    "knowledge": "knowledge", "working": "working_state", "extract": "extract",
}
#: The one backup tool the turn knows: the rule-based extractor behind the extraction model.
RULES_BACKUP = "extract_rules"
#: Fields of an agent that the chat's turn does not read (the tiers are the turn's): refused in a chat file.
UNREAD_IN_CHAT = ("memory_scope", "persistence", "memory_access", "model", "model_settings")


CHAT_TOOLSET = "chat"


def is_chat_declaration(loaded: LoadedConfig) -> bool:
    """Whether the file declares the chat itself (its ``chat`` toolset) rather than a team."""
    return CHAT_TOOLSET in loaded.config.toolsets


def chat_problems(loaded: LoadedConfig) -> list[str]:
    """What a chat declaration says that its turn would not do; each names the agent and the change."""
    cfg = loaded.config
    problems: list[str] = []
    names = {a.name for a in cfg.agents}
    for agent in sorted(set(STAGE_AGENTS.values()) - names):
        problems.append(f"{loaded.path}: the chat's turn runs the stage of agent {agent!r}, which is not declared; "
                        "declare it with its fallback")
    for spec in cfg.agents:
        unread = sorted(set(UNREAD_IN_CHAT) & spec.model_fields_set)
        if unread:
            problems.append(f"{loaded.where(spec.name)} declares {', '.join(unread)}, which the chat's turn does not "
                            "read (its tiers and its model are the turn's); remove them")
        fb = spec.fallback
        if fb is not None and fb.backup_tool and (spec.name != STAGE_AGENTS["extract"] or fb.backup_tool != RULES_BACKUP):
            problems.append(f"{loaded.where(spec.name)} names backup_tool {fb.backup_tool!r}; the chat's only backup "
                            f"is {RULES_BACKUP!r} of agent {STAGE_AGENTS['extract']!r}")
    return problems


def _stage_policy(spec: AgentSpec) -> StagePolicy:
    """A declared agent's fallback as its stage's policy: retries, then degrade; skip; or fail (none declared)."""
    fb = spec.fallback
    if fb is None:
        return StagePolicy(on_failure="fail")
    if fb.strategy is Strategy.SKIP_AND_WARN:
        return StagePolicy(on_failure="skip_and_warn")
    retries = fb.max_retries if fb.strategy is Strategy.RETRY else 0
    return StagePolicy(retries=retries, backoff_s=fb.backoff_s, on_failure="degrade")


def turn_policy(loaded: LoadedConfig | None = None) -> TurnPolicy:
    """One policy per turn stage, from the chat agent that declares it (``STAGE_AGENTS``).

    Raises:
        AgentsConfigError: the file declares what the turn would not do (``chat_problems``).
    """
    loaded = loaded or load_agents_file(CHAT_AGENTS_FILE)
    problems = chat_problems(loaded)
    if problems:
        raise AgentsConfigError("the chat's AGENTS.md and its turn disagree: " + "; ".join(problems))
    cfg = loaded.config
    stages = {stage: _stage_policy(cfg.agent(agent)) for stage, agent in STAGE_AGENTS.items()}
    extract = cfg.agent(STAGE_AGENTS["extract"]).fallback
    rules = extract is not None and extract.backup_tool == RULES_BACKUP and extract.strategy is not Strategy.SKIP_AND_WARN
    e = stages.pop("extract")
    return TurnPolicy(**stages, extract=ExtractPolicy(e.retries, e.backoff_s, e.on_failure, rules_backup=rules))
