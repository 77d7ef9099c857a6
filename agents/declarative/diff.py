"""What a change of ``AGENTS.md`` affects: ``python -m app audit --diff OLD NEW``.

Compares two validated files agent by agent and reports, most serious first:

* ``blocker`` -- the new file would not be taken: ``config_version`` not raised although
  something changed (a running ``serve`` and the deployed-version check refuse it), or lower;
* ``high`` -- memory shared more widely (scope to ``global``), kept longer, read or written
  beyond what was allowed, an agent removed, a field a dependent reads no longer produced;
* ``medium`` -- scope or persistence changed otherwise, and every agent that depends
  (directly or through others) on a changed or removed agent;
* ``info`` -- added agents, narrowed access, other changed fields.
"""
from __future__ import annotations

from dataclasses import dataclass

from agents.declarative.loader import LoadedConfig
from agents.declarative.schema import AgentSpec, AgentsFile, MemoryScope, Persistence, ReadRule

SEVERITY_ORDER = {"blocker": 0, "high": 1, "medium": 2, "info": 3}
_SCOPE_RANK = {MemoryScope.SESSION: 0, MemoryScope.TASK: 1, MemoryScope.GLOBAL: 2}
_KEEP_RANK = {Persistence.EPHEMERAL: 0, Persistence.SESSION: 1, Persistence.PERSISTENT: 2}
_COMPARED = ("role", "input_schema", "output_schema", "tools", "dependencies", "memory_scope",
             "persistence", "memory_access", "fallback", "model")


@dataclass(frozen=True)
class Change:
    """One consequence of the change, with where it is."""

    severity: str
    where: str
    what: str


def _reads(spec: AgentSpec) -> dict[str, frozenset[str] | None]:
    """Memory name -> readable fields (``None``: every field)."""
    out: dict[str, frozenset[str] | None] = {}
    for rule in spec.memory_access.read:
        if isinstance(rule, ReadRule):
            out[rule.memory] = None if rule.fields is None else frozenset(rule.fields)
    return out


def _read_change(name: str, mem: str, before: frozenset[str] | None,
                 fields: frozenset[str] | None) -> Change | None:
    """What reading memory ``mem`` with ``fields`` instead of ``before`` means (``None``: no change)."""
    if before is not None and fields is None:
        return Change("high", name, f"access widened: memory {mem!r} lost its field whitelist "
                                    f"{sorted(before)} (every field is now read)")
    if before is not None and fields is not None and fields - before:
        return Change("high", name, f"access widened: memory {mem!r} now also reads fields "
                                    f"{sorted(fields - before)}")
    if before != fields:
        return Change("info", name, f"access narrowed: memory {mem!r} reads fewer fields")
    return None


def _read_changes(name: str, old_reads: dict[str, frozenset[str] | None],
                  new_reads: dict[str, frozenset[str] | None]) -> list[Change]:
    out: list[Change] = []
    for mem, fields in sorted(new_reads.items()):
        if mem not in old_reads:
            shown = "every field" if fields is None else f"fields {sorted(fields)}"
            out.append(Change("high", name, f"access widened: now reads memory {mem!r} ({shown})"))
            continue
        change = _read_change(name, mem, old_reads[mem], fields)
        if change is not None:
            out.append(change)
    for mem in sorted(set(old_reads) - set(new_reads)):
        out.append(Change("info", name, f"access narrowed: no longer reads memory {mem!r}"))
    return out


def _access_changes(name: str, old: AgentSpec, new: AgentSpec) -> list[Change]:
    out = _read_changes(name, _reads(old), _reads(new))
    old_writes, new_writes = set(old.memory_access.write), set(new.memory_access.write)
    out += [Change("high", name, f"access widened: now writes memory {mem!r}")
            for mem in sorted(new_writes - old_writes)]
    out += [Change("info", name, f"access narrowed: no longer writes memory {mem!r}")
            for mem in sorted(old_writes - new_writes)]
    return out


def _scope_change(name: str, old: MemoryScope, new: MemoryScope) -> list[Change]:
    if old is new:
        return []
    wider = _SCOPE_RANK[new] > _SCOPE_RANK[old]
    is_global = new is MemoryScope.GLOBAL
    note = " (shared by every user and task)" if is_global else ""
    return [Change("high" if is_global else "medium", name,
                   f"memory_scope {old.value} -> {new.value}"
                   f"{note}{'; memory visible more widely' if wider else ''}")]


def _persistence_change(name: str, old: Persistence, new: Persistence) -> list[Change]:
    if old is new:
        return []
    longer = _KEEP_RANK[new] > _KEEP_RANK[old]
    return [Change("high" if longer else "medium", name,
                   f"persistence {old.value} -> {new.value}"
                   f"{'; its task memory is kept longer' if longer else ''}")]


def _agent_changes(name: str, old: AgentSpec, new: AgentSpec) -> tuple[list[str], list[Change]]:
    """The changed field names and what they mean."""
    changed = [f for f in _COMPARED if getattr(old, f) != getattr(new, f)]
    out = _scope_change(name, old.memory_scope, new.memory_scope)
    out += _persistence_change(name, old.persistence, new.persistence)
    out += _access_changes(name, old, new)
    other = [f for f in changed if f not in ("memory_scope", "persistence", "memory_access")]
    if other:
        out.append(Change("info", name, f"changed: {', '.join(other)}"))
    return changed, out


def _dependents(cfg: AgentsFile) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {a.name: [] for a in cfg.agents}
    for a in cfg.agents:
        for dep in a.dependencies:
            out.setdefault(dep, []).append(a.name)
    return out


def _affected(cfg: AgentsFile, changed: dict[str, str]) -> list[Change]:
    """Every agent downstream of a changed or removed one, with the path to it."""
    dependents = _dependents(cfg)
    via: dict[str, list[str]] = {}
    stack = [(name, [name]) for name in sorted(changed)]
    while stack:
        node, path = stack.pop()
        for d in dependents.get(node, []):
            if d not in via and d not in changed:
                via[d] = path + [d]
                stack.append((d, path + [d]))
    return [Change("medium", name, f"depends on {changed[path[0]]} agent {path[0]!r}"
                                   + (f" (via {' -> '.join(path[1:-1])})" if len(path) > 2 else ""))
            for name, path in sorted(via.items())]


def _produced(cfg: AgentsFile, dependencies: list[str]) -> set[str]:
    """Every output field the named agents of ``cfg`` produce (names ``cfg`` lacks are skipped)."""
    names = {a.name for a in cfg.agents}
    return {f for d in dependencies if d in names for f in cfg.agent(d).output_schema}


def _lost_fields(old_cfg: AgentsFile, new_cfg: AgentsFile) -> list[Change]:
    """Input fields of a dependent that none of its (new) dependencies produces any more."""
    out: list[Change] = []
    new_names = {a.name for a in new_cfg.agents}
    old_names = {x.name for x in old_cfg.agents}
    for a in new_cfg.agents:
        if not any(d in new_names for d in a.dependencies):
            continue
        produced = _produced(new_cfg, a.dependencies)
        before = _produced(old_cfg, old_cfg.agent(a.name).dependencies) if a.name in old_names else set()
        out += [Change("high", a.name, f"reads input field {field!r}, which no dependency produces any more")
                for field in sorted(a.input_schema) if field in before and field not in produced]
    return out


def _membership_changes(old_agents: dict[str, AgentSpec], new_agents: dict[str, AgentSpec]) -> list[Change]:
    """Removed agents, then added ones."""
    out = [Change("high", name, "removed") for name in sorted(set(old_agents) - set(new_agents))]
    for name in sorted(set(new_agents) - set(old_agents)):
        spec = new_agents[name]
        sev = "high" if spec.memory_scope is MemoryScope.GLOBAL else "info"
        out.append(Change(sev, name, f"added (memory_scope {spec.memory_scope.value}, tools {spec.tools})"))
    return out


def _file_changes(oc: AgentsFile, nc: AgentsFile) -> list[Change]:
    """The file-level keys that changed (a renamed deployment on its own: it is a new deployment)."""
    out: list[Change] = []
    if oc.deployment != nc.deployment:
        out.append(Change("high", "file", f"deployment renamed {oc.deployment!r} -> {nc.deployment!r}: "
                                          "a new deployment, with its own memories and version history"))
    others = [k for k in ("toolsets", "tool_modules", "entry_points", "batch") if getattr(oc, k) != getattr(nc, k)]
    if others:
        out.append(Change("info", "file", f"changed: {', '.join(others)}"))
    return out


def _version_blocker(oc: AgentsFile, nc: AgentsFile, anything_changed: bool) -> list[Change]:
    """A blocker when ``config_version`` went down, or stayed although something changed."""
    if (anything_changed and nc.config_version <= oc.config_version) or nc.config_version < oc.config_version:
        return [Change("blocker", "file", f"config_version not increased ({oc.config_version} -> "
                                          f"{nc.config_version}); set it to "
                                          f"{oc.config_version + 1} or the deployed-version check refuses it")]
    return []


def diff_configs(old: LoadedConfig, new: LoadedConfig) -> list[Change]:
    """What changing ``old`` into ``new`` affects, most serious first."""
    oc, nc = old.config, new.config
    old_agents = {a.name: a for a in oc.agents}
    new_agents = {a.name: a for a in nc.agents}
    out = _membership_changes(old_agents, new_agents)
    changed: dict[str, str] = {name: "removed" for name in set(old_agents) - set(new_agents)}
    for name in sorted(set(old_agents) & set(new_agents)):
        fields, changes = _agent_changes(name, old_agents[name], new_agents[name])
        if fields:
            changed[name] = "changed"
            out += changes
    out += _affected(nc, changed)
    out += _lost_fields(oc, nc)
    out += _file_changes(oc, nc)
    out += _version_blocker(oc, nc, bool(out))
    return sorted(out, key=lambda c: (SEVERITY_ORDER[c.severity], c.where))
