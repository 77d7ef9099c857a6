"""``python -m app audit [--agents FILE] [--min-score N] [--diff OLD NEW]``: an AGENTS.md's risks.

First the file goes through the same start-up validation as ``batch``, ``chat`` and
``serve`` (``agents.declarative.validation``): whatever they refuse -- a dependency cycle,
an unknown agent or tool, a tool module that cannot be imported -- and a ``config_version``
older than the deployed one is a ``blocker``: the score is 0 and the command exits 1.

Otherwise the score starts at 100; each finding takes off its severity's weight (high 15,
medium 8, low 3), never below 0. Findings: global scope without access rules, global reads without
a field whitelist, persistent agents with sensitive input fields, agents no dependency
path reaches (and not an entry point), missing dependencies (unknown agents, inputs or
memories no upstream agent provides), agents not invoked in the last 30 days (from the
working-state tier), tools without fallback, and tools the code does not register.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from agents.declarative.diff import diff_configs
from agents.declarative.graph import reachable
from agents.declarative.loader import LoadedConfig, load_agents_file
from agents.declarative.registry import REGISTRY, ToolRegistry
from agents.declarative.schema import LONG_TERM, AgentSpec, MemoryScope, Persistence, ReadRule
from agents.declarative.validation import refusals

WEIGHTS = {"blocker": 100, "high": 15, "medium": 8, "low": 3}
ORDER = {"blocker": 0, "high": 1, "medium": 2, "low": 3}
SENSITIVE = re.compile(
    r"pass(word|wd)?|secret|credential|token|api_?key|private_?key|ssn|social_security|"
    r"id_?(number|no|card)|passport|national_id|credit_?card|card_?number|iban|cvv",
    re.IGNORECASE,
)
STALE_DAYS = 30


@dataclass(frozen=True)
class Finding:
    """One risk, where it is and how to fix it."""

    severity: str
    where: str
    problem: str
    fix: str


def _ancestors(loaded: LoadedConfig, name: str) -> set[str]:
    known = {a.name: a for a in loaded.config.agents}
    seen: set[str] = set()
    stack = list(known[name].dependencies)
    while stack:
        n = stack.pop()
        if n in known and n not in seen:
            seen.add(n)
            stack.extend(known[n].dependencies)
    return seen


def _scope_findings(a: AgentSpec, where: str) -> list[Finding]:
    """Global scope without access rules, and global reads without a field whitelist."""
    out: list[Finding] = []
    access = a.memory_access
    if a.memory_scope is not MemoryScope.GLOBAL:
        return out
    if not access.read and not access.write:
        out.append(Finding("high", where, "global memory scope without access rules",
                           "declare memory_access.read (with fields) / write, or use task or session scope"))
    for rule in access.read:
        if isinstance(rule, ReadRule) and rule.fields is None:
            out.append(Finding("medium", where, f"reads global memory {rule.memory!r} without a field whitelist",
                               f"write {{memory: {rule.memory}, fields: [...]}} listing only the fields it needs"))
    return out


def _sensitive_findings(a: AgentSpec, where: str) -> list[Finding]:
    """A persistent agent taking a sensitive input field."""
    if a.persistence is not Persistence.PERSISTENT:
        return []
    return [Finding("high", where, f"persistent agent takes sensitive input field {field!r}",
                    "drop or mask the field before this agent, or make the agent ephemeral")
            for field in a.input_schema if SENSITIVE.search(field)]


def _whitelist_findings(a: AgentSpec, where: str, field: str) -> list[Finding]:
    """A ``memory.field`` input outside the agent's read whitelist (every run denies it)."""
    memory, _, name = field.partition(".")
    rule = a.memory_access.read_rule(memory)
    if rule is None or rule.fields is None or name in rule.fields:
        return []
    return [Finding("high", where, f"input field {field!r} is outside its read whitelist "
                    f"{sorted(rule.fields)}; every run denies it",
                    f"add {name!r} to the whitelist if the agent really needs it, or drop the field")]


def _provided(loaded: LoadedConfig, a: AgentSpec) -> set[str]:
    """The output fields of ``a``'s declared dependencies."""
    cfg = loaded.config
    names = {x.name for x in cfg.agents}
    return {f for d in a.dependencies if d in names for f in cfg.agent(d).output_schema}


def _input_findings(loaded: LoadedConfig, a: AgentSpec, where: str) -> list[Finding]:
    """Inputs no dependency provides, and memory inputs outside the agent's read whitelist."""
    if not a.dependencies:
        return []
    out: list[Finding] = []
    provided = _provided(loaded, a)
    readable = {r.memory for r in a.memory_access.read if isinstance(r, ReadRule)}
    for field in a.input_schema:
        memory, dot, _ = field.partition(".")
        if dot and memory in readable:  # read from memory through the agent's gate, not from a dependency
            out += _whitelist_findings(a, where, field)
        elif field not in provided:
            out.append(Finding("medium", where, f"input field {field!r} is produced by none of its dependencies",
                               "add the producing agent to dependencies or remove the field"))
    return out


def _read_source_findings(a: AgentSpec, where: str, writers: dict[str, set[str]], upstream: set[str]) -> list[Finding]:
    """Memories an agent reads that no agent it depends on writes (the turn's ``long_term`` aside)."""
    if a.memory_scope is MemoryScope.GLOBAL:
        return []
    out: list[Finding] = []
    for rule in a.memory_access.read:
        mem = rule.memory if isinstance(rule, ReadRule) else str(rule)
        if mem != LONG_TERM and not (writers.get(mem, set()) & upstream):
            out.append(Finding("medium", where, f"reads memory {mem!r} that no agent it depends on writes",
                               "add the writing agent to dependencies (or it reads nothing)"))
    return out


def _static_findings(loaded: LoadedConfig) -> list[Finding]:
    cfg = loaded.config
    out: list[Finding] = []
    reached = reachable(loaded)
    writers: dict[str, set[str]] = {}
    for a in cfg.agents:
        for m in a.memory_access.write:
            writers.setdefault(m, set()).add(a.name)
    for a in cfg.agents:
        where = loaded.where(a.name)
        out += _scope_findings(a, where) + _sensitive_findings(a, where)
        if a.name not in reached:
            out.append(Finding("medium", where, "reachable by no dependency path and not an entry point",
                               "add it to entry_points, make another agent depend on it, or remove it"))
        out += _input_findings(loaded, a, where)
        out += _read_source_findings(a, where, writers, _ancestors(loaded, a.name))
        if a.tools and a.fallback is None:
            out.append(Finding("medium", where, f"tools {a.tools} have no fallback: a failure stops this agent",
                               "add fallback: {strategy: retry, backup_tool: ..., max_retries: 2}"))
    return out


def _invocation_findings(loaded: LoadedConfig, last: dict[str, datetime], now: datetime) -> list[Finding]:
    out = []
    for a in loaded.config.agents:
        seen = last.get(a.name)
        if seen is None:
            out.append(Finding("low", loaded.where(a.name), "never invoked (no record in the working-state tier)",
                               "run it (chat or batch) or remove it if it is dead"))
        elif now - seen > timedelta(days=STALE_DAYS):
            out.append(Finding("low", loaded.where(a.name), f"not invoked in the last {STALE_DAYS} days (last {seen:%Y-%m-%d})",
                               "remove it or check why nothing reaches it"))
    return out


def blocking_findings(loaded: LoadedConfig, registry: ToolRegistry = REGISTRY,
                      deployed: int | None = None) -> list[Finding]:
    """What ``batch``/``chat``/``serve`` refuse, as ``blocker`` findings (the same validation; for the chat's
    own file also what its turn would not honour, ``app.deployment.chat_problems``)."""
    from app.deployment import chat_problems, is_chat_declaration

    problems = refusals(loaded, registry) + (chat_problems(loaded) if is_chat_declaration(loaded) else [])
    out = [Finding("blocker", "refused at start-up", problem, "fix this: batch, chat and serve refuse the file until then")
           for problem in problems]
    if deployed is not None and loaded.config.config_version < deployed:
        out.append(Finding("blocker", str(loaded.path),
                           f"config_version {loaded.config.config_version} is older than the deployed version "
                           f"{deployed} of deployment {loaded.config.deployment!r}",
                           f"raise config_version above {deployed}"))
    return out


def audit_file(loaded: LoadedConfig, last_invoked: dict[str, datetime], now: datetime | None = None,
               registry: ToolRegistry = REGISTRY, deployed: int | None = None) -> tuple[int, list[Finding]]:
    """The score (0..100; 0 with any blocker) and the findings of a loaded file."""
    findings = blocking_findings(loaded, registry, deployed) + _static_findings(loaded)
    findings += _invocation_findings(loaded, last_invoked, now or datetime.now(timezone.utc))
    score = max(0, 100 - sum(WEIGHTS[f.severity] for f in findings))
    return score, findings


def render(score: int, findings: list[Finding], path: Path) -> str:
    """The report printed by the command."""
    blockers = sum(f.severity == "blocker" for f in findings)
    verdict = f"FAILS: {blockers} blocking problem(s) (batch, chat and serve refuse this file); " if blockers else ""
    lines = [f"audit of {path}: {verdict}score {score}/100, {len(findings)} finding(s)"]
    for f in sorted(findings, key=lambda f: ORDER[f.severity]):
        lines.append(f"- [{f.severity}] {f.where}: {f.problem}\n    fix: {f.fix}")
    return "\n".join(lines)


def render_diff(old: LoadedConfig, new: LoadedConfig) -> tuple[str, bool]:
    """The ``--diff`` report and whether it holds a blocker (the new file cannot be taken)."""
    changes = diff_configs(old, new)
    problems = refusals(new)
    head = (f"audit --diff {old.path} -> {new.path}: {len(changes)} change(s), config_version "
            f"{old.config.config_version} -> {new.config.config_version}")
    lines = [head] + [f"- [blocker] {new.path}: {p}" for p in problems]
    lines += [f"- [{c.severity}] {'file' if c.where == 'file' else f'agent {c.where!r}'}: {c.what}" for c in changes]
    if not changes and not problems:
        lines.append("no change that affects the agents")
    return "\n".join(lines), bool(problems) or any(c.severity == "blocker" for c in changes)


async def audit(args: argparse.Namespace) -> int:
    """The ``audit`` command."""
    if args.diff is not None:
        report, blocked = render_diff(load_agents_file(args.diff[0]), load_agents_file(args.diff[1]))
        print(report)
        return 1 if blocked else 0
    from agents.declarative.deployments import deployed_version, last_invocations
    from app.composition import open_working
    from app.settings import load_settings

    loaded = load_agents_file(args.agents)
    working, _, closers = await open_working(load_settings())
    try:
        last = await last_invocations(working, loaded.config.deployment)
        deployed, _ = await deployed_version(working, loaded.config.deployment)
    finally:
        for close in closers:
            await close()
    score, findings = audit_file(loaded, last, deployed=deployed)
    print(render(score, findings, args.agents))
    if any(f.severity == "blocker" for f in findings):
        return 1
    if score < args.min_score:
        print(f"score {score} is below the minimum {args.min_score}", file=sys.stderr)
        return 1
    return 0
