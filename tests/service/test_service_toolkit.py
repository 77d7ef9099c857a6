"""The service skips AgentScope's per-run toolkit assembly (issue 20): its agent brings its own tools."""
from __future__ import annotations

import inspect

from agentscope.app._service import _chat
from agentscope.tool import Toolkit

from agents.models.offline import OfflineChatModel
from app.service import agent as service_agent
from app.service.agent import service_agent_class, skip_agentscope_toolkit


def test_agentscope_still_assembles_the_toolkit_through_the_name_we_replace() -> None:
    # If an AgentScope upgrade renames or inlines the call, the skip would silently do nothing.
    assert "toolkit = await get_toolkit(" in inspect.getsource(_chat.ChatService._run_impl)
    assert hasattr(_chat, "get_toolkit")


async def test_after_the_skip_a_run_gets_an_empty_toolkit_and_the_agent_its_own() -> None:
    original = _chat.get_toolkit
    try:
        skip_agentscope_toolkit()
        assert _chat.get_toolkit is service_agent._no_toolkit
        built = await _chat.get_toolkit(storage=None, user_id="u")
        assert isinstance(built, Toolkit)
    finally:
        _chat.get_toolkit = original
    model = OfflineChatModel()
    cls = service_agent_class(model)
    agent = cls(name="assistant", system_prompt="p", model=model, toolkit=object())  # what AgentScope passes is ignored
    assert isinstance(agent.toolkit, Toolkit)


def _calls(monkeypatch, module: object, name: str) -> list[int]:  # noqa: ANN001 - pytest's fixture
    """One entry per call of ``module.name`` from now on (the real function still runs)."""
    calls: list[int] = []
    real = getattr(module, name)

    def counting(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the wrapped function's signature
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


def _schema_builds(monkeypatch) -> list[int]:  # noqa: ANN001 - pytest's fixture
    """Counts the pydantic models ``Toolkit()`` builds for its meta tool's schema (~3 ms each)."""
    from agentscope.tool._builtin import _meta

    return _calls(monkeypatch, _meta, "create_model")


async def test_an_offline_run_builds_no_toolkit_schema(monkeypatch) -> None:  # noqa: ANN001
    # Issue 20: the service builds an agent per run; Toolkit() costs ~3 ms of CPU there each time
    # (one pydantic model per construction), twice per turn before: AgentScope's discarded one and ours.
    from agents.factory import task_toolkit

    model = OfflineChatModel()
    cls = service_agent_class(model)
    cls(name="assistant", system_prompt="p", model=model)  # the first run builds the prototypes
    await service_agent._no_toolkit()
    built = _schema_builds(monkeypatch)
    for _ in range(3):
        discarded = await service_agent._no_toolkit(storage=None, user_id="u")
        agent = cls(name="assistant", system_prompt="p", model=model, toolkit=discarded)
        assert isinstance(agent.toolkit, Toolkit) and agent.toolkit is not discarded
    assert built == []
    first, second = task_toolkit(model, None), task_toolkit(model, None)
    assert first is not second and built == []


async def test_each_run_gets_its_own_toolkit() -> None:
    # A tool an agent adds to its toolkit (AgentScope's structured-output tool) is in no other run's.
    from agentscope.tool import FunctionTool

    from agents.factory import empty_toolkit

    def note(text: str) -> str:
        """Keep a note.

        Args:
            text: The note.
        """
        return text

    first, second = empty_toolkit(), empty_toolkit()
    await first.add_tool(FunctionTool(note))
    assert await first.get_tool("note") is not None
    assert await second.get_tool("note") is None
    assert await empty_toolkit().get_tool("note") is None
    assert first.builtin_meta_tool.tool.groups is first.tool_groups  # the meta tool lists the copy's groups
    assert len(await first.get_tool_schemas()) == len(await second.get_tool_schemas()) + 1


def test_a_method_tool_schema_is_built_once_and_is_the_same_schema(monkeypatch) -> None:  # noqa: ANN001
    # Issue 20: every run's agent wraps its ``_compress_context_tool`` in a FunctionTool (~4 ms of pydantic).
    from agentscope.tool import FunctionTool, _adapters, _utils

    assert "_extract_input_schema(func)" in inspect.getsource(_adapters.FunctionTool.__init__)
    monkeypatch.setattr(_adapters, "_extract_input_schema", _adapters._extract_input_schema)
    model = OfflineChatModel()
    cls = service_agent_class(model)
    before = cls(name="assistant", system_prompt="p", model=model)._compression_tool.input_schema
    service_agent.reuse_method_tool_schemas()
    assert _adapters._extract_input_schema is service_agent._method_input_schema
    real = _utils._extract_input_schema
    builds = _calls(monkeypatch, _utils, "_extract_input_schema")
    schemas = [cls(name="assistant", system_prompt="p", model=model)._compression_tool.input_schema for _ in range(3)]
    assert len(builds) <= 1 and all(s == before for s in schemas)
    assert schemas[0] is not schemas[1]  # each tool owns its copy

    def note(text: str) -> str:
        """Keep a note.

        Args:
            text: The note.
        """
        return text

    builds.clear()
    FunctionTool(note), FunctionTool(note)  # a plain function: built every time, as AgentScope does
    assert len(builds) == 2
    assert FunctionTool(note).input_schema == real(note)


def test_each_agent_gets_its_own_context_config_equal_to_a_fresh_one() -> None:
    # Issue 20: ContextConfig() runs SummarySchema.model_json_schema() (~0.8 ms) and the service builds
    # an agent per run; a copy of one prototype is the same config, and one agent's change is its own.
    from agentscope.agent import ContextConfig

    from agents.factory import no_compression_context

    first, second = no_compression_context(), no_compression_context()
    assert first.model_dump() == second.model_dump() == ContextConfig(compression_tool_enabled=False).model_dump()
    first.context_buffer_ratio = 0.01
    first.summary_schema["changed"] = True
    assert second.context_buffer_ratio != 0.01 and "changed" not in no_compression_context().summary_schema
