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
from typing import Any

from loguru import logger

from core import telemetry
from agents.declarative.errors import ToolFailedError
from agents.declarative.schema import Fallback, Strategy
from memory.errors import MemoryAgentError

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


async def run_with_fallback(
    agent: str, tool: str, fallback: Fallback | None, call: Call, trace_id: str, sleep: Sleep = asyncio.sleep
) -> ToolOutcome:
    """Call ``tool`` (via ``call(name)``) with the fallback chain of ``agent``.

    Raises:
        ToolFailedError: the tool failed and the agent declares no fallback.
    """
    log = logger.bind(trace_id=trace_id)
    outcome = ToolOutcome(tool=tool, output=None, used="primary")
    tries = 1
    if fallback is not None and fallback.strategy is Strategy.RETRY:
        tries += fallback.max_retries
    if fallback is not None and fallback.strategy is not Strategy.RETRY:
        tries = 1
    for attempt in range(tries):
        if attempt:
            delay = (fallback.backoff_s if fallback else 0.0) * (2 ** (attempt - 1))
            telemetry.record_fallback("tool", "tool_retry")
            await sleep(delay)
        outcome.attempts += 1
        try:
            outcome.output = await call(tool)
            return outcome
        except MemoryAgentError:
            raise  # a denied memory access or a config problem is not a flaky tool
        except Exception as exc:  # noqa: BLE001 - any tool failure enters the fallback chain
            outcome.errors.append(f"{tool}: {type(exc).__name__}: {exc}")
            log.warning("tool failed", agent=agent, tool=tool, attempt=outcome.attempts, error=str(exc))
            if fallback is None:
                raise ToolFailedError(tool, exc) from exc
    if fallback is None:  # unreachable: without a fallback the first failure raised above
        raise ToolFailedError(tool, RuntimeError("no fallback declared"))
    if fallback.backup_tool and fallback.strategy is not Strategy.SKIP_AND_WARN:
        telemetry.record_fallback("tool", "backup_tool")
        outcome.attempts += 1
        try:
            outcome.output = await call(fallback.backup_tool)
            outcome.used = "backup"
            outcome.warning = (
                f"agent {agent!r}: tool {tool!r} failed ({outcome.errors[-1]}); "
                f"used backup tool {fallback.backup_tool!r}"
            )
            return outcome
        except MemoryAgentError:
            raise
        except Exception as exc:  # noqa: BLE001 - the backup failing leads to skip-and-warn
            outcome.errors.append(f"{fallback.backup_tool}: {type(exc).__name__}: {exc}")
            log.warning("backup tool failed", agent=agent, tool=fallback.backup_tool, error=str(exc))
    telemetry.record_fallback("tool", "tool_skipped")
    outcome.used = "skipped"
    outcome.warning = f"agent {agent!r}: skipped tool {tool!r} after {outcome.attempts} attempt(s): {'; '.join(outcome.errors)}"
    log.warning("tool skipped", agent=agent, tool=tool, errors=outcome.errors)
    return outcome
