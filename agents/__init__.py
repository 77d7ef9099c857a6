"""The agents: AgentScope agents with the memory middleware, their models, tools and teams.

AgentScope's ``agentscope.model`` imports the ``openai`` SDK at module level (its Responses
model) and uses it only when such a model is built; an offline chat never does, and executing
the SDK's ~900 type modules costs ~0.8 CPU-seconds of the chat's first reply. It is registered
lazy here, before any agent code imports AgentScope: it runs the first time it is used.
"""
from core.lazy import lazy_module

lazy_module("openai")
