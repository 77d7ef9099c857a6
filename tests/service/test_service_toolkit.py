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
