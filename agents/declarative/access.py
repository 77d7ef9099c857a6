"""Memory access of one agent in one run, enforced where memory is read.

An agent reads only the memories its ``memory_access.read`` lists, from the store of its
own ``memory_scope``; with a field whitelist, only those fields are returned — the others
never reach the agent. Every denied read or write is counted in
``core.telemetry.PERMISSION_DENIALS`` and logged with the trace id, then refused.
"""
from __future__ import annotations

from typing import Any

from loguru import logger

from core import telemetry
from agents.declarative.errors import MemoryAccessDenied
from agents.declarative.schema import LONG_TERM, AgentSpec
from agents.declarative.scopes import ScopeRef, ScopeStores


class MemoryGate:
    """What one agent may read and write, bound to a run's user, session and task."""

    def __init__(self, spec: AgentSpec, stores: ScopeStores, ref: ScopeRef, trace_id: str) -> None:
        self.spec = spec
        self.ref = ref
        self.trace_id = trace_id
        self.denials: list[str] = []
        self._stores = stores

    def _deny(self, action: str, memory: str, detail: str) -> MemoryAccessDenied:
        telemetry.PERMISSION_DENIALS.labels(agent=self.spec.name, memory=memory).inc()
        reason = f"agent {self.spec.name!r} may not {action} memory {memory!r}: {detail}"
        self.denials.append(reason)
        logger.bind(trace_id=self.trace_id).warning(
            "memory access denied", agent=self.spec.name, action=action, memory=memory,
            scope=self.spec.memory_scope.value, detail=detail,
        )
        return MemoryAccessDenied(reason + "; declare it in memory_access in AGENTS.md")

    def readable(self, memory: str, fields: list[str] | None = None) -> set[str] | None:
        """The fields of ``memory`` this agent may read (``None``: all of them).

        Raises:
            MemoryAccessDenied: the memory (or a requested field) is not readable.
        """
        rule = self.spec.memory_access.read_rule(memory)
        if rule is None:
            raise self._deny("read", memory, f"not in its read list ({self.spec.memory_scope.value} scope)")
        allowed = None if rule.fields is None else set(rule.fields)
        if fields is not None and allowed is not None:
            outside = sorted(set(fields) - allowed)
            if outside:
                raise self._deny("read", memory, f"fields {outside} are outside its whitelist {sorted(allowed)}")
        return allowed if fields is None else set(fields)

    async def read(self, memory: str, fields: list[str] | None = None) -> dict[str, Any] | None:
        """The memory, restricted to the whitelisted fields.

        Args:
            memory: The memory name.
            fields: Fields the caller asks for (default: every field it may see). Asking for
                a field outside the whitelist is a denied access.

        Raises:
            MemoryAccessDenied: the memory (or a requested field) is not readable.
        """
        wanted = self.readable(memory, fields)
        data = await self._stores.for_scope(self.spec.memory_scope).read(self.ref, memory)
        if data is None:
            return None
        return {k: v for k, v in data.items() if wanted is None or k in wanted}

    async def read_declared(self) -> dict[str, dict[str, Any]]:
        """Every memory in the read list that exists, each restricted to its whitelist."""
        out: dict[str, dict[str, Any]] = {}
        for rule in self.spec.memory_access.read:
            name = rule if isinstance(rule, str) else rule.memory
            if name == LONG_TERM:  # not a scope memory: the tools read it through ToolContext.long_term
                continue
            data = await self.read(name)
            if data is not None:
                out[name] = data
        return out

    async def write(self, memory: str, data: dict[str, Any]) -> None:
        """Replace ``memory`` with ``data`` in the agent's scope.

        Raises:
            MemoryAccessDenied: the memory is not in the agent's write list.
        """
        if memory not in self.spec.memory_access.write:
            raise self._deny("write", memory, "not in its write list")
        store = self._stores.for_scope(self.spec.memory_scope)
        await store.write(self.ref, memory, data, self.spec.persistence, self.spec.name)
