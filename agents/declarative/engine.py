"""The engine: one AgentScope ``Agent`` per declared entry, run in dependency order.

Start-up (``AgentEngine.build``) checks the file against the code and the DAG; a run
(``AgentEngine.run``) feeds a record to the entry agents, passes each output ``Msg`` to the
dependents, and ends the task (ephemeral task memory destroyed, the rest archived).
"""
from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentscope.agent import Agent, ContextConfig, InjectionConfig
from agentscope.message import Msg, UserMsg
from agentscope.model import ChatModelBase
from loguru import logger

from agents.declarative.tool_context import CURRENT_RUN, METADATA_KEY, RunState
from agents.declarative.fallback import Sleep
from agents.declarative.graph import reachable, run_order
from agents.declarative.loader import LoadedConfig
from agents.declarative.middleware import DeclaredAgentMiddleware
from agents.declarative.registry import REGISTRY, ToolRegistry
from agents.declarative.schema import AgentSpec
from agents.declarative.scopes import ScopeRef, ScopeStores
from agents.declarative.validation import check_startup
from agents.models.offline import OfflineChatModel
from core import telemetry
from core.trace import trace_id_var

ModelFor = Callable[[AgentSpec], ChatModelBase]


def offline_models(spec: AgentSpec) -> ChatModelBase:
    """The default model of every agent: the deterministic offline model."""
    del spec
    return OfflineChatModel()


@dataclass
class RunResult:
    """What one run produced."""

    trace_id: str
    task_id: str
    outputs: dict[str, dict[str, Any]]
    labels: dict[str, dict[str, Any]]
    warnings: list[str]
    invoked: list[str]
    failed: list[str] = field(default_factory=list)
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (what a batch run stores per record)."""
        return {
            "trace_id": self.trace_id, "task_id": self.task_id, "outputs": self.outputs,
            "warnings": self.warnings, "invoked": self.invoked, "failed": self.failed,
        }


class AgentEngine:
    """Runs the agents one ``AGENTS.md`` declares, and nothing else."""

    def __init__(
        self, loaded: LoadedConfig, stores: ScopeStores, registry: ToolRegistry = REGISTRY,
        model_for: ModelFor = offline_models, sleep: Sleep = asyncio.sleep,
    ) -> None:
        """Prefer ``AgentEngine.build``, which checks the file first."""
        self.loaded = loaded
        self.config = loaded.config
        self.stores = stores
        self.order = [n for n in run_order(loaded) if n in reachable(loaded)]
        self.agents: dict[str, Agent] = {}
        for spec in self.config.agents:
            self.agents[spec.name] = Agent(
                name=spec.name,
                system_prompt=spec.role,
                model=model_for(spec),
                middlewares=[DeclaredAgentMiddleware(spec, stores, registry, sleep)],
                context_config=ContextConfig(compression_tool_enabled=False),
                injection_config=InjectionConfig(inject_runtime_state=False),
            )

    @classmethod
    def build(
        cls, loaded: LoadedConfig, stores: ScopeStores, registry: ToolRegistry = REGISTRY,
        model_for: ModelFor = offline_models, sleep: Sleep = asyncio.sleep,
    ) -> AgentEngine:
        """Check the file against the code and the DAG, then build the agents.

        Raises:
            AgentsConfigError: unknown/unused tool, unknown dependency, cycle; names the place.
        """
        check_startup(loaded, registry)
        return cls(loaded, stores, registry, model_for, sleep)

    async def run(
        self, record: dict[str, Any], user_id: str, session_id: str,
        task_id: str | None = None, trace_id: str | None = None, labels: dict[str, Any] | None = None,
        long_term: list[dict[str, Any]] | None = None,
    ) -> RunResult:
        """Run every reachable agent once over ``record`` in a new task, then end the task.

        ``labels`` (a chat turn's ``metadata["memory"]``) ride on the first message and are
        carried from agent to agent. ``long_term``: the user's notes the memory turn recalled
        for this message, the only long-term memory the agents see (``ToolContext.long_term``).
        """
        trace_id = trace_id or uuid.uuid4().hex
        ref = ScopeRef(user_id, session_id, task_id or uuid.uuid4().hex)
        await self.stores.task.open_task(ref)
        state = RunState(self.config.deployment, ref, trace_id, dict(record), long_term)
        run_token, trace_token = CURRENT_RUN.set(state), trace_id_var.set(trace_id)
        try:
            result = await self._run_agents(state, record, labels)
        except BaseException as exc:
            await self.stores.task.end_task(ref, failed=f"{type(exc).__name__}: {exc}")
            raise
        finally:
            CURRENT_RUN.reset(run_token)
            trace_id_var.reset(trace_token)
        await self.stores.task.end_task(ref)
        return result

    async def _run_agents(self, state: RunState, record: dict[str, Any], labels: dict[str, Any] | None) -> RunResult:
        msgs: dict[str, Msg] = {}
        result = RunResult(state.trace_id, state.ref.task_id, {}, {}, [], [])
        first = UserMsg(name=state.ref.user_id, content=json.dumps(record, ensure_ascii=False, default=str),
                        metadata={"memory": dict(labels)} if labels else {})
        produced: dict[str, float] = {"input": time.perf_counter()}  # when each agent's output was ready
        for name in self.order:
            spec = self.config.agent(name)
            unmet = _unmet_dependencies(spec.dependencies, msgs, result.failed)
            if unmet:
                result.warnings.append(f"agent {name!r} skipped: dependency {unmet} did not produce output")
                result.failed.append(name)
                continue
            inputs = [first] if not spec.dependencies else [msgs[d] for d in spec.dependencies]
            _record_hops(spec.dependencies or ["input"], name, produced)
            reply = await self.agents[name].reply(inputs)
            produced[name] = time.perf_counter()
            if _collect_reply(result, name, reply):
                msgs[name] = reply
        logger.bind(trace_id=state.trace_id).info(
            "agents run finished", deployment=state.deployment, invoked=result.invoked,
            warnings=len(result.warnings), failed=result.failed,
        )
        return result


def _unmet_dependencies(dependencies: list[str], msgs: dict[str, Msg], failed: list[str]) -> list[str]:
    """The dependencies with no output yet and those that failed (sorted; empty: the agent may run)."""
    missing = [d for d in dependencies if d not in msgs]
    blocked = [d for d in dependencies if d in failed]
    return sorted(missing + blocked)


def _collect_reply(result: RunResult, name: str, reply: Msg) -> bool:
    """Record one agent's reply in ``result``; whether it succeeded (its output feeds its dependents)."""
    label = reply.metadata.get(METADATA_KEY, {})
    result.invoked.append(name)
    result.labels[name] = label
    result.carried[name] = reply.metadata.get("memory", {})
    result.outputs[name] = label.get("output", {})
    result.warnings.extend(label.get("warnings", []))
    if label.get("status") == "failed":
        result.failed.append(name)
        return False
    return True


def _record_hops(sources: list[str], target: str, produced: dict[str, float]) -> None:
    """Observe each hop ``source → target``: from the source's output to the target's input.

    Agent names come from AGENTS.md (a bounded label set); ``input`` is the run's start.
    """
    now = time.perf_counter()
    for source in sources:
        telemetry.AGENT_HOP_LATENCY.labels(from_agent=source, to_agent=target).observe(now - produced[source])
