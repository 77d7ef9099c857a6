"""The service's agent and the credential that names the server's own model.

AgentScope's service builds a model object per session from a credential and assembles the
agent class it is given. Here the credential is ``memory_agent_credential`` (no key: the
settings — ``CHAT_PROVIDER`` … — decide the model), the per-session model is a stand-in, and
the agent always runs on the server's configured model with the memory middleware's rules.
"""
from __future__ import annotations

import copy
import inspect
import weakref
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Literal, Type

from agentscope.agent import Agent, ContextConfig, InjectionConfig, ModelConfig, ReActConfig
from agentscope.credential import CredentialBase
from agentscope.embedding import EmbeddingModelBase
from agentscope.middleware import MiddlewareBase
from agentscope.model import ChatModelBase, ModelCard
from agentscope.tool import Toolkit

from agents.factory import no_compression_context, task_toolkit
from agents.memory_middleware import MemoryMiddleware
from agents.models.offline import OfflineChatModel
from app.service.recorder import TurnRecorder

CREDENTIAL_TYPE = "memory_agent_credential"
SERVER_MODEL = "memory-agent"
MIN_CONTEXT = 32768


class ServerModelStandIn(OfflineChatModel):
    """What the service builds from a ``memory_agent_credential``.

    The service needs a model object per session (it also names sessions with it); the
    agent itself always runs on the server's configured model (``service_agent_class``).
    """

    type = "memory_agent_server_model"

    def __init__(self, credential: CredentialBase, model: str, parameters: Any = None) -> None:
        super().__init__(context_size=MIN_CONTEXT)


class MemoryAgentCredential(CredentialBase):
    """The server's own model: no key, the settings (``CHAT_PROVIDER`` ...) decide."""

    type: Literal["memory_agent_credential"] = "memory_agent_credential"
    embedding_model_class: ClassVar[Type[EmbeddingModelBase] | None] = None  # `type` is a field here
    """The server's embedder for knowledge bases (set by ``app.serve``)."""

    @classmethod
    def get_embedding_model_class(cls) -> Type[EmbeddingModelBase] | None:
        """``/knowledge_bases/embedding_models`` lists the server's embedder under this credential."""
        return cls.embedding_model_class

    @classmethod
    def get_chat_model_class(cls) -> type[ChatModelBase]:
        """The stand-in the service instantiates for a session."""
        return ServerModelStandIn

    @classmethod
    def get_chat_model_classes(cls) -> list[type[ChatModelBase]]:
        """The one model class (AgentScope's plural form)."""
        return [ServerModelStandIn]

    @classmethod
    def list_models(cls) -> list[ModelCard]:
        """``GET /model/?provider=memory_agent_credential``: the server's model, one card."""
        return [ModelCard(
            model_class=ServerModelStandIn.type, name=SERVER_MODEL, label="memory-agent (the server's configured model)",
            status="active", input_types=["text"], output_types=["text"], context_size=MIN_CONTEXT,
            output_size=MIN_CONTEXT // 8, parameter_schema={"type": "object", "properties": {}},
            parameters_overrides={},
        )]


@cache
def _discarded_toolkit() -> Toolkit:
    return Toolkit()


async def _no_toolkit(**_: Any) -> Toolkit:
    """What AgentScope's per-run toolkit assembly is replaced with: nothing (see :func:`skip_agentscope_toolkit`).

    AgentScope only hands the result to the agent class, and the service agent ignores it
    (it builds its own), so one empty toolkit built once serves every run.
    """
    return _discarded_toolkit()


def skip_agentscope_toolkit() -> None:
    """Stop AgentScope assembling a toolkit per run that the service agent throws away.

    AgentScope's chat service calls ``get_toolkit`` on every run: workspace tools, planning,
    schedules, team tools, an agent listing read from storage, skills and MCPs, each tool's
    schema built from its docstring, about 20 ms of CPU per turn (issue 20's profile). The
    service agent (:func:`service_agent_class`) replaces that toolkit with the task tools, so
    the assembly is skipped. ``tests/service/test_service_toolkit.py`` fails if AgentScope stops
    calling it by that name, so an upgrade cannot silently bring the cost back.
    """
    from agentscope.app._service import _chat  # the module that calls it per run

    _chat.get_toolkit = _no_toolkit  # type: ignore[assignment]


_method_schemas: weakref.WeakKeyDictionary[Callable[..., Any], dict[str, Any]] = weakref.WeakKeyDictionary()


def _original_extract_input_schema() -> Callable[..., dict[str, Any]]:
    from agentscope.tool import _utils

    return _utils._extract_input_schema  # noqa: SLF001 - the function ``FunctionTool`` calls


def _method_input_schema(tool_func: Callable[..., Any], include_var_positional: bool = False,
                         include_var_keyword: bool = False) -> dict[str, Any]:
    """AgentScope's ``_extract_input_schema``, built once per method for a bound method's tool.

    A bound method's schema depends only on its function (signature, type hints, docstring;
    ``self`` is skipped), so every instance shares it; each call gets its own copy. Other
    callables (closures, functions) go to AgentScope's builder every time, as before.
    """
    build = _original_extract_input_schema()
    func = tool_func.__func__ if inspect.ismethod(tool_func) else None
    if func is None or include_var_positional or include_var_keyword:
        return build(tool_func, include_var_positional, include_var_keyword)
    schema = _method_schemas.get(func)
    if schema is None:
        schema = _method_schemas[func] = build(tool_func)
    return copy.deepcopy(schema)


def reuse_method_tool_schemas() -> None:
    """Build the schema of a method's tool once, not once per agent.

    AgentScope's ``Agent.__init__`` wraps its own ``_compress_context_tool`` method in a
    ``FunctionTool`` (even with compression off), whose JSON schema is a pydantic model built
    from the docstring: ~0.5 ms of CPU, half of the agent's construction, and the service builds
    an agent per run.
    ``tests/service/test_service_toolkit.py`` fails if ``FunctionTool`` stops calling the
    builder by that name, so an upgrade cannot silently bring the cost back.
    """
    from agentscope.tool import _adapters

    if _adapters._extract_input_schema is not _method_input_schema:  # noqa: SLF001
        _adapters._extract_input_schema = _method_input_schema  # type: ignore[assignment]  # noqa: SLF001


def service_agent_class(server_model: ChatModelBase) -> type[Agent]:
    """The ``Agent`` subclass the service assembles: the server's model, our context rules.

    AgentScope's own compression and runtime-state injection are off, as for the terminal
    chat (``agents.factory``): the memory middleware owns the window. The toolkit AgentScope
    assembles (shell, host files, MCP servers, schedules) is replaced by ours: the task tools
    bound to the run's verified user when a real model is configured, nothing otherwise. The
    system prompt is the declared ``assistant`` role of the deployment the run's middlewares
    were built for (its ``TurnRecorder`` holds that snapshot), so a reload changes the prompt
    and the policy together.
    """

    class MemoryServiceAgent(Agent):
        """An AgentScope service agent that runs on the server's configured model."""

        def __init__(
            self,
            name: str,
            system_prompt: str,
            model: ChatModelBase,
            toolkit: Any = None,
            middlewares: list[MiddlewareBase] | None = None,
            state: Any = None,
            offloader: Any = None,
            model_config: ModelConfig | None = None,
            context_config: ContextConfig | None = None,
            react_config: ReActConfig | None = None,
            injection_config: InjectionConfig | None = None,
        ) -> None:
            deployed = next((m.deployed for m in middlewares or [] if isinstance(m, TurnRecorder) and m.deployed), None)
            if deployed is not None and deployed.system_prompt:
                system_prompt = deployed.system_prompt
            memory = next((m for m in middlewares or [] if isinstance(m, MemoryMiddleware)), None)
            super().__init__(
                name=name, system_prompt=system_prompt, model=server_model, toolkit=task_toolkit(server_model, memory),
                middlewares=middlewares, state=state, offloader=offloader,
                context_config=no_compression_context(),
                react_config=react_config,
                injection_config=InjectionConfig(inject_runtime_state=False),
            )

    return MemoryServiceAgent
