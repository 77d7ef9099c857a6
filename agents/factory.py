"""Build the memory-enabled AgentScope agent of one user's session."""
from __future__ import annotations

import copy
from functools import cache

from agentscope.agent import Agent, ContextConfig, InjectionConfig
from agentscope.message import UserMsg
from agentscope.model import ChatModelBase
from agentscope.tool import Toolkit

from agents.memory_middleware import MemoryMiddleware
from agents.models.offline import is_offline
from agents.tools.tasks import TaskTools
from pipelines.turn import Complete, MemoryServices

DEFAULT_SYSTEM_PROMPT = (
    "You are a helpful assistant with a long-term memory of this user. Answer in the user's "
    "language. Be accurate; when your notes about the user are relevant, use them, and never "
    "reveal notes about anyone else."
)


def build_memory_agent(
    services: MemoryServices,
    model: ChatModelBase,
    user_id: str,
    session_id: str,
    name: str = "assistant",
    system_prompt: str = DEFAULT_SYSTEM_PROMPT,
) -> tuple[Agent, MemoryMiddleware]:
    """An ``Agent`` whose every reply runs through the memory pipeline for ``user_id``.

    Runtime-state injection is off (see ``agents.memory_middleware``): the date is in the
    system prompt and every memory note carries its time. With a real model the agent gets
    the task tools (``agents.tools.tasks``) bound to this user and session; their toolkit is
    built here, once per agent. The offline responder cannot call tools (the ``/task``
    commands do that work), so it gets none.
    """
    middleware = MemoryMiddleware(services, user_id, session_id)
    agent = Agent(
        name=name,
        system_prompt=system_prompt,
        model=model,
        toolkit=task_toolkit(model, middleware),
        middlewares=[middleware],
        context_config=no_compression_context(),
        injection_config=InjectionConfig(inject_runtime_state=False),
    )
    return agent, middleware


def task_toolkit(model: ChatModelBase, middleware: MemoryMiddleware | None) -> Toolkit:
    """The only tools a memory agent gets: the task tools bound to the middleware's user and session.

    Empty for the offline responder (it cannot call tools), without a middleware, or without a
    working tier. The user of every tool call is the middleware's (the verified user of the
    session); no tool takes a user id.
    """
    if middleware is None or is_offline(model) or middleware.services.working is None:
        return empty_toolkit()
    return Toolkit(tools=TaskTools(middleware.services.working, middleware).tools())


@cache
def _no_compression_prototype() -> ContextConfig:
    return ContextConfig(compression_tool_enabled=False)


def no_compression_context() -> ContextConfig:
    """A new ``ContextConfig(compression_tool_enabled=False)``, in ~0.07 ms instead of ~0.8 ms.

    Building one runs ``SummarySchema.model_json_schema()`` for its ``summary_schema`` default
    (issue 20's profile: the service builds an agent per run). A deep copy of one prototype is
    an independent config (``Agent.__init__`` may set ``context_buffer_ratio`` on its own).
    """
    return _no_compression_prototype().model_copy(deep=True)


@cache
def _empty_prototype() -> Toolkit:
    return Toolkit()


def empty_toolkit() -> Toolkit:
    """A new toolkit without tools, as ``Toolkit()`` builds it, in ~0.1 ms instead of ~3 ms.

    ``Toolkit()`` builds its meta tool's input schema with a pydantic ``create_model`` each
    time; the service builds an agent (and so a toolkit) per run (issue 20's profile). A deep
    copy of one prototype is an independent toolkit (its own groups; the meta tools bound to
    the copy): an agent that adds a tool to its copy changes no other agent's.
    """
    return copy.deepcopy(_empty_prototype())


def model_completion(model: ChatModelBase) -> Complete:
    """The model as a ``prompt -> text`` function, for extraction."""

    async def complete(prompt: str) -> str:
        response = await model(messages=[UserMsg(name="user", content=prompt)])
        if not hasattr(response, "content"):
            chunks = [chunk async for chunk in response]
            response = chunks[-1]
        return "".join(getattr(b, "text", "") for b in response.content if getattr(b, "type", "") == "text")

    return complete
