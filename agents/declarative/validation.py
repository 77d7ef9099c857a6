"""The one start-up validation of an ``AGENTS.md``, shared by the engine and the audit.

Whatever makes ``AgentEngine.build`` (and so ``batch``, ``chat`` and ``serve``) refuse a
file is listed by ``refusals``; the audit reports each as a blocking finding. A problem
found here is never a matter of score.
"""
from __future__ import annotations

from agents.declarative.errors import AgentsConfigError
from agents.declarative.graph import dependency_problems
from agents.declarative.loader import LoadedConfig
from agents.declarative.registry import REGISTRY, ToolRegistry, config_code_problems, import_tool_modules


def refusals(loaded: LoadedConfig, registry: ToolRegistry = REGISTRY) -> list[str]:
    """Every reason the engine would refuse ``loaded``: tool modules, tools, dependencies, cycles.

    Each message names the file, the agent and what to change.
    """
    problems: list[str] = []
    try:
        import_tool_modules(loaded)
    except AgentsConfigError as exc:
        problems.append(str(exc))
    problems += config_code_problems(loaded, registry)
    problems += dependency_problems(loaded)
    return problems


def check_startup(loaded: LoadedConfig, registry: ToolRegistry = REGISTRY) -> None:
    """Refuse a file the engine cannot run.

    Raises:
        AgentsConfigError: lists every reason, each naming the place.
    """
    problems = refusals(loaded, registry)
    if problems:
        raise AgentsConfigError(f"{loaded.path} cannot run: " + "; ".join(problems))
