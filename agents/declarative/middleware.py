"""The middleware that makes an AgentScope ``Agent`` behave as its ``AGENTS.md`` entry.

Inputs are the record (entry agents) or the dependencies' output ``Msg``s, restricted to
the agent's ``input_schema``; memory comes only through its ``MemoryGate``. An agent with
tools runs them in order under its fallback; an agent without tools asks its model, with
its ``role`` as the system prompt. The reply is a ``Msg`` whose metadata carries the labels.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.message import AssistantMsg, Msg, UserMsg
from agentscope.middleware import MiddlewareBase

from agents.declarative.access import MemoryGate
from agents.declarative.tool_context import (
    CURRENT_RUN, METADATA_KEY, AgentLabel, LongTermNotes, RunState, ToolContext, ToolStepLabel,
)
from agents.declarative.errors import MemoryAccessDenied, ToolFailedError
from agents.declarative.fallback import Sleep, run_with_fallback
from agents.declarative.registry import ToolRegistry
from agents.declarative.schema import AgentSpec
from core.labels import METADATA_KEY as MEMORY_KEY
from agents.declarative.scopes import ScopeStores

_PY_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,), "int": (int,), "float": (int, float), "bool": (bool,), "list": (list,), "dict": (dict,),
}


def _conforms(value: Any, type_name: str) -> bool:
    if type_name == "any":
        return True
    if type_name in ("int", "float") and isinstance(value, bool):
        return False
    return isinstance(value, _PY_TYPES[type_name])


def _upstream(inputs: Any) -> tuple[dict[str, Any], list[str]]:
    """The merged outputs and the warnings carried by the dependency messages, in order."""
    merged: dict[str, Any] = {}
    warnings: list[str] = []
    for msg in inputs if isinstance(inputs, list) else [inputs]:
        if isinstance(msg, Msg):
            label = msg.metadata.get(METADATA_KEY) or {}
            merged.update(label.get("output") or {})
            warnings += [w for w in label.get("upstream_warnings", []) + label.get("warnings", []) if w not in warnings]
    return merged, warnings


async def _memory_inputs(spec: AgentSpec, gate: MemoryGate, payload: dict[str, Any]) -> None:
    """Inputs named ``memory.field`` are read through the gate: a field outside the agent's
    whitelist is a denied read (counted, logged with the trace id) and never reaches it."""
    for key in spec.input_schema:
        if "." not in key or key in payload:
            continue
        memory, _, name = key.partition(".")
        try:
            data = await gate.read(memory, [name])
        except MemoryAccessDenied:
            continue
        if data and name in data:
            payload[key] = data[name]


def _carried_labels(inputs: Any, run: RunState, agent: str) -> dict[str, Any]:
    """The turn's ``metadata["memory"]`` labels, carried from message to message with the hops so far."""
    carried: dict[str, Any] = {}
    hops: list[str] = []
    for msg in inputs if isinstance(inputs, list) else [inputs]:
        if isinstance(msg, Msg) and isinstance(msg.metadata.get(MEMORY_KEY), dict):
            carried = carried or dict(msg.metadata[MEMORY_KEY])
            hops += [h for h in msg.metadata[MEMORY_KEY].get("hops", []) if h not in hops]
    carried.setdefault("trace_id", run.trace_id)
    carried.setdefault("user_id", run.ref.user_id)
    carried.setdefault("session_id", run.ref.session_id)
    carried["team_task_id"] = run.ref.task_id
    carried["hops"] = [*hops, agent]
    return carried


class DeclaredAgentMiddleware(MiddlewareBase):
    """Runs one declared agent's contract around its AgentScope ``Agent``."""

    def __init__(self, spec: AgentSpec, stores: ScopeStores, registry: ToolRegistry, sleep: Sleep) -> None:
        self.spec = spec
        self.stores = stores
        self.registry = registry
        self.sleep = sleep

    async def on_reply(
        self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]
    ) -> AsyncGenerator:
        """Replace the agent's reply with the declared contract's execution."""
        run = CURRENT_RUN.get()
        if run is None:
            raise RuntimeError(f"agent {self.spec.name!r} was called outside AgentEngine.run()")
        inputs = input_kwargs.get("inputs")
        source, upstream_warnings = (dict(run.record), []) if not self.spec.dependencies else _upstream(inputs)
        payload = {k: source[k] for k in self.spec.input_schema if k in source}
        gate = MemoryGate(self.spec, self.stores, run.ref, run.trace_id)
        recalled = await gate.read_declared()
        await _memory_inputs(self.spec, gate, payload)
        ctx = ToolContext(run.trace_id, self.spec.name, self.spec.role, gate, recalled,
                          LongTermNotes(gate, run.long_term), upstream_warnings=upstream_warnings)
        label = AgentLabel(
            trace_id=run.trace_id, deployment=run.deployment, agent=self.spec.name,
            user_id=run.ref.user_id, session_id=run.ref.session_id, task_id=run.ref.task_id, status="ok",
            memory_read={k: sorted(v) for k, v in recalled.items()}, upstream_warnings=upstream_warnings,
        )
        if self.spec.tools:
            output = await self._run_tools(payload, ctx, label, run)
        else:
            output = {}
            async for event in self._ask_model(payload, recalled, input_kwargs, next_handler, output):
                yield event  # the agent's own events (its ReplyEndEvent must escape the chain)
        label.warnings.extend(ctx.warnings)
        label.output = self._contract_output(output, label)
        label.denials = list(gate.denials)
        if label.status == "ok" and label.warnings:
            label.status = "warned"
        text = json.dumps(label.output, ensure_ascii=False, default=str)
        metadata = {METADATA_KEY: label.model_dump(mode="json"), MEMORY_KEY: _carried_labels(inputs, run, self.spec.name)}
        yield AssistantMsg(name=self.spec.name, content=text, metadata=metadata)

    async def _run_tools(self, payload: dict[str, Any], ctx: ToolContext, label: AgentLabel, run: RunState) -> dict[str, Any]:
        output: dict[str, Any] = {}

        async def call(name: str) -> dict[str, Any]:
            tool = self.registry.get(name)
            args = {**payload, **output}
            result = await tool.fn(args, ctx) if tool.is_async else await asyncio.to_thread(tool.fn, args, ctx)
            if not isinstance(result, dict):
                raise TypeError(f"tool {name!r} returned {type(result).__name__}, expected a dict of output fields")
            return result

        for tool_name in self.spec.tools:
            try:
                outcome = await run_with_fallback(self.spec.name, tool_name, self.spec.fallback, call, run.trace_id, self.sleep)
            except (ToolFailedError, MemoryAccessDenied) as exc:
                label.status = "failed"
                label.steps.append(ToolStepLabel(tool=tool_name, used="failed", attempts=1, errors=[str(exc)]))
                why = "no fallback declared" if isinstance(exc, ToolFailedError) else "memory access denied"
                label.warnings.append(f"agent {self.spec.name!r} failed: {exc} ({why})")
                return output
            label.steps.append(
                ToolStepLabel(tool=tool_name, used=outcome.used, attempts=outcome.attempts, errors=outcome.errors)
            )
            if outcome.warning:
                label.warnings.append(outcome.warning)
            if outcome.output is not None:
                output.update(outcome.output)
        return output

    async def _ask_model(
        self, payload: dict[str, Any], recalled: dict[str, dict[str, Any]], input_kwargs: dict,
        next_handler: Callable[..., AsyncGenerator], output: dict[str, Any],
    ) -> AsyncGenerator:
        """Ask the agent's model; its events pass through, its text lands in ``output``."""
        body = {"inputs": payload, "memory": recalled}
        prompt = UserMsg(name="engine", content=json.dumps(body, ensure_ascii=False, default=str))
        final: Msg | None = None
        async for item in next_handler(**{**input_kwargs, "inputs": prompt}):
            if isinstance(item, Msg):
                final = item
                continue
            yield item
        text = final.get_text_content() if final is not None else ""
        output[next(iter(self.spec.output_schema), "reply")] = text or ""

    def _contract_output(self, output: dict[str, Any], label: AgentLabel) -> dict[str, Any]:
        """The output restricted to ``output_schema``; a wrong type is a warning."""
        if not self.spec.output_schema:
            return output
        kept = {}
        for name, type_name in self.spec.output_schema.items():
            if name not in output:
                continue
            if not _conforms(output[name], type_name):
                label.warnings.append(
                    f"agent {self.spec.name!r}: output field {name!r} should be {type_name}, "
                    f"got {type(output[name]).__name__}; dropped"
                )
                continue
            kept[name] = output[name]
        return kept
