"""The ``@tool`` decorator and the config–code check.

A tool is a function ``(inputs: dict, ctx: ToolContext) -> dict`` (sync or async) that
belongs to a *toolset*. A file declares the toolsets it uses; at start-up (and in CI)
every tool it names must be registered, and every tool of its toolsets must be used by
some agent or marked ``@tool(..., unused="why")``. A mismatch names both sides.
"""
from __future__ import annotations

import importlib
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Union

from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import LoadedConfig
from agents.declarative.schema import AgentSpec

ToolFn = Callable[..., Union[dict[str, Any], Awaitable[dict[str, Any]]]]


@dataclass(frozen=True)
class RegisteredTool:
    """A tool function with its registry metadata."""

    name: str
    toolset: str
    fn: ToolFn
    unused: str | None
    origin: str

    @property
    def is_async(self) -> bool:
        """Whether ``fn`` is a coroutine function (sync tools run on a worker thread)."""
        return inspect.iscoroutinefunction(self.fn)


class ToolRegistry:
    """Named tool functions grouped in toolsets."""

    def __init__(self) -> None:
        self._tools: dict[str, RegisteredTool] = {}

    def register(self, fn: ToolFn, toolset: str, name: str | None = None, unused: str | None = None) -> ToolFn:
        """Register ``fn``; a second tool with the same name is an error naming both."""
        tool_name = name or fn.__name__
        origin = f"{fn.__module__}.{fn.__qualname__}"
        existing = self._tools.get(tool_name)
        if existing is not None and existing.origin != origin:
            raise AgentsConfigError(
                f"tool {tool_name!r} is registered twice: {existing.origin} and {origin}; rename one"
            )
        self._tools[tool_name] = RegisteredTool(tool_name, toolset, fn, unused, origin)
        return fn

    def unregister_toolset(self, toolset: str) -> None:
        """Forget every tool of ``toolset`` (tests register throw-away toolsets)."""
        self._tools = {k: v for k, v in self._tools.items() if v.toolset != toolset}

    def get(self, name: str) -> RegisteredTool:
        """The tool ``name``; ``KeyError`` when unregistered."""
        return self._tools[name]

    def names(self, toolsets: list[str] | None = None) -> list[str]:
        """Registered tool names, optionally only those of ``toolsets``."""
        return sorted(n for n, t in self._tools.items() if toolsets is None or t.toolset in toolsets)

    def toolsets(self) -> list[str]:
        """Every toolset with at least one tool."""
        return sorted({t.toolset for t in self._tools.values()})


REGISTRY = ToolRegistry()


def tool(toolset: str, name: str | None = None, unused: str | None = None) -> Callable[[ToolFn], ToolFn]:
    """Register the decorated function as a tool of ``toolset``.

    Args:
        toolset: The group a file enables with ``toolsets: [...]``.
        name: The name used in ``AGENTS.md`` (default: the function name).
        unused: Why this tool is deliberately not used by any agent (exempts it from the check).
    """

    def decorate(fn: ToolFn) -> ToolFn:
        return REGISTRY.register(fn, toolset, name, unused)

    return decorate


def import_tool_modules(loaded: LoadedConfig) -> None:
    """Import the modules the file lists in ``tool_modules`` so their tools register.

    Raises:
        AgentsConfigError: a module cannot be imported; names it.
    """
    for module in loaded.config.tool_modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise AgentsConfigError(
                f"{loaded.path}: field 'tool_modules' names {module!r}, which cannot be imported ({exc}); "
                "fix the module path or PYTHONPATH"
            ) from None


def _toolset_problems(loaded: LoadedConfig, registry: ToolRegistry) -> list[str]:
    """Declared toolsets with no registered tool."""
    known_sets = registry.toolsets()
    return [f"{loaded.path}: toolset {ts!r} has no registered tools (known: {', '.join(known_sets) or 'none'})"
            for ts in loaded.config.toolsets if ts not in known_sets]


def _named_tools(agent: AgentSpec) -> list[str]:
    """The tools an agent names: its own, then its fallback's backup tool."""
    named = list(agent.tools)
    if agent.fallback is not None and agent.fallback.backup_tool:
        named.append(agent.fallback.backup_tool)
    return named


def _missing_tool_problems(loaded: LoadedConfig, registry: ToolRegistry, available: set[str]) -> list[str]:
    """Every tool an agent names that the file's toolsets do not provide."""
    problems: list[str] = []
    shown = ", ".join(sorted(available)) or "none"
    for agent in loaded.config.agents:
        for tool_name in _named_tools(agent):
            if tool_name not in available:
                where = "registered in another toolset" if tool_name in registry.names() else "not registered"
                problems.append(
                    f"{loaded.where(agent.name)} names tool {tool_name!r}, which is {where}; "
                    f"available in {loaded.config.toolsets}: {shown}"
                )
    return problems


def _unused_tool_problems(loaded: LoadedConfig, registry: ToolRegistry, available: set[str]) -> list[str]:
    """Tools of the file's toolsets no agent names and not marked ``unused``."""
    used = {name for agent in loaded.config.agents for name in _named_tools(agent)}
    problems: list[str] = []
    for tool_name in sorted(available - used):
        t = registry.get(tool_name)
        if t.unused is None:
            problems.append(
                f"tool {tool_name!r} ({t.origin}, toolset {t.toolset!r}) is used by no agent in "
                f"{loaded.path}; use it or mark it @tool(..., unused='why')"
            )
    return problems


def config_code_problems(loaded: LoadedConfig, registry: ToolRegistry = REGISTRY) -> list[str]:
    """Every mismatch between the file and the ``@tool`` registry, each with the agent and the tool."""
    available = set(registry.names(loaded.config.toolsets))
    return (_toolset_problems(loaded, registry) + _missing_tool_problems(loaded, registry, available)
            + _unused_tool_problems(loaded, registry, available))


def check_config_against_code(loaded: LoadedConfig, registry: ToolRegistry = REGISTRY) -> None:
    """Every tool the file names exists; every tool of its toolsets is used or marked unused.

    Raises:
        AgentsConfigError: lists every mismatch, each with the agent and the tool.
    """
    problems = config_code_problems(loaded, registry)
    if problems:
        raise AgentsConfigError("Agents file and code disagree: " + "; ".join(problems))
