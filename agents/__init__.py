"""The agents: AgentScope agents with the memory middleware, their models, tools and teams.

AgentScope's ``agentscope.model`` imports the ``openai`` SDK at module level (its Responses
model) and uses it only when such a model is built; an offline chat never does, and executing
the SDK's ~900 type modules costs ~0.8 CPU-seconds of the chat's first reply. It is registered
lazy here, before any agent code imports AgentScope: it runs the first time it is used.

Its tools import the ``mcp`` SDK at module level (~0.45 CPU-seconds more) for MCP servers,
which the terminal chat never connects: :func:`defer_mcp_sdk` makes it run on first use too.
"""
from core.lazy import lazy_module, lazy_package

lazy_module("openai")

#: What AgentScope's modules bind from the ``mcp`` SDK when they are imported: client
#: constructors they call later, ``mcp.types.Tool`` in annotations.
MCP_IMPORT_NAMES = {
    "mcp": ("Client", "StdioServerParameters", "stdio_client"),
    "mcp.types": ("Tool",),
    "mcp.client.sse": ("sse_client",),
    "mcp.client.streamable_http": ("create_mcp_http_client", "streamable_http_client"),
}


def defer_mcp_sdk() -> None:
    """Make the ``mcp`` SDK run on first use (``core.lazy.lazy_package``); call before AgentScope
    is imported. A process that serves AgentScope's own routes (``serve``) imports it as usual."""
    lazy_package("mcp", MCP_IMPORT_NAMES)
