"""Declarative agents: the agents of a deployment are declared in ``configs/AGENTS.md``.

Modules: ``schema`` (the file's pydantic models), ``loader`` (Markdown → validated config),
``registry`` (the ``@tool`` decorator and the config–code check), ``graph`` (dependency DAG),
``scopes`` (where each memory scope lives), ``access`` (read/write rules, field whitelists),
``fallback`` (retry → backup tool → skip and warn), ``engine`` (one AgentScope agent per
entry, run in dependency order), ``deployments`` (deployed version, invocation records).
"""
