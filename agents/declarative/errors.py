"""Errors of the declarative-agents layer; each names the file, the agent and the field."""
from __future__ import annotations

from memory.errors import ConfigError, MemoryAgentError


class AgentsConfigError(ConfigError):
    """``AGENTS.md`` is malformed or disagrees with the code.

    The message names the place: file (and line for YAML errors), agent, field.
    """


class MemoryAccessDenied(MemoryAgentError):
    """A tool asked for memory its agent's ``memory_access`` rules do not allow."""


class ToolFailedError(MemoryAgentError):
    """A tool raised; carries the tool name and the cause for the fallback chain."""

    def __init__(self, tool: str, cause: BaseException) -> None:
        self.tool = tool
        self.cause = cause
        super().__init__(f"tool {tool!r} failed: {type(cause).__name__}: {cause}")
