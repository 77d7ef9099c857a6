"""A declared team of AgentScope agents: per-agent models and prompts from ``AGENTS.md``."""
