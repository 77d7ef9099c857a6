"""The dependency DAG: run order, unknown dependencies and cycles (start-up errors)."""
from __future__ import annotations

from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import LoadedConfig


def dependency_problems(loaded: LoadedConfig) -> list[str]:
    """Unknown dependencies and entry points, self-dependencies and a cycle, as messages."""
    try:
        run_order(loaded)
    except AgentsConfigError as exc:
        return [str(exc)]
    return []


def _reference_problems(loaded: LoadedConfig) -> list[str]:
    """Unknown or self dependencies and unknown entry points, as messages."""
    cfg = loaded.config
    known = {a.name for a in cfg.agents}
    problems = []
    for a in cfg.agents:
        for dep in a.dependencies:
            if dep not in known:
                problems.append(f"{loaded.where(a.name)} depends on unknown agent {dep!r}")
            elif dep == a.name:
                problems.append(f"{loaded.where(a.name)} depends on itself")
    problems += [f"{loaded.path}: entry point {entry!r} is not a declared agent"
                 for entry in cfg.entry_points or [] if entry not in known]
    return problems


def run_order(loaded: LoadedConfig) -> list[str]:
    """Agents in dependency order (Kahn's algorithm; ties keep file order).

    Raises:
        AgentsConfigError: an unknown dependency or entry point, or a cycle; names the agents.
    """
    problems = _reference_problems(loaded)
    if problems:
        raise AgentsConfigError("Invalid dependencies: " + "; ".join(problems))
    return _kahn(loaded)


def _kahn(loaded: LoadedConfig) -> list[str]:
    """Kahn's algorithm over dependencies that all exist (ties keep file order).

    Raises:
        AgentsConfigError: a cycle; names its agents.
    """
    names = [a.name for a in loaded.config.agents]
    pending = {a.name: set(a.dependencies) for a in loaded.config.agents}
    order: list[str] = []
    while pending:
        ready = [n for n in names if n in pending and not pending[n]]
        if not ready:
            raise AgentsConfigError(
                f"{loaded.path}: dependency cycle {' -> '.join(_a_cycle(pending))}; "
                "remove one of these dependencies so the agents form a DAG"
            )
        order += ready
        for n in ready:
            del pending[n]
        for deps in pending.values():
            deps.difference_update(ready)
    return order


def _a_cycle(pending: dict[str, set[str]]) -> list[str]:
    """One cycle among the agents left (each has an unresolved dependency)."""
    start = sorted(pending)[0]
    path = [start]
    node = start
    while True:
        node = sorted(pending[node])[0]
        if node in path:
            return path[path.index(node):] + [node]
        path.append(node)


def reachable(loaded: LoadedConfig) -> set[str]:
    """Agents reached from the entry points along dependency edges (dependents of each)."""
    cfg = loaded.config
    dependents: dict[str, list[str]] = {a.name: [] for a in cfg.agents}
    for a in cfg.agents:
        for dep in a.dependencies:
            if dep in dependents:
                dependents[dep].append(a.name)
    seen: set[str] = set()
    stack = [e for e in cfg.entries() if e in dependents]
    while stack:
        n = stack.pop()
        if n not in seen:
            seen.add(n)
            stack.extend(dependents[n])
    return seen
