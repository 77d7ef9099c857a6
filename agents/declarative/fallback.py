"""Run a tool with its agent's declared fallback: retry → backup tool → skip and warn.

``retry``: up to ``max_retries`` more attempts, waiting ``backoff_s``, then twice that, ...;
then the backup tool when one is declared; then skip. ``backup_tool``: straight to the
backup, then skip. ``skip_and_warn``: skip at the first failure. Skipping puts a warning in
the run's output and the run goes on. With no ``fallback`` declared, a failure raises.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from loguru import logger

from core import telemetry
from agents.declarative.errors import ToolFailedError
from agents.declarative.schema import Fallback, Strategy
from memory.errors import MemoryAgentError

if TYPE_CHECKING:
    from loguru import Logger

Call = Callable[[str], Awaitable[dict[str, Any]]]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class ToolOutcome:
    """How one tool step went."""

    tool: str
    output: dict[str, Any] | None
    used: str  # "primary", "backup" or "skipped"
    attempts: int = 0
    errors: list[str] = field(default_factory=list)
    warning: str | None = None


def _tries(fallback: Fallback | None) -> int:
    """Attempts of the primary tool: one, plus ``max_retries`` under the ``retry`` strategy."""
    if fallback is not None and fallback.strategy is Strategy.RETRY:
        return 1 + fallback.max_retries
    return 1


def _backoff(fallback: Fallback | None, attempt: int) -> float:
    """Seconds to wait before attempt ``attempt`` (1 = the first retry): ``backoff_s`` doubling."""
    return (fallback.backoff_s if fallback else 0.0) * (2.0 ** (attempt - 1))


async def _call_once(call: Call, name: str, outcome: ToolOutcome) -> Exception | None:
    """Call tool ``name`` once into ``outcome``: ``None`` on success, else the failure (recorded).

    Raises:
        MemoryAgentError: a denied memory access or a config problem is not a flaky tool.
    """
    outcome.attempts += 1
    try:
        outcome.output = await call(name)
    except MemoryAgentError:
        raise
    except Exception as exc:  # noqa: BLE001 - any tool failure enters the fallback chain
        outcome.errors.append(f"{name}: {type(exc).__name__}: {exc}")
        return exc
    return None


async def _primary(agent: str, tool: str, fallback: Fallback | None, call: Call, outcome: ToolOutcome,
                   log: Logger, sleep: Sleep) -> bool:
    """Whether the primary tool succeeded within its attempts.

    Raises:
        ToolFailedError: it failed and the agent declares no fallback.
    """
    for attempt in range(_tries(fallback)):
        if attempt:
            telemetry.record_fallback("tool", "tool_retry")
            await sleep(_backoff(fallback, attempt))
        exc = await _call_once(call, tool, outcome)
        if exc is None:
            return True
        log.warning("tool failed", agent=agent, tool=tool, attempt=outcome.attempts, error=str(exc))
        if fallback is None:
            raise ToolFailedError(tool, exc) from exc
    return False


async def _backup(agent: str, tool: str, fallback: Fallback, call: Call, outcome: ToolOutcome, log: Logger) -> bool:
    """Whether the declared backup tool (not under ``skip_and_warn``) ran and succeeded."""
    if not fallback.backup_tool or fallback.strategy is Strategy.SKIP_AND_WARN:
        return False
    telemetry.record_fallback("tool", "backup_tool")
    exc = await _call_once(call, fallback.backup_tool, outcome)
    if exc is not None:  # the backup failing leads to skip-and-warn
        log.warning("backup tool failed", agent=agent, tool=fallback.backup_tool, error=str(exc))
        return False
    outcome.used = "backup"
    outcome.warning = (
        f"agent {agent!r}: tool {tool!r} failed ({outcome.errors[-1]}); "
        f"used backup tool {fallback.backup_tool!r}"
    )
    return True


async def run_with_fallback(
    agent: str, tool: str, fallback: Fallback | None, call: Call, trace_id: str, sleep: Sleep = asyncio.sleep
) -> ToolOutcome:
    """Call ``tool`` (via ``call(name)``) with the fallback chain of ``agent``.

    Raises:
        ToolFailedError: the tool failed and the agent declares no fallback.
    """
    log = logger.bind(trace_id=trace_id)
    outcome = ToolOutcome(tool=tool, output=None, used="primary")
    if await _primary(agent, tool, fallback, call, outcome, log, sleep):
        return outcome
    if fallback is None:  # unreachable: without a fallback the first failure raised above
        raise ToolFailedError(tool, RuntimeError("no fallback declared"))
    if await _backup(agent, tool, fallback, call, outcome, log):
        return outcome
    telemetry.record_fallback("tool", "tool_skipped")
    outcome.used = "skipped"
    outcome.warning = f"agent {agent!r}: skipped tool {tool!r} after {outcome.attempts} attempt(s): {'; '.join(outcome.errors)}"
    log.warning("tool skipped", agent=agent, tool=tool, errors=outcome.errors)
    return outcome
